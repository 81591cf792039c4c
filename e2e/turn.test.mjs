// End to end: the map's Best turn (issue 34, R37, R38). examples/board-turn.json opened from the
// map's examples list; Best turn asked of the planner's worker, its turns (each value, each
// attack's target and chance to hold) those of `bosworth plan BOARD --turn --json`, then by
// another objective (take Kent keeping March) those of `--objective take:Kent:March`; the chosen
// turn's arrows on the map with both targets outlined; its first attack opened as a battle whose
// headline is `bosworth exact`'s on that attack's battle; Back finds the Best turn as it was.
// Screenshots at desktop and phone sizes, both themes.
import { test, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { ROOT, SHOTS, b64url, cliJson, addressOf, settled, headlineOf, guardedSuite, server, page } from './lib.mjs';

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
