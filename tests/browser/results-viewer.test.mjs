// The results viewer (issue 18): a committed results/ file that `pnplay serve` lists opens in
// the page with our numbers as the command line prints them (the table `scripts/results`
// regenerates from the records, results/othello-stages/derived/othello-stages.txt) and
// the paper's beside them; a file that is not a results file gives a message, and the viewer
// (and the page) keep working.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { pageFixture, repo } from './harness.mjs';

const fixture = pageFixture();
const SHOWN = '#resfile-panel[data-state="shown"]';
const WAIT = { timeout: 60000 };
const RECORDS = 'othello-stages/othello-stages.jsonl.gz';

/**
 * Stage 18, PPNS in the committed table as `pnplay experiment` printed it: our completion %
 * (the column `compl%`) and the paper's (the fifth number after `| paper:`).
 */
function printedRow(stage, search) {
  const into = mkdtempSync(path.join(os.tmpdir(), 'pnplay-results-'));
  execFileSync(path.join(repo, 'scripts', 'results'), ['--into', into, 'othello-stages'], { stdio: 'ignore' });
  const text = readFileSync(path.join(into, 'othello-stages', 'othello-stages.txt'), 'utf8');
  rmSync(into, { recursive: true });
  const line = text.split('\n').find((l) => {
    const [s, a] = l.trim().split(/\s+/);
    return s === String(stage) && a === search;
  });
  assert.ok(line, `othello-stages.txt has a row ${stage} ${search}`);
  const [ours, paper] = line.split('|');
  return { completion: ours.trim().split(/\s+/)[8], paper: paper.trim().split(/\s+/)[4] };
}

/** The cells of the row `stage` × `search`, by column heading. */
function rowCells(page, stage, search) {
  return page.evaluate(
    ([stage, search]) => {
      const table = document.querySelector('#resfile-table table');
      const heads = [...table.querySelectorAll('thead th')].map((th) => th.textContent);
      const row = table.querySelector(`tr[data-stage="${stage}"][data-search="${search}"]`);
      return row ? Object.fromEntries(heads.map((h, i) => [h, row.cells[i].textContent])) : null;
    },
    [stage, search],
  );
}

test('a served results/ file shows our numbers and the paper’s; a bad file says so and the viewer keeps working', async () => {
  const errors = [];
  const page = await fixture.ready('', errors);
  await page.click('#view-results');
  assert.equal(await page.locator('#resfile-panel').isVisible(), true);
  await page.waitForSelector('#resfile-served-label:not([hidden])', WAIT);
  const served = await page.locator('#resfile-served option').allTextContents();
  assert.ok(served.includes(RECORDS), `served: ${served.join(', ')}`);

  await page.selectOption('#resfile-served', RECORDS);
  await page.waitForSelector(SHOWN, WAIT);
  const expected = printedRow(18, 'ppns');
  const cells = await rowCells(page, 18, 'ppns');
  assert.ok(cells, 'a row for stage 18, PPNS');
  assert.equal(cells['completion %'], expected.completion);
  assert.equal(cells['paper completion %'], expected.paper);
  assert.equal(cells.n, '50');
  assert.match(cells.source, /paper Table 2/);
  assert.equal(await page.locator('#resfile-table tbody tr').count(), 18, '6 stages × 3 searches');
  assert.match(await page.locator('#resfile-status').textContent(), /900 records/);
  assert.equal(await page.locator('#resfile-chart .uplot').count(), 1, 'the completion plot');

  // A file of one record: one record, one row (singular words).
  const first = gunzipSync(readFileSync(path.join(repo, 'results', RECORDS))).toString('utf8').split('\n')[0];
  await page.setInputFiles('#resfile-input', { name: 'one.jsonl', mimeType: 'application/jsonl', buffer: Buffer.from(`${first}\n`) });
  await page.waitForFunction(() => document.querySelector('#resfile-status').textContent.startsWith('one.jsonl: '), null, WAIT);
  assert.match(await page.locator('#resfile-status').textContent(), /^one\.jsonl: 1 record, 1 row \(/);
  assert.equal(await page.locator('#resfile-table tbody tr').count(), 1);

  // A file that is not JSON Lines of a batch command: a message naming it, nothing drawn.
  await page.setInputFiles('#resfile-input', { name: 'notes.jsonl', mimeType: 'application/jsonl', buffer: Buffer.from('this is not a record\n') });
  await page.waitForSelector('#resfile-panel[data-state="error"]', WAIT);
  assert.match(await page.locator('#resfile-status').textContent(), /^notes\.jsonl: \S/);
  assert.equal(await page.locator('#resfile-table tr').count(), 0);

  // The viewer still opens files; the rest of the page still works.
  await page.selectOption('#resfile-served', '');
  await page.selectOption('#resfile-served', RECORDS);
  await page.waitForSelector(SHOWN, WAIT);
  assert.equal((await rowCells(page, 18, 'ppns'))['completion %'], expected.completion);
  await page.click('#view-tree');
  await page.waitForSelector('#tree-panel:not([hidden])', WAIT);
  assert.equal(await page.locator('#resfile-panel').isHidden(), true);
  assert.deepEqual(errors, []);
  await page.close();
});
