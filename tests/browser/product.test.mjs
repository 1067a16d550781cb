// The page as a product (issue 29): the start panel and its three doors, the stages view's
// paper settings and its list of differences, proving and best moves kept apart, examples
// that answer, "out" with a next step, views that stay apart, links that say what they could
// not restore, colours that pass WCAG AA in both schemes, one Tab stop per tree, the skip link.
// Runs alone (scripts/browser-tests): it times the page or needs both cores.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pageFixture, pnplayBinary } from './harness.mjs';

const fixture = pageFixture();
const { ready } = fixture;

const FFO40 = 'O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X';
const verdictOf = (page) => page.locator('.results .verdict').first().getAttribute('data-verdict');
const DECIDED = ['proved', 'disproved', 'concluded-win', 'concluded-loss'];

/** Waits until the first search's verdict is final (not running), and returns it. */
async function finalVerdict(page, timeout = 30000) {
  await page.waitForFunction(() => {
    const verdict = document.querySelector('.results .verdict')?.dataset.verdict;
    return verdict && verdict !== 'running';
  }, null, { timeout });
  return verdictOf(page);
}

/** The move row of the first result card: [name, text]. */
const moveRow = (page) =>
  page.locator('.results .result').first().evaluate((card) => {
    const dd = card.querySelector('dd[data-move]');
    return [dd.previousElementSibling.textContent, dd.textContent];
  });

test('a first visit shows the start panel; each door is a link that opens a working state', { timeout: 120000 }, async () => {
  const errors = [];
  const context = await fixture.browser.newContext();
  const page = await context.newPage();
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(fixture.server.url);
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.locator('#start-panel').isVisible(), true);
  assert.match(await page.locator('#start-panel').textContent(), /pnplay is a playground/);
  // Behind it, the solve door's position: the first Run a newcomer makes gives a verdict.
  assert.equal(await page.locator('#position-text').inputValue(), FFO40);
  await page.click('#run');
  assert.equal(await finalVerdict(page), 'proved');
  const doors = await page.locator('#start-panel a.start-door').evaluateAll((links) => links.map((a) => [a.id, a.getAttribute('href')]));
  assert.deepEqual(doors.map(([id]) => id), ['start-watch', 'start-solve', 'start-paper']);
  for (const [, href] of doors) assert.match(href, /^#v=1&/);

  // Watch a proof: the first lesson, whose steps replay.
  await page.click('#start-watch');
  assert.equal(await page.locator('#start-panel').isVisible(), false);
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && !document.querySelector('#lesson-panel').hidden);
  assert.match(await page.locator('#lesson-panel').textContent(), /Figure 2/);

  // Solve a position: the first Run gives a verdict (PNS proves FFO #40 for Black).
  await page.click('#start-open');
  await page.click('#start-solve');
  await page.waitForFunction((ffo) => document.body.dataset.ready === 'true' && document.querySelector('#position-text').value === ffo, FFO40);
  await page.click('#run');
  assert.equal(await finalVerdict(page), 'proved');

  // Reproduce a paper: the stages view with the paper's settings.
  await page.click('#start-open');
  await page.click('#start-paper');
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && !document.querySelector('#stages-panel').hidden);
  assert.equal(await page.locator('#stages-param-pr').inputValue(), '0.00001');

  // A second visit does not show the panel again; the header's button does.
  await page.goto(fixture.server.url);
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.locator('#start-panel').isVisible(), false);
  await page.click('#start-open');
  assert.equal(await page.locator('#start-panel').isVisible(), true);
  assert.deepEqual(errors, []);
  await context.close();
});

/** The CLI's verdict counts per "stage algo" for a stages run. */
function cliCounts(args) {
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'pnplay-product-')), 'run.jsonl');
  const binary = pnplayBinary();
  execFileSync(binary, ['experiment', 'stages', ...args, '--quiet', '--out', out]);
  const counts = {};
  for (const line of readFileSync(out, 'utf8').trim().split('\n')) {
    const record = JSON.parse(line);
    counts[record.verdict] = (counts[record.verdict] ?? 0) + 1;
  }
  return counts;
}

