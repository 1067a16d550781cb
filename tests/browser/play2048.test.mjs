// The 2048 view: expectimax plays 50+ moves by itself and the SCN chart has a point per move;
// the game is `pnplay play2048`'s for the same game seed and depth (the same SCN and T1 at
// every step); paused, the user plays a move with the arrow keys and Resume hands the game
// back; a bad depth marks its field.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pageFixture, pnplayBinary } from './harness.mjs';

const fixture = pageFixture();
const LONG = { timeout: 180000 };

/** The first game of `pnplay play2048 --depth 2 --seed 1`: its seed (exact, as text) and series. */
function cliGame() {
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'pnplay-2048-view-')), 'games.jsonl');
  const binary = pnplayBinary();
  execFileSync(binary, ['play2048', '--depth', '2', '--games', '1', '--seed', '1', '--quiet', '--out', out]);
  const line = readFileSync(out, 'utf8').trim().split('\n')[0];
  const record = JSON.parse(line);
  return { seed: line.match(/"seed":(\d+)/)[1], scn: record.scn_t1.map((s) => (s == null ? 'inf' : String(s))), t1: record.t1 };
}

const chart = (page) =>
  page.locator('#g2048-chart').evaluate((box) => ({ points: Number(box.dataset.points), scn: box.dataset.scn.split(','), t1: box.dataset.t1.split(',').map(Number) }));
const steps = (page) => page.locator('#g2048-panel').evaluate((panel) => Number(panel.dataset.steps));

test('expectimax plays 2048 live: the CLI’s game, the SCN chart, taking over and handing back', LONG, async () => {
  const expected = cliGame();
  const errors = [];
  const page = await fixture.ready('', errors);
  await page.click('#view-g2048');
  assert.equal(await page.locator('#g2048-panel').isVisible(), true);

  // A bad depth marks its field; the view keeps working.
  await page.fill('#g2048-depth', '0');
  await page.click('#g2048-new');
  await page.waitForSelector('#g2048-depth[aria-invalid="true"]');
  assert.match(await page.locator('#g2048-error').textContent(), /depth/);

  await page.fill('#g2048-depth', '2');
  await page.fill('#g2048-seed', expected.seed);
  await page.selectOption('#g2048-star1', 'on');
  await page.locator('#g2048-speed').fill('4');
  await page.click('#g2048-new');
  await page.waitForFunction(() => document.querySelectorAll('#g2048-board .g2048-tile').length === 16);
  assert.equal(await page.locator('#g2048-depth').getAttribute('aria-invalid'), null);
  await page.click('#g2048-start');
  await page.waitForFunction(() => Number(document.querySelector('#g2048-panel').dataset.steps) >= 50, null, { timeout: 120000 });
  await page.click('#g2048-start');
  await page.waitForSelector('#g2048-panel[data-running="false"]');
  const played = await steps(page);
  const drawn = await chart(page);
  assert.ok(played >= 50, `played ${played}`);
  assert.equal(drawn.points, played, 'one SCN point per move');
  assert.deepEqual(drawn.scn, expected.scn.slice(0, played), 'the SCN of every position is the CLI’s');
  assert.deepEqual(drawn.t1, expected.t1.slice(0, played), 'T1 at every step is the CLI’s');

  // The last position's moves with their values, expectimax's choice marked; Star1 counted.
  const rows = await page.locator('#g2048-moves tbody tr').count();
  assert.ok(rows >= 1 && rows <= 4);
  assert.equal(await page.locator('#g2048-moves tr.g2048-best').count(), 1);
  assert.match(await page.locator('#g2048-stats').textContent(), /Star1 cut-offs[\d,]+ \(last move \d+\)/);

  // Taking over: an arrow key plays the user's move (the engine still values it).
  // A move legal in the position now (the pad offers only those).
  const legal = (await page.locator('#g2048-board').getAttribute('data-legal')).split(',')[0];
  assert.equal(await page.locator(`.g2048-pad button[data-move="${legal}"]`).isDisabled(), false);
  const key = { up: 'ArrowUp', down: 'ArrowDown', left: 'ArrowLeft', right: 'ArrowRight' }[legal];
  await page.focus('#g2048-board');
  await page.keyboard.press(key);
  await page.waitForFunction((n) => Number(document.querySelector('#g2048-panel').dataset.steps) === n + 1, played);
  assert.equal((await chart(page)).points, played + 1);
  assert.match(await page.locator(`#g2048-moves tr[data-move="${legal}"]`).textContent(), /yours/);

  // Resume hands the game back to expectimax.
  await page.click('#g2048-start');
  await page.waitForFunction((n) => Number(document.querySelector('#g2048-panel').dataset.steps) >= n + 5, played + 1, { timeout: 60000 });
  await page.click('#g2048-start');
  await page.waitForSelector('#g2048-panel[data-running="false"]');
  const total = await steps(page);
  assert.equal((await chart(page)).points, total);
  assert.deepEqual(errors, []);
  await page.close();
});
