// End to end: the Campaign Reset and Kingmaker calculators (issue 13, part 3). Each example opens
// from its link and shows the CLI's figures for the scenario in the address (bosworth reset --json,
// bosworth kingmaker --json); the header's switch works by keyboard, with Back; a link opens the
// right calculator, a broken one says why; an edit, Export and Import go through the address.
import { test, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cliJson, cliExact, headlineOf, settled, addressOf, b64url, guardedSuite, link, ROOT, SHOTS, SIDEBAR, server, page } from './lib.mjs';

guardedSuite({ before, after, beforeEach, afterEach }, assert);

const examples = (prefix) => fs.readdirSync(path.join(ROOT, 'examples')).filter((f) => f.startsWith(prefix) && f.endsWith('.json')).sort();
const read = (f) => JSON.parse(fs.readFileSync(path.join(ROOT, 'examples', f), 'utf8'));
const resetLink = (s) => `${server.url}#r=${b64url(JSON.stringify(s))}`;
const kingmakerLink = (s) => `${server.url}#k=${b64url(JSON.stringify(s))}`;

/** The scenario under a key (`r`, `k`, `s`) in the page's address, once written. */
async function inAddress(key) {
  const hash = await addressOf(page);
  const v = hash.slice(1).split('&').find((p) => p.startsWith(`${key}=`));
  assert.ok(v, `the address ${hash.slice(0, 40)}… carries ${key}=`);
  return JSON.parse(Buffer.from(v.slice(2), 'base64url').toString('utf8'));
}

const text = async (id) => (await page.textContent(`[data-testid="${id}"]`)).trim();

/** A percentage as the page writes it is the chance `p` to one decimal (ties either way). */
function near(shown, p, what) {
  const m = /^(-?[0-9.]+)%$/.exec(shown);
  assert.ok(m, `${what}: "${shown}" is a percentage`);
  assert.ok(Math.abs(Number(m[1]) - p * 100) <= 0.05 + 1e-9, `${what}: page ${shown}, CLI ${(p * 100).toFixed(3)}%`);
}

/** The reset view's figures equal the CLI's for the reset in the address. */
async function resetMatchesCli(what) {
  await page.waitForSelector('[data-testid="reset-headline"]');
  const cli = cliJson('reset', [], await inAddress('r'));
  assert.match(await text('reset-before'), new RegExp(`King ${cli.king} \\(${cli.throne}\\)`), what);
  const crown = await page.locator('[data-testid="reset-crown"] tbody tr').count();
  assert.equal(crown, cli.crown.length, `${what}: outcomes`);
  for (const [i, c] of cli.crown.entries()) {
    near(await text(`crown-${i}-chance`), c.chance, `${what} crown ${i}`);
    if (c.winner) assert.match(await text(`crown-${i}`), new RegExp(`${c.winner} wins at once`));
    else assert.match(await text(`crown-${i}`), new RegExp(`King ${c.king} .*Pretender ${c.pretender ?? 'none'}`));
  }
  for (const [i, n] of cli.nobles.entries()) {
    near(await text(`noble-${i}-turned`), n.turned, `${what} ${n.noble} turned`);
    near(await text(`noble-${i}-executed`), n.executed, `${what} ${n.noble} executed`);
    if (cli.pledge) near(await text(`noble-${i}-pledge`), n.pledge, `${what} ${n.noble} pledge`);
  }
  for (const [i, h] of cli.heirs.entries()) {
    for (const k of ['illness', 'trial', 'disgrace', 'alive', 'king']) near(await text(`heir-${i}-${k}`), h[k], `${what} ${h.heir} ${k}`);
  }
  const rebel = /([0-9.]+%)/.exec(await text('reset-rebel-placed'));
  if (rebel) near(rebel[1], cli.rebel_placed, `${what} Rebel`);
  assert.match(await text('reset-method'), new RegExp(`${cli.outcomes} distinct realms`));
  return cli;
}

/** A chance `{numerator, denominator, value}` as the page writes it: percentage and fraction. */
async function chanceIs(id, c, what) {
  near(await text(id), c.value, what);
  const frac = c.numerator === 0 ? '' : `${c.numerator}/${c.denominator}`;
  const el = page.locator(`[data-testid="${id}-fraction"]`);
  if (frac) assert.equal((await el.textContent()).trim(), frac, `${what}: fraction`);
}

