// End to end: the map's labels (issue 36). The Kent board of examples/board-kent.json, every
// target ranked then every attack on Kent, on a desktop (1366x900) and a phone (390x844): no
// border badge or chance chip covers an area's name, a block or another badge or chip (their boxes
// on screen, getBoundingClientRect); a chip's text is at least 11 CSS px on the phone; and the
// ranking of Kent frames the map once, with the names of every area its plans' blocks may cross
// whole in view.
import { test, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, SHOTS, b64url, guardedSuite, server, page } from './lib.mjs';

guardedSuite({ before, after, beforeEach, afterEach }, assert);

const KENT = JSON.parse(fs.readFileSync(path.join(ROOT, 'examples', 'board-kent.json'), 'utf8'));

/** Every badge's and chip's box, every name's, block's and count's, and each chip's text size. */
function measure() {
  return page.evaluate(() => {
    const box = (el) => {
      const r = el.getBoundingClientRect();
      return { x: r.left, y: r.top, w: r.width, h: r.height };
    };
    const svg = document.querySelector('.map-svg');
    const k = svg.getScreenCTM().a;
    const tags = [
      ...[...document.querySelectorAll('.tags rect.badge')].map((r) => ({ what: `badge ${r.dataset.border}`, ...box(r) })),
      ...[...document.querySelectorAll('.tags .chance-chip')].map((g) => ({ what: `chip of ${g.dataset.area}`, ...box(g.querySelector('rect')) })),
    ];
    const names = [...document.querySelectorAll('.upper .names text')].map((t) => ({ what: `name ${t.textContent}`, ...box(t) }));
    const blocks = [...document.querySelectorAll('.pieces rect.tile, .pieces circle.count')].map((t) => ({ what: 'a block', ...box(t) }));
    const chips = [...document.querySelectorAll('.tags .chance-chip text')].map((t) => ({
      area: t.parentElement.dataset.area,
      px: parseFloat(getComputedStyle(t).fontSize) * k,
      height: t.getBoundingClientRect().height,
    }));
    const badges = [...document.querySelectorAll('.tags text.badge-text')].map((t) => ({
      border: t.previousElementSibling?.dataset.border,
      text: t.textContent,
      px: parseFloat(getComputedStyle(t).fontSize) * k,
    }));
    return { tags, names, blocks, chips, badges, view: box(svg) };
  });
}

const meets = (a, b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** A box grown by `d` CSS px on every side. */
const grown = (b, d) => ({ ...b, x: b.x - d, y: b.y - d, w: b.w + 2 * d, h: b.h + 2 * d });

function assertClear(m, where) {
  assert.ok(m.tags.length > 0, `${where}: badges or chips drawn`);
  for (const [i, t] of m.tags.entries()) {
    // A name with a pixel round it: touching one is as bad as covering it.
    for (const o of [...m.names.map((n) => grown(n, 1)), ...m.blocks, ...m.tags.slice(i + 1)]) {
      assert.ok(!meets(t, o), `${where}: the ${t.what} ${JSON.stringify(t)} covers the ${o.what} ${JSON.stringify(o)}`);
    }
  }
}

for (const [size, width, height] of [['desktop', 1366, 900], ['phone', 390, 844]]) {
  test(`${size}: the Kent board's badges and chips cover no name, block or each other, framed once`, async () => {
    await page.setViewportSize({ width, height });
    await page.goto(`${server.url}#b=${b64url(JSON.stringify(KENT))}`);
    await page.waitForSelector('[data-testid="plans"][data-calc="done"]:not([data-target])', { timeout: 0 });
    await page.waitForSelector('.tags .chance-chip');
    const every = await measure();
    assertClear(every, `${size}, every target`);
    if (size === 'phone') {
      for (const c of every.chips) {
        assert.ok(c.px >= 11, `${size}, the whole map: ${c.area}'s chip text is ${c.px.toFixed(1)} px`);
        assert.ok(c.height >= 11, `${size}, the whole map: ${c.area}'s chip text box is ${c.height.toFixed(1)} px high`);
      }
    }
    // Every view the map takes from here on.
    await page.evaluate(() => {
      window.views = [];
      const svg = document.querySelector('.map-svg');
      new MutationObserver(() => window.views.push(svg.getAttribute('viewBox')))
        .observe(svg, { attributes: true, attributeFilter: ['viewBox'] });
    });
    await page.focus('[data-testid="target-pick"]');
    await page.selectOption('[data-testid="target-pick"]', 'Kent');
    await page.waitForSelector('[data-testid="plans"][data-target="Kent"][data-calc="done"]', { timeout: 0 });
    await page.waitForSelector('.tags rect.badge');
    const views = await page.evaluate(() => window.views);
    assert.equal(views.length, 1, `${size}: the ranking frames the map once, not ${views.join(' then ')}`);
    const ranked = await measure();
    assertClear(ranked, `${size}, Kent ranked`);
    // The names of the areas the plans' blocks may cross, whole in view.
    for (const area of ['Kent', 'Middlesex', 'Essex', 'Sussex']) {
      const n = ranked.names.find((x) => x.what === `name ${area}`);
      const v = ranked.view;
      assert.ok(n.x >= v.x && n.y >= v.y && n.x + n.w <= v.x + v.w && n.y + n.h <= v.y + v.h,
        `${size}: ${area}'s name ${JSON.stringify(n)} whole in the view ${JSON.stringify(v)}`);
    }
    for (const c of ranked.chips) {
      assert.ok(c.px >= 11, `${size}, Kent ranked: ${c.area}'s chip text is ${c.px.toFixed(1)} px`);
    }
    await page.locator('[data-testid="map"]').screenshot({ path: path.join(SHOTS, `map-labels-${size}.png`) });
  });
}

/** The README's map (scripts/screenshots.mjs): York's turn with a 4-AP card and five Lancaster
 * areas within reach, every target planned. */
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

for (const [size, width, height] of [['desktop', 1440, 900], ['phone', 390, 844]]) {
  test(`${size}: the README's 4-AP board, the whole map: badges and chips touch no name, block or each other, their text 11 px or more on a phone`, async () => {
    await page.setViewportSize({ width, height });
    await page.goto(`${server.url}#b=${b64url(JSON.stringify(TURN))}`);
    await page.waitForSelector('[data-testid="plans"][data-calc="done"]:not([data-target])', { timeout: 0 });
    await page.waitForSelector('.tags rect.badge');
    const m = await measure();
    assertClear(m, `${size}, 4-AP board`);
    assert.ok(m.badges.length > 0, 'badges drawn');
    if (size === 'phone') {
      for (const b of m.badges) assert.ok(b.px >= 11, `${size}: the badge ${b.text} on ${b.border} is ${b.px.toFixed(1)} px`);
      for (const c of m.chips) assert.ok(c.px >= 11, `${size}: ${c.area}'s chip text is ${c.px.toFixed(1)} px`);
    }
    await page.locator('[data-testid="map"]').screenshot({ path: path.join(SHOTS, `map-labels-turn-${size}.png`) });
  });
}
