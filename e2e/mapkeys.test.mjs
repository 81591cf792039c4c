// End to end: the map by keyboard and by phone (issue 36). The Kent board of
// examples/board-kent.json set up from an empty board and ranked by keyboard alone, every key
// counted (fewer than 120) and where the focus lands asserted after each step; the same board
// set up on a 390x844 phone by taps, the turn's settings reached before the plans; axe on the map
// in both themes at both sizes. Every key waits for its own effect before the next.
import { test, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, SHOTS, addressOf, guardedSuite, server, page, violations } from './lib.mjs';

guardedSuite({ before, after, beforeEach, afterEach }, assert);

const KENT = JSON.parse(fs.readFileSync(path.join(ROOT, 'examples', 'board-kent.json'), 'utf8'));

/** The board in the page's address, once written. */
async function boardOf() {
  const hash = await addressOf(page);
  const b = hash.slice(1).split('&').find((p) => p.startsWith('b='));
  return JSON.parse(Buffer.from(b.slice(2), 'base64url').toString('utf8'));
}

/** The keys pressed so far in a test. */
let keys = 0;

/** What has the focus: its test id, else `area:NAME` for an area of the map, else its id or tag. */
const focused = () => page.evaluate(() => {
  const a = document.activeElement;
  if (!a) return 'none';
  if (a.dataset?.testid) return a.dataset.testid;
  if (a.classList?.contains('hit')) return `area:${a.dataset.area}`;
  if (a.closest?.('[data-testid^="plan-"]') && a.type === 'radio') return a.closest('[data-testid^="plan-"]').dataset.testid;
  return a.id ? `#${a.id}` : a.tagName;
});

/** Waits until the focus is on `what` (as `focused` names it). */
async function focusOn(what) {
  await page.waitForFunction((w) => {
    const a = document.activeElement;
    if (!a) return false;
    const name = a.dataset?.testid ?? (a.classList?.contains('hit') ? `area:${a.dataset.area}`
      : (a.type === 'radio' && a.closest('[data-testid^="plan-"]') ? a.closest('[data-testid^="plan-"]').dataset.testid
        : (a.id ? `#${a.id}` : a.tagName)));
    return name === w;
  }, what);
}

/** One key, counted; then waits for its effect (`done`), before any other key. */
async function press(key, done) {
  keys += 1;
  await page.keyboard.press(key);
  await done();
}

/** Tab until the focus is on `what` (each Tab moves the focus at once), at most `most` times. */
async function tabTo(what, most = 30) {
  for (let i = 0; i < most; i++) {
    if (await focused() === what) return;
    const before = await page.evaluate(() => document.activeElement);
    await press('Tab', () => page.waitForFunction((b) => document.activeElement !== b, before));
  }
  assert.equal(await focused(), what, `Tab reaches ${what}`);
}

/** Types `text` into the focused field one key at a time, each waiting for the field to hold it. */
async function typeIn(text) {
  for (let i = 0; i < text.length; i++) {
    await press(text[i], () => page.waitForFunction((v) => document.activeElement?.value === v, text.slice(0, i + 1)));
  }
}

/** The centre of an area's name on screen (of its button's box). */
const centre = (name) => page.$eval(`.map-card .hit[data-area="${name}"]`, (el) => {
  const r = el.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
});

/** The arrow keys from the focused area to `name`: each toward it along its larger distance. */
async function arrowTo(name) {
  for (let i = 0; i < 12; i++) {
    const at = await focused();
    if (at === `area:${name}`) return;
    const [a, b] = [await centre(at.slice(5)), await centre(name)];
    const [dx, dy] = [b.x - a.x, b.y - a.y];
    const key = Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? 'ArrowRight' : 'ArrowLeft') : (dy > 0 ? 'ArrowDown' : 'ArrowUp');
    await press(key, () => page.waitForFunction((f) => document.activeElement?.dataset?.area !== f, at.slice(5)));
  }
  assert.equal(await focused(), `area:${name}`, `the arrows reach ${name}`);
}

/** The search of an area's roster has the focus: type a name, Enter adds the first match. */
async function addTyped(slug, id) {
  assert.equal(await focused(), `search-${slug}`);
  await typeIn(id);
  await press('Enter', () => page.waitForSelector(`[data-testid="area-editor"] [aria-label^="${id}, rating"]`));
  await focusOn(`search-${slug}`);
  assert.equal(await page.inputValue(`[data-testid="search-${slug}"]`), '', 'the search is emptied for the next block');
}

