// The Papers view (issue 33): a card for every card of results/*/cards.json; each opened card
// shows the paper's numbers exactly as the engine's paper tables hold them (asked of the
// engine here, never copied into the test) and a link to its evidence that the server
// answers; an Othello stages card and a PN-MCTS sweep point (Figure 3) rerun in the page give
// the records `pnplay` writes for the same command (seconds aside), and the card's share
// link reopens the card and reruns it; so do a Connect Four θ × pr grid card (`pnplay
// experiment connect4`) and a heuristics round robin (`pnplay tournament`, whose standings
// and Bradley–Terry ratings the page shows as the CLI computes them). The "57 % fewer
// nodes" card shows the engine's pr savings from the committed grid, as `pnplay merge`
// prints them.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPage, pageFixture, repo, pnplayBinary } from './harness.mjs';

const fixture = pageFixture();
const WAIT = { timeout: 120000 };
const binary = pnplayBinary();

/** Every card of the committed card files, by id. */
function committedCards() {
  const cards = new Map();
  for (const folder of readdirSync(path.join(repo, 'results'))) {
    const file = path.join(repo, 'results', folder, 'cards.json');
    if (!existsSync(file)) continue;
    for (const card of JSON.parse(readFileSync(file, 'utf8')).cards) cards.set(card.id, { ...card, folder });
  }
  return cards;
}

/** The numbers of every `.papers-published` table of the open card: {source: [{field: value}]}. */
function shownPaper(page) {
  return page.evaluate(() => {
    const out = {};
    for (const block of document.querySelectorAll('#papers-card .papers-published')) {
      out[block.dataset.source] = [...block.querySelectorAll('tbody tr')].map((row) =>
        Object.fromEntries([...row.cells].map((cell) => [cell.dataset.field, cell.dataset.value === undefined ? cell.textContent : Number(cell.dataset.value)])),
      );
    }
    return out;
  });
}

/** What the engine's paper table holds for `source`, in the rows the card shows. */
function engineRows(page, source) {
  return page.evaluate(async (source) => {
    const table = await window.pnplayEngine.request('paperTable', { source });
    const fields = ['n', 'solved', 'unsolved', 'out', 'concluded', 'completion', 'mean_iterations', 'mean_nodes', 'mean_seconds'];
    const number = (value) => (value === null ? '–' : value);
    return [
      ...table.rows.map((row) => ({ stage: row.stage, search: row.search, ...Object.fromEntries(fields.map((f) => [f, number(row[f])])) })),
      ...table.cells.map((c) => ({ row: c.row, column: c.column, value: c.value, plus_minus: number(c.plus_minus) })),
    ];
  }, source);
}

/** A record as two runs agree on it: no wall-clock seconds, no per-move seconds. */
function timeless(record) {
  const { seconds, peak_bytes, ...rest } = record;
  if (rest.moves) rest.moves = rest.moves.map((ply) => ({ ...ply, seconds: 0 }));
  return rest;
}

/** The records `pnplay` writes for `words` (after `pnplay`, before `--out`). */
function cliRecords(words) {
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'pnplay-papers-')), 'run.jsonl');
  execFileSync(binary, [...words, '--quiet', '--out', out]);
  return readFileSync(out, 'utf8').trim().split('\n').map((line) => timeless(JSON.parse(line)));
}

/** Reruns the open card in the page; its records from the download, and the command shown. */
async function rerunRecords(page) {
  await page.click('#papers-rerun');
  await page.waitForSelector('#papers-card[data-rerun="done"]', WAIT);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#papers-rerun-jsonl')]);
  const records = readFileSync(await download.path(), 'utf8').trim().split('\n').map((line) => timeless(JSON.parse(line)));
  return records;
}

/** The page at the Papers view, its cards listed; its errors go to `errors`. */
async function papersView(errors) {
  const page = await fixture.ready('', errors);
  await page.click('#view-papers');
  await page.waitForSelector('#papers-panel[data-state="listed"]', WAIT);
  return page;
}

/**
 * Opens card `id` and reruns it in the page, and checks that the rerun's records are those
 * `pnplay` writes for `words(rerun)` (the card's rerun as the command's words): the records,
 * the card's rerun and the words.
 */
async function rerunAsCli(page, id, words) {
  const { rerun } = committedCards().get(id);
  await openCard(page, id);
  const records = await rerunRecords(page);
  const command = words(rerun);
  assert.deepEqual(records, cliRecords(command), `${id}: ${command.join(' ')}`);
  return { records, rerun, command };
}

/** Opens card `id` and waits for it and its committed records. */
async function openCard(page, id) {
  await page.click(`.papers-item[data-card="${id}"] .papers-open`);
  await page.waitForSelector(`#papers-card[data-card="${id}"][data-state="shown"]`, WAIT);
}