test('the stages view opens with the paper settings, runs PPNS with pr 1e-5 and lists the differences', { timeout: 240000 }, async () => {
  const errors = [];
  const page = await ready('#v=1&view=stages&g=othello', errors);
  // The paper's parameters, for every ticked search (PNS, MCPNS, PPNS: θ, playouts, pr).
  assert.equal(await page.locator('#stages-param-theta').inputValue(), '0.01');
  assert.equal(await page.locator('#stages-param-playouts').inputValue(), '60');
  assert.equal(await page.locator('#stages-param-pr').inputValue(), '0.00001');
  for (const id of ['theta', 'playouts', 'pr', 'nodes', 'time']) assert.equal(await page.locator(`#stages-param-${id}`).isVisible(), true, id);
  // Beside the plot: n, nodes and seconds differ from the paper (200, 8,000,000, 600).
  const differences = () => page.locator('#stages-differences li').allTextContents();
  const listed = await differences();
  assert.equal(listed.length, 3, listed.join(' | '));
  assert.match(listed[0], /^n: 10 positions per stage \(paper: 200\)/);
  assert.match(listed[1], /^nodes: 200,000 \(paper: 8,000,000\)/);
  assert.match(listed[2], /^seconds: 5 \(paper: 600\)/);
  // A changed parameter is listed too; the paper's budgets take n, nodes and seconds away.
  await page.fill('#stages-param-pr', '');
  await page.locator('#stages-param-pr').dispatchEvent('change');
  assert.ok((await differences()).some((d) => d === 'pr: off (paper: 0.00001)'));
  await page.fill('#stages-param-pr', '1e-5');
  await page.locator('#stages-param-pr').dispatchEvent('change');
  await page.click('#stages-paper-budget');
  assert.deepEqual(await differences(), []);
  assert.match(await page.locator('#stages-differences').textContent(), /the paper’s settings/);
  // A small run of PPNS with the defaults: the same verdicts as the CLI with pr 1e-5, and
  // concluded ones, which only pr gives.
  await page.fill('#stages-list', '40');
  await page.fill('#stages-positions', '3');
  await page.fill('#stages-param-nodes', '200000');
  await page.fill('#stages-param-time', '1000');
  for (const box of await page.locator('#stages-algos input').all()) await box.setChecked((await box.getAttribute('value')) === 'ppns');
  assert.ok((await differences()).some((d) => d.startsWith('stages 40') === false && d.startsWith('n: 3')));
  await page.click('#stages-run');
  await page.waitForSelector('#stages-panel[data-state="done"]', { timeout: 200000 });
  const row = await page.locator('#stages-table tbody tr').first().evaluate((tr) => {
    const names = [...tr.closest('table').querySelectorAll('th')].map((th) => th.textContent);
    return Object.fromEntries(['proved', 'disproved', 'concluded-win', 'concluded-loss', 'out'].map((v) => [v, Number(tr.cells[names.indexOf(v)].textContent)]));
  });
  const cli = cliCounts(['--game', 'othello', '--stages', '40', '--positions', '3', '--algos', 'ppns', '--theta', '0.01', '--playouts', '60', '--pr', '1e-5', '--seed', '1', '--nodes', '200000', '--time', '1000']);
  for (const [verdict, count] of Object.entries(row)) assert.equal(count, cli[verdict] ?? 0, verdict);
  assert.ok(row['concluded-win'] + row['concluded-loss'] > 0, JSON.stringify(row));
  assert.deepEqual(errors, []);
});

test('FFO #40: the search names its proving move, the exact value the best move a2 with +38', { timeout: 120000 }, async () => {
  const errors = [];
  const page = await ready(`#v=1&g=othello&p=${encodeURIComponent(FFO40)}&a=pns`, errors);
  await page.click('#run');
  assert.equal(await finalVerdict(page), 'proved');
  assert.deepEqual(await moveRow(page), ['proving move', 'b1']);
  assert.equal(await page.locator('.results').textContent().then((t) => /best move/.test(t)), false);
  await page.click('#exact');
  await page.waitForFunction(() => document.querySelector('#exact-value').dataset.score !== undefined, null, { timeout: 90000 });
  assert.equal(await page.locator('#exact-value').getAttribute('data-score'), '38');
  assert.match(await page.locator('#exact-value').textContent(), /\+38 for the side to move, best move a2/);
  // Both are shown at once.
  assert.deepEqual(await moveRow(page), ['proving move', 'b1']);
  assert.deepEqual(errors, []);
});

