// End-to-end test of the advisor on a battle too large for exact best play within its budget
// (issue 25): bench/advise-five.json, opened from the link `bosworth link` gives, is answered
// with a progress bar and Cancel, exact or plainly estimated, as `bosworth advise` answers it.
// Against dist/ (scripts/serve --build-only); nothing timed: every wait is on the page's state.
import { test, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { cliJson, pct, ROOT, SHOTS, guardedSuite, server, page } from './lib.mjs';

guardedSuite({ before, after, beforeEach, afterEach }, assert);

const FILE = path.join(ROOT, 'bench', 'advise-five.json');

/** The address fragment of a scenario file, as `bosworth link FILE` writes it. */
function fragmentOf(file) {
  const out = execFileSync('cargo', ['run', '--release', '--quiet', '--bin', 'bosworth', '--', 'link', file],
    { cwd: ROOT, encoding: 'utf8' }).trim();
  return out.slice(out.indexOf('#'));
}

/** `{v} ± {se}` as the page writes an estimated chance (the CLI's `text::advice` form). */
const withError = (v, se) => `${pct(v)} ± ${pct(se)}`;

test('advise-five: the advisor shows its progress, can be cancelled, and answers as bosworth advise does', async () => {
  const scenario = JSON.parse(fs.readFileSync(FILE, 'utf8'));
  await page.goto(server.url + fragmentOf(FILE));
  // Asked, the advisor shows its progress and a Cancel that stops it.
  await page.click('[data-testid="advise"]');
  await page.waitForSelector('[data-testid="advice-progress"] progress');
  await page.click('[data-testid="advice-cancel"]');
  await page.waitForSelector('[data-testid="advice-cancelled"]');
  assert.equal(await page.locator('[data-testid="advice-progress"]').count(), 0);
  // Asked again, it goes on to the end: the progress bar moves, then the answer comes.
  await page.click('[data-testid="advise"]');
  await page.waitForFunction(() => {
    const bar = document.querySelector('[data-testid="advice-progress"] progress');
    return bar && Number(bar.value) > 0;
  });
  const method = page.locator('[data-testid="advice-method"]');
  await method.waitFor({ timeout: 600000 });
  console.log(`# advise-five in the browser: ${await method.getAttribute('data-method')}; ${await page.textContent('[data-testid="advice-time"]')}`);
  await page.screenshot({ path: path.join(SHOTS, 'advise-five.png'), fullPage: true });
  const cli = cliJson('advise', [], scenario);
  const shown = await page.locator('[data-testid="advice-actions"] li').allTextContents();
  const top = cli.first_decision.actions[0];
  assert.ok(shown[0].includes(top.label) && shown[0].includes('best'), `${shown[0]} is ${top.label}, best`);
  if (cli.method.kind === 'exact') {
    assert.equal(await method.getAttribute('data-method'), 'exact');
    // Exact: the same choices, in the same order, with the same figures.
    assert.equal(shown.length, cli.first_decision.actions.length);
    cli.first_decision.actions.forEach((a, i) => {
      assert.ok(shown[i].includes(a.label) && shown[i].includes(pct(a.value)), `${shown[i]}: ${a.label} ${pct(a.value)}`);
    });
  } else {
    // Estimated: said so in the CLI's words, each value with its standard error, and the
    // choices that cannot be told apart from the best marked as the CLI marks them.
    assert.equal(await method.getAttribute('data-method'), 'estimated');
    const text = execFileSync('cargo', ['run', '--release', '--quiet', '--bin', 'bosworth', '--', 'advise', FILE],
      { cwd: ROOT, encoding: 'utf8' });
    const words = text.split('\n').find((l) => l.startsWith('Estimated, not exact'));
    assert.equal(await method.textContent(), words);
    assert.equal(shown.length, cli.first_decision.actions.length);
    cli.first_decision.actions.forEach((a, i) => {
      assert.ok(shown[i].includes(a.label) && shown[i].includes(withError(a.value, a.std_error)),
        `${shown[i]}: ${a.label} ${withError(a.value, a.std_error)}`);
      assert.equal(shown[i].includes('cannot be told apart'), a.apart_from_best === false, `${shown[i]}: told apart or not`);
    });
  }
});
