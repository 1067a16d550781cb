// The first slice of the page: the worker loads the wasm engine and answers `hello`.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, launchBrowser, openPage, repo } from './harness.mjs';

const version = readFileSync(path.join(repo, 'Cargo.toml'), 'utf8').match(/^version = "(.+)"/m)[1];
let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

test('the page shows the engine version from the worker hello', async () => {
  const server = await startServer();
  try {
    const errors = [];
    const page = await openPage(browser, server.url, errors);
    const status = page.locator('#engine-status');
    await status.filter({ hasText: 'engine ready' }).waitFor({ timeout: 15000 });
    assert.match(await status.textContent(), new RegExp(`pnplay ${version.replace(/\./g, '\\.')}`));
    assert.equal(await status.getAttribute('data-state'), 'ready');
    await page.waitForSelector('body[data-ready="true"]');
    assert.match(await page.locator('#game-select').textContent(), /Othello 8×8/);
    assert.match(await page.locator('#algo-select').textContent(), /Probability-based PNS/);
    assert.deepEqual(errors, []);
  } finally {
    server.stop();
  }
});

test('the page shows a clear error when the wasm package cannot load', async () => {
  const emptyPkg = mkdtempSync(path.join(tmpdir(), 'pnplay-nopkg-'));
  const server = await startServer(['--pkg', emptyPkg]);
  try {
    const page = await openPage(browser, server.url);
    const status = page.locator('#engine-status');
    await status.filter({ hasText: 'engine' }).and(page.locator('[data-state="error"]')).waitFor({ timeout: 15000 });
    assert.match(await status.textContent(), /engine/);
    assert.equal(await status.getAttribute('data-state'), 'error');
  } finally {
    server.stop();
  }
});

test('a dead worker is reported and replaced, and the new one answers', async () => {
  const server = await startServer();
  try {
    const page = await openPage(browser, server.url);
    const status = page.locator('#engine-status');
    await status.filter({ hasText: 'engine ready' }).waitFor({ timeout: 15000 });
    await page.evaluate(() => window.pnplayEngine.die('killed by the test'));
    await status.filter({ hasText: 'engine ready' }).waitFor({ timeout: 15000 });
    const hello = await page.evaluate(() => window.pnplayEngine.request('hello'));
    assert.equal(hello.version, version);
  } finally {
    server.stop();
  }
});
