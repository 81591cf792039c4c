// Shared helpers of the end-to-end tests: a static server for dist/ on 127.0.0.1, Debian's
// Chromium through playwright-core, guards against console errors and outside requests, and the
// CLI's exact result for a scenario.
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import assert from 'node:assert/strict';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DIST = path.join(ROOT, 'dist');
export const SHOTS = path.join(ROOT, 'e2e', 'screenshots');

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.wasm': 'application/wasm',
  '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml',
};

/** Serves dist/ on 127.0.0.1 at a free port; resolves to { url, close }. */
export function serve() {
  return new Promise((resolve) => {
    const server = http.createServer((req, res) => {
      const url = new URL(req.url, 'http://127.0.0.1');
      let file = path.join(DIST, decodeURIComponent(url.pathname));
      if (!file.startsWith(DIST)) { res.writeHead(403).end(); return; }
      if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
      fs.readFile(file, (err, data) => {
        if (err) { res.writeHead(404).end('not found'); return; }
        res.writeHead(200, { 'content-type': TYPES[path.extname(file)] || 'application/octet-stream' });
        res.end(data);
      });
    });
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({ url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(r)) });
    });
  });
}

/**
 * How long any wait may last before the test gives up: a safety net for a machine so loaded that
 * something hangs, never a limit a test is meant to meet. Every wait of the tests is on something
 * the page reports (an element, a data attribute, the address), not on a length of time.
 */
export const PATIENCE = 300000;

/** Debian's Chromium, headless, in a fresh profile. */
export async function browser() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bosworth-e2e-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1366, height: 900 },
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  context.setDefaultTimeout(PATIENCE);
  return context;
}

/**
 * A page with guards: every console error, page error and request to a host other than
 * 127.0.0.1 is collected in `problems` (tests assert it stays empty).
 */
export async function guardedPage(context) {
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console error: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  const check = (u) => {
    const url = new URL(u);
    if (['data:', 'blob:', 'about:'].includes(url.protocol)) return;
    if (url.hostname !== '127.0.0.1') problems.push(`request to another host: ${u}`);
  };
  page.on('request', (r) => check(r.url()));
  context.on('request', (r) => check(r.url()));
  page.on('worker', (w) => w.on('console', (m) => { if (m.type() === 'error') problems.push(`worker console error: ${m.text()}`); }));
  return { page, problems };
}

/** The CLI's exact report for a scenario object (JSON). */
export function cliExact(scenario) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bosworth-sc-')), 'battle.json');
  fs.writeFileSync(file, JSON.stringify(scenario));
  const out = execFileSync('cargo', ['run', '--release', '--quiet', '--bin', 'bosworth', '--', 'exact', '--json', file],
    { cwd: ROOT, encoding: 'utf8' });
  return JSON.parse(out);
}

/** The CLI's JSON answer to `bosworth <command> [args] --json FILE` for a scenario object. */
export function cliJson(command, args, scenario) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bosworth-sc-')), 'battle.json');
  fs.writeFileSync(file, JSON.stringify(scenario));
  const out = execFileSync('cargo', ['run', '--release', '--quiet', '--bin', 'bosworth', '--', command, ...args, '--json', file],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });
  return JSON.parse(out);
}

/** `{:.1}%` of p * 100, as the page writes it. */
export const pct = (p) => `${(p * 100).toFixed(1)}%`;

/** base64url without padding, as in `#s=` links. */
export const b64url = (text) => Buffer.from(text, 'utf8').toString('base64url');

/** Waits until the headline shows figures for the battle as it is now. */
export async function settled(page) {
  await page.waitForSelector('[data-testid="headline"][data-current="true"]');
  return {
    attacker: await page.textContent('[data-testid="outcome-attacker"]'),
    defender: await page.textContent('[data-testid="outcome-defender"]'),
    vacant: await page.textContent('[data-testid="outcome-vacant"]'),
  };
}

