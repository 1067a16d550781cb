// Run at a chosen speed (issue 30): at 2 iterations a second, PNS on the tic-tac-toe lesson
// shows every iteration from 1 to 10 in the tree, each with the node it expanded ringed and
// its line in the trace, no faster than the speed chosen; Pause stops it where it is.
// Runs alone (scripts/browser-tests): it times the page or needs both cores.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageFixture } from './harness.mjs';
import { SPEEDS } from '../../www/views/speed-control.js';

const fixture = pageFixture();

test('at 2 iterations/s PNS on the tic-tac-toe lesson shows iterations 1 to 10 one by one, the expanded node ringed', async () => {
  const errors = [];
  const page = await fixture.ready('#v=1&g=tictactoe&p=12&a=pns&goal=win&view=lessons&lesson=pns-basics&at=1', errors);
  await page.locator('#speed').fill(String(SPEEDS.indexOf(2)));
  assert.equal(await page.textContent('#speed-out'), '2 iterations/s');
  // Every drawing of the tree: the iteration its caption names, the node ringed as just
  // expanded, and the newest line of the trace.
  await page.evaluate(() => {
    window.drawn = [];
    new MutationObserver(() => {
      const caption = document.querySelector('.tree-view figcaption')?.textContent ?? '';
      const match = caption.match(/iteration (\d+)/);
      if (!match) return;
      const iteration = Number(match[1]);
      if (window.drawn.at(-1)?.iteration === iteration) return;
      const ringed = [...document.querySelectorAll('.tree-svg .node.expanded')].map((n) => n.dataset.id);
      const trace = document.querySelector('.trace li:first-child');
      window.drawn.push({ iteration, ringed, trace: trace ? Number(trace.value) : null, at: performance.now() });
    }).observe(document.getElementById('trees'), { childList: true, subtree: true, characterData: true });
  });
  await page.click('#run');
  await page.waitForFunction(() => window.drawn.some((d) => d.iteration >= 10), null, { timeout: 60000 });
  await page.click('#run'); // Pause
  const drawn = await page.evaluate(() => window.drawn);
  const iterations = drawn.map((d) => d.iteration).filter((i) => i >= 1 && i <= 10);
  assert.deepEqual(iterations, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], JSON.stringify(drawn));
  for (const d of drawn.filter((d) => d.iteration >= 1 && d.iteration <= 10)) {
    assert.equal(d.ringed.length, 1, `iteration ${d.iteration}: one node ringed as just expanded`);
    assert.equal(d.trace, d.iteration, `iteration ${d.iteration}: its line is the trace's newest`);
  }
  assert.equal(new Set(drawn.filter((d) => d.iteration >= 1 && d.iteration <= 10).map((d) => d.ringed[0])).size, 10, 'each iteration expanded another node');
  // No faster than 2 a second: nine intervals take at least 4.5 s (less a little for timers).
  const first = drawn.find((d) => d.iteration === 1).at;
  const tenth = drawn.find((d) => d.iteration === 10).at;
  assert.ok(tenth - first >= 4200, `iterations 1 to 10 took ${Math.round(tenth - first)} ms`);
  // Paused: nothing more is drawn.
  await page.waitForFunction(() => document.getElementById('run').textContent.includes('Run'));
  const stopped = await page.evaluate(() => window.drawn.at(-1).iteration);
  await page.waitForTimeout(1500);
  assert.equal(await page.evaluate(() => window.drawn.at(-1).iteration), stopped, 'Pause stops the run');
  assert.ok(stopped < 41, 'paused before the proof');
  assert.deepEqual(errors, []);
});

test('full speed stays the default: Run proves the lesson position at iteration 41', async () => {
  const page = await fixture.ready('#v=1&g=tictactoe&p=12&a=pns&goal=win');
  assert.equal(await page.textContent('#speed-out'), 'full speed');
  await page.click('#run');
  await page.waitForFunction(() => document.getElementById('results').dataset.step === '41' && document.getElementById('run').textContent.includes('Run'), null, { timeout: 30000 });
});
