// End-to-end checks that nothing leaves the page and that long work stays bounded (issue 5):
// the Content-Security-Policy, no network request after loading, and a huge exact solve that is
// cancelled while the page stays responsive.
import { test, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {
  cliExact, cliJson, settled, headlineOf, b64url, DIST, ROOT,
  guardedSuite, link, SIDEBAR, server, context, page, problems, revisionOf, revisedFrom,
} from './lib.mjs';


guardedSuite({ before, after, beforeEach, afterEach }, assert);

/** The CSP of a page's meta tag as { directive: [sources] }. */
function parseCsp(text) {
  return Object.fromEntries(text.split(';').map((d) => d.trim()).filter(Boolean).map((d) => {
    const [name, ...sources] = d.split(/\s+/);
    return [name, sources];
  }));
}

test('the Content-Security-Policy forbids inline scripts and remote origins, and the page has no inline script', async () => {
  const violations = [];
  await page.exposeFunction('reportViolation', (v) => violations.push(v));
  await page.addInitScript(() => document.addEventListener('securitypolicyviolation',
    (e) => window.reportViolation(`${e.violatedDirective} ${e.blockedURI}`)));
  await page.goto(link(server.url, SIDEBAR));
  await settled(page);
  const metas = await page.$$eval('meta[http-equiv="Content-Security-Policy" i]', (m) => m.map((x) => x.content));
  assert.equal(metas.length, 1, 'one CSP meta tag');
  const csp = parseCsp(metas[0]);
  const scripts = csp['script-src'] ?? csp['default-src'];
  assert.ok(scripts, 'script-src (or default-src) is set');
  assert.ok(!scripts.includes("'unsafe-inline'"), `script-src allows inline scripts: ${scripts}`);
  assert.ok(!scripts.includes("'unsafe-eval'"), `script-src allows eval: ${scripts}`);
  assert.deepEqual(csp['default-src'], ["'self'"]);
  assert.deepEqual(csp['object-src'], ["'none'"]);
  assert.deepEqual(csp['connect-src'], ["'self'"]);
  // Only keywords, 'self', data: and blob: anywhere: no host, no scheme that reaches outside.
  const allowed = new Set(["'self'", "'none'", "'wasm-unsafe-eval'", "'unsafe-inline'", 'data:', 'blob:']);
  for (const [name, sources] of Object.entries(csp)) {
    for (const s of sources) assert.ok(allowed.has(s), `${name} names a remote origin or unknown source: ${s}`);
    if (name !== 'style-src') assert.ok(!sources.includes("'unsafe-inline'"), `${name} allows 'unsafe-inline'`);
  }
  // No inline script with content, neither in the file served nor in the page after it started.
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter(([, attrs, body]) => !/\bsrc=/.test(attrs) || body.trim());
  assert.deepEqual(inline.map((m) => m[0]), [], 'dist/index.html has no inline script');
  const live = await page.$$eval('script', (s) => s.filter((x) => !x.src || x.textContent.trim()).map((x) => x.outerHTML));
  assert.deepEqual(live, [], 'the page has no inline script');
  // And the policy is enforced: an inline script does not run.
  await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__inlineRan = true';
    document.body.append(s);
  });
  assert.equal(await page.evaluate(() => window.__inlineRan === true), false, 'an inline script ran');
  assert.ok(violations.some((v) => v.startsWith('script-src')), `the browser reported the refused script: ${violations}`);
  // The browser logs the refusal as a console error: that one was expected.
  const refused = problems.findIndex((p) => /Executing inline script violates the following Content Security Policy/.test(p));
  assert.ok(refused >= 0, 'the refusal was logged');
  problems.splice(refused, 1);
});

