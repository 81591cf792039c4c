// Regenerates the README's screenshots (docs/screenshots/) from the built app in dist/: the
// compare view at desktop size, the phone view with the odds bar, and the streamer view of
// Towton 1461 at 1920 x 1080 in both themes, a few fires in. Run by scripts/screenshots.
import fs from 'node:fs';
import path from 'node:path';
import { serve, browser, settled, link, ROOT } from '../e2e/lib.mjs';

const OUT = path.join(ROOT, 'docs/screenshots');
fs.mkdirSync(OUT, { recursive: true });

const BOSWORTH_FIELD = JSON.parse(fs.readFileSync(path.join(ROOT, 'examples/every-choice.json'), 'utf8'));
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
  console.log('wrote compare.png, phone.png, stream-light.png and stream-dark.png in docs/screenshots');
} finally {
  await ctx.close();
  await srv.close();
}
