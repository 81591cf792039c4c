// End to end: Rally the Troops on the map (issue 33, part 4). A play page's {player, view}
// (tests/rtt-samples/game-2.view-006.json) pasted by keyboard: the map shows the board
// `bosworth import` gives (York's blocks in full, Lancaster's counted), its notes above the map,
// its targets planned as `bosworth plan` plans them, and none of the enemy's names; Undo brings
// the board before back. A paste cut short is refused in the CLI's words and leaves the map as it
// was. An Observer's view asks whose board. The bookmarklet copies {player, view}, or prompts when
// the clipboard is refused. A finished game's export chosen as a file: its points as
// `bosworth import --list` lists them, a point's board as `--at N` gives it, kept across a reload,
// and its report: as many battles as `bosworth game --json`, each with the CLI's odds, one opened
// as a battle with `bosworth exact`'s headline.
import { test, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, spawnSync } from 'node:child_process';
import { ROOT, SHOTS, b64url, pct, addressOf, settled, guardedSuite, server, page, violations } from './lib.mjs';

guardedSuite({ before, after, beforeEach, afterEach }, assert);

/** The samples (copies of shared/rtt/samples in the repository). */
const SAMPLES = path.join(ROOT, 'tests', 'rtt-samples');
const VIEW_FILE = path.join(SAMPLES, 'game-2.view-006.json');
const EXPORT_FILE = path.join(SAMPLES, 'game-2.export.json');
const VIEW = fs.readFileSync(VIEW_FILE, 'utf8');
const KENT = JSON.parse(fs.readFileSync(path.join(ROOT, 'examples', 'board-kent.json'), 'utf8'));

/** `bosworth ARGS`: its exit code, standard output and standard error. */
function cli(args) {
  const r = spawnSync('cargo', ['run', '--release', '--quiet', '--bin', 'bosworth', '--', ...args],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** `bosworth import FILE [args]`: the board and the notes. */
function cliImport(file, args = []) {
  const r = cli(['import', file, ...args]);
  assert.equal(r.code, 0, r.err);
  const notes = r.err.split('\n').filter((l) => l.startsWith('note: ')).map((l) => l.slice(6));
  return { board: JSON.parse(r.out), notes };
}

/** `bosworth plan BOARD --json` on a board object. */
function cliPlan(board) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bosworth-board-')), 'board.json');
  fs.writeFileSync(file, JSON.stringify(board));
  return JSON.parse(execFileSync('cargo', ['run', '--release', '--quiet', '--bin', 'bosworth', '--', 'plan', file, '--json'],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 }));
}

/** The board in the page's address, once written. */
async function boardOf() {
  const hash = await addressOf(page);
  const b = hash.slice(1).split('&').find((p) => p.startsWith('b='));
  assert.ok(b, `the address ${hash.slice(0, 40)}… carries b=`);
  return JSON.parse(Buffer.from(b.slice(2), 'base64url').toString('utf8'));
}

/** Opens the map on the Kent example and the import card, by keyboard. */
async function openCard() {
  await page.goto('about:blank');
  await page.goto(`${server.url}#b=${b64url(JSON.stringify(KENT))}`);
  await page.waitForSelector('[data-testid="board-view"]');
  await page.focus('[data-testid="rtt-card"] > summary');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid="rtt-card"][open] [data-testid="rtt-paste"]');
}

/** Pastes `text` into the box and presses Import, by keyboard. */
async function paste(text) {
  await page.focus('[data-testid="rtt-paste"]');
  await page.keyboard.insertText(text);
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'rtt-import');
  await page.keyboard.press('Enter');
}

/** Every text and attribute value inside `selector`: what a reader or a screen reader gets. */
const everything = (selector) => page.$eval(selector, (root) => {
  const out = [root.textContent];
  for (const el of root.querySelectorAll('*')) for (const a of el.attributes) out.push(a.value);
  return out.join('\n');
});

