// Compare mode as issue 30 asks: both trees drawn at one scale, the nodes one search
// expanded that the other has as a leaf marked, and one line on where the last selections
// first differ, with the engine's numbers — on the PNS-vs-PPNS lesson's position.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageFixture } from './harness.mjs';

const fixture = pageFixture();

test('PNS and PPNS after two iterations: one scale, the differences marked, one line on the first one', async () => {
  const errors = [];
  const page = await fixture.ready('#v=1&g=tictactoe&p=12&a=pns,ppns&goal=win&k=60&s=1&step=2', errors);
  await page.waitForFunction(() => document.querySelectorAll('.tree-view figcaption').length === 2 && [...document.querySelectorAll('.tree-view figcaption')].every((c) => c.textContent.includes('iteration 2')));
  await page.waitForTimeout(800); // the views' transitions
  const scales = await page.$$eval('.tree-svg', (svgs) => svgs.map((s) => Number(s.dataset.scale)));
  assert.equal(scales.length, 2);
  assert.equal(scales[0], scales[1], `scales ${scales}`);
  // PNS expanded the root and then its first child, 3; PPNS the root and another child:
  // each has a node expanded that the other left a leaf.
  const marked = await page.$$eval('.tree-view', (views) => views.map((v) => [...v.querySelectorAll('.node.only-here')].map((n) => n.getAttribute('aria-label')?.split(':')[0])));
  assert.deepEqual(marked.map((m) => m.length), [1, 1], JSON.stringify(marked));
  assert.equal(marked[0][0], '3');
  const line = await page.textContent('#compare-line');
  assert.match(line, /^Their selections first differ at the root: pns selects 3 \(pn \d+ \/ dn \d+\), ppns selects (\d) \(ppn [\d.]+\)\./, line);
  assert.equal(line.match(/ppns selects (\d)/)[1], marked[1][0], 'the line names the node PPNS expanded');
  // The values quoted are those each selection saw: the same numbers as each trace's.
  const traces = await page.$$eval('.trace li:first-child', (items) => items.map((li) => li.textContent));
  assert.ok(traces[0].startsWith(`root (OR): least pn → 3 (${line.match(/pns selects 3 \(([^)]+)\)/)[1]})`), `${traces[0]} / ${line}`);
  assert.ok(traces[1].startsWith(`root (OR): greatest ppn → ${marked[1][0]} (${line.match(/ppns selects \d \(([^)]+)\)/)[1]})`), `${traces[1]} / ${line}`);
  assert.deepEqual(errors, []);
});
