// The app's speed as a user feels it, measured on the built page (dist/) in headless Chromium:
//  1. edit-to-redraw latency: a 4-against-4 battle opened by #s= link, then 20 edits (a pip
//     clicked to change a strength), each timed from the click to the frame where the headline
//     shows the new exact figure (checked against the CLI's exact result afterwards);
//  2. Monte Carlo in the page: battles per second with k workers (min(hardwareConcurrency, 4))
//     and with 1 (hardwareConcurrency reported as 1);
//  3. hidden blocks (issue 22): issue 22's Kent battle (bench/hidden-kent.json) opened by link,
//     then edited (Norfolk one step down, so no battle solved before is found again): the order
//     in which the page showed Monte Carlo and exact figures, and when (read in the page, from
//     opening the link or from the edit), with the exact mixture's battles spread over
//     k solver workers and over 1 (hardwareConcurrency reported as 1); the exact figures checked
//     against `bosworth exact`; with k workers, before the edit, the advisor asked on the battle
//     (issue 35: Best play, from the click to its answer, and the states it says it solved).
//  4. the map (issue 35): examples/board-kent.json opened by link, then "Every attack on Kent"
//     chosen: when the ranking's first and final figures came, the longest the progress bar
//     stood still (neither its value nor its words changing), whether the map's chip for Kent
//     and the list's first row ever showed different figures; then Open as battle on the best
//     plan: the time to the battle's exact headline (checked against `bosworth exact`), and
//     whether it came from the page's cache of solved battles (the results panel's
//     `data-source`). Every time with the machine's load average beside it (os.loadavg()), and
//     the CPU time Chromium spent on the ranking; each run twice in turn, with the planner
//     workers the machine has (the ranking's exact mixtures shared between them) and with one.
//  5. the whole turn (issue 34): the map's Best turn on examples/board-turn.json and on the
//     heaviest sample view with a 3- or 4-AP card (tests/rtt-samples/game-1.view-020.json,
//     imported by `bosworth import`), each opened by link: the time from the click on Best turn
//     to the final turns (checked against `bosworth plan BOARD --turn --json`), the bar's updates
//     and longest stand-still; then on a fresh page Cancel pressed at the first progress, the
//     time until the page said it had stopped and whether its worker was terminated. Goal 5 s.
//  6. the first visit (issues 26 and 35): `scripts/first-visit.mjs`, run after the rest, which
//     opens the app over throttled links and writes docs/first-visit.md itself.
// Writes target/bench-app.json. Not part of the test suite (run by scripts/bench-app).
// `node scripts/bench-app.mjs --hidden-only` measures only part 3 and replaces it in
// target/bench-app.json (for `scripts/performance --hidden-only`); `--map-only` likewise part 4,
// `--turn-only` part 5; `--first-visit-only` only part 6.
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { execFileSync } from 'node:child_process';
import { serve, browser, guardedPage, cliExact, cliJson, headlineOf, scenarioOf, b64url, ROOT, turnWatch } from '../e2e/lib.mjs';

const EDITS = 20;
const FOUR = {
  version: 1, area: 'Kent', king: 'Lancaster',
  attacker: { house: 'York', blocks: [{ id: 'Norfolk', strength: 3 }, { id: 'Suffolk', strength: 3 }, { id: 'Hastings', strength: 3 }, { id: 'Herbert', strength: 3 }] },
  defender: { house: 'Lancaster', blocks: [{ id: 'Oxford', strength: 3 }, { id: 'Pembroke', strength: 3 }, { id: 'Devon', strength: 2 }, { id: 'Beaumont', strength: 3 }] },
};
const eight = (ids) => ids.map((id) => ({ id, strength: 2 }));
const BIG = {
  version: 1, area: 'Kent', king: 'Lancaster',
  attacker: { house: 'York', blocks: eight(['Norfolk', 'Suffolk', 'Hastings', 'Herbert', 'Essex', 'Worcester', 'Arundel', 'Warwick/Y']) },
  defender: { house: 'Lancaster', blocks: eight(['Oxford', 'Pembroke', 'Devon', 'Beaumont', 'Clifford', 'Wiltshire', 'Exeter/L', 'Somerset']) },
};
const link = (url, s) => `${url}#s=${b64url(JSON.stringify(s))}`;
const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
};
const round1 = (x) => Math.round(x * 10) / 10;

