// Multi-valued PNS in the page: on a Connect Four position its result card lists the
// threshold runs (v, "score ≥ v?", positions, time) and the exact score, which equals the
// engine's alpha-beta score (`pnplay score`, the same engine natively).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { pageFixture, pnplayBinary } from './harness.mjs';

const { ready } = pageFixture();

test('multi-valued PNS shows its threshold runs and the exact score alpha-beta gives', async () => {
  const game = 'connect4:5x4';
  const pos = '3344';
  const page = await ready(`#v=1&g=${game}&p=${pos}&a=mvpns`);
  await page.click('#run');
  await page.waitForFunction(() => {
    const verdict = document.querySelector('.results .verdict')?.dataset.verdict;
    return verdict === 'proved' || verdict === 'disproved';
  }, null, { timeout: 60000 });
  const card = page.locator('.results .result[data-algo="mvpns"]');
  const rows = await card.locator('.threshold-runs tr[data-verdict]').evaluateAll((trs) =>
    trs.map((tr) => ({ verdict: tr.dataset.verdict, cells: [...tr.cells].map((c) => c.textContent) })),
  );
  assert.ok(rows.length >= 2, `${rows.length} runs`);
  assert.ok(rows.every((r) => r.verdict === 'proved' || r.verdict === 'disproved'));
  // The first run asks the question of goal win: score ≥ +1.
  assert.equal(rows[0].cells[0], '+1');
  const shown = Number(await card.locator('dd[data-score]').getAttribute('data-score'));
  // The runs bracket the score: ≥ score proved, ≥ score + 1 disproved.
  const threshold = (r) => Number(r.cells[0]);
  assert.ok(rows.some((r) => r.verdict === 'proved' && threshold(r) === shown));
  assert.ok(rows.some((r) => r.verdict === 'disproved' && threshold(r) === shown + 1));
  const out = execFileSync(pnplayBinary(), ['score', '--game', game, '--pos', pos, '--json']);
  assert.equal(shown, JSON.parse(out).score);
  assert.match(await card.textContent(), /Threshold runs/);
});
