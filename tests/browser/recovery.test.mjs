// Issue 34, the page side: a worker that fails is replaced and the page keeps its state and
// progress. Each failure is forced through the worker's test hook (the page opened with
// `?test-hooks`): a wasm trap, a Rust panic, running out of wasm memory, a worker that closes
// itself, one that hangs, one that raises an error, a panic on one of its helper threads
// (the threaded engine), and `worker.terminate()` from outside.
// After each, the page says "the engine was restarted: …" and shows the same position,
// searches, parameters and iteration count. The two links that wedged the page until reload
// are played through, then a tic-tac-toe PNS run gives a verdict.
// Runs alone (scripts/browser-tests): it times the page or needs both cores.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageFixture } from './harness.mjs';

const { ready } = pageFixture();

const HOOKS = '?test-hooks';
/** The iteration count the first result card shows. */
const iterations = (page) =>
  page.evaluate(() => {
    const row = [...document.querySelectorAll('.result dt')].find((dt) => dt.textContent === 'iterations');
    return row ? Number(row.nextElementSibling.textContent.replace(/,/g, '')) : null;
  });
const message = (page) => page.locator('#message').textContent();

/** Waits until the page says the engine was restarted. */
async function restarted(page, timeout = 20000) {
  await page.waitForFunction(() => /the engine was restarted: /.test(document.querySelector('#message').textContent), null, { timeout });
}

/** Runs PNS on tic-tac-toe from the start: a verdict (X cannot force a win: disproved). */
async function ticTacToeVerdict(page) {
  await page.selectOption('#game-select', 'tictactoe');
  await page.waitForFunction(() => document.querySelector('#position-text').value === '');
  if (await page.locator('#compare-mode').isChecked()) await page.uncheck('#compare-mode');
  await page.selectOption('#algo-select', 'pns');
  await page.click('#run');
  await page.waitForFunction(() => ['proved', 'disproved'].includes(document.querySelector('.result .verdict')?.dataset.verdict), null, { timeout: 20000 });
  assert.equal(await page.locator('.result .verdict').getAttribute('data-verdict'), 'disproved');
}

/**
 * Forces `fault` in the page's worker: `terminate` from outside, the others through the
 * worker's test hook (its answer never comes: the worker is replaced first). `thread` (a
 * panic on a helper thread while the worker waits for it) is asked as a long call, which has
 * no silence check: only the helper's own report can get the worker replaced in time.
 */
function force(page, fault) {
  return page.evaluate((fault) => {
    const engine = window.pnplayEngine;
    const longCall = { deadline: fault === 'thread' ? 10 * 60 * 1000 : null };
    if (fault === 'terminate') engine.worker.terminate();
    else engine.request('testFault', { fault }, null, longCall).catch(() => {});
  }, fault);
}

for (const fault of ['trap', 'panic', 'oom', 'close', 'hang', 'throw', 'thread', 'terminate']) {
  test(`a worker that fails (${fault}) is replaced: position, searches, parameters and progress kept`, async () => {
    const page = await ready(`${HOOKS}#v=1&g=othello&a=ppns,pns&theta=0.05&nodes=5000000&time=60`);
    await page.locator('#board [data-cell="37"]').click(); // f5
    await page.waitForFunction(() => document.querySelector('#position-text').value.endsWith(' O'));
    const position = await page.locator('#position-text').inputValue();
    await page.fill('#step-n', '150');
    await page.click('#step-n-button');
    await page.waitForFunction(() => document.querySelector('.tree-view figcaption')?.textContent.includes('iteration 150'), null, { timeout: 30000 });
    assert.equal(await iterations(page), 150);
    const noticed = Date.now();
    await force(page, fault);
    await restarted(page);
    const seconds = (Date.now() - noticed) / 1000;
    assert.ok(seconds < 6, `${fault} noticed after ${seconds} s`);
    console.log(`${fault}: "${await message(page)}" after ${seconds.toFixed(1)} s`);
    await page.waitForFunction(() => /restored to iteration 150\b/.test(document.querySelector('#message').textContent), null, { timeout: 30000 });
    assert.equal(await iterations(page), 150);
    assert.equal(await page.locator('#position-text').inputValue(), position);
    assert.equal(await page.locator('#algo-select').inputValue(), 'ppns');
    assert.equal(await page.locator('#algo2-select').inputValue(), 'pns');
    assert.equal(await page.locator('#param-theta').inputValue(), '0.05');
    // The restored searches go on from there.
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('.tree-view figcaption')?.textContent.includes('iteration 151'));
    await page.close();
  });
}

