// What a WebAssembly file holds, by crate and module: the size of each function's body (from the
// code section) grouped by the path of its name (the "name" section, which the unoptimised build
// in target/ keeps), the data segments, and the other sections. A small stand-in for twiggy.
//   node scripts/wasm-sizes.mjs FILE.wasm [DEPTH] [TOP]   (DEPTH: path segments to group by, 2)
import fs from 'node:fs';

const [file, depthArg, topArg] = process.argv.slice(2);
if (!file) { console.error('usage: node scripts/wasm-sizes.mjs FILE.wasm [DEPTH] [TOP]'); process.exit(2); }
const depth = Number(depthArg || 2);
const top = Number(topArg || 40);
const buf = fs.readFileSync(file);

let pos = 8;
const leb = () => {
  let result = 0; let shift = 0; let byte;
  do { byte = buf[pos++]; result += (byte & 0x7f) * 2 ** shift; shift += 7; } while (byte & 0x80);
  return result;
};
const sections = [];
let imports = 0;
const bodies = [];
const names = new Map();
while (pos < buf.length) {
  const id = buf[pos++];
  const size = leb();
  const start = pos;
  let label = ['custom', 'type', 'import', 'function', 'table', 'memory', 'global', 'export', 'start', 'element', 'code', 'data', 'datacount'][id];
  if (id === 0) {
    const n = leb();
    const name = buf.toString('utf8', pos, pos + n);
    pos += n;
    label = `custom "${name}"`;
    if (name === 'name') {
      while (pos < start + size) {
        const sub = buf[pos++];
        const subSize = leb();
        const subEnd = pos + subSize;
        if (sub === 1) {
          const count = leb();
          for (let i = 0; i < count; i++) {
            const index = leb();
            const len = leb();
            names.set(index, buf.toString('utf8', pos, pos + len));
            pos += len;
          }
        }
        pos = subEnd;
      }
    }
  } else if (id === 2) {
    const count = leb();
    for (let i = 0; i < count; i++) {
      for (let k = 0; k < 2; k++) { const n = leb(); pos += n; }
      const kind = buf[pos++];
      if (kind === 0) { imports++; leb(); } else if (kind === 1) { pos++; const f = buf[pos++]; leb(); if (f & 1) leb(); } else if (kind === 2) { const f = buf[pos++]; leb(); if (f & 1) leb(); } else if (kind === 3) { pos += 2; }
    }
  } else if (id === 10) {
    const count = leb();
    for (let i = 0; i < count; i++) {
      const len = leb();
      bodies.push([imports + i, len]);
      pos += len;
    }
  }
  sections.push([label, size]);
  pos = start + size;
}

// Rust's legacy mangling (_ZN...E) decoded to a path, then the path of what the function belongs
// to: the type of an `impl`, the type dropped by `drop_in_place`, else the path itself.
const ESCAPES = { LT: '<', GT: '>', u20: ' ', RF: '&', C: ',', BP: '*', u7b: '{', u7d: '}', LP: '(', RP: ')', u2b: '+', u3d: '=', u27: "'", u5b: '[', u5d: ']', u3b: ';', u21: '!', SP: '@' };
function demangle(name) {
  if (!name.startsWith('_ZN')) return name;
  const parts = []; let i = 3;
  while (i < name.length && name[i] !== 'E') {
    let n = 0; while (/[0-9]/.test(name[i])) n = n * 10 + Number(name[i++]);
    parts.push(name.slice(i, i + n)); i += n;
  }
  return parts.filter((p) => !/^h[0-9a-f]{16}$/.test(p))
    .map((p) => p.replace(/^_\$/, '$').replace(/\$([A-Za-z0-9]+)\$/g, (m, k) => ESCAPES[k] ?? m).replace(/\.\./g, '::'))
    .join('::');
}
function owner(text) {
  let t = text.trim().replace(/^(&mut |&|\*const |\*mut |dyn )+/, '');
  const drop = t.match(/^core::ptr::drop_in_place<(.*)>$/s);
  if (drop) return owner(drop[1]);
  if (t.startsWith('<')) {
    // Up to the matching '>': "<impl A for B>" or "<A as B>".
    let depth = 0; let end = 0;
    for (; end < t.length; end++) { if (t[end] === '<') depth++; else if (t[end] === '>' && --depth === 0) break; }
    const inner = t.slice(1, end);
    const impl = inner.match(/^impl(?:<.*?>)? .* for (.*)$/s);
    if (impl) return owner(impl[1]);
    const as = inner.split(' as ');
    const first = owner(as[0]);
    return first.length > 1 || as.length === 1 ? first : owner(as.slice(1).join(' as '));
  }
  return t.split('<')[0].split('::').filter(Boolean);
}
const path = (name) => (name ? owner(demangle(name)) : ['?']);

// GREP=regex: the total and the largest functions whose decoded name matches.
if (process.env.GREP) {
  const re = new RegExp(process.env.GREP);
  const hits = bodies.map(([i, len]) => [demangle(names.get(i) || '?'), len]).filter(([n]) => re.test(n)).sort((a, b) => b[1] - a[1]);
  console.log(`${hits.length} functions, ${(hits.reduce((t, [, l]) => t + l, 0) / 1024).toFixed(1)} KB match ${re}`);
  for (const [n, l] of hits.slice(0, top)) console.log(`${(l / 1024).toFixed(1).padStart(8)} KB  ${n.slice(0, 200)}`);
  process.exit(0);
}
const groups = new Map();
let code = 0;
for (const [index, len] of bodies) {
  const key = path(names.get(index)).slice(0, depth).join('::');
  groups.set(key, (groups.get(key) || 0) + len);
  code += len;
}
const kb = (n) => (n / 1024).toFixed(1).padStart(8);
console.log(`${file}: ${kb(buf.length)} KB; ${bodies.length} functions, ${names.size} named`);
console.log('\nsections:');
for (const [label, size] of sections.sort((a, b) => b[1] - a[1])) console.log(`${kb(size)} KB  ${label}`);
console.log(`\nfunction bodies by path (depth ${depth}), of ${kb(code).trim()} KB:`);
for (const [key, size] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(`${kb(size)} KB ${(100 * size / code).toFixed(1).padStart(5)}%  ${key}`);
}
