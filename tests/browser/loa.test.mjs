// Lines of Action in the page: a whole game of LOA 7×7 played by clicks (click a disc, then
// its target) to Black's connection win, and an arena match of PN-MCTS against MCTS on 7×7
// in the Arena view whose W/D/L equals `pnplay match` with the same settings.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { pageFixture, pnplayBinary } from './harness.mjs';

const { ready } = pageFixture();
const DONE = { timeout: 120000 };

// A game the CLI checked: after these 13 moves Black's ten discs form one group
// (`pnplay perft loa:7x7 1 --pos "<moves>"` prints 0 moves; the 12 first leave 36).
const GAME = 'b7-d5 a6-a1 d7-d4 g6-g1 f7-c4 a2-a7 e7-e5 a7-a2 c7-f4 a2-a7 d5-d2 a7-b7 e5-e3'.split(' ');
const FINAL = '-W-----/-------/W-----W/W-BB-BW/W---B-W/---B--W/WBBBBBW W 13';

/** The page's cell index of a 7×7 cell name (`b7` is row 0, column 1). */
const cell = (name) => (7 - Number(name[1])) * 7 + (name.charCodeAt(0) - 97);

test('a game of LOA 7×7 played by clicks ends in Black’s connection win', { timeout: 180000 }, async () => {
  const errors = [];
  const page = await ready('#v=1&g=loa:7x7', errors);
  assert.equal(await page.locator('#board [data-cell]').count(), 49);
  for (const [ply, move] of GAME.entries()) {
    const [from, to] = move.split('-');
    await page.click(`#board [data-cell="${cell(from)}"]`);
    await page.waitForSelector(`#board [data-cell="${cell(to)}"] .hint`, { timeout: 30000 });
    await page.click(`#board [data-cell="${cell(to)}"]`);
    await page.waitForFunction(
      (n) => document.querySelector('#position-text').value.endsWith(` ${n}`),
      ply + 1,
      { timeout: 30000 },
    );
  }
  assert.equal(await page.locator('#position-text').inputValue(), FINAL);
  await page.waitForFunction(() => /Black \(B\) wins/.test(document.querySelector('#turn-line').textContent), null, { timeout: 30000 });
  assert.deepEqual(errors, []);
});

test('an arena match of PN-MCTS against MCTS on LOA 7×7 gives the CLI’s W/D/L', DONE, async () => {
  const match = { game: 'loa:7x7', a: 'pnmcts:iterations=40', b: 'mcts:iterations=40', games: 4, seed: 1 };
  const binary = pnplayBinary();
  const expected = JSON.parse(execFileSync(binary, ['match', '--game', match.game, '--a', match.a, '--b', match.b,
    '--games', String(match.games), '--seed', String(match.seed), '--json', '--quiet'], { encoding: 'utf8' }));
  const errors = [];
  const page = await ready(`#v=1&view=arena&ag=${match.game}&aa=${match.a}&ab=${match.b}&an=${match.games}&as=${match.seed}`, errors);
  assert.match(await page.locator('#arena-cli').textContent(), /^pnplay match --game loa:7x7 --a pnmcts:iterations=40 --b mcts:iterations=40 --games 4/);
  await page.click('#arena-run');
  await page.waitForSelector('#arena-panel[data-state="done"]', DONE);
  const counts = await page.locator('#arena-summary').evaluate((box) => ({
    wins: Number(box.dataset.wins), draws: Number(box.dataset.draws), losses: Number(box.dataset.losses),
  }));
  assert.deepEqual(counts, { wins: expected.wins, draws: expected.draws, losses: expected.losses });
  assert.equal(counts.wins + counts.draws + counts.losses, match.games);
  assert.deepEqual(errors, []);
});
