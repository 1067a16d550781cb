// The arena view: a small match played in the view's worker pool gives the same games (every
// move), the same W/D/L and the same summary line as `pnplay match` with the same settings; a
// game replays on the board up to the record's final position; a bad agent marks its field and
// the page keeps working; Pause holds the match and Resume finishes it; the share link reopens
// the view with the settings and reruns the match to the same counts.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPage, openReady, pageFixture, pnplayBinary } from './harness.mjs';

const fixture = pageFixture();
const MATCH = { game: 'connect4:5x4', a: 'pnmcts:iterations=200', b: 'mcts:iterations=200', games: 6, openings: 'random:2', seed: 3 };
const LINK = `#v=1&view=arena&ag=${MATCH.game}&aa=${MATCH.a}&ab=${MATCH.b}&an=${MATCH.games}&ao=${MATCH.openings}&as=${MATCH.seed}`;
const DONE = { timeout: 120000 };

/** A record with every ply's seconds zeroed: what two runs agree on exactly. */
const withoutSeconds = (record) => ({ ...record, moves: record.moves.map((ply) => ({ ...ply, seconds: 0 })) });
const jsonLines = (text) => text.trim().split('\n').map((line) => withoutSeconds(JSON.parse(line)));

/** `pnplay match` with the same settings: its records, its summary line and its JSON summary. */
function cli() {
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'pnplay-arena-view-')), 'games.jsonl');
  const binary = pnplayBinary();
  const args = ['match', '--game', MATCH.game, '--a', MATCH.a, '--b', MATCH.b, '--games', String(MATCH.games),
    '--openings', MATCH.openings, '--seed', String(MATCH.seed), '--quiet'];
  const line = execFileSync(binary, [...args, '--out', out], { encoding: 'utf8' }).trim();
  const summary = JSON.parse(execFileSync(binary, [...args, '--json'], { encoding: 'utf8' }));
  return { records: jsonLines(readFileSync(out, 'utf8')), line, summary };
}

const counts = (page) =>
  page.locator('#arena-summary').evaluate((box) => ({ wins: Number(box.dataset.wins), draws: Number(box.dataset.draws), losses: Number(box.dataset.losses) }));

