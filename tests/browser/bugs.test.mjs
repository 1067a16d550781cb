// The page bugs of issue 15 ("A page that teaches"), one test per numbered bug (7 has two):
// each failed on the page before its fix.
// Runs alone (scripts/browser-tests): it times the page or needs both cores.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, pageFixture } from './harness.mjs';

const fixture = pageFixture();
const { ready } = fixture;

const cell = (page, index) => page.locator(`#board [data-cell="${index}"]`);
const message = (page) => page.locator('#message').textContent();
const invalid = (page, selector) => page.locator(selector).getAttribute('aria-invalid');
/** The iterations the first result card shows (null before there is one). */
const iterations = (page) =>
  page.evaluate(() => {
    const dd = [...document.querySelectorAll('.result dt')].find((dt) => dt.textContent === 'iterations')?.nextElementSibling;
    return dd ? Number(dd.textContent.replace(/,/g, '')) : null;
  });
const runLabel = (page) => page.locator('#run').textContent();
const shared = async (page) => {
  await page.click('#share');
  await page.locator('#message').filter({ hasText: /Link copied|Copy this link/ }).waitFor();
  return page.url();
};
/** A search that takes many seconds: PPNS from the Othello start, no node limit. */
const SLOW = '#v=1&g=othello&a=ppns&nodes=off&time=60';

test('bug 1: the parameters of a running search cannot be edited, and its link names what runs', async () => {
  const errors = [];
  const page = await ready(`${SLOW}&theta=0.03`, errors);
  await page.click('#run');
  await page.waitForFunction(() => document.querySelector('#run').textContent.includes('Pause'));
  for (const field of ['#param-theta', '#param-playouts', '#param-nodes', '#algo-select', '#compare-mode']) {
    assert.equal(await page.locator(field).isDisabled(), true, `${field} is locked while running`);
  }
  // Even a field changed behind the lock does not reach the link: it names the running search.
  await page.evaluate(() => {
    const theta = document.querySelector('#param-theta');
    theta.value = '0.2';
    theta.dispatchEvent(new Event('change'));
  });
  const link = await shared(page);
  assert.match(link, /theta=0\.03/);
  assert.doesNotMatch(link, /theta=0\.2/);
  await page.click('#run');
  await page.waitForFunction(() => document.querySelector('#run').textContent.includes('Run'));
  assert.equal(await page.locator('#param-theta').isDisabled(), false, 'unlocked when paused');
  assert.deepEqual(errors, []);
});

test('bug 2: Step N runs in slices with progress, pauses, and Reset frees the worker at once', async () => {
  const errors = [];
  const page = await ready(SLOW, errors);
  await page.fill('#step-n', '1000000000');
  await page.click('#step-n-button');
  // Progress shows while the step runs; the Run button pauses it.
  await page.waitForFunction(() => /iterations[1-9]/.test(document.querySelector('#results').textContent), null, { timeout: 5000 });
  assert.match(await runLabel(page), /Pause/);
  await page.click('#run');
  await page.waitForFunction(() => document.querySelector('#run').textContent.includes('Run'), null, { timeout: 3000 });
  const paused = await iterations(page);
  await page.waitForTimeout(600);
  assert.equal(await iterations(page), paused, 'nothing moves once paused');
  assert.ok(paused < 1e9);
  // Again, then Reset: the worker answers a board click at once.
  await page.click('#step-n-button');
  await page.waitForFunction((n) => {
    const text = document.querySelector('#results').textContent.match(/iterations([\d,]+)/)?.[1];
    return text && Number(text.replace(/,/g, '')) > n;
  }, paused, { timeout: 5000 });
  await page.click('#cancel');
  const clicked = Date.now();
  await cell(page, 4 * 8 + 5).click();
  await page.waitForFunction(() => document.querySelector('#position-text').value.endsWith(' O'), null, { timeout: 3000 });
  assert.ok(Date.now() - clicked < 2000, `the click was answered after ${Date.now() - clicked} ms`);
  assert.match(await runLabel(page), /Run/);
  assert.deepEqual(errors, []);
});

test('bug 2: a link with a large step replays it with progress', async () => {
  const page = await openPage(fixture.browser, `${fixture.server.url}${SLOW}&step=2000000`);
  await page.waitForFunction(() => /iterations[1-9]/.test(document.querySelector('#results').textContent), null, { timeout: 8000 });
  const shown = await iterations(page);
  assert.ok(shown > 0 && shown < 2000000, `progress ${shown}`);
  assert.match(await runLabel(page), /Pause/);
  await page.close();
});

