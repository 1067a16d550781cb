// The timeline (issue 30): after a 100,000-iteration run of PNS on Othello, jumps to an
// event (the best move changing), far back, one iteration back and to the end each answer
// within 200 ms (the best of three rounds: the machine is shared) — from the worker's
// checkpoints, not a run from the start — and show the same tree as a fresh run to that
// iteration. The slider is keyboard operable.
// Runs alone (scripts/browser-tests): it times the page or needs both cores.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageFixture, treesPainted } from './harness.mjs';

const fixture = pageFixture();
const LINK = '#v=1&g=othello&a=pns&goal=win';
const REACH = 100000;
/** The bound on a jump (issue 30). */
const JUMP_MS = 200;

/** Waits until the tree's caption names iteration `k` exactly (not 1,000 for 100). */
const caption = (page, k) =>
  page.waitForFunction((n) => /iteration ([\d,]+)/.exec(document.querySelector('.tree-view figcaption')?.textContent ?? '')?.[1] === n, k.toLocaleString('en'), {
    timeout: 600000,
  });

/** What the page shows of the tree and the search at a moment. */
const shown = (page) =>
  page.evaluate(() => ({
    caption: document.querySelector('.tree-view figcaption').textContent,
    nodes: [...document.querySelectorAll('.tree-svg .node')].map((n) => `${n.dataset.id} ${n.getAttribute('aria-label')}`).sort(),
    path: [...document.querySelectorAll('.tree-svg .node.on-path')].map((n) => n.dataset.id),
    expanded: [...document.querySelectorAll('.tree-svg .node.expanded')].map((n) => n.dataset.id),
    trace: document.querySelector('.trace li:first-child')?.textContent,
  }));

/** Moves the timeline to `iteration` as a drag does; resolves with the ms until the tree shows it. */
const jump = (page, iteration) =>
  page.evaluate(
    ([k, words]) =>
      new Promise((resolve) => {
        const named = (figcaption) => /iteration ([\d,]+)/.exec(figcaption?.textContent ?? '')?.[1] === words;
        const slider = document.getElementById('timeline-slider');
        const began = performance.now();
        const watch = new MutationObserver(() => {
          if (named(document.querySelector('.tree-view figcaption'))) {
            watch.disconnect();
            resolve(performance.now() - began);
          }
        });
        watch.observe(document.getElementById('trees'), { childList: true, subtree: true, characterData: true });
        slider.value = String(k);
        slider.dispatchEvent(new Event('input', { bubbles: true }));
      }),
    [iteration, iteration.toLocaleString('en')],
  );

test('after 100,000 iterations of PNS on Othello the timeline jumps anywhere within 200 ms and shows what a fresh run shows', async () => {
  const errors = [];
  const page = await fixture.ready(LINK, errors);
  await page.fill('#step-n', String(REACH));
  await page.click('#step-n-button');
  await caption(page, REACH);
  await page.waitForFunction(() => document.getElementById('run').textContent.includes('Run'));
  assert.equal(await page.getAttribute('#timeline-slider', 'max'), String(REACH));
  // The events: at least the best move's first choice, at an iteration reached.
  const events = await page.$$eval('.timeline-marker.marker-move', (buttons) => buttons.map((b) => Number(b.dataset.iteration)));
  assert.ok(events.length >= 1 && events.every((i) => i >= 0 && i <= REACH), `best-move events: ${events}`);
  // The last change of the best move before the end (the end's own report may name one).
  const event = events.filter((i) => i > 0 && i < REACH).at(-1);
  assert.ok(event !== undefined, `a best-move change inside the run: ${events}`);
  // Each jump three times round (the machine is shared: a round can be slowed by other
  // work); the bound applies to the best of the three, and all are printed.
  const times = {};
  for (let round = 0; round < 3; round++) {
    for (const target of [event, 1234, 61789, REACH - 1, REACH]) {
      (times[target] ??= []).push(Math.round(await jump(page, target)));
    }
  }
  // A marker's button jumps as well.
  await page.click(`.timeline-marker.marker-move[data-iteration="${event}"]`);
  await caption(page, event);
  await treesPainted(page);
  const atEvent = await shown(page);
  console.log(`best-move events at ${events}; jump times (ms) by target iteration, three rounds: ${JSON.stringify(times)}`);
  for (const [target, ms] of Object.entries(times)) assert.ok(Math.min(...ms) <= JUMP_MS, `jump to ${target}: ${ms} ms`);
  // Back at the far point through the keyboard: End on the slider.
  await page.focus('#timeline-slider');
  await page.keyboard.press('End');
  await caption(page, REACH);
  await page.keyboard.press('ArrowLeft');
  await caption(page, REACH - 1);
  await treesPainted(page);
  const atBack = await shown(page);
  // The same as fresh runs to those iterations.
  for (const [iteration, seen] of [
    [event, atEvent],
    [REACH - 1, atBack],
  ]) {
    const fresh = await fixture.ready(`${LINK}&step=${iteration}`);
    await caption(fresh, iteration);
    await treesPainted(fresh);
    assert.deepEqual(seen, await shown(fresh), `iteration ${iteration}`);
    await fresh.close();
  }
  assert.deepEqual(errors, []);
});

test('Back steps back one iteration from a checkpoint, and the timeline follows', async () => {
  const page = await fixture.ready('#v=1&g=tictactoe&p=12&a=pns&goal=win&step=41');
  await caption(page, 41);
  await page.click('#back');
  await caption(page, 40);
  assert.equal(await page.getAttribute('#timeline-slider', 'max'), '41');
  assert.equal(await page.inputValue('#timeline-slider'), '40');
  assert.equal(await page.textContent('.timeline-at'), 'iteration 40 of 41');
  // The proof is an event: its button jumps back to it.
  await page.click('.timeline-marker.marker-proved');
  await caption(page, 41);
  assert.match(await page.textContent('.timeline-marker.marker-proved'), /pns: root proved · 41/);
});

test('compare mode: PNS and PPNS (playouts) jump back together to what a fresh run shows', async () => {
  const link = '#v=1&g=othello6&a=pns,ppns&k=8&s=3';
  const page = await fixture.ready(`${link}&step=3000`);
  await caption(page, 3000);
  for (const target of [1777, 2999]) {
    await jump(page, target);
    await treesPainted(page);
    const both = (p) => p.$$eval('.tree-view', (views) => views.map((v) => ({ caption: v.querySelector('figcaption').textContent, nodes: [...v.querySelectorAll('.tree-svg .node')].map((n) => `${n.dataset.id} ${n.getAttribute('aria-label')}`).sort() })));
    const seen = await both(page);
    const fresh = await fixture.ready(`${link}&step=${target}`);
    await caption(fresh, target);
    await treesPainted(fresh);
    assert.deepEqual(seen, await both(fresh), `iteration ${target}`);
    await fresh.close();
  }
});