test('after loading, editing, a replay and the advisor make no network request', async () => {
  const requests = [];
  let recording = false;
  const seen = new Set();
  let workerLoaded;
  let helperLoaded;
  const workerSeen = new Promise((resolve) => { workerLoaded = resolve; });
  const helperSeen = new Promise((resolve) => { helperLoaded = resolve; });
  const note = (r) => {
    if (recording) requests.push(r.url()); else seen.add(r.url());
    if (r.url().endsWith('/worker_bg.wasm')) workerLoaded();
    if (r.url().endsWith('/helper_bg.wasm')) helperLoaded();
  };
  page.on('request', note);
  context.on('request', (r) => { if (!r.frame?.()) note(r); });
  await page.goto(link(server.url, SIDEBAR));
  await settled(page);
  // The workers (the headline's, and the helper of the replay and the advisor, a wasm of its
  // own) start with the page; the advisor's first answer comes from the helper, and their loads
  // are seen before recording starts.
  await page.waitForSelector('[data-testid="advice-best"]');
  await workerSeen;
  await helperSeen;
  recording = true;
  // Edit: reduce Herbert, make Rivers a reserve and back, and wait for each fresh result.
  await page.click('[data-testid="pip-attacker-0-3"]');
  await settled(page);
  await page.check('[data-testid="reserve-defender-0"]');
  await page.uncheck('[data-testid="reserve-defender-0"]');
  const shown = await settled(page);
  // A replay, step by step to the end, with the evaluation bar.
  for (let i = 0; i < 4; i++) await page.click('[data-testid="replay-next"]');
  await page.click('[aria-label="To the end"]');
  await page.waitForSelector('[data-testid="luck"]');
  // The advisor, for another objective.
  await page.selectOption('[data-testid="advice-objective"]', 'steps');
  await page.click('[data-testid="advise"]');
  // Recorded until the last answer the page was asked for is shown: the edits' figures, the
  // replay's end, the advisor's new answer.
  await page.waitForSelector('[data-testid="advice-best"] >> text=/steps/');
  recording = false;
  assert.match(shown.attacker, /^\d+\.\d%$/);
  // Ideally nothing; at most a worker started (its blob: script lives in the page's memory) from
  // files the page had already loaded.
  const network = requests.filter((u) => !/^(blob|data):/.test(u));
  const fresh = network.filter((u) => !seen.has(u) || !/\/(worker|helper)(_bg\.wasm|\.js)$/.test(new URL(u).pathname));
  assert.deepEqual(fresh, [], 'requests after the first result');
  console.log(`# network requests after the first result: ${network.length}; blob: or data: loads: ${requests.length - network.length}`);
});

test('a huge exact solve can be cancelled, the page stays responsive, and a new battle gets fresh exact odds', async () => {
  const huge = JSON.parse(fs.readFileSync(path.join(ROOT, 'bench', 'huge.json'), 'utf8'));
  await page.goto(link(server.url, huge));
  await page.waitForSelector('[data-testid="results"][data-calc="running"] [data-testid="solving"]');
  // While the worker solves, a click is answered: the theme toggle flips the page, and when it
  // has, the solve is still under way. The solve is long by its size (bench/huge.json is far
  // beyond what finishes while three clicks are answered), not by a time: were the page's thread
  // busy with it, the clicks would be answered only after it, never while it runs.
  for (let i = 0; i < 3; i++) {
    const during = await page.evaluate(() => new Promise((resolve) => {
      const root = document.documentElement;
      const before = root.getAttribute('data-theme');
      const obs = new MutationObserver(() => {
        if (root.getAttribute('data-theme') !== before) {
          obs.disconnect();
          resolve(document.querySelector('[data-testid="results"]')?.getAttribute('data-calc'));
        }
      });
      obs.observe(root, { attributes: true });
      document.querySelector('[data-testid="theme-toggle"]').click();
    }));
    assert.equal(during, 'running', `click ${i + 1} was answered while the solve ran`);
  }
  await page.click('[data-testid="cancel"]');
  await page.waitForSelector('[data-testid="results"][data-calc="cancelled"] [data-testid="stopped"]');
  assert.equal(await page.isVisible('[data-testid="solving"]'), false);
  // Edit to a small battle: a link pasted into the open page, which follows it in its own time.
  const hugeRevision = await revisionOf(page);
  await page.evaluate((hash) => { location.hash = hash; }, `s=${b64url(JSON.stringify(SIDEBAR))}`);
  await revisedFrom(page, hugeRevision);
  const shown = await settled(page);
  assert.deepEqual(shown, headlineOf(cliExact(SIDEBAR)));
  assert.match(await page.textContent('[data-testid="method"]'), /^Exact/);
});

test('Monte Carlo across workers gives exactly the CLI\'s figures for the same streams', async () => {
  const eight = (ids) => ids.map((id) => ({ id, strength: 2 }));
  const big = {
    version: 1, area: 'Kent', king: 'Lancaster',
    attacker: { house: 'York', blocks: eight(['Norfolk', 'Suffolk', 'Hastings', 'Herbert', 'Essex', 'Worcester', 'Arundel', 'Warwick/Y']) },
    defender: { house: 'Lancaster', blocks: eight(['Oxford', 'Pembroke', 'Devon', 'Beaumont', 'Clifford', 'Wiltshire', 'Exeter/L', 'Somerset']) },
  };
  await page.goto(link(server.url, big));
  // The figures shown while the workers run are current too (data-current): wait for the end.
  await page.waitForSelector('[data-testid="results"][data-calc="done"]');
  const note = await page.textContent('[data-testid="note"]');
  const k = Number(note.match(/in (\d) workers?/)[1]);
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  assert.equal(k, Math.min(cores, 4));
  assert.match(note, new RegExp(`bosworth simulate --runs 400000 --threads ${k}`));
  assert.match(await page.textContent('[data-testid="method"]'), /Monte Carlo: 400000 simulated battles, seed 1/);
  const cli = cliJson('simulate', ['--runs', '400000', '--threads', String(k), '--seed', '1'], big);
  assert.deepEqual(await settled(page), headlineOf(cli));
});
