// End to end: the map (issue 24), keyboard only. The Kent board of examples/board-kent.json set up
// on an empty board (areas picked by the arrow keys and Enter on the map, blocks added from the roster, the
// unseen blocks counted up); every target, then every attack on Kent, ranked with the figures of
// `bosworth plan --json` on the board in the address; the best plan opened as a battle, whose
// headline is `bosworth exact`'s on that battle's link (and within the plan's stated error of the
// plan's own figure); Back returns to the map with its plans.
import { test, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { ROOT, SHOTS, b64url, cliJson, addressOf, settled, headlineOf, revisionOf, revisedFrom, guardedSuite, server, page } from './lib.mjs';

guardedSuite({ before, after, beforeEach, afterEach }, assert);

const KENT = JSON.parse(fs.readFileSync(path.join(ROOT, 'examples', 'board-kent.json'), 'utf8'));

/** The board in the page's address, once written. */
async function boardOf() {
  const hash = await addressOf(page);
  const b = hash.slice(1).split('&').find((p) => p.startsWith('b='));
  assert.ok(b, `the address ${hash.slice(0, 40)}… carries b=`);
  return JSON.parse(Buffer.from(b.slice(2), 'base64url').toString('utf8'));
}

/** `bosworth plan BOARD [args] --json` on a board object. */
function cliPlan(board, args) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bosworth-board-')), 'board.json');
  fs.writeFileSync(file, JSON.stringify(board));
  const out = execFileSync('cargo', ['run', '--release', '--quiet', '--bin', 'bosworth', '--', 'plan', file, ...args, '--json'],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });
  return JSON.parse(out);
}

/** The centre of an area's button on screen. */
const centre = (name) => page.$eval(`.map-card .hit[data-area="${name}"]`, (el) => {
  const r = el.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
});

/**
 * From the map's one Tab stop, the arrow keys to `name` (each toward it, each waiting for the
 * focus to move), and Enter on it: the area's editor, the focus on its heading.
 */
async function pickOnMap(name) {
  await page.focus('.map-card .hit[tabindex="0"]');
  for (let i = 0; i < 15; i++) {
    const at = await page.evaluate(() => document.activeElement?.dataset.area);
    if (at === name) break;
    const [a, b] = [await centre(at), await centre(name)];
    const [dx, dy] = [b.x - a.x, b.y - a.y];
    const key = Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? 'ArrowRight' : 'ArrowLeft') : (dy > 0 ? 'ArrowDown' : 'ArrowUp');
    await page.keyboard.press(key);
    await page.waitForFunction((f) => document.activeElement?.dataset.area !== f, at);
  }
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.area), name, `the arrow keys reach ${name} on the map`);
  await page.keyboard.press('Enter');
  await page.waitForSelector(`[data-testid="area-editor"][data-area="${name}"]`);
  await page.waitForFunction(() => document.activeElement?.id === 'area-h');
}

/** Adds a block to the area being set up: its name typed in the roster's search, then Enter on it. */
async function addBlock(area, id) {
  const slug = area.toLowerCase().replace(/[^a-z0-9]/g, '-');
  await page.focus(`[data-testid="search-${slug}"]`);
  await page.keyboard.type(id);
  await page.waitForFunction(([sel, v]) => document.querySelector(sel)?.value === v, [`[data-testid="search-${slug}"]`, id]);
  await page.focus(`[data-testid="add-${slug}-${id}"]`);
  await page.keyboard.press('Enter');
  await page.waitForSelector(`[data-testid="area-editor"] [aria-label^="${id}, rating"]`);
  // Added after a search, the focus is back on the search, emptied.
  await page.waitForFunction((sel) => document.activeElement?.matches(sel), `[data-testid="search-${slug}"]`);
}

/** The plans the page shows, as the CLI's JSON names their fields. */
async function shownPlans() {
  return page.$$eval('[data-testid="plan-list"] .plan-row', (rows) => rows.map((r) => ({
    target: r.dataset.target,
    holds: Number(r.dataset.holds),
    std_error: Number(r.dataset.stdError),
    method: r.dataset.method,
    main: r.dataset.main ?? null,
    active: r.dataset.active ? r.dataset.active.split(',') : [],
    reserves: r.dataset.reserves ? r.dataset.reserves.split(',') : [],
  })));
}

