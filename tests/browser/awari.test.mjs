// Awari in the page: a whole game from the start played by clicking pits, to its end (every pit
// holds 0 or 1 seeds) and North's win; legal pits are ringed, pits named as the notation names
// them; the game record lists the moves and the page's own link reopens the final position.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageFixture } from './harness.mjs';

const { ready } = pageFixture();

/**
 * A game of 34 moves, the shortest of 3,000 random games (`pnplay match --game awari --a random
 * --b random --games 3000 --seed 5 --out …`): it ends 0 0 1 0 0 0 / 0 0 1 1 1 1 with North
 * ahead 32 to 11.
 */
const GAME = 'C f E c D d A e C a B b B e A a B f E d D a E e B c F e B a C f F b'.split(' ');

/** The cell of a pit: South's A–F left to right on the bottom row, North's a–f right to left on top. */
const cell = (pit) => (pit === pit.toUpperCase() ? 9 + pit.charCodeAt(0) - 65 : 6 - (pit.charCodeAt(0) - 97));

test('a game of Awari played by clicks ends with North’s win', { timeout: 240000 }, async () => {
  const errors = [];
  const page = await ready('#v=1&g=awari', errors);
  // The pit names around the board and the six legal pits of South ringed.
  const names = await page.locator('#board .pit-name').allTextContents();
  assert.deepEqual(names.sort(), [...'ABCDEF', ...'abcdef'].sort());
  assert.equal(await page.locator('#board .pit-legal').count(), 6);
  for (const [ply, pit] of GAME.entries()) {
    await page.locator(`#board [data-cell="${cell(pit)}"] .pit-legal`).waitFor({ timeout: 30000 });
    await page.click(`#board [data-cell="${cell(pit)}"]`);
    await page.waitForFunction((n) => document.querySelector('#game-record').value.includes(`moves: ${n}`), GAME.slice(0, ply + 1).join(' '), { timeout: 30000 });
  }
  assert.equal(await page.locator('#position-text').inputValue(), '0 0 1 0 0 0 / 0 0 1 1 1 1 / 11 32 / S 34');
  await page.waitForFunction(() => /^Game over: North \(second\) wins/.test(document.querySelector('#turn-line').textContent), null, { timeout: 30000 });
  assert.match(await page.locator('#game-record').inputValue(), /\nresult: Game over: North \(second\) wins/);
  assert.equal(await page.locator('#board .pit-legal').count(), 0);
  // The captures at the row ends: North's 32, South's 11.
  const stores = await page.locator('#board [data-cell="0"] .pit-count, #board [data-cell="15"] .pit-count').allTextContents();
  assert.deepEqual(stores, ['32', '11']);
  // The Share link button writes the link into the address.
  await page.click('#share');
  const link = await page.evaluate(() => window.location.hash);
  const again = await ready(link, errors);
  assert.equal(await again.locator('#position-text').inputValue(), '0 0 1 0 0 0 / 0 0 1 1 1 1 / 11 32 / S 34');
  assert.deepEqual(errors, []);
});
