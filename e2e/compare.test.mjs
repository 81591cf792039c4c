// End to end: comparing pinned plans (issue 16, point 4), by keyboard alone, and pins in links.
import { test, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {
  cliExact, settled, scenarioOf, addressOf, headlineOf, pct, guardedSuite, link, SHOTS, server, page, focused, addByKeyboard, revisionOf, revisedFrom,
} from './lib.mjs';

guardedSuite({ before, after, beforeEach, afterEach }, assert);

/** The attacker's chance in each column of the compare table, in order. */
const attackerColumn = async () => page.locator('[data-testid="compare-table"] tbody tr').first().locator('td').allTextContents();

test('keyboard only: build a 2-against-2 battle, read the headline, compare two pinned plans', async () => {
  await page.goto(server.url);
  await settled(page);
  await page.focus('[data-testid="new-battle"]');
  await page.keyboard.press('Enter');
  await page.focus('[data-testid="new-start"]');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'search-attacker');
  await addByKeyboard('attacker', 'Oxford');
  await addByKeyboard('attacker', 'Beaumont');
  await page.focus('[data-testid="search-defender"]');
  await addByKeyboard('defender', 'Norfolk');
  await addByKeyboard('defender', 'Suffolk');
  const first = await scenarioOf(page);
  assert.equal(first.attacker.blocks.length + first.defender.blocks.length, 4);
  const shown = await settled(page);
  assert.deepEqual(shown, headlineOf(cliExact(first)));
  // Pin it: focus stays on the Pin button, which now offers Plan B.
  await page.focus('[data-testid="pin"]');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid="col-pin-0"]');
  assert.equal(await focused(), 'pin');
  assert.match(await page.textContent('[data-testid="pin"]'), /Plan B/);
  // Another plan: Oxford at strength 2, by keyboard on his pip.
  await page.focus('[data-testid="pip-attacker-0-2"]');
  const rev = await revisionOf(page);
  await page.keyboard.press('Enter');
  await revisedFrom(page, rev);
  const second = await scenarioOf(page);
  assert.equal(second.attacker.blocks[0].strength, 2);
  await settled(page);
  await page.focus('[data-testid="pin"]');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid="col-pin-1"]');
  // Side by side, each plan's figures are the CLI's for its battle; Now is the battle on screen.
  const [a, b] = [cliExact(first), cliExact(second)];
  assert.deepEqual(await attackerColumn(), [pct(a.attacker_holds), pct(b.attacker_holds), pct(b.attacker_holds)]);
  assert.equal(await page.inputValue('[data-testid="pin-name-0"]'), 'Plan A');
  // Each plan is captioned by what sets it apart: Oxford's strength (issue 26).
  const about = await page.locator('[data-testid="plan-about"]').allTextContents();
  assert.deepEqual(about, ['Oxford 3', 'Oxford 2', 'Oxford 2'], about.join(' | '));
  assert.ok(await page.locator('[data-testid="compare-chart"] svg').count() === 1, 'the steps lost overlaid');
  assert.match(await page.textContent('[data-testid="compare-legend"]'), /Plan A.*Plan B.*Now/);
  // Rename by keyboard.
  await page.focus('[data-testid="pin-name-1"]');
  await page.keyboard.press('Control+a');
  await page.keyboard.type('Oxford wounded');
  await page.keyboard.press('Tab');
  await page.waitForFunction(() => new URL(location.href).hash.includes('&p='));
  await page.screenshot({ path: path.join(SHOTS, 'compare-desktop.png'), fullPage: false });
  // The pins travel in the link: a fresh page computes their figures again.
  const url = new URL(await addressOf(page), server.url).href;
  await page.goto('about:blank');
  await page.goto(url);
  await settled(page);
  await page.waitForFunction(() => {
    const table = document.querySelector('[data-testid="compare-table"]');
    return table && !table.textContent.includes('…');
  });
  assert.deepEqual(await attackerColumn(), [pct(a.attacker_holds), pct(b.attacker_holds), pct(b.attacker_holds)]);
  assert.equal(await page.inputValue('[data-testid="pin-name-1"]'), 'Oxford wounded');
  // Unpin by keyboard: focus lands on the remaining plan's Unpin, not on the page.
  await page.focus('[data-testid="unpin-1"]');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'unpin-0');
  // Open a plan: the battle becomes it, and Undo brings back the one before.
  await page.focus('[data-testid="open-pin-0"]');
  await page.keyboard.press('Enter');
  await page.waitForFunction((n) => document.querySelector('[data-testid="pip-attacker-0-3"]')?.classList.contains('on'));
  assert.equal((await scenarioOf(page)).attacker.blocks[0].strength, 3);
  await page.keyboard.press('Control+z');
  await page.waitForFunction(() => !document.querySelector('[data-testid="pip-attacker-0-3"]')?.classList.contains('on'));
});

test('a link with broken pins opens the battle and says why', async () => {
  const s = {
    version: 1, king: 'Lancaster',
    attacker: { house: 'Lancaster', blocks: [{ id: 'Oxford', strength: 3 }] },
    defender: { house: 'York', blocks: [{ id: 'Norfolk', strength: 4 }] },
  };
  await page.goto(`${link(server.url, s)}&p=not-plans!!`);
  assert.deepEqual(await settled(page), headlineOf(cliExact(s)));
  assert.match(await page.textContent('[data-testid="notice"]'), /pinned plans could not be opened/);
  assert.equal(await page.locator('[data-testid="compare-table"]').count(), 0);
});
