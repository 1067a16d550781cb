// Every step of every lesson opens as a link without problems, and the numbers its text
// quotes are the engine's: a lesson that told a student something the page does not show
// would be worse than none.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cards, lessonLink, pageFixture } from './harness.mjs';
import { LESSONS } from '../../www/views/lessons.js';

const fixture = pageFixture();

test('every lesson step opens without problems and shows its text', async () => {
  for (const lesson of LESSONS) {
    for (let at = 1; at <= lesson.steps.length; at++) {
      const errors = [];
      const page = await fixture.ready(lessonLink(lesson, at), errors);
      assert.equal(await page.locator('#message').isHidden(), true, `${lesson.id} ${at}: ${await page.textContent('#message')}`);
      assert.equal(await page.textContent('#lesson-heading'), lesson.title);
      assert.equal(await page.textContent('.lesson-text'), lesson.steps[at - 1].text);
      assert.equal(await page.textContent('.lesson-counter'), `Step ${at} of ${lesson.steps.length}`);
      assert.deepEqual(errors, []);
      await page.close();
    }
  }
});

test('Next and Previous walk through a lesson in place', async () => {
  const lesson = LESSONS[0];
  const page = await fixture.ready(lessonLink(lesson, 1));
  await page.click('[data-action="next"]');
  await page.waitForFunction(() => document.querySelector('.lesson-counter')?.textContent.startsWith('Step 2'));
  await page.waitForSelector('body[data-ready="true"]');
  assert.match(page.url(), /at=2/);
  const replayed = Number(new URLSearchParams(lesson.steps[1].link).get('step'));
  assert.deepEqual((await cards(page)).map((c) => c.iterations), [replayed]);
  await page.click('[data-action="previous"]');
  await page.waitForFunction(() => document.querySelector('.lesson-counter')?.textContent.startsWith('Step 1'));
  // The list of lessons.
  await page.click('text=All lessons');
  await page.waitForFunction((n) => document.querySelectorAll('.lesson-list li').length === n, LESSONS.length);
});

test('the numbers the lessons quote are the engine’s', async () => {
  const open = async (id, at) => {
    const lesson = LESSONS.find((l) => l.id === id);
    const page = await fixture.ready(lessonLink(lesson, at));
    const result = await cards(page);
    await page.close();
    return result;
  };
  // The textbook tree: after two iterations the root is pn 1 / dn 2; proved at 4 with d.
  assert.deepEqual((await open('textbook-tree', 2))[0].root, 'pn 1 / dn 2');
  const figure = (await open('textbook-tree', 3))[0];
  assert.deepEqual([figure.verdict, figure.iterations, figure.best], ['proved', 4, 'd']);
  // PNS step by step: after one iteration the root is pn 1 / dn 7; proved at 41 with 4.
  assert.deepEqual(await open('pns-basics', 2), [{ algo: 'pns', verdict: 'running', iterations: 1, root: 'pn 1 / dn 7', best: '3' }]);
  const proved = (await open('pns-basics', 5))[0];
  assert.deepEqual([proved.verdict, proved.iterations, proved.best], ['proved', 41, '4']);
  // PNS 41 iterations, PPNS 23; proving moves 4 and 5.
  const [pns, ppns] = await open('pns-vs-ppns', 3);
  assert.deepEqual([pns.verdict, pns.iterations, pns.best, ppns.verdict, ppns.iterations, ppns.best], ['proved', 41, '4', 'proved', 23, '5']);
  // pr: 0.1 concludes a (wrong) win after 1 iteration, 0.01 a loss after 64, none proves after 530.
  const coarse = (await open('ppns-pr', 1))[0];
  assert.deepEqual([coarse.verdict, coarse.iterations, coarse.root], ['concluded-win', 1, 'ppn 0.9678']);
  const fine = (await open('ppns-pr', 2))[0];
  assert.deepEqual([fine.verdict, fine.iterations, fine.root], ['concluded-loss', 64, 'ppn 0.009417']);
  const exact = (await open('ppns-pr', 3))[0];
  assert.deepEqual([exact.verdict, exact.iterations], ['disproved', 530]);
  // MCPNS: PNS 28 iterations, MCPNS 39, both proved.
  const [pns2, mcpns] = await open('mcpns', 3);
  assert.deepEqual([pns2.verdict, pns2.iterations, mcpns.verdict, mcpns.iterations], ['proved', 28, 'proved', 39]);
  // df-pn proves it too.
  const [, dfpn] = await open('dfpn', 2);
  assert.equal(dfpn.verdict, 'proved');
});
