// The charts plot the engine's per-iteration history: tic-tac-toe PNS run to the end shows
// one point per iteration (3,323 iterations under goal win, the same number as the Rust test),
// iteration ticks are whole numbers, a long run is thinned to at most 4096 points with a
// stated stride, compare mode ends each line at its own last iteration, probability searches
// get a log chart of 1 − PPN with the pr line, the charts follow the page's width, and each
// chart saves as PNG and the history as CSV.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { pageFixture } from './harness.mjs';

const { ready } = pageFixture();

/** The charts container's data attributes. */
const chartData = (page) => page.evaluate(() => ({ ...document.querySelector('#charts').dataset }));

/** Clicks Run and waits until every search has finished (the Run button offers Run again). */
async function runToEnd(page, last) {
  await page.click('#run');
  await page.waitForFunction((expected) => document.querySelector('#charts')?.dataset.last === expected, last, { timeout: 60000 });
  await page.waitForFunction(() => document.querySelector('#run').textContent.includes('Run'));
}

test('tic-tac-toe PNS run to the end has one chart point per iteration, with whole-number ticks', async () => {
  const errors = [];
  const page = await ready('#v=1&g=tictactoe&a=pns&goal=win', errors);
  await runToEnd(page, '3323');
  const data = await chartData(page);
  assert.equal(data.strides, '1');
  assert.equal(data.lengths, '3324', 'iterations 0 to 3323');
  assert.equal(data.points, '3324');
  const ticks = data.xTicks.split(',').map(Number);
  assert.ok(ticks.length >= 2, `ticks ${data.xTicks}`);
  assert.ok(ticks.every(Number.isInteger), `ticks ${data.xTicks}`);
  // The plotted x values are exactly 0, 1, …, 3323 and the value ends at 0 (disproved).
  const plotted = await page.evaluate(() => {
    const [xs, values] = document.querySelector('#charts').chartsView.plots[0].plot.data;
    return { consecutive: xs.every((x, i) => x === i), first: values[0], last: values[values.length - 1] };
  });
  assert.deepEqual(plotted, { consecutive: true, first: 0.5, last: 0 });
  // A few steps on a fresh search: every step is a point, the ticks stay whole numbers.
  await page.click('#cancel');
  await page.fill('#step-n', '3');
  await page.click('#step-n-button');
  await page.waitForFunction(() => document.querySelector('#charts')?.dataset.last === '3');
  const small = await chartData(page);
  assert.equal(small.lengths, '4');
  assert.ok(small.xTicks.split(',').map(Number).every(Number.isInteger), `ticks ${small.xTicks}`);
  assert.deepEqual(errors, []);
});

test('a long run is thinned honestly to at most 4096 points', async () => {
  // Limits far away, so the run is still going when it is paused (a loaded machine is slow).
  const page = await ready('#v=1&g=othello&a=pns&nodes=50000000&time=60');
  await page.click('#run');
  await page.waitForFunction(() => Number(document.querySelector('#charts')?.dataset.last?.split(',')[0]) > 20000, null, { timeout: 60000 });
  await page.click('#run'); // pause
  await page.waitForFunction(() => document.querySelector('#run').textContent.includes('Run'));
  // The last drawing (throttled while reports stream) has the final history and its note.
  await page.waitForTimeout(500);
  await page.waitForFunction(() => {
    const charts = document.querySelector('#charts');
    return new RegExp(`a point every ${charts.dataset.strides} iterations`).test(document.querySelector('.chart-note')?.textContent ?? '');
  });
  const data = await chartData(page);
  const stride = Number(data.strides);
  const length = Number(data.lengths);
  assert.ok(stride > 1, `stride ${stride}`);
  assert.ok(length <= 4096 && length > 1024, `length ${length}`);
  const xs = await page.evaluate(() => document.querySelector('#charts').chartsView.plots[0].plot.data[0]);
  assert.equal(xs[0], 0);
  assert.equal(xs[xs.length - 1], Number(data.last));
  assert.ok(xs.slice(0, -1).every((x) => x % stride === 0), 'points at multiples of the stride');
  assert.match(await page.locator('.chart-note').textContent(), new RegExp(`a point every ${stride} iterations`));
});

