// End-to-end tests of hidden blocks (Fog-of-War, R13): built from the "?" tile, the headline is
// `bosworth exact`'s mixture for the scenario in the address, the spread chart is drawn, and the
// link keeps the hidden blocks. The Kent battle (issue 22) from New battle by keyboard with no
// ticking: Monte Carlo figures first, the exact solve's progress, then the exact ones; the worst
// opened as a battle with the advisor, and Undo. Who takes tied hits and Protect heirs in the
// summary; not in this area; any possibility opened (a scouting row, a percentile, any row of who
// a hidden block may be), its button's figure the headline it opens; choices of known blocks
// with a hidden block present. Nothing timed: every wait is on what the page reports.
import { test, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import {
  ROOT, cliJson, settled, scenarioOf, headlineOf, SHOTS, guardedSuite, link, server, page, pct,
} from './lib.mjs';

guardedSuite({ before, after, beforeEach, afterEach }, assert);

const KNOWN = {
  version: 1, area: 'East Anglia', king: 'Lancaster',
  attacker: { house: 'Lancaster', blocks: [{ id: 'Oxford', strength: 3 }, { id: 'Beaumont', strength: 3 }, { id: 'Wiltshire', strength: 2 }] },
  defender: { house: 'York', blocks: [{ id: 'Norfolk', strength: 4 }] },
};

test('two hidden defenders added from the tile: the CLI\'s averaged odds, the spread, the link', async () => {
  await page.goto(link(server.url, KNOWN));
  await settled(page);
  // By keyboard: the add button, twice.
  await page.focus('[data-testid="add-hidden-defender"]');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid="hidden-defender-1"]');
  const s = await scenarioOf(page);
  assert.deepEqual(s.defender.hidden, [{}, {}]);
  const cli = cliJson('exact', [], s);
  const shown = await settledExact(page);
  assert.deepEqual(shown, headlineOf(cli.report));
  assert.match(await page.textContent('[data-testid="averaged"]'), new RegExp(`${cli.possibilities} possibilities \\(${cli.compositions} distinct battles, each solved exactly\\)`));
  assert.match(await page.textContent('[data-testid="hidden-who-defender-0"]'), /^one of 21 York blocks/);
  assert.ok(await page.locator('[data-testid="spread-chart"] svg').count() === 1, 'the spread chart is drawn');
  assert.match(await page.textContent('[data-testid="royal"]'), /an heir: 27\.1%/);
  assert.equal(await page.locator('[data-testid="scouting"] tbody tr').count(), 2);
  assert.match(await page.textContent('[data-testid="summary"]'), /York: 2 hidden blocks/);
  // The advisor says what it solves with hidden blocks; live play what it needs.
  assert.match(await page.textContent('[data-testid="advisor"]'), /in each possibility of what the hidden blocks are/);
  await page.locator('[data-testid="fog"]').screenshot({ path: path.join(SHOTS, 'fog-desktop.png') });

  // Narrow hidden #1 to the levies: the address and the odds follow.
  await page.click('[data-testid="hidden-pick-defender-0"] summary');
  await page.check('[data-testid="hidden-kind-defender-0-levy"]');
  await page.selectOption('[data-testid="hidden-strength-defender-0"]', 'any');
  const narrowed = await scenarioWhere(page, (sc) => sc.defender.hidden[0].strength === 'any' && (sc.defender.hidden[0].kinds || []).includes('levy'));
  assert.deepEqual(narrowed.defender.hidden[0], { kinds: ['levy'], strength: 'any' });
  assert.deepEqual(await settledExact(page), headlineOf(cliJson('exact', [], narrowed).report));
  assert.match(await page.textContent('[data-testid="hidden-who-defender-0"]'), /one of 3 York blocks: London \(levy\), Norwich \(levy\), Salisbury \(levy\)/);

  // The share link round-trips the hidden blocks.
  const again = link(server.url, narrowed);
  await page.goto('about:blank');
  await page.goto(again);
  assert.deepEqual(await scenarioOf(page), narrowed);
  assert.deepEqual(await settled(page), headlineOf(cliJson('exact', [], narrowed).report));
});

