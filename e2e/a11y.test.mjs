// End to end: axe-core (its default rules plus WCAG 2.2's target-size) on every view of the app,
// in both themes, at desktop and phone sizes; any serious or critical violation fails the run
// (issue 16, point 6).
import { test, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { settled, guardedSuite, link, b64url, ROOT, server, page, violations } from './lib.mjs';

guardedSuite({ before, after, beforeEach, afterEach }, assert);

const SIZES = { desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } };

/** The battle with a Treason card, choices and a reserve: most of the page has something to show. */
const BATTLE = {
  version: 1, area: 'Warwick', king: 'Lancaster', treason: 'attacker',
  attacker: { house: 'Lancaster', blocks: [{ id: 'Henry VI', strength: 4 }, { id: 'Beaumont', strength: 3 }, { id: 'Oxford', strength: 2, reserve: true }] },
  defender: { house: 'York', blocks: [{ id: 'Stanley/Y', strength: 4 }, { id: 'Norfolk', strength: 4 }], hidden: [{}] },
  policy: { attacker: { hit_order: ['Stanley/L', 'Beaumont', 'Henry VI'], retreats: [{ block: 'Henry VI', below_strength: 3 }] } },
};
const KNOWN = { ...BATTLE, defender: { house: 'York', blocks: BATTLE.defender.blocks } };
/** A battle with its borders set (issue 24, part 5; R20): the Main Attack by Middlesex, a reserve
 * and a reinforcement by Sussex, a neighbour held, the retreat limits worked out from the map. */
const BORDERS = {
  version: 1, area: 'Kent', king: 'Lancaster', neighbours: { Middlesex: 'York' },
  attacker: { house: 'York', blocks: [{ id: 'March', strength: 3, from: 'Middlesex' }, { id: 'Hastings', strength: 3, from: 'Middlesex' },
    { id: 'Norfolk', strength: 4, from: 'Sussex', reserve: true }] },
  defender: { house: 'Lancaster', blocks: [{ id: 'Oxford', strength: 3 }, { id: 'Clifford', strength: 2, from: 'Sussex', reserve: true }] },
};
/** Two hidden Lancaster blocks against an heir entered first, Oxford seen elsewhere. */
const FOG = {
  version: 1, area: 'Kent', king: 'Lancaster', seen_elsewhere: ['Oxford'],
  attacker: { house: 'York', blocks: [{ id: 'March', strength: 3 }, { id: 'Hastings', strength: 2 }] },
  defender: { house: 'Lancaster', blocks: [{ id: 'Pembroke', strength: 3 }], hidden: [{}, { kinds: ['levy'], strength: 'any' }] },
};
/** Issue 22's Kent battle: Monte Carlo figures while the exact mixture is solved. */
const KENT = JSON.parse(fs.readFileSync(path.join(ROOT, 'bench', 'hidden-kent.json'), 'utf8'));
const example = (f) => b64url(fs.readFileSync(path.join(ROOT, 'examples', f), 'utf8'));