test('a view pasted by keyboard: the board bosworth import gives, its notes, its targets planned, no enemy name, Undo', async () => {
  const want = cliImport(VIEW_FILE);
  const lancaster = cliImport(VIEW_FILE, ['--side', 'lancaster']).board;
  await openCard();
  const before = await boardOf();
  // The map's panel before: the areas' shields name nobles whatever the board (Cumbria's
  // Clifford), so a name may be counted there only as often as before.
  const panelBefore = await everything('.map-card');
  await paste(VIEW);
  await page.waitForSelector('[data-testid="rtt-notes"]:not([data-stale])');
  assert.deepEqual(await boardOf(), want.board, 'the board on the map is bosworth import\'s');
  // The notes, above the map, in the CLI's words; the keyboard's focus on them.
  const notes = await page.$$eval('[data-testid="rtt-notes"] li', (li) => li.map((x) => x.textContent));
  assert.deepEqual(notes, want.notes);
  assert.ok(await page.$eval('.map-card [data-testid="rtt-notes"]', (n) => n.contains(document.activeElement)), 'focus on the notes');
  assert.equal(await page.inputValue('[data-testid="rtt-paste"]'), '', 'the box emptied');
  // The map shows each area's blocks as the board has them: York's by name and strength,
  // Lancaster's counted.
  for (const a of want.board.areas) {
    const label = await page.getAttribute(`.map-card .hit[data-area="${a.area}"]`, 'aria-label');
    for (const b of a.blocks ?? []) assert.ok(label.includes(`${b.id} ${b.strength}`), `${a.area}: ${label} names ${b.id} ${b.strength}`);
    if (a.enemy) assert.ok(label.includes(`${a.enemy} unseen Lancaster block`), `${a.area}: ${label} counts ${a.enemy}`);
  }
  // Every target planned as `bosworth plan` plans the board: each best figure on the map.
  await page.waitForSelector('[data-testid="plans"][data-calc="done"]:not([data-target])', { timeout: 0 });
  const every = cliPlan(want.board);
  assert.ok(every.length > 0, 'the board has targets');
  const rows = await page.$$eval('[data-testid="plan-list"] .plan-row', (r) => r.map((x) => [x.dataset.target, Number(x.dataset.holds)]));
  assert.deepEqual(rows, every.map((t) => [t.target, t.plans[0].holds]));
  const map = await everything('.map-card');
  for (const t of every) assert.ok(map.includes(pct(t.plans[0].holds)), `the map shows ${t.target}'s ${pct(t.plans[0].holds)}`);
  // None of the enemy's blocks is named in the map's panel beyond the map's own words (the
  // shields of each area), names that are also areas' aside.
  const areas = await page.$$eval('.map-card .hit[data-area]', (h) => h.map((x) => x.dataset.area));
  const enemy = lancaster.areas.flatMap((a) => (a.blocks ?? []).map((b) => b.id)).filter((id) => !areas.includes(id));
  assert.ok(enemy.length >= 8, `enemy names to look for: ${enemy}`);
  const count = (text, id) => text.split(id).length - 1;
  for (const id of enemy) assert.equal(count(map, id), count(panelBefore, id), `the map's panel does not name ${id}`);
  for (const shot of ['rtt-view-desktop']) await page.screenshot({ path: path.join(SHOTS, `${shot}.png`) });
  // Undo: the board before, the notes folded away.
  await page.focus('[data-testid="undo"]');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid="rtt-notes"][data-stale]');
  assert.deepEqual(await boardOf(), before);
});

test('a paste cut short is refused in the CLI\'s words and the map is left as it was; an Observer is asked whose board', async () => {
  await openCard();
  const before = await boardOf();
  const revision = await page.getAttribute('main[data-revision]', 'data-revision');
  let cut = Math.floor(VIEW.length / 2);
  while (VIEW.charCodeAt(cut - 1) > 127) cut--;
  const short = VIEW.slice(0, cut);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bosworth-rtt-')), 'cut.json');
  fs.writeFileSync(file, short);
  const r = cli(['import', file]);
  assert.equal(r.code, 2);
  const words = r.err.trim().replace(/^error: /, '');
  assert.match(words, /cut short/);
  await paste(short);
  await page.waitForSelector('[data-testid="rtt-error"]');
  assert.equal(await page.textContent('[data-testid="rtt-error"]'), words);
  assert.equal(await page.getAttribute('main[data-revision]', 'data-revision'), revision, 'no change of the board');
  assert.deepEqual(await boardOf(), before);
  assert.equal(await page.$('[data-testid="rtt-notes"]'), null, 'no notes');
  await page.screenshot({ path: path.join(SHOTS, 'rtt-error-desktop.png') });

  // An Observer's view: whose board? Lancaster's, as `bosworth import --side lancaster` makes it.
  const observer = JSON.stringify({ ...JSON.parse(VIEW), player: 'Observer' });
  await page.fill('[data-testid="rtt-paste"]', '');
  await paste(observer);
  await page.waitForSelector('[data-testid="rtt-observer"]');
  assert.deepEqual(await boardOf(), before, 'nothing on the map before the side is chosen');
  await page.focus('[data-testid="rtt-side-lancaster"]');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid="rtt-notes"]:not([data-stale])');
  assert.deepEqual(await boardOf(), cliImport(VIEW_FILE, ['--side', 'lancaster']).board);
});

