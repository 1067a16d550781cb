// The Papers view's rerun of the PPNS paper's Figure 5 (issue 33): the root's PPN over the
// iterations of PPNS on one position (`pnplay experiment ppn-history --pos`) in the page's
// worker. The committed histories are drawn when the card opens; the rerun writes the record
// the command the card shows writes (seconds aside) and is drawn beside them.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { pageFixture, repo, pnplayBinary } from './harness.mjs';
import { committedCard, openCard, rerunLines } from './papers-card.mjs';

const fixture = pageFixture();
const WAIT = { timeout: 120000 };
const binary = pnplayBinary();
const folder = path.join(repo, 'results', 'connect4-grid');

test('Figure 5 draws the committed PPN histories and reruns one in the page with the CLI’s record', async () => {
  const errors = [];
  const card = committedCard('connect4-grid', 'ppns-paper-figure-5');
  const committed = gunzipSync(readFileSync(path.join(folder, card.histories[0]))).toString().trim().split('\n').map((line) => JSON.parse(line));
  const page = await openCard(fixture, errors, card.id, WAIT);
  // The committed histories: a table row and a chart per position.
  const ours = page.locator('#papers-card .papers-ours');
  const rows = await ours.locator('.papers-histories tbody tr').evaluateAll((trs) => trs.map((tr) => ({ pos: tr.dataset.pos, iterations: Number(tr.dataset.iterations) })));
  assert.deepEqual(rows, committed.map((h) => ({ pos: h.pos, iterations: h.iterations })));
  assert.equal(await ours.locator('.chart[data-pos] .uplot').count(), committed.length);

  // The rerun: the record the shown command writes, seconds aside.
  const [words] = await page.locator('#papers-card .papers-rerun .papers-command').evaluateAll((codes) => codes.map((code) => code.textContent.split(' ').slice(1)));
  assert.deepEqual(words.slice(0, 5), ['experiment', 'ppn-history', '--game', card.rerun.game, '--pos']);
  const timeless = ({ seconds, ...rest }) => rest;
  const records = (await rerunLines(page, WAIT)).map((line) => timeless(JSON.parse(line)));
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'pnplay-ppn-')), 'run.jsonl');
  execFileSync(binary, [...words, '--quiet', '--out', out]);
  const cli = readFileSync(out, 'utf8').trim().split('\n').map((line) => timeless(JSON.parse(line)));
  assert.deepEqual(records, cli, `pnplay ${words.join(' ')}`);
  // The rerun is the committed run of that position (its seed, a node limit above its end):
  // the same history and the same stop of pr = 1e-5.
  const same = committed.find((h) => h.pos === card.rerun.pos);
  const [rerun] = records;
  assert.equal(rerun.verdict, same.verdict);
  assert.deepEqual(rerun.history, same.history);
  assert.deepEqual([rerun.within_pr, rerun.with_pr], [same.within_pr, same.with_pr]);
  assert.equal(await page.locator('#papers-rerun-result .chart[data-pos] .uplot').count(), 1);
  assert.deepEqual(errors, []);
  await page.close();
});
