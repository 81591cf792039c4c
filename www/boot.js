// Starts the app. Kept as a file (not an inline script) so the page's CSP needs no 'unsafe-inline'.
//
// The first visit (issue 35): on the battle calculator's page, the engine's worker (worker.js and
// worker_bg.wasm, a fifth of the page's bytes) is fetched first, before the app's wasm, and started
// at once; as soon as it has loaded it works out the battle the page opens with (the address's,
// else the one kept, else the default) and the loading screen shows its figures while the app's
// wasm still downloads. The app then takes that worker over (`bosworthBoot.take`, read by
// `RawWorker::spawn` in www/src/shell/worker.rs), already loaded. Both downloads show their
// progress on the loading screen: the share of the bytes received, of the size on the wire.
//
// The battle calculator's page boots the battle alone (battle.js, battle_bg.wasm: the
// battle-only app of www/src/bin/battle.rs); the full app (bosworth-www.js, with the map, the
// Campaign Reset and Kingmaker) is fetched when one of them is first opened
// (`bosworthBoot.full`, asked by www/src/shell/takeover.rs) and takes the page over. Another
// calculator's page boots the full app at once.

const loading = document.getElementById('loading');

// The app's stylesheet sits at the end of the body so that the loading screen paints without
// waiting for it (index.html); into the head with it, since the app, mounting on the body,
// clears the body.
for (const sheet of document.querySelectorAll('body > link[rel="stylesheet"]')) document.head.append(sheet);

// Each file's size as built (scripts/boot-sizes.mjs writes them into index.html): a reader counts
// the bytes as decoded, whatever the encoding on the wire.
const built = (() => {
  try { return JSON.parse(loading?.dataset.sizes || '{}'); } catch (_) { return {}; }
})();

/** The downloads shown: file name, its bytes read and its size as built (when known). */
const downloads = new Map();

/** Writes the downloads' progress on the loading screen: the share of their bytes received. */
function showProgress() {
  if (document.getElementById('boot-more')) showFullProgress();
  const bar = document.getElementById('boot-progress');
  const text = document.getElementById('boot-bytes');
  if (!bar || !text) return;
  let got = 0; let total = 0; let known = true;
  for (const d of downloads.values()) {
    got += d.total ? Math.min(d.got, d.total) : d.got;
    total += d.total;
    if (!d.total) known = false;
  }
  bar.hidden = false;
  text.hidden = false;
  text.dataset.received = String(got);
  if (known && total > 0) {
    bar.max = total;
    bar.value = got;
    text.dataset.total = String(total);
    text.textContent = got >= total
      ? `Downloaded ${mb(total)}: starting…`
      : `Downloading: ${Math.floor((100 * got) / total)}% (${(got / 1e6).toFixed(2)} of ${mb(total)})`;
  } else {
    bar.removeAttribute('value');
    text.textContent = `Downloading: ${mb(got)} received`;
  }
}

/** Bytes as MB with two decimals. */
function mb(bytes) {
  return `${(bytes / 1e6).toFixed(2)} MB`;
}

/** `file` counted in the progress from now on, before its request is made. */
function expect(file) {
  if (!downloads.has(file)) {
    const d = { got: 0, total: built[file] || 0 };
    d.read = new Promise((resolve) => { d.finish = resolve; });
    downloads.set(file, d);
  }
  return downloads.get(file);
}

/**
 * `file` fetched, its body counted into the loading screen's progress as it is read: a Response
 * with the same bytes, typed as wasm when it is (so the browser still compiles it as it streams).
 */
async function counted(file) {
  const d = expect(file);
  const response = await fetch(`./${file}`).catch((err) => { d.finish(); throw err; });
  if (!response.ok || !response.body) {
    d.finish();
    return response;
  }
  // Without its size as built, the length sent is it when the file is sent as it is.
  if (!d.total && !response.headers.get('content-encoding')) d.total = Number(response.headers.get('content-length')) || 0;
  showProgress();
  const reader = response.body.getReader();
  const body = new ReadableStream({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        d.finish();
        controller.close();
        return;
      }
      d.got += value.byteLength;
      showProgress();
      controller.enqueue(value);
    },
    cancel(reason) { d.finish(); return reader.cancel(reason); },
  });
  const type = response.headers.get('content-type') || '';
  return new Response(body, { status: response.status, headers: { 'content-type': type } });
}