/** The revision of the scenario on screen, as the calculator's `<main data-revision>` names it. */
export const revisionOf = (page) => page.getAttribute('main[data-revision]', 'data-revision');

/**
 * Waits until the page shows another scenario than the one of revision `before`: after Back,
 * Forward or a link pasted into the open page, which the page follows in its own time.
 */
export async function revisedFrom(page, before) {
  await page.waitForFunction((b) => document.querySelector('main[data-revision]')?.getAttribute('data-revision') !== b, before);
}

/**
 * Waits until the app has written the scenario on screen into the address. The calculator's
 * `<main>` names the revision it shows in `data-revision`; the app copies it to
 * `<html data-address-revision>` once the address holds that revision (www/src/shell/address.rs).
 * The address is written after the page is drawn, and a busy browser may run other work (such as
 * the test reading the address) in between.
 */
export async function addressWritten(page) {
  await page.waitForFunction(() => {
    const shown = document.querySelector('main[data-revision]')?.getAttribute('data-revision');
    return shown != null && document.documentElement.getAttribute('data-address-revision') === shown;
  });
}

/** The test id of the element that has the keyboard's focus (else its tag name). */
export const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName);

/** Adds a block by keyboard: type in the roster's search, Tab past the type filter, Enter. */
export async function addByKeyboard(side, name) {
  assert.equal(await focused(), `search-${side}`, `focus is on the ${side}'s search before adding ${name}`);
  await page.keyboard.type(name);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  assert.equal(await focused(), `add-${side}-${name}`);
  await page.keyboard.press('Enter');
  // Added, the block leaves the roster: focus is back on the search, emptied.
  await page.waitForFunction((s) => document.activeElement?.getAttribute('data-testid') === `search-${s}`, side);
  assert.equal(await page.inputValue(`[data-testid="search-${side}"]`), '');
}

/** The page's address (its `#` part), once the app has written the scenario on screen. */
export async function addressOf(page) {
  await addressWritten(page);
  return page.evaluate(() => location.hash);
}

/** The scenario in the page's address, once the app has written the one on screen. */
export async function scenarioOf(page) {
  const hash = await addressOf(page);
  const s = hash.slice(1).split('&').find((p) => p.startsWith('s='));
  return JSON.parse(Buffer.from(s.slice(2), 'base64url').toString('utf8'));
}

export function headlineOf(report) {
  return { attacker: pct(report.attacker_holds), defender: pct(report.defender_holds), vacant: pct(report.vacant) };
}

/** The rulebook's sidebar battle: Herbert (A2) and Clarence (B2) attack Rivers (B2). */
export const SIDEBAR = {
  version: 1, king: 'Lancaster',
  attacker: { house: 'York', blocks: [{ id: 'Herbert', strength: 3 }, { id: 'Clarence/Y', strength: 3 }] },
  defender: { house: 'Lancaster', blocks: [{ id: 'Rivers/L', strength: 2 }] },
};

/** axe-core's script, read once for `violations`. */
let axeScript;

/**
 * Serious and critical violations axe-core finds on `p` (the current test's page by default) as
 * it is: its default rules for WCAG 2.0-2.2 A and AA and best practice, plus WCAG 2.2's
 * target-size; each as `rule (impact): target - why`, at most three nodes per rule.
 */
export async function violations(p = page) {
  axeScript ??= fs.readFileSync(path.join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
  // Evaluated through the debugger protocol, so the page's Content-Security-Policy allows it.
  await p.evaluate(axeScript);
  const result = await p.evaluate(async () => window.axe.run(document, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    rules: { 'target-size': { enabled: true } },
    resultTypes: ['violations'],
  }));
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.slice(0, 3).map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} - ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`));
}

/** The page's address for a scenario, as a share link (`#s=` + base64url of the JSON). */
export const link = (url, scenario) => `${url}#s=${b64url(JSON.stringify(scenario))}`;

// The server, browser context, page and problems of the current test; live bindings, set by the
// hooks that guardedSuite() registers.
export let server;
export let page;
export let problems;
export let context;

