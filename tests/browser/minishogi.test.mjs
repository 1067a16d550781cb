// MiniShogi in the page: a whole game played by clicks — a piece then its square, a
// promotion chosen in the chooser, a piece from the hand dropped — to checkmate, with the
// hands drawn and the result shown.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageFixture } from './harness.mjs';

const { ready } = pageFixture();

/** The page's cell index of a USI square (`5e` → 20). */
function cell(square) {
  return (square.charCodeAt(1) - 97) * 5 + (5 - Number(square[0]));
}

test('a game of minishogi played by clicks, with a promotion choice and a drop, ends in mate', { timeout: 180000 }, async () => {
  const errors = [];
  const page = await ready('#v=1&g=minishogi', errors);
  assert.equal(await page.locator('#board [data-cell]').count(), 25);
  const moveNumber = async (n) => {
    await page.waitForFunction((n) => document.querySelector('#position-text').value.split(' ').pop() === String(n), n, { timeout: 30000 });
  };
  // From the start: 2e5b 1b1c 5b4a+ 2a3b 4a3b 3a4b G*2b (mate).
  let number = 1;
  const move = async (from, to) => {
    await page.click(`#board [data-cell="${cell(from)}"]`);
    await page.click(`#board [data-cell="${cell(to)}"]`);
  };
  await move('2e', '5b');
  await moveNumber(++number);
  await move('1b', '1c');
  await moveNumber(++number);
  // The bishop takes on 4a: both versions are legal, so the page asks.
  await move('5b', '4a');
  await page.waitForSelector('#extra-moves button.promotion-choice[data-move="5b4a+"]', { timeout: 30000 });
  assert.equal(await page.locator('#extra-moves button.promotion-choice').count(), 2);
  await page.click('#extra-moves button.promotion-choice[data-move="5b4a+"]');
  await moveNumber(++number);
  assert.match(await page.locator('#position-text').inputValue(), /^r\+Bsgk\/5\/4p\/P4\/KGS1R w B 4$/);
  // Sente's bishop in hand is drawn in its hand.
  assert.equal(await page.locator('#board [data-hand="0:4"]').count(), 1);
  await move('2a', '3b');
  await moveNumber(++number);
  await move('4a', '3b');
  await moveNumber(++number);
  await move('3a', '4b');
  await moveNumber(++number);
  // The gold from the hand, dropped on 2b: mate.
  await page.click('#board [data-hand="0:3"]');
  await page.click(`#board [data-cell="${cell('2b')}"]`);
  await moveNumber(++number);
  assert.equal(await page.locator('#position-text').inputValue(), 'r3k/1s+BG1/4p/P4/KGS1R w B 8');
  await page.waitForFunction(() => /Game over: Sente .* wins/.test(document.querySelector('#turn-line').textContent), null, { timeout: 30000 });
  assert.deepEqual(errors, []);
});