test('every example of every game gets a verdict from the default search within 2 s', { timeout: 300000 }, async () => {
  const errors = [];
  const page = await ready('', errors);
  const hello = await page.evaluate(() => window.pnplayEngine.request('hello'));
  const families = hello.games.filter((family) => family.examples.length);
  // Connect Four, Awari and 2048 have examples too.
  for (const id of ['connect4', 'awari', '2048']) assert.ok(families.some((f) => f.id === id), id);
  const slowest = [];
  // The default search: the page's, or where the engine's support matrix says it cannot run
  // (PNS on MiniShogi, whose positions repeat), the catalogue's first that can — as the page
  // chooses when the game is picked in the menu (checked below for MiniShogi).
  const runs = (game, id) => (hello.support?.[game]?.[id] ?? null) === null;
  const searchFor = (game) => (runs(game, hello.defaults.search) ? hello.defaults.search : hello.searches.find((s) => runs(game, s.id)).id);
  for (const family of families) {
    for (const example of family.examples) {
      await page.evaluate((hash) => {
        window.location.hash = hash;
      }, `#v=1&g=${encodeURIComponent(example.game)}&p=${encodeURIComponent(example.text)}&a=${searchFor(example.game)}`);
      await page.waitForFunction((text) => document.body.dataset.ready === 'true' && document.querySelector('#position-text').value !== '' && document.querySelector('#message').hidden, example.text);
      const started = Date.now();
      await page.click('#run');
      const verdict = await finalVerdict(page, 20000);
      const wall = (Date.now() - started) / 1000;
      const seconds = await page.locator('.results .result').first().evaluate((card) => {
        const dt = [...card.querySelectorAll('dt')].find((d) => d.textContent === 'time');
        return Number.parseFloat(dt.nextElementSibling.textContent);
      });
      slowest.push([wall, example.name]);
      assert.ok(DECIDED.includes(verdict), `${example.name}: ${verdict}`);
      assert.ok(seconds <= 2, `${example.name}: the search took ${seconds} s`);
      // The bound the issue sets is 2 s; the page is measured on a shared, loaded machine.
      assert.ok(wall <= 4, `${example.name}: ${wall} s from Run to the verdict`);
    }
  }
  // Choosing MiniShogi in the menu switches PNS to a search that can run on it.
  await page.evaluate(() => {
    window.location.hash = '#v=1&g=othello&a=pns';
  });
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && document.querySelector('#algo-select').value === 'pns');
  await page.selectOption('#game-select', 'minishogi');
  await page.waitForFunction(() => document.querySelector('#algo-select').value !== 'pns');
  assert.ok(runs('minishogi', await page.locator('#algo-select').inputValue()));
  slowest.sort((a, b) => b[0] - a[0]);
  console.log(`slowest examples (s from Run to verdict): ${slowest.slice(0, 3).map(([s, n]) => `${n} ${s.toFixed(2)}`).join(', ')}`);
  assert.deepEqual(errors, []);
});

test('"out" comes with the next step to take', { timeout: 60000 }, async () => {
  const page = await ready('#v=1&g=othello&a=pns&nodes=2000');
  await page.click('#run');
  assert.equal(await finalVerdict(page), 'out');
  const next = await page.locator('.results .next-step').textContent();
  assert.match(next, /node limit \(2,000\) was reached/);
  assert.match(next, /Raise max nodes/);
  assert.match(next, /df-pn/);
  assert.match(next, /Exact answer/);
});

test('the results and stages views show no playground panel, and its keys are inert there', { timeout: 60000 }, async () => {
  const page = await ready('#v=1&g=tictactoe&a=pns');
  for (const view of ['results', 'stages']) {
    await page.click(`#view-${view}`);
    for (const panel of ['#board-panel', '#search-panel', '#tree-panel', '#chart-panel']) {
      assert.equal(await page.locator(panel).isVisible(), false, `${view}: ${panel}`);
    }
    await page.locator('body').press('ArrowRight');
    await page.locator('body').press(' ');
  }
  await page.click('#view-tree');
  assert.equal(await page.locator('#board-panel').isVisible(), true);
  // No search was started by the keys pressed in the other views.
  assert.equal(await page.locator('.results .result').count(), 0);
});

