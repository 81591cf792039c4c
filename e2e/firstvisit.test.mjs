// The first visit (issue 26, part 1): the loading indicator is in the served page before any
// script runs, the project's server (tools/serve, as scripts/serve runs it) sends each asset
// compressed when asked and as it is otherwise, with the headers a static host sends, and the
// page loads and computes the default battle without a console warning or error. Issue 35: the
// loading screen counts the bytes of its downloads, and shows the battle's figures, worked out by
// the engine's worker while the app's wasm is still on the way, the same as the app's; the app
// takes that worker over. The battle calculator's page boots the battle alone (battle_bg.wasm); the
// full app (bosworth-www_bg.wasm: the map, the Campaign Reset, Kingmaker) is fetched only when one
// of them is first opened, and takes the page over keeping the battle, the theme and the history.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import {
  DIST, SHOTS, SIDEBAR, b64url, browser, cliExact, guardedPage, headlineOf, projectServer, revisedFrom, revisionOf, settled,
} from './lib.mjs';

let server;
before(async () => {
  assert.ok(fs.existsSync(path.join(DIST, 'index.html')), 'dist/ is missing: run scripts/serve --build-only first');
  fs.mkdirSync(SHOTS, { recursive: true });
  server = await projectServer();
});
after(async () => { await server.close(); });

