// The graph-history-interaction lesson (www/views/lessons.js, id `ghi`): each step opens as its link
// and the numbers its text quotes are the engine's: PNS proves the slides' graph in 10
// iterations with c, df-pn with the naive table disproves it after 16 positions (the wrong
// answer), df-pn with its exact key proves it after 25 with c. tests/searches/ghi.rs checks the same
// answers against brute force; this checks that the page shows them.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cards, lessonLink, pageFixture } from './harness.mjs';
import { LESSONS } from '../../www/views/lessons.js';

const fixture = pageFixture();
const lesson = LESSONS.find((l) => l.id === 'ghi');

test('the GHI lesson: PNS and df-pn with the exact key prove the root with c, the naive table disproves it', async () => {
  const errors = [];
  const seen = await fixture.lessonSteps(lesson, errors, async (page, at) => {
    assert.equal(await page.textContent('.lesson-text'), lesson.steps[at - 1].text);
    return (await cards(page)).map((c) => [c.algo, c.verdict, c.iterations, c.best]);
  });
  assert.deepEqual(seen[1], [['pns', 'proved', 10, 'c']]);
  assert.deepEqual(seen[2][0].slice(0, 3), ['dfpn', 'disproved', 16]);
  assert.deepEqual(seen[3], [['dfpn', 'proved', 25, 'c']]);
  // The texts quote these numbers.
  assert.match(lesson.steps[1].text, /after 10 iterations, proving move c/);
  assert.match(lesson.steps[2].text, /disproved after 16 positions/);
  assert.match(lesson.steps[3].text, /after 25 positions, proving move c/);
  assert.deepEqual(errors, []);
});

test('the graph draws its references and the parameter ghi reads back from the page', async () => {
  const page = await fixture.ready(lessonLink(lesson, 3));
  // The reference nodes are drawn with their targets: f's move j:^j and j's move d:^d.
  const labels = await page.evaluate(() => document.querySelector('#board')?.textContent ?? '');
  assert.match(labels, /j:\^j/);
  assert.match(labels, /d:\^d/);
  assert.match(page.url(), /ghi=naive/);
  await page.close();
});