test('a newer link says what it could not restore; an unknown game is answered with the menu', { timeout: 60000 }, async () => {
  const page = await ready('#v=2&g=tictactoe&p=12&a=pns&step=10');
  const message = await page.locator('#message').textContent();
  assert.match(message, /v=2: this link was made by a newer pnplay \(this page reads v=1\)/);
  assert.match(message, /Not restored: the replay to step 10/);
  // The rest is restored: the position, and no replay ran.
  assert.equal(await page.locator('#position-text').inputValue(), '12');
  assert.equal(await page.locator('.results .result').count(), 0);

  await page.evaluate(() => {
    window.location.hash = '#v=1&g=otello';
  });
  await page.locator('#message').filter({ hasText: 'no game' }).waitFor();
  const bad = await page.locator('#message').textContent();
  assert.match(bad, /g: no game "otello" — the games are othello \(Othello/);
  assert.match(bad, /connect4 \(Connect Four/);
  assert.doesNotMatch(bad, /\[:objective\]|\|/, 'not the name grammar');
});

/** WCAG contrast of every verdict colour (and the page's text) against its background, in the page. */
function contrasts() {
  const rgb = (text) => text.match(/[\d.]+/g).map(Number);
  const luminance = ([r, g, b]) => {
    const channel = (c) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  };
  const background = (element) => {
    for (let e = element; e; e = e.parentElement) {
      const colour = rgb(getComputedStyle(e).backgroundColor);
      if (colour.length < 4 || colour[3] > 0) return colour;
    }
    return [255, 255, 255];
  };
  const ratio = (element) => {
    const a = luminance(rgb(getComputedStyle(element).color));
    const b = luminance(background(element));
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  };
  // A card of every verdict, as the results render them, and the exact answers' colours.
  const results = document.querySelector('#results');
  for (const verdict of ['proved', 'disproved', 'concluded-win', 'concluded-loss', 'out', 'running']) {
    const card = document.createElement('article');
    card.className = 'result';
    card.innerHTML = `<p class="verdict" data-verdict="${verdict}">${verdict}</p><p class="next-step">next</p>`;
    results.append(card);
  }
  for (const verdict of ['proved', 'disproved', 'out']) {
    const p = document.createElement('p');
    p.className = 'exact-result';
    p.dataset.verdict = verdict;
    p.textContent = verdict;
    results.append(p);
  }
  const measured = [];
  for (const element of document.querySelectorAll('body *')) {
    const own = [...element.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
    if (!own || !element.checkVisibility?.() || element.closest('svg, button:disabled, option')) continue;
    measured.push({ what: `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${element.className}[${element.dataset.verdict ?? ''}] ${element.textContent.trim().slice(0, 30)}`, ratio: ratio(element) });
  }
  return measured;
}

test('every verdict and text colour has a contrast of at least 4.5:1 in light and dark schemes', { timeout: 60000 }, async () => {
  for (const colorScheme of ['light', 'dark']) {
    const page = await ready('#v=1&g=tictactoe&a=pns');
    await page.emulateMedia({ colorScheme });
    const measured = await page.evaluate(contrasts);
    const verdicts = measured.filter((m) => m.what.startsWith('p.verdict') || m.what.startsWith('p.exact-result'));
    assert.equal(verdicts.length, 9, colorScheme);
    const low = measured.filter((m) => m.ratio < 4.5).map((m) => `${m.what}: ${m.ratio.toFixed(2)}`);
    assert.deepEqual(low, [], `${colorScheme}: ${measured.length} texts measured`);
    await page.close();
  }
});

test('a tree is one Tab stop; the arrow keys move inside it; the skip link reaches Run', { timeout: 60000 }, async () => {
  const page = await ready('#v=1&g=tictactoe&p=12&a=pns,ppns');
  await page.fill('#step-n', '20');
  await page.click('#step-n-button');
  await page.waitForFunction(() => [...document.querySelectorAll('.tree-view figcaption')].length === 2 && [...document.querySelectorAll('.tree-view figcaption')].every((c) => c.textContent.includes('iteration 20')));
  const stops = await page.locator('.tree-view').evaluateAll((trees) => trees.map((t) => [t.querySelectorAll('g[data-id]').length, t.querySelectorAll('g[data-id][tabindex="0"]').length]));
  for (const [nodes, tabStops] of stops) {
    assert.ok(nodes > 3, `${nodes} nodes drawn`);
    assert.equal(tabStops, 1);
  }
  // Down from the root reaches its first child, Right its sibling, Up the root again.
  const root = page.locator('.tree-view').first().locator('g[data-id][tabindex="0"]');
  await root.focus();
  const focusedId = () => page.evaluate(() => document.activeElement.dataset.id);
  const rootId = await focusedId();
  await page.keyboard.press('ArrowDown');
  const child = await focusedId();
  assert.notEqual(child, rootId);
  await page.keyboard.press('ArrowRight');
  const sibling = await focusedId();
  assert.notEqual(sibling, child);
  await page.keyboard.press('ArrowUp');
  assert.equal(await focusedId(), rootId);
  assert.equal(await page.locator('.tree-view').first().locator('g[data-id][tabindex="0"]').count(), 1);
  // On a fresh page the skip link is the first Tab stop and takes the focus to Run.
  const fresh = await ready('#v=1&g=tictactoe&p=12&a=pns');
  await fresh.keyboard.press('Tab');
  assert.equal(await fresh.evaluate(() => document.activeElement.id), 'skip-link');
  await fresh.keyboard.press('Enter');
  assert.equal(await fresh.evaluate(() => document.activeElement.id), 'run');
});

test('prefers-reduced-motion: the tree does not animate', { timeout: 60000 }, async () => {
  const page = await ready('#v=1&g=tictactoe&p=12&a=pns');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.fill('#step-n', '5');
  await page.click('#step-n-button');
  await page.waitForFunction(() => document.querySelector('.tree-view figcaption')?.textContent.includes('iteration 5'));
  await page.click('#step');
  await page.waitForFunction(() => document.querySelector('.tree-view figcaption')?.textContent.includes('iteration 6'));
  const running = await page.evaluate(() => document.getAnimations().map((a) => `${a.constructor.name} ${a.effect?.target?.tagName}.${a.effect?.target?.getAttribute?.('class')}`));
  assert.deepEqual(running, []);
});

/** Runs Analyse on the shown position; returns {labels: {move: text}, best, proving, moves}. */
async function analyse(page) {
  await page.click('#analyse');
  await page.waitForSelector('#analysis-legend[data-done="true"]', { timeout: 280000 });
  return page.evaluate(() => {
    const labels = {};
    for (const label of document.querySelectorAll('#board .value-label')) labels[label.querySelector('title').textContent.split(':')[0]] = label.querySelector('text').textContent;
    for (const button of document.querySelectorAll('#extra-moves button')) {
      const match = button.textContent.match(/^(\S+) \((.+)\)$/);
      if (match) labels[match[1]] = match[2];
    }
    const summary = document.querySelector('#analysis-legend .analysis-summary');
    return { labels, best: summary?.dataset.best, proving: summary?.dataset.proving, valued: Number(document.querySelector('#analysis-legend').dataset.valued) };
  });
}

test('the analysis board values every legal move of FFO #40 and of a Connect Four example', { timeout: 300000 }, async () => {
  const errors = [];
  // Yellow to move loses (the solver: −17): every column is valued, the best one at −17.
  const page = await ready('#v=1&g=connect4&p=4455334', errors);
  const c4 = await analyse(page);
  assert.equal(c4.valued, 7);
  assert.deepEqual(Object.keys(c4.labels).sort(), ['1', '2', '3', '4', '5', '6', '7']);
  for (const [move, text] of Object.entries(c4.labels)) assert.match(text, /^-\d+$/, `column ${move}: ${text}`);
  assert.equal(Math.max(...Object.values(c4.labels).map(Number)), -17);
  assert.equal(c4.labels[c4.best.split(',')[0]], '-17');
  assert.equal(c4.proving, '');

  await page.evaluate((hash) => {
    window.location.hash = hash;
  }, `#v=1&g=othello&p=${encodeURIComponent(FFO40)}`);
  await page.waitForFunction((ffo) => document.body.dataset.ready === 'true' && document.querySelector('#position-text').value === ffo, FFO40);
  const moves = await page.evaluate(() => window.pnplayEngine.request('describe', { game: 'othello', pos: document.querySelector('#position-text').value }).then((v) => v.moves.map((m) => m.text)));
  const ffo = await analyse(page);
  console.log(`FFO #40 analysis: ${JSON.stringify(ffo.labels)}; ${await page.locator('#board .value-label title').allTextContents().then((t) => t.map((x) => x.replace(/^.*\(the game's solver, /, '').replace(/\)$/, '')).join('; '))}`);
  assert.deepEqual(Object.keys(ffo.labels).sort(), [...moves].sort());
  for (const [move, text] of Object.entries(ffo.labels)) assert.match(text, /^[+-]?\d+$/, `${move}: ${text}`);
  assert.equal(ffo.labels.a2, '+38');
  assert.equal(ffo.best, 'a2');
  assert.ok(ffo.proving.split(',').includes('b1'), ffo.proving);
  assert.deepEqual(errors, []);
});
