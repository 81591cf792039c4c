// End-to-end tests of the browser app against dist/ (built by scripts/serve --build-only).
import { test, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {
  cliExact, cliJson, settled, scenarioOf, headlineOf, b64url, SHOTS, DIST, ROOT,
  guardedSuite, link, SIDEBAR, server, page, problems,
} from './lib.mjs';

const BOSWORTH = {
  version: 1, area: 'Leicester', king: 'York', dead: ['York', 'March', 'Rutland', 'Clarence/Y'], treason: 'attacker',
  attacker: { house: 'Lancaster', blocks: [{ id: 'Richmond', strength: 3 }, { id: 'Oxford', strength: 3 }, { id: 'Pembroke', strength: 3 }] },
  defender: {
    house: 'York',
    blocks: [{ id: 'Gloucester', strength: 3 }, { id: 'Norfolk', strength: 4 }, { id: 'Northumberland/Y', strength: 4 },
      { id: 'Stanley/Y', strength: 4, reserve: true }],
  },
};

guardedSuite({ before, after, beforeEach, afterEach }, assert);

test('a battle built by clicking shows the CLI\'s exact odds', async () => {
  await page.goto(server.url);
  await settled(page);
  // Clear the default battle.
  for (const side of ['attacker', 'defender']) {
    while (await page.locator(`[data-testid="army-${side}"] button[aria-label^="Remove "]`).count() > 0) {
      await page.locator(`[data-testid="army-${side}"] button[aria-label^="Remove "]`).first().click();
    }
  }
  // An empty side cannot be fought: the page says what to do next, as a prompt, not an error
  // beside the side (issue 26).
  await page.waitForSelector('[data-testid="problem"].prompt');
  assert.equal(await page.locator('[data-testid="error-attacker"]').count(), 0);
  await page.selectOption('[data-testid="area"]', 'Cornwall');
  await page.fill('[data-testid="search-attacker"]', 'dev');
  await page.click('[data-testid="add-attacker-Devon"]');
  await page.fill('[data-testid="search-attacker"]', '');
  await page.selectOption('[data-testid="kind-attacker"]', 'Nobles');
  await page.click('[data-testid="add-attacker-Clifford"]');
  await page.click('[data-testid="add-defender-Hastings"]');
  await page.click('[data-testid="add-defender-Herbert"]');
  const before = await scenarioOf(page);
  const clifford = before.attacker.blocks[1];
  assert.equal(clifford.id, 'Clifford');
  // Reduce Clifford by one step: click his top pip, as you would rotate the block.
  await page.click(`[data-testid="pip-attacker-1-${clifford.strength}"]`);
  await page.check('[data-testid="reserve-defender-1"]');
  const s = await scenarioOf(page);
  assert.equal(s.area, 'Cornwall');
  assert.deepEqual(s.attacker.blocks.map((b) => b.id), ['Devon', 'Clifford']);
  assert.equal(s.attacker.blocks[1].strength, clifford.strength - 1);
  assert.deepEqual(s.defender.blocks.map((b) => [b.id, !!b.reserve]), [['Hastings', false], ['Herbert', true]]);
  const shown = await settled(page);
  assert.deepEqual(shown, headlineOf(cliExact(s)));
  // The area's bonus is explained on the block, with its rule.
  assert.match(await page.textContent('[data-testid="block-attacker-0"]'), /\+1 defending|no bonus here/);
  // The battle survives a reload (local storage), even without the link.
  await page.goto(server.url.replace(/#.*/, ''));
  assert.deepEqual(await settled(page), shown);
});

test('a #s= link opens its battle with the CLI\'s exact odds', async () => {
  await page.goto(link(server.url, BOSWORTH));
  const shown = await settled(page);
  assert.deepEqual(shown, headlineOf(cliExact(BOSWORTH)));
  assert.match(await page.textContent('[data-testid="headline"]'), /Chance Lancaster \(attacker\) holds Leicester/);
  assert.match(shown.attacker, /^\d+\.\d%$/);
  // Richard fights: the page warns of the King's death when it is a real chance.
  const warnings = await page.locator('[data-testid="royal-warning"]').allTextContents();
  assert.ok(warnings.some((w) => /heir dies/.test(w)), warnings.join(' | '));
});

test('the fire order of the rulebook sidebar: Herbert, Rivers, Clarence', async () => {
  await page.goto(link(server.url, SIDEBAR));
  await settled(page);
  for (const round of [1, 2, 3]) {
    const names = await page.locator(`[data-testid="round-${round}"] .turn-block`).allTextContents();
    assert.deepEqual(names, ['Herbert', 'Rivers/L', 'Clarence/Y'], `round ${round}`);
  }
  assert.match(await page.textContent('[data-testid="round-1"]'), /initiative A \(3\.12\)/);
});

test('a replay steps forward and back, highlighting the fire order', async () => {
  await page.goto(link(server.url, SIDEBAR));
  await settled(page);
  await page.fill('[data-testid="seed"]', '7');
  await page.press('[data-testid="seed"]', 'Enter');
  await page.locator('[data-testid="seed"]').blur();
  const total = Number((await page.textContent('[data-testid="replay-step"]')).match(/of (\d+)/)[1]);
  assert.ok(total > 2);
  await page.click('[data-testid="replay-next"]');
  assert.match(await page.textContent('[data-testid="replay-current"]'), /Herbert \(A2\) fires: rolls \[/);
  // The acting block is highlighted in round 1 of the fire order.
  assert.equal(await page.textContent('[data-testid="round-1"] .turn.current .turn-block'), 'Herbert');
  await page.click('[data-testid="replay-next"]');
  assert.match(await page.textContent('[data-testid="replay-step"]'), /^Event 2 of/);
  await page.click('[data-testid="replay-back"]');
  assert.match(await page.textContent('[data-testid="replay-step"]'), /^Event 1 of/);
  // The keyboard works too.
  await page.focus('[data-testid="replay"]');
  for (let i = 0; i < total + 2; i++) await page.keyboard.press('ArrowRight');
  assert.match(await page.textContent('[data-testid="replay-step"]'), new RegExp(`^Event ${total} of ${total}`));
  assert.match(await page.textContent('[data-testid="replay-current"]'), /The battle ends in round \d/);
  // The current event stays in view inside the list of events.
  const inView = await page.$eval('[data-testid="events"]', (ol) => {
    const li = ol.querySelector('li.current');
    const a = ol.getBoundingClientRect();
    const b = li.getBoundingClientRect();
    return b.top >= a.top - 1 && b.bottom <= a.bottom + 1;
  });
  assert.ok(inView, 'the current event is in view');
  // Start and End disable themselves: focus goes to the button that goes the other way.
  await page.focus('button[aria-label="Back to the start"]');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'replay-next');
  await page.focus('button[aria-label="To the end"]');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'replay-back');
});

test('a broken link shows an error, and the page still works', async () => {
  await page.goto(`${server.url}#s=not-a-battle!!`);
  await page.waitForSelector('[data-testid="notice"]');
  assert.match(await page.textContent('[data-testid="notice"]'), /could not be opened/);
  const valid = b64url('{"version":1,"attacker":{"house":"York","blocks":[]},"defender":{"house":"Lancaster","blocks":[{"id":"Oxford","strength":9}]}}');
  await page.goto(`${server.url}#s=${valid}`);
  await page.waitForSelector('[data-testid="scenario-error"]');
  assert.match(await page.textContent('[data-testid="scenario-error"]'), /^York \(attacker\) has no blocks yet/);
});

test('screenshots: desktop and phone, light and dark, and the streamer view', async () => {
  for (const [name, width, height] of [['desktop', 1366, 900], ['phone', 390, 844]]) {
    for (const scheme of ['light', 'dark']) {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('about:blank');
      await page.goto(link(server.url, BOSWORTH));
      await settled(page);
      await page.click('[data-testid="replay-next"]');
      await page.screenshot({ path: path.join(SHOTS, `${name}-${scheme}.png`), fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 1, `${name} ${scheme}: page is ${overflow}px wider than the screen`);
    }
  }
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(`${link(server.url, BOSWORTH)}&overlay`);
  await page.waitForSelector('[data-testid="stream-odds"][data-working="false"]');
  await page.screenshot({ path: path.join(SHOTS, 'overlay-dark.png') });
});

test('a battle too large for the exact solver switches to Monte Carlo, with progress and Cancel', async () => {
  const eight = (ids) => ids.map((id) => ({ id, strength: 2 }));
  const big = {
    version: 1, area: 'Kent', king: 'Lancaster',
    attacker: { house: 'York', blocks: eight(['Norfolk', 'Suffolk', 'Hastings', 'Herbert', 'Essex', 'Worcester', 'Arundel', 'Warwick/Y']) },
    defender: { house: 'Lancaster', blocks: eight(['Oxford', 'Pembroke', 'Devon', 'Beaumont', 'Clifford', 'Wiltshire', 'Exeter/L', 'Somerset']) },
  };
  await page.goto(link(server.url, big));
  // Cancel as soon as the progress bar shows, from inside the page: on a fast or busy machine the
  // 400,000 battles can finish before a click from outside lands. The count shown at that moment
  // is kept: a Cancel is final, so the figures are those of the battles simulated until then,
  // whatever the workers sent before they were stopped (issue 21).
  const shownAtCancel = page.evaluate(() => new Promise((resolve) => {
    const tryClick = () => {
      const button = document.querySelector('[data-testid="progress"] [data-testid="cancel"]');
      if (button) {
        const counted = document.querySelector('[data-testid="progress"] span').textContent;
        button.click();
        observer.disconnect();
        resolve(counted);
      }
    };
    const observer = new MutationObserver(tryClick);
    observer.observe(document.body, { childList: true, subtree: true });
    tryClick();
  }));
  const counted = await shownAtCancel;
  const [, runs] = counted.match(/^Monte Carlo: (\d+) of 400000 battles$/) ?? [];
  assert.ok(runs, `the progress bar said: ${counted}`);
  await page.waitForSelector('[data-testid="stopped"]');
  assert.equal(await page.textContent('[data-testid="stopped"]'), 'Stopped: the figures are from the battles simulated so far.');
  assert.equal(await page.isVisible('[data-testid="progress"]'), false);
  assert.match(await page.textContent('[data-testid="note"]'), /Too large for the exact solver.*Monte Carlo/);
  assert.match(await page.textContent('[data-testid="outcome-attacker"]'), /^\d+\.\d%$/);
  assert.match(await page.textContent('[data-testid="method"]'), new RegExp(`^Monte Carlo: ${runs} simulated battles`));
});

test('a charge set in the choices panel gives the CLI\'s exact odds for the same scenario', async () => {
  await page.goto(link(server.url, SIDEBAR));
  const plain = await settled(page);
  assert.deepEqual(plain, headlineOf(cliExact(SIDEBAR)));
  // Clarence is York's heir, so York may charge; Rivers holds no heir, so Lancaster may not.
  await page.click('[data-testid="choices-attacker"] summary');
  await page.click('[data-testid="choices-defender"] summary');
  assert.match(await page.textContent('[data-testid="choices-defender"]'), /No heir on this side/);
  await page.selectOption('[data-testid="add-charge-attacker"]', 'Rivers/L');
  await page.selectOption('[data-testid="charge-attacker-0-round"]', '1');
  const s = await scenarioOf(page);
  assert.deepEqual(s.policy, { attacker: { charges: [{ target: 'Rivers/L', round: 1 }] } });
  const shown = await settled(page);
  const cli = headlineOf(cliExact(s));
  assert.deepEqual(shown, cli);
  assert.notDeepEqual(shown, plain, 'the charge changes the odds');
  // An illegal choice from a file shows the engine's message next to the field.
  const bad = { ...SIDEBAR, policy: { attacker: { treachery: [{ by: 'Herbert', target: 'Rivers/L' }] } } };
  await page.goto('about:blank');
  await page.goto(link(server.url, bad));
  await page.waitForSelector('[data-testid="error-policy.attacker.treachery[0].by"]');
  assert.match(await page.textContent('[data-testid="choices-attacker"]'), /not the King, the Pretender or Warwick/);
});

test('the advisor marks the Treachery roll on Stanley as the best play', async () => {
  const scenario = JSON.parse(fs.readFileSync(path.join(ROOT, 'examples', 'treachery-advice.json'), 'utf8'));
  await page.goto(link(server.url, scenario));
  await settled(page);
  await page.waitForSelector('[data-testid="advice-best"]');
  const best = await page.textContent('[data-testid="advice-best"]');
  assert.match(best, /treachery on Stanley\/Y/);
  assert.match(best, /best/);
  const cli = cliJson('advise', [], scenario);
  const top = cli.first_decision.actions[0];
  assert.equal(top.label, 'treachery on Stanley/Y');
  assert.match(best, new RegExp(`${(top.value * 100).toFixed(1).replace('.', '\\.')}%`));
  assert.match(await page.textContent('[data-testid="advice-gain"]'),
    new RegExp(`from ${(cli.policy[0] * 100).toFixed(1).replace('.', '\\.')}% to ${(cli.best[0] * 100).toFixed(1).replace('.', '\\.')}%`));
  // Another objective is another question.
  await page.selectOption('[data-testid="advice-objective"]', 'steps');
  await page.click('[data-testid="advise"]');
  await page.waitForSelector('[data-testid="advice-best"] >> text=/steps/');
});

test('best play at Bosworth 1485 is answered in the browser, as the CLI answers it', async () => {
  // The ready-made battle (bench/bosworth-1485.json is the preset, cli/tests checks it): best
  // play needs some 1.2 million states, within the advisor's budget.
  const scenario = JSON.parse(fs.readFileSync(path.join(ROOT, 'bench', 'bosworth-1485.json'), 'utf8'));
  await page.goto(link(server.url, scenario));
  await settled(page);
  await page.click('[data-testid="advise"]');
  await page.waitForSelector('[data-testid="advice-best"]');
  // The page says how long it took (measured, not asserted: no timed tests).
  console.log(`# Bosworth 1485 best play in the browser: ${await page.textContent('[data-testid="advice-time"]')}`);
  const cli = cliJson('advise', [], scenario);
  const top = cli.first_decision.actions[0];
  const best = await page.textContent('[data-testid="advice-best"]');
  assert.ok(best.includes(top.label), `${best} names ${top.label}`);
  assert.match(best, new RegExp(`${(top.value * 100).toFixed(1).replace('.', '\\.')}%`));
});

test('a replay step opens as a new battle with the CLI\'s exact odds for that point', async () => {
  await page.goto(link(server.url, BOSWORTH));
  await settled(page);
  for (let i = 0; i < 3; i++) await page.click('[data-testid="replay-next"]');
  assert.match(await page.textContent('[data-testid="replay-step"]'), /^Event 3 of/);
  // The evaluation bar shows the exact chance from the checkpoint.
  const replay = cliJson('replay', ['--seed', '1'], BOSWORTH);
  const [, checkpoint] = replay.checkpoints.filter(([i]) => i <= 3).pop();
  const expected = cliExact(checkpoint);
  await page.waitForSelector(`[data-testid="eval-value"] >> text="${headlineOf(expected).attacker}"`);
  await page.click('[data-testid="open-checkpoint"]');
  await page.waitForFunction(() => /^#s=/.test(location.hash) && document.querySelector('[data-testid="replay-step"]').textContent.startsWith('Event 0'));
  const s = await scenarioOf(page);
  assert.ok(s.progress, 'the opened battle is in progress');
  assert.deepEqual(s, checkpoint);
  assert.deepEqual(await settled(page), headlineOf(expected));
  // At the end of a replay: how likely the result was.
  await page.goto('about:blank');
  await page.goto(link(server.url, SIDEBAR));
  const whole = cliExact(SIDEBAR);
  await settled(page);
  await page.click('[aria-label="To the end"]');
  const luck = await page.textContent('[data-testid="luck"]');
  const end = cliJson('replay', ['--seed', '1'], SIDEBAR);
  const p = end.holder === 'attacker' ? whole.attacker_holds : end.holder === 'defender' ? whole.defender_holds : whole.vacant;
  assert.ok(luck.includes(`a ${(p * 100).toFixed(1)}% outcome`), luck);
});

test('a custom block named like HTML is shown as text and runs nothing', async () => {
  const name = '<img src=x onerror=alert(1)>';
  const dialogs = [];
  page.on('dialog', async (d) => { dialogs.push(d.message()); await d.dismiss(); });
  // Every img element the page ever creates is counted, even one removed again; an img that is
  // never created can neither load nor fail, so its onerror never runs.
  await page.addInitScript(() => {
    window.__imgs = 0;
    const count = (node) => {
      if (node.nodeType !== 1) return;
      if (node.tagName === 'IMG') window.__imgs++;
      window.__imgs += node.querySelectorAll('img').length;
    };
    new MutationObserver((records) => records.forEach((r) => r.addedNodes.forEach(count)))
      .observe(document, { childList: true, subtree: true });
  });
  const scenario = {
    ...SIDEBAR,
    attacker: { house: 'York', blocks: [...SIDEBAR.attacker.blocks, { custom: { name, rating: 'B2', max_strength: 3, loyalty: 2 }, strength: 3 }] },
  };
  await page.goto(link(server.url, scenario));
  assert.deepEqual(await settled(page), headlineOf(cliExact(scenario)));
  assert.equal(await page.textContent('[data-testid="block-attacker-2"] .bname'), name);
  assert.match(await page.textContent('.blocks-table'), /<img src=x onerror=alert\(1\)>/);
  assert.equal(await page.evaluate(() => window.__imgs), 0, 'no img element was created');
  assert.deepEqual(dialogs, []);
  // The same block added through the form.
  await page.click('[data-testid="custom-defender"] summary');
  await page.fill('[data-testid="custom-defender-name"]', 'Sir John');
  await page.fill('[data-testid="custom-defender-rating"]', 'c3');
  await page.selectOption('[data-testid="custom-defender-max"]', '2');
  await page.click('[data-testid="custom-defender-add"]');
  const s = await scenarioOf(page);
  assert.deepEqual(s.defender.blocks.at(-1), { custom: { name: 'Sir John', rating: 'C3', max_strength: 2 }, strength: 2 });
  assert.deepEqual(await settled(page), headlineOf(cliExact(s)));
  // Still no img and no dialog, after all that drawing.
  assert.equal(await page.evaluate(() => window.__imgs), 0, 'no img element was created');
  assert.deepEqual(dialogs, []);
});

test('a link over the size limit is refused with a message', async () => {
  await page.goto(`${server.url}#s=${'A'.repeat(70 * 1024)}`);
  await page.waitForSelector('[data-testid="notice"]');
  assert.match(await page.textContent('[data-testid="notice"]'), /too long \(70 KB; links over 64 KB are refused\)/);
  await settled(page);
});

test('each chart downloads as SVG', async () => {
  await page.goto(link(server.url, SIDEBAR));
  await settled(page);
  for (const name of ['ends', 'steps-lost', 'final-strength']) {
    const [download] = await Promise.all([page.waitForEvent('download'), page.click(`[data-testid="svg-${name}"]`)]);
    assert.equal(download.suggestedFilename(), `bosworth-${name}.svg`);
    const text = fs.readFileSync(await download.path(), 'utf8');
    assert.match(text, /^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    assert.ok(!text.includes('currentColor'));
  }
});