test('every card shows the engine’s paper numbers, a status and its evidence', async () => {
  const errors = [];
  const page = await papersView(errors);
  const cards = committedCards();
  const listed = await page.locator('.papers-item').evaluateAll((items) => items.map((item) => item.dataset.card));
  assert.deepEqual([...listed].sort(), [...cards.keys()].sort(), 'one card in the list per card of results/*/cards.json');
  assert.ok(listed.length >= 26, `${listed.length} cards`);
  let sources = 0;
  for (const id of listed) {
    const card = cards.get(id);
    await openCard(page, id);
    assert.equal(await page.locator('#papers-card-title').textContent(), card.title);
    assert.equal(await page.locator('#papers-card .papers-verdict .papers-badge').textContent(), card.status.replaceAll('-', ' '));
    const shown = await shownPaper(page);
    assert.deepEqual(Object.keys(shown).sort(), [...card.paper].sort(), `${id}: one table per paper source`);
    for (const source of card.paper) {
      assert.deepEqual(shown[source], await engineRows(page, source), `${id}: ${source} as the engine holds it`);
      sources++;
    }
    const evidence = await page.locator('#papers-card .papers-verdict a').getAttribute('href');
    const answer = await page.evaluate((href) => fetch(href).then((r) => r.status), evidence);
    assert.equal(answer, 200, `${id}: its evidence ${evidence}`);
    // Ours: one summary of each committed records file (a table and the viewer's plot).
    assert.equal(await page.locator('#papers-card .papers-records > table:not(.papers-savings)').count(), card.records.length, `${id}: records`);
    assert.equal(await page.locator('#papers-card .papers-records .uplot').count(), card.records.length, `${id}: plots`);
  }
  assert.ok(sources >= 20, `${sources} paper tables compared`);
  // The Othello Table 2 card shows our n and Wilson interval beside the paper's completion.
  await openCard(page, 'ppns-paper-table-2');
  const row = page.locator('#papers-card .papers-records[data-file="othello-stages.jsonl.gz"] tr[data-stage="18"][data-search="ppns"]');
  const cells = await row.locator('td').allTextContents();
  assert.equal(cells[2], '50');
  assert.match(cells.join(' '), /\d+\.\d–\d+\.\d/, 'a Wilson interval');
  // "Up to 57 % fewer nodes": the engine's savings from the grid's records, as `pnplay merge` prints them.
  await openCard(page, 'ppns-paper-fewer-nodes-with-pr');
  const savings = await page.locator('#papers-card .papers-savings tbody tr').evaluateAll((rows) =>
    rows.map((row) => ({ theta: Number(row.dataset.theta), pr: Number(row.dataset.pr), reduction: Number(row.dataset.reduction) })));
  const dir = mkdtempSync(path.join(tmpdir(), 'pnplay-papers-'));
  writeFileSync(path.join(dir, 'connect4-grid.jsonl'), gunzipSync(readFileSync(path.join(repo, 'results/connect4-grid/connect4-grid.jsonl.gz'))));
  copyFileSync(path.join(repo, 'results/connect4-grid/connect4-grid.plan.json'), path.join(dir, 'connect4-grid.plan.json'));
  const merged = execFileSync(binary, ['merge', path.join(dir, 'connect4-grid.jsonl'), '--out', path.join(dir, 'merged.jsonl')], { encoding: 'utf8' });
  const printed = [...merged.matchAll(/^ppns\s+(\S+)\s+(\S+)\s+(\d+)\s+\d+\s+\d+\s+(-?[\d.]+) %/gm)].map((m) => ({ theta: Number(m[1]), pr: Number(m[2]), reduction: m[4] }));
  assert.equal(printed.length, 6, merged);
  assert.deepEqual(savings.map((s) => ({ ...s, reduction: (100 * s.reduction).toFixed(1) })), printed);
  assert.deepEqual(errors, []);
  await page.close();
});

test('an Othello stages card and a PN-MCTS sweep point rerun in the page as the CLI runs them, and the link reruns', async () => {
  const errors = [];
  const page = await papersView(errors);
  const { records: stagesRun, rerun: r } = await rerunAsCli(page, 'ppns-paper-table-3', (r) => ['experiment', 'stages', '--game', r.game, '--stages', r.stages.join(','), '--positions', String(r.positions), '--algos', r.algos.join(','),
    '--nodes', String(r.options.nodes), '--time', String(r.options.time), '--pr', String(r.options.pr), '--theta', String(r.options.theta),
    '--playouts', String(r.options.playouts), '--seed', String(r.options.seed)]);
  assert.equal(stagesRun.length, r.stages.length * r.positions * r.algos.length);
  // The command the card shows writes the same records.
  const shownCommand = (await page.locator('#papers-rerun-command').textContent()).split(' ');
  assert.equal(shownCommand[0], 'pnplay');
  assert.deepEqual(cliRecords(shownCommand.slice(1)), stagesRun);
  assert.equal(await page.locator('#papers-rerun-result .uplot').count(), 1, 'the rerun drawn');

  const { records: matchRun, rerun: m } = await rerunAsCli(page, 'pnmcts-paper-figure-3', (m) =>
    ['match', '--game', m.game, '--a', m.a, '--b', m.b, '--games', String(m.games), '--seed', String(m.seed)]);
  assert.equal(matchRun.length, m.games);
  assert.equal(await page.locator('#papers-rerun-result > table tbody tr').count(), 1, 'the rerun match’s summary');

  // The card's link, made after the rerun, reopens it and reruns it.
  await page.click('#papers-share');
  await page.locator('#message').filter({ hasText: /Link copied|Copy this link/ }).waitFor();
  const link = page.url();
  assert.match(link, /view=papers/);
  assert.match(link, /card=pnmcts-paper-figure-3/);
  assert.match(link, /run=1/);
  const again = await openPage(fixture.browser, link, errors);
  await again.waitForSelector('#papers-card[data-card="pnmcts-paper-figure-3"][data-rerun="done"]', WAIT);
  assert.equal(await again.locator('#papers-rerun-result > table tbody tr td').nth(6).textContent(), await page.locator('#papers-rerun-result > table tbody tr td').nth(6).textContent());
  assert.deepEqual(errors, []);
  await again.close();
  await page.close();
});

