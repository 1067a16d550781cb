// Textbook trees on the page (src/game/tree.rs, www/lib/board.js's `tree` style): an example
// of the catalogue loaded from the Example select and solved by PNS with the verdict the tree's
// minimax value gives, a tree built by clicking in edit mode, and coordinates on the Othello board.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageFixture } from './harness.mjs';

const { ready } = pageFixture();

const positionText = (page) => page.locator('#position-text').inputValue();
const node = (page, index) => page.locator(`#board [data-cell="${index}"]`);

/** The first player's minimax value of a tree view's nodes ({parent, outcome}), by brute force. */
function minimax(nodes) {
  const children = nodes.map(() => []);
  nodes.forEach((n, i) => {
    if (n.parent !== null) children[n.parent].push(i);
  });
  const value = (index, depth) => {
    const leaf = nodes[index].outcome;
    if (leaf) return { win: 1, draw: 0, loss: -1 }[leaf];
    const values = children[index].map((child) => value(child, depth + 1));
    return depth % 2 === 0 ? Math.max(...values) : Math.min(...values);
  };
  return value(0, 0);
}

test('the PN-MCTS Figure 2 example loads from the Example select and PNS solves it to its minimax value', async () => {
  const errors = [];
  const page = await ready('#v=1&g=tree', errors);
  const options = await page.locator('#example-select option').allTextContents();
  assert.ok(options.includes('PN-MCTS paper, Figure 2'), options.join(' | '));
  // Start from another position, so that loading the example is seen.
  await page.fill('#position-text', '[W L]');
  await page.click('#position-form button[type="submit"]');
  await page.waitForFunction(() => document.querySelector('#position-text').value === '[W L]');
  await page.selectOption('#example-select', { label: 'PN-MCTS paper, Figure 2' });
  await page.waitForFunction(() => document.querySelector('#position-text').value.startsWith('[b:[e:'));
  const text = await positionText(page);
  assert.equal(await page.locator('#example-select option:checked').textContent(), 'PN-MCTS paper, Figure 2');
  // The figure's twelve nodes a–l are drawn: squares for OR, circles for AND, W/L/D leaves.
  assert.equal(await page.locator('#board .tree-node').count(), 12);
  assert.equal(await page.locator('#board .tree-node.tree-or').count(), 1 + 6); // a, and e f g h i j at depth 2
  assert.equal(await page.locator('#board .tree-result').count(), 7);
  assert.match(await node(page, 0).getAttribute('aria-label'), /the root: OR node.*\(here\)/);

  const view = await page.evaluate((pos) => window.pnplayEngine.request('describe', { game: 'tree', pos }), text);
  const value = minimax(view.tree.nodes);
  await page.selectOption('#algo-select', 'pns');
  await page.click('#run');
  const verdict = page.locator('.result[data-algo="pns"] .verdict');
  await page.waitForFunction(() => {
    const shown = document.querySelector('.result[data-algo="pns"] .verdict');
    return shown && shown.dataset.verdict !== 'running';
  });
  assert.equal(await verdict.getAttribute('data-verdict'), value === 1 ? 'proved' : 'disproved');
  assert.equal(value, 1);

  // Children of the current node are moves: clicking d, then j, walks the most-proving path.
  await node(page, view.tree.nodes.findIndex((n) => n.label === 'd')).click();
  await page.waitForFunction(() => document.querySelector('#position-text').value.endsWith(' @ d'));
  assert.match(await page.locator('#turn-line').textContent(), /AND \(second player\) to move · 2 legal moves/);
  assert.deepEqual(errors, []);
});

test('a tree is built by clicking in edit mode, and its text round-trips', async () => {
  const errors = [];
  const page = await ready('#v=1&g=tree', errors);
  await page.fill('#position-text', 'W');
  await page.click('#position-form button[type="submit"]');
  await page.waitForFunction(() => document.querySelector('#position-text').value === 'W');
  await page.check('#edit-mode');
  const tool = (name) => page.check(`#edit-tool-choices input[value="${name}"]`);
  const expect = async (text) => {
    await page.waitForFunction((t) => document.querySelector('#position-text').value === t, text);
    assert.equal(await page.locator('#board .tree-node').count(), (text.match(/[WLD]/g) ?? []).length + (text.match(/\[/g) ?? []).length);
  };
  await tool('add');
  await node(page, 0).click(); // the root leaf gets a child
  await expect('[W]');
  await node(page, 0).click(); // and another
  await expect('[W W]');
  await tool('cycle');
  await node(page, 2).click(); // W → L
  await expect('[W L]');
  await node(page, 2).click(); // L → D
  await expect('[W D]');
  await tool('add');
  await node(page, 1).click(); // a leaf becomes an inner node
  await expect('[[W] D]');
  await tool('remove');
  await node(page, 3).click(); // the D leaf (pre-order: root, a, a a, b) goes
  await expect('[[W]]');
  // The text field is the full editor: what it holds loads back as the same tree.
  const built = await positionText(page);
  await page.uncheck('#edit-mode');
  await page.fill('#position-text', built);
  await page.click('#position-form button[type="submit"]');
  await page.waitForFunction((t) => document.querySelector('#position-text').value === t, built);
  assert.deepEqual(errors, []);
});

test('bad tree text gives a message naming the position, and the board stays', async () => {
  const page = await ready('#v=1&g=tree');
  await page.fill('#position-text', '[W []]');
  await page.click('#position-form button[type="submit"]');
  await page.locator('#message').filter({ hasText: 'position 4' }).waitFor();
  assert.equal(await page.locator('#board .tree-node').count(), 12);
});

test('the Othello board has its coordinates, a–h and 1–8, at least 10 px high', async () => {
  const page = await ready('');
  const labels = await page.locator('#board text.coordinate').evaluateAll((texts) =>
    texts.map((t) => ({ text: t.textContent, height: t.getBoundingClientRect().height })),
  );
  assert.deepEqual(
    labels.map((l) => l.text),
    ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', '1', '2', '3', '4', '5', '6', '7', '8'],
  );
  for (const label of labels) assert.ok(label.height >= 10, `${label.text}: ${label.height} px`);
  // Connect Four numbers its columns under the board.
  await page.selectOption('#game-select', 'connect4');
  await page.waitForFunction(() => document.querySelector('#board text.coordinate')?.textContent === '1');
  assert.equal(await page.locator('#board text.coordinate').count(), 7 + 6);
});
