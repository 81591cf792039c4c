// End to end: the link `bosworth link` prints for every example and every ready-made battle opens
// in the app with the headline `bosworth exact LINK` prints (issue 15).
import { test, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { settled, scenarioOf, headlineOf, guardedSuite, ROOT, server, page } from './lib.mjs';

guardedSuite({ before, after, beforeEach, afterEach }, assert);

const bosworth = (...args) => execFileSync('cargo', ['run', '--release', '--quiet', '--bin', 'bosworth', '--', ...args],
  { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });

/** Opens `bosworth link FILE --base <this server>` and checks the headline against `exact LINK`. */
async function opensWithTheCliFigures(file, what) {
  const url = bosworth('link', '--base', server.url, file).trim();
  assert.ok(url.startsWith(`${server.url}#s=`), url);
  const cli = JSON.parse(bosworth('exact', '--json', url));
  await page.goto('about:blank');
  await page.goto(url);
  assert.deepEqual(await settled(page), headlineOf(cli.report ?? cli), what);
}

test('every example opens from its bosworth link with the CLI\'s figures', async () => {
  // Battles only: resets, Kingmaker combats and boards (the attack planner's, `#b=`) have links
  // of their own calculators.
  const examples = fs.readdirSync(path.join(ROOT, 'examples'))
    .filter((f) => f.endsWith('.json') && !f.startsWith('reset-') && !f.startsWith('kingmaker-') && !f.startsWith('board-'));
  assert.ok(examples.length >= 4, examples.join(', '));
  for (const f of examples) await opensWithTheCliFigures(path.join(ROOT, 'examples', f), f);
});

test('every ready-made battle opens from its bosworth link with the CLI\'s figures', async () => {
  await page.goto(server.url);
  await settled(page);
  const names = (await page.locator('[data-testid="presets"] option').allTextContents()).slice(1);
  assert.ok(names.length >= 5, names.join(', '));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bosworth-presets-'));
  for (const [i, name] of names.entries()) {
    await page.goto(server.url);
    await settled(page);
    await page.selectOption('[data-testid="presets"]', { label: name });
    await page.click('[data-testid="preset-open"]');
    await settled(page);
    const file = path.join(dir, `preset-${i}.json`);
    fs.writeFileSync(file, JSON.stringify(await scenarioOf(page)));
    await opensWithTheCliFigures(file, name);
  }
});