test('the Kent board set up from an empty board and ranked by keyboard alone, in fewer than 120 keys', async () => {
  keys = 0;
  await page.goto(`${server.url}#b=${Buffer.from(JSON.stringify(KENT)).toString('base64url')}`);
  await page.waitForSelector('[data-testid="board-view"]');
  // The one focus not made by a key: the page's first control of the map, New board.
  await page.focus('[data-testid="new-board"]');
  const top = await page.evaluate(() => document.querySelector('[data-testid="map"]').getBoundingClientRect().top);
  await press('Enter', () => page.waitForSelector('[data-testid="area-editor"]:not([data-area])'));
  assert.equal(await focused(), 'new-board', 'focus stays on New board');
  assert.equal(await page.evaluate(() => document.querySelector('[data-testid="map"]').getBoundingClientRect().top), top,
    'New board moves nothing');
  // The card: 3 action points.
  await tabTo('card-2');
  await press('ArrowRight', () => page.waitForSelector('[data-testid="card-3"]:checked'));
  assert.equal(await focused(), 'card-3');
  // On to the map: one Tab stop for all its areas.
  await tabTo('area:Ireland');
  await arrowTo('Middlesex');
  await press('Enter', () => page.waitForSelector('[data-testid="area-editor"][data-area="Middlesex"]'));
  await focusOn('#area-h');
  await tabTo('search-middlesex');
  // Enter takes the first match: "Has" is Hastings alone in York's roster, "Her" is Herbert.
  for (const id of ['March', 'Hastings', 'Herbert']) await addTyped('middlesex', id);
  // Escape: back to the area on the map.
  await press('Escape', () => focusOn('area:Middlesex'));
  await arrowTo('Essex');
  await press('Enter', () => page.waitForSelector('[data-testid="area-editor"][data-area="Essex"]'));
  await focusOn('#area-h');
  await tabTo('search-essex');
  await addTyped('essex', 'Norfolk');
  await press('Escape', () => focusOn('area:Essex'));
  await arrowTo('Kent');
  await press('Enter', () => page.waitForSelector('[data-testid="area-editor"][data-area="Kent"]'));
  await focusOn('#area-h');
  await tabTo('enemy-more-kent');
  for (let n = 1; n <= 3; n++) {
    await press('Enter', () => page.waitForFunction((v) => document.querySelector('[data-testid="enemy-kent"]')?.value === v, String(n)));
    assert.equal(await focused(), 'enemy-more-kent', `focus stays on "+" after ${n}`);
  }
  assert.deepEqual(await boardOf(), { ...KENT, player: 1 }, 'the board set up is the example');
  // R on Kent in the map: every attack on Kent ranked, the focus on the first plan.
  await press('Escape', () => focusOn('area:Kent'));
  assert.equal(await page.getAttribute('.map-card .hit[data-area="Kent"]', 'aria-keyshortcuts'), 'ArrowUp ArrowDown ArrowLeft ArrowRight Enter R');
  await press('r', () => page.waitForSelector('[data-testid="plans"][data-target="Kent"][data-calc="done"]', { timeout: 0 }));
  await focusOn('plan-0');
  await page.screenshot({ path: path.join(SHOTS, 'mapkeys-ranked.png') });
  // One Tab to Open as battle; Enter: the battle, the focus on its headline.
  await tabTo('open-battle', 1);
  await press('Enter', () => page.waitForSelector('[data-testid="headline"]'));
  await focusOn('headline');
  console.log(`mapkeys: the Kent board set up and ranked, then opened as a battle, in ${keys} keys`);
  assert.ok(keys < 120, `${keys} keys`);
  // Back: the map, the focus on Kent.
  await page.goBack();
  await page.waitForSelector('[data-testid="plans"][data-target="Kent"][data-calc="done"]');
  await focusOn('area:Kent');
  for (const theme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: theme });
    assert.deepEqual(await violations(), [], `axe on the map, desktop, ${theme}`);
    await page.screenshot({ path: path.join(SHOTS, `mapkeys-desktop-${theme}.png`) });
  }
});

/** A point of an area on screen where a tap lands on that area (not on a name or block above it). */
const spotOf = (name) => page.$eval(`.map-card .hit[data-area="${name}"]`, (el) => {
  const m = el.getScreenCTM();
  const b = el.getBBox();
  const svg = el.ownerSVGElement;
  for (let i = 1; i < 12; i++) {
    for (let j = 1; j < 12; j++) {
      const p = svg.createSVGPoint();
      p.x = b.x + (b.width * i) / 12;
      p.y = b.y + (b.height * j) / 12;
      if (!el.isPointInFill(p)) continue;
      const s = p.matrixTransform(m);
      const hit = document.elementFromPoint(s.x, s.y);
      if (hit === el) return { x: s.x, y: s.y };
    }
  }
  return null;
});

/** Taps an area of the map where it shows. */
async function tapArea(name) {
  const s = await spotOf(name);
  assert.ok(s, `${name} shows on the map`);
  await page.mouse.click(s.x, s.y);
  await page.waitForSelector(`[data-testid="area-editor"][data-area="${name}"]`);
}