test('bug 3: Space presses a focused button; a move played from the keyboard keeps the focus on the board', async () => {
  const page = await ready('#v=1&g=tictactoe&a=pns');
  await page.click('#step');
  await page.waitForFunction(() => document.querySelectorAll('.result').length === 1);
  await page.focus('#cancel');
  await page.keyboard.press(' ');
  await page.waitForFunction(() => document.querySelector('#results').children.length === 0, null, { timeout: 3000 });
  assert.match(await runLabel(page), /Run/);
  // Elsewhere Space still runs the search.
  await page.evaluate(() => document.activeElement.blur());
  await page.keyboard.press(' ');
  await page.waitForFunction(() => document.querySelector('.result .verdict')?.dataset.verdict === 'proved' || document.querySelector('.result .verdict')?.dataset.verdict === 'disproved');
  // A move from the keyboard: focus stays on the board.
  await cell(page, 4).focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('#position-text').value === '5');
  const focused = await page.evaluate(() => ({ inBoard: Boolean(document.activeElement.closest('#board')), cell: document.activeElement.dataset.cell }));
  assert.deepEqual(focused, { inBoard: true, cell: '4' });
  await cell(page, 0).focus();
  await page.keyboard.press(' ');
  await page.waitForFunction(() => document.querySelector('#position-text').value === '51');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.cell), '0');
  // A move without a cell (a 2048 slide) from the keyboard: the focus stays on the board's side.
  const slides = await ready('#v=1&g=2048:2x2&p=2,2,0,0;p');
  const before = await slides.locator('#position-text').inputValue();
  await slides.locator('#extra-moves button').first().focus();
  await slides.keyboard.press('Enter');
  await slides.waitForFunction((text) => document.querySelector('#position-text').value !== text, before);
  const where = await slides.evaluate(() => Boolean(document.activeElement.closest('#board, #extra-moves')));
  assert.equal(where, true, 'focus after a slide');
});

test('bug 4: bad parameters and counts are typed errors naming the field, marked on the page', async () => {
  const errors = [];
  const page = await ready('#v=1&g=othello&a=ppns', errors);
  for (const [key, text, said] of [
    ['time', '0', /time: must be more than 0, got 0/],
    ['playouts', '2.5', /playouts: 2\.5 is not a whole number/],
    ['nodes', '0', /nodes: must be at least 1, got 0/],
    ['nodes', '-5', /nodes: must be at least 1, got -5/],
    ['playouts', '1000001', /playouts: must be from 1 to 1000000, got 1000001/],
  ]) {
    const before = await page.locator(`#param-${key}`).inputValue();
    await page.fill(`#param-${key}`, text);
    await page.click('#step');
    await page.locator('#message').filter({ hasText: said }).waitFor({ timeout: 3000 });
    assert.equal(await invalid(page, `#param-${key}`), 'true', key);
    await page.fill(`#param-${key}`, before);
    await page.dispatchEvent(`#param-${key}`, 'change');
  }
  // The engine refuses them too, naming the field.
  const start = (options) =>
    page.evaluate(
      (o) => window.pnplayEngine.request('start', { game: 'tictactoe', pos: '', algos: ['pns'], options: o }).then(() => null, (e) => [e.kind, e.field]),
      options,
    );
  assert.deepEqual(await start({ nodes: 0 }), ['bad-parameter', 'nodes']);
  assert.deepEqual(await start({ time: 0 }), ['bad-parameter', 'time']);
  assert.deepEqual(await start({ playouts: 2.5 }), ['bad-parameter', 'playouts']);
  // Step N's count.
  for (const text of ['0', '2.5', '-3']) {
    await page.fill('#step-n', text);
    await page.click('#step-n-button');
    await page.locator('#message').filter({ hasText: /N: .*whole number from 1/ }).waitFor({ timeout: 3000 });
    assert.equal(await invalid(page, '#step-n'), 'true', text);
  }
  await page.fill('#step-n', '3');
  assert.equal(await invalid(page, '#step-n'), null, 'typing clears the mark');
  // The stages experiment's counts.
  await page.click('#view-stages');
  await page.fill('#stages-positions', '2.5');
  await page.click('#stages-run');
  await page.locator('#stages-status').filter({ hasText: /positions per stage: .*whole number/ }).waitFor({ timeout: 3000 });
  assert.equal(await invalid(page, '#stages-positions'), 'true');
  assert.doesNotMatch(await page.locator('#stages-panel').textContent(), /invalid type/);
  assert.deepEqual(errors, []);
});

