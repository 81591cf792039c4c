// End to end: the map's Best turn (issue 34, R37, R38). examples/board-turn.json opened from the
// map's examples list; Best turn asked of the planner's worker, its turns (each value, each
// attack's target and chance to hold) those of `bosworth plan BOARD --turn --json`, then by
// another objective (take Kent keeping March) those of `--objective take:Kent:March`; the chosen
// turn's arrows on the map with both targets outlined; its first attack opened as a battle whose
// headline is `bosworth exact`'s on that attack's battle; Back finds the Best turn as it was.
// Then Cancel: pressed at the first progress shown, it stops the worker (terminated) and the
// page says so; worked out again, the turns come with the bar rising. Then an attack pinned by
// keyboard (Kent with March, Hastings and Herbert): every turn shown makes it, and the figures
// are `bosworth plan BOARD --turn --with Kent=March,Hastings,Herbert --json`'s; Unpin brings back
// the unpinned turns. Screenshots at desktop and phone sizes, both themes.
import { test, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { ROOT, SHOTS, b64url, cliJson, addressOf, settled, headlineOf, guardedSuite, server, page, turnWatch } from './lib.mjs';

guardedSuite({ before, after, beforeEach, afterEach }, assert);

const TURN = JSON.parse(fs.readFileSync(path.join(ROOT, 'examples', 'board-turn.json'), 'utf8'));

/** The board in the page's address, once written. */
async function boardOf() {
  const hash = await addressOf(page);
  const b = hash.slice(1).split('&').find((p) => p.startsWith('b='));
  assert.ok(b, `the address ${hash.slice(0, 40)}… carries b=`);
  return JSON.parse(Buffer.from(b.slice(2), 'base64url').toString('utf8'));
}

/** `bosworth plan BOARD --turn [args] --json` on a board object. */
function cliTurn(board, args) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bosworth-board-')), 'board.json');
  fs.writeFileSync(file, JSON.stringify(board));
  const out = execFileSync('cargo', ['run', '--release', '--quiet', '--bin', 'bosworth', '--', 'plan', file, '--turn', ...args, '--json'],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });
  return JSON.parse(out);
}

/** The turns the page shows, as the CLI's JSON names their fields. */
async function shownTurns() {
  return page.$$eval('[data-testid="turn-list"] .turn-row', (rows) => rows.map((r) => ({
    value: Number(r.dataset.value),
    std_error: Number(r.dataset.stdError),
    at_least: r.dataset.atLeast === 'true',
    attacks: [...r.querySelectorAll('.turn-attack')].map((a) => ({
      target: a.dataset.target, holds: Number(a.dataset.holds), std_error: Number(a.dataset.stdError),
    })),
  })));
}

/** A CLI turn as the page's rows say it. */
const asShown = (t) => ({
  value: t.value,
  std_error: t.std_error,
  at_least: t.at_least,
  attacks: t.attacks.map((a) => ({ target: a.target, holds: a.holds, std_error: a.std_error })),
});

/** Waits until the Best turn card has the final turns for the objective `words`. */
const turnsDone = (words) => page.waitForSelector(`[data-testid="best-turn"][data-calc="done"][data-objective="${words}"]`, { timeout: 0 });

