// Threads in the page (issue 32): served by `pnplay serve` the page is cross-origin isolated,
// the engine worker loads the threaded package (pkg/threads/), reports every core of the
// machine and starts a helper worker for each before any call needs them; FFO #40's exact
// value (the Othello endgame solver, young brothers wait on helper workers) is the same on 2 threads as on 1, and so is every column's score of a Connect Four
// position (the columns searched side by side, one solver a thread), and job-level df-pn
// (`dfpn-jobs`, its helpers started when it is started) gives `pnplay solve`'s verdict on 2
// threads as on 1. The Stages and Arena pools share the page's threads: one worker fewer than
// the setting, each worker's engine on one thread. Served with `--no-isolation` the page is not
// isolated, runs the plain package on one thread, offers no setting, and answers the same.
// Runs alone (scripts/browser-tests): it times the page or needs both cores.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { openPage, openReady, pageFixture, pnplayBinary, startServer } from './harness.mjs';

const FFO40 = 'O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X';
// The browser, and the server (cross-origin isolated, as `pnplay serve` is by default) of
// every test but the last.
const fixture = pageFixture();

/** Opens FFO #40 and waits for the engine. */
async function openFfo40(server, errors) {
  const page = await openPage(fixture.browser, `${server.url}#v=1&g=othello&p=${encodeURIComponent(FFO40)}&a=pns`, errors);
  page.on('worker', (worker) => worker.on('console', (m) => m.type() === 'error' && errors.push(m.text())));
  await page.waitForSelector('body[data-ready="true"]', { timeout: 60000 });
  return page;
}

/** Sets the page's thread setting to `threads` and waits until the engine runs on them. */
async function chooseThreads(page, threads) {
  await page.selectOption('#threads-select', String(threads));
  await page.waitForFunction((n) => document.querySelector('#engine-status').dataset.threads === n, String(threads));
}

/** The exact value of the open position as the page shows it: {score, best, positions, seconds}. */
async function exactValue(page) {
  await page.evaluate(() => {
    const out = document.querySelector('#exact-value');
    delete out.dataset.score;
  });
  await page.click('#exact');
  await page.waitForFunction(() => document.querySelector('#exact-value').dataset.score !== undefined, null, { timeout: 120000 });
  const text = await page.locator('#exact-value').textContent();
  return {
    score: await page.locator('#exact-value').getAttribute('data-score'),
    best: await page.locator('#exact-value').getAttribute('data-best'),
    positions: Number(text.match(/([\d,]+) positions/)[1].replace(/,/g, '')),
    seconds: Number(text.match(/positions, ([\d.]+) s\)/)[1]),
  };
}

test('isolated: the threaded engine reports every core; FFO #40 on 2 threads equals 1 thread', { timeout: 300000 }, async () => {
  const { server } = fixture;
  const errors = [];
  const page = await openFfo40(server, errors);
  assert.equal(await page.evaluate(() => self.crossOriginIsolated), true);
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  const info = await page.evaluate(() => window.pnplayEngine.request('threads'));
  assert.deepEqual({ threaded: info.threaded, available: info.available, threads: info.threads }, { threaded: true, available: cores, threads: cores });
  assert.ok(cores >= 2, `this machine has ${cores} core(s): the test needs two`);
  assert.equal(await page.locator('#engine-status').getAttribute('data-threads'), String(cores));
  assert.match(await page.locator('#engine-status').textContent(), new RegExp(`· ${cores} threads$`));
  assert.equal(await page.locator('#threads-setting').isVisible(), true);
  // The helper threads start with the engine, before any call needs them.
  assert.equal((await helpersRunning(page)).helpers, cores, 'helpers started with the engine, before any parallel call');

  await page.selectOption('#threads-select', '2');
  const two = await exactValue(page);
  assert.equal((await page.evaluate(() => window.pnplayEngine.request('threads'))).helpers >= 2, true);
  await chooseThreads(page, 1);
  const one = await exactValue(page);
  console.log(`FFO #40 in the page: 1 thread ${one.seconds} s, ${one.positions} positions; 2 threads ${two.seconds} s, ${two.positions} positions (the solver's own times)`);
  assert.deepEqual([two.score, two.best], ['38', 'a2']);
  assert.deepEqual([one.score, one.best], ['38', 'a2']);
  // One thread is the serial search: the same count as `pnplay score` natively.
  assert.equal(one.positions, 17196128);
  assert.deepEqual(errors, []);
});

