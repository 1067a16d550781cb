// The playground page as a user drives it: boards, stepping a search and its MPN path,
// compare mode, share links (good and malformed), a dead worker, and a page that stays
// responsive while a search runs.
// Runs alone (scripts/browser-tests): it times the page or needs both cores.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pageFixture, repo, slowdown } from './harness.mjs';

const { ready } = pageFixture();

const positionText = (page) => page.locator('#position-text').inputValue();
const cell = (page, index) => page.locator(`#board [data-cell="${index}"]`);

function ffoPosition(line = 0) {
  const file = path.join(repo, '..', 'shared', 'data', 'othello', 'fforum-1-19.obf');
  return readFileSync(file, 'utf8').split('\n')[line].split(';')[0].trim();
}

test('moves are played by clicking the Othello and Connect Four boards, with undo and redo', async () => {
  const errors = [];
  const page = await ready('#v=1&g=othello', errors);
  // Othello: f5 is row 5, column f → cell 4 * 8 + 5.
  await cell(page, 4 * 8 + 5).click();
  await page.waitForFunction(() => document.querySelector('#position-text').value.endsWith(' O'));
  assert.equal(await positionText(page), '---------------------------OX------XXX-------------------------- O');
  await cell(page, 5 * 8 + 3).click(); // d6
  await page.waitForFunction(() => document.querySelector('#position-text').value.endsWith(' X'));
  await page.click('#undo');
  await page.waitForFunction(() => document.querySelector('#position-text').value.endsWith(' O'));
  await page.click('#redo');
  await page.waitForFunction(() => document.querySelector('#position-text').value.endsWith(' X'));
  // An illegal square does nothing.
  const before = await positionText(page);
  await cell(page, 0).click();
  assert.equal(await positionText(page), before);

  await page.selectOption('#game-select', 'connect4');
  await page.waitForFunction(() => document.querySelector('#position-text').value === '');
  // Any cell of a column drops a disc into that column.
  await cell(page, 3).click(); // top row, column 4
  await page.waitForFunction(() => document.querySelector('#position-text').value === '4');
  await cell(page, 5 * 7 + 3).click();
  await page.waitForFunction(() => document.querySelector('#position-text').value === '44');
  assert.match(await page.locator('#turn-line').textContent(), /Red \(first\) to move/);
  assert.deepEqual(errors, []);
});

test('a pasted FFO position is shown, and bad text gives a message without losing the board', async () => {
  const page = await ready();
  const ffo = ffoPosition(0);
  await page.fill('#position-text', ffo);
  await page.click('#position-form button[type="submit"]');
  // The field shows the typed text at once: wait for the board the engine describes.
  await page.waitForFunction(() => /c1: black/.test(document.querySelector('#board [data-cell="2"]').getAttribute('aria-label')));
  assert.equal(await positionText(page), ffo);
  assert.match(await cell(page, 0).getAttribute('aria-label'), /a1: empty/);
  await page.fill('#position-text', 'this is not a position');
  await page.click('#position-form button[type="submit"]');
  await page.locator('#message').filter({ hasText: 'position text' }).waitFor();
  assert.match(await cell(page, 2).getAttribute('aria-label'), /c1: black/);
});

test('single steps of PNS move the highlighted path, which ends at the node just expanded', async () => {
  const page = await ready(`#v=1&g=othello&p=${encodeURIComponent(ffoPosition(0))}&a=pns`);
  const paths = [];
  for (let i = 1; i <= 6; i++) {
    await page.click('#step');
    await page.waitForFunction((n) => document.querySelector('.tree-view figcaption')?.textContent.includes(`iteration ${n}`), i);
    const info = await page.evaluate(() => {
      const onPath = [...document.querySelectorAll('.tree-view .node.on-path')].map((n) => Number(n.dataset.id));
      const expanded = document.querySelector('.tree-view .node.expanded');
      return { onPath, expanded: expanded ? Number(expanded.dataset.id) : null, label: expanded?.getAttribute('aria-label') };
    });
    // The first iteration expands the root itself; later ones go down from it.
    assert.ok(info.onPath.length >= (i === 1 ? 1 : 2), `path ${info.onPath} at iteration ${i}`);
    assert.equal(info.onPath[0], 0, 'the path starts at the root');
    assert.equal(info.expanded, info.onPath[info.onPath.length - 1], 'the path ends at the expanded node');
    assert.match(info.label, /children/, 'the node just expanded now has children');
    paths.push(info.onPath.join(','));
  }
  assert.ok(new Set(paths).size > 1, `the path changes between steps: ${paths}`);
  // A pinned node off the path stays drawn while the search goes elsewhere.
  const offPath = page.locator('.tree-view .node:not(.on-path)').first();
  const pinnedId = await offPath.getAttribute('data-id');
  await offPath.click();
  await page.locator('.pin-line').filter({ hasText: `node ${pinnedId}` }).waitFor();
  await page.fill('#step-n', '30');
  await page.click('#step-n-button');
  await page.waitForFunction(() => document.querySelector('.tree-view figcaption')?.textContent.includes('iteration 36'));
  assert.equal(await page.locator(`.tree-view .node.pinned[data-id="${pinnedId}"]`).count(), 1);
  // Clicking a node shows its position in the inspector.
  await page.locator('.tree-view .node.expanded .shape').click();
  await page.locator('#inspector:not([hidden]) svg').waitFor();
  assert.equal(await page.locator('#inspector [data-cell]').count(), 64);
});

