// The page checks proof certificates (issue 33): a certificate `pnplay solve --certificate`
// writes is "valid" in the Papers view's check, as `pnplay check` says; the same certificate
// with a leaf turned round is refused at the node `pnplay check` names; a decided search in
// the playground exports a certificate that `pnplay check` accepts.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pageFixture, pnplayBinary } from './harness.mjs';

const fixture = pageFixture();
const WAIT = { timeout: 60000 };
const binary = pnplayBinary();
const dir = mkdtempSync(path.join(tmpdir(), 'pnplay-certificate-'));

/** `pnplay check file`'s one line (stdout, or stderr without the `pnplay: ` prefix when it refuses). */
function cliCheck(file) {
  const run = spawnSync(binary, ['check', file], { encoding: 'utf8' });
  return { ok: run.status === 0, line: (run.status === 0 ? run.stdout : run.stderr.replace(/^pnplay: /, '')).trim() };
}

/** Chooses `text` as the certificate file of the Papers view and waits for its answer. */
async function check(page, name, text) {
  await page.setInputFiles('#papers-certificate-file', { name, mimeType: 'text/plain', buffer: Buffer.from(text) });
  await page.waitForFunction(
    (name) => {
      const out = document.querySelector('#papers-certificate-result');
      return out.textContent.startsWith(`${name}: `) && out.dataset.state !== 'checking';
    },
    name,
    WAIT,
  );
  return { state: await page.locator('#papers-certificate-result').getAttribute('data-state'), text: await page.locator('#papers-certificate-result').textContent() };
}

test('a valid certificate checks, a corrupted one is refused at its node, and the playground exports one', async () => {
  const errors = [];
  const good = path.join(dir, 'ttt.cert');
  execFileSync(binary, ['solve', '--game', 'tictactoe', '--pos', '', '--algo', 'dfpn', '--certificate', good]);
  const text = readFileSync(good, 'utf8');
  const cli = cliCheck(good);
  assert.ok(cli.ok, cli.line);

  // Tic-tac-toe's start with PNS in the playground (for the export below), then the Papers view.
  const page = await fixture.ready('#v=1&g=tictactoe&p=&a=pns', errors);
  await page.click('#view-papers');
  const valid = await check(page, 'ttt.cert', text);
  assert.equal(valid.state, 'valid');
  const nodes = Number(/ — (\d+) nodes$/.exec(cli.line)[1]);
  assert.equal(valid.text, `ttt.cert: valid — disproved: Can X, to move, force a win? (${nodes.toLocaleString('en')} nodes checked with the rules alone).`);

  // The first leaf turned round: refused at the node the CLI names.
  const [head, tree] = text.split('tree\n');
  const spoilt = `${head}tree\n${tree.replace(' loss\n', ' win\n')}`;
  const bad = path.join(dir, 'spoilt.cert');
  writeFileSync(bad, spoilt);
  const refused = cliCheck(bad);
  assert.equal(refused.ok, false);
  assert.match(refused.line, /^certificate rejected at node \d+/);
  const shown = await check(page, 'spoilt.cert', spoilt);
  assert.equal(shown.state, 'rejected');
  assert.equal(shown.text, `spoilt.cert: not valid — ${refused.line}`);

  // A decided search in the playground: Export certificate, then `pnplay check` accepts it.
  await page.click('#view-tree');
  await page.click('#run');
  await page.waitForSelector('#results .result .export-certificate', WAIT);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#results .result .export-certificate')]);
  const exported = path.join(dir, 'exported.cert');
  writeFileSync(exported, readFileSync(await download.path()));
  const accepted = cliCheck(exported);
  assert.ok(accepted.ok, accepted.line);
  assert.match(accepted.line, /^certificate ok: (proved|disproved) — /);
  assert.deepEqual(errors, []);
  await page.close();
});
