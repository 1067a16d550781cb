// The tree view as a teacher reads it: labels never below 10 CSS px at desktop and phone
// widths after 500 iterations of PNS on Othello, the root one click away, zoom and fit, and
// step back giving exactly the state of a fresh run to one iteration fewer.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageFixture, treesPainted } from './harness.mjs';

const fixture = pageFixture();

async function ready(fragment, width = 1366) {
  const errors = [];
  const page = await fixture.ready(fragment, errors);
  await page.setViewportSize({ width, height: 900 });
  return { page, errors };
}

const iteration = (page, n) =>
  page.waitForFunction((k) => document.querySelector('.tree-view figcaption')?.textContent.includes(`iteration ${k.toLocaleString('en')}`), n, { timeout: 60000 });

/** The on-screen size (CSS px) of every tree label that is drawn and inside the tree box. */
function labelSizes(page) {
  return page.evaluate(() => {
    const box = document.querySelector('.tree-box').getBoundingClientRect();
    return [...document.querySelectorAll('.tree-svg text')]
      .filter((t) => getComputedStyle(t).display !== 'none' && t.textContent !== '')
      .filter((t) => {
        const r = t.getBoundingClientRect();
        return r.width > 0 && r.right > box.left && r.left < box.right && r.bottom > box.top && r.top < box.bottom;
      })
      .map((t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a);
  });
}

/** Whether the root node is inside the tree box. */
function rootInBox(page) {
  return page.evaluate(() => {
    const box = document.querySelector('.tree-box').getBoundingClientRect();
    const root = document.querySelector('.tree-svg .node[data-id="0"] .shape').getBoundingClientRect();
    return root.left >= box.left && root.right <= box.right && root.top >= box.top && root.bottom <= box.bottom;
  });
}

for (const width of [1366, 390]) {
  test(`at ${width} px, after 500 iterations of PNS on Othello every label is at least 10 px and the root is one click away`, async () => {
    const { page, errors } = await ready('#v=1&g=othello&a=pns', width);
    await page.fill('#step-n', '500');
    await page.click('#step-n-button');
    await iteration(page, 500);
    await page.waitForTimeout(600); // glides and the view's transition
    const sizes = await labelSizes(page);
    assert.ok(sizes.length > 20, `labels on screen: ${sizes.length}`);
    assert.ok(Math.min(...sizes) >= 10, `smallest label: ${Math.min(...sizes).toFixed(2)} px`);
    // Zoomed far out the labels are hidden, not shrunk.
    for (let i = 0; i < 8; i++) {
      await page.click('.tree-tools button[title="Zoom out"]');
      await page.waitForTimeout(250);
    }
    assert.ok(Number(await page.getAttribute('.tree-svg', 'data-scale')) < 0.5);
    assert.deepEqual(await labelSizes(page), []);
    // Pan away from the root, then one click brings it back, labels legible again.
    await page.mouse.move(width / 2, 600);
    const box = await page.locator('.tree-box').boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 5, box.y + 5, { steps: 5 });
    await page.mouse.up();
    await page.click('.tree-tools [data-action="root"]');
    await page.waitForTimeout(500);
    assert.ok(await rootInBox(page), 'the root is in the box after one click on Root');
    const after = await labelSizes(page);
    assert.ok(after.length > 0 && Math.min(...after) >= 10, `smallest label after Root: ${Math.min(...after)}`);
    assert.deepEqual(errors, []);
  });
}