test('Best turn on examples/board-turn.json: bosworth plan --turn\'s turns, by two objectives, the first attack opened as a battle, and Back', async () => {
  const kent = fs.readFileSync(path.join(ROOT, 'examples', 'board-kent.json'), 'utf8');
  await page.goto(`${server.url}#b=${b64url(kent)}`);
  await page.waitForSelector('[data-testid="board-view"]');
  // From the map's examples list.
  const names = await page.$$eval('[data-testid="examples"] option', (o) => o.map((x) => x.textContent));
  const at = names.findIndex((n) => /A whole turn/.test(n));
  assert.ok(at > 0, `the examples list offers board-turn.json: ${names.join(' | ')}`);
  await page.selectOption('[data-testid="examples"]', String(at - 1));
  await page.click('[data-testid="example-open"]');
  await page.waitForSelector('[data-testid="plans"][data-calc="done"]', { timeout: 0 });
  const board = await boardOf();
  assert.deepEqual(board, { king: 'Lancaster', ...TURN, player: 1 }, 'the example on the map, with the throne and player the map writes');

  // Best turn, by expected areas (the default objective).
  await page.click('[data-testid="best-turn-open"]');
  await page.waitForSelector('[data-testid="best-turn"]');
  await turnsDone('areas');
  const cli = cliTurn(board, []);
  assert.ok(cli.turns.length >= 1);
  assert.deepEqual(await shownTurns(), cli.turns.map(asShown));
  assert.deepEqual(cli.turns[0].attacks.map((a) => a.target), ['Sussex', 'Kent'], 'the best turn attacks both targets');
  assert.equal(await page.textContent('[data-testid="turn-0-value"]'), `${cli.turns[0].value.toFixed(3)} areas`);
  assert.match(await page.textContent('[data-testid="turn-method"]'), /as bosworth plan BOARD --turn gives them on this board's link/);
  // Left empty and open to counter-attack, and the heirs at risk, as the CLI lists them.
  const empties = await page.$$eval('[data-testid="turn-0-empty"]', (e) => e.map((x) => x.textContent));
  assert.deepEqual(empties, cli.turns[0].open_to_counter_attack.map((o) => (o.from.length
    ? `Left empty: ${o.area}, open to Lancaster from ${o.from.join(', ')}` : `Left empty: ${o.area}`)));
  assert.match(await page.textContent('[data-testid="turn-0-heirs"]'), /^Heirs at risk: March \d+\.\d%$/);
  // The chosen turn on the map: both targets outlined, the arrows of both attacks.
  assert.equal(await page.locator('.marks .target').count(), 2);
  const arrows = await page.locator('.marks .arrow').count();
  const legs = new Set(cli.turns[0].attacks.flatMap((a) => [...a.active, ...a.reserves]
    .flatMap((w) => w.route.slice(1).map((to, i) => `${w.route[i]}>${to}`))));
  assert.equal(arrows, legs.size, `one arrow per border crossed: ${[...legs].join(' ')}`);
  for (const [size, viewport] of Object.entries({ desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } })) {
    for (const theme of ['light', 'dark']) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: theme });
      await page.screenshot({ path: path.join(SHOTS, `map-turn-${size}-${theme}.png`), fullPage: size === 'desktop' });
      await page.locator('[data-testid="best-turn"]').screenshot({ path: path.join(SHOTS, `map-turn-card-${size}-${theme}.png`) });
    }
  }
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), 'no sideways scrolling at 390 px');
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });

  // Another objective: take Kent keeping March, as --objective take:Kent:March ranks them.
  await page.selectOption('[data-testid="turn-objective"]', 'take:Kent');
  await turnsDone('take:Kent');
  await page.selectOption('[data-testid="turn-heir"]', 'March');
  await turnsDone('take:Kent:March');
  const take = cliTurn(board, ['--objective', 'take:Kent:March']);
  assert.deepEqual(await shownTurns(), take.turns.map(asShown));
  assert.ok(take.turns.every((t) => t.attacks.some((a) => a.target === 'Kent')), 'every turn attacks Kent');
  // Back to expected areas: worked out before, shown at once.
  await page.selectOption('[data-testid="turn-objective"]', 'areas');
  await turnsDone('areas');
  assert.deepEqual(await shownTurns(), cli.turns.map(asShown));

  // The first attack of the best turn opened as a battle: its battle is the CLI's, and the battle
  // calculator's headline is `bosworth exact`'s on it.
  const href = await page.getAttribute('[data-testid="turn-0-open-0"]', 'href');
  assert.match(href, /^#s=/);
  const battle = JSON.parse(Buffer.from(href.slice(3), 'base64url').toString('utf8'));
  assert.deepEqual(battle, cli.turns[0].attacks[0].battle, 'the attack\'s battle, as bosworth plan --turn --json prints it');
  await page.focus('[data-testid="turn-0-open-0"]');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid="headline"]');
  await page.waitForSelector('[data-testid="results"][data-current="true"][data-method="exact"]', { timeout: 0 });
  const exact = cliJson('exact', [], battle);
  assert.deepEqual(await settled(page), headlineOf(exact.report));
  assert.ok(Math.abs(exact.report.attacker_holds - cli.turns[0].attacks[0].holds) < 1e-9,
    `the attack's exact chance ${cli.turns[0].attacks[0].holds} is the battle's ${exact.report.attacker_holds}`);

  // Back: the map with its Best turn as it was (worked out once).
  await page.goBack();
  await turnsDone('areas');
  assert.deepEqual(await boardOf(), board);
  assert.deepEqual(await shownTurns(), cli.turns.map(asShown));
  // Plans by target: the ranking again, the Best turn button focused.
  await page.click('[data-testid="turn-close"]');
  await page.waitForSelector('[data-testid="plans"]');
  await page.waitForFunction(() => document.activeElement?.dataset.testid === 'best-turn-open');
});

/** The board on the map by link, every target planned. */
async function openTurnBoard() {
  await page.goto(`${server.url}#b=${b64url(JSON.stringify(TURN))}`);
  await page.waitForSelector('[data-testid="plans"][data-calc="done"]:not([data-target])', { timeout: 0 });
  return boardOf();
}

