// End-to-end tests of hidden blocks (Fog-of-War, R13): built from the "?" tile, the headline is
// `bosworth exact`'s mixture for the scenario in the address, the spread chart is drawn, and the
// link keeps the hidden blocks.
import { test, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {
  cliJson, settled, scenarioOf, headlineOf, SHOTS, guardedSuite, link, server, page,
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
  const shown = await settled(page);
  assert.deepEqual(shown, headlineOf(cli.report));
  assert.match(await page.textContent('[data-testid="averaged"]'), new RegExp(`${cli.possibilities} possibilities \\(${cli.compositions} distinct battles, each solved exactly\\)`));
  assert.match(await page.textContent('[data-testid="hidden-who-defender-0"]'), /^one of 21 York blocks/);
  assert.ok(await page.locator('[data-testid="spread-chart"] svg').count() === 1, 'the spread chart is drawn');
  assert.match(await page.textContent('[data-testid="royal"]'), /an heir: 27\.1%/);
  assert.equal(await page.locator('[data-testid="scouting"] tbody tr').count(), 2);
  assert.match(await page.textContent('[data-testid="summary"]'), /York: 2 hidden blocks/);
  // The advisor and live play say what they need.
  assert.match(await page.textContent('[data-testid="advisor"]'), /needs every block known/);
  await page.locator('[data-testid="fog"]').screenshot({ path: path.join(SHOTS, 'fog-desktop.png') });

  // Narrow hidden #1 to the levies: the address and the odds follow.
  await page.click('[data-testid="hidden-pick-defender-0"] summary');
  await page.check('[data-testid="hidden-kind-defender-0-levy"]');
  await page.selectOption('[data-testid="hidden-strength-defender-0"]', 'any');
  const narrowed = await scenarioOf(page);
  assert.deepEqual(narrowed.defender.hidden[0], { kinds: ['levy'], strength: 'any' });
  assert.deepEqual(await settled(page), headlineOf(cliJson('exact', [], narrowed).report));
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
