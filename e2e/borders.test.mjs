// End to end: borders in the battle view (issue 24, part 5; R20), by keyboard alone. Issue 23's
// Kent example as a new player tells it: York's March, Hastings and Herbert from Middlesex and
// Norfolk from Essex attack Kent. Norfolk from Essex is refused (an estuary, 5.2) and Go to the
// field leads to his border; by Middlesex the river border takes three, not four (5.21); by
// Sussex he is a reserve (6.3) and the headline is `bosworth exact`'s on the page's link.
import { test, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {
  cliExact, settled, scenarioOf, headlineOf, revisionOf, revisedFrom, guardedSuite, SHOTS, server, page, focused, addByKeyboard,
} from './lib.mjs';

guardedSuite({ before, after, beforeEach, afterEach }, assert);

const text = (id) => page.textContent(`[data-testid="${id}"]`);

/**
 * Picks an option of the focused select with the arrow keys (each step a change, as a player's
 * would be), then waits for the page to show the battle with it. Arrows rather than typing the
 * option's first letter: the browser joins letters typed within a second into one search.
 */
async function pick(testid, value) {
  assert.equal(await focused(), testid);
  const sel = `[data-testid="${testid}"]`;
  const [from, to] = await page.$eval(sel, (el, v) => {
    const values = [...el.options].map((o) => o.value);
    return [values.indexOf(el.value), values.indexOf(v)];
  }, value);
  assert.ok(to >= 0, `${value} is offered by ${testid}`);
  // The battle's revision, the second word of <main data-revision> ("battle 7 0 0"), grows by
  // one with each change: wait for as many as the arrows make.
  const revision = async () => Number((await revisionOf(page)).split(' ')[1]);
  const expected = (await revision()) + Math.abs(to - from);
  for (let k = from; k !== to; k += Math.sign(to - from)) await page.keyboard.press(to > from ? 'ArrowDown' : 'ArrowUp');
  await page.waitForFunction((n) => Number(document.querySelector('main[data-revision]')?.getAttribute('data-revision').split(' ')[1]) >= n, expected);
  assert.equal(await revision(), expected);
  assert.equal(await page.inputValue(sel), value);
}

/** The problem card's message, once the page shows one saying `words`. */
async function refusal(words) {
  await page.waitForFunction((w) => document.querySelector('[data-testid="scenario-error"]')?.textContent.includes(w), words);
  return text('scenario-error');
}

test('keyboard only: Norfolk refused by the estuary, then by the river, then a reserve by Sussex', async () => {
  await page.goto(server.url);
  await settled(page);
  // New battle: York attacks Kent. The dialog opens on its first field.
  await page.focus('[data-testid="new-battle"]');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'new-attacker');
  await page.keyboard.press('y');
  await page.keyboard.press('Tab');
  assert.equal(await focused(), 'new-area');
  await page.keyboard.type('Kent');
  assert.equal(await page.inputValue('[data-testid="new-area"]'), 'Kent');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  assert.equal(await focused(), 'new-start');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'search-attacker');
  for (const name of ['March', 'Hastings', 'Herbert', 'Norfolk']) await addByKeyboard('attacker', name);
  await page.focus('[data-testid="search-defender"]');
  for (const name of ['Oxford', 'Beaumont', 'Clifford']) await addByKeyboard('defender', name);
  await settled(page);
  // Nothing said of the borders yet: the battle means what it always meant.
  assert.match(await text('borders'), /Say on each attacking block where it came from/);

  // March, Hastings and Herbert from Middlesex: the Main Attack's border, filling to 3 of 3.
  for (const i of [0, 1, 2]) {
    await page.focus(`[data-testid="from-attacker-${i}"]`);
    await pick(`from-attacker-${i}`, 'Middlesex');
  }
  // Norfolk does not say yet: every attacking block must (6.3); Go to the field leads there.
  assert.match(await refusal('Norfolk'), /^York's Norfolk, where it came from: missing/);
  assert.equal(await text('fill-attacker-Middlesex'), 'York: 3 of 3');

  // Norfolk from Essex: no land border across the estuary (5.2).
  await page.focus('[data-testid="from-attacker-3"]');
  await pick('from-attacker-3', 'Essex');
  assert.equal(await refusal('Essex'),
    "York's Norfolk: Essex and Kent share no land border (5.2, estuary: only a sea move crosses it)");
  assert.equal(await page.locator('[data-testid="headline"]').count(), 0, 'no odds while the battle cannot be fought');
  await page.screenshot({ path: path.join(SHOTS, 'borders-estuary-desktop.png') });
  // Go to the field, by keyboard: focus lands on Norfolk's border.
  await page.focus('[data-testid="problem-go"]');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'from-attacker-3');

  // By Middlesex: the Main Attack's border, so Norfolk fights in round 1, the fourth across a
  // river border that takes three (5.21).
  await pick('from-attacker-3', 'Middlesex');
  assert.equal(await refusal('river'),
    "York's Norfolk: Middlesex-Kent is a river (blue) border: at most 3 blocks, 4 cross it (5.21)");
  assert.equal(await text('fill-attacker-Middlesex'), 'York: 4 of 3');
  await page.screenshot({ path: path.join(SHOTS, 'borders-river-desktop.png') });

  // By Sussex: another border than the Main Attack's, so a reserve (6.3), and the battle is fought.
  await pick('from-attacker-3', 'Sussex');
  const s = await scenarioOf(page);
  assert.deepEqual(s.attacker.blocks.map((b) => [b.id, b.from, !!b.reserve]),
    [['March', 'Middlesex', false], ['Hastings', 'Middlesex', false], ['Herbert', 'Middlesex', false], ['Norfolk', 'Sussex', true]]);
  assert.equal(s.attacker.retreat_capacity, undefined, 'worked out from the map, not typed');
  assert.deepEqual(await settled(page), headlineOf(cliExact(s)));
  // The page says the borders it computes: the summary, each border's fill, the limits from the map.
  const summary = await text('summary');
  assert.match(summary, /York attacks across Middlesex–Kent 3 of 3 \(Main Attack\), Sussex–Kent 1 of 4/);
  assert.match(summary, /Neighbours: Middlesex vacant, Sussex vacant|Neighbours: Sussex vacant, Middlesex vacant/);
  assert.match(summary, /York retreats at most 7 blocks a round \(from the map\)/);
  assert.match(summary, /Lancaster retreats at most 0 blocks a round \(from the map\)/);
  assert.equal(await text('capacity-value-attacker'), '7');
  assert.match(await text('from-attacker-3-note'), /^reserve \(Sussex–Kent, not the Main Attack's\): arrives in round 2/);
  assert.equal(await page.isDisabled('[data-testid="reserve-attacker-3"]'), true, 'the border sets the reserve');
  await page.screenshot({ path: path.join(SHOTS, 'borders-fought-desktop.png'), fullPage: true });

  // Undo by keyboard: Norfolk by Middlesex again, refused; Redo: fought again.
  await page.focus('[data-testid="undo"]');
  await page.keyboard.press('Enter');
  await refusal('river');
  await page.focus('[data-testid="redo"]');
  await page.keyboard.press('Enter');
  assert.deepEqual(await settled(page), headlineOf(cliExact(s)));

  // Lancaster holds Sussex: York may retreat by Middlesex only (6.6), 3 a round.
  await page.focus('[data-testid="held-Sussex"]');
  await pick('held-Sussex', 'Lancaster');
  const held = await scenarioOf(page);
  assert.deepEqual(held.neighbours, { Sussex: 'Lancaster' });
  assert.equal(await text('capacity-value-attacker'), '3');
  assert.match(await text('capacity-attacker'), /not by Sussex: Lancaster holds it \(6\.6\)/);
  assert.deepEqual(await settled(page), headlineOf(cliExact(held)));

  // The Main Attack by Sussex, by keyboard: Norfolk fights in round 1, the three wait (6.3).
  await page.focus('[data-testid="main-Sussex"]');
  const before = await revisionOf(page);
  await page.keyboard.press('Space');
  await revisedFrom(page, before);
  const turned = await scenarioOf(page);
  assert.deepEqual(turned.attacker.blocks.map((b) => !!b.reserve), [true, true, true, false]);
  assert.deepEqual(await settled(page), headlineOf(cliExact(turned)));
});