// ---- The engine's worker, started with the page ----------------------------------------------

/** The battle the page opens with, as scenario JSON (as `initial_state` in
 *  www/src/battle/app.rs reads it), or null when the address's cannot be read. */
function openingBattle() {
  const parts = location.hash.replace(/^#/, '').split('&');
  const s = parts.find((p) => p.startsWith('s='));
  if (s) {
    try {
      const b64 = s.slice(2).replace(/-/g, '+').replace(/_/g, '/');
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch (_) {
      return null; // the app says why the link cannot be opened
    }
  }
  try {
    const kept = localStorage.getItem('bosworth.scenario');
    if (kept) return kept;
  } catch (_) { /* storage refused: the default */ }
  return DEFAULT_BATTLE;
}

// The default battle of a new visitor: `PRESETS[0]` of www/src/battle/presets.rs (e2e/firstvisit
// checks that this page shows the app's own figures for it).
const DEFAULT_BATTLE = '{"version":1,"area":"East Anglia","king":"Lancaster","dead":["Somerset"],'
  + '"attacker":{"house":"Lancaster","blocks":[{"id":"Oxford","strength":3},{"id":"Wiltshire","strength":2,"reserve":true}],"retreat_capacity":4},'
  + '"defender":{"house":"York","blocks":[{"id":"Norfolk","strength":4},{"id":"Suffolk","strength":3}]}}';

// The worker's messages are gloo-worker's, in bincode (as www/src/shell/worker.rs writes them):
// little-endian, a variant as u32, usize and u64 as u64, a string as its length (u64) and UTF-8.
const BOOT_HANDLER = 1; // the app speaks as handler 0
const BOOT_JOB = 0xffffffff; // a revision the app never reaches
// Smaller than the app's budget (BROWSER_STATE_BUDGET): a large battle gives up at once and is left
// to the app; one solved within it has the same figures to the bit.
const BOOT_BUDGET = 250000;

/** Bincode writer. */
class Writer {
  constructor() { this.bytes = []; }
  u32(n) { for (let i = 0; i < 4; i++) this.bytes.push((n >>> (8 * i)) & 0xff); return this; }
  u64(n) { this.u32(n % 0x100000000); return this.u32(Math.floor(n / 0x100000000)); }
  str(s) { const b = new TextEncoder().encode(s); this.u64(b.length); this.bytes.push(...b); return this; }
  done() { return new Uint8Array(this.bytes); }
}

/** Bincode reader. */
class Reader {
  constructor(bytes) { this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength); this.at = 0; this.bytes = bytes; }
  u32() { const n = this.view.getUint32(this.at, true); this.at += 4; return n; }
  u64() { const lo = this.u32(); return lo + this.u32() * 0x100000000; }
  str() { const n = this.u64(); const s = new TextDecoder().decode(this.bytes.subarray(this.at, this.at + n)); this.at += n; return s; }
}

/** A probability as the app writes it (`shell::format::pct`: Rust's `{:.1}`, ties to even). */
function pct(p) {
  const x = p * 100;
  // A tie at one decimal is x.x5 exactly, which a binary fraction can only be as a quarter.
  if (Number.isInteger(x * 4) && !Number.isInteger(x * 2)) {
    const low = Math.floor(x * 10);
    return `${((low % 2 === 0 ? low : low + 1) / 10).toFixed(1)}%`;
  }
  return `${x.toFixed(1)}%`;
}

/** The figures of `scenario` (JSON) from the engine, shown on the loading screen. */
function showFigures(scenario, report) {
  const box = document.getElementById('boot-figure');
  if (!box || !document.getElementById('loading')) return;
  let s;
  try { s = JSON.parse(scenario); } catch (_) { return; }
  const area = s.area || 'the area';
  const rows = [
    [`${s.attacker.house} holds ${area}`, report.attacker_holds, 'attacker'],
    [`${s.defender.house} holds ${area}`, report.defender_holds, 'defender'],
    [`${area} left vacant`, report.vacant, 'vacant'],
  ];
  box.replaceChildren(...rows.map(([label, p, who]) => {
    const row = document.createElement('p');
    row.className = 'boot-odd';
    const num = document.createElement('b');
    num.textContent = pct(p);
    num.dataset.testid = `boot-${who}`;
    row.append(num, ` ${label}`);
    return row;
  }));
  const note = document.createElement('p');
  note.className = 'boot-note';
  note.textContent = 'Worked out while the rest of the calculator loads.';
  box.append(note);
  box.hidden = false;
}

/** The engine's worker started now, from its script and its wasm fetched by this page. */
function startEngine(scenario) {
  const script = fetch('./worker.js').then((r) => (r.ok ? r.text() : Promise.reject(new Error(`worker.js: ${r.status}`))));
  const module = WebAssembly.compileStreaming(counted('worker_bg.wasm'));
  const booted = { worker: null, loaded: false, taken: false };
  // Its wasm read to the end (or failed), not yet compiled.
  const arrived = expect('worker_bg.wasm').read;
  module.catch(() => expect('worker_bg.wasm').finish());
  Promise.all([script, module]).then(([text, compiled]) => {
    if (booted.taken) return;
    // The worker's own loader, then its wasm from the module compiled here (a worker started
    // from a blob, as RawWorker::spawn starts one: the CSP allows blob: workers).
    const code = `${text}\nself.onmessage = (e) => { self.onmessage = null; wasm_bindgen({ module_or_path: e.data }); };`;
    const url = URL.createObjectURL(new Blob([code], { type: 'application/javascript' }));
    const worker = new Worker(url);
    booted.worker = worker;
    const listen = (e) => {
      const r = new Reader(new Uint8Array(e.data));
      if (r.u32() === 0) { // WorkerLoaded
        booted.loaded = true;
        URL.revokeObjectURL(url);
        if (scenario) {
          worker.postMessage(new Writer().u32(0).u64(BOOT_HANDLER).done()); // Connected
          worker.postMessage(new Writer().u32(1).u64(BOOT_HANDLER) // ProcessInput
            .u32(0).u64(BOOT_JOB).str(scenario).u64(BOOT_BUDGET).done()); // Request::Solve
        }
        return;
      }
      if (r.u64() !== BOOT_HANDLER) return;
      if (r.u32() === 8 && r.u64() === BOOT_JOB) { // Reply::Done
        const report = r.str();
        // For the app, which shows them at once (shell::solved::keep_boot_answer).
        booted.solved = { scenario, report };
        try { showFigures(scenario, JSON.parse(report)); } catch (_) { /* the app shows them */ }
      }
    };
    booted.listen = listen;
    worker.addEventListener('message', listen);
    worker.postMessage(compiled);
  }).catch((err) => console.warn('the engine could not start early; the app starts its own', err));
  return { booted, arrived };
}

/** What each calculator the battle-only app leaves to the full app is called while it comes. */
const FULL_NAMES = { b: 'the map', r: 'the Campaign Reset', k: 'Kingmaker' };

/** The full app's download, once asked for. */
let fullApp = null;

/**
 * The full app fetched and started, to show the calculator of key `key` (`switched`: through the
 * switch's link, else the address names it): asked by the battle-only app, which it ends as it
 * starts (www/src/shell/takeover.rs). The battle stays on screen meanwhile, with a note of the
 * download's progress.
 */
function full(key, switched) {
  window.bosworthBoot.pending = { key, switched: Boolean(switched) };
  showFullProgress();
  if (fullApp) return;
  fullApp = import('./bosworth-www.js')
    .then((m) => m.default({ module_or_path: counted('bosworth-www_bg.wasm') }))
    .catch((err) => {
      // The battle stays usable; the note says why the other calculator did not come.
      const note = document.getElementById('boot-more');
      const name = FULL_NAMES[key] || 'the calculator';
      if (note) note.textContent = `${name[0].toUpperCase()}${name.slice(1)} could not be loaded (${err}): reload the page to try again.`;
      console.error(err);
    });
}

/** The note of the full app's download (`#boot-more`, the app's style.css), kept up to date. */
function showFullProgress() {
  const key = window.bosworthBoot.pending?.key;
  let note = document.getElementById('boot-more');
  if (!note) {
    note = document.createElement('p');
    note.id = 'boot-more';
    note.className = 'boot-more';
    note.setAttribute('role', 'status');
    note.dataset.testid = 'boot-more';
    document.body.append(note);
  }
  const d = downloads.get('bosworth-www_bg.wasm');
  const share = d && d.total ? Math.min(100, Math.floor((100 * d.got) / d.total)) : 0;
  note.textContent = `Loading ${FULL_NAMES[key] || 'the calculator'}: ${share}%`;
}

/** What the app takes over (see RawWorker::spawn): the engine's worker, once, with whether it
 *  has loaded; its later replies to this page (handler 1) the app leaves aside. */
function handover(booted) {
  return {
    full,
    /** The loading screen's answer, `{ scenario, report }` as JSON texts, once it has come. */
    get solved() { return booted.solved; },
    take(path) {
      if (path !== 'worker.js' || booted.taken || !booted.worker) return undefined;
      booted.taken = true;
      return { worker: booted.worker, loaded: booted.loaded };
    },
  };
}

// The engine's files are preloaded by index.html whichever calculator the address opens; on
// another calculator's page its worker waits for the battle's (the map opens plans there). A
// calculator's key alone (`#b`) opens it too (bosworth_link::Fragment::bare).
const battle = !/(^|[#&])(r|k|b)(=|&|$)/.test(location.hash);
const scenario = battle ? openingBattle() : null;
// The battle's page boots the battle-only app; another's the full app.
const [appJs, appWasmFile] = battle ? ['./battle.js', 'battle_bg.wasm'] : ['./bosworth-www.js', 'bosworth-www_bg.wasm'];
expect('worker_bg.wasm');
expect(appWasmFile);
showProgress();
const { booted, arrived } = startEngine(scenario);
window.bosworthBoot = handover(booted);
// On the battle's page the app's wasm comes after the engine's: on a slow link the two would
// share it, and the first figure would wait for both.
const appWasm = battle ? arrived.then(() => counted(appWasmFile)) : counted(appWasmFile);

/** Says on the page that the calculator could not start, with why. */
function failed(err) {
  // The loading indicator of index.html (the app removes it when it mounts) would say
  // "Loading" for ever.
  const el0 = document.getElementById('loading');
  if (el0) el0.remove();
  const el = document.getElementById('panic');
  if (el) {
    el.textContent = 'The calculator could not start: ' + err;
    el.className = 'panic shown';
  }
  console.error(err);
}

import(appJs).then((m) => m.default({ module_or_path: appWasm })).catch(failed);

// The panic banner's Copy button (see install_panic_hook): plain JavaScript, since the
// WebAssembly may be unusable after a panic.
document.addEventListener('click', (event) => {
  const button = event.target.closest && event.target.closest('#panic-copy');
  if (!button) return;
  const report = document.getElementById('panic-report');
  if (!report) return;
  const done = () => { button.textContent = 'Copied'; };
  const fallback = () => { report.select(); try { document.execCommand('copy'); done(); } catch (_) { /* selected: copy by hand */ } };
  if (navigator.clipboard && navigator.clipboard.writeText) {
    navigator.clipboard.writeText(report.value).then(done, fallback);
  } else {
    fallback();
  }
});