/** True if the element's top is within the viewport. */
const topInView = (sel) => page.$eval(sel, (el) => {
  const r = el.getBoundingClientRect();
  return r.top >= 0 && r.top < innerHeight;
});

test('on a 390x844 phone, the Kent board by taps: the turn before the plans, the area in view, 44 px targets', async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server.url}#b=${Buffer.from(JSON.stringify(KENT)).toString('base64url')}`);
  await page.waitForSelector('[data-testid="board-view"]');
  await page.click('[data-testid="new-board"]');
  await page.waitForSelector('[data-testid="area-editor"]:not([data-area])');
  // The turn comes before the plans (and right after the map).
  const y = (sel) => page.$eval(sel, (el) => el.getBoundingClientRect().top + scrollY);
  assert.ok(await y('.setup') < await y('[data-testid="plans"]'), 'the turn is above the plans');
  assert.ok(await y('.setup') < await y('[data-testid="area-editor"]'), 'the turn is above the area');
  await page.click('label:has([data-testid="card-3"])');
  await page.waitForSelector('[data-testid="card-3"]:checked');
  await page.evaluate(() => scrollTo(0, 0));
  await tapArea('Middlesex');
  assert.ok(await topInView('[data-testid="area-editor"]'), 'the tapped area\'s editor comes into view');
  for (const id of ['March', 'Hastings', 'Herbert']) {
    const b = page.locator(`[data-testid="add-middlesex-${id}"]`);
    assert.ok((await b.boundingBox()).height >= 44, `${id}'s roster button is 44 px tall or more`);
    await b.click();
    await page.waitForSelector(`[data-testid="area-editor"] [aria-label^="${id}, rating"]`);
  }
  await page.evaluate(() => scrollTo(0, 0));
  await tapArea('Essex');
  await page.click('[data-testid="add-essex-Norfolk"]');
  await page.waitForSelector('[data-testid="area-editor"] [aria-label^="Norfolk, rating"]');
  await page.evaluate(() => scrollTo(0, 0));
  await tapArea('Kent');
  assert.ok(await topInView('[data-testid="area-editor"]'));
  const more = page.locator('[data-testid="enemy-more-kent"]');
  const box = await more.boundingBox();
  assert.ok(box.height >= 44 && box.width >= 44, `"+" is ${box.width}x${box.height} px`);
  for (let n = 1; n <= 3; n++) {
    await more.click();
    await page.waitForFunction((v) => document.querySelector('[data-testid="enemy-kent"]')?.value === v, String(n));
  }
  assert.deepEqual(await boardOf(), { ...KENT, player: 1 }, 'the board set up is the example');
  // A tap on Kent, which York can attack, ranks it.
  await page.evaluate(() => scrollTo(0, 0));
  await page.waitForSelector('[data-testid="plans"][data-calc="done"]', { timeout: 0 });
  await tapArea('Kent');
  await page.waitForSelector('[data-testid="plans"][data-target="Kent"][data-calc="done"]', { timeout: 0 });
  for (const theme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: theme });
    assert.deepEqual(await violations(), [], `axe on the map, phone, ${theme}`);
    await page.screenshot({ path: path.join(SHOTS, `mapkeys-phone-${theme}.png`), fullPage: true });
  }
});

test('the roster offers no minor heir before his time; Enter with two matches adds the first, the arrows choose another', async () => {
  const board = { kind: 'board', version: 1, house: 'York', card: 2, areas: [{ area: 'Middlesex', blocks: [{ id: 'March', strength: 3 }] }] };
  await page.goto(`${server.url}#b=${Buffer.from(JSON.stringify(board)).toString('base64url')}`);
  await page.waitForSelector('[data-testid="area-editor"][data-area="Middlesex"]');
  // York's minor heirs, Clarence/Y and Gloucester, come in only as York's heirs die (4.5, 6.82).
  assert.equal(await page.locator('[data-testid="add-middlesex-Gloucester"]').count(), 0);
  assert.equal(await page.locator('[data-testid="add-middlesex-Clarence/Y"]').count(), 0);
  await page.focus('[data-testid="search-middlesex"]');
  await page.keyboard.type('Salisbury');
  const matches = await page.$$eval('[data-testid="roster-middlesex"] .add', (b) => b.map((x) => x.dataset.testid));
  assert.ok(matches.length >= 2, `two blocks match Salisbury: ${matches}`);
  // ArrowDown twice: the second match is active (aria-activedescendant), Enter adds it.
  await page.keyboard.press('ArrowDown');
  await page.waitForFunction(() => document.activeElement.getAttribute('aria-activedescendant') === 'roster-middlesex-0');
  await page.keyboard.press('ArrowDown');
  await page.waitForFunction(() => document.activeElement.getAttribute('aria-activedescendant') === 'roster-middlesex-1');
  const second = matches[1].replace('add-middlesex-', '');
  await page.keyboard.press('Enter');
  await page.waitForSelector(`[data-testid="area-editor"] [aria-label^="${second}, rating"]`);
  await focusOn('search-middlesex');
  // With York's heir March dead, Clarence/Y is in play; Gloucester still is not.
  const dead = { ...board, areas: [{ area: 'Middlesex', blocks: [{ id: 'Warwick/Y', strength: 3 }] }], dead: ['March'] };
  await page.goto('about:blank');
  await page.goto(`${server.url}#b=${Buffer.from(JSON.stringify(dead)).toString('base64url')}`);
  await page.waitForSelector('[data-testid="area-editor"][data-area="Middlesex"]');
  assert.equal(await page.locator('[data-testid="add-middlesex-Clarence/Y"]').count(), 1);
  assert.equal(await page.locator('[data-testid="add-middlesex-Gloucester"]').count(), 0);
});

