// The static site (issues 29 and 32): scripts/dist.mjs builds dist/ from www/, pkg/ and the
// committed results; served by `python3 -m http.server` (a host that knows nothing of pnplay
// and sends no isolation headers):
//   * with service workers, coi-serviceworker makes the page cross-origin isolated after one
//     reload and the engine runs the threaded package on every core: the Othello solver's
//     exact value of FFO #1 on 2 threads is the published one;
//   * without them (as in some private windows) the page runs the plain package on one
//     thread, loads the engine from the compressed wasm, proves FFO #40, lists the committed
//     results in the results viewer and opens one, and lists the Papers view's cards and opens
//     one — with no failed request and no console error.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchBrowser, repo } from './harness.mjs';

const FFO1 = '--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X';
const FFO40 = 'O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X';
const dist = path.join(mkdtempSync(path.join(tmpdir(), 'pnplay-dist-')), 'dist');
let browser;
let server;
let url;

before(async () => {
  execFileSync('node', [path.join(repo, 'scripts', 'dist.mjs'), dist], { stdio: 'inherit' });
  server = spawn('python3', ['-u', '-m', 'http.server', '0', '--bind', '127.0.0.1', '--directory', dist], { stdio: ['ignore', 'pipe', 'ignore'] });
  url = await new Promise((resolve, reject) => {
    let output = '';
    server.stdout.on('data', (chunk) => {
      output += chunk;
      const match = output.match(/port (\d+)/);
      if (match) resolve(`http://127.0.0.1:${match[1]}/`);
    });
    server.on('exit', (code) => reject(new Error(`http.server exited with ${code}: ${output}`)));
  });
  browser = await launchBrowser();
});

after(async () => {
  server?.kill();
  await browser?.close();
});

test('dist/ has content-hashed assets, the wasm precompressed and the results index', () => {
  const names = readdirSync(dist);
  assert.ok(names.includes('index.html'));
  assert.ok(names.some((n) => /^style\.[0-9a-f]{10}\.css$/.test(n)), names.join(' '));
  // At the root only the service worker, under its own name (its scope is the whole site).
  assert.deepEqual(names.filter((n) => n.endsWith('.js')), ['coi-serviceworker.js']);
  assert.match(readFileSync(path.join(dist, 'index.html'), 'utf8'), /<meta charset="utf-8">\s*<script src="coi-serviceworker.js"><\/script>/);
  for (const [folder, script] of [['app', 'main'], ['engine', 'worker']]) {
    const inside = readdirSync(path.join(dist, folder));
    assert.ok(inside.some((n) => new RegExp(`^${script}\\.[0-9a-f]{10}\\.js$`).test(n)), inside.join(' '));
    assert.ok(!inside.includes(`${script}.js`), `only hashed names: ${inside.join(' ')}`);
  }
  // Each engine module, plain and threaded, under 2.5 MB (issue 32).
  const modules = readdirSync(path.join(dist, 'pkg')).filter((name) => name.startsWith('games-'));
  assert.deepEqual(modules.sort(), ['games-a', 'games-b', 'games-c']);
  for (const folder of modules.flatMap((module) => [`pkg/${module}`, `pkg/threads/${module}`])) {
    const pkg = readdirSync(path.join(dist, folder));
    const wasm = pkg.find((n) => /^pnplay_bg\.[0-9a-f]{10}\.wasm$/.test(n));
    assert.ok(wasm, pkg.join(' '));
    const size = (name) => statSync(path.join(dist, folder, name)).size;
    for (const ext of ['.gz', '.br']) assert.ok(size(wasm + ext) < size(wasm) / 2, `${folder} ${ext}: ${size(wasm + ext)} of ${size(wasm)}`);
    assert.ok(size(wasm) <= 2.5e6, `${folder}: ${size(wasm)} bytes`);
  }
  const index = JSON.parse(readFileSync(path.join(dist, 'results.json'), 'utf8'));
  const committed = execFileSync('git', ['ls-files', 'results'], { cwd: repo, encoding: 'utf8' }).split('\n').filter((f) => /^results\/([^/]+\/)?[^/]+\.jsonl(\.gz)?$/.test(f));
  assert.deepEqual(index.files, committed.map((f) => f.slice('results/'.length)).sort());
  for (const file of index.files) assert.ok(statSync(path.join(dist, 'results', file)).isFile(), file);
  // The Papers view's cards, with the READMEs they cite.
  const cards = execFileSync('git', ['ls-files', 'results'], { cwd: repo, encoding: 'utf8' }).split('\n').filter((f) => /^results\/[^/]+\/cards\.json$/.test(f));
  assert.deepEqual(index.cards, cards.map((f) => f.slice('results/'.length)).sort());
  for (const file of index.cards) assert.ok(statSync(path.join(dist, 'results', path.dirname(file), 'README.md')).isFile(), file);
});

