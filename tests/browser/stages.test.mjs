// The stages experiment in the page: a small run through the worker pool gives the same
// verdict counts as `pnplay experiment stages` with the same seed and budget, the CSV
// downloads, and the share link reopens (and reruns) the same configuration.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPage, openReady, pageFixture, pnplayBinary } from './harness.mjs';

const fixture = pageFixture();
// pr=off: the view opens with the paper's pr 1e-5; this run compares with the CLI without it.
const SETTINGS = '#v=1&view=stages&g=othello&stages=40,44&n=4&sa=pns,ppns&k=8&pr=off&s=1&nodes=200000&time=1000';

/** The CLI's verdict counts per "stage algo" for the same experiment. */
function cliCounts() {
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'pnplay-stages-')), 'run.jsonl');
  const binary = pnplayBinary();
  execFileSync(binary, [
    'experiment', 'stages', '--game', 'othello', '--stages', '40,44', '--positions', '4',
    '--algos', 'pns,ppns', '--playouts', '8', '--seed', '1', '--nodes', '200000', '--time', '1000',
    '--quiet', '--out', out,
  ]);
  const counts = {};
  for (const line of readFileSync(out, 'utf8').trim().split('\n')) {
    const record = JSON.parse(line);
    const key = `${record.stage} ${record.algo}`;
    counts[key] ??= { proved: 0, disproved: 0, 'concluded-win': 0, 'concluded-loss': 0, out: 0 };
    counts[key][record.verdict]++;
  }
  return counts;
}

async function pageCounts(page) {
  return page.evaluate(() => {
    const counts = {};
    const names = [...document.querySelectorAll('#stages-table th')].map((th) => th.textContent);
    for (const row of document.querySelectorAll('#stages-table tbody tr')) {
      const cells = [...row.cells].map((c) => c.textContent);
      const entry = {};
      for (const verdict of ['proved', 'disproved', 'concluded-win', 'concluded-loss', 'out']) {
        entry[verdict] = Number(cells[names.indexOf(verdict)]);
      }
      counts[`${row.dataset.stage} ${row.dataset.algo}`] = entry;
    }
    return counts;
  });
}

test('a small stages run in the worker pool matches the CLI, downloads CSV, and shares', async () => {
  const page = await openReady(fixture.browser, fixture.server.url + SETTINGS);
  assert.equal(await page.locator('#stages-panel').isVisible(), true);
  // The experiment starts from the game's start: the playground's panels step aside, the
  // view has its own game choice and parameter fields.
  assert.equal(await page.locator('#board-panel').isVisible(), false);
  assert.equal(await page.locator('#search-panel').isVisible(), false);
  assert.equal(await page.locator('#stages-game').inputValue(), 'othello');
  assert.equal(await page.locator('#stages-param-pr').inputValue(), '');
  await page.click('#view-tree');
  assert.equal(await page.locator('#board').isVisible(), true, 'the playground shows the board again');
  await page.click('#view-stages');
  await page.click('#stages-run');
  await page.waitForSelector('#stages-panel[data-state="done"]', { timeout: 120000 });
  assert.match(await page.locator('#stages-status').textContent(), /16 of 16 searches done/);
  const counts = await pageCounts(page);
  assert.deepEqual(counts, cliCounts());
  assert.ok(Object.values(counts).some((c) => c.proved + c.disproved > 0), 'some positions are decided');
  assert.equal(await page.locator('#stages-chart .uplot').count(), 1);

  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#stages-csv')]);
  const csv = readFileSync(await download.path(), 'utf8').trim().split('\n');
  assert.equal(csv[0], 'stage,search,n,proved,disproved,concluded-win,concluded-loss,out,completion_percent');
  assert.equal(csv.length, 1 + 4);

  await page.click('#stages-share');
  await page.locator('#message').filter({ hasText: /Link copied|Copy this link/ }).waitFor();
  const link = page.url();
  assert.match(link, /view=stages/);
  assert.match(link, /stages=40%2C44|stages=40,44/);
  assert.match(link, /run=1/);

  const again = await openPage(fixture.browser, link);
  await again.waitForSelector('#stages-panel[data-state="done"]', { timeout: 120000 });
  assert.equal(await again.locator('#stages-list').inputValue(), '40,44');
  assert.equal(await again.locator('#stages-positions').inputValue(), '4');
  assert.deepEqual(await pageCounts(again), counts);
});

test("each game opens with its own stages; a game change replaces them unless they were typed", async () => {
  const page = await openReady(fixture.browser, `${fixture.server.url}#v=1&view=stages&g=tictactoe`);
  const stages = () => page.locator('#stages-list').inputValue();
  // Tic-tac-toe has 9 moves: the paper's Othello stages 18–40 could not be reached.
  assert.equal(await stages(), '1,2,4,6');
  const choose = async (game) => {
    await page.selectOption('#stages-game', game);
    await page.waitForFunction((g) => document.querySelector('#game-select').value === g, game);
  };
  await choose('othello');
  await page.waitForFunction(() => document.querySelector('#stages-list').value === '18,22,26,32,36,40');
  await choose('connect4');
  await page.waitForFunction(() => document.querySelector('#stages-list').value === '8,12,16,20,24');
  // A share link leaves the game's own stages out, and one typed in.
  await page.click('#stages-share');
  await page.locator('#message').filter({ hasText: /Link copied|Copy this link/ }).waitFor();
  assert.doesNotMatch(page.url(), /stages=/);
  await page.fill('#stages-list', '3,5');
  await choose('nim');
  assert.equal(await stages(), '3,5', 'typed stages stay');
  await page.click('#stages-share');
  await page.waitForFunction(() => /stages=3(,|%2C)5/.test(location.href));
  // The panel runs the game's own stages: a run of tic-tac-toe at its defaults finishes.
  const run = await openPage(fixture.browser, `${fixture.server.url}#v=1&view=stages&g=tictactoe&n=1&sa=pns&run=1`);
  await run.waitForSelector('#stages-panel[data-state="done"]', { timeout: 60000 });
  assert.deepEqual(await run.locator('#stages-table tbody tr').evaluateAll((rows) => rows.map((r) => r.dataset.stage)), ['1', '2', '4', '6']);
});
