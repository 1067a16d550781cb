// The pseudocode lit in step (issue 30): after each Step, the pseudocode panel of the search
// walks through the iteration's phases — select, expand, evaluate, back up, stop test — and
// at every moment the lit lines are of the phase whose part of the iteration's trace is lit
// beside them (the selection's "least pn →" parts, "expanded …", the play-out, "root … →
// …"), for PNS and for MCTS (whose play-out has its own part of the trace).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageFixture } from './harness.mjs';
import { PHASES, tracePhase } from '../../www/views/pseudocode-view.js';

const fixture = pageFixture();

for (const [algo, evaluatePart] of [
  ['pns', /^expanded (root|\d): \d children/],
  ['mcts', /^(play-out from|finished game) /],
]) {
  test(`${algo}: each Step lights the pseudocode phase by phase, matching the trace's lit part`, async () => {
    const errors = [];
    const page = await fixture.ready(`#v=1&g=tictactoe&p=12&a=${algo}&goal=win`, errors);
    assert.ok((await page.$$eval('.pseudocode li', (items) => items.length)) >= 8, 'the pseudocode is shown');
    await page.evaluate(() => {
      window.lit = [];
      new MutationObserver(() => {
        const lines = [...document.querySelectorAll('.pseudocode li.lit')].map((li) => li.dataset.phase);
        const parts = [...document.querySelectorAll('.pseudocode-trace span.lit')].map((span) => span.textContent);
        const all = [...document.querySelectorAll('.pseudocode-trace span')].map((span) => span.textContent);
        const iteration = Number(/Iteration (\d+)/.exec(document.querySelector('.pseudocode-trace')?.textContent ?? '')?.[1]);
        const key = JSON.stringify([iteration, lines, parts]);
        if (lines.length && window.lit.at(-1)?.key !== key) window.lit.push({ key, iteration, lines, parts, all });
      }).observe(document.getElementById('pseudocode'), { subtree: true, attributes: true, attributeFilter: ['class'], childList: true });
    });
    for (let k = 1; k <= 3; k++) {
      await page.click('#step');
      await page.waitForFunction((n) => window.lit.some((l) => l.iteration === n && l.lines[0] === 'stop'), k, { timeout: 20000 });
    }
    const lit = await page.evaluate(() => window.lit);
    for (let k = 1; k <= 3; k++) {
      const moments = lit.filter((l) => l.iteration === k);
      assert.deepEqual(moments.map((m) => m.lines[0]), PHASES, `iteration ${k}: the phases in order`);
      for (const { lines, parts, all } of moments) {
        const phase = lines[0];
        assert.ok(lines.every((l) => l === phase), `one phase lit: ${lines}`);
        if (phase === 'stop') {
          assert.deepEqual(parts, [], 'the stop test lights no part of the trace');
          continue;
        }
        // An iteration that selects the root itself (PNS's first; MCTS's while the root
        // has moves not in the tree) has no selection part in its trace: none is lit.
        const selects = all.some((part) => tracePhase(part) === 'select');
        if (algo === 'pns') assert.equal(selects, k >= 2, `PNS selects below the root from iteration 2: ${all.join('; ')}`);
        if (phase !== 'select' || selects) assert.ok(parts.length >= 1, `iteration ${k}, ${phase}: a part of the trace is lit (${all.join('; ')})`);
        else assert.deepEqual(parts, []);
        for (const part of parts) {
          const expected = phase === 'evaluate' && algo === 'pns' ? 'expand' : phase;
          assert.equal(tracePhase(part), expected, `iteration ${k}, ${phase}: ${part}`);
          if (phase === 'evaluate') assert.match(part, evaluatePart);
          if (phase === 'select') assert.match(part, /^root \(OR\): least pn → \d/);
          if (phase === 'expand') assert.match(part, algo === 'pns' ? /^expanded / : /^root \(OR\): added \d/);
          if (phase === 'backup') assert.match(part, /^root .* → /);
        }
      }
    }
    assert.deepEqual(errors, []);
  });
}
