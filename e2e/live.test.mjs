// End-to-end tests of live play (the dice rolled at the table, turn by turn), the advisor's
// outline of best play, and the panic report. Against dist/ (scripts/serve --build-only).
import { test, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {
  cliExact, cliJson, settled, scenarioOf, headlineOf, b64url, SHOTS, DIST, ROOT,
  guardedSuite, link, SIDEBAR, server, page, problems, pct,
} from './lib.mjs';

const TREACHERY = JSON.parse(fs.readFileSync(path.join(ROOT, 'examples', 'treachery-advice.json'), 'utf8'));

guardedSuite({ before, after, beforeEach, afterEach }, assert);

/** The headline once it shows figures for a battle other than `previous` (same revision check as settled). */
async function settledAgain(page) {
  await page.waitForSelector('[data-testid="headline"][data-current="true"]');
  return settled(page);
}

test('live: a Treachery roll entered at the table moves the battle on, with the CLI\'s exact odds; errors; Undo', async () => {
  await page.goto(link(server.url, TREACHERY));
  const start = await settled(page);
  assert.deepEqual(start, headlineOf(cliExact(TREACHERY)));
  const live = page.locator('[data-testid="live"]');
  assert.match(await live.locator('[data-testid="live-turn"]').textContent(), /Round 1: Exeter\/L, Lancaster \(attacker\), to act\./);
  // Choose the Treachery roll on Stanley by keyboard-free label click: it rolls one die.
  await live.locator('label.live-action', { hasText: 'treachery on Stanley/Y' }).click();
  assert.match(await live.locator('label.live-action', { hasText: 'treachery on Stanley/Y' }).textContent(), /1 die/);
  assert.match(await live.textContent(), /Dice rolled \(1 die\)/);
  // Two dice for a one-die roll: the engine's message, next to the inputs, and the battle stays.
  await page.fill('[data-testid="live-dice"]', '2 4');
  await page.press('[data-testid="live-dice"]', 'Enter');
  assert.match(await page.textContent('[data-testid="live-error"]'), /rolls 1 die, not 2/);
  assert.deepEqual(await scenarioOf(page), TREACHERY);
  // A die of 7.
  await page.fill('[data-testid="live-dice"]', '7');
  await page.click('[data-testid="live-apply"]');
  assert.match(await page.textContent('[data-testid="live-error"]'), /7 is not a die roll \(1-6\)/);
  // [2]: all even, Stanley defects.
  await page.fill('[data-testid="live-dice"]', '2');
  await page.click('[data-testid="live-apply"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="live-events"]'));
  const events = await page.textContent('[data-testid="live-events"]');
  assert.match(events, /Round 1: Exeter\/L \(attacker\): treachery on Stanley\/Y, dice \[2\]\./);
  assert.match(events, /Stanley\/Y defects and becomes Stanley\/L/);
  assert.equal(await page.textContent('[data-testid="live-error"]'), '');
  // The address holds the battle after the turn; the headline is the CLI's exact result for it.
  const next = await scenarioOf(page);
  assert.ok(next.progress, 'the battle goes on from a point in progress');
  assert.deepEqual(next.progress.acted, ['Exeter/L']);
  const shown = await settledAgain(page);
  assert.deepEqual(shown, headlineOf(cliExact(next)));
  assert.notDeepEqual(shown, start);
  // The panel shows the next block to act: one that has not acted this round.
  const actor = await page.textContent('[data-testid="live-actor"]');
  const present = [...next.attacker.blocks, ...next.defender.blocks].map((b) => b.id);
  assert.ok(present.includes(actor) && !next.progress.acted.includes(actor), `${actor} acts next`);
  // The advisor follows the battle: its first decision is the new actor's, the best choice
  // here, answered within the live budget as `bosworth advise --live` answers it (issue 25).
  await page.waitForSelector(`[data-testid="advice-decision"] >> text=/${actor.replace('/', '\\/')} of the/`);
  assert.match(await page.textContent('[data-testid="advice-decision"]'), /^Best choice here, round 1: /);
  const here = cliJson('advise', ['--live'], next);
  assert.equal(await page.getAttribute('[data-testid="advice-method"]', 'data-method'), here.method.kind);
  const choices = await page.locator('[data-testid="advice-actions"] li').allTextContents();
  assert.equal(choices.length, here.first_decision.actions.length);
  here.first_decision.actions.forEach((a, i) => assert.ok(choices[i].includes(a.label) && choices[i].includes(pct(a.value)), `${choices[i]}: ${a.label}`));
  // Undo: the battle, the address and the headline as before.
  await page.click('[data-testid="live-undo"]');
  await page.waitForFunction(() => !document.querySelector('[data-testid="live-events"]'));
  assert.deepEqual(await scenarioOf(page), TREACHERY);
  assert.deepEqual(await settledAgain(page), start);
  assert.match(await page.textContent('[data-testid="live-turn"]'), /Exeter\/L/);
});

