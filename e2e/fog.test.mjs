// End-to-end tests of hidden blocks (Fog-of-War, R13): built from the "?" tile, the headline is
// `bosworth exact`'s mixture for the scenario in the address, the spread chart is drawn, and the
// link keeps the hidden blocks. The Kent battle (issue 22): Monte Carlo figures first, then the
// exact ones; choices of known blocks with a hidden block present; a possibility opened as a
// battle, and Undo.
import { test, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import {
  ROOT, cliJson, settled, scenarioOf, headlineOf, SHOTS, guardedSuite, link, server, page,
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
  const shown = await settledExact(page);
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
  const narrowed = await scenarioWhere(page, (sc) => sc.defender.hidden[0].strength === 'any' && (sc.defender.hidden[0].kinds || []).includes('levy'));
  assert.deepEqual(narrowed.defender.hidden[0], { kinds: ['levy'], strength: 'any' });
  assert.deepEqual(await settledExact(page), headlineOf(cliJson('exact', [], narrowed).report));
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

/** The scenario in the page's address once `check` holds for it (waiting on the address's changes). */
async function scenarioWhere(p, check) {
  for (;;) {
    const hash = await p.evaluate(() => location.hash);
    const part = hash.slice(1).split('&').find((x) => x.startsWith('s='));
    const sc = JSON.parse(Buffer.from(part.slice(2), 'base64url').toString('utf8'));
    if (check(sc)) return sc;
    await p.waitForFunction((h) => location.hash !== h, hash, { timeout: 0 });
  }
}

/** Waits until the figures shown are the exact ones for the battle as it is now. */
async function settledExact(p) {
  await p.waitForSelector('[data-testid="results"][data-current="true"][data-method="exact"]', { timeout: 0 });
  return settled(p);
}

/** `bosworth reveal FILE WHICH`: the possibility as a battle of its own (scenario JSON). */
function cliReveal(scenario, which) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bosworth-sc-')), 'battle.json');
  fs.writeFileSync(file, JSON.stringify(scenario));
  const out = execFileSync('cargo', ['run', '--release', '--quiet', '--bin', 'bosworth', '--', 'reveal', file, which],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });
  return JSON.parse(out);
}

const KENT = JSON.parse(fs.readFileSync(path.join(ROOT, 'bench', 'hidden-kent.json'), 'utf8'));

test('the Kent battle: Monte Carlo figures first, then bosworth exact\'s; the worst possibility opened as a battle, and Undo', async () => {
  // Every method the results panel shows for the battle as it is, in order.
  await page.addInitScript(() => {
    window.methods = [];
    new MutationObserver(() => {
      const r = document.querySelector('[data-testid="results"][data-current="true"]');
      const m = r && r.getAttribute('data-method');
      if (m && window.methods[window.methods.length - 1] !== m) window.methods.push(m);
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
  await page.goto(link(server.url, KENT));
  await page.waitForSelector('[data-testid="results"][data-current="true"][data-method="monte-carlo"]', { timeout: 0 });
  assert.match(await page.textContent('[data-testid="method"]'), /^Monte Carlo: \d+ simulated battles, seed 1/);
  assert.match(await page.textContent('[data-testid="note"]'), /bosworth simulate --runs \d+/);
  await page.screenshot({ path: path.join(SHOTS, 'fog-kent-monte-carlo.png'), fullPage: true });
  const cli = cliJson('exact', [], KENT);
  assert.deepEqual(await settledExact(page), headlineOf(cli.report));
  assert.deepEqual(await page.evaluate(() => window.methods), ['monte-carlo', 'exact']);
  assert.match(await page.textContent('[data-testid="averaged"]'), new RegExp(`${cli.possibilities} possibilities \\(${cli.compositions} distinct battles, each solved exactly\\)`));
  assert.equal(await page.locator('[data-testid="refining"]').count(), 0);
  await page.screenshot({ path: path.join(SHOTS, 'fog-kent-exact.png'), fullPage: true });

  // The worst possibility as a battle: `bosworth reveal FILE worst`, its figures `bosworth exact`'s.
  await page.click('[data-testid="open-worst"]');
  const worst = cliReveal(KENT, 'worst');
  await page.waitForSelector('[data-testid="hidden-defender-0"]', { state: 'detached', timeout: 0 });
  const opened = await scenarioOf(page);
  assert.deepEqual(opened.defender.blocks, worst.defender.blocks);
  assert.deepEqual(opened.attacker.blocks, worst.attacker.blocks);
  assert.deepEqual(await settled(page), headlineOf(cliJson('exact', [], worst)));

  // Undo: the hidden blocks again, and their exact figures (the worker kept the battles solved).
  await page.click('[data-testid="undo"]');
  await page.waitForSelector('[data-testid="hidden-defender-2"]', { timeout: 0 });
  assert.deepEqual((await scenarioOf(page)).defender.hidden, [{}, {}, {}]);
  assert.deepEqual(await settledExact(page), headlineOf(cli.report));
});

test('a charge by a known heir with a hidden block present: the Choices panel is open and the headline follows the CLI', async () => {
  const s0 = {
    version: 1, area: 'Kent', king: 'Lancaster',
    attacker: { house: 'York', blocks: [{ id: 'March', strength: 3 }, { id: 'Hastings', strength: 2 }] },
    defender: { house: 'Lancaster', blocks: [{ id: 'Pembroke', strength: 3 }], hidden: [{}] },
  };
  await page.goto(link(server.url, s0));
  const before = await settledExact(page);
  assert.deepEqual(before, headlineOf(cliJson('exact', [], s0).report));
  await page.click('[data-testid="choices-attacker"] summary');
  assert.doesNotMatch(await page.textContent('[data-testid="choices-attacker"]'), /fix the blocks first/);
  await page.selectOption('[data-testid="add-charge-attacker"]', 'Pembroke');
  const s = await scenarioWhere(page, (sc) => (sc.policy?.attacker?.charges || []).length > 0);
  assert.equal(s.policy.attacker.charges.length, 1);
  assert.equal(s.policy.attacker.charges[0].target, 'Pembroke');
  assert.deepEqual(s.defender.hidden, [{}]);
  const after = await settledExact(page);
  assert.deepEqual(after, headlineOf(cliJson('exact', [], s).report));
  assert.notDeepEqual(after, before, 'the charge changes the odds');
  // The hidden block is no choice of the defender's: only known blocks are named.
  await page.click('[data-testid="choices-defender"] summary');
  await page.locator('[data-testid="choices-defender"]').screenshot({ path: path.join(SHOTS, 'fog-choices.png') });
});
