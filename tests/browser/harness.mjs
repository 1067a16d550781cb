// Shared set-up for the browser tests: a `pnplay serve` on a free port and a headless
// Debian Chromium driven by playwright-core (never a downloaded browser).

import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';

export const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function pnplayBinary() {
  if (process.env.PNPLAY_BIN) return process.env.PNPLAY_BIN;
  for (const profile of ['release', 'debug']) {
    const candidate = path.join(repo, 'target', profile, 'pnplay');
    if (existsSync(candidate)) return candidate;
  }
  throw new Error('no pnplay binary: run `cargo build --release` first (scripts/test does)');
}

/** Starts `pnplay serve --port 0` with extra flags; resolves with {url, stop}. */
export function startServer(extraArgs = []) {
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

/**
 * For a test file: a browser and a server started before its tests and stopped after them,
 * and `ready(fragment, errors)`, which opens the page at a share-link fragment and waits
 * until it has applied it.
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
  fixture.ready = async (fragment = '', errors = []) => {
    const page = await openPage(fixture.browser, fixture.server.url + fragment, errors);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 20000 });
    return page;
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