test('live: keyboard only, a battle played to its end says who holds the area', async () => {
  await page.goto(link(server.url, SIDEBAR));
  await settled(page);
  let turns = 0;
  while (await page.locator('[data-testid="live-over"]').count() === 0) {
    assert.ok(turns++ < 40, 'the battle ends');
    // Tab into the dice field (or, for a turn without dice, the Apply button) and type.
    const dice = page.locator('[data-testid="live-dice"]');
    const label = await dice.count() ? await page.textContent('[data-testid="live-dice"] >> xpath=..') : '';
    const n = Number((label.match(/\((\d+) di/) || [0, 0])[1]);
    if (n > 0) {
      await dice.focus();
      await page.keyboard.type('6'.repeat(n)); // all misses for these ratings
      await page.keyboard.press('Enter');
    } else {
      await page.focus('[data-testid="live-apply"]');
      await page.keyboard.press('Enter');
    }
    await page.waitForFunction((k) => document.querySelectorAll('[data-testid="live-said"]').length === k, turns);
    // Focus is ready for the next turn (its dice, or Apply), or on the panel's heading at the end.
    await page.waitForFunction(() => ['live-dice', 'live-apply'].includes(document.activeElement?.getAttribute('data-testid'))
      || document.activeElement?.id === 'live-h');
  }
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'live-h');
  // Every die missed: the attacker retreats in round 4 (6.2) and Lancaster holds.
  assert.equal(await page.textContent('[data-testid="live-over"]'), 'The battle is over after round 4: Lancaster (defender) holds the area.');
  assert.match(await page.textContent('[data-testid="live-events"]'), /Round 4: Clarence\/Y \(attacker\): retreat\.Clarence\/Y retreats/);
  // Undo from the end: the last turn is to play again.
  await page.click('[data-testid="live-undo"]');
  await page.waitForSelector('[data-testid="live-actor"] >> text="Clarence/Y"');
  await page.screenshot({ path: path.join(SHOTS, 'live-desktop-light.png'), fullPage: false });
});

test('live panel and the advisor\'s outline: desktop and phone, light and dark, no overflow', async () => {
  for (const [name, width, height] of [['desktop', 1366, 900], ['phone', 390, 844]]) {
    for (const scheme of ['light', 'dark']) {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('about:blank');
      await page.goto(link(server.url, TREACHERY));
      await settled(page);
      await page.waitForSelector('[data-testid="outline-line"]');
      await page.locator('label.live-action', { hasText: 'treachery on Stanley/Y' }).click();
      await page.fill('[data-testid="live-dice"]', '2 4');
      await page.click('[data-testid="live-apply"]');
      await page.waitForSelector('[data-testid="live-error"].field-error');
      await page.locator('[data-testid="live"]').screenshot({ path: path.join(SHOTS, `live-${name}-${scheme}.png`) });
      await page.locator('[data-testid="advisor"]').screenshot({ path: path.join(SHOTS, `advisor-${name}-${scheme}.png`) });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 1, `${name} ${scheme}: page is ${overflow}px wider than the screen`);
    }
  }
});