test('R on an area that cannot be attacked says why in the map\'s live region; R on one that can ranks it and clears it', async () => {
  const board = { ...KENT, areas: [...KENT.areas, { area: 'Cumbria', enemy: 2 }] };
  await page.goto(`${server.url}#b=${Buffer.from(JSON.stringify(board)).toString('base64url')}`);
  await page.waitForSelector('[data-testid="board-view"]');
  const said = '[data-testid="map-said"]';
  assert.equal(await page.getAttribute(said, 'role'), 'status');
  assert.equal(await page.textContent(said), '');
  const sayOf = async (area) => {
    await page.focus(`.map-card .hit[data-area="${area}"]`);
    await page.keyboard.press('r');
    await page.waitForFunction(([s, a]) => document.querySelector(s)?.textContent.startsWith(`${a}:`), [said, area]);
    return page.textContent(said);
  };
  // York's own area, no Lancaster block there: the planner's reason (bosworth::board::target).
  assert.equal(await sayOf('Middlesex'),
    'Middlesex: no attack on it this turn: no Lancaster block stands in Middlesex: there is nothing to attack');
  // Lancaster's blocks in Cumbria, out of reach of York's with 3 action points.
  assert.equal(await sayOf('Cumbria'),
    'Cumbria: no attack on it this turn: no York block can reach it this turn (action points, 5.2; at most 3 borders, 6.3; border limits, 5.21)');
  // The focus stays on the area, and the plans do not change.
  assert.equal(await focused(), 'area:Cumbria');
  // R on Kent ranks it, and the message goes.
  await page.focus('.map-card .hit[data-area="Kent"]');
  await page.keyboard.press('r');
  await page.waitForSelector('[data-testid="plans"][data-target="Kent"][data-calc="done"]', { timeout: 0 });
  assert.equal(await page.textContent(said), '');
});

for (const [width, height] of [[1024, 768], [1280, 800]]) {
  test(`at ${width}x${height}, the ranking's controls are in view beside the map, and stay there as the page scrolls`, async () => {
    await page.setViewportSize({ width, height });
    await page.goto(`${server.url}#b=${Buffer.from(JSON.stringify(KENT)).toString('base64url')}`);
    await page.waitForSelector('[data-testid="board-view"]');
    await page.focus('.map-card .hit[data-area="Kent"]');
    await page.keyboard.press('r');
    await page.waitForSelector('[data-testid="plans"][data-target="Kent"][data-calc="done"] [data-testid="open-battle"]', { timeout: 0 });
    const inView = (sel) => page.$eval(sel, (el) => {
      const r = el.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth;
    });
    const side = () => page.evaluate(() => {
      const [m, p] = ['[data-testid="map"]', '[data-testid="plans"]'].map((s) => document.querySelector(s).getBoundingClientRect());
      return p.left >= m.right;
    });
    assert.ok(await side(), 'the plans beside the map, not below it');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction(() => window.scrollY === 0);
    for (const sel of ['[data-testid="target-pick"]', '[data-testid="open-battle"]', '[data-testid="map"] .hit[data-area="Kent"]']) {
      assert.ok(await inView(sel), `${sel} in view at ${width}x${height}`);
    }
    // Scrolled down to the area's editor, the plans' controls stay (sticky, as on a wide screen).
    await page.evaluate(() => window.scrollTo(0, 500));
    await page.waitForFunction(() => window.scrollY > 0);
    assert.ok(await inView('[data-testid="target-pick"]'), `the target picker in view, scrolled, at ${width}x${height}`);
    await page.screenshot({ path: path.join(SHOTS, `mapkeys-${width}.png`) });
  });
}
