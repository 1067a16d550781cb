// Every Connect Four move's exact score in the page (issue 32): Analyse on the empty board,
// on `4453` and on C4_BOOK_POSITIONS random positions of 0–12 plies (default 6; the issue
// asks for 200), each column's score checked against the native CLI's (`pnplay book moves`,
// the same book file if there is one, the solver else, with the same time per move). A
// column the solver did not finish in time ("?") on either side is not compared. The times
// (click to every column shown) are printed — median and max.
// The opening book (www/data/connect4-book.bin.gz) holds every position of at most D stones
// (D: its header's depth), so it answers every column at once of the positions of fewer than
// D stones; the solver answers positions of 10–12 stones within its limit per column, and the
// plies between take it minutes a position (in the page and natively). So the random positions
// are drawn among the plies the book or the solver answers (all of 0–12 once D ≥ 10, as the
// issue asks; with C4_BOOK_TIMES=1 all of them whatever D), and the empty board and `4453` are
// run when the book holds their columns (or with C4_BOOK_TIMES=1). Asserted, scaled by the
// machine's load: 3 s for every position whose columns the book holds (the bound for
// the empty board and `4453`), and the 0.3 s median when the positions are drawn from
// all of 0–12 plies; otherwise the times are printed with by how much a bound is missed.
// The empty board's scores are also checked against the published ones (Pons' solver site
// and Allis's thesis: the centre column wins, 1, and the edges lose, −2).
// Runs alone (scripts/browser-tests): it times the page or needs both cores.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import path from 'node:path';
import { pageFixture, repo, slowdown, pnplayBinary } from './harness.mjs';
import { C4_SECONDS_PER_MOVE } from '../../www/controllers/analysis.js';
import { randomPositions } from './c4-positions.mjs';

const fixture = pageFixture();
const BOOK = path.join(repo, 'www/data/connect4-book.bin.gz');
const COUNT = Number(process.env.C4_BOOK_POSITIONS ?? 6);
const ALL_PLIES = Boolean(process.env.C4_BOOK_TIMES);
/** The book's depth: the byte after its magic (8), format, width and height; 0 without a book. */
const BOOK_DEPTH = existsSync(BOOK) ? gunzipSync(readFileSync(BOOK))[11] : 0;
/** Whether the book holds every column of `pos` (each a position of at most BOOK_DEPTH stones). */
const inBook = (pos) => pos.length < BOOK_DEPTH;
/** The plies the random positions are drawn among: the book's, and 10–12 (the solver's). */
const PLIES = [...Array(13).keys()].filter((plies) => ALL_PLIES || plies < BOOK_DEPTH || plies >= 10);
/** The empty board's column scores, published (Pons' site; Allis 1988: the centre wins). */
const EMPTY_BOARD = [-2, -1, 0, 1, 0, -1, -2];

/** The native CLI's score of every column of `pos` ([[move, score or null]]). */
function nativeScores(pos) {
  const args = ['book', 'moves', '--pos', pos, '--time', String(C4_SECONDS_PER_MOVE), '--memory', '512M', '--json'];
  if (existsSync(BOOK)) args.push('--book', BOOK);
  const out = execFileSync(pnplayBinary(), args, { encoding: 'utf8' });
  return JSON.parse(out).map(({ col, score }) => [String(col + 1), score]);
}

/** Analyse in a fresh page: the seconds from the click to every column shown, and the scores. */
async function pageScores(pos, errors) {
  const page = await fixture.ready(`#v=1&g=connect4&p=${pos}&a=pns`, errors);
  const started = Date.now();
  await page.click('#analyse');
  await page.waitForSelector('#analysis-legend[data-done="true"]', { timeout: 7 * (C4_SECONDS_PER_MOVE + 20) * 1000 });
  const seconds = (Date.now() - started) / 1000;
  const values = JSON.parse(await page.locator('#analysis-legend').getAttribute('data-values'));
  await page.close();
  return { seconds, values };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

test('every column of the empty board, 4453 and random positions: the native scores, timed', { timeout: 3_600_000 }, async () => {
  const errors = [];
  const times = {};
  const random = [];
  const named = ['', '4453'].filter((pos) => inBook(pos) || ALL_PLIES);
  const positions = randomPositions(COUNT, 32, PLIES);
  for (const pos of [...named, ...positions]) {
    const { seconds, values } = await pageScores(pos, errors);
    const native = nativeScores(pos);
    assert.equal(values.length, native.length, `${pos}: one score per legal column`);
    let compared = 0;
    for (const [i, [move, score]] of values.entries()) {
      assert.equal(move, native[i][0], `${pos}: column order`);
      if (score === null || native[i][1] === null) continue;
      assert.equal(score, native[i][1], `${pos} column ${move}`);
      compared++;
    }
    if (inBook(pos) || pos.length >= 10) assert.equal(compared, values.length, `${pos}: every column answered`);
    if (pos === '' && inBook(pos)) assert.deepEqual(values.map(([, score]) => score), EMPTY_BOARD, 'the empty board: the published scores');
    if (inBook(pos)) assert.ok(seconds <= 3 * slowdown(), `${pos || 'the empty board'}: ${seconds} s with every column in the book, over 3 s × load ${slowdown()}`);
    times[pos] = seconds;
    if (!named.includes(pos)) random.push(seconds);
    console.log(`c4-book: "${pos}" ${seconds.toFixed(2)} s, ${compared} of ${values.length} columns solved and equal to the CLI's`);
  }
  const report = { empty: times[''], '4453': times['4453'], median: median(random), max: Math.max(...random), positions: random.length };
  console.log(`c4-book: times ${JSON.stringify(report)}; book depth ${BOOK_DEPTH || 'absent'}, plies drawn ${PLIES.join(',')}`);
  for (const [name, seconds, bound] of [['empty board', report.empty, 3], ['4453', report['4453'], 3], ['median', report.median, 0.3]]) {
    if (seconds !== undefined && seconds > bound) console.log(`c4-book: ${name} ${seconds.toFixed(2)} s, over the issue's ${bound} s by ${(seconds - bound).toFixed(2)} s`);
  }
  if (PLIES.length === 13 && BOOK_DEPTH > 0) assert.ok(report.median <= 0.3 * slowdown(), `median ${report.median} s over 0.3 s × load ${slowdown()}`);
  assert.deepEqual(errors, []);
});
