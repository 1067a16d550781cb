// A reload does not download the engine again (issue 29): `pnplay serve` answers the wasm
// with an ETag and `Cache-Control: no-cache`, so the browser keeps its copy and asks only
// whether it changed; the second load's wasm answer comes with no body (measured: 1,425,960
// bytes, gzip, the first time; 0 the second), the page is ready again and no console error is
// shown.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageFixture } from './harness.mjs';

const fixture = pageFixture();

test('a reload through pnplay serve revalidates the wasm instead of downloading it', { timeout: 120000 }, async () => {
  const context = await fixture.browser.newContext();
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  const answers = [];
  page.on('response', async (response) => {
    if (!/\.wasm(\.gz|\.br)?$/.test(response.url())) return;
    const sizes = await response.request().sizes();
    answers.push({ status: response.status(), body: sizes.responseBodySize, url: response.url() });
  });
  const load = async (go) => {
    answers.length = 0;
    await go();
    await page.waitForSelector('body[data-ready="true"]', { timeout: 60000 });
    assert.equal(await page.locator('#engine-status').getAttribute('data-state'), 'ready');
    // The worker's answer arrives before the engine is ready; its sizes a moment later.
    await page.waitForFunction(() => true);
    return [...answers];
  };
  const first = await load(() => page.goto(`${fixture.server.url}#v=1&g=tictactoe`));
  assert.equal(first.length, 1, JSON.stringify(first));
  assert.equal(first[0].status, 200);
  assert.ok(first[0].body > 500_000, `the first load downloads the wasm: ${JSON.stringify(first)}`);
  const second = await load(() => page.reload());
  assert.equal(second.length, 1, JSON.stringify(second));
  // Chromium shows a revalidated copy with the status it was stored with; what was sent is
  // what counts: no body.
  assert.equal(second[0].body, 0, `the reload downloads nothing: ${JSON.stringify(second)}`);
  assert.deepEqual(errors, []);
  await context.close();
});
