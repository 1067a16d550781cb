// The data files the wasm module leaves out (src/game/family.rs, `Asset`; issue 32's lighter
// module): the engine worker fetches the Othello endgame solver's pattern weights only once
// an 8×8 Othello position is shown (a search waits for them), once, and the solver then
// searches exactly the positions it searches natively (`pnplay score`), so the weights are
// installed. Connect Four and 6×6 Othello never fetch them.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageFixture } from './harness.mjs';

const fixture = pageFixture();
const FFO1 = '--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X';
const WEIGHTS = '/data/othello-patterns.weights.gz';

/** Follows share link `fragment` in the open page and waits until its position is shown. */
async function follow(page, fragment, text) {
  await page.evaluate((hash) => {
    window.location.hash = hash;
  }, fragment);
  await page.waitForFunction((want) => document.querySelector('#position-text').value.includes(want), text, { timeout: 20000 });
}

/** The exact value of the open position as the page shows it: {score, text}. */
async function exactValue(page) {
  await page.evaluate(() => delete document.querySelector('#exact-value').dataset.score);
  await page.click('#exact');
  await page.waitForFunction(() => document.querySelector('#exact-value').dataset.score !== undefined, null, { timeout: 60000 });
  return {
    score: await page.locator('#exact-value').getAttribute('data-score'),
    text: await page.locator('#exact-value').textContent(),
  };
}

/** The positions the game's solver searched, as the exact value says them. */
const positions = ({ text }) => Number(text.match(/([\d,]+) positions/)[1].replace(/,/g, ''));

test('the Othello weights are fetched for 8×8 Othello only, once, and the solver then counts the native positions', { timeout: 180000 }, async () => {
  const errors = [];
  const fetched = [];
  const page = await fixture.browser.newPage();
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('.weights.gz')) fetched.push(pathname);
  });
  await page.goto(`${fixture.server.url}#v=1&g=connect4&p=77136527677&a=pns`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 60000 });
  // Connect Four's exact value (its solver and opening book), then 6×6 Othello shown.
  assert.equal((await exactValue(page)).score, '2');
  await follow(page, '#v=1&g=othello6&a=pns', '');
  await page.waitForFunction(() => document.querySelector('#game-select').value === 'othello6');
  assert.deepEqual(fetched, [], 'Connect Four and 6×6 Othello fetch no weights');

  // An 8×8 position shown starts the fetch (a search is likely next), once.
  await follow(page, `#v=1&g=othello&p=${encodeURIComponent(FFO1)}&a=pns`, FFO1.slice(0, 20));
  const first = await exactValue(page);
  const second = await exactValue(page);
  // `pnplay score --game othello --pos FFO1`: +18 in 36,263 positions with the weights (the
  // ordering without them searches more).
  assert.deepEqual([first.score, positions(first)], ['18', 36263]);
  assert.deepEqual([second.score, positions(second)], ['18', 36263]);
  assert.deepEqual(fetched, [WEIGHTS], 'fetched once, for 8×8 Othello');
  assert.deepEqual(errors, []);
  await page.close();
});
