// The PN-MCTS vs UCT lesson (www/views/lessons.js, id `pnmcts-rank`): the ranks, the bonuses
// and the UCT-PN values its text quotes are the inspector's (the engine's formula (2) with
// its numbers, src/search/mcts/explain.rs), and the verdicts and iteration counts are the
// result cards'.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cards, lessonLink, pageFixture } from './harness.mjs';
import { LESSONS } from '../../www/views/lessons.js';

const fixture = pageFixture();
const lesson = LESSONS.find((l) => l.id === 'pnmcts-rank');

/** Opens step `at`, inspects the root of the PN-MCTS tree; its "next selection" line and the children rows. */
async function rootSelection(at) {
  const errors = [];
  const page = await fixture.ready(lessonLink(lesson, at), errors);
  await page.dispatchEvent('.tree-view[data-algo="pnmcts"] .tree-svg .node[data-id="0"] .shape', 'click');
  await page.waitForSelector('#inspector:not([hidden])');
  const text = await page.innerText('#inspector');
  const next = text.split('\n').find((line) => line.startsWith('OR node, n_p'));
  const result = { next, cards: await cards(page), errors };
  await page.close();
  return result;
}

test('the PN-MCTS vs UCT lesson: ranks, bonuses and selections with the engine’s numbers', async () => {
  const figure = await rootSelection(1);
  assert.match(figure.next, /→ d \(c: -1 \+ 1\.414·sqrt\(ln 5 \/ 1\) \+ 1·\(1 − 1\/2\) = 1\.294; d: 1 \+ 1\.414·sqrt\(ln 5 \/ 2\) \+ 1·\(1 − 1\/2\) = 2\.769\)/);
  assert.match(lesson.steps[0].text, /d = 1 \+ 1\.414·√\(ln 5 \/ 2\) \+ 0\.5 = 2\.769 against c’s 1\.294/);

  const page = await fixture.ready(lessonLink(lesson, 2));
  assert.deepEqual((await cards(page)).map((c) => [c.algo, c.verdict, c.iterations, c.best]), [['mcts', 'proved', 7, 'd'], ['pnmcts', 'proved', 6, 'd']]);
  await page.close();
  assert.match(lesson.steps[1].text, /after 6 iterations, UCT \(with the MCTS-Solver\) after 7, both with d/);

  const real = await rootSelection(3);
  // 3 has the best UCT value (mean + exploration), 4 the best UCT-PN thanks to its bonus.
  const scores = Object.fromEntries([...real.next.matchAll(/(\d): (-?[\d.]+) \+ 1\.414·sqrt\(ln 20 \/ (\d+)\) \+ 1·\(1 − (\d)\/(\d)\) = ([\d.]+)/g)].map((m) => [m[1], { mean: Number(m[2]), n: Number(m[3]), rank: Number(m[4]), max: Number(m[5]), total: Number(m[6]) }]));
  assert.deepEqual(Object.keys(scores), ['3', '4', '5', '6', '7', '8', '9']);
  assert.match(real.next, /→ 4 \(/);
  // The UCT value: the engine's UCT-PN total less the bonus 1·(1 − rank / max rank).
  const uct = (s) => s.total - (1 - s.rank / s.max);
  const bestUct = Object.entries(scores).sort((a, b) => uct(b[1]) - uct(a[1]))[0];
  assert.equal(bestUct[0], '3');
  assert.equal(uct(scores['3']).toFixed(3), '1.747');
  assert.ok(uct(scores['4']) < uct(scores['3']) && scores['4'].total > scores['3'].total);
  assert.deepEqual([scores['4'].mean, scores['4'].rank, scores['4'].max, scores['4'].total], [-1, 1, 2, 1.948]);
  for (const move of ['3', '5', '6', '7']) assert.equal(scores[move].rank, 2, move);
  assert.match(lesson.steps[2].text, /3’s 0\.3333 \+ 1\.414·√\(ln 20 \/ 3\) = 1\.747/);
  assert.match(lesson.steps[2].text, /4 scores −1 \+ 1\.414·√\(ln 20 \/ 1\) \+ 1·\(1 − 1\/2\) = 1\.948/);
  assert.equal(scores['3'].mean, 0.3333);

  const end = await fixture.ready(lessonLink(lesson, 4));
  assert.deepEqual((await cards(end)).map((c) => [c.algo, c.verdict, c.iterations, c.best]), [['mcts', 'proved', 243, '7'], ['pnmcts', 'proved', 71, '7']]);
  await end.close();
  assert.match(lesson.steps[3].text, /after 243 iterations, PN-MCTS after 71/);
  assert.deepEqual([...figure.errors, ...real.errors], []);
});
