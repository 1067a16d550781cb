// The Othello heuristics on the page (issue 13): a whole game against the corners agent in
// Play mode, whose moves equal `pnplay match`'s; the evaluation panel's values for a pasted
// position, checked against values worked out by hand from the paper's definitions; the
// stability / potential-mobility overlay on the same position; and the depth-limited agents
// in the arena's composer (`w.*` keys included).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cliMatchGame, movesPlayed, newPlayGame, pageFixture, yourMove } from './harness.mjs';

const fixture = pageFixture();
const AGENT = 'ab:depth=2,eval=corners';
const SEED = 7;

/**
 * Black (X, to move) holds the whole first row a1–h1, white (O) one disc on d2. By hand,
 * from the paper's definitions (max = the side to move):
 * - coins: 8 against 1 → 100·7/9;
 * - actual mobility: X can play c3, d3, e3 (flanking d2 towards c1, d1, e1); O has no move
 *   (every line from an empty square through a black disc runs off the board) → 3/0, 100;
 * - potential mobility: empty squares next to white's d2: c2 e2 c3 d3 e3 = 5; next to a
 *   black disc: a2–h2 but d2 = 7 → 100·(5 − 7)/12; mobility is the mean of the two, and its
 *   raw values the sums (8 and 7);
 * - corners: X has a1 and h1 (1 each) and a8, h8 unlikely (−½ each: empty, not legal, no
 *   white disc next to them) = 1; O has both unlikely = −1 → 100·2/2 = 100;
 * - stability: the full first row is stable (8); d2 is unstable (X flips it now), so O has
 *   −1 → 100·9/9 = 100;
 * - static weights (Figure 3): row 1 is 4 −3 2 2 2 2 −3 4 = 10, d2 is −1 → 100·11/11 = 100.
 */
const ROW = `${'X'.repeat(8)}---O----${'-'.repeat(48)} X`;
const EXPECTED = {
  coins: [8, 1, 700 / 9],
  mobility: [8, 7, (100 - 200 / 12) / 2],
  actual_mobility: [3, 0, 100],
  potential_mobility: [5, 7, -200 / 12],
  corners: [1, -1, 100],
  stability: [8, -1, 100],
  squares: [10, -1, 100],
};
/** The paper's "everything": coins 25, mobility 5, corners 30, stability 25 (static 0). */
const ALL = 25 * EXPECTED.coins[2] + 5 * EXPECTED.mobility[2] + 30 * 100 + 25 * 100;

/** The cell index of an algebraic name (a1 is the top left, row by row). */
const cellIndex = (name) => (Number(name.slice(1)) - 1) * 8 + (name.charCodeAt(0) - 97);

async function loadPosition(page, text) {
  await page.fill('#position-text', text);
  await page.click('#position-form button[type="submit"]');
  await page.waitForFunction((pos) => document.querySelector('#position-text').value === pos, text);
}

/** The panel's numbers: {term: [max, min, value]} and the weighted sum. */
async function panelValues(page) {
  return page.evaluate(() => {
    const rows = {};
    for (const row of document.querySelectorAll('#eval-panel tr[data-term]')) {
      rows[row.dataset.term] = [...row.querySelectorAll('td[data-value]')].map((td) => Number(td.dataset.value));
    }
    return { rows, total: Number(document.querySelector('#eval-panel .eval-total').dataset.value) };
  });
}

const close = (actual, expected, what) => assert.ok(Math.abs(actual - expected) < 1e-9, `${what}: ${actual} ≠ ${expected}`);

/** The cells carrying overlay marks of `kind`. */
const marked = (page, kind) =>
  page.$$eval(`#board [data-cell]:has([data-overlay="${kind}"])`, (cells) => cells.map((c) => Number(c.dataset.cell)).sort((a, b) => a - b));

