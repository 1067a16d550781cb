// Shared set-up for the browser tests: a `pnplay serve` on a free port and a headless
// Debian Chromium driven by playwright-core (never a downloaded browser).

import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import path from 'node:path';
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';

export const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function pnplayBinary() {
  if (process.env.PNPLAY_BIN) return process.env.PNPLAY_BIN;
  for (const profile of ['release', 'debug']) {
    const candidate = path.join(repo, 'target', profile, 'pnplay');
    if (existsSync(candidate)) return candidate;
  }
  throw new Error('no pnplay binary: run `cargo build --release` first, or set PNPLAY_BIN (scripts/test sets it)');
}

/**
 * Game 1 of `pnplay match --game GAME --a AGENT --b random --seed SEED --games 2`, whose
 * agent plays second: its record (the random agent's moves are a Play-mode test's own).
 */
export function cliMatchGame(game, agent, seed) {
  const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'pnplay-match-')), 'games.jsonl');
  execFileSync(pnplayBinary(), ['match', '--game', game, '--a', agent, '--b', 'random', '--seed', String(seed), '--games', '2', '--quiet', '--out', out]);
  const records = readFileSync(out, 'utf8').trim().split('\n').map((line) => JSON.parse(line));
  return records.find((record) => record.index === 1);
}

/**
 * Waits until every tree view on `page` has painted its whole drawing (tree-view.js paints a
 * dozen nodes near the view a frame and the rest in tasks after; `data-unpainted` counts those
 * left), so that two trees are compared only once each is complete.
 */
export function treesPainted(page) {
  return page.waitForFunction(() => {
    const boxes = [...document.querySelectorAll('.tree-box')];
    return boxes.length > 0 && boxes.every((box) => box.dataset.unpainted === '0');
  }, null, { timeout: 60000 });
}

/** Waits until Play mode's status on `page` says it is the user's move. */
export function yourMove(page, options) {
  return page.waitForFunction(() => document.querySelector('#play-status').textContent.includes('Your move'), null, options);
}

/** Waits until the game on `page` (its share link's `pm`) has at least `count` moves. */
export function movesPlayed(page, count) {
  return page.waitForFunction((count) => {
    const pm = new URLSearchParams(window.location.hash.slice(1)).get('pm');
    return (pm ? pm.split(',').length : 0) >= count;
  }, count, { timeout: 60000 });
}

/**
 * Starts a new Play-mode game on `page` against `search` with the `iterations` and `options`
 * fields as given (options left alone if undefined) and `seed`, and waits for the user's move.
 */
export async function newPlayGame(page, { search, iterations, options, seed }) {
  await page.check('#play-mode');
  await page.selectOption('#play-search', search);
  await page.fill('#play-iterations', iterations);
  if (options !== undefined) await page.fill('#play-options', options);
  await page.fill('#play-seed', String(seed));
  await page.dispatchEvent('#play-seed', 'change');
  await page.click('#play-new');
  await yourMove(page);
}

/** The page's bundle (scripts/bundle), which index.html loads instead of app/main.js. */
export const BUNDLE = path.join(repo, 'www/app/main.bundle.js');

/**
 * Why www/app/main.bundle.js is not the page's modules as they are now, or null: missing, or
 * built from a module that has changed since (its source map carries every module's text).
 * The browser tests would otherwise test the old page.
 */
export function staleBundle() {
  if (!existsSync(`${BUNDLE}.map`)) return 'www/app/main.bundle.js is missing: run scripts/bundle (scripts/build runs it)';
  const map = JSON.parse(readFileSync(`${BUNDLE}.map`, 'utf8'));
  const changed = map.sources.filter((source, i) => {
    const file = path.join(path.dirname(BUNDLE), source);
    return !existsSync(file) || readFileSync(file, 'utf8') !== map.sourcesContent[i];
  });
  return changed.length ? `www/app/main.bundle.js was built from older ${changed.join(', ')}: run scripts/bundle` : null;
}

/** Starts `pnplay serve --port 0` with extra flags; resolves with {url, stop}. Refuses a
 * stale bundle of the page's modules ({@link staleBundle}). */
export function startServer(extraArgs = []) {
  const stale = staleBundle();
  if (stale) return Promise.reject(new Error(stale));
  const child = spawn(pnplayBinary(), ['serve', '--port', '0', ...extraArgs], {
    cwd: repo,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = output.match(/http:\/\/[\d.]+:\d+\//);
      if (match) resolve({ url: match[0], stop: () => child.kill() });
    });
    child.on('exit', (code) => reject(new Error(`pnplay serve exited with ${code}: ${output}`)));
  });
}

/** Launches headless Chromium with the flags this machine needs. */
export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Opens a page and collects its console errors and page errors into `errors`. */
export async function openPage(browser, url, errors = []) {
  const page = await browser.newPage();
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const pending = new Set();
  page.on('request', (request) => pending.add(request.url()));
  page.on('requestfinished', (request) => pending.delete(request.url()));
  page.on('requestfailed', (request) => pending.delete(request.url()));
  try {
    await page.goto(url);
  } catch (error) {
    throw new Error(`${error.message}\nstill loading: ${[...pending].join(', ')}`);
  }
  return page;
}