test('the arena view plays the CLI’s match, replays a game, marks a bad agent, pauses, and shares', async () => {
  const expected = cli();
  const errors = [];
  const page = await openReady(fixture.browser, fixture.server.url + LINK, errors);
  assert.equal(await page.locator('#arena-panel').isVisible(), true);
  assert.equal(await page.locator('#board-panel').isVisible(), false, 'the playground’s panels step aside');
  assert.equal(await page.locator('#arena-a-text').inputValue(), MATCH.a);
  assert.equal(await page.locator('#arena-a-search').inputValue(), 'pnmcts', 'the composer shows the engine’s reading of the text');
  assert.equal(await page.locator('#arena-a-budget').inputValue(), '200');
  assert.match(await page.locator('#arena-cli').textContent(), /^pnplay match --game connect4:5x4 --a pnmcts:iterations=200 --b mcts:iterations=200 --games 6 --openings random:2 --seed 3/);
  await page.fill('#arena-workers', '2');
  await page.click('#arena-run');
  await page.waitForSelector('#arena-panel[data-state="done"]', DONE);

  // The same counts, summary line and games as the CLI.
  assert.match(await page.locator('#arena-status').textContent(), /6 games played/);
  assert.deepEqual(await counts(page), { wins: expected.summary.wins, draws: expected.summary.draws, losses: expected.summary.losses });
  assert.equal(await page.locator('#arena-line').textContent(), expected.line);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#arena-jsonl')]);
  const records = jsonLines(readFileSync(await download.path(), 'utf8'));
  assert.deepEqual(records, expected.records);
  const results = await page.locator('#arena-table tbody tr').evaluateAll((rows) => rows.map((row) => row.dataset.result));
  assert.deepEqual(results, expected.records.map((r) => r.a_result));
  assert.equal(await page.locator('#arena-chart .uplot').count(), 1);

  // A game replays on the board, from the start to the record's final position.
  const game = expected.records[3];
  const plies = game.opening.length + game.moves.length;
  await page.click('#arena-table tr[data-index="3"]');
  await page.waitForSelector('#arena-board[data-game="3"] svg');
  assert.equal(await page.locator('#arena-board').getAttribute('data-ply'), String(plies));
  assert.equal(await page.locator('#arena-board').getAttribute('data-position'), game.final);
  await page.click('#arena-prev');
  assert.equal(await page.locator('#arena-board').getAttribute('data-ply'), String(plies - 1));
  assert.notEqual(await page.locator('#arena-board').getAttribute('data-position'), game.final);
  await page.click('#arena-first');
  const start = await page.evaluate((name) => window.pnplayEngine.request('describe', { game: name }), MATCH.game);
  assert.equal(await page.locator('#arena-board').getAttribute('data-position'), start.text);
  await page.click('#arena-next');
  assert.match(await page.locator('#arena-replay-line').textContent(), new RegExp(`^ply 1 of ${plies}: ${game.opening[0]} by the random opening`));

  // A bad agent marks its text and the composer's field the engine names; nothing runs.
  await page.fill('#arena-a-text', 'pnmcts:iterations=200,cpn=-1');
  await page.waitForSelector('#arena-a-text[aria-invalid="true"]');
  assert.match(await page.locator('#arena-a-error').textContent(), /cpn/);
  await page.click('#arena-run');
  await page.waitForSelector('#arena-panel[data-state="error"]');
  assert.match(await page.locator('#arena-status').textContent(), /agent A: .*cpn/);
  await page.fill('#arena-b-text', 'nosuch:iterations=5');
  await page.waitForSelector('#arena-b-text[aria-invalid="true"]');
  assert.match(await page.locator('#arena-b-error').textContent(), /nosuch/);
  await page.fill('#arena-openings', 'book');
  await page.fill('#arena-a-text', MATCH.a);
  await page.fill('#arena-b-text', MATCH.b);
  await page.waitForSelector('#arena-b-text:not([aria-invalid])');
  await page.click('#arena-run');
  await page.waitForSelector('#arena-openings[aria-invalid="true"]');
  assert.match(await page.locator('#arena-status').textContent(), /openings/);
  await page.fill('#arena-openings', MATCH.openings);
  await page.fill('#arena-game', 'chess');
  await page.click('#arena-run');
  await page.waitForSelector('#arena-game[aria-invalid="true"]');
  assert.match(await page.locator('#arena-status').textContent(), /chess/);
  await page.fill('#arena-game', MATCH.game);

  // The composer writes the text: a parameter typed there is in the agent's text.
  await page.waitForSelector(`#arena-a-text[data-read="${MATCH.a}"]`);
  await page.fill('#arena-a-param-cpn', '0.5');
  await page.locator('#arena-a-param-cpn').dispatchEvent('change');
  assert.equal(await page.locator('#arena-a-text').inputValue(), 'pnmcts:iterations=200,cpn=0.5');
  await page.fill('#arena-a-text', MATCH.a);

  // Pause: no new game starts; Resume plays the rest. Thousands of quick games, so the
  // match is still going when paused however fast the machine is.
  await page.fill('#arena-count', '10000');
  await page.fill('#arena-b-text', 'random');
  await page.fill('#arena-a-text', 'random');
  await page.fill('#arena-game', 'tictactoe');
  await page.click('#arena-run');
  await page.waitForSelector('#arena-table tr.played');
  await page.click('#arena-pause');
  await page.waitForSelector('#arena-panel[data-state="paused"]', DONE);
  const held = await page.locator('#arena-table tr.played').count();
  await page.waitForTimeout(500);
  assert.equal(await page.locator('#arena-table tr.played').count(), held, 'a paused match plays nothing');
  assert.ok(held < 10000);
  await page.click('#arena-cancel');
  assert.equal(await page.locator('#arena-panel').getAttribute('data-state'), 'cancelled');

  // The share link reopens the view with the settings and reruns the match.
  await page.fill('#arena-count', String(MATCH.games));
  await page.fill('#arena-game', MATCH.game);
  await page.fill('#arena-a-text', MATCH.a);
  await page.fill('#arena-b-text', MATCH.b);
  // The link a user shares is the one copied to the clipboard (the address bar follows
  // later edits): the test reads it there.
  await page.evaluate(() => {
    navigator.clipboard.writeText = async (text) => {
      window.copiedLink = text;
    };
  });
  await page.click('#arena-share');
  await page.locator('#message').filter({ hasText: /Link copied/ }).waitFor();
  const link = await page.evaluate(() => window.copiedLink);
  assert.match(link, /view=arena/);
  assert.match(link, /run=1/);
  const again = await openPage(fixture.browser, link, errors);
  await again.waitForSelector('#arena-panel[data-state="done"]', DONE);
  assert.equal(await again.locator('#arena-game').inputValue(), MATCH.game);
  assert.equal(await again.locator('#arena-a-text').inputValue(), MATCH.a);
  assert.equal(await again.locator('#arena-openings').inputValue(), MATCH.openings);
  assert.deepEqual(await counts(again), { wins: expected.summary.wins, draws: expected.summary.draws, losses: expected.summary.losses });
  assert.equal(await again.locator('#arena-line').textContent(), expected.line);
  assert.deepEqual(errors, []);
});

test('a link with bad arena settings marks them and keeps the defaults', async () => {
  const page = await openReady(fixture.browser, `${fixture.server.url}#v=1&view=arena&an=0&aa=pnmcts:iterations=0`);
  await page.waitForSelector('#arena-count[aria-invalid="true"]');
  assert.equal(await page.locator('#arena-count').inputValue(), '20');
  assert.match(await page.locator('#message').textContent(), /an: /);
  // The agent's text is the engine's to check: it marks it and says why.
  await page.waitForSelector('#arena-a-text[aria-invalid="true"]');
  assert.match(await page.locator('#arena-a-error').textContent(), /iterations/);
  assert.equal(await page.locator('#arena-panel').getAttribute('data-state'), null, 'nothing ran');
});