test('the advisor\'s outline of best play is the CLI\'s, by round, departures marked', async () => {
  await page.goto(link(server.url, TREACHERY));
  await settled(page);
  await page.waitForSelector('[data-testid="outline-line"]');
  const cli = cliJson('advise', [], TREACHERY);
  const lines = await page.locator('[data-testid="outline-line"]').allTextContents();
  assert.equal(lines.length, cli.outline.length);
  const first = cli.outline[0];
  assert.equal(first.round, 1);
  assert.ok(lines[0].startsWith(`Round 1 · ${first.block}: ${first.action} (${Math.round(first.share * 100)}% of its turns)`), lines[0]);
  assert.match(lines[0], /treachery on Stanley\/Y/);
  const departs = await page.locator('[data-testid="outline-line"].departs').count();
  assert.equal(departs, cli.outline.filter((e) => e.departs_from_policy).length);
  assert.ok(departs > 0, 'the choices as set roll no Treachery, so best play departs from them');
});

test('live: the Treason card first, then a charge with the target\'s counter-fire', async () => {
  const bosworth = {
    version: 1, area: 'Leicester', king: 'York', dead: ['York', 'March', 'Rutland', 'Clarence/Y'], treason: 'attacker',
    attacker: { house: 'Lancaster', blocks: [{ id: 'Richmond', strength: 3 }, { id: 'Oxford', strength: 3 }, { id: 'Pembroke', strength: 3 }] },
    defender: { house: 'York', blocks: [{ id: 'Gloucester', strength: 3 }, { id: 'Norfolk', strength: 4 }, { id: 'Northumberland/Y', strength: 4 },
      { id: 'Stanley/Y', strength: 4, reserve: true }] },
  };
  await page.goto(link(server.url, bosworth));
  await settled(page);
  const turn = await page.textContent('[data-testid="live-turn"]');
  assert.match(turn, /Before round 1: the Treason card\. Lancaster \(attacker\) rolls against .+: (\d) dic?e?, all even and it defects \(D11\)\./);
  const n = Number(turn.match(/: (\d) di/)[1]);
  await page.fill('[data-testid="live-dice"]', '1'.repeat(n)); // odd: it fails
  await page.click('[data-testid="live-apply"]');
  await page.waitForSelector('[data-testid="live-actor"]');
  assert.match(await page.textContent('[data-testid="live-said"]'), /Before round 1: the Treason card, Lancaster \(attacker\) against .+, dice \[[1 ]+\]\./);
  const s = await scenarioOf(page);
  assert.ok(s.progress && !s.treason, 'after the card the battle is in progress');
  assert.deepEqual(await settled(page), headlineOf(cliExact(s)));
  // A charge: its target fires back with its strength less the charge's hits (6.5, D9).
  await page.goto('about:blank');
  await page.goto(link(server.url, TREACHERY));
  await settled(page);
  const charge = page.locator('label.live-action', { hasText: 'charge Stanley/Y' });
  await charge.click();
  const target = 'Stanley/Y';
  const dice = Number((await page.textContent('.live-dice span')).match(/\((\d+) di/)[1]);
  await page.fill('[data-testid="live-dice"]', '6'.repeat(dice));
  const strength = TREACHERY.defender.blocks.find((b) => b.id === target).strength;
  assert.equal(await page.textContent('.live-inputs label:nth-child(2) span'), `${target} fires back (${strength} dice)`);
  await page.fill('[data-testid="live-counter"]', '6'.repeat(strength));
  await page.press('[data-testid="live-counter"]', 'Enter');
  await page.waitForSelector('[data-testid="live-said"]');
  assert.match(await page.locator('[data-testid="live-said"]').nth(0).textContent(),
    new RegExp(`Exeter\\/L \\(attacker\\): charge ${target.replace('/', '\\/')}, dice \\[6 6 6\\]; ${target.replace('/', '\\/')} fired back \\[${Array(strength).fill(6).join(' ')}\\]\\.`));
});
