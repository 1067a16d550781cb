// The balanced vs unbalanced trees lesson (www/views/lessons.js, id `balanced-trees`): its two
// trees are the generator's (`pnplay random-tree`, seed 1), and the numbers its text quotes
// — PNS against PPNS, iterations and nodes created — are the engine's as the page shows them.
// The totals over 20 seeds are checked in Rust (tests/searches/random_trees.rs).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cards, lessonLink, pageFixture, pnplayBinary } from './harness.mjs';
import { LESSONS } from '../../www/views/lessons.js';

const fixture = pageFixture();
const lesson = LESSONS.find((l) => l.id === 'balanced-trees');

/** The tree `pnplay random-tree` prints for `shape` (branching 2, depth 8, seed 1). */
function generated(shape) {
  const bin = pnplayBinary();
  return execFileSync(bin, ['random-tree', '--shape', shape, '--branching', '2', '--depth', '8', '--seed', '1'], { encoding: 'utf8' }).trim();
}

/** The nodes created, from a result card's "nodes" row, per search. */
function created(page) {
  return page.$$eval('.result', (results) =>
    results.map((card) => {
      const dt = [...card.querySelectorAll('dt')].find((d) => d.textContent === 'nodes');
      return Number(/^([\d,]+) created/.exec(dt.nextElementSibling.textContent)[1].replace(/,/g, ''));
    }),
  );
}

test('the balanced/unbalanced lesson: the generator’s trees, PNS and PPNS with the numbers its text quotes', async () => {
  const [balanced, unbalanced] = [generated('balanced'), generated('unbalanced')];
  const trees = lesson.steps.map((step) => new URLSearchParams(step.link).get('p'));
  assert.deepEqual(trees, [balanced, balanced, unbalanced, unbalanced]);
  const errors = [];
  const seen = [];
  for (const at of [2, 4]) {
    const page = await fixture.ready(lessonLink(lesson, at), errors);
    assert.equal(await page.locator('#message').isHidden(), true, await page.textContent('#message'));
    seen.push({ cards: await cards(page), nodes: await created(page) });
    await page.close();
  }
  const [b, u] = seen;
  assert.deepEqual(b.cards.map((c) => [c.algo, c.verdict, c.iterations]), [['pns', 'disproved', 118], ['ppns', 'disproved', 50]]);
  assert.deepEqual(b.nodes, [237, 101]);
  assert.deepEqual(u.cards.map((c) => [c.algo, c.verdict, c.iterations, c.best]), [['pns', 'proved', 23, 'b'], ['ppns', 'proved', 10, 'b']]);
  assert.deepEqual(u.nodes, [48, 23]);
  // The texts quote these numbers.
  assert.match(lesson.steps[1].text, /PNS needed 118 iterations and created 237 nodes; PPNS 50 iterations and 101 nodes/);
  assert.match(lesson.steps[3].text, /PNS needed 23 iterations and 48 nodes, PPNS 10 iterations and 23 nodes/);
  assert.deepEqual(errors, []);
});
