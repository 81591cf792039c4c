// End to end, the famous battles (issue 26): each ready-made battle of history opens from its
// own link and from the list, with the figures of `bosworth exact` on its file in examples/; and
// after a control change (6.3, D5) the replay and live play name the sides by the role they now
// have, with the crown's bonus explained (2.3, D7).
import { test, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { cliExact, settled, headlineOf, guardedSuite, link, ROOT, server, page, scenarioOf } from './lib.mjs';

guardedSuite({ before, after, beforeEach, afterEach }, assert);

const BATTLES = ['st-albans-1455', 'northampton-1460', 'wakefield-1460', 'mortimers-cross-1461', 'towton-1461',
  'barnet-1471', 'tewkesbury-1471', 'bosworth-1485'];
const read = (name) => JSON.parse(fs.readFileSync(path.join(ROOT, 'examples', `${name}.json`), 'utf8'));

test('each famous battle opens from its link with the figures of bosworth exact', async () => {
  for (const name of BATTLES) {
    const battle = read(name);
    await page.goto('about:blank');
    await page.goto(link(server.url, battle));
    assert.deepEqual(await settled(page), headlineOf(cliExact(battle)), name);
    // The ready-made battle is recognised: its note is shown, without a path of the repository.
    const note = await page.textContent('[data-testid="preset-note"]');
    assert.match(note, new RegExp(name.match(/\d{4}/)[0]), `${name}: ${note}`);
    assert.doesNotMatch(note, /examples\/|\.json/);
  }
});

test('each famous battle opens from the list of ready-made battles', async () => {
  await page.goto(server.url);
  await settled(page);
  const names = await page.locator('[data-testid="presets"] option').allTextContents();
  for (const name of BATTLES) {
    const year = name.match(/\d{4}/)[0];
    const place = name.replace(/-\d{4}$/, '').split('-')[0].slice(0, 5);
    const index = names.findIndex((n) => n.toLowerCase().includes(place) && n.includes(year));
    assert.ok(index > 0, `${name} is in the list: ${names.join(' | ')}`);
    await page.selectOption('[data-testid="presets"]', { index });
    await page.click('[data-testid="preset-open"]');
    // Opened, its note names it.
    await page.waitForFunction((n) => document.querySelector('[data-testid="preset-note"]')?.textContent.startsWith(`${n}: `), names[index]);
    assert.deepEqual(await scenarioOf(page), read(name), name);
  }
});

/** Henry VI (King) and Oxford attack Middlesex, a crown, held by Hastings at 1 with Norfolk in
 *  reserve: when Hastings falls in round 1, Norfolk deploys and control changes (D5). */
const CONTROL_CHANGE = {
  version: 1, area: 'Middlesex', king: 'Lancaster',
  attacker: { house: 'Lancaster', blocks: [{ id: 'Henry VI', strength: 4 }, { id: 'Oxford', strength: 3 }] },
  defender: { house: 'York', blocks: [{ id: 'Hastings', strength: 1 }, { id: 'Norfolk', strength: 4, reserve: true }] },
};

test('after a control change the replay and live play name the sides by their new roles, the crown explained', async () => {
  await page.goto(link(server.url, CONTROL_CHANGE));
  await settled(page);
  // The replay at its default seed (1): Oxford kills Hastings with his first fire.
  const replay = page.locator('[data-testid="replay"]');
  await replay.scrollIntoViewIfNeeded();
  let current = '';
  for (let k = 1; !current.startsWith('Henry VI') && k <= 12; k++) {
    await page.click('[data-testid="replay-next"]');
    await page.waitForFunction((n) => document.querySelector('[data-testid="replay-step"]').textContent.startsWith(`Event ${n} of`), k);
    current = await page.textContent('[data-testid="replay-current"]');
  }
  assert.match(current, /^Henry VI \(now defending, B3\) fires: rolls \[[1-6 ]+\], \d hits? \(6\.4[^)]*\)\./);
  assert.ok(current.includes('+1 defending the crown in Middlesex: senior royal heir (2.3, D7)'), current);
  assert.ok(current.includes('its side now defends: control changed in round 1 (6.3, D5)'), current);
  const events = await page.locator('[data-testid="events"] li').allTextContents();
  assert.ok(events.some((e) => e.startsWith('Control changes: the attacker now defends and the defender now attacks')), events.join('\n'));
  assert.match(await page.getAttribute('[data-testid="eval-bar"]', 'aria-label'), /^Chance Lancaster \(now defending\) holds Middlesex/);
  // Live play: Oxford's three dice all hit; Hastings falls, control changes.
  await page.locator('[data-testid="live"]').scrollIntoViewIfNeeded();
  await page.fill('[data-testid="live-dice"]', '1 1 1');
  await page.click('[data-testid="live-apply"]');
  await page.waitForSelector('[data-testid="live-said"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="live-turn"]')?.textContent.includes('Henry VI'));
  assert.match(await page.textContent('[data-testid="live-turn"]'), /Henry VI, Lancaster \(now defending\), to act\./);
  const log = await page.locator('[data-testid="live-events"] li').allTextContents();
  assert.ok(log.some((e) => e.startsWith('Control changes: the attacker now defends')), log.join('\n'));
  // The odds of the battle as it now stands name the roles as they are.
  await settled(page);
  assert.match(await page.textContent('[data-testid="live-odds"]'), /^Now: Lancaster \(now defending\) holds [\d.]+%, York \(now attacking\) /);
  assert.match(await page.textContent('[data-testid="headline"]'), /Chance Lancaster \(now defending\) holds Middlesex/);
});
