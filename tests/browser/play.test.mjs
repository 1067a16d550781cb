// Play mode and the Hint button (issue 11): a whole game of Connect Four against PN-MCTS
// played by clicking the board, whose agent moves equal `pnplay match`'s for the same agent,
// seed and the other side's moves, with the agent's search shown in the tree view while it
// thinks and the result shown at the end; and the hint's value on every legal move.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cliMatchGame, movesPlayed, newPlayGame, pageFixture, yourMove } from './harness.mjs';

const fixture = pageFixture();
const AGENT = 'pnmcts:iterations=300';
const SEED = 7;

/** The moves the page's game has (its share link's `pm`, which follows the page). */
async function playedMoves(page) {
  return page.evaluate(() => {
    const pm = new URLSearchParams(window.location.hash.slice(1)).get('pm');
    return pm ? pm.split(',') : [];
  });
}

test('a whole game of Connect Four against PN-MCTS: the agent plays as pnplay match does', { timeout: 240000 }, async () => {
  const record = cliMatchGame('connect4', AGENT, SEED);
  assert.equal(record.a_plays, 'second');
  const errors = [];
  const page = await fixture.ready('#v=1&g=connect4', errors);
  await newPlayGame(page, { search: 'pnmcts', iterations: '300', seed: SEED });
  assert.match(await page.textContent('#play-agent'), /pnmcts:iterations=300 · seed 7/);

  let sawTree = false;
  for (const [ply, move] of record.moves.entries()) {
    if (move.by === 'b') {
      await yourMove(page, { timeout: 60000 });
      await page.click(`#board [data-cell][aria-label$=", play ${move.move}"] >> nth=0`);
    }
    // Every ply (the test's and the agent's) shows up in the game's moves.
    await movesPlayed(page, ply + 1);
    if (move.by === 'a') {
      // The agent's search was shown in the tree view: PN-MCTS's tree with its root.
      sawTree ||= (await page.locator('#trees svg .tree-node, #trees svg g.node').count()) > 0;
    }
  }
  const moves = await playedMoves(page);
  assert.deepEqual(moves, record.moves.map((m) => m.move), 'the page played the CLI arena game, ply by ply');
  assert.ok(sawTree, 'the tree view showed the agent\'s search');
  const results = await page.textContent('#results');
  assert.match(results, /PN-MCTS|pnmcts/i);

  // The result is shown: the user is the match's B, so A's loss is the user's win.
  const kind = { loss: 'win', win: 'loss', draw: 'draw' }[record.a_result];
  await page.waitForSelector(`#play-status[data-kind="${kind}"]`);
  assert.match(await page.textContent('#play-status'), { win: /You won/, loss: /agent won/, draw: /draw/ }[kind]);

  // After the end, a click is refused politely and takes nothing back.
  await page.click('#board [data-cell] >> nth=0');
  assert.match(await page.textContent('#message'), /game is over/);
  assert.deepEqual(await playedMoves(page), moves);

  // Taking back returns to the user's last turn; the link holds agent, side, seed and moves.
  await page.click('#play-take-back');
  await yourMove(page);
  // (The address bar follows the page a few times a second.)
  await page.waitForFunction((total) => new URLSearchParams(window.location.hash.slice(1)).get('pm').split(',').length < total, moves.length);
  const back = await playedMoves(page);
  assert.ok(back.length < moves.length && back.length % 2 === 0, `${back.length} moves after taking back`);
  assert.deepEqual(back, moves.slice(0, back.length));
  const hash = await page.evaluate(() => window.location.hash);
  assert.match(hash, /play=pnmcts:iterations%3D300/);
  assert.match(hash, /ps=7/);
  assert.deepEqual(errors, []);
});

