// End to end: every choice of issue 11 set in the app (hit and fire orders with a defector, block
// retreat plans, the charge's heir, heirs defected elsewhere), the advisor's tied-hit decisions,
// the ready-made battles' notes, and a choice the rules set aside shown with its rule (R35).
import { test, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {
  cliExact, settled, scenarioOf, headlineOf, guardedSuite, link, server, page, ROOT, SHOTS, pct,
} from './lib.mjs';

guardedSuite({ before, after, beforeEach, afterEach }, assert);

/** Lancaster holds the Treason card and may turn Stanley; nothing else chosen. */
const STANLEY = {
  version: 1, area: 'Warwick', king: 'Lancaster', treason: 'attacker',
  attacker: { house: 'Lancaster', blocks: [{ id: 'Henry VI', strength: 4 }, { id: 'Beaumont', strength: 3 }] },
  defender: { house: 'York', blocks: [{ id: 'Stanley/Y', strength: 4 }, { id: 'Norfolk', strength: 4 }] },
};

const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');

test('the choices panel sets a hit order with a defector and a block\'s retreat; the headline is the CLI\'s', async () => {
  await page.goto(link(server.url, STANLEY));
  const plain = await settled(page);
  await page.click('[data-testid="choices-attacker"] summary');
  const order = '[data-testid="hit-order-attacker"]';
  // Lancaster may turn Stanley (the Treason card), so he is offered as he would become.
  assert.match(await page.textContent(order), /Stanley\/L \(if turned\)/);
  // Move him to the top by keyboard: focus stays on the arrow that moved him.
  const up = 'button[aria-label="Move Stanley/L earlier in the hit order"]';
  await page.focus(up);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Move Stanley/L earlier in the hit order');
  await page.keyboard.press('Enter');
  // At the top the up arrow is disabled: focus moves to his down arrow.
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Move Stanley/L later in the hit order');
  assert.equal(await focused(), 'Move Stanley/L later in the hit order');
  // Henry VI retreats once wounded.
  await page.selectOption('[data-testid="add-retreats-attacker"]', 'Henry VI');
  await page.selectOption('[data-testid="retreats-attacker-0-strength"]', '4');
  const s = await scenarioOf(page);
  assert.deepEqual(s.policy.attacker.hit_order, ['Stanley/L', 'Henry VI', 'Beaumont']);
  assert.deepEqual(s.policy.attacker.retreats, [{ block: 'Henry VI', below_strength: 4 }]);
  const shown = await settled(page);
  assert.deepEqual(shown, headlineOf(cliExact(s)));
  assert.notDeepEqual(shown, plain, 'the choices change the odds');
  // The summary line says what is set.
  const summary = await page.textContent('[data-testid="summary"]');
  assert.match(summary, /hits on Stanley\/L first/);
  assert.match(summary, /Henry VI may retreat/);
  // "Protect heirs" puts the heirs last; "As listed" clears the order; Undo brings it back.
  await page.click('[data-testid="protect-heirs-attacker"]');
  assert.deepEqual((await scenarioOf(page)).policy.attacker.hit_order, ['Stanley/L', 'Beaumont', 'Henry VI']);
  await page.click('[data-testid="hit-order-reset-attacker"]');
  assert.equal((await scenarioOf(page)).policy.attacker.hit_order, undefined);
  await page.keyboard.press('Control+z');
  await page.waitForFunction(() => document.querySelector('[data-testid="hit-order-attacker-2"]')?.textContent.includes('Henry VI'));
  assert.deepEqual((await scenarioOf(page)).policy.attacker.hit_order, ['Stanley/L', 'Beaumont', 'Henry VI']);
  // Removing Stanley drops every choice that names him, as he is or as he would become.
  await page.click('button[aria-label^="Remove Stanley/Y"]');
  const after = await scenarioOf(page);
  assert.ok(!JSON.stringify(after.policy ?? {}).includes('Stanley'), JSON.stringify(after.policy));
  await settled(page);
});

test('the Treason card at its best target: the choice is set in the panel, the page names the target and the CLI agrees', async () => {
  // York's Norfolk and Hastings attack Northumberland/L (2 dice to turn), Buckingham (1 die)
  // and Exeter (2 dice) in Sussex, York holding the card: R2's default rolls at Buckingham,
  // the best target (R45) is Northumberland.
  const s0 = {
    version: 1, king: 'Lancaster', area: 'Sussex', treason: 'attacker',
    attacker: { house: 'York', blocks: [{ id: 'Norfolk', strength: 4 }, { id: 'Hastings', strength: 3 }] },
    defender: { house: 'Lancaster', blocks: [{ id: 'Northumberland/L', strength: 3 }, { id: 'Buckingham', strength: 2 }, { id: 'Exeter', strength: 3 }] },
  };
  await page.goto(link(server.url, s0));
  const plain = await settled(page);
  await page.click('[data-testid="choices-attacker"] summary');
  await page.selectOption('[data-testid="treason-target-attacker"]', 'best');
  const s = await scenarioOf(page);
  assert.equal(s.policy.attacker.treason_target, 'best');
  const cli = cliExact(s);
  assert.equal(cli.treason.target, 'Northumberland/L');
  await page.waitForSelector('[data-testid="results"][data-current="true"][data-method="exact"]', { timeout: 0 });
  const shown = await settled(page);
  assert.deepEqual(shown, headlineOf(cli));
  assert.notDeepEqual(shown, plain, 'the best target holds more than the easiest to turn');
  const said = await page.textContent('[data-testid="treason-choice"]');
  assert.match(said, /York rolls at Northumberland\/L, the best target for York \(R45; chosen exactly\)/);
  for (const t of cli.treason.targets) assert.ok(said.includes(`${t.block} ${pct(t.holds)} to hold`), said);
  assert.match(await page.textContent('[data-testid="summary"]'), /Treason card at the best target/);
  // Giving the card to nobody drops its target with it (D11): the battle stays valid.
  await page.selectOption('[data-testid="treason"]', '');
  const none = await scenarioOf(page);
  assert.equal(none.treason, undefined);
  assert.equal(none.policy?.attacker?.treason_target, undefined);
  assert.deepEqual(await settled(page), headlineOf(cliExact(none)));
});

test('a charge names its heir, and an heir defected elsewhere changes who is King', async () => {
  // York on the throne, York, March and Rutland dead: Clarence is King, away from this battle.
  const s0 = {
    version: 1, king: 'York', dead: ['York', 'March', 'Rutland'],
    attacker: { house: 'York', blocks: [{ id: 'Gloucester', strength: 3 }, { id: 'Norfolk', strength: 4 }] },
    defender: { house: 'Lancaster', blocks: [{ id: 'Buckingham/L', strength: 4 }] },
  };
  await page.goto(link(server.url, s0));
  await settled(page);
  await page.click('[data-testid="choices-attacker"] summary');
  // Gloucester is not King: he may not roll.
  assert.doesNotMatch(await page.textContent('[data-testid="choices-attacker"]'), /Gloucester on Buckingham/);
  await page.selectOption('[data-testid="defected-select"]', 'Clarence/L');
  await page.click('[data-testid="defected-add"]');
  assert.deepEqual((await scenarioOf(page)).defected_elsewhere, ['Clarence/L']);
  assert.match(await page.textContent('[data-testid="summary"]'), /Defected elsewhere: Clarence\/L/);
  // Now Gloucester is King (3.21, 9.1) and may roll on Buckingham.
  await page.selectOption('[data-testid="add-treachery-attacker"]', { label: 'Gloucester on Buckingham/L' });
  await page.selectOption('[data-testid="add-charge-attacker"]', 'Buckingham/L');
  await page.selectOption('[data-testid="charge-attacker-0-by"]', 'Gloucester');
  const s = await scenarioOf(page);
  assert.deepEqual(s.policy.attacker.charges, [{ target: 'Buckingham/L', by: 'Gloucester' }]);
  assert.deepEqual(s.policy.attacker.treachery, [{ by: 'Gloucester', target: 'Buckingham/L' }]);
  assert.deepEqual(await settled(page), headlineOf(cliExact(s)));
});

test('the advisor names the tied block it spares and what that adds', async () => {
  const s = {
    version: 1, king: 'Lancaster', area: 'Kent',
    attacker: { house: 'York', blocks: [{ id: 'Norfolk', strength: 4 }, { id: 'March', strength: 3 }] },
    defender: { house: 'Lancaster', blocks: [{ id: 'Henry VI', strength: 3 }, { id: 'Beaumont', strength: 3 }, { id: 'Oxford', strength: 3 }] },
  };
  await page.goto(link(server.url, s));
  await settled(page);
  await page.selectOption('[data-testid="advice-objective"]', 'keep-heirs');
  await page.click('[data-testid="advise"]');
  await page.waitForSelector('[data-testid="tie-line"]');
  const lines = await page.locator('[data-testid="tie-line"]').allTextContents();
  assert.ok(lines.some((l) => /Lancaster \(defender\): (Oxford|Beaumont) takes the hits, sparing Henry VI/.test(l) && /\+\d+\.\d points/.test(l)), lines.join('\n'));
});

test('each ready-made battle says in one line what it is', async () => {
  await page.goto(server.url);
  await settled(page);
  const options = await page.locator('[data-testid="presets"] option').allTextContents();
  for (const name of options.slice(1)) {
    await page.selectOption('[data-testid="presets"]', { label: name });
    const note = await page.textContent('[data-testid="preset-note"]');
    assert.ok(note.length > 40, `${name}: ${note}`);
  }
  await page.selectOption('[data-testid="presets"]', { label: options.find((o) => o.startsWith('Tewkesbury')) });
  assert.match(await page.textContent('[data-testid="preset-note"]'), /Edward IV \(the March block/);
  await page.click('[data-testid="preset-open"]');
  await settled(page);
  const s = await scenarioOf(page);
  assert.ok(s.attacker.blocks.some((b) => b.id === 'March'));
  assert.ok(!s.attacker.blocks.some((b) => b.id === 'York'));
  // Opened and unchanged, the battle keeps its note in view.
  assert.match(await page.textContent('[data-testid="preset-note"]'), /^Tewkesbury 1471/);
});

test('a choice the rules set aside is shown with its rule beside it and in the summary; the fire order says which an heir makes', async () => {
  // Bosworth 1485: Richmond's roll on Stanley/Y, who is in reserve in round 1 (6.3).
  const bosworth = JSON.parse(fs.readFileSync(path.join(ROOT, 'examples/bosworth-1485.json'), 'utf8'));
  await page.goto(link(server.url, bosworth));
  await settled(page);
  assert.equal(await page.locator('[data-testid="summary-warning"]').count(), 0);
  // The panel is open: the battle has choices.
  assert.equal(await page.$eval('[data-testid="choices-attacker"]', (d) => d.open), true);
  await page.selectOption('[data-testid="treachery-attacker-0-round"]', '1');
  const beside = '[data-testid="warning-policy.attacker.treachery[0].round"]';
  const why = 'Stanley/Y is in reserve in round 1 and cannot be targeted before round 2 (6.3, D4, D10): Richmond makes no roll in round 1 under this plan';
  assert.equal(await (await page.waitForSelector(beside)).textContent(), `Set aside: ${why}`);
  // Beside the roll's own row, under its round.
  assert.equal(await page.locator(`li:has([data-testid="treachery-attacker-0-round"]) ${beside}`).count(), 1);
  assert.equal(await page.textContent('[data-testid="summary-warning"]'), `Lancaster's choice set aside: ${why}`);
  // The figures are the CLI's, which says the same.
  const s = await scenarioOf(page);
  assert.equal(s.policy.attacker.treachery[0].round, 1);
  const cli = cliExact(s);
  assert.deepEqual(cli.warnings, [{ field: 'policy.attacker.treachery[0].round', reason: why }]);
  assert.deepEqual(await settled(page), headlineOf(cli));
  // The summary's warning leads to the control that sets it.
  await page.click('[data-testid="summary-warning"] button');
  await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'treachery-attacker-0-round');
  await page.screenshot({ path: path.join(SHOTS, 'choice-set-aside.png') });
  // Back to round 2 and a charge every round: in round 2 Richmond rolls, and says so.
  await page.selectOption('[data-testid="treachery-attacker-0-round"]', '2');
  await page.waitForSelector(beside, { state: 'detached' });
  await page.selectOption('[data-testid="add-charge-attacker"]', 'Gloucester');
  const clash = await (await page.waitForSelector('[data-testid="warning-policy.attacker.charges[0]"]')).textContent();
  assert.match(clash, /in round 2 he makes the roll, not this charge, and charges only if the roll cannot be made \(R3, R35\)$/);
  const plans = (round) => page.$$eval(`[data-testid="fire-order"] [data-testid="round-${round}"] [data-testid="turn-plan"]`, (els) => els.map((e) => e.textContent));
  assert.ok((await plans(1)).some((p) => p.startsWith('charges Gloucester instead of firing')), (await plans(1)).join(' | '));
  assert.ok((await plans(2)).includes('Treachery roll on Stanley/Y instead of firing: 1 die, all even to turn (6.9, D10); his charge on Gloucester planned for this round is not made: the roll comes first (R3, R35)'), (await plans(2)).join(' | '));
  assert.deepEqual(await settled(page), headlineOf(cliExact(await scenarioOf(page))));
});

test('with a hidden block, a choice the rules set aside is shown as it is with every block known, and the CLI says the same (R44)', async () => {
  // Bosworth 1485 with the roll on Stanley/Y (in reserve, 6.3) in round 1, and one more York
  // block no one has seen.
  const bosworth = JSON.parse(fs.readFileSync(path.join(ROOT, 'examples/bosworth-1485.json'), 'utf8'));
  bosworth.policy.attacker.treachery[0].round = 1;
  bosworth.defender.hidden = [{}];
  await page.goto(link(server.url, bosworth));
  const why = 'Stanley/Y is in reserve in round 1 and cannot be targeted before round 2 (6.3, D4, D10): Richmond makes no roll in round 1 under this plan';
  const beside = '[data-testid="warning-policy.attacker.treachery[0].round"]';
  assert.equal(await (await page.waitForSelector(beside)).textContent(), `Set aside: ${why}`);
  assert.equal(await page.locator(`li:has([data-testid="treachery-attacker-0-round"]) ${beside}`).count(), 1);
  assert.equal(await page.textContent('[data-testid="summary-warning"]'), `Lancaster's choice set aside: ${why}`);
  const cli = cliExact(await scenarioOf(page));
  assert.deepEqual(cli.warnings, [{ field: 'policy.attacker.treachery[0].round', reason: why }]);
  // The exact mixture's figures are the CLI's.
  await page.waitForSelector('[data-testid="results"][data-current="true"][data-method="exact"]', { timeout: 0 });
  assert.deepEqual(await settled(page), headlineOf(cli.report));
  // Back to round 2, the roll is made and nothing is said.
  await page.selectOption('[data-testid="treachery-attacker-0-round"]', '2');
  await page.waitForSelector(beside, { state: 'detached' });
  assert.equal(await page.locator('[data-testid="summary-warning"]').count(), 0);
});
