// Conspiracy-number search in the page (issue 17): a CNS tree shows each node's value and
// conspiracy numbers on the tree, the inspector lists every target's numbers with the rule
// applied to the children, and the explanation panel explains them.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageFixture } from './harness.mjs';

const fixture = pageFixture();

test('a CNS tree shows conspiracy numbers on its nodes and per target in the inspector', async () => {
  const errors = [];
  const page = await fixture.ready('#v=1&g=othello4&a=cns&step=6', errors);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.waitForFunction(() => document.querySelector('.tree-view figcaption')?.textContent.includes('iteration 6'), null, { timeout: 60000 });
  await page.waitForTimeout(500);
  // Every node drawn carries its value and its two nearest conspiracy numbers.
  const labels = await page.evaluate(() => [...document.querySelectorAll('.tree-svg .node text')].map((t) => t.textContent).filter((t) => t.includes('↑')));
  assert.ok(labels.length >= 3, `labels with numbers: ${labels.join(' | ')}`);
  for (const label of labels) assert.match(label, /-?\d+ ?\/ ?↑ (\d+|∞) \/ ↓ (\d+|∞)/);

  await page.click('.tree-svg .node[data-id="0"] .shape');
  await page.locator('#inspector:not([hidden]) .inspector-targets').waitFor();
  const rows = await page.evaluate(() =>
    [...document.querySelectorAll('#inspector .inspector-targets tr')].slice(1).map((tr) => [...tr.children].map((td) => td.textContent)),
  );
  // 4×4 Othello: disc differences −16 … +16, every score a target.
  assert.equal(rows.length, 33, JSON.stringify(rows));
  assert.deepEqual([rows[0][0], rows[16][0], rows[32][0]], ['-16', '0', '+16']);
  const values = await page.evaluate(() =>
    Object.fromEntries([...document.querySelectorAll('#inspector dt')].map((dt) => [dt.textContent, dt.nextElementSibling.textContent])),
  );
  const [, value, up, down] = values['values now'].match(/^v (-?\d+) \/ ↑ (\d+|∞) \/ ↓ (\d+|∞)$/);
  // The row at the root's value has CN 0; the rows next to it hold the tree's ↑ and ↓.
  const at = rows.findIndex((r) => Number(r[0]) === Number(value));
  assert.equal(rows[at][1], '0');
  assert.equal(await page.locator('#inspector .inspector-targets tr.at-value').count(), 1);
  assert.equal(rows[at + 1][1], up);
  assert.equal(rows[at - 1][1], down);
  // The root is a MAX node: above its value ↑ is the least of its children's, below it ↓ their sum.
  assert.match(rows[at + 1][4], /^↑ = min\([^)]*\) = /);
  assert.match(rows[at - 1][4], /^↓ = \S+( \+ \S+)* = /);
  assert.match(values['backup rule'], /MAX node/);

  const explain = await page.textContent('#explain');
  assert.match(explain, /Conspiracy-number search/);
  assert.match(explain, /conspire/);
  assert.deepEqual(errors, []);
});