/** A CLI plan as the page's rows say it. */
function asShown(target, p) {
  return {
    target,
    holds: p.holds,
    std_error: p.std_error,
    method: p.method.kind,
    main: p.main,
    active: p.active.map((w) => w.id),
    reserves: p.reserves.map((w) => w.id),
  };
}

test('the Kent board set up by keyboard, planned as bosworth plan plans it, its best plan opened as a battle, and Back', async () => {
  await page.goto(`${server.url}#b=${b64url(JSON.stringify(KENT))}`);
  await page.waitForSelector('[data-testid="board-view"]');
  // From an empty board.
  await page.focus('[data-testid="new-board"]');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid="area-editor"]:not([data-area])');
  assert.deepEqual((await boardOf()).areas, []);
  // The card: 3 action points.
  await page.focus('[data-testid="card-2"]');
  await page.keyboard.press('ArrowRight');
  await page.waitForSelector('[data-testid="card-3"]:checked');
  // York's blocks in Middlesex and Essex; three unseen Lancaster blocks in Kent.
  await pickOnMap('Middlesex');
  for (const id of ['March', 'Hastings', 'Herbert']) await addBlock('Middlesex', id);
  await pickOnMap('Essex');
  await addBlock('Essex', 'Norfolk');
  await pickOnMap('Kent');
  await page.focus('[data-testid="enemy-more-kent"]');
  // Each press waits for its count, the focus staying on "+".
  for (let i = 1; i <= 3; i++) {
    await page.keyboard.press('Enter');
    await page.waitForFunction((v) => document.querySelector('[data-testid="enemy-kent"]')?.value === v, String(i));
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'enemy-more-kent');
  }
  const board = await boardOf();
  // The example, with the moving player's number the board always writes (Player 1).
  assert.deepEqual(board, { ...KENT, player: 1 }, 'the board set up is the example');

  // Every target: Kent alone, with its best plan as `bosworth plan` (no --target) gives it.
  await page.waitForSelector('[data-testid="plans"][data-calc="done"]:not([data-target])', { timeout: 0 });
  const every = cliPlan(board, []);
  assert.deepEqual(await shownPlans(), every.map((r) => asShown(r.target, r.plans[0])));
  await page.screenshot({ path: path.join(SHOTS, 'map-every-target.png'), fullPage: true });

  // Every attack on Kent: from the area's own button, ranked as `bosworth plan --target Kent`.
  // One answer shown everywhere (issue 35): at every frame while it sharpens, the map's chip for
  // Kent says what the list's first row says.
  await page.evaluate(() => {
    window.disagreed = [];
    const look = () => {
      const row = document.querySelector('[data-testid="plans"][data-target="Kent"] [data-testid="plan-0"] .plan-holds b');
      const chip = document.querySelector('.chance-chip[data-area="Kent"] text');
      if (row && chip && row.textContent !== chip.textContent) window.disagreed.push(`${chip.textContent} on the map, ${row.textContent} in the list`);
      if (document.querySelector('[data-testid="plans"][data-target="Kent"][data-calc="done"]')) window.looked = true;
      else requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  await page.focus('[data-testid="plan-here"]');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid="plans"][data-target="Kent"][data-calc="done"]', { timeout: 0 });
  await page.waitForFunction(() => window.looked);
  assert.deepEqual(await page.evaluate(() => window.disagreed), [], 'the chip and the list never disagree');
  assert.equal(await page.textContent('.chance-chip[data-area="Kent"] text'), await page.textContent('[data-testid="plan-0"] .plan-holds b'));
  const ranked = cliPlan(board, ['--target', 'Kent']);
  const shown = await shownPlans();
  assert.equal(shown.length, ranked.plans.length);
  assert.deepEqual(shown, ranked.plans.map((p) => asShown('Kent', p)));
  assert.match(await page.textContent('[data-testid="plans-method"]'), /bosworth plan BOARD --target "Kent"/);
  // The best plan's arrows are on the map: the Main Attack solid, the reserve dashed, and the
  // border limits used.
  assert.ok(await page.locator('.marks .arrow:not(.reserve)').count() >= 1);
  assert.ok(await page.locator('.marks .arrow.reserve').count() >= 1);
  assert.ok(await page.locator('.tags .badge').count() >= 2);
  await page.screenshot({ path: path.join(SHOTS, 'map-kent-ranked.png'), fullPage: true });

  // Open the best plan as a battle: its link carries the plan's battle (`bosworth plan --open 1`);
  // the battle calculator's headline is `bosworth exact`'s on it, and within four standard errors
  // of the plan's own figure. The planner solved it exactly: the battle shows that answer at
  // once, without solving it again (issue 35: the results panel's data-source says so).
  const href = await page.getAttribute('[data-testid="open-battle"]', 'href');
  assert.match(href, /^#s=/);
  const battle = JSON.parse(Buffer.from(href.slice(3), 'base64url').toString('utf8'));
  assert.deepEqual(battle, ranked.plans[0].battle, 'the plan\'s battle, as bosworth plan --open 1 prints it');
  await page.focus('[data-testid="open-battle"]');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid="headline"]');
  assert.equal(await page.getAttribute('[data-testid="calc-battle"]', 'aria-current'), 'page');
  await page.waitForSelector('[data-testid="results"][data-current="true"][data-method="exact"]', { timeout: 0 });
  assert.equal(ranked.plans[0].method.kind, 'exact', 'the best plan was solved exactly (--exact-best)');
  assert.equal(await page.getAttribute('[data-testid="results"]', 'data-source'), 'solved-before', 'the planner\'s answer, not solved again');
  assert.equal(await page.getAttribute('[data-testid="results"]', 'data-calc'), 'done');
  const exact = cliJson('exact', [], battle);
  assert.deepEqual(await settled(page), headlineOf(exact.report));
  assert.equal(ranked.plans[0].holds, exact.report.attacker_holds, 'the plan\'s exact figure is bosworth exact\'s, bit for bit');
  const best = ranked.plans[0];
  assert.ok(Math.abs(exact.report.attacker_holds - best.holds) <= 4 * best.std_error + 1e-12,
    `the plan's ${best.holds} ± ${best.std_error} and the battle's exact ${exact.report.attacker_holds}`);
  await page.screenshot({ path: path.join(SHOTS, 'map-opened-battle.png'), fullPage: true });
  // An edit, solved by the battle's own workers; Undo finds the plan's answer again, Redo the
  // edit's: neither is solved again.
  const opened = await settled(page);
  const rev = await revisionOf(page);
  await page.click('[data-testid="pip-attacker-0-2"]');
  await revisedFrom(page, rev);
  await page.waitForSelector('[data-testid="results"][data-current="true"][data-method="exact"][data-source="solved"]', { timeout: 0 });
  const edited = await settled(page);
  assert.notDeepEqual(edited, opened);
  await page.keyboard.press('Control+z');
  await page.waitForSelector('[data-testid="results"][data-current="true"][data-method="exact"][data-source="solved-before"]', { timeout: 0 });
  assert.deepEqual(await settled(page), opened);
  await page.keyboard.press('Control+Shift+z');
  await page.waitForSelector('[data-testid="results"][data-current="true"][data-method="exact"][data-source="solved-before"]', { timeout: 0 });
  assert.deepEqual(await settled(page), edited);

  // Back: the map, the board and its ranking as they were (worked out once).
  await page.goBack();
  await page.waitForSelector('[data-testid="plans"][data-target="Kent"][data-calc="done"]', { timeout: 0 });
  assert.deepEqual(await boardOf(), board);
  assert.deepEqual(await shownPlans(), shown);
});