/** A raw GET (or HEAD) on the project's server: { status, headers, body } with the body as sent. */
function get(file, headers = {}, method = 'GET') {
  return new Promise((resolve, reject) => {
    // The path as written (a URL object would resolve `..` and `%2e%2e` before sending).
    const { hostname, port } = new URL(server.url);
    const req = http.request({ hostname, port, path: file, method, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

// What the page loads (before its first figure, and the full app after), and the type each is
// served with.
const ASSETS = {
  'index.html': 'text/html; charset=utf-8',
  'style.css': 'text/css; charset=utf-8',
  'boot.js': 'text/javascript; charset=utf-8',
  'battle.js': 'text/javascript; charset=utf-8',
  'battle_bg.wasm': 'application/wasm',
  'bosworth-www.js': 'text/javascript; charset=utf-8',
  'bosworth-www_bg.wasm': 'application/wasm',
  'worker.js': 'text/javascript; charset=utf-8',
  'worker_bg.wasm': 'application/wasm',
};

test('each asset comes brotli or gzip compressed when asked, and as it is otherwise', async () => {
  for (const [file, type] of Object.entries(ASSETS)) {
    const raw = fs.readFileSync(path.join(DIST, file));
    const cases = [
      ['gzip, deflate, br, zstd', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
      ['br;q=0, gzip', 'gzip', zlib.gunzipSync],
      [undefined, undefined, (b) => b],
      ['identity', undefined, (b) => b],
    ];
    for (const [accept, encoding, decode] of cases) {
      const res = await get(`/${file}`, accept ? { 'accept-encoding': accept } : {});
      const what = `${file} with Accept-Encoding ${accept}`;
      assert.equal(res.status, 200, what);
      assert.equal(res.headers['content-encoding'], encoding, what);
      assert.equal(res.headers['content-type'], type, what);
      assert.equal(res.headers.vary, 'Accept-Encoding', what);
      assert.equal(Number(res.headers['content-length']), res.body.length, `${what}: Content-Length is the length sent`);
      assert.ok(decode(res.body).equals(raw), `${what}: the body decodes to the built file`);
      if (encoding) assert.ok(res.body.length < raw.length, `${what}: compressed is smaller`);
      // dist/'s names carry no content hash (Trunk.toml's filehash = false): every file is
      // revalidated, which its ETag makes a bodiless 304.
      assert.equal(res.headers['cache-control'], 'no-cache', what);
      const again = await get(`/${file}`, { 'accept-encoding': accept ?? '', 'if-none-match': res.headers.etag });
      assert.equal(again.status, 304, `${what}: a repeat visit revalidates`);
      assert.equal(again.body.length, 0);
    }
  }
  const head = await get('/bosworth-www_bg.wasm', { 'accept-encoding': 'br' }, 'HEAD');
  assert.equal(head.status, 200);
  assert.equal(head.body.length, 0);
  assert.equal(Number(head.headers['content-length']), fs.statSync(path.join(DIST, 'bosworth-www_bg.wasm.br')).size);
  assert.equal((await get('/no-such-file.js')).status, 404);
  assert.equal((await get('/../Cargo.toml')).status, 400, 'nothing outside dist/');
  assert.equal((await get('/%2e%2e/Cargo.toml')).status, 400, 'nothing outside dist/');
  assert.equal((await get('/', {}, 'POST')).status, 405);
  const index = await get('/');
  assert.ok(index.body.equals(fs.readFileSync(path.join(DIST, 'index.html'))), '/ is index.html');
});

test('the loading indicator is in the served page, before any script, and the app replaces it', async () => {
  const html = (await get('/')).body.toString('utf8');
  const loading = html.indexOf('id="loading"');
  assert.ok(loading > 0, 'the served page has #loading');
  assert.ok(loading < html.indexOf('</body>'));
  assert.match(html, /<div id="loading"[^>]*role="status"[^>]*aria-live="polite"/);
  assert.match(html.slice(loading), /Loading the calculator…/);

  // With scripts off, the first paint shows it: it needs no script to appear.
  const still = await browser();
  try {
    const page = await still.newPage();
    await page.route('**/*.{js,wasm}', (route) => route.abort());
    await page.goto(server.url);
    assert.equal(await page.getByRole('status').filter({ hasText: 'Loading the calculator…' }).isVisible(), true);
  } finally {
    await still.close();
  }

  // The page while its wasm is on the way, in both themes and on a phone; the wasm is held
  // until the screenshots are taken, then the app mounts and the indicator goes.
  for (const [scheme, viewport, name] of [
    ['light', { width: 1366, height: 900 }, 'desktop-light'], ['dark', { width: 1366, height: 900 }, 'desktop-dark'],
    ['light', { width: 390, height: 844 }, 'phone-light'], ['dark', { width: 390, height: 844 }, 'phone-dark'],
  ]) {
    const context = await browser();
    try {
      const { page, problems } = await guardedPage(context);
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize(viewport);
      let release;
      const held = new Promise((r) => { release = r; });
      let asked;
      const wasmAsked = new Promise((r) => { asked = r; });
      await page.route('**/battle_bg.wasm', async (route) => { asked(); await held; await route.continue(); });
      await page.goto(server.url);
      await wasmAsked;
      const status = page.locator('#loading');
      assert.equal(await status.isVisible(), true, `${name}: the indicator shows while the wasm loads`);
      // The engine's worker works out the default battle while the app's wasm is held.
      const early = await bootFigures(page);
      const colours = await status.evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]);
      assert.deepEqual(colours, scheme === 'dark' ? ['rgb(21, 18, 14)', 'rgb(238, 229, 211)'] : ['rgb(244, 239, 228)', 'rgb(42, 33, 24)'],
        `${name}: the theme's background and ink`);
      await page.screenshot({ path: path.join(SHOTS, `loading-${name}.png`) });
      release();
      assert.deepEqual(early, await settled(page), `${name}: the loading screen's figures are the app's`);
      assert.equal(await page.locator('#loading').count(), 0, `${name}: the app removed the indicator`);
      assert.deepEqual(problems, [], `${name}: no console error and no request beyond 127.0.0.1`);
    } finally {
      await context.close();
    }
  }
});

/** The loading screen's figures, once the engine's worker has given them. */
async function bootFigures(page) {
  await page.waitForSelector('[data-testid="boot-figure"]:not([hidden])');
  const text = (who) => page.textContent(`[data-testid="boot-${who}"]`);
  return { attacker: await text('attacker'), defender: await text('defender'), vacant: await text('vacant') };
}

test('the loading screen counts its bytes and shows a link\'s figures before the app, which shows them at once and takes its worker over', async () => {
  // The rulebook's 6.2 sidebar as a link, not the default battle.
  const link = `${server.url}#s=${b64url(JSON.stringify(SIDEBAR))}`;
  const context = await browser();
  try {
    const { page, problems } = await guardedPage(context);
    // The engine's files, each time they are asked for (by the page or a worker).
    const engine = [];
    context.on('request', (r) => {
      const file = new URL(r.url()).pathname;
      if (['/worker.js', '/worker_bg.wasm'].includes(file)) engine.push(file);
    });
    let release;
    const held = new Promise((r) => { release = r; });
    await page.route('**/battle_bg.wasm', async (route) => { await held; await route.continue(); });
    await page.goto(link);
    const early = await bootFigures(page);
    // What was read: all of the engine's wasm and nothing yet of the app's, of both as built.
    const size = (f) => fs.statSync(path.join(DIST, f)).size;
    const bytes = page.getByTestId('boot-bytes');
    assert.equal(Number(await bytes.getAttribute('data-received')), size('worker_bg.wasm'));
    assert.equal(Number(await bytes.getAttribute('data-total')), size('worker_bg.wasm') + size('battle_bg.wasm'));
    assert.match(await bytes.textContent(), /^Downloading: \d+% \(0\.\d\d of \d\.\d\d MB\)$/);
    assert.equal(await page.locator('#boot-progress').evaluate((el) => el.value), size('worker_bg.wasm'));
    release();
    const figures = await settled(page);
    assert.deepEqual(early, headlineOf(cliExact(SIDEBAR)), 'the engine\'s figures, as `bosworth exact` gives them');
    assert.deepEqual(early, figures, 'the loading screen\'s figures are the app\'s');
    assert.equal(await page.getAttribute('[data-testid="results"]', 'data-source'), 'solved-before', 'not solved again');
    // An edit: solved by the loading screen's worker, which the app took over, starting no other
    // engine worker (the helper worker, best play's, may start: it is another program).
    const rev = await revisionOf(page);
    await page.click('[data-testid="pip-attacker-0-2"]');
    await revisedFrom(page, rev);
    await page.waitForSelector('[data-testid="results"][data-current="true"][data-method="exact"][data-source="solved"]');
    const edited = await settled(page);
    assert.notDeepEqual(edited, figures);
    assert.equal(await page.evaluate(() => window.bosworthBoot.take('worker.js')), undefined, 'taken already');
    assert.deepEqual(engine.sort(), ['/worker.js', '/worker_bg.wasm'], 'one engine worker, the loading screen\'s');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('loading and computing the default battle logs no console warning or error', async () => {
  const context = await browser();
  try {
    const page = await context.newPage();
    const messages = [];
    const keep = (where) => (m) => {
      if (['warning', 'error'].includes(m.type())) messages.push(`${where} ${m.type()}: ${m.text()}`);
    };
    page.on('console', keep('page'));
    page.on('pageerror', (e) => messages.push(`page error: ${e.message}`));
    const workers = [];
    page.on('worker', (w) => { workers.push(w); w.on('console', keep('worker')); });
    const encodings = new Map();
    const seen = (r) => encodings.set(new URL(r.url()).pathname, r.headers()['content-encoding']);
    page.on('response', seen);
    context.on('response', seen);
    await page.goto(server.url);
    await settled(page);
    assert.ok(workers.length >= 1, 'the default battle was computed in a worker');
    assert.deepEqual(messages, [], 'no console warning or error');
    // Chromium asks for brotli, and the server sends it.
    assert.equal(encodings.get('/battle_bg.wasm'), 'br');
    assert.equal(encodings.get('/worker_bg.wasm'), 'br');
    assert.equal(encodings.has('/bosworth-www_bg.wasm'), false, 'the full app is not fetched for the battle');
  } finally {
    await context.close();
  }
});

/** The apps' wasm files asked for, in order: the battle-only app's and the full app's (not the
 *  workers'). */
function wasmAsked(page) {
  const asked = [];
  page.on('request', (r) => {
    const file = new URL(r.url()).pathname;
    if (['/battle_bg.wasm', '/bosworth-www_bg.wasm'].includes(file)) asked.push(file);
  });
  return asked;
}

test('the battle\'s page carries the battle alone; the map opened from it brings the full app, which takes the page over keeping the battle and the theme', async () => {
  const link = `${server.url}#s=${b64url(JSON.stringify(SIDEBAR))}`;
  for (const [scheme, viewport, name] of [
    ['light', { width: 1366, height: 900 }, 'desktop-light'], ['dark', { width: 390, height: 844 }, 'phone-dark'],
  ]) {
    const context = await browser();
    try {
      const { page, problems } = await guardedPage(context);
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize(viewport);
      const asked = wasmAsked(page);
      let release;
      const held = new Promise((r) => { release = r; });
      await page.route('**/bosworth-www_bg.wasm', async (route) => { await held; await route.continue(); });
      await page.goto(link);
      const figures = await settled(page);
      const battleAddress = await page.evaluate(() => location.hash);
      assert.deepEqual(asked, ['/battle_bg.wasm'], `${name}: the battle's page fetches the battle-only app`);
      // The theme chosen on the battle's page (the opposite of the system's), kept after.
      await page.click('[data-testid="theme-toggle"]');
      const theme = scheme === 'dark' ? 'light' : 'dark';
      await page.waitForSelector(`html[data-theme="${theme}"]`);
      // The switch's links to the calculators it does not carry open them with their last
      // scenario (a key alone).
      assert.equal(await page.getAttribute('[data-testid="calc-board"]', 'href'), '#b');
      await page.click('[data-testid="calc-board"]');
      // The battle stays on screen, with a note, while the full app comes.
      const note = page.getByTestId('boot-more');
      assert.match(await note.textContent(), /^Loading the map: \d+%$/);
      assert.deepEqual(await settled(page), figures, `${name}: the battle still shows`);
      await page.screenshot({ path: path.join(SHOTS, `takeover-${name}.png`) });
      // No frame without a calculator on screen from here to the map.
      await page.evaluate(() => {
        window.blankFrames = 0;
        const frame = () => {
          if (!document.querySelector('main')) window.blankFrames += 1;
          if (!document.querySelector('[data-testid="map"]')) requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      });
      release();
      await page.waitForSelector('[data-testid="map"]');
      assert.equal(await page.evaluate(() => window.blankFrames), 0, `${name}: never a blank page`);
      assert.deepEqual(asked, ['/battle_bg.wasm', '/bosworth-www_bg.wasm']);
      assert.equal(await note.count(), 0, 'the note went with the battle-only app');
      assert.equal(await page.getAttribute('[data-testid="calc-board"]', 'aria-current'), 'page');
      assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'calc-board', 'focus on the switch, as after a switch');
      assert.match(await page.evaluate(() => location.hash), /^#b=/, 'the map\'s board in the address');
      assert.equal(await page.getAttribute('html', 'data-theme'), theme, `${name}: the theme kept`);
      await page.screenshot({ path: path.join(SHOTS, `takeover-map-${name}.png`) });
      // Back: the battle as it was, from the full app, which now opens every calculator itself.
      await page.goBack();
      assert.deepEqual(await settled(page), figures);
      assert.equal(await page.evaluate(() => location.hash), battleAddress);
      await page.click('[data-testid="calc-kingmaker"]');
      await page.waitForSelector('[data-testid="calc-kingmaker"][aria-current="page"]');
      assert.deepEqual(asked, ['/battle_bg.wasm', '/bosworth-www_bg.wasm'], 'the full app fetched once');
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  }
});

test('a link to another calculator, pasted into the battle\'s page, brings the full app with it', async () => {
  const context = await browser();
  try {
    const { page, problems } = await guardedPage(context);
    const asked = wasmAsked(page);
    await page.goto(server.url);
    await settled(page);
    await page.evaluate(() => { location.hash = '#r'; });
    await page.waitForSelector('[data-testid="calc-reset"][aria-current="page"]');
    assert.match(await page.evaluate(() => location.hash), /^#r=/, 'the reset\'s first scenario in the address');
    assert.deepEqual(asked, ['/battle_bg.wasm', '/bosworth-www_bg.wasm']);
    // A link to the map opens the full app at once, without the battle-only app.
    const direct = await browser();
    try {
      const { page: other, problems: more } = await guardedPage(direct);
      const first = wasmAsked(other);
      await other.goto(`${server.url}#b`);
      await other.waitForSelector('[data-testid="map"]');
      assert.deepEqual(first, ['/bosworth-www_bg.wasm']);
      assert.deepEqual(more, []);
    } finally {
      await direct.close();
    }
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('the full app failing to come leaves the battle on screen and says why', async () => {
  const context = await browser();
  try {
    const { page, problems } = await guardedPage(context);
    await page.route('**/bosworth-www_bg.wasm', (route) => route.abort());
    await page.goto(server.url);
    const figures = await settled(page);
    await page.click('[data-testid="calc-reset"]');
    await page.waitForSelector('[data-testid="boot-more"]:text-matches("could not be loaded")');
    assert.match(await page.textContent('[data-testid="boot-more"]'), /^The Campaign Reset could not be loaded \(.+\): reload the page to try again\.$/);
    assert.equal(await page.getAttribute('[data-testid="calc-battle"]', 'aria-current'), 'page');
    assert.deepEqual(await settled(page), figures, 'the battle still shows');
    // The one error is the download's, said on the page too.
    assert.ok(problems.length >= 1 && problems.every((p) => /console error/.test(p)), problems.join('\n'));
  } finally {
    await context.close();
  }
});