/**
 * Registers the hooks every end-to-end file shares: serve dist/ once, a fresh guarded browser
 * page per test, and a failure on any console error or request beyond 127.0.0.1.
 */
export function guardedSuite({ before, after, beforeEach, afterEach }, assert) {
  before(async () => {
    assert.ok(fs.existsSync(path.join(DIST, 'index.html')), 'dist/ is missing: run scripts/serve --build-only first');
    server = await serve();
    fs.mkdirSync(SHOTS, { recursive: true });
  });
  after(async () => { await server.close(); });
  beforeEach(async () => {
    context = await browser();
    ({ page, problems } = await guardedPage(context));
  });
  afterEach(async () => {
    await context.close();
    assert.deepEqual(problems, [], 'no console error and no request beyond 127.0.0.1');
  });
}

/**
 * The project's own server (tools/serve, as scripts/serve runs it) on dist/ at a free port;
 * resolves to { url, close }. Built by cargo when needed.
 */
export function projectServer() {
  return new Promise((resolve, reject) => {
    const child = spawn('cargo', ['run', '--release', '--quiet', '-p', 'bosworth-serve', '--',
      '--dir', DIST, '--port', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const m = out.match(/Bosworth is at (http:\/\/127\.0\.0\.1:\d+\/)/);
      if (m) {
        child.stdout.removeAllListeners('data');
        resolve({
          url: m[1],
          close: () => new Promise((r) => { child.once('exit', r); child.kill(); }),
        });
      }
    });
    child.once('exit', (code) => reject(new Error(`bosworth-serve stopped (${code}) before listening: ${out}`)));
  });
}

/**
 * An init script (`page.addInitScript(turnWatch, cancelAt)`) for the map's Best turn: records
 * every Web Worker the page starts, when, and whether it was terminated (`window.workers`), and
 * watches the Best turn card from the click on Best turn (`window.turnWatch`: the click's time,
 * each progress value shown in turn, the longest the bar stood still, when the final turns came);
 * with `cancelAt` a number, presses Cancel in the same task that first shows the bar at that
 * value or more, so the worker's answer cannot have come before it (`cancelClick`, and
 * `stoppedAt` when the card says it stopped). Times from the page's clock.
 */
export function turnWatch(cancelAt) {
  const Real = window.Worker;
  window.workers = [];
  window.Worker = class extends Real {
    constructor(...args) {
      super(...args);
      this.entry = { at: performance.now(), terminated: false };
      window.workers.push(this.entry);
    }

    terminate() {
      this.entry.terminated = true;
      super.terminate();
    }
  };
  const w = { t0: null, values: [], still: 0, lastAt: null, final: null, cancelClick: null, stoppedAt: null };
  window.turnWatch = w;
  document.addEventListener('click', (e) => {
    if (w.t0 === null && e.target.closest?.('[data-testid="best-turn-open"]')) w.t0 = performance.now();
  }, true);
  new MutationObserver(() => {
    if (w.t0 === null) return;
    const now = performance.now();
    const card = document.querySelector('[data-testid="best-turn"]');
    const bar = card?.querySelector('[data-testid="turn-progress"]');
    if (bar) {
      const v = Number(bar.getAttribute('value'));
      if (w.values.at(-1) !== v) {
        if (w.lastAt !== null) w.still = Math.max(w.still, now - w.lastAt);
        w.values.push(v);
        w.lastAt = now;
      }
      if (cancelAt != null && w.cancelClick === null && v >= cancelAt) {
        w.cancelClick = now;
        card.querySelector('[data-testid="turn-cancel"]').click();
      }
    }
    if (card?.dataset.calc === 'done' && w.final === null) w.final = now - w.t0;
    if (card?.dataset.calc === 'cancelled' && w.stoppedAt === null) w.stoppedAt = now;
  }).observe(document, { subtree: true, childList: true, attributes: true });
}
