// Writes a brotli (.br) and a gzip (.gz) copy beside each text or WebAssembly file of dist/, for
// the server to send to browsers that accept them (tools/serve, as a static host would), and
// prints each file's size raw, gzipped and brotli'd. Copies that would not be smaller are not
// written; stale copies from an earlier build are removed first.
//   node scripts/compress.mjs [DIR]   (default dist)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dir = path.resolve(process.argv[2] || 'dist');
const TEXT = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt']);
const COMPRESSIBLE = new Set([...TEXT, '.wasm']);

const files = fs.readdirSync(dir, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile())
  .map((e) => path.join(e.parentPath ?? e.path, e.name))
  .filter((f) => !f.split(path.sep).includes('.stage'));
for (const f of files) {
  if (f.endsWith('.br') || f.endsWith('.gz')) fs.rmSync(f);
}

const rows = [];
for (const file of files.filter((f) => COMPRESSIBLE.has(path.extname(f)))) {
  const raw = fs.readFileSync(file);
  const br = zlib.brotliCompressSync(raw, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_MODE]: TEXT.has(path.extname(file))
        ? zlib.constants.BROTLI_MODE_TEXT : zlib.constants.BROTLI_MODE_GENERIC,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
  const gz = zlib.gzipSync(raw, { level: zlib.constants.Z_BEST_COMPRESSION });
  if (br.length < raw.length) fs.writeFileSync(`${file}.br`, br);
  if (gz.length < raw.length) fs.writeFileSync(`${file}.gz`, gz);
  rows.push([path.relative(dir, file), raw.length, gz.length, br.length]);
}
const kb = (n) => (n / 1024).toFixed(1).padStart(9);
console.log(`${'file'.padEnd(24)}${'raw KB'.padStart(9)}${'gzip KB'.padStart(9)}${'br KB'.padStart(9)}`);
for (const [name, raw, gz, br] of rows.sort((a, b) => b[1] - a[1])) {
  console.log(`${name.padEnd(24)}${kb(raw)}${kb(gz)}${kb(br)}`);
}
