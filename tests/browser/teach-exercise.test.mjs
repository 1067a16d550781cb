// "Predict the next node" (issue 30) on the PNS lesson's position: after the first
// iteration (the root expanded, its seven children at 1/1) the next iteration expands 3,
// the first of the equal children — a guess of 3 is graded right; then 3 is an AND node at
// pn 6 / dn 1 and the root picks the least pn, 4 — a guess of 5 is graded wrong, and the
// explanation is the engine's trace with the numbers. The score counts both.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageFixture } from './harness.mjs';

const fixture = pageFixture();

/** Clicks the node reached by move `move` from the root. */
async function click(page, move) {
  const id = await page.$$eval('.tree-svg .node', (nodes, m) => nodes.find((n) => n.getAttribute('aria-label')?.split(':')[0] === m)?.dataset.id, move);
  assert.ok(id !== undefined, `node ${move} is drawn`);
  await page.click(`.tree-svg .node[data-id="${id}"] .shape`);
}

const caption = (page, k) => page.waitForFunction((n) => /iteration (\d+)$/.exec(document.querySelector('.tree-view figcaption')?.textContent ?? '')?.[1] === String(n), k);

test('a guess graded right and one graded wrong, with the engine’s numbers', async () => {
  const errors = [];
  const page = await fixture.ready('#v=1&g=tictactoe&p=12&a=pns&goal=win&step=1&view=lessons&lesson=pns-basics&at=2', errors);
  await caption(page, 1);
  await page.check('#predict');
  await click(page, '3');
  await caption(page, 2);
  await page.waitForFunction(() => document.querySelector('.exercise-verdict').dataset.right !== undefined);
  assert.equal(await page.getAttribute('.exercise-verdict', 'data-right'), 'true');
  assert.match(await page.textContent('.exercise-verdict'), /^Right: pns expanded 3\. Why, with the engine’s numbers: root \(OR\): least pn → 3 \(pn 1 \/ dn 1\); expanded 3: 6 children; root pn 1 \/ dn 7 → pn 1 \/ dn 7$/);
  assert.equal(await page.textContent('.exercise-score'), 'Score: 1 of 1');
  await page.waitForTimeout(300);
  await click(page, '5');
  await caption(page, 3);
  await page.waitForFunction(() => document.querySelector('.exercise-verdict').dataset.right === 'false');
  assert.match(await page.textContent('.exercise-verdict'), /^Not this time: you chose 5; pns expanded 4\. Why, with the engine’s numbers: root \(OR\): least pn → 4 \(pn 1 \/ dn 1\); expanded 4: 6 children; root pn 1 \/ dn 7 → pn 1 \/ dn 7$/);
  assert.equal(await page.textContent('.exercise-score'), 'Score: 1 of 2');
  // The inspector stayed closed: a click was a guess, not an inspection.
  assert.equal(await page.locator('#inspector').isHidden(), true);
  assert.deepEqual(errors, []);
});
