// The first visit, measured (issue 26): the page of dist/ opened in a fresh headless Chromium over
// a throttled link, served once as the README's server used to (node's, no compression) and once
// by the project's server (tools/serve: brotli). For each: when the first paint came (the loading
// indicator), when the first figure came (the loading screen's or the headline's), when the app's
// headline showed it, and the bytes on the wire by then, file by file. Timings depend on the machine (the wasm is compiled on its
// CPU); compare the rows of one run. Not part of the test suite.
//   node scripts/bench-load.mjs [MBPS] [LATENCY_MS]    (defaults 9 and 150)
// scripts/first-visit.mjs imports `visit` and writes the figures into docs/first-visit.md.
import { fileURLToPath } from 'node:url';
import { serve, browser, projectServer } from '../e2e/lib.mjs';

/** A new page of `context` on a link of `mbps` megabits a second each way and `latency` ms. */
async function throttledPage(context, mbps, latency) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false, latency, downloadThroughput: (mbps * 1e6) / 8, uploadThroughput: (mbps * 1e6) / 8,
  });
  return page;
}

/**
 * One first visit of `url` in a fresh browser over a link of `mbps` and `latency` ms: the first
 * paint, the first figure (the loading screen's, worked out by the engine's worker while the
 * app's wasm downloads, or the app's headline, whichever comes first) and the app's own figure
 * (its headline), in ms from the navigation; whether the paint came before the main wasm had
 * arrived; and each file's bytes on the wire with its encoding and when it had all come (ms).
 */
export async function visit(url, mbps, latency) {
  const context = await browser();
  try {
    const page = await throttledPage(context, mbps, latency);
    const files = new Map();
    const pending = [];
    let t0;
    context.on('requestfinished', (r) => pending.push((async () => {
      const at = Date.now() - t0;
      const url = new URL(r.url());
      if (url.protocol !== 'http:') return;
      // Content-Length: the body as sent (a worker's requests report no sizes of their own).
      // Without one (node's server sends chunks, uncompressed), the body's length.
      const response = await r.response();
      const headers = response?.headers() || {};
      const bytes = headers['content-length'] ? Number(headers['content-length']) : (await response.body()).length;
      files.set(url.pathname, { bytes, encoding: headers['content-encoding'] || 'identity', at });
    })()));
    t0 = Date.now();
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForSelector('[data-testid="boot-figure"]:not([hidden]), [data-testid="headline"][data-current="true"]', { timeout: 120000 });
    const figure = Date.now() - t0;
    await page.waitForSelector('[data-testid="headline"][data-current="true"]', { timeout: 120000 });
    const app = Date.now() - t0;
    const paint = await page.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      return fcp ? Math.round(fcp.startTime) : null;
    });
    const loaderFirst = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime
      < performance.getEntriesByType('resource').find((e) => e.name.endsWith('/battle_bg.wasm'))?.responseEnd);
    await Promise.all(pending);
    return { figure, app, paint, loaderFirst, files };
  } finally {
    await context.close();
  }
}

/**
 * The map opened from the battle's page in a fresh browser over a link of `mbps` and `latency`
 * ms (issue 35): the battle's page boots the battle alone, and the full app (the map, the Campaign
 * Reset, Kingmaker) comes when the switch's link to the map is clicked, once the battle's figure
 * is on screen. How long from the click until the map is drawn (ms), and the full app's files on
 * the wire (bytes).
 */
export async function openMap(url, mbps, latency) {
  const context = await browser();
  try {
    const page = await throttledPage(context, mbps, latency);
    const bytes = new Map();
    const pending = [];
    page.on('requestfinished', (r) => pending.push((async () => {
      const file = new URL(r.url()).pathname;
      if (!['/bosworth-www.js', '/bosworth-www_bg.wasm'].includes(file)) return;
      const headers = (await r.response())?.headers() || {};
      bytes.set(file, Number(headers['content-length'] || 0));
    })()));
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForSelector('[data-testid="headline"][data-current="true"]', { timeout: 120000 });
    const t0 = Date.now();
    await page.click('[data-testid="calc-board"]');
    await page.waitForSelector('[data-testid="map"]', { timeout: 120000 });
    const map = Date.now() - t0;
    await Promise.all(pending);
    return { map, bytes: [...bytes.values()].reduce((t, b) => t + b, 0) };
  } finally {
    await context.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const mbps = Number(process.argv[2] || 9);
  const latency = Number(process.argv[3] || 150);
  const plain = await serve();
  const ours = await projectServer();
  try {
    console.log(`link: ${mbps} Mbps, ${latency} ms latency`);
    for (const [name, server] of [['node (no compression)', plain], ['tools/serve', ours]]) {
      const v = await visit(server.url, mbps, latency);
      const total = [...v.files.values()].reduce((t, f) => t + f.bytes, 0);
      console.log(`\n${name}: first paint ${v.paint} ms (before the main wasm arrived: ${v.loaderFirst}), first figure ${v.figure} ms, the app's ${v.app} ms, ${(total / 1e6).toFixed(3)} MB on the wire`);
      for (const [file, f] of [...v.files].sort((a, b) => b[1].bytes - a[1].bytes)) {
        console.log(`  ${file.padEnd(26)} ${String(f.bytes).padStart(9)} B  ${f.encoding}`);
      }
    }
  } finally {
    await plain.close();
    await ours.close();
  }
}
