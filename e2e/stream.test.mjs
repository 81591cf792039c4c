// End to end, the streamer view (issue 26): opened from its address flag, a battle fought fire
// by fire from the keyboard with the dice and the narration of `bosworth replay` at the same
// seed, the odds from each point those of `bosworth exact` on the replay's checkpoint, and not a
// control on screen; Escape leaves it. Nothing timed: every wait is on what the page says
// (`data-beat`, `data-working`).
import { test, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { cliExact, cliJson, guardedSuite, link, pct, ROOT, SHOTS, server, page, addressOf } from './lib.mjs';

guardedSuite({ before, after, beforeEach, afterEach }, assert);

const TOWTON = JSON.parse(fs.readFileSync(path.join(ROOT, 'examples/towton-1461.json'), 'utf8'));
const SEED = 5;

/** The replay cut as the view cuts it: each turn with what follows it, up to the next turn. */
function beatsOf(replay) {
  const ends = [...replay.checkpoints.map((c) => c[0]).filter((i) => i > 0), replay.events.length];
  const out = [];
  let start = 0;
  for (const end of ends) {
    if (end > start) out.push({ start, end, after: replay.checkpoints.find((c) => c[0] === end)?.[1] });
    start = end;
  }
  return out;
}

/** Everything on the page a viewer could click, type in or tab to. */
const controls = () => page.$$eval(
  'button, input, select, textarea, a[href], summary, [role="button"], [tabindex]:not([tabindex="-1"])',
  (els) => els.filter((e) => e.getClientRects().length > 0).map((e) => e.outerHTML.slice(0, 80)),
);

test('the streamer view opens from its address, fights the CLI\'s replay fire by fire, and shows no control', async () => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  const replay = cliJson('replay', ['--seed', String(SEED)], TOWTON);
  const beats = beatsOf(replay);
  await page.goto(`${link(server.url, TOWTON)}&overlay&seed=${SEED}`);
  await page.waitForSelector('[data-testid="stream"][data-beat="0"]');
  assert.equal(await page.textContent('[data-testid="stream-title"]'), 'The battle of Towton, 1461');
  assert.equal(await page.getAttribute('[data-testid="stream"]', 'data-beats'), String(beats.length));
  assert.deepEqual(await controls(), [], 'nothing to click on a stream');
  // Before the first fire, the battle's own odds: `bosworth exact`'s.
  await page.waitForSelector('[data-testid="stream-odds"][data-working="false"]');
  const whole = cliExact(TOWTON);
  assert.equal(await page.textContent('[data-testid="stream-odds-attacker"]'), pct(whole.attacker_holds));
  for (const [k, beat] of beats.entries()) {
    await page.keyboard.press(k % 2 ? 'ArrowRight' : 'Space');
    await page.waitForSelector(`[data-testid="stream"][data-beat="${k + 1}"]`);
    const events = replay.events.slice(beat.start, beat.end);
    // The dice of every roll, as the CLI rolled them.
    const dice = await page.$$eval('[data-testid="stream-dice"]', (els) => els.map((e) => e.getAttribute('data-dice')));
    assert.deepEqual(dice, events.filter((e) => e.event === 'acts' && e.dice.length > 0).map((e) => e.dice.join(' ')), `beat ${k + 1}`);
    // The narration: one line an event, each with the CLI's rule where it has one.
    const lines = await page.$$eval('[data-testid="stream-narration"] li', (els) => els.map((e) => e.textContent));
    assert.equal(lines.length, events.length, `beat ${k + 1}: ${lines.join(' | ')}`);
    for (const [i, e] of events.entries()) {
      if (e.rule) assert.ok(lines[i].includes(`(${e.rule})`), `beat ${k + 1}: "${lines[i]}" cites ${e.rule}`);
      if (e.event === 'acts' && e.dice.length) assert.ok(lines[i].includes(`rolls [${e.dice.join(' ')}]`), lines[i]);
      if (e.event === 'hit') assert.ok(lines[i].startsWith(`${e.block} takes ${e.hits} hit${e.hits === 1 ? '' : 's'}, strength now ${e.strength}`), lines[i]);
    }
    if (k === 0) {
      // The odds from this point are `bosworth exact`'s on the battle as it stands after it.
      await page.waitForSelector('[data-testid="stream-odds"][data-working="false"]');
      const from = cliExact(beat.after);
      assert.equal(await page.textContent('[data-testid="stream-odds-attacker"]'), pct(from.attacker_holds));
      assert.equal(await page.textContent('[data-testid="stream-odds-defender"]'), pct(from.defender_holds));
      await page.screenshot({ path: path.join(SHOTS, 'stream-first-fire.png') });
    }
  }
  // The end: who holds, the odds settled at 100% for them.
  const holder = replay.holder === 'attacker' ? TOWTON.attacker.house : TOWTON.defender.house;
  assert.match(await page.textContent('[data-testid="stream-end"]'), new RegExp(`${holder} holds South Yorks`));
  assert.equal(await page.textContent(`[data-testid="stream-odds-${replay.holder}"]`), '100.0%');
  await page.screenshot({ path: path.join(SHOTS, 'stream-end.png') });
  // Back one fire, then Home to the start.
  await page.keyboard.press('ArrowLeft');
  await page.waitForSelector(`[data-testid="stream"][data-beat="${beats.length - 1}"]`);
  await page.keyboard.press('Home');
  await page.waitForSelector('[data-testid="stream"][data-beat="0"]');
  assert.deepEqual(await controls(), [], 'still nothing to click');
  // Escape: back to the calculator, with the battle and without the view in the address.
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-testid="headline"]');
  assert.equal(await page.locator('[data-testid="stream"]').count(), 0);
  assert.ok(!(await addressOf(page)).includes('overlay'));
});