test('a board that cannot be names its field, Go to the field reaches it; long planning shows its progress and stops on Cancel', async () => {
  const big = structuredClone(KENT);
  big.card = 4;
  big.areas.push({ area: 'Surrey', enemy: 1 });
  await page.goto(`${server.url}#b=${b64url(JSON.stringify(big))}`);
  await page.waitForSelector('[data-testid="problem"]');
  assert.match(await page.textContent('[data-testid="scenario-error"]'), /'Surrey' is not an area of the map/);
  assert.equal(await page.getAttribute('[data-testid="plans"]', 'data-calc'), 'idle');
  assert.equal(await page.locator('[data-testid="plan-list"] .plan-row').count(), 0, 'no plan while the board cannot be');
  // Go to the field: the list's button that takes that area off the board.
  await page.focus('[data-testid="problem-go"]');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.dataset.testid === 'stray-clear');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid="problem"]', { state: 'detached' });
  assert.deepEqual((await boardOf()).areas.map((a) => a.area), ['Middlesex', 'Essex', 'Kent']);

  // A ranking of many plans: six blocks next to three unseen, a 4-AP card. The bar shows how far
  // it has got; Cancel stops it, the figures so far stay, Plan again finishes it.
  const wide = {
    kind: 'board', version: 1, house: 'York', card: 4,
    areas: [
      { area: 'Middlesex', blocks: [{ id: 'March', strength: 3 }, { id: 'Hastings', strength: 3 }] },
      { area: 'Essex', blocks: [{ id: 'Norfolk', strength: 4 }, { id: 'Suffolk', strength: 3 }] },
      { area: 'Sussex', blocks: [{ id: 'Arundel', strength: 3 }, { id: 'Herbert', strength: 3 }] },
      { area: 'Kent', enemy: 3 },
    ],
  };
  await page.goto('about:blank');
  await page.goto(`${server.url}#b=${b64url(JSON.stringify(wide))}`);
  await page.waitForSelector('.hit[data-area="Kent"]');
  await page.focus('[data-testid="target-pick"]');
  await page.selectOption('[data-testid="target-pick"]', 'Kent');
  await page.waitForSelector('[data-testid="plans"][data-target="Kent"] [data-testid="plans-progress"]');
  // Cancel, if the work is still under way when the page gets the key (one event: no race).
  const stopped = await page.evaluate(() => {
    const b = document.querySelector('[data-testid="plans-cancel"]');
    if (!b) return false;
    b.click();
    return true;
  });
  // Said in the log: whether this run stopped the planner halfway (a fast machine may finish first).
  console.log(stopped ? 'map: Cancel stopped the ranking halfway' : 'map: the ranking finished before Cancel');
  if (stopped) {
    await page.waitForSelector('[data-testid="plans"][data-calc="cancelled"]');
    assert.equal(await page.locator('[data-testid="plans-progress"]').count(), 0);
    await page.focus('[data-testid="plans-resume"]');
    await page.keyboard.press('Enter');
  }
  await page.waitForSelector('[data-testid="plans"][data-target="Kent"][data-calc="done"]', { timeout: 0 });
  const ranked = cliPlan(wide, ['--target', 'Kent']);
  assert.deepEqual(await shownPlans(), ranked.plans.map((p) => asShown('Kent', p)));
});