test('zoom buttons change the scale, Fit shows the whole tree, "+N more" opens the rest', async () => {
  const { page } = await ready('#v=1&g=tictactoe&a=pns&goal=win');
  await page.fill('#step-n', '20');
  await page.click('#step-n-button');
  await iteration(page, 20);
  await page.waitForTimeout(500);
  const scale = async () => Number(await page.getAttribute('.tree-svg', 'data-scale'));
  const before = await scale();
  await page.click('.tree-tools button[title="Zoom in"]');
  await page.waitForTimeout(400);
  assert.ok((await scale()) > before * 1.2, 'zoomed in');
  await page.click('.tree-tools [data-action="fit"]');
  await page.waitForTimeout(500);
  const inside = await page.evaluate(() => {
    const box = document.querySelector('.tree-box').getBoundingClientRect();
    return [...document.querySelectorAll('.tree-svg .node .shape')].every((s) => {
      const r = s.getBoundingClientRect();
      return r.left >= box.left - 1 && r.right <= box.right + 1 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
    });
  });
  assert.ok(inside, 'after Fit every node is inside the box');
  // The root has 9 children: 8 are drawn and a "+1 more" node stands for the last; clicking
  // it draws all 9.
  const rootChildren = () =>
    page.evaluate(() => [...document.querySelectorAll('.tree-svg .node')].filter((n) => n.getAttribute('transform')?.endsWith(',68)')).map((n) => n.getAttribute('aria-label')?.split(':')[0]));
  assert.equal(await page.getAttribute('.tree-svg .node.more[data-id="more-0"]', 'aria-label'), '1 more children: show them');
  const first = await rootChildren();
  assert.equal(first.length, 9);
  assert.ok(!first.includes('9'));
  await page.click('.tree-svg .node.more[data-id="more-0"] .shape');
  await page.waitForFunction(() => !document.querySelector('.tree-svg .node.more[data-id="more-0"]'));
  // The nodes near the view are painted a dozen a frame (tree-view.js, NEAR_CHUNK).
  await page.waitForFunction(() => [...document.querySelectorAll('.tree-svg .node[aria-label]')].filter((n) => n.getAttribute('transform')?.endsWith(',68)')).length === 9);
  assert.deepEqual(await rootChildren(), ['1', '2', '3', '4', '5', '6', '7', '8', '9']);
});

test('step back gives the same tree as a fresh run to one iteration fewer', async () => {
  const link = '#v=1&g=othello6&a=ppns&k=8&s=3';
  const { page } = await ready(link);
  await page.fill('#step-n', '12');
  await page.click('#step-n-button');
  await iteration(page, 12);
  await page.click('#back');
  await iteration(page, 11);
  await treesPainted(page);
  const tree = (p) =>
    p.evaluate(() => ({
      nodes: [...document.querySelectorAll('.tree-svg .node')].map((n) => `${n.dataset.id} ${n.getAttribute('aria-label')}`).sort(),
      path: [...document.querySelectorAll('.tree-svg .node.on-path')].map((n) => n.dataset.id),
      root: document.querySelector('.result dd:nth-of-type(7)')?.textContent,
    }));
  const stepped = await tree(page);
  const { page: fresh } = await ready(`${link}&step=11`);
  await iteration(fresh, 11);
  await treesPainted(fresh);
  assert.deepEqual(stepped, await tree(fresh));
  // The arrow key steps back too.
  await page.keyboard.press('ArrowLeft');
  await iteration(page, 10);
});

test('the inspector applies the search’s formula to a known node, with the numbers', async () => {
  // Tic-tac-toe after 1 (X) and 2 (O), PNS, 12 iterations: the root's seven children are
  // all pn 6 / dn 1 (worked out in the PNS lesson), so pn = min = 6 and dn = sum = 7.
  const { page, errors } = await ready('#v=1&g=tictactoe&p=12&a=pns&goal=win&step=12');
  await page.waitForTimeout(500);
  await page.click('.tree-svg .node[data-id="0"] .shape');
  await page.locator('#inspector:not([hidden]) h3').waitFor();
  const rows = await page.evaluate(() =>
    Object.fromEntries([...document.querySelectorAll('#inspector dt')].map((dt) => [dt.textContent, dt.nextElementSibling.textContent])),
  );
  assert.equal(rows['values now'], 'pn 6 / dn 7');
  assert.equal(rows['with the numbers'], 'pn = min(6, 6, 6, 6, 6, 6, 6) = 6; dn = 1 + 1 + 1 + 1 + 1 + 1 + 1 = 7');
  assert.match(rows['next selection'], /least pn → 3/);
  assert.equal(await page.locator('#inspector tr.selected td').first().textContent(), '3');
  assert.equal(await page.locator('#inspector .inspector-turn').textContent(), 'X to move');
  // The search's favoured move (3: the first of equal children) is ringed on the board.
  assert.equal(await page.locator('#board [data-cell="2"] .best-move').count(), 1);
  assert.match(await page.textContent('#best-line'), /pns's favoured move 3/);
  // The node's position loads onto the main board.
  await page.click('.tree-svg .node[data-id="1"] .shape');
  await page.locator('#inspector[data-node="1"]').waitFor();
  await page.click('#inspector [data-action="load"]');
  await page.waitForFunction(() => document.querySelector('#position-text').value === '123');
  assert.equal(await page.locator('#board .best-move').count(), 0);
  assert.deepEqual(errors, []);
});
