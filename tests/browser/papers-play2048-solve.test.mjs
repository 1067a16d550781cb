// The Papers view's reruns of the dissertation's chapter 5 (4×4 2048 played by expectimax:
// Tables 5.1, 5.2 and Figures 5-3 to 5-6, `pnplay play2048`) and of the TCG slides' worked
// figures (the GHI graph under df-pn's two table keys, and PNS on it, `pnplay solve`), in the
// page's worker (issue 33). The 2048 rerun's records are the lines the command it shows
// writes, character for character (a record has no seconds); the tables and plots it draws
// are those the command prints and plots, for the rerun's records and for the committed ones
// (`pnplay merge` of the committed file and its plan). The solve reruns report what `pnplay
// solve --json` reports (seconds aside), and the counts the slides' card states.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pageFixture, repo, pnplayBinary } from './harness.mjs';
import { committedCards, openCard, rerunLines } from './papers-card.mjs';

const fixture = pageFixture();
const WAIT = { timeout: 180000 };
const binary = pnplayBinary();

/** The lines of the table under `title` in a `pnplay play2048` printout, each split at its tabs. */
function printed(text, title) {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.startsWith(title));
  assert.ok(start >= 0, `no ${title} in the printout`);
  const end = lines.indexOf('', start + 1);
  return lines.slice(start + 1, end < 0 ? undefined : end).map((line) => line.split('\t'));
}

/** The head and body cells of the table `selector` on `page`. */
function shownTable(page, selector) {
  return page.locator(selector).evaluate((table) => [table.tHead.rows[0], ...table.tBodies[0].rows].map((row) => [...row.cells].map((cell) => cell.textContent)));
}

/** The committed records of the 2048-play folder merged by the CLI as their plan says: its printout and its plots' folder. */
function committedRun(file) {
  const dir = mkdtempSync(path.join(tmpdir(), 'pnplay-play2048-committed-'));
  const stem = file.replace(/\.jsonl\.gz$/, '');
  const folder = path.join(repo, 'results', '2048-play');
  writeFileSync(path.join(dir, `${stem}.jsonl`), gunzipSync(readFileSync(path.join(folder, file))));
  copyFileSync(path.join(folder, `${stem}.plan.json`), path.join(dir, `${stem}.plan.json`));
  const text = execFileSync(binary, ['merge', path.join(dir, `${stem}.jsonl`), '--out', path.join(dir, 'merged.jsonl')], { cwd: dir, encoding: 'utf8' });
  return { text, plots: path.join(dir, 'plots') };
}

