// The Kent board ranked on the map, photographed at desktop and phone size in both themes
// (issue 36): `node scripts/map-shots.mjs OUTDIR`. A tool for looking, not a test.
import fs from 'node:fs';
import path from 'node:path';
import { serve, browser, b64url, ROOT } from '../e2e/lib.mjs';

const out = process.argv[2] || path.join(ROOT, 'e2e', 'screenshots');
fs.mkdirSync(out, { recursive: true });
const KENT = JSON.parse(fs.readFileSync(path.join(ROOT, 'examples', 'board-kent.json'), 'utf8'));
const server = await serve();
const context = await browser();
const page = await context.newPage();
for (const [size, w, h] of [['desktop', 1366, 900], ['phone', 390, 844]]) {
  for (const theme of ['light', 'dark']) {
    await page.setViewportSize({ width: w, height: h });
    await page.emulateMedia({ colorScheme: theme });
    await page.goto(`${server.url}#b=${b64url(JSON.stringify(KENT))}`);
    await page.reload();
    await page.waitForSelector('[data-testid="plans"][data-calc="done"]:not([data-target])', { timeout: 0 });
    await page.locator('[data-testid="map"]').screenshot({ path: path.join(out, `kent-every-${size}-${theme}.png`) });
    await page.selectOption('[data-testid="target-pick"]', 'Kent');
    await page.waitForSelector('[data-testid="plans"][data-target="Kent"][data-calc="done"]', { timeout: 0 });
    await page.locator('[data-testid="map"]').screenshot({ path: path.join(out, `kent-ranked-${size}-${theme}.png`) });
    console.log(size, theme, await page.getAttribute('.map-svg', 'viewBox'));
  }
}
await context.close();
await server.close();