/**
 * Clicks `selector` and resolves to the ms until the frame in which the headline is current for
 * the edited battle: the calculator's `<main data-revision>` changed and the headline current (at
 * once when the battle was solved before in this page, `shell/solved.rs`, else once solved).
 */
function timedEdit(page, selector) {
  return page.evaluate((sel) => new Promise((resolve, reject) => {
    const revision = () => document.querySelector('main[data-revision]')?.dataset.revision;
    const before = revision();
    const t0 = performance.now();
    const obs = new MutationObserver(() => {
      const h = document.querySelector('[data-testid="headline"]');
      if (revision() !== before && h.dataset.current === 'true') {
        obs.disconnect();
        requestAnimationFrame(() => resolve(performance.now() - t0));
      }
    });
    obs.observe(document.body, { attributes: true, subtree: true, childList: true, characterData: true });
    setTimeout(() => { obs.disconnect(); reject(new Error('no redraw within 30 s')); }, 30000);
    document.querySelector(sel).click();
  }), selector);
}

const KENT = JSON.parse(fs.readFileSync(path.join(ROOT, 'bench', 'hidden-kent.json'), 'utf8'));

/**
 * Issue 22's Kent battle in a fresh page (hardwareConcurrency reported as `cores`, or as it is):
 * the figures' methods in the order shown and when (ms), from opening the link and from an edit.
 */
