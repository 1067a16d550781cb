// The page built from the engine's catalogues: every search runs in it (exact ones without a
// tree), compare mode pairs any two searches, the parameter fields are the schema's, and a
// link with a bad parameter marks that field.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageFixture } from './harness.mjs';

const { ready } = pageFixture();

const verdicts = (page) => page.locator('.results .verdict').evaluateAll((ps) => ps.map((p) => p.dataset.verdict));

test('the selects and parameter fields are the engine catalogues', async () => {
  const page = await ready();
  const hello = await page.evaluate(() => window.pnplayEngine.request('hello'));
  const searches = await page.locator('#algo-select option').evaluateAll((os) => os.map((o) => o.value));
  assert.deepEqual(searches, hello.searches.map((s) => s.id));
  const games = await page.locator('#game-select option').evaluateAll((os) => os.map((o) => o.value));
  assert.deepEqual(games, hello.games.flatMap((f) => f.listed.map((l) => l.name)));
  const boxes = await page.locator('#stages-algos input').evaluateAll((bs) => bs.map((b) => b.value));
  assert.deepEqual(boxes, hello.searches.map((s) => s.id));
  // Only the parameters the chosen search reads are shown: PNS none of its own, PPNS θ, pr, playouts.
  assert.equal(await page.locator('#param-theta').isVisible(), false);
  await page.selectOption('#algo-select', 'ppns');
  assert.equal(await page.locator('#param-theta').isVisible(), true);
  assert.equal(await page.locator('#param-playouts').isVisible(), true);
});

test('compare mode pairs an exact search with a best-first one, and they agree', async () => {
  const page = await ready('#v=1&g=tictactoe&p=15&a=dfpn,pns&goal=not-lose');
  assert.equal(await page.locator('#compare-mode').isChecked(), true);
  await page.click('#run');
  await page.waitForFunction(() => {
    const shown = [...document.querySelectorAll('.results .verdict')];
    return shown.length === 2 && shown.every((p) => p.dataset.verdict !== 'running');
  });
  const [dfpn, pns] = await verdicts(page);
  assert.ok(['proved', 'disproved'].includes(dfpn), dfpn);
  assert.equal(pns, dfpn);
  // df-pn keeps no tree: one tree view (PNS's), and df-pn's root numbers are shown.
  assert.equal(await page.locator('.tree-view').count(), 1);
  assert.match(await page.locator('.results').textContent(), /root.*pn .* \/ dn/);
});

test('alpha-beta runs in the page and names its proving move', async () => {
  const page = await ready('#v=1&g=connect4&p=445566&a=alphabeta');
  await page.click('#run');
  await page.waitForFunction(() => document.querySelector('.results .verdict')?.dataset.verdict === 'proved');
  assert.match(await page.locator('.results').textContent(), /proving move(3|7)/);
});

test('a link with a bad parameter marks that field and says why', async () => {
  const page = await ready('#v=1&g=othello&a=ppns&theta=2&k=8');
  const theta = page.locator('#param-theta');
  assert.equal(await theta.getAttribute('aria-invalid'), 'true');
  assert.match(await page.locator('#message').textContent(), /theta: must be from 0 \(exclusive\) to 1 \(exclusive\), got 2/);
  assert.equal(await page.locator('#param-playouts').inputValue(), '8');
  assert.equal(await page.locator('#param-playouts').getAttribute('aria-invalid'), null);
  // Fixing the field clears the mark, and the search starts.
  await theta.fill('0.05');
  await theta.dispatchEvent('change');
  assert.equal(await theta.getAttribute('aria-invalid'), null);
  await page.click('#step');
  await page.waitForFunction(() => document.querySelector('.tree-view figcaption')?.textContent.includes('iteration 1'));
});

test('a bad value typed in a field is marked and nothing is lost; engine errors name the field', async () => {
  const page = await ready('#v=1&g=othello&a=ppns');
  await page.fill('#param-pr', '0.7');
  await page.click('#step');
  await page.locator('#message').filter({ hasText: /pr: must be/ }).waitFor();
  assert.equal(await page.locator('#param-pr').getAttribute('aria-invalid'), 'true');
  assert.equal(await page.locator('#board [data-cell]').count(), 64);
  // The worker's errors carry the engine's kind and field.
  const answer = (payload) =>
    page.evaluate((p) => window.pnplayEngine.request('start', p).then(() => null, (e) => ({ kind: e.kind, field: e.field, message: e.message })), payload);
  const othelloStart = `${'-'.repeat(27)}OX${'-'.repeat(6)}XO${'-'.repeat(27)} X`;
  const start = { game: 'othello', pos: othelloStart, algos: ['ppns'] };
  assert.deepEqual(await answer({ ...start, options: { theta: 2 } }), {
    kind: 'bad-parameter',
    field: 'theta',
    message: 'theta must be from 0 (exclusive) to 1 (exclusive), got 2',
  });
  assert.equal((await answer({ ...start, options: { colour: 1 } })).field, 'colour');
  assert.equal((await answer({ ...start, pos: 'XX', options: {} })).field, 'pos');
  assert.equal((await answer({ ...start, algos: ['chess'], options: {} })).field, 'search');
  assert.equal((await answer({ ...start, game: 'chess', options: {} })).kind, 'unknown-game');
});
