// End-to-end tests of the battle a player can trust: New battle carries nothing over, every change
// can be undone (buttons and keys), a ready-made battle is opened only when confirmed, Back and
// Forward step through the battles opened, and an invalid battle shows no figure of an older one.
import { test, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {
  cliExact, settled, scenarioOf, revisionOf, revisedFrom, headlineOf, SHOTS, guardedSuite, link, SIDEBAR, server, page,
} from './lib.mjs';

guardedSuite({ before, after, beforeEach, afterEach }, assert);

const EAST_ANGLIA = {
  version: 1, area: 'East Anglia', king: 'Lancaster', dead: ['Somerset'], treason: 'defender',
  attacker: { house: 'Lancaster', blocks: [{ id: 'Oxford', strength: 3 }, { id: 'Wiltshire', strength: 2, reserve: true }], retreat_capacity: 4 },
  defender: { house: 'York', blocks: [{ id: 'Norfolk', strength: 4 }, { id: 'Suffolk', strength: 3 }] },
};

/** The test id of the element that has the focus. */
const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName);

/** The address holds `scenario`, once the app has written the battle on screen. */
async function shows(scenario) {
  assert.deepEqual(await scenarioOf(page), scenario);
}

/**
 * Presses `key` on the closed list `testid`, which only picks an option: waits until the list
 * shows another option (the page has taken the key) and returns the revision before and after.
 */
async function pick(testid, key) {
  const before = await revisionOf(page);
  const value = await page.$eval(`[data-testid="${testid}"]`, (el) => el.value);
  await page.focus(`[data-testid="${testid}"]`);
  await page.keyboard.press(key);
  await page.waitForFunction(([id, v]) => document.querySelector(`[data-testid="${id}"]`).value !== v, [testid, value]);
  return [before, await revisionOf(page)];
}

test('New battle: empty, with the area and the throne asked for, nothing carried over', async () => {
  await page.goto(link(server.url, EAST_ANGLIA));
  await settled(page);
  const summary = await page.textContent('[data-testid="summary"]');
  for (const part of ['East Anglia', 'Dead: Somerset', 'Treason card: York (defender)', 'Lancaster retreats at most 4 blocks a round']) {
    assert.ok(summary.includes(part), `summary shows ${part}: ${summary}`);
  }
  await page.click('[data-testid="new-battle"]');
  await page.selectOption('[data-testid="new-attacker"]', 'York');
  await page.selectOption('[data-testid="new-area"]', 'Kent');
  await page.selectOption('[data-testid="new-king"]', 'York');
  await page.screenshot({ path: path.join(SHOTS, 'new-battle-dialog.png') });
  await page.click('[data-testid="new-start"]');
  const empty = await scenarioOf(page);
  assert.deepEqual(empty, {
    version: 1, area: 'Kent', king: 'York', attacker: { house: 'York', blocks: [] }, defender: { house: 'Lancaster', blocks: [] },
  });
  assert.equal(await focused(), 'search-attacker', 'the next thing to do is to add blocks');
  const now = await page.textContent('[data-testid="summary"]');
  for (const part of ['Kent', 'York holds the throne', 'Nobody dead', 'No Treason card', 'York fires every turn']) {
    assert.ok(now.includes(part), `summary shows ${part}: ${now}`);
  }
  assert.ok(!now.includes('retreats at most'), now);
  // No figure while it cannot be fought; what to do next in players' words instead, as a
  // prompt, not an error (issue 26).
  assert.equal(await page.locator('[data-testid="headline"]').count(), 0);
  assert.equal(await page.locator('[data-testid="results"]').count(), 0);
  assert.equal(await page.textContent('[data-testid="scenario-error"]'), 'York (attacker) has no blocks yet: add at least one from its roster.');
  assert.equal(await page.getAttribute('[data-testid="scenario-error"]', 'role'), 'status');
  assert.match(await page.getAttribute('[data-testid="problem"]', 'class'), /\bprompt\b/);
  assert.equal(await page.locator('[data-testid="error-attacker"]').count(), 0, 'no red error on the empty side');
  // The empty side's roster search comes first, its matches in view below it.
  const box = async (sel) => page.locator(sel).first().boundingBox();
  assert.ok((await box('[data-testid="search-attacker"]')).y < (await box('[data-testid="add-hidden-attacker"]')).y, 'the search is above the rest');
  const roster = await box('[data-testid="army-attacker"] .roster');
  assert.ok(roster.y + 40 < page.viewportSize().height, 'its matches are in view');
  // Enter adds the one block a search leaves.
  await page.keyboard.type('Warw');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid="block-attacker-0"]');
  assert.equal((await scenarioOf(page)).attacker.blocks[0].id, 'Warwick/Y');
  await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'search-attacker');
  // Two blocks later the odds are the CLI's for exactly the battle shown.
  await page.click('[data-testid="add-defender-Exeter/L"]');
  const s = await scenarioOf(page);
  assert.deepEqual(s.dead ?? [], []);
  assert.equal(s.treason, undefined);
  assert.deepEqual(await settled(page), headlineOf(cliExact(s)));
  await page.screenshot({ path: path.join(SHOTS, 'new-battle-desktop.png') });
  // Arrow keys on "dead before the battle" only pick; the button marks dead; the summary says so.
  const [before, picked] = await pick('dead-select', 'ArrowDown');
  assert.equal(picked, before, 'picking changes nothing');
  assert.deepEqual((await scenarioOf(page)).dead ?? [], []);
  const who = await page.$eval('[data-testid="dead-select"]', (el) => el.value);
  await page.click('[data-testid="dead-add"]');
  assert.deepEqual((await scenarioOf(page)).dead, [who]);
  assert.ok((await page.textContent('[data-testid="summary"]')).includes(`Dead: ${who}`));
  await page.click('[data-testid="undo"]');
  await shows(s);
});