/** The engine's `threads` answer once as many helpers run as threads are set (at most 20 s). */
function helpersRunning(page) {
  return page.evaluate(async () => {
    const started = Date.now();
    let info = await window.pnplayEngine.request('threads');
    while (info.helpers < info.threads && Date.now() - started < 20000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      info = await window.pnplayEngine.request('threads');
    }
    return info;
  });
}

/** Every column's score of the open Connect Four position (Analyse): [[column, score]] and
 * the seconds from the click. */
async function columnScores(page) {
  await page.evaluate(() => document.querySelector('#analysis-legend')?.removeAttribute('data-done'));
  const started = Date.now();
  await page.click('#analyse');
  await page.waitForSelector('#analysis-legend[data-done="true"]', { timeout: 120000 });
  return { seconds: (Date.now() - started) / 1000, values: JSON.parse(await page.locator('#analysis-legend').getAttribute('data-values')) };
}

test('isolated: helper threads that cannot start leave the engine answering on one thread', { timeout: 300000 }, async () => {
  const { server } = fixture;
  // With the test hook helper-fail every helper fails to start, at the engine's hello and
  // at the analysis: the engine worker must neither wait for them nor be replaced.
  const errors = [];
  const page = await openReady(fixture.browser, `${server.url}?test-hooks&helper-fail#v=1&g=connect4&p=725617125473&a=pns`, errors);
  const { values } = await columnScores(page);
  const native = JSON.parse(execFileSync(pnplayBinary(), ['book', 'moves', '--pos', '725617125473', '--json'], { encoding: 'utf8' }));
  assert.deepEqual(values, native.map(({ col, score }) => [String(col + 1), score]));
  const info = await page.evaluate(() => window.pnplayEngine.request('threads'));
  assert.deepEqual({ threaded: info.threaded, threads: info.threads, helpers: info.helpers }, { threaded: true, threads: 2, helpers: 0 });
  assert.doesNotMatch(await page.locator('#message').textContent(), /restarted/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('isolated: every Connect Four column on 2 threads scores as on 1 thread', { timeout: 300000 }, async () => {
  const { server } = fixture;
  const errors = [];
  const answers = {};
  // A fresh page (and so a fresh worker and tables) for each setting. 10 stones: past any
  // book the page may serve; 5.3 s natively on one thread.
  for (const threads of ['1', '2']) {
    const page = await openReady(fixture.browser, `${server.url}#v=1&g=connect4&p=5126632662&a=pns`, errors);
    await chooseThreads(page, threads);
    answers[threads] = await columnScores(page);
    answers[threads].helpers = (await page.evaluate(() => window.pnplayEngine.request('threads'))).helpers;
    await page.close();
  }
  const [one, two] = [answers['1'], answers['2']];
  console.log(`Connect Four 5126632662, every column in a fresh page: 1 thread ${one.seconds} s, 2 threads ${two.seconds} s`);
  assert.ok(two.helpers >= 2, `helpers started: ${two.helpers}`);
  assert.equal(two.values.length, 7);
  assert.ok(two.values.every(([, score]) => Number.isInteger(score)), JSON.stringify(two.values));
  assert.deepEqual(two.values, one.values);
  assert.deepEqual(errors, []);
});

test('isolated: dfpn-jobs on 2 threads, its helpers started, gives pnplay solve\'s verdict as on 1', { timeout: 300000 }, async () => {
  const { server } = fixture;
  const errors = [];
  // 6×5 Connect Four after 4453: 1.3 M positions, no win for the side to move.
  const [game, pos] = ['connect4:6x5', '4453'];
  const cli = JSON.parse(execFileSync(pnplayBinary(), ['solve', '--game', game, '--pos', pos, '--algo', 'dfpn-jobs', '--json'], { encoding: 'utf8' }));
  const runs = {};
  for (const threads of ['2', '1']) {
    const page = await openReady(fixture.browser, `${server.url}#v=1&g=connect4&a=pns`, errors);
    await chooseThreads(page, threads);
    await page.evaluate(([game, pos]) => window.pnplayEngine.request('start', { game, pos, algos: ['dfpn-jobs'], options: {} }), [game, pos]);
    // The helpers start in the background: the run waits for them only to be fast.
    await helpersRunning(page);
    runs[threads] = await page.evaluate(async () => {
      const engine = window.pnplayEngine;
      const t0 = performance.now();
      const { reports } = await engine.request('step', { iterations: 1e9 });
      const info = await engine.request('threads');
      return { verdict: reports[0].verdict, iterations: reports[0].stats.iterations, seconds: (performance.now() - t0) / 1000, helpers: info.helpers };
    });
    await page.close();
  }
  console.log(`dfpn-jobs on ${game} ${pos}: page 2 threads ${runs['2'].seconds.toFixed(2)} s, 1 thread ${runs['1'].seconds.toFixed(2)} s (CLI natively ${cli.seconds.toFixed(2)} s on every core)`);
  assert.ok(runs['2'].helpers >= 2, `helpers started: ${runs['2'].helpers}`);
  // The verdict is the CLI's. The positions counted are too only while the children's tables
  // keep everything: the page steps in 30 ms slices, and a df-pn stopped by the clock stores
  // its stopped calls on the way out, which a full table then keeps instead of other entries
  // (natively, steps of a node count search the same positions, tests/searches/jobs.rs).
  console.log(`positions: page 2 threads ${runs['2'].iterations}, 1 thread ${runs['1'].iterations}, CLI ${cli.iterations}`);
  for (const run of Object.values(runs)) assert.equal(run.verdict, cli.verdict);
  assert.equal(cli.verdict, 'disproved');
  assert.deepEqual(errors, []);
});

test('isolated: the Stages and Arena pools share the page\'s threads: one worker fewer, one thread each', { timeout: 300000 }, async () => {
  const { server } = fixture;
  const errors = [];
  const page = await openReady(fixture.browser, `${server.url}#v=1&g=connect4&a=pns`, errors);
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  // The pools' size (Stages) and the Arena's workers follow the thread setting.
  for (const threads of [cores, 1]) {
    await chooseThreads(page, threads);
    const size = await page.evaluate(() => window.pnplayPools.poolSize());
    assert.equal(size, Math.max(1, threads - 1), `pool size at ${threads} threads`);
    assert.equal(await page.inputValue('#arena-workers'), String(Math.min(16, size)));
  }
  await chooseThreads(page, cores);
  // A pool's worker runs on one thread: every column of 6×5 Connect Four after 4453, which
  // the page's engine scores on its threads (a column a thread), starts no helper there.
  const [game, pos] = ['connect4:6x5', '4453'];
  const runs = await page.evaluate(async ([game, pos]) => {
    const { openPool } = window.pnplayPools;
    const columns = async (engine) => {
      const answer = await engine.request('connect4EveryMove', { game, pos, options: { nodes: null, time: 60 } });
      return { values: answer.moves.map(({ col, score }) => [col, score]), threads: await engine.request('threads') };
    };
    const [pooled] = openPool(1);
    try {
      return { pooled: await columns(pooled), page: await columns(window.pnplayEngine) };
    } finally {
      pooled.close();
    }
  }, [game, pos]);
  const { threaded, available, threads, helpers } = runs.pooled.threads;
  assert.deepEqual({ threaded, available, threads, helpers }, { threaded: true, available: 1, threads: 1, helpers: 0 });
  assert.ok(runs.page.threads.helpers >= 1, `the page's engine started ${runs.page.threads.helpers} helpers`);
  assert.equal(runs.pooled.values.length, 6);
  assert.ok(runs.pooled.values.every(([, value]) => Number.isInteger(value)), JSON.stringify(runs.pooled.values));
  assert.deepEqual(runs.pooled.values, runs.page.values);
  assert.deepEqual(errors, []);
});

test('not isolated (--no-isolation): one thread, no setting, the same answer', { timeout: 300000 }, async () => {
  const server = await startServer(['--no-isolation']);
  try {
    const errors = [];
    const page = await openFfo40(server, errors);
    assert.equal(await page.evaluate(() => self.crossOriginIsolated), false);
    const info = await page.evaluate(() => window.pnplayEngine.request('threads'));
    assert.deepEqual(info, { threaded: false, available: 1, threads: 1, helpers: 0 });
    assert.match(await page.locator('#engine-status').textContent(), /· 1 thread$/);
    assert.equal(await page.locator('#threads-setting').isVisible(), false);
    const one = await exactValue(page);
    assert.deepEqual([one.score, one.best, one.positions], ['38', 'a2', 17196128]);
    assert.deepEqual(errors, []);
  } finally {
    server.stop();
  }
});