test('the "On stream" card gives the view\'s link with its title, background, colours and seed', async () => {
  await page.goto(link(server.url, TOWTON));
  await page.waitForSelector('[data-testid="stream-setup"]');
  await page.fill('[data-testid="stream-title-input"]', 'Towton: Palm Sunday, 1461');
  await page.keyboard.press('Tab');
  await page.selectOption('[data-testid="stream-background"]', 'green');
  await page.selectOption('[data-testid="stream-theme"]', 'dark');
  await page.waitForFunction(() => document.querySelector('[data-testid="stream-link"]').value.includes('theme=dark'));
  const address = await page.inputValue('[data-testid="stream-link"]');
  assert.match(address, /#s=[^&]+&overlay&title=Towton%3A%20Palm%20Sunday%2C%201461&bg=green&theme=dark&seed=1$/);
  // The link opens the view as set, in a fresh page (streaming software's browser).
  await page.goto('about:blank');
  await page.goto(address);
  await page.waitForSelector('[data-testid="stream"].bg-green');
  assert.equal(await page.textContent('[data-testid="stream-title"]'), 'Towton: Palm Sunday, 1461');
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
  assert.equal(await page.$eval('[data-testid="stream"]', (el) => getComputedStyle(el).backgroundColor), 'rgb(0, 177, 64)');
  // Escape lands on the calculator in the theme the view was opened with, kept.
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-testid="stream-open"]');
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
  assert.equal(await page.getAttribute('[data-testid="theme-toggle"]', 'aria-pressed'), 'true');
  // The button opens it too, and Back closes it (a phone has no Escape key).
  await page.click('[data-testid="stream-open"]');
  await page.waitForSelector('[data-testid="stream"]');
  await page.goBack();
  await page.waitForSelector('[data-testid="stream-setup"]');
  assert.equal(await page.locator('[data-testid="stream"]').count(), 0);
});

test('with hidden blocks the view says in plain words what the odds are averaged over', async () => {
  const hidden = JSON.parse(fs.readFileSync(path.join(ROOT, 'examples/hidden-east-anglia.json'), 'utf8'));
  await page.goto(`${link(server.url, hidden)}&overlay`);
  const words = await (await page.waitForSelector('[data-testid="stream-fog"]')).textContent();
  assert.equal(words, "Lancaster cannot see who 2 of York's blocks are: they stand face down. These odds are the average over the 210 things they might be.");
  assert.equal(await page.locator('[data-testid="stream-tile"][data-block="?"]').count(), 2);
  assert.deepEqual(await controls(), []);
});
