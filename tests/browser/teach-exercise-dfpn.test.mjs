// "Predict the next node" for df-pn (issue 30): df-pn keeps no tree, so the exercise asks
// which child of the root it enters next. On tic-tac-toe "12" (X to win), after 7 positions
// df-pn is in 9 (entered with th_pn 7 = the second best 6 + 1); 9 comes back disproved and
// the root enters 3, the first of the children at pn 6 — a guess of 3 is graded right. Then
// 3 comes back at its threshold and the root enters 4 — a guess of 5 is graded wrong. The
// explanations' numbers are the engine's: the entries tests/searches/seesaw.rs checks in Rust
// (9 left disproved, 3 entered at position 30 with pn 6, 4 at 42), and the timeline's markers.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cards, pageFixture } from './harness.mjs';

const fixture = pageFixture();

/** The title of the timeline's marker at iteration `n` (an entry of df-pn's log). */
const marker = (page, n) => page.getAttribute(`.timeline-marker[data-iteration="${n}"]`, 'title');

test('df-pn: a guess at the next child entered graded right and one graded wrong, with the engine’s numbers', async () => {
  const errors = [];
  const page = await fixture.ready('#v=1&g=tictactoe&p=12&a=dfpn&goal=win&step=7', errors);
  await page.check('#predict');
  await page.waitForSelector('.exercise-choice');
  assert.match(await page.textContent('.exercise-prompt'), /^dfpn is in 9, entered with th_pn 7, th_dn ∞\. Which child of the root does it enter next\?/);
  const choices = await page.$$eval('.exercise-choice', (buttons) => buttons.map((b) => b.textContent));
  assert.deepEqual(choices, ['3 · pn 6 / dn 1', '4 · pn 6 / dn 1', '5 · pn 6 / dn 1', '6 · pn 6 / dn 1', '7 · pn 6 / dn 1', '8 · pn 6 / dn 1', '9 · pn 1 / dn 1']);

  await page.click('.exercise-choice[data-move="3"]');
  await page.waitForFunction(() => document.querySelector('.exercise-verdict').dataset.right !== undefined);
  assert.equal(await page.getAttribute('.exercise-verdict', 'data-right'), 'true');
  const right = await page.textContent('.exercise-verdict');
  assert.equal(
    right,
    'Right: dfpn entered 3. Why, with the engine’s numbers: 9 came back with pn ∞ / dn 0 (entered with th_pn 7, th_dn ∞); root (OR): least pn → 3 (pn 6 / dn 1). After 30 positions df-pn is back at the root and enters 3 (pn 6 / dn 1, the second best 6) with thresholds th_pn 7, th_dn ∞: it had left this child before.',
  );
  assert.equal(await page.textContent('.exercise-score'), 'Score: 1 of 1');
  // The page shows the moment of the entry (its first position searched), and the timeline's
  // marker of the entry says the same.
  const [card] = await cards(page);
  assert.equal(card.iterations, 31);
  assert.ok(right.includes(`${(await marker(page, 30)).replace(/\. Show iteration 30$/, '')}.`));

  await page.click('.exercise-choice[data-move="5"]');
  await page.waitForFunction(() => document.querySelector('.exercise-verdict').dataset.right === 'false');
  const wrong = await page.textContent('.exercise-verdict');
  assert.match(wrong, /^Not this time: you chose 5; dfpn entered 4\. Why, with the engine’s numbers: 3 came back with pn (\d+) \/ dn (\d+) \(entered with th_pn 7, th_dn ∞\); root \(OR\): least pn → 4 \(pn 6 \/ dn 1\)\. After 42 positions df-pn is back at the root and enters 4 \(pn 6 \/ dn 1, the second best 6\) with thresholds th_pn 7, th_dn ∞: it had left this child before\.$/);
  // 3 came back at (or past) its threshold th_pn 7.
  assert.ok(Number(/3 came back with pn (\d+)/.exec(wrong)[1]) >= 7, wrong);
  assert.ok(wrong.includes(`${(await marker(page, 42)).replace(/\. Show iteration 42$/, '')}.`));
  assert.equal(await page.textContent('.exercise-score'), 'Score: 1 of 2');
  assert.deepEqual(errors, []);
});
