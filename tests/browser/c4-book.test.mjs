// Every Connect Four move's exact score in the page (issue 32): Analyse on the empty board,
// on `4453` and on C4_BOOK_POSITIONS random positions of 0–12 plies (default 6; the issue
// asks for 200), each column's score checked against the native CLI's (`pnplay book moves`,
// the same book file if there is one, the solver else, with the same time per move). A
// column the solver did not finish in time ("?") on either side is not compared. The times
// (click to every column shown) are printed — median and max. The bounds (3 s for
// the empty board and `4453`, a 0.3 s median, scaled by the machine's load) are asserted
// when the page has its opening book (www/data/connect4-book.bin.gz); without one the solver
// alone cannot meet them, and the test prints by how much they are missed.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pageFixture, repo, slowdown } from './harness.mjs';
import { C4_SECONDS_PER_MOVE } from '../../www/controllers/analysis.js';

const fixture = pageFixture();
const BOOK = path.join(repo, 'www/data/connect4-book.bin.gz');
const COUNT = Number(process.env.C4_BOOK_POSITIONS ?? 6);

/** `count` random positions of 0–12 plies, seeded (a game that ends is redrawn). */
function randomPositions(count, seed) {
  let state = seed >>> 0;
  const next = (n) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
  const positions = [];
  while (positions.length < count) {
    const plies = next(13);
    const heights = Array(7).fill(0);
    let text = '';
    for (let i = 0; i < plies; i++) {
      const open = [...Array(7).keys()].filter((c) => heights[c] < 6);
      const col = open[next(open.length)];
      heights[col]++;
      text += String(col + 1);
    }
    positions.push(text);
  }
  return positions;
}

/** The native CLI's score of every column of `pos` ([[move, score or null]]). */
function nativeScores(pos) {
  const args = ['book', 'moves', '--pos', pos, '--time', String(C4_SECONDS_PER_MOVE), '--memory', '512M', '--json'];
  if (existsSync(BOOK)) args.push('--book', BOOK);
  const out = execFileSync(path.join(repo, 'target/release/pnplay'), args, { encoding: 'utf8' });
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
  const positions = randomPositions(COUNT, 32);
  for (const [index, pos] of ['', '4453', ...positions].entries()) {
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
    times[pos] = seconds;
    if (index >= 2) random.push(seconds);
    console.log(`c4-book: "${pos}" ${seconds.toFixed(2)} s, ${compared} of ${values.length} columns solved and equal to the CLI's`);
  }
  const report = { empty: times[''], '4453': times['4453'], median: median(random), max: Math.max(...random), positions: random.length };
  console.log(`c4-book: times ${JSON.stringify(report)}; book ${existsSync(BOOK) ? 'present' : 'absent'}`);
  for (const [name, seconds, bound] of [['empty board', report.empty, 3], ['4453', report['4453'], 3], ['median', report.median, 0.3]]) {
    if (existsSync(BOOK)) assert.ok(seconds <= bound * slowdown(), `${name}: ${seconds} s, over ${bound} s × load ${slowdown()}`);
    else if (seconds > bound) console.log(`c4-book: ${name} ${seconds.toFixed(2)} s, over the issue's ${bound} s by ${(seconds - bound).toFixed(2)} s`);
  }
  assert.deepEqual(errors, []);
});