test('the evaluation panel shows the five heuristics of a pasted position, and its weights', { timeout: 120000 }, async () => {
  const errors = [];
  const page = await fixture.ready('#v=1&g=othello', errors);
  assert.equal(await page.locator('#eval-panel').isVisible(), true, 'shown for 8×8 Othello');
  await loadPosition(page, ROW);
  await page.waitForFunction(() => document.querySelector('#eval-panel tr[data-term="coins"] td[data-value]')?.dataset.value === '8');
  const { rows, total } = await panelValues(page);
  for (const [term, [max, min, value]] of Object.entries(EXPECTED)) {
    close(rows[term][0], max, `${term} max`);
    close(rows[term][1], min, `${term} min`);
    close(rows[term][2], value, `${term} value`);
  }
  close(total, ALL, 'weighted sum (eval=all)');
  assert.match(await page.textContent('#eval-panel tr[data-term="coins"]'), /77\.8/);

  // The weights are editable: corners alone, then mobility 2 beside it.
  await page.selectOption('#eval-eval', 'corners');
  await page.waitForFunction(() => document.querySelector('#eval-panel .eval-total').dataset.value === '100');
  await page.fill('#eval-w-mobility', '2');
  await page.locator('#eval-w-mobility').dispatchEvent('change');
  await page.waitForFunction(() => document.querySelector('#eval-panel .eval-total').dataset.value !== '100');
  close((await panelValues(page)).total, 100 + 2 * EXPECTED.mobility[2], 'corners 1 + mobility 2');
  // A weight out of range is marked with the engine's message; the panel keeps working.
  await page.fill('#eval-w-corners', '5000');
  await page.locator('#eval-w-corners').dispatchEvent('change');
  await page.waitForSelector('#eval-w-corners[aria-invalid="true"]');
  assert.match(await page.textContent('#eval-panel .eval-error'), /w\.corners/);
  await page.fill('#eval-w-corners', '');
  await page.locator('#eval-w-corners').dispatchEvent('change');
  await page.waitForFunction(() => document.querySelector('#eval-panel .eval-error').hidden);

  // Games without an evaluator have no panel.
  await page.selectOption('#game-select', 'connect4');
  await page.waitForFunction(() => document.querySelector('#eval-panel').hidden);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the overlay marks the stable row, the unstable disc and the potential moves', { timeout: 120000 }, async () => {
  const errors = [];
  const page = await fixture.ready('#v=1&g=othello', errors);
  // The overlay is off until asked for: no marks hide the searches' move rings.
  assert.equal(await page.locator('#eval-overlay').isChecked(), false);
  assert.equal(await page.locator('#board [data-overlay]').count(), 0);
  await page.check('#eval-overlay');
  await loadPosition(page, ROW);
  await page.waitForSelector('#board [data-overlay="stable"]');
  const row1 = ['a1', 'b1', 'c1', 'd1', 'e1', 'f1', 'g1', 'h1'].map(cellIndex);
  assert.deepEqual(await marked(page, 'stable'), row1, 'the full corner row is stable');
  assert.deepEqual(await marked(page, 'unstable'), [cellIndex('d2')]);
  assert.deepEqual(await marked(page, 'semi-stable'), []);
  assert.deepEqual(await marked(page, 'potential'), ['c2', 'e2', 'c3', 'd3', 'e3'].map(cellIndex).sort((a, b) => a - b));
  // The start position: marks, but no stable disc; the toggle takes the marks away.
  await page.click('#reset');
  await page.waitForFunction(() => document.querySelectorAll('#board [data-overlay="stable"]').length === 0 && document.querySelectorAll('#board [data-overlay]').length > 0);
  await page.uncheck('#eval-overlay');
  await page.waitForFunction(() => document.querySelectorAll('#board [data-overlay]').length === 0);
  assert.deepEqual(errors, []);
  await page.close();
});

const playedCount = (page) =>
  page.evaluate(() => {
    const pm = new URLSearchParams(window.location.hash.slice(1)).get('pm');
    return pm ? pm.split(',').length : 0;
  });

test('a whole game against the corners agent in Play mode: its moves are pnplay match’s', { timeout: 300000 }, async () => {
  const record = cliMatchGame('othello', AGENT, SEED);
  assert.equal(record.a_plays, 'second');
  const errors = [];
  const page = await fixture.ready('#v=1&g=othello', errors);
  await newPlayGame(page, { search: 'ab', iterations: '', options: 'depth=2,eval=corners', seed: SEED });
  assert.match(await page.textContent('#play-agent'), /ab:depth=2,eval=corners · seed 7/);
  for (const [ply, move] of record.moves.entries()) {
    if (move.by === 'b') {
      await yourMove(page, { timeout: 60000 });
      if (move.move === 'pass') await page.click('#extra-moves button:has-text("pass")');
      else await page.click(`#board [data-cell="${cellIndex(move.move)}"]`);
    }
    await movesPlayed(page, ply + 1);
  }
  assert.equal(await playedCount(page), record.moves.length);
  const pm = await page.evaluate(() => new URLSearchParams(window.location.hash.slice(1)).get('pm').split(','));
  assert.deepEqual(pm, record.moves.map((m) => m.move), 'the page played the CLI’s game, ply by ply');
  const kind = { loss: 'win', win: 'loss', draw: 'draw' }[record.a_result];
  await page.waitForSelector(`#play-status[data-kind="${kind}"]`);
  // The evaluation panel followed the game to its last position.
  const last = await page.inputValue('#position-text');
  await page.waitForFunction(() => document.querySelector('#eval-panel tr[data-term="coins"] td[data-value]') !== null);
  const discs = await page.evaluate(() => document.querySelectorAll('#board .piece').length);
  const { rows } = await panelValues(page);
  assert.equal(rows.coins[0] + rows.coins[1], discs, `the panel counts the discs of ${last}`);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the depth-limited agents in the arena: the composer reads and writes w.* keys', { timeout: 120000 }, async () => {
  const errors = [];
  const page = await fixture.ready('#v=1&view=arena', errors);
  await page.fill('#arena-a-text', 'ab:depth=5,eval=corners');
  await page.waitForSelector('#arena-a-text[data-read="ab:depth=5,eval=corners"]');
  assert.equal(await page.inputValue('#arena-a-search'), 'ab');
  assert.equal(await page.inputValue('#arena-a-budget'), '', 'depth is the budget: no iterations');
  assert.equal(await page.inputValue(`#${await page.evaluate(() => CSS.escape('arena-a-param-depth'))}`), '5');
  const weight = await page.evaluate(() => `#${CSS.escape('arena-a-param-w.corners')}`);
  await page.fill(weight, '3');
  await page.locator(weight).dispatchEvent('change');
  assert.equal(await page.inputValue('#arena-a-text'), 'ab:depth=5,eval=corners,w.corners=3');
  await page.waitForSelector('#arena-a-text[data-read="ab:depth=5,eval=corners,w.corners=3"]');
  await page.fill(weight, '5000');
  await page.locator(weight).dispatchEvent('change');
  await page.waitForSelector(`${weight}[aria-invalid="true"]`);
  assert.match(await page.textContent('#arena-a-error'), /w\.corners/);
  assert.deepEqual(errors, []);
  await page.close();
});