test('bug 5: share links follow the address bar, name every game, and read as written', async () => {
  const page = await ready('#v=1&g=othello&a=pns');
  // A link pasted into the open tab is applied.
  await page.evaluate(() => {
    window.location.hash = '#v=1&g=tictactoe&p=15&a=pns';
  });
  await page.waitForFunction(() => document.querySelector('#position-text').value === '15', null, { timeout: 5000 });
  assert.equal(await page.locator('#game-select').inputValue(), 'tictactoe');
  // After Share the address follows the page: a reload shows what was shown, not the old link.
  await page.check('#compare-mode');
  await page.selectOption('#algo2-select', 'ppns');
  const link = await shared(page);
  assert.match(link, /&a=pns,ppns(&|$)/, 'the comma is written as a comma');
  await cell(page, 2).click();
  await page.waitForFunction(() => document.querySelector('#position-text').value === '153');
  await page.waitForFunction(() => window.location.hash.includes('p=153'), null, { timeout: 3000 });
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.locator('#position-text').inputValue(), '153');
  // Games outside the menu's list are named in it.
  for (const [game, position] of [
    ['connect4:5x4', '33'],
    ['2048:2x2:16', null],
  ]) {
    const opened = await ready(`#v=1&g=${game}${position ? `&p=${position}` : ''}`);
    assert.equal(await opened.locator('#game-select').inputValue(), game);
    assert.equal(await message(opened), '');
  }
  // A bad game name is a `g` problem (its position is not read), and the default game is shown.
  const bad = await ready('#v=1&g=connect4:99x99&p=4453');
  assert.match(await message(bad), /g: .*99x99/);
  assert.doesNotMatch(await message(bad), /(^|[—;] )p: /);
  assert.equal(await invalid(bad, '#game-select'), 'true');
  assert.equal(await bad.locator('#game-select').inputValue(), 'othello');
});

test('bug 6: the stages view is honest about its papers, its progress, its errors and its files', async () => {
  const errors = [];
  const page = await ready('#v=1&view=stages&g=connect4&stages=8,x,10&n=1&sa=pns,ppns&k=4&nodes=off&time=3', errors);
  // A bad stage entry in a link is reported, not dropped.
  assert.match(await message(page), /stages: .*"x"/);
  await page.fill('#stages-list', '8,x,10');
  await page.click('#stages-run');
  await page.locator('#stages-status').filter({ hasText: /stages: .*"x"/ }).waitFor({ timeout: 3000 });
  assert.equal(await invalid(page, '#stages-list'), 'true');
  // A good run: no paper numbers for Connect Four, a timer that moves before any job ends.
  await page.fill('#stages-list', '8');
  await page.fill('#stages-positions', '1');
  await page.click('#stages-run');
  await page.waitForFunction(() => document.querySelector('#stages-panel').dataset.state === 'running');
  assert.equal(await invalid(page, '#stages-list'), null, 'the mark is cleared');
  const first = await page.locator('#stages-status').textContent();
  assert.doesNotMatch(first, /stages: /, 'the old error is gone');
  // Each job takes its 3 s: the timer moves before the first one ends.
  await page.waitForFunction((before) => document.querySelector('#stages-status').textContent !== before, first, { timeout: 2000 });
  assert.match(await page.locator('#stages-status').textContent(), /^0 of 2 /);
  await page.waitForFunction(() => document.querySelector('#stages-panel').dataset.state === 'done', null, { timeout: 60000 });
  const paper = await page.locator('#stages-table tbody tr').evaluateAll((rows) => rows.map((r) => r.lastElementChild.textContent));
  assert.ok(paper.length > 0 && paper.every((p) => p === '–'), `paper column ${paper}`);
  assert.equal(await page.locator('#stages-chart .u-series').filter({ hasText: 'paper' }).count(), 0);
  // The download is JSON Lines, named so; every root value is an object.
  assert.equal(await page.locator('#stages-json').textContent(), 'Download JSON Lines');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#stages-json')]);
  assert.equal(download.suggestedFilename(), 'stages.jsonl');
  const text = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString());
  const records = text.trim().split('\n').map((line) => JSON.parse(line));
  assert.ok(records.some((r) => r.algo === 'ppns'));
  for (const record of records) assert.equal(typeof record.root_value, 'object', JSON.stringify(record));
  assert.deepEqual(
    records.filter((r) => r.algo === 'ppns').map((r) => Object.keys(r.root_value)),
    records.filter((r) => r.algo === 'ppns').map(() => ['kind', 'ppn', 'one_minus_ppn']),
  );
  assert.deepEqual(errors, []);
});

test('bug 7: compare mode offers another search, and a paused search says it is paused', async () => {
  const page = await ready('#v=1&g=tictactoe&a=ppns');
  await page.check('#compare-mode');
  assert.notEqual(await page.locator('#algo2-select').inputValue(), 'ppns');
  // Choosing in one select the other's search swaps them.
  const other = await page.locator('#algo2-select').inputValue();
  await page.selectOption('#algo-select', other);
  assert.deepEqual([await page.locator('#algo-select').inputValue(), await page.locator('#algo2-select').inputValue()], [other, 'ppns']);
  await page.selectOption('#algo2-select', other);
  assert.deepEqual([await page.locator('#algo-select').inputValue(), await page.locator('#algo2-select').inputValue()], ['ppns', other]);
  await page.click('#step');
  await page.waitForFunction(() => document.querySelectorAll('.result').length === 2);
  const verdicts = await page.locator('.result .verdict').allTextContents();
  for (const verdict of verdicts) assert.match(verdict, /^paused/, verdict);
});