test('a Connect Four θ × pr grid card and a heuristics round robin rerun in the page as the CLI runs them', async () => {
  const errors = [];
  const page = await papersView(errors);
  // The grid: `pnplay experiment connect4` with the card's θ and pr values, through the Stages pool.
  const { records: gridRun, rerun: g } = await rerunAsCli(page, 'ppns-paper-figure-6', (g) => ['experiment', 'connect4', '--game', g.game, '--plies', String(g.stages[0]), '--positions', String(g.positions), '--algos', g.algos.join(','),
    '--thetas', g.grid.thetas.join(','), '--prs', g.grid.prs.map((pr) => (pr === null ? 'off' : String(pr))).join(','),
    '--nodes', String(g.options.nodes), '--time', String(g.options.time), '--theta', String(g.options.theta), '--playouts', String(g.options.playouts), '--seed', String(g.options.seed)]);
  const settings = g.grid.thetas.length * g.grid.prs.length;
  assert.equal(gridRun.length, g.positions * settings, 'one record per position and grid setting');
  assert.deepEqual(new Set(gridRun.map((r) => `${r.theta} ${r.pr}`)).size, settings, 'every setting of the grid ran');
  const shownGrid = (await page.locator('#papers-rerun-command').textContent()).split(' ');
  assert.deepEqual(cliRecords(shownGrid.slice(1)), gridRun, 'the command the card shows writes the same records');
  assert.equal(await page.locator('#papers-rerun-result > table:not(.papers-savings) tbody tr').count(), settings, 'a row per grid setting');
  const prOn = g.grid.thetas.length * g.grid.prs.filter((pr) => pr !== null).length;
  assert.equal(await page.locator('#papers-rerun-result .papers-savings tbody tr').count(), prOn, 'what pr saves, per θ and pr on');

  // The round robin: every pair's match through the Arena pool, then the engine's standings.
  const { records: robinRun, rerun: t, command: robinWords } = await rerunAsCli(page, 'heuristics-paper-table-1', (t) =>
    ['tournament', '--game', t.game, '--agents', ...t.agents, '--games-per-pair', String(t.games_per_pair), '--seed', String(t.seed)]);
  const pairs = (t.agents.length * (t.agents.length - 1)) / 2;
  assert.equal(robinRun.length, pairs * t.games_per_pair);
  const shownRobin = (await page.locator('#papers-rerun-command').textContent()).match(/'[^']*'|\S+/g).map((w) => w.replace(/^'|'$/g, ''));
  assert.deepEqual(cliRecords(shownRobin.slice(1)), robinRun, 'the command the card shows writes the same records');
  // The standings (W/D/L, score, Bradley–Terry rating) are the CLI's.
  const cli = JSON.parse(execFileSync(binary, [...robinWords, '--json', '--quiet'], { encoding: 'utf8' }));
  const rows = await page.locator('#papers-rerun-result .papers-standings tbody tr').evaluateAll((trs) =>
    trs.map((tr) => ({ agent: tr.dataset.agent, rating: Number(tr.dataset.rating), cells: [...tr.cells].map((c) => c.textContent) })));
  assert.equal(rows.length, t.agents.length);
  for (const row of rows) {
    const s = cli.standings.find((x) => x.agent === row.agent);
    assert.ok(s, `${row.agent} in the CLI's standings`);
    assert.deepEqual(row.cells.slice(1, 5).map(Number), [s.games, s.wins, s.draws, s.losses], row.agent);
    assert.equal(row.cells[5], (100 * s.rate).toFixed(1));
    // The same fit; wasm's log10 may differ from the native one in the last bit.
    assert.ok(Math.abs(row.rating - s.rating) < 1e-9, `${row.agent}: Bradley–Terry rating ${row.rating} (CLI ${s.rating})`);
  }
  assert.equal(await page.locator('#papers-rerun-result > table:not(.papers-standings) tbody tr').count(), pairs, 'a row per pair');
  assert.deepEqual(errors, []);
  await page.close();
});