test('Best turn: Cancel at the first progress stops the worker and the page says so; worked out again, the bar rises to the CLI\'s turns', async () => {
  // Cancel pressed in the same task that first shows progress above 0: the worker is working.
  await page.addInitScript(turnWatch, 0.001);
  const board = await openTurnBoard();
  await page.click('[data-testid="best-turn-open"]');
  await page.waitForSelector('[data-testid="best-turn"][data-calc="cancelled"]', { timeout: 0 });
  const w = await page.evaluate(() => window.turnWatch);
  assert.ok(w.cancelClick !== null, 'Cancel was pressed');
  assert.ok(w.values.some((v) => v > 0), `progress above 0 was shown before Cancel: ${w.values.join(' ')}`);
  assert.equal(w.final, null, 'no turn came before Cancel');
  // Every worker started since Best turn was asked has been terminated: the work is stopped.
  const started = await page.evaluate((t0) => window.workers.filter((x) => x.at >= t0), w.t0);
  assert.ok(started.length >= 1, 'Best turn started a worker');
  assert.ok(started.every((x) => x.terminated), `every worker of the turn terminated: ${JSON.stringify(started)}`);
  // The page says so: no bar, no turns, the words and a way to work it out again.
  assert.match(await page.textContent('[data-testid="best-turn"] .plan-status'), /Stopped before any turn was worked out\./);
  assert.equal(await page.locator('[data-testid="turn-progress"]').count(), 0);
  assert.equal(await page.locator('[data-testid="turn-list"]').count(), 0);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.locator('[data-testid="best-turn"]').screenshot({ path: path.join(SHOTS, 'map-turn-cancelled-phone-light.png') });
  await page.setViewportSize({ width: 1366, height: 900 });

  // Worked out again (keyboard): the bar rises, then the CLI's turns.
  const seen = w.values.length;
  await page.focus('[data-testid="turn-resume"]');
  await page.keyboard.press('Enter');
  await turnsDone('areas');
  const again = await page.evaluate(() => window.turnWatch.values);
  const rising = again.slice(seen);
  assert.ok(rising.filter((v) => v > 0).length >= 2, `the bar moved while the turn was worked out: ${rising.join(' ')}`);
  assert.ok(rising.every((v, i) => i === 0 || v >= rising[i - 1]), `the bar never went back: ${rising.join(' ')}`);
  assert.deepEqual(await shownTurns(), cliTurn(board, []).turns.map(asShown));
});