/** The Kingmaker view's figures equal the CLI's for the combat in the address. */
async function kingmakerMatchesCli(what) {
  await page.waitForSelector('[data-testid="km-headline"]');
  const cli = cliJson('kingmaker', [], await inAddress('k'));
  const o = cli.outcome;
  const ids = {
    battle: { attacker_wins: 'attacker-wins', defender_wins: 'defender-wins', indecisive: 'indecisive', bad_weather: 'bad-weather' },
    siege: { captured: 'captured', under_siege: 'under-siege' },
    ambush: { ambushers_captured: 'ambushers-captured', postponed: 'postponed' },
    encounters: o.postponed ? { postponed: 'postponed' } : {},
  }[o.kind];
  for (const [field, id] of Object.entries(ids)) await chanceIs(`km-${id}`, o[field], `${what} ${field}`);
  for (const [i, e] of (o.encounters ?? []).entries()) {
    for (const [field, id] of Object.entries({ attacker_wins: 'attacker', defender_wins: 'defender', indecisive: 'indecisive', bad_weather: 'weather' })) {
      await chanceIs(`km-enc-${i}-${id}`, e[field], `${what} encounter ${i} ${field}`);
    }
  }
  assert.equal(await page.locator('[data-testid^="piece-"][data-testid$="-killed"]').count(), cli.pieces.length);
  for (const [i, p] of cli.pieces.entries()) {
    await chanceIs(`piece-${i}-killed`, p.killed, `${what} ${p.name} killed`);
    if (p.successor_loyal) {
      near(await text(`piece-${i}-loyal`), p.successor_loyal.value, `${what} ${p.name} successor loyal`);
      near(await text(`piece-${i}-lost`), p.successor_lost.value, `${what} ${p.name} successor lost`);
    }
  }
  assert.match(await text('km-deck-summary'), new RegExp(`Deck: ${cli.deck.cards} cards`));
  return cli;
}

test('every Campaign Reset example shows the CLI\'s figures, and how long it took', async () => {
  const files = examples('reset-');
  assert.ok(files.length >= 2, files.join(', '));
  for (const f of files) {
    await page.goto('about:blank');
    await page.goto(resetLink(read(f)));
    await resetMatchesCli(f);
    // The page says how long the computation took (measured, not asserted: no timed tests).
    assert.match(await text('reset-took'), /[0-9.]+ ms/, f);
  }
});

test('every Kingmaker example shows the CLI\'s exact figures', async () => {
  const files = examples('kingmaker-');
  assert.ok(files.length >= 4, files.join(', '));
  for (const f of files) {
    await page.goto('about:blank');
    await page.goto(kingmakerLink(read(f)));
    await kingmakerMatchesCli(f);
  }
});

test('the examples are in each calculator\'s list and open from it', async () => {
  await page.goto(resetLink(read('reset-usurpation.json')));
  await page.waitForSelector('[data-testid="reset-headline"]');
  await page.selectOption('[data-testid="examples"]', { index: 2 });
  await page.click('[data-testid="example-open"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="reset-before"]')?.textContent.includes('Gloucester'));
  assert.deepEqual(await inAddress('r'), read('reset-quiet.json'));
  // The note names the example in words, never by its path in the repository (issue 26).
  assert.match(await text('example-note'), /^A quiet reset in 1483: the last heirs: /);
  assert.doesNotMatch(await text('example-note'), /examples\/|\.json/);
  // Undo brings the reset before back.
  await page.click('[data-testid="undo"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="reset-before"]')?.textContent.includes('March'));
  await page.goto(kingmakerLink(read('kingmaker-basic-battle.json')));
  await page.waitForSelector('[data-testid="km-headline"]');
  const names = (await page.locator('[data-testid="examples"] option').allTextContents()).slice(1);
  assert.equal(names.length, examples('kingmaker-').length);
  await page.selectOption('[data-testid="examples"]', { label: names.find((n) => n.includes('siege')) });
  await page.click('[data-testid="example-open"]');
  await page.waitForSelector('[data-testid="km-captured"]');
  assert.deepEqual(await inAddress('k'), read('kingmaker-basic-siege.json'));
});

test('the switch works by keyboard, keeps each calculator\'s scenario, and Back returns', async () => {
  await page.goto(link(server.url, SIDEBAR));
  await settled(page);
  await page.focus('[data-testid="calc-battle"]');
  assert.equal(await page.getAttribute('[data-testid="calc-battle"]', 'aria-current'), 'page');
  // The battle's map comes next in the switch, then the Campaign Reset.
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'calc-board');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'calc-reset');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid="reset-view"]');
  // Focus stays on the switch, now on the calculator shown.
  await page.waitForFunction(() => document.activeElement?.dataset.testid === 'calc-reset');
  assert.equal(await page.getAttribute('[data-testid="calc-reset"]', 'aria-current'), 'page');
  assert.equal(await page.getAttribute('[data-testid="calc-battle"]', 'aria-current'), null);
  assert.match(await page.title(), /Campaign Reset/);
  await resetMatchesCli('the first reset');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid="kingmaker-view"]');
  await page.waitForFunction(() => document.activeElement?.dataset.testid === 'calc-kingmaker');
  await kingmakerMatchesCli('the first combat');
  // Back: the reset again; Forward: Kingmaker.
  await page.goBack();
  await page.waitForSelector('[data-testid="reset-view"]');
  await page.goForward();
  await page.waitForSelector('[data-testid="kingmaker-view"]');
  // Back to the battle by keyboard: the battle as it was.
  await page.focus('[data-testid="calc-kingmaker"]');
  for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'calc-battle');
  await page.keyboard.press('Enter');
  assert.deepEqual(await settled(page), headlineOf(cliExact(SIDEBAR)));
  assert.deepEqual((await inAddress('s')).attacker.blocks.map((b) => b.id), ['Herbert', 'Clarence/Y']);
  assert.equal(await page.getAttribute('[data-testid="calc-battle"]', 'aria-current'), 'page');
});