/** Opens a page as [`openPage`] does and waits until its engine is ready and the link's
 * state applied (`body[data-ready]`). */
export async function openReady(browser, url, errors = [], timeout = 60000) {
  const page = await openPage(browser, url, errors);
  await page.waitForSelector('body[data-ready="true"]', { timeout });
  return page;
}

/**
 * For a test file: a browser and a server started before its tests and stopped after them,
 * `ready(fragment, errors)`, which opens the page at a share-link fragment and waits until it
 * has applied it, and `lessonSteps(lesson, errors, read)`.
 */
export function pageFixture() {
  const fixture = { browser: null, server: null };
  before(async () => {
    fixture.browser = await launchBrowser();
    fixture.server = await startServer();
  });
  after(async () => {
    fixture.server?.stop();
    await fixture.browser?.close();
  });
  fixture.ready = (fragment = '', errors = []) => openReady(fixture.browser, fixture.server.url + fragment, errors, 20000);
  // Opens each step of `lesson` from its link in turn, checks that it shows no message, and
  // returns what `read(page, at)` reads of each; the pages' errors go to `errors`.
  fixture.lessonSteps = async (lesson, errors, read) => {
    const seen = [];
    for (let at = 1; at <= lesson.steps.length; at++) {
      const page = await fixture.ready(lessonLink(lesson, at), errors);
      assert.equal(await page.locator('#message').isHidden(), true, `${lesson.id} step ${at}: ${await page.textContent('#message')}`);
      seen.push(await read(page, at));
      await page.close();
    }
    return seen;
  };
  return fixture;
}

/**
 * How much slower than idle the machine is: the load per core (`os.loadavg`, the larger of
 * now and `earlier`, a 1-minute average read at the run's start), at least 1. Timing bounds
 * that hold on an idle machine are scaled by it on a shared one.
 */
export function slowdown(earlier = 0) {
  return Math.max(1, Math.max(earlier, os.loadavg()[0]) / os.cpus().length);
}

/** The result cards on `page`: {algo, verdict, iterations, root, best}. */
export function cards(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('.result')].map((card) => {
      const field = (name) => {
        const dt = [...card.querySelectorAll('dt')].find((d) => d.textContent === name);
        return dt?.nextElementSibling.textContent ?? null;
      };
      return {
        algo: card.dataset.algo,
        verdict: card.querySelector('.verdict').dataset.verdict,
        iterations: Number(field('iterations')?.replace(/,/g, '')),
        root: field('root'),
        best: card.querySelector('dd[data-move]')?.textContent ?? null,
      };
    }),
  );
}

/** The share-link fragment of step `at` (from 1) of `lesson` (www/views/lessons.js). */
export function lessonLink(lesson, at) {
  return `#v=1&${lesson.steps[at - 1].link}&view=lessons&lesson=${lesson.id}&at=${at}`;
}

/** The tasks running now (Linux's /proc/loadavg), less the reader; null elsewhere. */
export function runQueue() {
  if (!existsSync('/proc/loadavg')) return null;
  const running = Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[3].split('/')[0]);
  return Math.max(0, running - 1);
}

/**
 * The load a run actually met, where `os.loadavg` trails it by a minute: the mean of
 * `runQueue()` samples per core, at least 1 (elsewhere, `slowdown()`).
 */
export function loadPerCore(samples) {
  if (samples.length === 0 || samples.includes(null)) return slowdown();
  return Math.max(1, samples.reduce((a, b) => a + b, 0) / samples.length / os.cpus().length);
}

/** Samples `runQueue()` every 100 ms; the function returned stops and gives `loadPerCore`. */
export function sampleLoad() {
  const samples = [];
  const timer = setInterval(() => samples.push(runQueue()), 100);
  return () => {
    clearInterval(timer);
    return loadPerCore(samples);
  };
}

/**
 * Gives `page` `window.testWorker(query)`: an engine worker of the test's own (the page's
 * worker answers the page's own requests), opened with `query` (e.g. `?game=connect4`), as
 * `{request(type, payload), terminate()}`; `request` resolves with the worker's whole answer
 * (`{type: 'result', result}` or an error).
 */
export function addTestWorker(page) {
  return page.evaluate(() => {
    window.testWorker = (query = '') => {
      const worker = new Worker(new URL(`engine/worker.js${query}`, location.href), { type: 'module' });
      const waiting = new Map();
      worker.onmessage = ({ data }) => waiting.get(data.id)?.(data);
      let next = 1;
      const request = (type, payload = {}) =>
        new Promise((resolve) => {
          const id = next++;
          waiting.set(id, resolve);
          worker.postMessage({ id, type, ...payload });
        });
      return { request, terminate: () => worker.terminate() };
    };
  });
}