test('hidden blocks that cannot be: the problem in players\' words, no stale figure', async () => {
  const bad = structuredClone(KNOWN);
  bad.defender.hidden = [{ candidates: ['Suffolk'] }, { candidates: ['Suffolk'] }];
  await page.goto(link(server.url, bad));
  await page.waitForSelector('[data-testid="problem"]');
  assert.equal(await page.locator('[data-testid="headline"]').count(), 0);
  assert.match(await page.textContent('[data-testid="scenario-error"]'), /cannot all be different blocks/);
});

/** The scenario in the page's address once `check` holds for it (waiting on the address's changes). */
async function scenarioWhere(p, check) {
  for (;;) {
    const hash = await p.evaluate(() => location.hash);
    const part = hash.slice(1).split('&').find((x) => x.startsWith('s='));
    const sc = JSON.parse(Buffer.from(part.slice(2), 'base64url').toString('utf8'));
    if (check(sc)) return sc;
    await p.waitForFunction((h) => location.hash !== h, hash, { timeout: 0 });
  }
}

/** Waits until the figures shown are the exact ones for the battle as it is now. */
async function settledExact(p) {
  await p.waitForSelector('[data-testid="results"][data-current="true"][data-method="exact"]', { timeout: 0 });
  return settled(p);
}

/** `bosworth reveal FILE WHICH`: the possibility as a battle of its own (scenario JSON). */
function cliReveal(scenario, which) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bosworth-sc-')), 'battle.json');
  fs.writeFileSync(file, JSON.stringify(scenario));
  const out = execFileSync('cargo', ['run', '--release', '--quiet', '--bin', 'bosworth', '--', 'reveal', file, which],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });
  return JSON.parse(out);
}

const KENT = JSON.parse(fs.readFileSync(path.join(ROOT, 'bench', 'hidden-kent.json'), 'utf8'));

/** Chooses `value` in a `<select>` by keyboard: focus, Home, then ArrowDown to it. */
async function chooseByKeyboard(selector, value) {
  const at = await page.$eval(selector, (el, v) => [...el.options].findIndex((o) => o.value === v), value);
  assert.ok(at >= 0, `${selector} offers ${value}`);
  await page.focus(selector);
  await page.keyboard.press('Home');
  for (let i = 0; i < at; i++) await page.keyboard.press('ArrowDown');
  assert.equal(await page.$eval(selector, (el) => el.value), value);
}

/** Adds a block by keyboard: type in the roster's search, Tab past the type filter, Enter. */
async function addByKeyboard(side, name) {
  await page.waitForFunction((s) => document.activeElement?.getAttribute('data-testid') === `search-${s}`, side);
  await page.keyboard.type(name);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), `add-${side}-${name}`);
  await page.keyboard.press('Enter');
  await page.waitForFunction((s) => document.activeElement?.getAttribute('data-testid') === `search-${s}`, side);
}

/** Presses Enter on a control, by keyboard. */
async function press(selector) {
  await page.focus(selector);
  await page.keyboard.press('Enter');
}

