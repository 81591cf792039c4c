// Photographs the map (tools/mapgen's `map-preview` pages: the app's style.css, the map with a
// sample position) in headless Chromium at desktop (1440x900) and phone (390x844) sizes, light
// and dark, into docs/screenshots/map-preview-*.png; and measures the contrast of every kind of
// text on the map against what it is drawn on, in both themes (WCAG AA: 4.5:1), and of the
// border lines against the land (3:1). Exits non-zero if a ratio falls short.
//
//   node tools/mapgen/preview.mjs            (needs `npm ci` at the root for playwright-core)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OUT = path.join(ROOT, 'docs/screenshots');
const pages = fs.mkdtempSync(path.join(os.tmpdir(), 'bosworth-map-'));
execFileSync('cargo', ['run', '--release', '--quiet', '-p', 'bosworth-mapgen', '--bin', 'map-preview', pages],
  { cwd: ROOT, stdio: 'inherit' });

const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'bosworth-map-chromium-'));
const ctx = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

// Text colour, background colour, what: custom properties of the map and the app.
const TEXT = [
  ['--map-ink', '--map-halo', 'area name on its halo'],
  ['--map-ink', '--map-land', 'area name on vacant land'],
  ['--map-ink', '--map-york-fill', 'area name on York land'],
  ['--map-ink', '--map-lan-fill', 'area name on Lancaster land'],
  ['--map-ink', '--map-land-off', 'area name on unplayable land'],
  ['--map-sea-ink', '--map-sea', 'sea name on the sea'],
  ['--map-sea-ink', '--map-sea-line', 'sea name on the coastal water'],
  ['--map-icon-face', '--map-icon', 'shield count on its shield'],
  ['--york-text', '--york-face', 'York tile'],
  ['--lan-text', '--lan-face', 'Lancaster tile'],
  ['--ink', '--card', 'hidden tile'],
  ['--map-halo', '--map-ink', 'block count'],
  ['--ink', '--card', 'border badge'],
  ['--map-ink', '--map-sea', 'key text'],
];
const LINES = [
  ['--map-major', '--map-land', 'major border on land'],
  ['--map-river', '--map-land', 'river border on land'],
  ['--map-minor', '--map-land', 'minor border on land'],
  ['--map-coast', '--map-sea', 'coastline on the sea'],
  ['--map-sea-ink', '--map-sea', 'sea link and strait on the sea'],
  ['--york', '--map-land', 'York arrow and band on land'],
  ['--lancaster', '--map-land', 'Lancaster arrow and band on land'],
];

let short = 0;
const page = await ctx.newPage();
try {
  for (const [size, width, height] of [['desktop', 1440, 900], ['phone', 390, 844]]) {
    for (const theme of ['light', 'dark']) {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme: theme });
      await page.goto('file://' + path.join(pages, `map-${theme}.html`));
      const file = `map-preview-${size}-${theme}.png`;
      await page.screenshot({ path: path.join(OUT, file), timeout: 120000 });
      console.log(`wrote docs/screenshots/${file}`);
      if (size !== 'desktop') continue;
      const ratios = await page.evaluate(([text, lines]) => {
        const probe = document.createElement('div');
        document.querySelector('.bwm').appendChild(probe);
        const rgb = (prop) => {
          probe.style.color = `var(${prop})`;
          const c = getComputedStyle(probe).color;
          const n = c.match(/[\d.]+/g).map(Number);
          return c.startsWith('color(') ? n.slice(0, 3).map((v) => v * 255) : n.slice(0, 3);
        };
        const lum = ([r, g, b]) => {
          const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
          return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
        };
        const ratio = (a, b) => {
          const [x, y] = [lum(rgb(a)), lum(rgb(b))].sort((p, q) => q - p);
          return (x + 0.05) / (y + 0.05);
        };
        return [text.map(([a, b, w]) => [w, ratio(a, b)]), lines.map(([a, b, w]) => [w, ratio(a, b)])];
      }, [TEXT, LINES]);
      console.log(`\n${theme} theme: contrast`);
      for (const [what, r] of ratios[0]) {
        const ok = r >= 4.5;
        if (!ok) short += 1;
        console.log(`  ${ok ? 'ok  ' : 'LOW '} ${r.toFixed(2).padStart(5)}:1  ${what}`);
      }
      for (const [what, r] of ratios[1]) {
        const ok = r >= 3;
        if (!ok) short += 1;
        console.log(`  ${ok ? 'ok  ' : 'LOW '} ${r.toFixed(2).padStart(5)}:1  ${what} (graphics, 3:1)`);
      }
      console.log('');
    }
  }
} finally {
  await ctx.close();
}
if (short > 0) {
  console.error(`${short} contrast ratios below WCAG AA`);
  process.exit(1);
}