test('the bookmarklet copies {player, view}, and shows it in a prompt when the clipboard is refused', async () => {
  await openCard();
  const href = await page.getAttribute('[data-testid="bookmarklet"]', 'href');
  assert.ok(href.startsWith('javascript:'));
  const code = decodeURIComponent(href.slice('javascript:'.length));
  const { player, view } = JSON.parse(VIEW);
  const want = JSON.stringify({ player, view });
  // As on a play page: the two globals, and a clipboard that takes the text.
  await page.evaluate(({ player, view }) => {
    window.player = player;
    window.view = view;
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (t) => { window.copied = t; } } });
  }, { player, view });
  await page.evaluate(code);
  await page.waitForFunction(() => window.copied !== undefined);
  assert.equal(await page.evaluate(() => window.copied), want);
  // A clipboard that refuses: the text in a prompt.
  const prompted = new Promise((resolve) => page.once('dialog', async (d) => { resolve([d.type(), d.defaultValue()]); await d.dismiss(); }));
  await page.evaluate(() => {
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: () => Promise.reject(new Error('denied')) } });
  });
  await page.evaluate(code);
  assert.deepEqual(await prompted, ['prompt', want]);
  // Clicked here, it says how to use it rather than run.
  await page.focus('[data-testid="bookmarklet"]');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid="bookmarklet-said"]');
});

test('a finished game\'s export: its points, a point\'s board, kept across a reload, and its report as bosworth game gives it', async () => {
  const list = cli(['import', EXPORT_FILE, '--list']);
  assert.equal(list.code, 0, list.err);
  const points = Number(list.out.match(/^(\d+) points;/m)[1]);
  const game = JSON.parse(cli(['game', EXPORT_FILE, '--json']).out);
  await openCard();
  await page.setInputFiles('[data-testid="rtt-file"] input[type="file"]', EXPORT_FILE);
  await page.waitForSelector('[data-testid="rtt-points"]');
  assert.equal(await page.$$eval('[data-testid="rtt-points"] li', (l) => l.length), points);
  // Point 5's board, as `bosworth import --at 5` gives it.
  await page.focus('[data-testid="rtt-point-5"]');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid="rtt-point-5"][aria-pressed="true"]');
  await page.waitForSelector('[data-testid="rtt-notes"]:not([data-stale])');
  const at5 = cliImport(EXPORT_FILE, ['--at', '5']);
  assert.deepEqual(await boardOf(), at5.board);
  assert.deepEqual(await page.$$eval('[data-testid="rtt-notes"] li', (li) => li.map((x) => x.textContent)), at5.notes);
  // The report: as many battles as `bosworth game`, the table at once, each one's odds as the CLI's.
  await page.waitForSelector('[data-testid="rtt-report"]');
  assert.equal(await page.$$eval('[data-testid="rtt-battles"] tbody tr', (r) => r.length), game.battles.length);
  await page.waitForSelector('[data-testid="rtt-report"][data-calc="done"]', { timeout: 0 });
  for (const b of game.battles) {
    const row = `[data-testid="rtt-battle-${b.index}"]`;
    const odds = Number(await page.getAttribute(row, 'data-odds'));
    assert.ok(Math.abs(odds - b.odds) < 1e-9, `battle ${b.index}: ${odds} against the CLI's ${b.odds}`);
    assert.equal(await page.textContent(`${row} td[data-label="Area"]`).then((t) => t.replace(' *', '')), b.area);
  }
  await page.$eval('[data-testid="rtt-report"]', (r) => r.scrollIntoView());
  await page.screenshot({ path: path.join(SHOTS, 'rtt-report-desktop.png') });
  // Kept across a reload, never in the address.
  assert.ok(!(await addressOf(page)).includes('snaps'));
  await page.reload();
  await page.waitForSelector('[data-testid="rtt-points"]');
  await page.waitForSelector('[data-testid="rtt-report"][data-calc="done"]', { timeout: 0 });
  // Battle 1 opened as a battle: `bosworth exact`'s headline on its scenario.
  const first = game.battles[0];
  await page.focus('[data-testid="rtt-open-1"]');
  await page.keyboard.press('Enter');
  const shown = await settled(page);
  assert.equal(shown.attacker, pct(first.odds));
});


test('axe finds nothing serious in the import card, the notes, a game\'s points and its report, both themes, desktop and phone', async () => {
  for (const [size, viewport] of [['desktop', { width: 1366, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
    for (const theme of ['light', 'dark']) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: theme });
      await openCard();
      await page.setInputFiles('[data-testid="rtt-file"] input[type="file"]', EXPORT_FILE);
      await page.waitForSelector('[data-testid="rtt-points"]');
      await page.click('[data-testid="rtt-point-12"]');
      await page.waitForSelector('[data-testid="rtt-notes"]:not([data-stale])');
      await page.waitForSelector('[data-testid="rtt-report"][data-calc="done"]', { timeout: 0 });
      assert.deepEqual(await violations(), [], `${size}, ${theme}`);
      await page.screenshot({ path: path.join(SHOTS, `rtt-${size}-${theme}.png`), fullPage: size === 'phone' });
      await page.evaluate(() => localStorage.clear());
    }
  }
});