test('undo: a battle replaced by a ready-made one comes back; keys; a preset is opened only when confirmed', async () => {
  await page.goto(link(server.url, SIDEBAR));
  const first = await settled(page);
  // Arrow keys on the closed list only pick a battle.
  const [before, picked] = await pick('presets', 'ArrowDown');
  assert.equal(picked, before, 'picking is not opening');
  assert.deepEqual(await scenarioOf(page), SIDEBAR, 'picking is not opening');
  assert.equal(await page.isDisabled('[data-testid="preset-open"]'), false);
  await page.click('[data-testid="preset-open"]');
  const preset = await scenarioOf(page);
  assert.notDeepEqual(preset, SIDEBAR);
  await page.click('[data-testid="undo"]');
  await shows(SIDEBAR);
  assert.deepEqual(await settled(page), first);
  await page.click('[data-testid="redo"]');
  await shows(preset);
  // Remove is undone by Ctrl+Z, and made again by Ctrl+Shift+Z (focus on the page, not a text field).
  // Each edit, undo and redo is waited for (the page shows another revision) before the address
  // is read: the key or click is handled before the page is drawn and its address written again.
  let rev = await revisionOf(page);
  await page.locator('[data-testid="army-defender"] button[aria-label^="Remove "]').first().click();
  await revisedFrom(page, rev);
  const removed = await scenarioOf(page);
  assert.equal(removed.defender.blocks.length, preset.defender.blocks.length - 1);
  // Focus goes to the army's heading, never to another block's Remove (a second Enter would delete it).
  await page.waitForFunction(() => document.activeElement?.id === 'defender-h');
  rev = await revisionOf(page);
  await page.keyboard.press('Control+z');
  await revisedFrom(page, rev);
  await shows(preset);
  rev = await revisionOf(page);
  await page.keyboard.press('Control+Shift+z');
  await revisedFrom(page, rev);
  await shows(removed);
  // In a text field the keys are the field's own.
  await page.fill('[data-testid="search-attacker"]', 'abc');
  const typed = await revisionOf(page);
  await page.keyboard.press('Control+z');
  assert.equal(await revisionOf(page), typed, 'Ctrl+Z in a text field is not the battle\'s Undo');
  assert.deepEqual(await scenarioOf(page), removed);
});

test('Back returns to the battle before, Forward to the next; edits do not add entries', async () => {
  await page.goto(link(server.url, SIDEBAR));
  await settled(page);
  await page.selectOption('[data-testid="presets"]', { index: 1 });
  await page.click('[data-testid="preset-open"]');
  const opened = await scenarioOf(page);
  await settled(page);
  // Three edits of the opened battle.
  for (let k = 0; k < 3; k++) {
    await page.locator('[data-testid="army-attacker"] .pip.on').last().click();
  }
  const edited = await scenarioOf(page);
  assert.notDeepEqual(edited, opened);
  // The page follows Back and Forward in its own time (popstate): wait until it shows another battle.
  let shown = await revisionOf(page);
  await page.goBack();
  await revisedFrom(page, shown);
  await shows(SIDEBAR);
  assert.deepEqual(await settled(page), headlineOf(cliExact(SIDEBAR)));
  shown = await revisionOf(page);
  await page.goForward();
  await revisedFrom(page, shown);
  await shows(edited);
  assert.deepEqual(await settled(page), headlineOf(cliExact(edited)));
});

test('an invalid battle shows no stale figure, says why in players\' words, and leads to the field', async () => {
  await page.goto(link(server.url, SIDEBAR));
  await settled(page);
  assert.ok(await page.locator('.blocks-table').count() > 0);
  // Remove the defender's only block.
  await page.locator('[data-testid="army-defender"] button[aria-label^="Remove "]').click();
  await page.waitForSelector('[data-testid="problem"]');
  assert.equal(await page.locator('[data-testid="headline"]').count(), 0, 'no odds of the old battle');
  assert.equal(await page.locator('[data-testid="results"], .charts, .blocks-table').count(), 0, 'no chart or table of the old battle');
  assert.equal(await page.textContent('[data-testid="scenario-error"]'), 'Lancaster (defender) has no blocks yet: add at least one from its roster.');
  // A side with no block is what to do next, said once, not an error beside the side (issue 26).
  assert.equal(await page.locator('[data-testid="error-defender"]').count(), 0);
  await page.click('[data-testid="problem-go"]');
  assert.equal(await focused(), 'search-defender');
  await page.screenshot({ path: path.join(SHOTS, 'invalid-desktop.png') });
  await page.click('[data-testid="problem-undo"]');
  assert.deepEqual(await settled(page), headlineOf(cliExact(SIDEBAR)));
  // A strength the block cannot have: the message names the block, and leads to its pips.
  const bad = structuredClone(EAST_ANGLIA);
  bad.defender.blocks[1].strength = 5;
  await page.goto(link(server.url, bad));
  await page.waitForSelector('[data-testid="problem"]');
  assert.equal(await page.textContent('[data-testid="scenario-error"]'), "York's Suffolk, strength: 5 exceeds Suffolk's maximum 3");
  // That is an error, in red, and beside its side too.
  assert.doesNotMatch(await page.getAttribute('[data-testid="problem"]', 'class'), /\bprompt\b/);
  assert.equal(await page.getAttribute('[data-testid="scenario-error"]', 'role'), 'alert');
  assert.match(await page.textContent('[data-testid="error-defender"]'), /^York's Suffolk, strength: 5/);
  await page.click('[data-testid="problem-go"]');
  assert.match(await focused(), /^pip-defender-1-/);
});
