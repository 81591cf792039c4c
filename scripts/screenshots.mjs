// Regenerates the README's screenshots (docs/screenshots/) from the built app in dist/: the
// compare view at desktop size, the phone view with the odds bar, a battle with its borders
// (issue 24, part 5); the map (issue 24) in both themes at desktop size (a turn of York's with
// five areas to attack, each coloured by its best plan's chance to hold) and on a phone (the Kent
// question ranked, the best plan's arrows); a Rally the Troops view pasted on the map and a
// finished game's report (from tests/rtt-samples/); the streamer view of Towton 1461 at 1920 x 1080 in
// both themes, a few fires in. Run by scripts/screenshots.
import fs from 'node:fs';
import path from 'node:path';
import { serve, browser, settled, link, b64url, ROOT } from '../e2e/lib.mjs';

const OUT = path.join(ROOT, 'docs/screenshots');
fs.mkdirSync(OUT, { recursive: true });

const BOSWORTH_FIELD = JSON.parse(fs.readFileSync(path.join(ROOT, 'examples/every-choice.json'), 'utf8'));
// Issue 23's Kent battle with its borders: the Main Attack by Middlesex, Norfolk in reserve by
// Sussex, Middlesex held by York; the retreat limits worked out from the map (R20).
const KENT = {
  version: 1, area: 'Kent', king: 'Lancaster', neighbours: { Middlesex: 'York' },
  attacker: { house: 'York', blocks: [{ id: 'March', strength: 3, from: 'Middlesex' }, { id: 'Hastings', strength: 3, from: 'Middlesex' },
    { id: 'Herbert', strength: 3, from: 'Middlesex' }, { id: 'Norfolk', strength: 4, from: 'Sussex', reserve: true }] },
  defender: { house: 'Lancaster', blocks: [{ id: 'Oxford', strength: 3 }, { id: 'Beaumont', strength: 3 }, { id: 'Clifford', strength: 3 }] },
};
const TOWTON = JSON.parse(fs.readFileSync(path.join(ROOT, 'examples/towton-1461.json'), 'utf8'));
/** The streamer view's seed and the fire it is photographed at. */
const STREAM_SEED = 5;
const STREAM_FIRES = 6;
const srv = await serve();
const ctx = await browser();
const page = await ctx.newPage();
try {
  // Compare: the battle as set, then the King left out of the hit order's protection, pinned.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(link(srv.url, BOSWORTH_FIELD));
  await settled(page);
  await page.click('[data-testid="pin"]');
  await page.click('[data-testid="pip-attacker-1-2"]');
  await settled(page);
  await page.click('[data-testid="pin"]');
  await page.fill('[data-testid="pin-name-0"]', 'Beaumont at 3');
  await page.fill('[data-testid="pin-name-1"]', 'Beaumont at 2');
  await page.keyboard.press('Tab');
  await page.click('[data-testid="pip-attacker-1-3"]');
  await settled(page);
  await page.locator('[data-testid="compare"]').scrollIntoViewIfNeeded();
  await page.locator('[data-testid="compare"]').screenshot({ path: path.join(OUT, 'compare.png') });
  // Phone: editing a block far below the headline, the odds bar in view.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(link(srv.url, BOSWORTH_FIELD));
  await settled(page);
  await page.locator('[data-testid="pip-defender-1-1"]').scrollIntoViewIfNeeded();
  await page.click('[data-testid="pip-defender-1-3"]');
  await page.waitForSelector('[data-testid="odds-bar"][data-current="true"]', { timeout: 30000 });
  await page.screenshot({ path: path.join(OUT, 'phone.png') });
  // Borders: the area's borders filling, the blocks' Came from, the summary and the odds.
  await page.setViewportSize({ width: 1366, height: 1240 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(link(srv.url, KENT));
  await settled(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForFunction(() => window.scrollY === 0);
  await page.screenshot({ path: path.join(OUT, 'borders.png') });
  console.log(`wrote ${['compare.png', 'phone.png', 'borders.png'].map((f) => path.join('docs/screenshots', f)).join(', ')}`);

  // The map: York's turn with a 4-AP card and five Lancaster areas within reach, every target
  // planned (desktop); the Kent question of examples/board-kent.json ranked (phone).
  const TURN = {
    kind: 'board', version: 1, house: 'York', king: 'Lancaster', card: 4,
    areas: [
      { area: 'Middlesex', blocks: [{ id: 'March', strength: 3 }, { id: 'Hastings', strength: 3 }, { id: 'Herbert', strength: 3 }] },
      { area: 'Essex', blocks: [{ id: 'Norfolk', strength: 4 }] },
      { area: 'Warwick', blocks: [{ id: 'Warwick/Y', strength: 4 }, { id: 'Salisbury (levy)', strength: 2 }] },
      { area: 'East Anglia', blocks: [{ id: 'Suffolk', strength: 3 }] },
      { area: 'Kent', enemy: 3 }, { area: 'Oxford', enemy: 2 }, { area: 'Leicester', enemy: 1, enemy_strength: 'any' },
      { area: 'Chester', enemy: 3 }, { area: 'Lancaster', enemy: 2 },
    ],
  };
  const KENT_BOARD = fs.readFileSync(path.join(ROOT, 'examples/board-kent.json'), 'utf8');
  for (const theme of ['light', 'dark']) {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.emulateMedia({ colorScheme: theme });
    await page.goto('about:blank');
    await page.goto(`${srv.url}#b=${b64url(JSON.stringify(TURN))}`);
    await page.waitForSelector('[data-testid="plans"][data-calc="done"]', { timeout: 0 });
    await page.screenshot({ path: path.join(OUT, `map-desktop-${theme}.png`) });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('about:blank');
    await page.goto(`${srv.url}#b=${b64url(KENT_BOARD)}`);
    await page.waitForSelector('[data-testid="plans"][data-calc="done"]', { timeout: 0 });
    await page.selectOption('[data-testid="target-pick"]', 'Kent');
    await page.waitForSelector('[data-testid="plans"][data-target="Kent"][data-calc="done"]', { timeout: 0 });
    await page.evaluate(() => document.querySelector('[data-testid="map"]').scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: path.join(OUT, `map-phone-${theme}.png`) });
    console.log(`wrote docs/screenshots/map-desktop-${theme}.png and map-phone-${theme}.png`);
  }

  // Rally the Troops: a play page's {player, view} pasted on the map (York's board, the notes
  // above the map, every target ranked), and a finished game's report (desktop, light theme).
  const SAMPLES = path.join(ROOT, 'tests', 'rtt-samples');
  if (fs.existsSync(SAMPLES)) {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('about:blank');
    await page.goto(`${srv.url}#b=${b64url(JSON.stringify(TURN))}`);
    await page.click('[data-testid="rtt-card"] > summary');
    await page.fill('[data-testid="rtt-paste"]', fs.readFileSync(path.join(SAMPLES, 'game-2.view-006.json'), 'utf8'));
    await page.click('[data-testid="rtt-import"]');
    await page.waitForSelector('[data-testid="rtt-notes"]');
    await page.waitForSelector('[data-testid="plans"][data-calc="done"]', { timeout: 0 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(OUT, 'rtt-view.png') });
    await page.setInputFiles('[data-testid="rtt-file"] input[type="file"]', path.join(SAMPLES, 'game-2.export.json'));
    await page.waitForSelector('[data-testid="rtt-report"][data-calc="done"]', { timeout: 0 });
    await page.locator('[data-testid="rtt-report"]').screenshot({ path: path.join(OUT, 'rtt-report.png') });
    await page.evaluate(() => localStorage.clear());
    console.log('wrote rtt-view.png and rtt-report.png in docs/screenshots');
  }

  // The streamer view, as a browser source of streaming software opens it.
  for (const theme of ['light', 'dark']) {
    await page.goto('about:blank');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.emulateMedia({ colorScheme: theme });
    await page.goto(`${link(srv.url, TOWTON)}&overlay&theme=${theme}&seed=${STREAM_SEED}`);
    await page.waitForSelector('[data-testid="stream"][data-beat="0"]');
    for (let k = 1; k <= STREAM_FIRES; k++) {
      await page.keyboard.press('Space');
      await page.waitForSelector(`[data-testid="stream"][data-beat="${k}"]`);
    }
    await page.waitForSelector('[data-testid="stream-odds"][data-working="false"]');
    // The hit tiles' shake is over before the picture (an animation, not a wait on time).
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
    await page.screenshot({ path: path.join(OUT, `stream-${theme}.png`) });
  }
  console.log('wrote stream-light.png and stream-dark.png in docs/screenshots');
} finally {
  await ctx.close();
  await srv.close();
}