async function hiddenRun(context, url, cores) {
  const p = await context.newPage();
  if (cores) await p.addInitScript((n) => Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => n }), cores);
  // Each revision's methods as the results panel shows them, with the page's clock.
  await p.addInitScript(() => {
    window.shown = [];
    new MutationObserver(() => {
      const r = document.querySelector('[data-testid="results"][data-current="true"]');
      const rev = document.querySelector('main[data-revision]')?.getAttribute('data-revision');
      const m = r?.getAttribute('data-method');
      if (m && !window.shown.some((e) => e.rev === rev && e.method === m)) window.shown.push({ rev, method: m, at: performance.now() });
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
  const workers = await p.evaluate(() => Math.min(Math.max(navigator.hardwareConcurrency, 1), 4)).catch(() => null);
  await p.goto(link(url, KENT));
  const rev0 = await p.getAttribute('main[data-revision]', 'data-revision');
  await p.waitForSelector('[data-testid="results"][data-current="true"][data-method="exact"]', { timeout: 600000 });
  const solver = cores ?? workers ?? await p.evaluate(() => Math.min(navigator.hardwareConcurrency, 4));
  const check = async () => {
    const s = await scenarioOf(p);
    const want = headlineOf(cliJson('exact', [], s).report).attacker;
    const shown = await p.textContent('[data-testid="outcome-attacker"]');
    if (shown !== want) throw new Error(`the page showed ${shown}, bosworth exact says ${want}`);
  };
  await check();
  const opened = await p.evaluate((r) => window.shown.filter((e) => e.rev === r), rev0);
  // The advisor on the battle (issue 35, goal 5 s), on the pool the machine has: from the click
  // on Best play to its answer, with what the page says it solved.
  let advisor = null;
  if (!cores) {
    const a0 = await p.evaluate(() => { const t = performance.now(); document.querySelector('[data-testid="advise"]').click(); return t; });
    const a1 = await (await p.waitForFunction(() => document.querySelector('[data-testid="advice-method"]') && performance.now(), null, { timeout: 600000, polling: 'raf' })).jsonValue();
    const said = await p.textContent('[data-testid="advice-time"]');
    const states = Number((said.match(/\(([\d,]+) battle states solved\)/) ?? [])[1]?.replaceAll(',', '') ?? NaN);
    const method = (await p.textContent('[data-testid="advice-method"]')).startsWith('Estimated') ? 'estimated' : 'exact';
    advisor = { ms: round1(a1 - a0), method, states: Number.isFinite(states) ? states : null, said, load_average: os.loadavg().map((x) => Math.round(x * 100) / 100) };
  }
  // An edit: Norfolk one step down, its time taken in the page at the click.
  const t0 = await p.evaluate(() => { const t = performance.now(); document.querySelector('[data-testid="pip-attacker-3-3"]').click(); return t; });
  await p.waitForFunction((r) => document.querySelector('main[data-revision]')?.getAttribute('data-revision') !== r, rev0);
  const rev1 = await p.getAttribute('main[data-revision]', 'data-revision');
  await p.waitForSelector('[data-testid="results"][data-current="true"][data-method="exact"]', { timeout: 600000 });
  await check();
  const edited = await p.evaluate((r) => window.shown.filter((e) => e.rev === r), rev1);
  await p.close();
  const ms = (list, from) => Object.fromEntries(list.map((e) => [e.method, round1(e.at - from)]));
  return {
    solver_workers: solver,
    advisor,
    opened: { order: opened.map((e) => e.method), ms_from_navigation: ms(opened, 0) },
    edited: { order: edited.map((e) => e.method), ms_from_edit: ms(edited, t0) },
  };
}

const BOARD_KENT = JSON.parse(fs.readFileSync(path.join(ROOT, 'examples', 'board-kent.json'), 'utf8'));
const load = () => os.loadavg().map((x) => Math.round(x * 100) / 100);

/** CPU time of every Chromium process so far (ms): the page's workers are threads of its renderer. */
function chromiumCpuMs() {
  let ticks = 0;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (!fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('chromium')) continue;
      const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(f[11]) + Number(f[12]);
    } catch { /* a process that ended */ }
  }
  return ticks * 1000 / 100;
}

/**
 * The map's Kent question in a fresh page: every attack on Kent ranked, then the best plan opened
 * as a battle. Times in ms from the choice (or the click), read in the page. `cores`: the
 * hardwareConcurrency the page is told (1: one planner worker, so no other worker shares the
 * ranking's exact mixtures), or as the machine has it.
 */
async function mapRun(context, url, cores) {
  const p = await context.newPage();
  if (cores) await p.addInitScript((n) => Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => n }), cores);
  const workers = cores ?? await p.evaluate(() => Math.min(Math.max(navigator.hardwareConcurrency, 1), 4));
  await p.goto(`${url}#b=${b64url(JSON.stringify(BOARD_KENT))}`);
  await p.waitForSelector('[data-testid="plans"][data-calc="done"]:not([data-target])', { timeout: 600000 });
  const loadBefore = load();
  // Watch the panel from the choice on: first figures, the bar's longest stand-still, chip against list.
  await p.evaluate(() => {
    const w = { t0: performance.now(), first: null, final: null, still: 0, last: null, lastAt: null, disagree: [], bars: 0 };
    window.mapWatch = w;
    const look = () => {
      const now = performance.now();
      const plans = document.querySelector('[data-testid="plans"][data-target="Kent"]');
      const row = plans?.querySelector('[data-testid="plan-0"] .plan-holds b');
      if (row && w.first === null) w.first = now - w.t0;
      if (plans?.dataset.calc === 'done' && w.final === null) w.final = now - w.t0;
      const bar = plans?.querySelector('[data-testid="plans-progress"]');
      const said = bar ? `${bar.getAttribute('value')} ${bar.nextElementSibling?.textContent}` : null;
      if (said !== w.last) {
        if (w.last !== null) w.still = Math.max(w.still, now - w.lastAt);
        w.last = said; w.lastAt = now; w.bars += 1;
      }
      const chip = document.querySelector('.chance-chip[data-area="Kent"] text')?.textContent;
      if (row && chip && chip !== row.textContent && !w.disagree.some((d) => d.chip === chip && d.list === row.textContent)) {
        w.disagree.push({ at: Math.round(now - w.t0), chip, list: row.textContent });
      }
      if (w.final === null) requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  const cpu0 = chromiumCpuMs();
  await p.selectOption('[data-testid="target-pick"]', 'Kent');
  await p.waitForSelector('[data-testid="plans"][data-target="Kent"][data-calc="done"]', { timeout: 600000 });
  const cpuMs = chromiumCpuMs() - cpu0;
  await p.waitForFunction(() => window.mapWatch.final !== null);
  const w = await p.evaluate(() => window.mapWatch);
  const loadRanked = load();
  // Open as battle on the best plan.
  const href = await p.getAttribute('[data-testid="open-battle"]', 'href');
  const battle = JSON.parse(Buffer.from(href.slice(3), 'base64url').toString('utf8'));
  const t0 = await p.evaluate(() => { const t = performance.now(); document.querySelector('[data-testid="open-battle"]').click(); return t; });
  const t1 = await (await p.waitForFunction(
    () => document.querySelector('[data-testid="results"][data-current="true"][data-method="exact"]') && performance.now(),
    null, { timeout: 600000 },
  )).jsonValue();
  const source = await p.getAttribute('[data-testid="results"]', 'data-source');
  const want = headlineOf(cliJson('exact', [], battle).report).attacker;
  const shown = await p.textContent('[data-testid="outcome-attacker"]');
  if (shown !== want) throw new Error(`the opened plan showed ${shown}, bosworth exact says ${want}`);
  await p.close();
  return {
    board: 'examples/board-kent.json',
    planner_workers: workers,
    ranking: {
      first_ms: round1(w.first), final_ms: round1(w.final), bar_still_ms: round1(w.still), bar_changes: w.bars,
      chip_list_disagreements: w.disagree, load_average: loadBefore, chromium_cpu_ms: round1(cpuMs),
    },
    open_as_battle: { exact_headline_ms: round1(t1 - t0), source: source ?? 'solved', headline: shown, load_average: loadRanked },
  };
}

const BOSWORTH = path.join(ROOT, 'target', 'release', 'bosworth');
/** The whole turn's positions: the example board, and the heaviest sample view, imported. */
const TURN_BOARDS = [
  { board: 'examples/board-turn.json', json: fs.readFileSync(path.join(ROOT, 'examples', 'board-turn.json'), 'utf8') },
  { board: 'tests/rtt-samples/game-1.view-020.json',
    json: execFileSync(BOSWORTH, ['import', path.join(ROOT, 'tests', 'rtt-samples', 'game-1.view-020.json')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }) },
];

/** The turns' values and each attack's chance, as the page's rows carry them. */
const turnFigures = (p) => p.$$eval('[data-testid="turn-list"] .turn-row', (rows) => rows.map((r) => ({
  value: Number(r.dataset.value),
  holds: [...r.querySelectorAll('.turn-attack')].map((a) => [a.dataset.target, Number(a.dataset.holds)]),
})));

/**
 * The map's Best turn on one position in fresh pages: worked out (the time from the click to the
 * final turns, checked against the CLI), then Cancel at the first progress. Times in ms, read
 * in the page.
 */
async function turnRun(context, url, { board, json }) {
  const open = async (cancelAt) => {
    const p = await context.newPage();
    await p.addInitScript(turnWatch, cancelAt);
    await p.goto(`${url}#b=${b64url(json)}`);
    await p.waitForSelector('[data-testid="plans"][data-calc="done"]:not([data-target])', { timeout: 600000 });
    return p;
  };
  const p = await open(null);
  const loadBefore = load();
  await p.click('[data-testid="best-turn-open"]');
  await p.waitForSelector('[data-testid="best-turn"][data-calc="done"]', { timeout: 600000 });
  await p.waitForFunction(() => window.turnWatch.final !== null);
  const w = await p.evaluate(() => window.turnWatch);
  const shown = await turnFigures(p);
  // The page's board (with what the map writes) as the CLI's input.
  const hash = await p.evaluate(() => window.location.hash);
  const b = hash.slice(1).split('&').find((x) => x.startsWith('b='));
  await p.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bosworth-turn-')), 'board.json');
  fs.writeFileSync(file, Buffer.from(b.slice(2), 'base64url').toString('utf8'));
  const cli = JSON.parse(execFileSync(BOSWORTH, ['plan', file, '--turn', '--json', '--quiet'], { encoding: 'utf8', maxBuffer: 64 << 20 }));
  const want = cli.turns.map((t) => ({ value: t.value, holds: t.attacks.map((a) => [a.target, a.holds]) }));
  if (JSON.stringify(shown) !== JSON.stringify(want)) throw new Error(`${board}: the page's turns ${JSON.stringify(shown)}, bosworth plan --turn says ${JSON.stringify(want)}`);
  // Cancel at the first progress above 0.
  const c = await open(0.001);
  const loadCancel = load();
  await c.click('[data-testid="best-turn-open"]');
  await c.waitForSelector('[data-testid="best-turn"][data-calc="cancelled"]', { timeout: 600000 });
  await c.waitForFunction(() => window.turnWatch.stoppedAt !== null);
  const cw = await c.evaluate(() => window.turnWatch);
  const workers = await c.evaluate((t0) => window.workers.filter((x) => x.at >= t0), cw.t0);
  await c.close();
  return {
    board, goal_ms: 5000, turns: shown.length, final_ms: round1(w.final), progress_updates: w.values.length,
    bar_still_ms: round1(w.still), load_average: loadBefore,
    cancel_ms: round1(cw.stoppedAt - cw.cancelClick), cancel_at_progress: cw.values.at(-1),
    cancel_workers_terminated: workers.length > 0 && workers.every((x) => x.terminated), cancel_load_average: loadCancel,
  };
}

// Part 6 alone: the first visit, in a process of its own (it throttles its own browsers).
const firstVisit = () => execFileSync('node', [path.join(ROOT, 'scripts', 'first-visit.mjs')], { stdio: 'inherit', cwd: ROOT });
if (process.argv.includes('--first-visit-only')) {
  firstVisit();
  process.exit(0);
}
const server = await serve();
const context = await browser();
const hiddenOnly = process.argv.includes('--hidden-only');
const mapOnly = process.argv.includes('--map-only');
const turnOnly = process.argv.includes('--turn-only');
const file = path.join(ROOT, 'target', 'bench-app.json');
const out = (hiddenOnly || mapOnly || turnOnly) && fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : { edits: EDITS, blocks_per_side: 4 };
try {
  if (turnOnly || (!hiddenOnly && !mapOnly)) {
    const runs = [];
    for (const b of TURN_BOARDS) {
      const r = await turnRun(context, server.url, b);
      runs.push(r);
      console.log(`the map's Best turn on ${r.board}: ${r.turns} turns in ${r.final_ms} ms (goal ${r.goal_ms} ms; load ${r.load_average.join(' ')}), ${r.progress_updates} progress updates, bar still at most ${r.bar_still_ms} ms; Cancel stopped it after ${r.cancel_ms} ms, worker terminated: ${r.cancel_workers_terminated}`);
    }
    out.turn = { runs };
  }
  if (mapOnly) {
    const runs = [];
    // The planner workers as the machine has them, then one alone, in turn: their ratio in one run.
    for (let i = 0; i < Number(process.env.BENCH_MAP_RUNS ?? 1); i++) for (const cores of [null, 1]) {
      const r = await mapRun(context, server.url, cores);
      runs.push(r);
      console.log(`the map, every attack on Kent, ${r.planner_workers} planner worker(s): first figures ${r.ranking.first_ms} ms, final ${r.ranking.final_ms} ms (Chromium's CPU ${r.ranking.chromium_cpu_ms} ms; load ${r.ranking.load_average.join(' ')}), bar still at most ${r.ranking.bar_still_ms} ms, chip and list disagreed ${r.ranking.chip_list_disagreements.length} time(s); Open as battle: exact headline ${r.open_as_battle.exact_headline_ms} ms (${r.open_as_battle.source}, load ${r.open_as_battle.load_average.join(' ')})`);
    }
    out.map = { runs };
  }
  // Hidden blocks: the Kent battle with the solver pool as the machine has it, and with one.
  const runs = [];
  for (const cores of mapOnly || turnOnly ? [] : [null, 1]) {
    const r = await hiddenRun(context, server.url, cores);
    runs.push(r);
    console.log(`hidden blocks, the Kent battle, ${r.solver_workers} solver worker(s): opened ${r.opened.order.join(' then ')} at ${r.opened.order.map((m) => `${r.opened.ms_from_navigation[m]} ms`).join(', ')}; edited ${r.edited.order.join(' then ')} at ${r.edited.order.map((m) => `${r.edited.ms_from_edit[m]} ms`).join(', ')}${r.advisor ? `; the advisor ${r.advisor.method} in ${r.advisor.ms} ms (${r.advisor.states} states)` : ''}`);
  }
  if (!mapOnly && !turnOnly) out.hidden = { battle: 'bench/hidden-kent.json', edit: 'Norfolk from 4 to 3', runs };
  if (!hiddenOnly && !mapOnly && !turnOnly) {
    const m = await mapRun(context, server.url);
    out.map = { runs: [m] };
    const { page, problems } = await guardedPage(context);
    await page.goto(link(server.url, FOUR));
    await page.waitForSelector('[data-testid="headline"][data-current="true"]', { timeout: 60000 });
    const times = [];
    const checks = [];
    for (let e = 0; e < EDITS; e++) {
      const side = e % 2 ? 'defender' : 'attacker';
      const i = Math.floor(e / 2) % 4;
      const s = await scenarioOf(page);
      const max = await page.locator(`[data-testid^="pip-${side}-${i}-"]`).count();
      const k = s[side].blocks[i].strength === max ? max - 1 : max; // one step down, then back up
      times.push(await timedEdit(page, `[data-testid="pip-${side}-${i}-${k}"]`));
      const shown = await page.textContent('[data-testid="outcome-attacker"]');
      checks.push({ scenario: await scenarioOf(page), shown });
    }
    for (const { scenario, shown } of checks) {
      const want = headlineOf(cliExact(scenario)).attacker;
      if (shown !== want) throw new Error(`the page showed ${shown}, the CLI says ${want}`);
    }
    Object.assign(out, {
      median_ms: round1(quantile(times, 0.5)), p90_ms: round1(quantile(times, 0.9)), max_ms: round1(Math.max(...times)),
      times_ms: times.map(round1),
      battle: FOUR,
    });
    console.log(`edit to redraw, 4 against 4: median ${out.median_ms} ms, p90 ${out.p90_ms} ms, max ${out.max_ms} ms`);
    if (problems.length) throw new Error(problems.join('\n'));
    await page.close();

    // Monte Carlo throughput with k workers and with 1.
    const mc = {};
    for (const cores of [null, 1]) {
      const p = await context.newPage();
      if (cores) await p.addInitScript((n) => Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => n }), cores);
      const k = await p.evaluate(() => Math.min(Math.max(navigator.hardwareConcurrency, 1), 4)).catch(() => null);
      await p.goto(link(server.url, BIG));
      // The first sight of the progress bar and its count, read in the page at once: the
      // simulation can end within a few frames, before a second look from outside.
      const [runs0, t0] = await (await p.waitForFunction(() => {
        const bar = document.querySelector('[data-testid="progress"] progress');
        return bar ? [Number(bar.value), performance.now()] : null;
      }, null, { timeout: 120000 })).jsonValue();
      const t1 = await (await p.waitForFunction(
        () => !document.querySelector('[data-testid="progress"]') && performance.now(), null, { timeout: 300000 },
      )).jsonValue();
      const dt = (t1 - t0) / 1000;
      const workers = cores ?? k ?? await p.evaluate(() => Math.min(navigator.hardwareConcurrency, 4));
      const method = await p.textContent('[data-testid="method"]');
      if (!/400000 simulated battles/.test(method)) throw new Error(`Monte Carlo did not finish: ${method}`);
      mc[`workers_${workers}`] = { workers, battles_per_s: Math.round((400000 - runs0) / dt) };
      console.log(`Monte Carlo, 8 against 8 in the page: ${workers} worker(s), ${mc[`workers_${workers}`].battles_per_s} battles/s`);
      await p.close();
    }
    out.monte_carlo = mc;
  }
} finally {
  out.machine = `${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores`;
  await context.close();
  await server.close();
}
fs.mkdirSync(path.join(ROOT, 'target'), { recursive: true });
fs.writeFileSync(path.join(ROOT, 'target', 'bench-app.json'), `${JSON.stringify(out, null, 2)}\n`);
console.log('figures in target/bench-app.json');
if (!process.argv.some((a) => a.endsWith('-only'))) firstVisit();
