// The Papers view's reruns in the page's own worker (issue 33): PN-MCTS paper Table I's
// simulation rates (`pnplay bench --search`) and the dissertation's Table 4.2 on 2×2 2048 in
// both readings (`pnplay experiment 2048`). The rates are the browser's, so what must equal
// the CLI's is the work: at a budget in nodes, each game's iteration and node counts from
// the page's worker are those `pnplay bench` counts for the same seed. The 2048 reruns write
// the records the command the card shows writes (seconds aside).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pageFixture, pnplayBinary } from './harness.mjs';
import { committedCard, openCard, rerunLines } from './papers-card.mjs';

const fixture = pageFixture();
const WAIT = { timeout: 120000 };
const binary = pnplayBinary();

/** Reruns the open card; its records from the download. */
const rerunRecords = async (page) => (await rerunLines(page, WAIT)).map((line) => JSON.parse(line));

/** The words of each command the open card shows (after `pnplay`). */
function shownCommands(page) {
  return page.locator('#papers-card .papers-rerun .papers-command').evaluateAll((codes) => codes.map((code) => code.textContent.split(' ').slice(1)));
}

/** What a run measures apart from the clock. */
const work = ({ algo, game, moves, positions, decided, iterations, nodes }) => ({ algo, game, moves, positions, decided, iterations, nodes });

test('Table I reruns its rates in the page, and at a budget in nodes its counts are the CLI’s', async () => {
  const errors = [];
  const card = committedCard('pnmcts-games', 'pnmcts-paper-table-1');
  const page = await openCard(fixture, errors, card.id, WAIT);
  const { rerun } = card;
  const commands = await shownCommands(page);
  assert.equal(commands.length, rerun.games.length, 'one pnplay bench command per game');
  const measured = await rerunRecords(page);
  assert.deepEqual(measured.map((m) => `${m.game} ${m.algo}`), rerun.games.flatMap((game) => rerun.searches.map((search) => `${game} ${search}`)));
  for (const m of measured) assert.ok(m.iterations > 0 && m.seconds > 0, `${m.game} ${m.algo}: ${m.iterations} iterations in ${m.seconds} s`);
  assert.match(await page.locator('#papers-card .papers-rerun .hint').textContent(), /a speed, not a proof/);
  // The table: a row per game, its ratio the rates' and the paper's ratio the engine's.
  const rows = await page.locator('#papers-rerun-result .papers-rates tbody tr').evaluateAll((trs) => trs.map((tr) => ({ game: tr.dataset.game, ratio: Number(tr.dataset.ratio), cells: [...tr.cells].map((c) => c.textContent) })));
  assert.deepEqual(rows.map((r) => r.game), rerun.games);
  const paper = await page.evaluate(() => window.pnplayEngine.request('paperTable', { source: 'PN-MCTS paper Table I' }));
  rows.forEach((row, i) => {
    const [first, second] = rerun.searches.map((search) => measured.find((m) => m.game === row.game && m.algo === search));
    assert.equal(row.ratio, second.iterations_per_second / first.iterations_per_second, row.game);
    const printed = paper.cells.find((c) => c.row === rerun.paper_rows[i] && c.column === 'ratio').value;
    assert.equal(row.cells.at(-1), printed.toFixed(2), `${row.game}: the paper's ratio`);
  });
  // The same work as the CLI: each shown command at a budget in nodes instead of seconds.
  for (const words of commands) {
    const game = words[words.indexOf('--game') + 1];
    const budget = words.map((word, i) => (words[i - 1] === '--nodes' ? '3000' : words[i - 1] === '--time' ? '600' : word));
    const cli = execFileSync(binary, budget, { encoding: 'utf8' }).trim().split('\n').map((line) => work(JSON.parse(line)));
    const options = Object.entries(rerun.options).map(([key, value]) => `${key}=${value}`).join(',');
    const ours = [];
    for (const search of rerun.searches) {
      const algo = `${search}:${options}`;
      ours.push(work(await page.evaluate((args) => window.pnplayEngine.request('benchSearch', args), { game, algo, moves: 0, positions: 1, seed: rerun.seed, nodes: 3000, seconds: 600 })));
    }
    assert.deepEqual(ours, cli, game);
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('Table 4.2 reruns in the page in both readings with the records of the command it shows', async () => {
  const errors = [];
  for (const reading of ['and', 'or']) {
    const card = committedCard('2048-2x2', `dissertation-table-4-2-${reading}`);
    const page = await openCard(fixture, errors, card.id, WAIT);
    const [words] = await shownCommands(page);
    const timeless = ({ seconds, peak_bytes, ...rest }) => rest;
    const records = (await rerunRecords(page)).map(timeless);
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'pnplay-2048-')), 'run.jsonl');
    execFileSync(binary, [...words, '--quiet', '--out', out]);
    const cli = readFileSync(out, 'utf8').trim().split('\n').map((line) => timeless(JSON.parse(line)));
    assert.equal(records.length, 36, `${reading}: 2 objectives × 6 starts × 3 searches`);
    assert.deepEqual(records, cli, `${reading}: pnplay ${words.join(' ')}`);
    assert.ok(records.every((r) => r.exact !== null && r.wrong === false), `${reading}: every start verified, no verdict wrong`);
    assert.equal(await page.locator('#papers-rerun-result > table tbody tr').count(), 6, `${reading}: a row per objective and search`);
    await page.close();
  }
  assert.deepEqual(errors, []);
});
