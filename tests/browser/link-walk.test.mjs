// The walk of a share link (docs/src/architecture.md, "The walk of a share link"): a link
// with a position, two searches and their options, opened up to the searches' first
// iteration, reads its position from text once and checks its request (the searches and
// options) once. The worker keeps the position it read and the request it checked, and
// every later call — the board's view, the link's check, the start of both searches — uses
// them. The engine counts both (`testCounts`, a test hook: the page opened with
// `?test-hooks`); before the walk was made once each it read the position twice (`describe`,
// then the start) and checked the options five times (the link's check of each search, the
// start's reading, each search's start). A link with several wrong parameters is told every
// one, by one check. After scripts/build.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageFixture } from './harness.mjs';

const { ready } = pageFixture();

/** The engine's counts: positions read from text, requests checked. */
const counts = (page) => page.evaluate(() => window.pnplayEngine.request('testCounts'));

test('a share link reads its position once and checks its request once, up to the first iteration', async () => {
  const page = await ready('?test-hooks#v=1&g=connect4&p=4453&a=pns,ppns&theta=0.05&nodes=100000&step=1');
  await page.waitForFunction(() => document.querySelectorAll('.result').length === 2, null, { timeout: 30000 });
  await page.waitForFunction(() => document.querySelector('.tree-view figcaption')?.textContent.includes('iteration 1'), null, { timeout: 30000 });
  assert.equal(await page.locator('#position-text').inputValue(), '4453');
  assert.deepEqual(await counts(page), { positionsRead: 1, requestsChecked: 1 });
  // A step more reads and checks nothing again.
  await page.click('#step');
  await page.waitForFunction(() => document.querySelector('.tree-view figcaption')?.textContent.includes('iteration 2'), null, { timeout: 30000 });
  assert.deepEqual(await counts(page), { positionsRead: 1, requestsChecked: 1 });
});

test('a request is checked whole: every wrong field at once, by one check', async () => {
  const page = await ready('?test-hooks');
  const error = await page.evaluate(async () => {
    try {
      await window.pnplayEngine.request('check', { game: 'connect4', pos: '4453', algos: ['ppns', 'chess'], options: { theta: 2, pr: 0.7 } });
      return null;
    } catch (error) {
      return { field: error.field, problems: error.problems.map((p) => p.field) };
    }
  });
  assert.deepEqual(error?.problems.sort(), ['pr', 'search', 'theta']);
  assert.ok(['pr', 'search', 'theta'].includes(error.field));
  const before = await counts(page);
  await page.evaluate(() => window.pnplayEngine.request('check', { game: 'connect4', pos: '4453', algos: ['ppns'], options: { theta: 0.5 } }));
  // Its position was read already (the error's check read it); the request is checked once more.
  const after = await counts(page);
  assert.equal(after.positionsRead, before.positionsRead);
  assert.equal(after.requestsChecked, before.requestsChecked + 1);
});

test('the counts are a test hook: a page opened without it is refused them', async () => {
  const page = await ready('');
  const message = await page.evaluate(() => window.pnplayEngine.request('testCounts').then(() => null, (error) => error.message));
  assert.match(message, /test-hooks/);
});
