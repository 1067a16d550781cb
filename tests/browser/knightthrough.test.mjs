// Knightthrough in the page: a whole game played on the board to White's win, by two clicks
// (piece, then target) and one move by dragging the piece; the game record lists the moves,
// and the page's own link reopens the final position.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageFixture } from './harness.mjs';

const { ready } = pageFixture();

/** The cell index of a square (a8 is cell 0, h1 cell 63). */
const cell = (square) => (8 - Number(square[1])) * 8 + square.charCodeAt(0) - 97;

/** Waits until the game record lists `n` moves. */
async function movesPlayed(page, n) {
  await page.waitForFunction(
    (count) => {
      const line = document.querySelector('#game-record').value.split('\n').find((l) => l.startsWith('moves:')) ?? '';
      return line.slice(6).trim().split(/\s+/).filter(Boolean).length === count;
    },
    n,
    { timeout: 30000 },
  );
}

/** Drags the piece on `from` to `to` with the mouse (h7 to g5 here). */
async function drag(page, from, to) {
  const a = await page.locator(`#board [data-cell="${cell(from)}"]`).boundingBox();
  const b = await page.locator(`#board [data-cell="${cell(to)}"]`).boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 8, a.y + a.height / 2 + 8, { steps: 2 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 6 });
  // While dragging, the piece's targets are marked (h7's two: f6 and g5).
  assert.equal(await page.locator('#board .drag-target').count(), 2);
  assert.equal(await page.locator(`#board [data-cell="${cell(to)}"] .drag-target`).count(), 1);
  await page.mouse.up();
}

test('a game of Knightthrough played by clicks and a drag ends in White’s win', { timeout: 180000 }, async () => {
  const errors = [];
  const page = await ready('#v=1&g=knightthrough', errors);
  // White leaps b2-c4-d6 and takes on e8, Black's home row; Black's knight runs to h3.
  const game = [['b2', 'c4'], ['h7', 'g5'], ['c4', 'd6'], ['g5', 'h3'], ['d6', 'e8']];
  for (const [ply, [from, to]] of game.entries()) {
    if (ply === 1) {
      await drag(page, from, to);
    } else {
      await page.click(`#board [data-cell="${cell(from)}"]`);
      await page.locator(`#board [data-cell="${cell(to)}"] .hint`).waitFor({ timeout: 30000 });
      await page.click(`#board [data-cell="${cell(to)}"]`);
    }
    await movesPlayed(page, ply + 1);
  }
  await page.waitForFunction(() => /^Game over: White \(W, moves up\) wins/.test(document.querySelector('#turn-line').textContent), null, { timeout: 30000 });
  const record = await page.locator('#game-record').inputValue();
  assert.match(record, /^game: knightthrough\nstart: BBBBBBBB\/BBBBBBBB\/-+\/-+\/-+\/-+\/WWWWWWWW\/WWWWWWWW W\nmoves: b2-c4 h7-g5 c4-d6 g5-h3 d6-e8\nresult: Game over: White/);
  // A click-click on a piece with no target does nothing; the finished game offers no move.
  assert.equal(await page.locator('#board .hint').count(), 0);
  const final = await page.locator('#position-text').inputValue();
  // The Share link button writes the link into the address.
  await page.click('#share');
  const link = await page.evaluate(() => window.location.hash);
  const again = await ready(link, errors);
  assert.equal(await again.locator('#position-text').inputValue(), final);
  assert.deepEqual(errors, []);
});