test('on a phone the map zooms and pans, and a target\'s plan is framed', async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server.url}#b=${b64url(JSON.stringify(KENT))}`);
  await page.waitForSelector('[data-testid="plans"][data-calc="done"]', { timeout: 0 });
  const viewBox = () => page.getAttribute('.map-svg', 'viewBox');
  const whole = await viewBox();
  assert.equal(await page.getAttribute('[data-testid="map"]', 'data-zoom'), '1.00');
  // Zoom in by keyboard, twice: the view narrows around the middle.
  await page.focus('[data-testid="zoom-in"]');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid="map"][data-zoom="1.60"]');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid="map"][data-zoom="2.56"]');
  // Drag the map: it pans (the width in view stays the same).
  const before = (await viewBox()).split(' ').map(Number);
  const box = await page.locator('.map-svg').boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 40, { steps: 4 });
  await page.mouse.up();
  await page.waitForFunction((b) => document.querySelector('.map-svg').getAttribute('viewBox') !== b, before.join(' '));
  const after = (await viewBox()).split(' ').map(Number);
  assert.ok(after[0] < before[0] && after[1] < before[1], `dragged right and down, the view moves left and up: ${before} -> ${after}`);
  assert.equal(after[2], before[2]);
  // The whole map again.
  await page.focus('[data-testid="zoom-all"]');
  await page.keyboard.press('Enter');
  await page.waitForFunction((w) => document.querySelector('.map-svg').getAttribute('viewBox') === w, whole);
  // Every attack on Kent: the map frames Kent and where the best plan's blocks come from.
  await page.focus('[data-testid="target-pick"]');
  await page.selectOption('[data-testid="target-pick"]', 'Kent');
  await page.waitForSelector('[data-testid="plans"][data-target="Kent"][data-calc="done"]', { timeout: 0 });
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="map"]').dataset.zoom) > 1.5);
  // The plans list fits the phone: no sideways scrolling.
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), 'no sideways scrolling at 390 px');
  await page.locator('[data-testid="plans"]').screenshot({ path: path.join(SHOTS, 'map-phone-plans.png') });
});