test('a share link restores the game; an illegal click is refused; swapping sides lets the agent move', { timeout: 120000 }, async () => {
  const errors = [];
  const page = await fixture.ready('#v=1&g=tictactoe&play=alphabeta:iterations%3D100000&ps=3&pm=5,1', errors);
  assert.equal(await page.isChecked('#play-mode'), true);
  await yourMove(page);
  // Cell 5 is taken: a polite refusal, nothing played.
  await page.click('#board [data-cell="4"]');
  assert.match(await page.textContent('#message'), /not a legal move/);
  assert.deepEqual(await playedMoves(page), ['5', '1']);
  // Swapping: the agent (alpha-beta) now plays X, to move, and answers.
  await page.click('#play-swap');
  await page.waitForFunction(() => new URLSearchParams(window.location.hash.slice(1)).get('pm')?.split(',').length === 3, null, { timeout: 60000 });
  assert.equal(await page.inputValue('#play-colour'), 'second');
  assert.deepEqual(errors, []);
});

test('the agent thinks visibly: its tree grows in the tree view before it moves', { timeout: 120000 }, async () => {
  const errors = [];
  // The agent plays first with a long time budget: it is still thinking when the tree is read.
  const page = await fixture.ready('#v=1&g=connect4&play=pnmcts:seconds%3D60&you=second', errors);
  await page.waitForSelector('#play-status[data-kind="thinking"]');
  await page.waitForFunction(() => document.querySelectorAll('#trees svg g.node').length > 7, null, { timeout: 60000 });
  assert.equal(await page.getAttribute('#play-status', 'data-kind'), 'thinking');
  assert.deepEqual(await playedMoves(page), []);
  // Nothing to take back yet; leaving play mode stops the agent.
  assert.equal(await page.isDisabled('#play-take-back'), true);
  assert.equal(await page.getAttribute('#play-status', 'data-kind'), 'thinking');
  await page.uncheck('#play-mode');
  await page.waitForFunction(() => document.querySelector('#play-panel').hidden);
  assert.deepEqual(errors, []);
});

test('the hint shows a value on every legal move, and the winning move says win', { timeout: 120000 }, async () => {
  const errors = [];
  // Tic-tac-toe: X has 1 and 2, O has 4 and 5, X to move: 3 wins, 6 loses to O's 6… every
  // move is proven here.
  const page = await fixture.ready('#v=1&g=tictactoe&p=1425', errors);
  await page.click('#hint');
  await page.waitForSelector('#board .value-label');
  const labels = await page.$$eval('#board [data-cell]', (cells) =>
    cells.map((cell) => ({ cell: Number(cell.dataset.cell), label: cell.querySelector('.value-text')?.textContent ?? null, legal: /play /.test(cell.getAttribute('aria-label')) })));
  const legal = labels.filter((l) => l.legal);
  assert.equal(legal.length, 5);
  assert.ok(legal.every((l) => l.label !== null), JSON.stringify(labels));
  assert.ok(labels.filter((l) => !l.legal).every((l) => l.label === null));
  assert.equal(labels.find((l) => l.cell === 2).label, 'W'); // cell 3
  assert.match(await page.textContent('#hint-legend'), /5 of 5 proven/);

  // Connect Four's start: 7 columns, too deep to prove in the budget: 7 estimates, marked ≈.
  await page.selectOption('#game-select', 'connect4');
  await page.waitForFunction(() => document.querySelector('#turn-line').textContent.includes('7 legal moves'));
  await page.click('#hint');
  await page.waitForFunction(() => document.querySelectorAll('#board .value-label').length === 7, null, { timeout: 60000 });
  const texts = await page.$$eval('#board .value-text', (nodes) => nodes.map((n) => n.textContent));
  assert.ok(texts.every((t) => /^≈\d+%$/.test(t)), texts.join(' '));
  assert.match(await page.textContent('#hint-legend'), /0 of 7 proven, 7 estimated/);
  assert.match(await page.textContent('#hint-legend'), /estimate, not a proof/);
  assert.deepEqual(errors, []);
});