test('the chapter-5 2048 cards rerun the command they show: its lines, its Tables 5.1 and 5.2 and its SCN plots', async () => {
  const errors = [];
  const cards = committedCards('2048-play');
  assert.deepEqual(cards.map((card) => card.rerun?.draws), ['table-5-1', 'table-5-2', 'scn']);
  const committed = committedRun(cards[0].rerun.committed);
  for (const card of cards) {
    const page = await openCard(fixture, errors, card.id, WAIT);
    const words = (await page.locator('#papers-rerun-command').textContent()).split(' ');
    assert.deepEqual(words, ['pnplay', 'play2048', '--depth', '2,3,4', '--games', '4', '--seed', '1', '--tau', '1.5'], card.id);
    const lines = await rerunLines(page, WAIT);
    const dir = mkdtempSync(path.join(tmpdir(), 'pnplay-play2048-'));
    const out = path.join(dir, 'run.jsonl');
    const text = execFileSync(binary, [...words.slice(1), '--quiet', '--out', out, '--plots', dir], { encoding: 'utf8' });
    const cli = readFileSync(out, 'utf8').trim().split('\n');
    assert.equal(lines.length, 12, `${card.id}: 3 depths × 4 games`);
    assert.deepEqual(lines, cli, `${card.id}: the records are the CLI's lines`);
    // Seed 1's games are the committed run's first games at each depth.
    assert.match(await page.locator('#papers-rerun-same').textContent(), /^12 of the rerun’s 12 games are, line for line, games of the committed records d2-5-20games\.jsonl\.gz/);
    if (card.rerun.draws === 'scn') {
      const names = await page.locator('#papers-rerun-plot option').evaluateAll((options) => options.map((o) => o.value));
      assert.deepEqual(names, ['scn-d3-1024.svg', 'scn-d3-2048.svg', 'scn-d4-2048.svg']);
      for (const name of names) {
        await page.selectOption('#papers-rerun-plot', name);
        const figure = page.locator(`#papers-rerun-result figure.papers-plots[data-plot="${name}"]`);
        const files = [path.join(dir, name), path.join(committed.plots, name)];
        const cliSvgs = files.map((file) => readFileSync(file, 'utf8'));
        // Drawn: the title the CLI's SVG has, over as many steps as the game's record.
        const titles = await figure.locator('.u-title').allTextContents();
        assert.deepEqual(titles, cliSvgs.map((svg) => svg.match(/<text[^>]*font-size="15"[^>]*>([^<]*)<\/text>/)[1]), `${name}: titles`);
        const game = JSON.parse(lines.find((line) => JSON.parse(line).depth === Number(name.match(/d(\d)/)[1]) && name.includes(`-${JSON.parse(line).highest}.svg`)));
        assert.deepEqual(await figure.locator('.chart').evaluateAll((charts) => charts.map((c) => Number(c.dataset.steps))), [game.steps, game.steps], `${name}: steps`);
        // Saved: the SVG the CLI writes, for the rerun (play2048 --plots) and the committed records (merge).
        const buttons = figure.locator('button');
        assert.equal(await buttons.count(), 2, `${name}: the rerun's plot and the committed one`);
        for (const [i, svg] of cliSvgs.entries()) {
          const [download] = await Promise.all([page.waitForEvent('download'), buttons.nth(i).click()]);
          assert.equal(download.suggestedFilename(), name);
          assert.equal(readFileSync(await download.path(), 'utf8'), svg, `${name}: ${files[i]}`);
        }
      }
    } else {
      const title = card.rerun.draws === 'table-5-1' ? 'Table 5.1 layout' : 'Table 5.2 layout';
      assert.deepEqual(await shownTable(page, '#papers-rerun-result .papers-play2048-rerun'), printed(text, title), `${card.id}: the rerun's table`);
      const ours = printed(committed.text, title);
      assert.deepEqual(await shownTable(page, '#papers-rerun-result .papers-play2048-committed'), ours, `${card.id}: the committed table`);
      assert.deepEqual(await shownTable(page, '#papers-card .papers-ours .papers-play2048-ours table'), ours, `${card.id}: the committed table under "Ours, committed"`);
      assert.deepEqual([...new Set(ours.slice(1).map((row) => row[0]))], ['2', '3', '4', '5'], 'the committed run has depths 2 to 5');
    }
    await page.close();
  }
  assert.deepEqual(errors, []);
});

test('the slides’ cards rerun df-pn with both table keys and PNS on the GHI graph, as pnplay solve reports them', async () => {
  const errors = [];
  const timeless = ({ seconds, ...rest }) => rest;
  const [ghi, loop] = committedCards('slides');
  // What the cards' reasons say, by hand from the slides: the naive key's wrong answer after
  // 16 positions, the path key's proof by c after 25; PNS proves the root too.
  const expected = {
    'slides-ghi': [['dfpn', 'disproved', 16], ['dfpn', 'proved', 25]],
    'slides-pn-loop': [['pns', 'proved', 15]],
  };
  for (const card of [ghi, loop]) {
    const { rerun } = card;
    const page = await openCard(fixture, errors, card.id, WAIT);
    const shown = await page.locator('#papers-card .papers-rerun .papers-command').allTextContents();
    const commands = rerun.settings.map(({ algo, options }) => ['solve', '--game', rerun.game, '--pos', rerun.pos, '--algo', algo, ...Object.entries(options).flatMap(([key, value]) => [`--${key}`, String(value)]), '--json']);
    assert.deepEqual(shown, commands.map((words) => ['pnplay', ...words].map((word) => (word === rerun.pos ? `'${word}'` : word)).join(' ')), card.id);
    const reports = (await rerunLines(page, WAIT)).map((line) => timeless(JSON.parse(line)));
    const cli = commands.map((words) => timeless(JSON.parse(execFileSync(binary, words, { encoding: 'utf8' }))));
    assert.deepEqual(reports, cli, `${card.id}: pnplay solve --json`);
    assert.deepEqual(reports.map((r) => [r.algo, r.verdict, r.nodes]), expected[card.id], card.id);
    assert.ok(reports.every((r) => r.best_move === 'c'), `${card.id}: move c`);
    const rows = await page.locator('#papers-rerun-result .papers-solve tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
    assert.deepEqual(rows, reports.map((r, i) => [r.algo, Object.entries(rerun.settings[i].options).map(([k, v]) => `${k}=${v}`).join(',') || 'defaults', r.verdict, 'c', String(r.iterations), String(r.nodes)]));
    await page.close();
  }
  assert.deepEqual(errors, []);
});
