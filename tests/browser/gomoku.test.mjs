// Gomoku in the page: a whole game of four in a row on 7×7 played by clicking intersections,
// ended by the engine's win rule, and a whole game on the 15×15 Go board to exactly five, with
// its star points, the last move marked and the game record.

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

test('a game on the 15×15 board played by clicks ends with Black’s five', { timeout: 180000 }, async () => {
  const errors = [];
  const page = await ready('#v=1&g=gomoku', errors);
  assert.equal(await page.locator('#board [data-cell]').count(), 225);
  assert.equal(await page.locator('#board .go-star').count(), 5);
  // Black h8 i8 j8 k8 l8 (row 8 is the eighth from the top), White a1 a2 a3 a4.
  const moves = ['h8', 'a1', 'i8', 'a2', 'j8', 'a3', 'k8', 'a4', 'l8'];
  const cell = (name) => (Number(name.slice(1)) - 1) * 15 + name.charCodeAt(0) - 97;
  for (const [ply, name] of moves.entries()) {
    await page.click(`#board [data-cell="${cell(name)}"]`);
    await page.waitForFunction((n) => document.querySelector('#game-record').value.includes(`moves: ${n}`), moves.slice(0, ply + 1).join(' '), { timeout: 30000 });
    assert.equal(await page.locator(`#board [data-cell="${cell(name)}"] .last-move-dot`).count(), 1);
    assert.equal(await page.locator('#board .last-move-dot').count(), 1);
  }
  await page.waitForFunction(() => /^Game over: Black \(X\) wins/.test(document.querySelector('#turn-line').textContent), null, { timeout: 30000 });
  assert.match(await page.locator('#game-record').inputValue(), /^game: gomoku\nstart: (-{15}\/){14}-{15} X\nmoves: h8 a1 i8 a2 j8 a3 k8 a4 l8\nresult: Game over: Black/);
  // The Share link button writes a link into the address that reopens the final position.
  const final = await page.locator('#position-text').inputValue();
  await page.click('#share');
  const again = await ready(await page.evaluate(() => window.location.hash), errors);
  assert.equal(await again.locator('#position-text').inputValue(), final);
  assert.deepEqual(errors, []);
});
