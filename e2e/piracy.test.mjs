// End to end: Piracy on the map (issue 34, R42, R43). examples/board-piracy.json opened from the
// map's examples list; Essex ranked as `bosworth plan --target Essex --json` ranks it, every
// plan's Main Attack the North Sea; the best plan drawn as one arrow per sea move, from its port
// across the water into Essex, with no border badge (a sea move counts on no land border); Best
// turn's turns those of `bosworth plan --turn --json`; the best plan opened as a battle whose
// headline is `bosworth exact`'s. Screenshots at desktop and phone sizes, both themes.
import { test, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, SHOTS, cliJson, settled, headlineOf, guardedSuite, server, page } from './lib.mjs';

guardedSuite({ before, after, beforeEach, afterEach }, assert);

const PIRACY = JSON.parse(fs.readFileSync(path.join(ROOT, 'examples', 'board-piracy.json'), 'utf8'));

test('Piracy: sea attacks ranked and drawn as bosworth plan gives them, the best turn, and the battle opened', async () => {
  await page.goto(server.url + '#b=');
  await page.waitForSelector('[data-testid="board-view"]');
  const names = await page.$$eval('[data-testid="examples"] option', (o) => o.map((x) => x.textContent));
  const at = names.findIndex((n) => /^Piracy/.test(n));
  assert.ok(at > 0, `the examples list offers board-piracy.json: ${names.join(' | ')}`);
  await page.selectOption('[data-testid="examples"]', String(at - 1));
  await page.click('[data-testid="example-open"]');
  await page.waitForSelector('[data-testid="plans"][data-calc="done"]:not([data-target])', { timeout: 0 });

  // Essex ranked: the CLI's plans, every one across the North Sea.
  await page.selectOption('[data-testid="target-pick"]', 'Essex');
  await page.waitForSelector('[data-testid="plans"][data-target="Essex"][data-calc="done"]', { timeout: 0 });
  const cli = cliJson('plan', ['--target', 'Essex'], PIRACY);
  const shown = await page.$$eval('[data-testid="plan-list"] .plan-row', (rows) => rows.map((r) => ({
    holds: Number(r.dataset.holds), main: r.dataset.main,
  })));
  assert.deepEqual(shown, cli.plans.map((p) => ({ holds: p.holds, main: p.main })));
  assert.ok(cli.plans.every((p) => p.main === 'North Sea' && p.active.every((w) => w.sea === 'North Sea')));
  assert.ok(cli.plans.every((p) => p.active.length + p.reserves.length <= 2), 'two action points, one block each');
  assert.match(await page.textContent('[data-testid="plan-0"]'), /Main Attack by North Sea: Warwick\/Y from Calais, March from Middlesex/);
  // Drawn by sea: one arrow per sea move, from its port out over the North Sea into Essex; no
  // border badge.
  const legs = await page.$$eval('.marks .arrow', (a) => a.length);
  assert.equal(legs, 2, 'from Calais and from Middlesex, each across the water to Essex');
  assert.equal(await page.locator('.marks .badge').count(), 0, 'a sea move counts on no land border (5.3)');

  for (const [size, viewport] of Object.entries({ desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } })) {
    for (const theme of ['light', 'dark']) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: theme });
      await page.locator('[data-testid="map"]').screenshot({ path: path.join(SHOTS, `map-piracy-${size}-${theme}.png`) });
    }
  }
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });

  // Best turn: the CLI's turns.
  await page.click('[data-testid="best-turn-open"]');
  await page.waitForSelector('[data-testid="best-turn"][data-calc="done"][data-objective="areas"]', { timeout: 0 });
  const turns = cliJson('plan', ['--turn'], PIRACY);
  const rows = await page.$$eval('[data-testid="turn-list"] .turn-row', (r) => r.map((x) => Number(x.dataset.value)));
  assert.deepEqual(rows, turns.turns.map((t) => t.value));
  assert.ok(turns.turns.every((t) => t.action_points <= 2));
  await page.click('[data-testid="turn-close"]');
  await page.waitForSelector('[data-testid="plans"][data-target="Essex"][data-calc="done"]', { timeout: 0 });

  // The best plan on Essex opened as a battle: bosworth exact's headline on its battle.
  const battle = cli.plans[0].battle;
  assert.deepEqual(battle.attacker.blocks.map((b) => b.from), ['North Sea', 'North Sea']);
  await page.click('[data-testid="open-battle"]');
  await page.waitForSelector('[data-testid="results"][data-current="true"][data-method="exact"]', { timeout: 0 });
  const exact = cliJson('exact', [], battle);
  assert.deepEqual(await settled(page), headlineOf(exact.report));
});