test('the Kent battle from New battle by keyboard, no ticking: Monte Carlo first with progress, then bosworth exact\'s; the worst opened as a battle with the advisor; Undo', async () => {
  // What the results panel shows for each battle (by its revision), in order: the method of its
  // figures and the progress of the exact solve, as the page reports them.
  await page.addInitScript(() => {
    window.shown = {};
    new MutationObserver(() => {
      const r = document.querySelector('[data-testid="results"][data-current="true"]');
      const rev = document.querySelector('main[data-revision]')?.getAttribute('data-revision');
      if (!r || !rev) return;
      const log = (window.shown[rev] ??= []);
      const seen = [r.getAttribute('data-method')];
      const bar = document.querySelector('[data-testid="refining"] progress');
      if (bar && bar.getBoundingClientRect().width > 0) seen.push('refining');
      for (const e of seen) if (e && !log.includes(e)) log.push(e);
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
  await page.goto(server.url);
  await settled(page);
  await press('[data-testid="new-battle"]');
  await chooseByKeyboard('[data-testid="new-attacker"]', 'York');
  await chooseByKeyboard('[data-testid="new-area"]', 'Kent');
  await chooseByKeyboard('[data-testid="new-king"]', 'Lancaster');
  await press('[data-testid="new-start"]');
  for (const name of ['March', 'Hastings', 'Herbert', 'Norfolk']) await addByKeyboard('attacker', name);
  await press('[data-testid="add-hidden-defender"]');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid="hidden-defender-2"]');
  const s = await scenarioOf(page);
  assert.deepEqual([s.area, s.king, s.attacker, s.defender], [KENT.area, KENT.king, KENT.attacker, KENT.defender], 'issue 22\'s Kent battle');
  const revision = await page.getAttribute('main[data-revision]', 'data-revision');
  // No ticking: R13's realistic candidates, and why the others are out.
  for (const k of [0, 1, 2]) {
    assert.equal(await page.textContent(`[data-testid="hidden-defender-${k}"] .hidden-count`), '24 possible');
    assert.match(await page.textContent(`[data-testid="hidden-out-defender-${k}"]`),
      /^24 of 31 Lancaster blocks\. Out: minor heirs not yet in play \(4\.5\) \(2\): Prince Edward, Richmond; enemy versions before a defection \(4\.6\) \(5\): Warwick\/L, Kent\/L, Salisbury\/L, Clarence\/L, Canterbury \(church\)\/L\.$/);
  }
  // Monte Carlo figures first, the exact solve's progress while it refines, then the exact figures.
  await page.waitForSelector('[data-testid="results"][data-current="true"][data-method="monte-carlo"]');
  assert.match(await page.textContent('[data-testid="method"]'), /^Monte Carlo: \d+ simulated battles, seed 1/);
  assert.match(await page.textContent('[data-testid="note"]'), /bosworth simulate --runs \d+/);
  await page.screenshot({ path: path.join(SHOTS, 'fog-kent-monte-carlo.png'), fullPage: true });
  const cli = cliJson('exact', [], s);
  assert.deepEqual(await settledExact(page), headlineOf(cli.report));
  assert.deepEqual(await page.evaluate((r) => window.shown[r], revision), ['monte-carlo', 'refining', 'exact']);
  assert.match(await page.textContent('[data-testid="averaged"]'), new RegExp(`${cli.possibilities} possibilities \\(${cli.compositions} distinct battles, each solved exactly\\)`));
  assert.equal(await page.locator('[data-testid="refining"]').count(), 0);
  // The summary says March takes York's tied hits first, as entered (D3).
  assert.match(await page.textContent('[data-testid="summary"]'), /York's tied hits: March first \(listing order\)/);
  await page.screenshot({ path: path.join(SHOTS, 'fog-kent-exact.png'), fullPage: true });

  // The worst possibility as a battle: `bosworth reveal FILE worst`, its figures `bosworth exact`'s,
  // the figure its button gave.
  const said = await page.textContent('[data-testid="open-worst"]');
  await press('[data-testid="open-worst"]');
  const worst = cliReveal(s, 'worst');
  await page.waitForSelector('[data-testid="hidden-defender-0"]', { state: 'detached' });
  const opened = await scenarioOf(page);
  assert.deepEqual(opened.defender.blocks, worst.defender.blocks);
  assert.deepEqual(opened.attacker.blocks, worst.attacker.blocks);
  const figures = await settled(page);
  assert.deepEqual(figures, headlineOf(cliJson('exact', [], worst)));
  assert.ok(said.endsWith(`(${figures.attacker})`), `the button said ${said}; the headline is ${figures.attacker}`);
  // The advisor answers there: Advise runs and gives best play.
  await press('[data-testid="advise"]');
  await page.waitForSelector('[data-testid="advice-decision"]');
  assert.match(await page.getAttribute('[data-testid="advice-method"]', 'data-method'), /^(exact|estimated)$/);
  assert.ok((await page.locator('[data-testid="advice-actions"] li').count()) > 0, 'best play names its choices');

  // Undo: the hidden blocks again, and their exact figures (the lead worker kept the battles solved).
  await press('[data-testid="undo"]');
  await page.waitForSelector('[data-testid="hidden-defender-2"]');
  assert.deepEqual((await scenarioOf(page)).defender.hidden, [{}, {}, {}]);
  assert.deepEqual(await settledExact(page), headlineOf(cli.report));
});

test('the summary says who takes tied hits when the listing order decides, and Protect heirs beside it sets the hit order (D3)', async () => {
  const s0 = {
    version: 1, area: 'Kent', king: 'Lancaster',
    attacker: { house: 'York', blocks: [{ id: 'March', strength: 3 }, { id: 'Hastings', strength: 3 }] },
    defender: { house: 'Lancaster', blocks: [{ id: 'Pembroke', strength: 3 }], hidden: [{ kinds: ['noble'] }] },
  };
  await page.goto(link(server.url, s0));
  const before = await settledExact(page);
  assert.match(await page.textContent('[data-testid="summary"]'), /York's tied hits: March first \(listing order\)/);
  const march = async () => page.textContent('[data-testid="fates"] tbody tr:first-child td[data-label="Eliminated"]');
  const marchBefore = await march();
  await page.locator('[data-testid="summary"]').screenshot({ path: path.join(SHOTS, 'fog-summary-tied-hits.png') });
  await press('[data-testid="summary-protect-attacker"]');
  const s = await scenarioWhere(page, (sc) => (sc.policy?.attacker?.hit_order || []).length > 0);
  assert.deepEqual(s.policy.attacker.hit_order, ['Hastings', 'March'], 'as the Choices panel\'s Protect heirs sets it');
  const cli = cliJson('exact', [], s).report;
  assert.deepEqual(await settledExact(page), headlineOf(cli));
  assert.notDeepEqual(await settled(page), before, 'the hit order changes the odds');
  assert.equal(await march(), pct(cli.blocks[0].eliminated));
  assert.ok(parseFloat(await march()) < parseFloat(marchBefore), `March dies less often last: ${await march()} against ${marchBefore}`);
  const summary = await page.textContent('[data-testid="summary"]');
  assert.match(summary, /hits on Hastings first/);
  assert.doesNotMatch(summary, /York's tied hits/);
  assert.equal(await page.locator('[data-testid="summary-protect-attacker"]').count(), 0);
  // Undo comes back.
  await press('[data-testid="undo"]');
  await page.waitForSelector('[data-testid="summary-protect-attacker"]');
});

test('not in this area by keyboard, and any possibility opened: a scouting row, a percentile, the last row of who a hidden block may be', async () => {
  const s0 = structuredClone(KNOWN);
  s0.defender.hidden = [{}, {}];
  await page.goto(link(server.url, s0));
  await settledExact(page);
  // Not in this area: a quick pick marks York's three levies for both hidden blocks, one edit.
  await page.focus('[data-testid="not-here-defender"] summary');
  await page.keyboard.press('Enter');
  await press('[data-testid="not-here-defender-pick-0"]');
  let s = await scenarioWhere(page, (sc) => (sc.seen_elsewhere || []).length === 3);
  assert.deepEqual(s.seen_elsewhere, ['London (levy)', 'Norwich (levy)', 'Salisbury (levy)']);
  assert.equal(await page.getAttribute('[data-testid="not-here-defender-pick-0"]', 'aria-pressed'), 'true');
  // And one block, by Space on its checkbox.
  await page.focus('[data-testid="not-here-defender-Suffolk"]');
  await page.keyboard.press('Space');
  s = await scenarioWhere(page, (sc) => (sc.seen_elsewhere || []).includes('Suffolk'));
  for (const k of [0, 1]) {
    assert.equal(await page.textContent(`[data-testid="hidden-defender-${k}"] .hidden-count`), '17 possible');
    assert.match(await page.textContent(`[data-testid="hidden-out-defender-${k}"]`), /not in this area \(4\): Suffolk, London \(levy\), Norwich \(levy\), Salisbury \(levy\)/);
  }
  assert.match(await page.textContent('[data-testid="summary"]'), /Not in this area: London \(levy\), Norwich \(levy\), Salisbury \(levy\), Suffolk/);
  const cli = cliJson('exact', [], s);
  assert.deepEqual(await settledExact(page), headlineOf(cli.report));
  await page.locator('[data-testid="army-defender"]').screenshot({ path: path.join(SHOTS, 'fog-not-here.png') });

  /** Opens a possibility by its button; checks the battle is `bosworth reveal`'s, its headline
   * `bosworth exact`'s and the figure the button gave; Undo returns. */
  const openAndCheck = async (button, which) => {
    const said = await page.textContent(button);
    await press(button);
    await page.waitForSelector('[data-testid="hidden-defender-0"]', { state: 'detached' });
    const want = cliReveal(s, which);
    const opened = await scenarioOf(page);
    assert.deepEqual(opened.defender.blocks, want.defender.blocks, which);
    const shown = await settled(page);
    assert.deepEqual(shown, headlineOf(cliJson('exact', [], want)), which);
    assert.ok(said.endsWith(`(${shown.attacker})`), `${which}: the button said ${said}; the headline is ${shown.attacker}`);
    await press('[data-testid="undo"]');
    await page.waitForSelector('[data-testid="hidden-defender-1"]');
    await settledExact(page);
  };
  // A scouting row: its figure is averaged over the other hidden block; the button opens the
  // most likely composition with that block and says that battle's own figure.
  const worst = cli.scouting[0].worst;
  assert.match(await page.textContent('[data-testid="scouting"] tbody tr:first-child'), new RegExp(`${worst.block.replace(/[()]/g, '\\$&')} ${worst.strength} → ${pct(worst.viewer_holds).replace('.', '\\.')} on average`));
  await openAndCheck(`[data-testid="open-scout-${cli.scouting[0].hidden}-worst"]`, `defender.hidden[${cli.scouting[0].hidden}]=${worst.block} ${worst.strength}`);
  // A percentile, typed.
  await page.fill('[data-testid="spread-percentile"]', '25');
  await page.keyboard.press('Tab');
  await openAndCheck('[data-testid="open-percentile"]', 'P25');
  // Every row of who a hidden block may be, behind Show all: the last.
  await page.focus('[data-testid="open-who-0"] summary');
  await page.keyboard.press('Enter');
  const rows = cli.hidden[0].who;
  assert.equal(await page.locator('[data-testid="open-who-0"] li').count(), 8);
  await press('[data-testid="open-who-all-0"]');
  await page.waitForSelector(`[data-testid="who-row-0-${rows.length - 1}"]`);
  assert.equal(await page.locator('[data-testid="open-who-0"] li').count(), rows.length);
  await page.locator('[data-testid="fog"]').screenshot({ path: path.join(SHOTS, 'fog-open-any.png') });
  const last = rows[rows.length - 1];
  await openAndCheck(`[data-testid="open-who-0-${rows.length - 1}"]`, `defender.hidden[0]=${last.block} ${last.strength}`);
});

test('a charge by a known heir with a hidden block present: the Choices panel is open and the headline follows the CLI', async () => {
  const s0 = {
    version: 1, area: 'Kent', king: 'Lancaster',
    attacker: { house: 'York', blocks: [{ id: 'March', strength: 3 }, { id: 'Hastings', strength: 2 }] },
    defender: { house: 'Lancaster', blocks: [{ id: 'Pembroke', strength: 3 }], hidden: [{}] },
  };
  await page.goto(link(server.url, s0));
  const before = await settledExact(page);
  assert.deepEqual(before, headlineOf(cliJson('exact', [], s0).report));
  await page.click('[data-testid="choices-attacker"] summary');
  assert.doesNotMatch(await page.textContent('[data-testid="choices-attacker"]'), /fix the blocks first/);
  await page.selectOption('[data-testid="add-charge-attacker"]', 'Pembroke');
  const s = await scenarioWhere(page, (sc) => (sc.policy?.attacker?.charges || []).length > 0);
  assert.equal(s.policy.attacker.charges.length, 1);
  assert.equal(s.policy.attacker.charges[0].target, 'Pembroke');
  assert.deepEqual(s.defender.hidden, [{}]);
  const after = await settledExact(page);
  assert.deepEqual(after, headlineOf(cliJson('exact', [], s).report));
  assert.notDeepEqual(after, before, 'the charge changes the odds');
  // The hidden block is no choice of the defender's: only known blocks are named.
  await page.click('[data-testid="choices-defender"] summary');
  await page.locator('[data-testid="choices-defender"]').screenshot({ path: path.join(SHOTS, 'fog-choices.png') });
});