test('compare mode ends each line at its own last iteration; PPN gets a log chart with its pr line', async () => {
  const page = await ready('#v=1&g=tictactoe&a=pns,ppns&goal=win&pr=0.001&k=20');
  await page.click('#run');
  await page.waitForFunction(
    () => document.querySelector('#charts')?.dataset.last?.startsWith('3323,') && document.querySelector('#run').textContent.includes('Run'),
    null,
    { timeout: 60000 },
  );
  const data = await chartData(page);
  const [pnsLast, ppnsLast] = data.last.split(',').map(Number);
  assert.equal(pnsLast, 3323);
  assert.notEqual(ppnsLast, pnsLast);
  const lines = await page.evaluate(() => {
    const view = document.querySelector('#charts').chartsView;
    const [xs, ...series] = view.plots[0].plot.data;
    const lastDrawn = (values) => xs[values.findLastIndex((v) => v != null)];
    const complement = view.plots.find((p) => p.name === 'one-minus-value');
    return {
      ends: series.map(lastDrawn),
      maxX: xs[xs.length - 1],
      log: complement && {
        distr: complement.plot.scales.y.distr,
        labels: complement.plot.series.slice(1).map((s) => s.label),
        pr: complement.plot.data[complement.plot.data.length - 1][0],
      },
    };
  });
  assert.deepEqual(lines.ends, [pnsLast, ppnsLast], 'each line ends where its search did');
  assert.equal(lines.maxX, Math.max(pnsLast, ppnsLast));
  assert.deepEqual(lines.log, { distr: 3, labels: ['ppns 1 − PPN', 'ppns pr'], pr: 0.001 });
});

test('charts follow the page width and save as PNG and CSV', async () => {
  const page = await ready('#v=1&g=tictactoe&a=pns&goal=win');
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.fill('#step-n', '40');
  await page.click('#step-n-button');
  await page.waitForFunction(() => document.querySelector('#charts')?.dataset.last === '40');
  const canvasWidths = () =>
    page.evaluate(() => [...document.querySelectorAll('#charts canvas')].map((c) => c.getBoundingClientRect().width));
  const wide = await canvasWidths();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForFunction((before) => {
    const widths = [...document.querySelectorAll('#charts canvas')].map((c) => c.getBoundingClientRect().width);
    return widths.every((w, i) => w < before[i]);
  }, wide);
  const fits = await page.evaluate(() => {
    const box = document.querySelector('#charts').getBoundingClientRect();
    return [...document.querySelectorAll('#charts canvas')].every((c) => c.getBoundingClientRect().right <= box.right + 1);
  });
  assert.ok(fits, 'every chart fits in its container at 390 px');
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(pageWidth <= 390, `the page scrolls sideways at 390 px: ${pageWidth} px wide`);

  const [png] = await Promise.all([page.waitForEvent('download'), page.locator('.chart-root-value .chart-png').click()]);
  assert.equal(png.suggestedFilename(), 'pnplay-root-value.png');
  const [csv] = await Promise.all([page.waitForEvent('download'), page.click('.chart-csv')]);
  assert.equal(csv.suggestedFilename(), 'pnplay-history.csv');
  const rows = readFileSync(await csv.path(), 'utf8').trim().split('\n');
  assert.equal(rows[0], 'iteration,pns dn/(pn+dn),pns 1 − dn/(pn+dn),pns nodes');
  assert.equal(rows.length, 1 + 41, 'a header and iterations 0 to 40');
  assert.equal(rows[1], '0,0.5,0.5,1');
  assert.match(rows[2], /^1,0\.9,0\.1,10$/); // pn 1 / dn 9 after the root's expansion
});
