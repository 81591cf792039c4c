// End-to-end test of the advisor on a battle too large for exact best play within its budget
// (issue 25): bench/advise-five.json, opened from the link `bosworth link` gives, is answered
// with a progress bar and Cancel, exact or plainly estimated, as `bosworth advise` answers it.
// Against dist/ (scripts/serve --build-only); nothing timed: every wait is on the page's state.
import { test, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { cliJson, pct, link, settled, scenarioOf, revisionOf, revisedFrom, ROOT, SHOTS, guardedSuite, server, page } from './lib.mjs';

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

/**
 * Opens `url` (a fresh page), asks the advisor and checks its answer against `bosworth advise
 * [args] --json` on `scenario`: the same method (exact, or estimated and said so), the same
 * choices in the same order, each with the CLI's value (and, estimated, its standard error).
 * A battle with hidden blocks is checked by `hiddenAsTheCli`. Returns the method shown.
 */
async function answersAsTheCli(url, scenario, what, args = []) {
  await page.goto('about:blank');
  await page.goto(url);
  if (JSON.stringify(scenario).includes('"hidden"')) return hiddenAsTheCli(scenario, what, args);
  await page.click('[data-testid="advise"]');
  const method = page.locator('[data-testid="advice-method"]');
  // A guard against a hung page, not a measure of speed: the largest battles sample for minutes.
  await method.waitFor({ timeout: 30 * 60 * 1000 });
  const cli = cliJson('advise', args, scenario);
  const kind = await method.getAttribute('data-method');
  assert.equal(kind, cli.method.kind, what);
  const shown = await page.locator('[data-testid="advice-actions"] li').allTextContents();
  const actions = cli.first_decision?.actions ?? [];
  assert.equal(shown.length, actions.length, what);
  actions.forEach((a, i) => {
    const value = kind === 'exact' ? pct(a.value) : withError(a.value, a.std_error);
    assert.ok(shown[i].includes(a.label) && shown[i].includes(value), `${what}: ${shown[i]} is ${a.label} ${value}`);
  });
  console.log(`# ${what}: ${kind}; ${await page.textContent('[data-testid="advice-time"]')}`);
  return kind;
}

/**
 * The advisor on the battle with hidden blocks on the page (R24), against `bosworth advise
 * [args] --json`: exact, or estimated and said so in the CLI's words (its first line); the same
 * first choices in the same order with the same chances; the same possibilities solved, each with
 * its figures and first decision. Returns `hidden exact` or `hidden estimated`.
 */
async function hiddenAsTheCli(scenario, what, args) {
  await page.click('[data-testid="advise"]');
  const method = page.locator('[data-testid="advice-method"]');
  await method.waitFor({ timeout: 30 * 60 * 1000 });
  const cli = cliJson('advise', args, scenario);
  const kind = await method.getAttribute('data-method');
  assert.equal(kind, cli.method.kind === 'exact' ? 'exact' : 'estimated', what);
  const text = execFileSync('cargo', ['run', '--release', '--quiet', '--bin', 'bosworth', '--', 'advise', '-q', '-'],
    { cwd: ROOT, encoding: 'utf8', input: JSON.stringify(scenario) });
  assert.equal(await method.textContent(), text.split('\n')[0], what);
  const first = await page.locator('[data-testid="advice-first-choice"]').allTextContents();
  assert.equal(first.length, cli.first_choices.length, what);
  cli.first_choices.forEach((f, i) => {
    assert.ok(first[i].includes(`${f.block} (`) && first[i].includes(f.action) && first[i].includes(pct(f.chance)),
      `${what}: ${first[i]} is ${f.block}: ${f.action} ${pct(f.chance)}`);
  });
  const rows = await page.locator('[data-testid="advice-possibility"]').allTextContents();
  assert.equal(rows.length, cli.possibilities.length, what);
  cli.possibilities.forEach((p, i) => {
    const blocks = p.picks.map((x) => `${x.block} ${x.strength}`).join(', ');
    assert.ok(rows[i].startsWith(blocks), `${what}: ${rows[i]} is ${blocks}`);
    const d = p.advice.first_decision;
    if (d) assert.ok(rows[i].includes(`${d.block} (`) && rows[i].includes(d.actions[0].label), `${what}: ${rows[i]}`);
  });
  console.log(`# ${what}: hidden, ${kind}; ${await page.textContent('[data-testid="advice-time"]')}`);
  // The first possibility opens as a battle of its own, every block revealed (6.1).
  const before = await revisionOf(page);
  await page.locator('[data-testid="advice-open-possibility"]').first().click();
  await revisedFrom(page, before);
  const opened = await scenarioOf(page);
  assert.deepEqual([...opened.attacker.hidden ?? [], ...opened.defender.hidden ?? []], [], what);
  const ids = [...opened.attacker.blocks, ...opened.defender.blocks].map((b) => `${b.id} ${b.strength}`);
  for (const p of cli.possibilities[0].picks) assert.ok(ids.includes(`${p.block} ${p.strength}`), `${what}: ${ids} has ${p.block} ${p.strength}`);
  return `hidden ${kind}`;
}

test('every ready-made battle and every battle of examples/ and bench/ gets an answer from the advisor, as from bosworth advise', async () => {
  const files = [
    ...fs.readdirSync(path.join(ROOT, 'examples'))
      .filter((f) => f.endsWith('.json') && !/^(reset-|kingmaker-|board-)/.test(f)).map((f) => path.join(ROOT, 'examples', f)),
    // advise-five.json: the test above checks it in full. The planner's boards (board-*.json) are
    // no battles: the map opens them (#b=), and e2e/map checks them.
    ...fs.readdirSync(path.join(ROOT, 'bench')).filter((f) => f.endsWith('.json') && f !== 'advise-five.json' && !f.startsWith('board-'))
      .map((f) => path.join(ROOT, 'bench', f)),
  ];
  assert.ok(files.length >= 13, files.join(', '));
  const kinds = new Set();
  for (const file of files) {
    kinds.add(await answersAsTheCli(server.url + fragmentOf(file), JSON.parse(fs.readFileSync(file, 'utf8')), path.relative(ROOT, file)));
  }
  await page.goto('about:blank');
  await page.goto(server.url);
  await settled(page);
  const names = (await page.locator('[data-testid="presets"] option').allTextContents()).slice(1);
  assert.ok(names.length >= 5, names.join(', '));
  for (const name of names) {
    await page.goto('about:blank');
    await page.goto(server.url);
    await settled(page);
    await page.selectOption('[data-testid="presets"]', { label: name });
    await page.click('[data-testid="preset-open"]');
    await settled(page);
    const scenario = await scenarioOf(page);
    kinds.add(await answersAsTheCli(link(server.url, scenario), scenario, name));
  }
  // Both kinds of answer, and battles with hidden blocks, were met and checked.
  for (const kind of ['estimated', 'exact', 'hidden estimated']) assert.ok(kinds.has(kind), `${kind}: ${[...kinds]}`);
});

test('a replay step opened as a battle in progress: the best choice here within the live budget, as bosworth advise --live answers it', async () => {
  // The suite's policy battle, at the second step of its replay from seed 1: exact best play
  // from there fits bosworth advise's budget, not the live budget.
  const scenario = JSON.parse(fs.readFileSync(path.join(ROOT, 'bench', 'policy.json'), 'utf8'));
  const replay = cliJson('replay', ['--seed', '1'], scenario);
  const [, checkpoint] = replay.checkpoints[1];
  assert.ok(checkpoint.progress, 'a replay step is a battle in progress');
  assert.equal(cliJson('advise', [], checkpoint).method.kind, 'exact');
  const kind = await answersAsTheCli(link(server.url, checkpoint), checkpoint, 'policy.json, step 1 of its replay', ['--live']);
  // Past the live budget, estimated, and the page says which budget it could not fit.
  assert.equal(kind, 'estimated');
  assert.match(await page.textContent('[data-testid="advice-method"]'), /more than 400000 states here/);
  assert.match(await page.textContent('[data-testid="advice-decision"]'), /^Best choice here/);
  assert.match(await page.textContent('[data-testid="advice-outline-sampled"]'), /battles sampled from here\.$/);
});
