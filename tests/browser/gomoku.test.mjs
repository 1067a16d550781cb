// Gomoku in the page: a whole game of four in a row on 7×7 played by clicking intersections,
// ended by the engine's win rule, and the 15×15 board drawn with its 225 cells.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageFixture } from './harness.mjs';

const { ready } = pageFixture();

test('a game of gomoku:7x7:4 played by clicks ends in a win; 15×15 shows 225 cells', { timeout: 120000 }, async () => {
  const errors = [];
  const page = await ready('#v=1&g=gomoku:7x7:4', errors);
  assert.equal(await page.locator('#board [data-cell]').count(), 49);
  // Black a1 b1 c1 d1 (cells 0–3 of the top row), White a2 b2 c2 (cells 7–9).
  const clicks = [0, 7, 1, 8, 2, 9, 3];
  for (const [ply, index] of clicks.entries()) {
    await page.click(`#board [data-cell="${index}"]`);
    await page.waitForFunction(
      (n) => document.querySelector('#position-text').value.split(' ')[0].replace(/[^XO]/g, '').length === n + 1,
      ply,
      { timeout: 30000 },
    );
  }
  assert.equal(await page.locator('#position-text').inputValue(), 'XXXX---/OOO----/-------/-------/-------/-------/------- O');
  await page.waitForFunction(() => /Black \(X\) wins/.test(document.querySelector('#turn-line').textContent), null, { timeout: 30000 });
  await page.selectOption('#game-select', 'gomoku');
  await page.waitForFunction(() => document.querySelectorAll('#board [data-cell]').length === 225, null, { timeout: 30000 });
  assert.deepEqual(errors, []);
});
