// End to end at phone width (issue 16, point 5): the odds stay in view while a block is edited,
// nothing scrolls sideways, chart text is 11 px or more, touch targets are 24 px or more.
import { test, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {
  cliExact, settled, scenarioOf, pct, guardedSuite, SHOTS, server, page,
} from './lib.mjs';

guardedSuite({ before, after, beforeEach, afterEach }, assert);

const PHONE = { width: 390, height: 844 };

/** True if the element's box is wholly inside the viewport. */
const inView = (sel) => page.$eval(sel, (el) => {
  const r = el.getBoundingClientRect();
  return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth && r.height > 0;
});

for (const theme of ['light', 'dark']) {
  test(`phone, ${theme}: the odds bar stays in view while a block's strength is changed`, async () => {
    await page.setViewportSize(PHONE);
    await page.emulateMedia({ colorScheme: theme });
    await page.goto(server.url);
    await settled(page);
    // The defender's last block is far below the headline on a phone.
    const pip = '[data-testid="pip-defender-1-1"]';
    await page.locator(pip).scrollIntoViewIfNeeded();
    assert.ok(!(await inView('[data-testid="headline"]')), 'the headline is out of sight here');
    assert.ok(await inView('[data-testid="odds-bar"]'), 'the odds bar is in view');
    await page.click(pip);
    const s = await scenarioOf(page);
    assert.equal(s.defender.blocks[1].strength, 1);
    const expected = cliExact(s);
    await page.waitForSelector('[data-testid="odds-bar"][data-current="true"]');
    assert.ok(await inView('[data-testid="odds-bar"]'), 'still in view after the edit');
    assert.ok(await inView(pip), 'and so is the pip just pressed (the bar does not cover it)');
    assert.equal(await page.textContent('[data-testid="odds-bar-attacker"]'), pct(expected.attacker_holds));
    assert.equal(await page.textContent('[data-testid="odds-bar-defender"]'), pct(expected.defender_holds));
    await page.screenshot({ path: path.join(SHOTS, `phone-odds-bar-${theme}.png`) });
    // No sideways scrolling anywhere on the page.
    const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    assert.ok(scroll <= client, `the page scrolls sideways: ${scroll} > ${client}`);
    // Every chart's text is at least 11 px as shown.
    const small = await page.evaluate(() => [...document.querySelectorAll('.charts svg')].flatMap((svg) => {
      const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width || svg.getBoundingClientRect().width / svg.width.baseVal.value;
      return [...svg.querySelectorAll('text')].map((t) => ({ text: t.textContent, px: parseFloat(getComputedStyle(t).fontSize) * scale }))
        .filter((t) => t.text.trim() && t.px < 11);
    }));
    assert.deepEqual(small.slice(0, 5), [], 'chart text under 11 px');
    // Touch targets: every visible control is at least 24 px both ways.
    const tiny = await page.evaluate(() => [...document.querySelectorAll('button, input:not([type=file]), select, summary, a[href]')]
      .filter((e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && (r.width < 24 || r.height < 24) && !e.closest('.visually-hidden'); })
      .map((e) => `${e.getAttribute('data-testid') ?? e.getAttribute('aria-label') ?? e.tagName} ${Math.round(e.getBoundingClientRect().width)}x${Math.round(e.getBoundingClientRect().height)}`));
    assert.deepEqual(tiny.slice(0, 8), [], 'targets under 24 px');
  });
}

test('desktop: no odds bar (the headline is beside the builder)', async () => {
  await page.goto(server.url);
  await settled(page);
  assert.equal(await page.$eval('[data-testid="odds-bar"]', (el) => getComputedStyle(el).display), 'none');
});