test('a link opens the right calculator; a broken one opens it empty and says why', async () => {
  await page.goto(kingmakerLink(read('kingmaker-advanced-encounters.json')));
  await page.waitForSelector('[data-testid="km-encounter-figures"]');
  assert.equal(await page.getAttribute('[data-testid="calc-kingmaker"]', 'aria-current'), 'page');
  await page.goto('about:blank');
  await page.goto(`${server.url}#r=not-a-reset!!`);
  await page.waitForSelector('[data-testid="reset-view"]');
  assert.match(await text('notice'), /This link's Campaign Reset could not be opened: the link's reset is not valid base64url/);
  assert.match(await text('scenario-error'), /Warwick is alive/);
  // Go to the field: Warwick's place.
  await page.click('[data-testid="problem-go"]');
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'place-Warwick');
  await page.goto('about:blank');
  await page.goto(`${server.url}#k=${b64url('{"kind":"kingmaker","version":1,"game":"basic"}')}`);
  await page.waitForSelector('[data-testid="kingmaker-view"]');
  assert.match(await text('notice'), /Kingmaker combat could not be opened: .*missing field `combat`/);
  assert.equal(await page.locator('[data-testid="km-headline"]').count(), 0);
});

test('an edit, Export and Import go through the address, with the CLI\'s figures', async () => {
  await page.goto(resetLink(read('reset-usurpation.json')));
  await page.waitForSelector('[data-testid="reset-headline"]');
  // Warwick starts on Lancaster's side: the address and the figures follow.
  await page.selectOption('[data-testid="place-Warwick"]', 'map-Lancaster');
  await page.waitForFunction(() => document.querySelector('[data-testid="noble-0"]')?.textContent.includes('Warwick/L'));
  assert.equal((await inAddress('r')).nobles[0], 'Warwick/L');
  await resetMatchesCli('Warwick for Lancaster');
  // Lancaster names Stanley first for the Double Game.
  await page.selectOption('[data-testid="name-pick-lancaster-double_game"]', 'Stanley');
  await page.click('[data-testid="name-add-lancaster-double_game"]');
  await page.waitForSelector('[data-testid="unname-lancaster-double_game-1"]');
  assert.deepEqual((await inAddress('r')).naming.lancaster.double_game, ['Warwick', 'Stanley']);
  await resetMatchesCli('Stanley named');
  // Export gives the reset in the address; Import opens a file.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="export-json"]')]);
  const saved = JSON.parse(fs.readFileSync(await download.path(), 'utf8'));
  assert.deepEqual(saved, await inAddress('r'));
  await page.setInputFiles('[data-testid="import-json"] input', path.join(ROOT, 'examples', 'reset-quiet.json'));
  await page.waitForFunction(() => document.querySelector('[data-testid="reset-before"]')?.textContent.includes('Gloucester'));
  assert.deepEqual(await inAddress('r'), read('reset-quiet.json'));
  // A battle imported here is told where it belongs.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bosworth-import-'));
  fs.writeFileSync(path.join(dir, 'battle.json'), JSON.stringify(SIDEBAR));
  await page.setInputFiles('[data-testid="import-json"] input', path.join(dir, 'battle.json'));
  assert.match(await text('notice'), /not a Campaign Reset.*open it in the battle calculator/);

  // Kingmaker: more troops for the attacker, a card more in the deck.
  await page.goto(kingmakerLink(read('kingmaker-basic-battle.json')));
  await page.waitForSelector('[data-testid="km-headline"]');
  await page.fill('[data-testid="noble-strength-attacker-1"]', '300');
  await page.keyboard.press('Tab');
  await page.waitForFunction(() => document.querySelector('[data-testid="km-ratio"]')?.textContent.includes('510 to 290'));
  await page.click('[data-testid="add-cards"]');
  await page.fill('[data-testid="cards-count-6"]', '3');
  await page.keyboard.press('Tab');
  await page.waitForFunction(() => document.querySelector('[data-testid="km-deck-summary"]')?.textContent.includes('Deck: 9 cards'));
  const combat = await inAddress('k');
  assert.equal(combat.attacker.nobles[1].strength, 300);
  assert.deepEqual(combat.deck[6], { count: 3, result: '5-4' });
  await kingmakerMatchesCli('edited combat');
  await page.screenshot({ path: path.join(SHOTS, 'kingmaker-edited.png'), fullPage: false });
});