test('Best turn: attacks pinned by keyboard are in every turn shown, with bosworth plan --turn --with\'s figures; Unpin, Unpin all', async () => {
  const board = await openTurnBoard();
  await page.click('[data-testid="best-turn-open"]');
  await turnsDone('areas');
  const free = cliTurn(board, []);
  // The pin offers the targets, and for Kent the blocks that can reach it.
  assert.deepEqual(await page.$$eval('[data-testid="turn-pin-target"] option', (o) => o.map((x) => x.value)), ['', 'Sussex', 'Kent']);
  /** Pins an attack by keyboard: the target chosen, each block ticked with Space, then Enter on the button. */
  const pin = async (area, ids) => {
    await page.focus('[data-testid="turn-pin-target"]');
    await page.selectOption('[data-testid="turn-pin-target"]', area);
    assert.ok(await page.isDisabled('[data-testid="turn-pin-apply"]'), 'nothing to pin before a block is ticked');
    for (const id of ids) {
      await page.focus(`[data-testid="turn-pin-block-${id}"]`);
      await page.keyboard.press('Space');
    }
    await page.focus('[data-testid="turn-pin-apply"]');
    await page.keyboard.press('Enter');
  };
  const pinnedShown = () => page.$$eval('[data-testid="turn-pinned"] li > span', (s) => s.map((x) => x.textContent));
  await page.selectOption('[data-testid="turn-pin-target"]', 'Kent');
  const offered = await page.$$eval('.turn-pin-block input', (i) => i.map((x) => x.dataset.testid.replace('turn-pin-block-', '')));
  const order = TURN.areas.flatMap((a) => (a.blocks ?? []).map((b) => b.id));
  assert.deepEqual(offered, order.filter((b) => offered.includes(b)), 'in the board\'s order');
  assert.ok(['March', 'Hastings', 'Herbert'].every((b) => offered.includes(b)), `Kent's blocks offered: ${offered.join(', ')}`);
  await pin('Kent', ['March', 'Hastings', 'Herbert']);
  await page.waitForSelector('[data-testid="turn-pinned"]');
  assert.deepEqual(await pinnedShown(), ['Kent with March, Hastings, Herbert']);
  await turnsDone('areas');
  await page.waitForFunction(() => document.querySelector('[data-testid="turn-0"] [data-pinned="true"]'));
  const pinned = cliTurn(board, ['--with', 'Kent=March,Hastings,Herbert']);
  assert.ok(pinned.turns.length >= 1);
  assert.deepEqual(await shownTurns(), pinned.turns.map(asShown), 'the figures of bosworth plan --turn --with Kent=March,Hastings,Herbert');
  assert.notDeepEqual(pinned.turns.map(asShown), free.turns.map(asShown), 'the pin changes the turns');
  /** Every turn shown makes the pinned attacks with exactly their blocks, and says they are pinned. */
  const everyTurnMakes = async (pins, turns) => {
    const rows = await page.$$eval('[data-testid="turn-list"] .turn-row', (r) => r.map((row) => [...row.querySelectorAll('.turn-attack')]
      .map((a) => ({ target: a.dataset.target, blocks: a.dataset.blocks, pinned: a.dataset.pinned }))));
    assert.equal(rows.length, turns);
    for (const attacks of rows) {
      for (const [area, blocks] of Object.entries(pins)) {
        assert.deepEqual(attacks.filter((a) => a.target === area), [{ target: area, blocks, pinned: 'true' }]);
      }
      assert.ok(attacks.filter((a) => !(a.target in pins)).every((a) => a.pinned === 'false'));
    }
  };
  await everyTurnMakes({ Kent: 'March,Hastings,Herbert' }, pinned.turns.length);
  assert.match(await page.textContent('[data-testid="turn-method"]'), /as bosworth plan BOARD --turn --with "Kent=March,Hastings,Herbert" gives them/);
  // A second attack: Kent is no longer offered, nor the blocks pinned to it.
  assert.deepEqual(await page.$$eval('[data-testid="turn-pin-target"] option', (o) => o.map((x) => x.value)), ['', 'Sussex']);
  await page.selectOption('[data-testid="turn-pin-target"]', 'Sussex');
  const second = await page.$$eval('.turn-pin-block input', (i) => i.map((x) => x.dataset.testid.replace('turn-pin-block-', '')));
  assert.ok(second.includes('Norfolk') && !second.some((b) => ['March', 'Hastings', 'Herbert'].includes(b)), `Sussex's blocks offered: ${second.join(', ')}`);
  await pin('Sussex', ['Norfolk']);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="turn-pinned"] li').length === 2);
  assert.deepEqual(await pinnedShown(), ['Kent with March, Hastings, Herbert', 'Sussex with Norfolk']);
  await turnsDone('areas');
  await page.waitForFunction(() => document.querySelector('[data-testid="turn-0"] .turn-attack[data-target="Sussex"][data-pinned="true"]'));
  const both = cliTurn(board, ['--with', 'Kent=March,Hastings,Herbert', '--with', 'Sussex=Norfolk']);
  assert.deepEqual(await shownTurns(), both.turns.map(asShown), 'the figures of bosworth plan --turn with both --with');
  await everyTurnMakes({ Kent: 'March,Hastings,Herbert', Sussex: 'Norfolk' }, both.turns.length);
  assert.match(await page.textContent('[data-testid="turn-method"]'), /--with "Kent=March,Hastings,Herbert" --with "Sussex=Norfolk" gives them/);
  for (const [size, viewport] of Object.entries({ desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } })) {
    for (const theme of ['light', 'dark']) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: theme });
      await page.locator('[data-testid="best-turn"]').screenshot({ path: path.join(SHOTS, `map-turn-pinned-${size}-${theme}.png`) });
    }
  }
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), 'no sideways scrolling at 390 px');
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
  // Unpin Sussex: Kent's turns, worked out before, at once.
  await page.focus('[data-testid="turn-unpin-1"]');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="turn-pinned"] li').length === 1);
  assert.deepEqual(await pinnedShown(), ['Kent with March, Hastings, Herbert']);
  await turnsDone('areas');
  assert.deepEqual(await shownTurns(), pinned.turns.map(asShown));
  // Sussex again, then Unpin all: the turns without a pin, worked out before, at once.
  await pin('Sussex', ['Norfolk']);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="turn-pinned"] li').length === 2);
  await turnsDone('areas');
  assert.deepEqual(await shownTurns(), both.turns.map(asShown));
  await page.focus('[data-testid="turn-pin-clear"]');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => !document.querySelector('[data-testid="turn-pinned"]'));
  await turnsDone('areas');
  assert.deepEqual(await shownTurns(), free.turns.map(asShown));
});
