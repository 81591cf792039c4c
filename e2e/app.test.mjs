// End-to-end tests of the browser app against dist/ (built by scripts/serve --build-only).
import { test, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {
  serve, browser, guardedPage, cliExact, settled, scenarioOf, headlineOf, b64url, SHOTS, DIST,
} from './lib.mjs';

const SIDEBAR = {
  version: 1, king: 'Lancaster',
  attacker: { house: 'York', blocks: [{ id: 'Herbert', strength: 3 }, { id: 'Clarence/Y', strength: 3 }] },
  defender: { house: 'Lancaster', blocks: [{ id: 'Rivers/L', strength: 2 }] },
};
const BOSWORTH = {
  version: 1, area: 'Leicester', king: 'York', dead: ['York', 'March', 'Rutland', 'Clarence/Y'], treason: 'attacker',
  attacker: { house: 'Lancaster', blocks: [{ id: 'Richmond', strength: 3 }, { id: 'Oxford', strength: 3 }, { id: 'Pembroke', strength: 3 }] },
  defender: {
    house: 'York',
    blocks: [{ id: 'Gloucester', strength: 3 }, { id: 'Norfolk', strength: 4 }, { id: 'Northumberland/Y', strength: 4 },
      { id: 'Stanley/Y', strength: 4, reserve: true }],
  },
};
const link = (url, scenario) => `${url}#s=${b64url(JSON.stringify(scenario))}`;

let server;
let context;
let page;
let problems;

before(async () => {
  assert.ok(fs.existsSync(path.join(DIST, 'index.html')), 'dist/ is missing: run scripts/serve --build-only first');
  server = await serve();
  fs.mkdirSync(SHOTS, { recursive: true });
});
after(async () => { await server.close(); });
beforeEach(async () => {
  context = await browser();
  ({ page, problems } = await guardedPage(context));
});
afterEach(async () => {
  await context.close();
  assert.deepEqual(problems, [], 'no console error and no request beyond 127.0.0.1');
});

test('a battle built by clicking shows the CLI\'s exact odds', async () => {
  const t0 = Date.now();
  await page.goto(server.url);
  await settled(page);
  console.log(`# first result ${Date.now() - t0} ms after navigation`);
  // Clear the default battle.
  for (const side of ['attacker', 'defender']) {
    while (await page.locator(`[data-testid="army-${side}"] button[aria-label^="Remove "]`).count() > 0) {
      await page.locator(`[data-testid="army-${side}"] button[aria-label^="Remove "]`).first().click();
    }
  }
  // An empty side is refused by the engine, and the page says so next to the side.
  await page.waitForSelector('[data-testid="error-attacker"]');
  await page.selectOption('[data-testid="area"]', 'Cornwall');
  await page.fill('[data-testid="search-attacker"]', 'dev');
  await page.click('[data-testid="add-attacker-Devon"]');
  await page.fill('[data-testid="search-attacker"]', '');
  await page.selectOption('[data-testid="kind-attacker"]', 'Nobles');
  await page.click('[data-testid="add-attacker-Clifford"]');
  await page.click('[data-testid="add-defender-Hastings"]');
  await page.click('[data-testid="add-defender-Herbert"]');
  const before = await scenarioOf(page);
  const clifford = before.attacker.blocks[1];
  assert.equal(clifford.id, 'Clifford');
  // Reduce Clifford by one step: click his top pip, as you would rotate the block.
  await page.click(`[data-testid="pip-attacker-1-${clifford.strength}"]`);
  await page.check('[data-testid="reserve-defender-1"]');
  const s = await scenarioOf(page);
  assert.equal(s.area, 'Cornwall');
  assert.deepEqual(s.attacker.blocks.map((b) => b.id), ['Devon', 'Clifford']);
  assert.equal(s.attacker.blocks[1].strength, clifford.strength - 1);
  assert.deepEqual(s.defender.blocks.map((b) => [b.id, !!b.reserve]), [['Hastings', false], ['Herbert', true]]);
  const shown = await settled(page);
  assert.deepEqual(shown, headlineOf(cliExact(s)));
  // The area's bonus is explained on the block, with its rule.
  assert.match(await page.textContent('[data-testid="block-attacker-0"]'), /\+1 defending|no bonus here/);
  // The battle survives a reload (local storage), even without the link.
  await page.goto(server.url.replace(/#.*/, ''));
  assert.deepEqual(await settled(page), shown);
});

test('a #s= link opens its battle with the CLI\'s exact odds', async () => {
  await page.goto(link(server.url, BOSWORTH));
  const shown = await settled(page);
  assert.deepEqual(shown, headlineOf(cliExact(BOSWORTH)));
  assert.match(await page.textContent('[data-testid="headline"]'), /Chance Lancaster \(attacker\) holds Leicester/);
  assert.match(shown.attacker, /^\d+\.\d%$/);
  // Richard fights: the page warns of the King's death when it is a real chance.
  const warnings = await page.locator('[data-testid="royal-warning"]').allTextContents();
  assert.ok(warnings.some((w) => /heir dies/.test(w)), warnings.join(' | '));
});

test('the fire order of the rulebook sidebar: Herbert, Rivers, Clarence', async () => {
  await page.goto(link(server.url, SIDEBAR));
  await settled(page);
  for (const round of [1, 2, 3]) {
    const names = await page.locator(`[data-testid="round-${round}"] .turn-block`).allTextContents();
    assert.deepEqual(names, ['Herbert', 'Rivers/L', 'Clarence/Y'], `round ${round}`);
  }
  assert.match(await page.textContent('[data-testid="round-1"]'), /initiative A \(3\.12\)/);
});

test('a replay steps forward and back, highlighting the fire order', async () => {
  await page.goto(link(server.url, SIDEBAR));
  await settled(page);
  await page.fill('[data-testid="seed"]', '7');
  await page.press('[data-testid="seed"]', 'Enter');
  await page.locator('[data-testid="seed"]').blur();
  const total = Number((await page.textContent('[data-testid="replay-step"]')).match(/of (\d+)/)[1]);
  assert.ok(total > 2);
  await page.click('[data-testid="replay-next"]');
  assert.match(await page.textContent('[data-testid="replay-current"]'), /Herbert fires at A2: rolls \[/);
  // The acting block is highlighted in round 1 of the fire order.
  assert.equal(await page.textContent('[data-testid="round-1"] .turn.current .turn-block'), 'Herbert');
  await page.click('[data-testid="replay-next"]');
  assert.match(await page.textContent('[data-testid="replay-step"]'), /^Event 2 of/);
  await page.click('[data-testid="replay-back"]');
  assert.match(await page.textContent('[data-testid="replay-step"]'), /^Event 1 of/);
  // The keyboard works too.
  await page.focus('[data-testid="replay"]');
  for (let i = 0; i < total + 2; i++) await page.keyboard.press('ArrowRight');
  assert.match(await page.textContent('[data-testid="replay-step"]'), new RegExp(`^Event ${total} of ${total}`));
  assert.match(await page.textContent('[data-testid="replay-current"]'), /The battle ends in round \d/);
});

test('a broken link shows an error, and the page still works', async () => {
  await page.goto(`${server.url}#s=not-a-battle!!`);
  await page.waitForSelector('[data-testid="notice"]');
  assert.match(await page.textContent('[data-testid="notice"]'), /could not be opened/);
  const valid = b64url('{"version":1,"attacker":{"house":"York","blocks":[]},"defender":{"house":"Lancaster","blocks":[{"id":"Oxford","strength":9}]}}');
  await page.goto(`${server.url}#s=${valid}`);
  await page.waitForSelector('[data-testid="scenario-error"]');
  assert.match(await page.textContent('[data-testid="scenario-error"]'), /attacker\.blocks/);
});

test('screenshots: desktop and phone, light and dark, and the streamer view', async () => {
  for (const [name, width, height] of [['desktop', 1366, 900], ['phone', 390, 844]]) {
    for (const scheme of ['light', 'dark']) {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('about:blank');
      await page.goto(link(server.url, BOSWORTH));
      await settled(page);
      await page.click('[data-testid="replay-next"]');
      await page.screenshot({ path: path.join(SHOTS, `${name}-${scheme}.png`), fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 1, `${name} ${scheme}: page is ${overflow}px wider than the screen`);
    }
  }
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(`${link(server.url, BOSWORTH)}&overlay`);
  await page.waitForSelector('[data-testid="overlay"]');
  await settled(page);
  await page.screenshot({ path: path.join(SHOTS, 'overlay-dark.png') });
});

test('a battle too large for the exact solver switches to Monte Carlo, with progress and Cancel', async () => {
  const eight = (ids) => ids.map((id) => ({ id, strength: 2 }));
  const big = {
    version: 1, area: 'Kent', king: 'Lancaster',
    attacker: { house: 'York', blocks: eight(['Norfolk', 'Suffolk', 'Hastings', 'Herbert', 'Essex', 'Worcester', 'Arundel', 'Warwick/Y']) },
    defender: { house: 'Lancaster', blocks: eight(['Oxford', 'Pembroke', 'Devon', 'Beaumont', 'Clifford', 'Wiltshire', 'Exeter/L', 'Somerset']) },
  };
  await page.goto(link(server.url, big));
  await page.waitForSelector('[data-testid="progress"]', { timeout: 60000 });
  assert.match(await page.textContent('[data-testid="note"]'), /Too large for the exact solver.*Monte Carlo/);
  assert.match(await page.textContent('[data-testid="outcome-attacker"]'), /^\d+\.\d%$/);
  await page.click('[data-testid="cancel"]');
  await page.waitForSelector('text=Stopped: the figures are from the battles simulated so far.');
});