test('worker.terminate() during a run is noticed within 2 s and the page recovers with the same iteration count', async () => {
  const page = await ready(`${HOOKS}#v=1&g=othello&a=ppns&nodes=50000000&time=600`);
  await page.click('#run');
  await page.waitForFunction(() => Number(document.querySelector('.tree-view figcaption')?.textContent.match(/iteration ([\d,]+)/)?.[1].replace(/,/g, '')) > 20);
  // The iteration the page reached with what the worker had sent before it ended: a report
  // received is shown at the next animation frame, so one still waiting for its frame when
  // the worker ends is read after it (the worker's end is noticed about a second later).
  const reached = await page.evaluate(async () => {
    // The moment the page says so, as the page sees it.
    new MutationObserver(() => {
      if (/the engine was restarted: /.test(document.querySelector('#message').textContent)) window.noticedAt ??= performance.now();
    }).observe(document.querySelector('#message'), { childList: true, characterData: true, subtree: true });
    window.pnplayEngine.worker.terminate();
    window.terminatedAt = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    // The iteration reached (`data-step` is set at every report shown; the cards are drawn at
    // most every 150 ms while a run streams).
    return Number(document.querySelector('#results').dataset.step);
  });
  await restarted(page, 5000);
  const noticedAfter = await page.evaluate(() => window.noticedAt - window.terminatedAt);
  assert.ok(noticedAfter < 2000, `noticed after ${noticedAfter.toFixed(0)} ms`);
  console.log(`worker.terminate() at iteration ${reached}: noticed after ${noticedAfter.toFixed(0)} ms`);
  await page.waitForFunction(() => /restored to iteration/.test(document.querySelector('#message').textContent), null, { timeout: 60000 });
  const restored = Number((await message(page)).match(/restored to iteration ([\d,]+)/)[1].replace(/,/g, ''));
  assert.equal(restored, reached);
  assert.equal(await iterations(page), reached);
  await page.close();
});

/**
 * A link that wedged the page after a wasm trap: press `button`, wait for the engine to be
 * restarted (or, now that the searches honour their limits and no longer trap, for the
 * search to end or a minute to pass, then force a trap through the hook so recovery is still
 * what is tested), then tic-tac-toe PNS gives a verdict with the message that the engine was
 * restarted.
 */
async function wedgingLink(fragment, button) {
  const errors = [];
  const page = await ready(`${HOOKS}${fragment}`, errors);
  await page.click(button);
  // At most a minute: a search that honours its limits may still be stepping (its slices
  // keep the worker answering), and the trap is then forced while it runs; a Step that
  // paused or a Run that ended without a failure gets the trap at once.
  const outcome = await page
    .waitForFunction(
      () => {
        if (/the engine was restarted: /.test(document.querySelector('#message').textContent)) return 'restarted';
        // Ended with a verdict, or paused after its Step (its verdict stays `running`).
        const verdict = document.querySelector('.result .verdict')?.dataset.verdict;
        if (!verdict || document.querySelector('#run').textContent.includes('Pause')) return false;
        if (verdict !== 'running') return 'ended';
        return /paused at iteration/.test(document.querySelector('#results').textContent) ? 'paused' : false;
      },
      null,
      { timeout: 60000, polling: 250 },
    )
    .then((handle) => handle.jsonValue(), () => 'running');
  const ended = outcome !== 'restarted';
  if (ended) {
    await force(page, 'trap');
    await restarted(page);
  }
  assert.match(await message(page), /the engine was restarted: /);
  console.log(`${fragment}: ${ended ? `the search ${outcome} without a failure; a forced trap gave` : 'the page said'} "${await message(page)}"`);
  await page.locator('#engine-status').filter({ hasText: 'engine ready' }).waitFor();
  await ticTacToeVerdict(page);
  await page.close();
}

test('#v=1&g=othello&a=expectimax, Step: the engine is restarted, then tic-tac-toe PNS gives a verdict', async () => {
  await wedgingLink('#v=1&g=othello&a=expectimax', '#step');
});

test('#v=1&g=knightthrough&a=pns&nodes=&time=, Run: the engine is restarted, then tic-tac-toe PNS gives a verdict', async () => {
  await wedgingLink('#v=1&g=knightthrough&a=pns&nodes=&time=', '#run');
});

test('five → presses within 5 ms leave one tree view', async () => {
  const page = await ready('#v=1&g=othello&a=pns');
  await page.evaluate(() => {
    for (let i = 0; i < 5; i++) document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
  });
  await page.waitForFunction(() => document.querySelector('.tree-view figcaption')?.textContent.match(/iteration [1-5]\b/));
  await page.waitForTimeout(1000);
  assert.equal(await page.locator('.tree-view').count(), 1);
  // The view is the live one: the next press shows the next iteration in it.
  const before = Number((await page.locator('.tree-view figcaption').textContent()).match(/iteration (\d+)/)[1]);
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction((n) => document.querySelector('.tree-view figcaption')?.textContent.includes(`iteration ${n}`), before + 1);
  assert.equal(await page.locator('.tree-view').count(), 1);
  await page.close();
});