test('compare mode runs PNS and PPNS in lockstep, with both trees and charts', async () => {
  const page = await ready(`#v=1&g=othello6&a=pns,ppns&k=8&s=3`);
  assert.equal(await page.locator('#compare-mode').isChecked(), true);
  await page.fill('#step-n', '25');
  await page.click('#step-n-button');
  await page.waitForFunction(() => document.querySelectorAll('.tree-view').length === 2 && [...document.querySelectorAll('.tree-view figcaption')].every((c) => c.textContent.includes('iteration 25')));
  await page.click('#step-n-button');
  await page.waitForFunction(() => [...document.querySelectorAll('.tree-view figcaption')].every((c) => c.textContent.includes('iteration 50')));
  const results = await page.locator('.result h3').allTextContents();
  assert.deepEqual(results, ['pns', 'ppns']);
  assert.equal(await page.locator('.chart-root-value .uplot').count(), 1);
  const points = Number(await page.locator('#charts').getAttribute('data-points'));
  assert.ok(points >= 3, `chart points: ${points}`);
  const legend = await page.locator('.chart-root-value .u-legend').textContent();
  assert.match(legend, /pns/);
  assert.match(legend, /ppns/);
});

test('a share link reopens the same position, searches, parameters and step', async () => {
  const page = await ready('#v=1&g=othello');
  await cell(page, 4 * 8 + 5).click(); // f5
  await page.waitForFunction(() => document.querySelector('#position-text').value.endsWith(' O'));
  await page.selectOption('#algo-select', 'ppns');
  await page.check('#compare-mode');
  await page.selectOption('#algo2-select', 'mcpns');
  await page.fill('#param-theta', '0.02');
  await page.fill('#param-playouts', '12');
  await page.fill('#param-seed', '77');
  await page.fill('#param-pr', '0.001');
  await page.fill('#step-n', '15');
  await page.click('#step-n-button');
  await page.waitForFunction(() => [...document.querySelectorAll('.tree-view figcaption')].every((c) => c.textContent.includes('iteration 15')));
  await page.click('#share');
  await page.locator('#message').filter({ hasText: /Link copied|Copy this link/ }).waitFor();
  const link = page.url();
  assert.match(link, /#v=1&/);
  const position = await positionText(page);
  const stats = await page.locator('.results').textContent();

  const again = await ready(link.slice(link.indexOf('#')));
  assert.equal(await positionText(again), position);
  assert.equal(await again.locator('#algo-select').inputValue(), 'ppns');
  assert.equal(await again.locator('#algo2-select').inputValue(), 'mcpns');
  assert.equal(await again.locator('#compare-mode').isChecked(), true);
  assert.equal(await again.locator('#param-theta').inputValue(), '0.02');
  assert.equal(await again.locator('#param-playouts').inputValue(), '12');
  assert.equal(await again.locator('#param-seed').inputValue(), '77');
  assert.equal(await again.locator('#param-pr').inputValue(), '0.001');
  await again.waitForFunction(() => [...document.querySelectorAll('.tree-view figcaption')].every((c) => c.textContent.includes('iteration 15')));
  // Same seed, same step: the same numbers (time aside).
  const strip = (text) => text.replace(/time[\d.]+ s/g, '').replace(/speed[\d,]+ it\/s/g, '');
  assert.equal(strip(await again.locator('.results').textContent()), strip(stats));
});

test('malformed links show which field is wrong and fall back to a working page', async () => {
  for (const [fragment, field] of [
    ['#v=1&g=chess&a=pns', /g: no game "chess" — the games are othello \(Othello/],
    ['#v=1&g=othello&p=XXXX&theta=abc', /theta: .*not a number/],
    ['#v=1&a=pns,ppns,mcpns&k=-4&step=x', /a: needs one search/],
  ]) {
    const page = await ready(fragment);
    const message = await page.locator('#message').textContent();
    assert.match(message, field, fragment);
    // The page works: a move can be played.
    await page.selectOption('#game-select', 'tictactoe');
    await page.waitForFunction(() => document.querySelector('#position-text').value === '');
    await cell(page, 4).click();
    await page.waitForFunction(() => document.querySelector('#position-text').value === '5');
  }
  const page = await ready('#v=1&g=othello&p=XXXX');
  assert.match(await page.locator('#message').textContent(), /p: /);
  assert.equal(await page.locator('#board [data-cell]').count(), 64);
});

test('a worker killed mid-run is reported and replaced, and the page keeps its position', async () => {
  const page = await ready(`#v=1&g=othello&a=ppns&k=4`);
  await cell(page, 4 * 8 + 5).click();
  await page.waitForFunction(() => document.querySelector('#position-text').value.endsWith(' O'));
  const position = await positionText(page);
  await page.click('#run');
  await page.waitForFunction(() => Number(document.querySelector('.tree-view figcaption')?.textContent.match(/iteration ([\d,]+)/)?.[1].replace(/,/g, '')) > 5);
  await page.evaluate(() => window.pnplayEngine.die('killed by the test'));
  await page.locator('#engine-status').filter({ hasText: 'restarted' }).waitFor();
  await page.locator('#engine-status').filter({ hasText: 'engine ready' }).waitFor();
  assert.equal(await positionText(page), position);
  // The new worker holds the searches again, replayed to the iteration reached, and goes on
  // from there (tests/browser/recovery.test.mjs forces every kind of failure).
  await page.waitForFunction(() => /restored to iteration/.test(document.querySelector('#message').textContent), null, { timeout: 60000 });
  const reached = Number((await page.locator('#message').textContent()).match(/iteration ([\d,]+)/)[1].replace(/,/g, ''));
  await page.click('#step');
  await page.waitForFunction((n) => document.querySelector('.tree-view figcaption')?.textContent.includes(`iteration ${n.toLocaleString('en')}`), reached + 1);
});

test('while a search runs for 10 s the main thread never blocks for 100 ms, with three open levels drawn', async () => {
  const page = await ready(`#v=1&g=othello&a=pns&nodes=50000000&time=30`);
  await page.selectOption('#open-levels', '3');
  // Start the search (views and charts are built here), then measure while it runs.
  await page.click('#step');
  await page.waitForFunction(() => document.querySelector('.tree-view figcaption')?.textContent.includes('iteration 1'));
  await page.evaluate(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => window.longTasks.push(...list.getEntries().map((e) => e.duration))).observe({ type: 'longtask' });
    window.frameGaps = [];
    let last = performance.now();
    const frame = (now) => {
      window.frameGaps.push(now - last);
      last = now;
      if (window.frameGaps.length < 100000) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  await page.click('#run');
  await page.waitForTimeout(10000);
  // Sharing the cores with another test, the search can be 10 s in with fewer than 100 nodes
  // at three open levels (92 seen): it runs on, up to its 30 s, until the tree is that big.
  await page.waitForFunction(() => Math.max(...[...document.querySelectorAll('.tree-box')].map((s) => Number(s.dataset.nodes))) > 100, null, { timeout: 19000 }).catch(() => {});
  const earlier = os.loadavg()[0];
  await page.keyboard.press('Space'); // pause
  await page.locator('#run').filter({ hasText: 'Run' }).waitFor();
  const { longTasks, maxGap, drawn } = await page.evaluate(() => ({
    longTasks: window.longTasks,
    maxGap: Math.max(...window.frameGaps.slice(2)),
    drawn: Math.max(...[...document.querySelectorAll('.tree-box')].map((s) => Number(s.dataset.nodes))),
  }));
  assert.ok(drawn > 100, `tree nodes drawn: ${drawn}`);
  // Wall times, so scaled by the load per core the machine had (responsive.test.mjs says why
  // and bounds each task's CPU time at 50 ms without a factor).
  const factor = slowdown(earlier);
  assert.ok(longTasks.every((d) => d < 100 * factor), `long tasks: ${longTasks.map((d) => d.toFixed(0))} (load per core ${factor.toFixed(2)})`);
  // Frames also wait on raster and compositing (software rendering here), which are not the
  // main thread; the long-task limit above is the criterion, this only catches gross stalls.
  assert.ok(maxGap < 250 * factor, `longest gap between frames: ${maxGap.toFixed(1)} ms (load per core ${factor.toFixed(2)})`);
});