/** Each view: how to reach it from a fresh page. */
const VIEWS = {
  'builder and results, hidden blocks': async () => {
    await page.goto(link(server.url, BATTLE));
    await settled(page);
    for (const side of ['attacker', 'defender']) await page.click(`[data-testid="choices-${side}"] summary`);
  },
  // Issue 22's controls: who takes tied hits with Protect heirs, not in this area with its quick
  // picks, why each hidden block's other blocks are out, a percentile, every row of who a hidden
  // block may be opened (Show all), the scouting table's buttons, the exact solve's progress.
  'hidden blocks: tied hits, not in this area, any possibility opened': async () => {
    await page.goto(link(server.url, FOG));
    await page.waitForSelector('[data-testid="results"][data-current="true"][data-method="exact"]');
    await page.click('[data-testid="open-who-0"] summary');
    await page.click('[data-testid="open-who-all-0"]');
    await page.waitForSelector('[data-testid="who-row-0-8"]');
  },
  'hidden blocks: Monte Carlo while the exact solve works': async () => {
    await page.goto(link(server.url, KENT));
    await page.waitForSelector('[data-testid="refining"] progress');
  },
  'advisor, replay and compare': async () => {
    await page.goto(link(server.url, KNOWN));
    await settled(page);
    await page.click('[data-testid="pin"]');
    await page.click('[data-testid="pip-attacker-0-3"]');
    await settled(page);
    await page.click('[data-testid="pin"]');
    await page.click('[data-testid="advise"]');
    await page.waitForSelector('[data-testid="advice-decision"]');
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  },
  'live play': async () => {
    await page.goto(link(server.url, KNOWN));
    await settled(page);
    await page.locator('[data-testid="live"]').scrollIntoViewIfNeeded();
    await page.waitForSelector('[data-testid="live-dice"]');
  },
  'new battle dialog': async () => {
    await page.goto(server.url);
    await settled(page);
    await page.click('[data-testid="new-battle"]');
  },
  // The streamer view (issue 26): before the first fire, a few fires in (dice, narration, tiles
  // hit and eliminated), on a chroma-key green, and with hidden blocks (the averaged odds).
  'streamer view, before the battle': async () => {
    await page.goto('about:blank');
    await page.goto(`${link(server.url, KNOWN)}&overlay&seed=3`);
    await page.waitForSelector('[data-testid="stream-odds"][data-working="false"]');
  },
  'streamer view, four fires in, on green': async () => {
    await page.goto('about:blank');
    await page.goto(`${link(server.url, KNOWN)}&overlay&seed=3&bg=green&title=Warwick%2C%20in%20the%20rain`);
    await page.waitForSelector('[data-testid="stream"]');
    for (let k = 1; k <= 4; k++) {
      await page.keyboard.press('Space');
      await page.waitForSelector(`[data-testid="stream"][data-beat="${k}"]`);
    }
    await page.waitForSelector('[data-testid="stream-odds"][data-working="false"]');
  },
  'streamer view, hidden blocks': async () => {
    await page.goto('about:blank');
    await page.goto(`${link(server.url, BATTLE)}&overlay`);
    await page.waitForSelector('[data-testid="stream-fog"]');
  },
  // Last of the battle's views, so that the others are reached as before (issue 21).
  'replay stepped to its end': async () => {
    await page.goto(link(server.url, KNOWN));
    await settled(page);
    await page.click('[data-testid="replay"] [aria-label="To the end"]');
    // The battle is over: the blocks eliminated or gone from it are struck through.
    await page.waitForSelector('.replay-strengths li.gone');
  },
  'a battle with its borders set': async () => {
    await page.goto('about:blank');
    await page.goto(link(server.url, BORDERS));
    await settled(page);
    await page.waitForSelector('[data-testid="capacity-value-defender"]');
  },
  'a battle refused by its borders': async () => {
    await page.goto('about:blank');
    const over = structuredClone(BORDERS);
    over.attacker.blocks[2] = { id: 'Norfolk', strength: 4, from: 'Essex', reserve: true };
    await page.goto(link(server.url, over));
    await page.waitForSelector('[data-testid="problem"]');
  },
  // The two other calculators (issue 13): after the battle's views, each from a fresh page.
  'campaign reset': async () => {
    await page.goto('about:blank');
    await page.goto(`${server.url}#r=${example('reset-usurpation.json')}`);
    await page.waitForSelector('[data-testid="reset-headline"]');
  },
  'kingmaker, basic battle and its deck': async () => {
    await page.goto('about:blank');
    await page.goto(`${server.url}#k=${example('kingmaker-basic-battle.json')}`);
    await page.waitForSelector('[data-testid="km-headline"]');
  },
  'kingmaker, advanced battle with encounters': async () => {
    await page.goto('about:blank');
    await page.goto(`${server.url}#k=${example('kingmaker-advanced-encounters.json')}`);
    await page.waitForSelector('[data-testid="km-encounter-figures"]');
  },
  'kingmaker, a broken link: the notice and the problem': async () => {
    await page.goto('about:blank');
    await page.goto(`${server.url}#k=broken!!`);
    await page.waitForSelector('[data-testid="problem"]');
  },
  // The map (issue 24): every target coloured, a target's plans with their arrows and the area
  // being set up with its known blocks and the list's vacant areas open, a board that cannot be.
  'map, every target': async () => {
    await page.goto('about:blank');
    await page.goto(`${server.url}#b=${example('board-kent.json')}`);
    await page.waitForSelector('[data-testid="plans"][data-calc="done"]');
  },
  'map, every attack on Kent': async () => {
    await page.goto('about:blank');
    await page.goto(`${server.url}#b=${example('board-kent.json')}`);
    await page.waitForSelector('[data-testid="plans"][data-calc="done"]');
    await page.selectOption('[data-testid="target-pick"]', 'Kent');
    await page.waitForSelector('[data-testid="plans"][data-target="Kent"][data-calc="done"]');
    await page.click('[data-testid="list-kent"]');
    await page.click('[data-testid="area-editor"] .known summary');
    await page.click('[data-testid="board-list"] .vacant-areas summary');
  },
  // The Best turn (issue 34): the turns of board-turn.json, the chosen one drawn on the map.
  'map, best turn': async () => {
    await page.goto('about:blank');
    await page.goto(`${server.url}#b=${example('board-turn.json')}`);
    await page.waitForSelector('[data-testid="plans"]');
    await page.click('[data-testid="best-turn-open"]');
    await page.waitForSelector('[data-testid="best-turn"][data-calc="done"]');
  },
  'map, a board that cannot be': async () => {
    await page.goto('about:blank');
    const board = JSON.parse(fs.readFileSync(path.join(ROOT, 'examples', 'board-kent.json'), 'utf8'));
    await page.goto(`${server.url}#b=${b64url(JSON.stringify({ ...board, card: 5 }))}`);
    await page.waitForSelector('[data-testid="problem"]');
  },
};

for (const [size, viewport] of Object.entries(SIZES)) {
  for (const theme of ['light', 'dark']) {
    test(`axe finds nothing serious: ${size}, ${theme}`, async () => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: theme });
      const found = [];
      for (const [view, reach] of Object.entries(VIEWS)) {
        await reach();
        for (const v of await violations()) found.push(`${view}: ${v}`);
      }
      assert.deepEqual(found, [], `${found.length} serious or critical violations:\n${found.join('\n')}`);
    });
  }
}
