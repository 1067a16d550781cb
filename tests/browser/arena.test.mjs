// The arena's wasm entry point through the page's worker: `arenaPlayGame` gives the same
// games as `pnplay match` with the same seed and iteration budgets (but for the per-move
// seconds), and a bad agent is an error naming its field.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openReady, pageFixture, pnplayBinary } from './harness.mjs';

const fixture = pageFixture();
const GAME = 'connect4:5x4';
const CONFIG = { a: 'ppns:iterations=40,playouts=6', b: 'pns:iterations=200', openings: 'random:3', seed: 21 };
const GAMES = 4;

/** A record with every ply's seconds zeroed: what two runs agree on exactly. */
function withoutSeconds(record) {
  return { ...record, moves: record.moves.map((ply) => ({ ...ply, seconds: 0 })) };
}

function cliRecords() {
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'pnplay-arena-')), 'games.jsonl');
  const binary = pnplayBinary();
  execFileSync(binary, [
    'match', '--game', GAME, '--a', CONFIG.a, '--b', CONFIG.b, '--openings', CONFIG.openings,
    '--seed', String(CONFIG.seed), '--games', String(GAMES), '--quiet', '--out', out,
  ]);
  return readFileSync(out, 'utf8').trim().split('\n').map((line) => withoutSeconds(JSON.parse(line)));
}

test('arenaPlayGame in the worker plays the same games as pnplay match', async () => {
  const page = await openReady(fixture.browser, fixture.server.url);
  const records = await page.evaluate(async ({ game, config, games }) => {
    const out = [];
    for (let index = 0; index < games; index++) {
      out.push(await window.pnplayEngine.request('arenaPlayGame', { game, config, index }));
    }
    return out;
  }, { game: GAME, config: CONFIG, games: GAMES });
  assert.deepEqual(records.map(withoutSeconds), cliRecords());

  const error = await page.evaluate(({ game }) => window.pnplayEngine
    .request('arenaPlayGame', { game, config: { a: 'ppns:iterations=5,theta=5', b: 'random', seed: 1 }, index: 0 })
    .then(() => null, (e) => ({ kind: e.kind, field: e.field })), { game: GAME });
  assert.deepEqual(error, { kind: 'bad-parameter', field: 'theta' });
});
