// A Trunk post_build hook (Trunk.toml): writes each file's size as built into the loading
// screen of index.html (`data-sizes` of #loading), so that www/boot.js can show a download's
// share received: its reader counts the bytes as decoded, whatever the encoding on the wire.
//   run by `trunk build`, in its staging directory (TRUNK_STAGING_DIR)
import fs from 'node:fs';
import path from 'node:path';

const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) throw new Error('boot-sizes.mjs runs as a Trunk hook (TRUNK_STAGING_DIR is not set)');
const FILES = ['worker_bg.wasm', 'battle_bg.wasm', 'bosworth-www_bg.wasm'];
const sizes = Object.fromEntries(FILES.map((f) => [f, fs.statSync(path.join(dir, f)).size]));
const index = path.join(dir, 'index.html');
const html = fs.readFileSync(index, 'utf8');
const marker = 'id="loading" class="boot" role="status" aria-live="polite" data-sizes=""';
if (!html.includes(marker)) throw new Error('boot-sizes.mjs: #loading with an empty data-sizes is not in index.html');
fs.writeFileSync(index, html.replace(marker, marker.replace('data-sizes=""', `data-sizes='${JSON.stringify(sizes)}'`)));
console.log(`boot-sizes: ${JSON.stringify(sizes)}`);