test('with service workers: isolated after one reload, the threaded engine on every core, FFO #1 on 2 threads', { timeout: 180000 }, async () => {
  const errors = [];
  const failed = [];
  const wasmAnswers = [];
  let loads = 0;
  const page = await browser.newPage();
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  // The first load's requests still running at the reload are cut short (ERR_ABORTED).
  page.on('requestfailed', (request) => request.failure()?.errorText !== 'net::ERR_ABORTED' && failed.push(`${request.url()} ${request.failure()?.errorText}`));
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.url()} ${response.status()}`);
    if (/\/threads\/games-a\/pnplay_bg\.[^/]*$/.test(response.url())) wasmAnswers.push(response.url());
  });
  page.on('framenavigated', (frame) => frame === page.mainFrame() && (loads += 1));
  page.on('worker', (worker) => worker.on('console', (m) => m.type() === 'error' && errors.push(m.text())));
  await page.goto(`${url}#v=1&g=othello&p=${encodeURIComponent(FFO1)}&a=pns`);
  await page.waitForFunction(() => self.crossOriginIsolated === true, null, { timeout: 60000 });
  await page.waitForSelector('body[data-ready="true"]', { timeout: 60000 });
  assert.equal(loads, 2, 'one reload, by the service worker');
  assert.equal(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL), `${url}coi-serviceworker.js`);
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  assert.ok(cores >= 2, `this machine has ${cores} core(s): the test needs two`);
  const info = await page.evaluate(() => window.pnplayEngine.request('threads'));
  assert.deepEqual({ threaded: info.threaded, available: info.available }, { threaded: true, available: cores });
  await page.selectOption('#threads-select', '2');
  await page.click('#exact');
  await page.waitForFunction(() => document.querySelector('#exact-value').dataset.score !== undefined, null, { timeout: 120000 });
  assert.deepEqual([await page.locator('#exact-value').getAttribute('data-score'), await page.locator('#exact-value').getAttribute('data-best')], ['18', 'g8']);
  assert.ok((await page.evaluate(() => window.pnplayEngine.request('threads'))).helpers >= 1);
  // The threaded wasm came compressed: only its gzip file was asked for.
  assert.ok(wasmAnswers.length >= 1);
  for (const answer of wasmAnswers) assert.match(answer, /pnplay_bg\.[0-9a-f]{10}\.wasm\.gz$/);
  assert.deepEqual(failed, []);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('without service workers: one thread, engine ready, FFO #40 proved, results listed, no error', { timeout: 180000 }, async () => {
  const errors = [];
  const failed = [];
  const wasmAnswers = [];
  const page = await browser.newPage();
  // A browser without service workers (as Firefox's private windows): the shim does nothing.
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'serviceWorker', { get: () => undefined }));
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('requestfailed', (request) => failed.push(`${request.url()} ${request.failure()?.errorText}`));
  page.on('response', async (response) => {
    if (response.status() >= 400) failed.push(`${response.url()} ${response.status()}`);
    if (/\.wasm(\.gz|\.br)?$/.test(response.url())) wasmAnswers.push({ url: response.url(), bytes: Number(response.headers()['content-length']) });
  });
  page.on('worker', (worker) => worker.on('console', (m) => m.type() === 'error' && errors.push(m.text())));
  await page.goto(`${url}#v=1&g=othello&p=${encodeURIComponent(FFO40)}&a=pns`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 60000 });
  assert.equal(await page.locator('#engine-status').getAttribute('data-state'), 'ready');
  assert.equal(await page.evaluate(() => self.crossOriginIsolated), false);
  assert.deepEqual(await page.evaluate(() => window.pnplayEngine.request('threads')), { threaded: false, available: 1, threads: 1, helpers: 0 });
  await page.click('#run');
  await page.waitForFunction(() => ['proved', 'disproved', 'out'].includes(document.querySelector('.results .verdict')?.dataset.verdict), null, { timeout: 60000 });
  assert.equal(await page.locator('.results .verdict').first().getAttribute('data-verdict'), 'proved');
  // The wasm came compressed: only the gzip file was asked for.
  assert.ok(wasmAnswers.length >= 1, JSON.stringify(wasmAnswers));
  for (const answer of wasmAnswers) {
    assert.match(answer.url, /pnplay_bg\.[0-9a-f]{10}\.wasm\.gz$/);
    assert.ok(answer.bytes < 2_000_000, JSON.stringify(answer));
  }
  // The results viewer lists the committed results and opens one.
  await page.click('#view-results');
  const index = JSON.parse(readFileSync(path.join(dist, 'results.json'), 'utf8'));
  await page.waitForFunction((n) => document.querySelectorAll('#resfile-served option').length === n + 1, index.files.length);
  await page.selectOption('#resfile-served', '2048-2x2/2048.jsonl.gz');
  await page.waitForSelector('#resfile-panel[data-state="shown"]', { timeout: 60000 });
  // The Papers view lists its cards and opens one with its committed records and evidence.
  await page.click('#view-papers');
  await page.waitForSelector('#papers-panel[data-state="listed"]', { timeout: 60000 });
  assert.ok((await page.locator('.papers-item').count()) >= 26);
  await page.click('.papers-item[data-card="dissertation-table-4-2-and"] .papers-open');
  await page.waitForSelector('#papers-card[data-state="shown"]', { timeout: 60000 });
  assert.equal(await page.locator('#papers-card .papers-records > table').count(), 2);
  const evidence = await page.locator('#papers-card .papers-verdict a').getAttribute('href');
  assert.equal(await page.evaluate((href) => fetch(href).then((r) => r.status), evidence), 200);
  assert.deepEqual(failed, []);
  assert.deepEqual(errors, []);
});
