// Present mode (issue 30): at 1366×768 and 1920×1080 the lesson text, the board, the tree and
// the Run button are inside the viewport together, in larger type than the page's; at
// 390×844 the same parts are tabs (Lesson, Board, Tree), one shown at a time, the tab list
// keyboard operable; Escape leaves present mode.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageFixture } from './harness.mjs';

const fixture = pageFixture();
const LESSON = '#v=1&g=tictactoe&p=12&a=pns&goal=win&step=12&view=lessons&lesson=pns-basics&at=4';
const PARTS = { lesson: '.lesson-text', board: '#board .board-svg', tree: '.tree-box', run: '#run' };

/** Each part's box, and whether it is wholly inside the viewport. */
const boxes = (page) =>
  page.evaluate((parts) => {
    const out = {};
    for (const [name, selector] of Object.entries(parts)) {
      const element = document.querySelector(selector);
      const r = element?.getBoundingClientRect();
      const visible = element && r.width > 0 && r.height > 0 && getComputedStyle(element).visibility !== 'hidden';
      out[name] = { visible: Boolean(visible), inside: Boolean(visible && r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight) };
    }
    return out;
  }, PARTS);

for (const [width, height] of [
  [1366, 768],
  [1920, 1080],
]) {
  test(`present mode at ${width}×${height}: lesson text, board, tree and Run on one screen`, async () => {
    const errors = [];
    const page = await fixture.ready(LESSON, errors);
    await page.setViewportSize({ width, height });
    await page.waitForSelector('.tree-view figcaption');
    const textSize = () => page.$eval('.lesson-text', (p) => parseFloat(getComputedStyle(p).fontSize));
    const before = await textSize();
    await page.click('#present');
    assert.equal(await page.getAttribute('#present', 'aria-pressed'), 'true');
    await page.waitForTimeout(400);
    const seen = await boxes(page);
    for (const [name, box] of Object.entries(seen)) assert.ok(box.inside, `${name} inside the viewport: ${JSON.stringify(seen)}`);
    assert.ok((await textSize()) >= before * 1.25, `lesson text ${await textSize()} px against ${before} px`);
    assert.equal(await page.evaluate(() => document.documentElement.scrollHeight <= innerHeight + 1), true, 'nothing to scroll');
    await page.keyboard.press('Escape');
    assert.equal(await page.getAttribute('#present', 'aria-pressed'), 'false');
    assert.deepEqual(errors, []);
  });
}

test('present mode on a phone (390×844): Lesson, Board and Tree as tabs', async () => {
  const page = await fixture.ready(LESSON);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForSelector('.tree-view figcaption');
  await page.click('#present');
  const shown = async () => Object.fromEntries(Object.entries(await boxes(page)).map(([name, box]) => [name, box.visible]));
  assert.deepEqual(await shown(), { lesson: false, board: false, tree: true, run: true });
  await page.click('[role="tab"][data-tab="lesson"]');
  assert.deepEqual(await shown(), { lesson: true, board: false, tree: false, run: true });
  // The arrow keys move along the tabs.
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.getAttribute('[role="tab"][data-tab="board"]', 'aria-selected'), 'true');
  assert.deepEqual(await shown(), { lesson: false, board: true, tree: false, run: true });
});
