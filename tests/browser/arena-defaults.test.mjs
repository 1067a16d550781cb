// Issue 29, item 1 ("defaults that cannot mislead"): the Arena's default agents come from the
// engine's support matrix, so the default match plays on every game of the menu. For each
// game: the arena opened on it with the default agents (their budget per move cut to keep
// the test fast), 2 games, no error and no console message. The agents' search selects offer
// only the searches that can run the game.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageFixture } from './harness.mjs';

const { ready } = pageFixture();

/** Opens the arena on `game` and collects every console message and page error. */
async function openArena(game, messages) {
  const page = await ready(`#v=1&view=arena&ag=${encodeURIComponent(game)}&an=2`);
  page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => messages.push(`page error: ${error}`));
  return page;
}

test('the default Arena match plays 2 games on every game in the menu, without an error or console message', async () => {
  const first = await ready('#v=1&view=arena');
  const games = await first.evaluate(() => [...document.querySelectorAll('#arena-games option')].map((o) => o.value));
  // The default match on the default game: PN-MCTS against MCTS.
  assert.match(await first.locator('#arena-a-text').inputValue(), /^pnmcts:iterations=1000$/);
  assert.match(await first.locator('#arena-b-text').inputValue(), /^mcts:iterations=1000$/);
  await first.close();
  assert.ok(games.length >= 10, `games in the menu: ${games}`);
  for (const game of games) {
    const messages = [];
    const page = await openArena(game, messages);
    const defaults = [await page.locator('#arena-a-text').inputValue(), await page.locator('#arena-b-text').inputValue()];
    // The agents' searches run this game (the engine's support matrix says so).
    for (const side of ['a', 'b']) {
      const chosen = await page.locator(`#arena-${side}-search`).inputValue();
      const disabled = await page.locator(`#arena-${side}-search option[value="${chosen}"]`).evaluate((o) => o.disabled);
      assert.equal(disabled, false, `${game}: agent ${side} is ${chosen}, which cannot run it`);
      // A small budget keeps the test fast; the searches stay the defaults.
      await page.fill(`#arena-${side}-budget`, '20');
      await page.locator(`#arena-${side}-budget`).dispatchEvent('change');
    }
    await page.waitForFunction(() => document.querySelector('#arena-b-text').value.includes('=20'));
    await page.click('#arena-run');
    await page.waitForFunction(() => ['done', 'error'].includes(document.querySelector('#arena-panel').dataset.state), null, { timeout: 300000 });
    const status = await page.locator('#arena-status').textContent();
    assert.equal(await page.locator('#arena-panel').getAttribute('data-state'), 'done', `${game} (${defaults.join(' vs ')}): ${status}`);
    assert.match(status, /^2 games played/, game);
    assert.deepEqual(messages, [], `${game}: console messages`);
    await page.close();
  }
});

test('the agents offer only the searches that can run the game, and follow a change of game', async () => {
  const page = await ready('#v=1&view=arena&ag=2048:4x4');
  // 2048 has chance nodes: MCTS and PN-MCTS cannot play it; expectimax can.
  const disabled = await page.locator('#arena-a-search option:disabled').evaluateAll((os) => os.map((o) => o.value));
  assert.ok(disabled.includes('mcts') && disabled.includes('pnmcts'), `disabled: ${disabled}`);
  assert.match(await page.locator('#arena-a-search option[value="mcts"]').getAttribute('title'), /chance nodes/);
  assert.match(await page.locator('#arena-a-text').inputValue(), /^expectimax:/);
  // Another game: agents still at their defaults take the new game's.
  await page.fill('#arena-game', 'connect4');
  await page.locator('#arena-game').dispatchEvent('input');
  await page.waitForFunction(() => document.querySelector('#arena-a-text').value === 'pnmcts:iterations=1000');
  assert.equal(await page.locator('#arena-b-text').inputValue(), 'mcts:iterations=1000');
  assert.equal(await page.locator('#arena-a-search option[value="mcts"]').evaluate((o) => o.disabled), false);
  await page.close();
});

test('the Stages checkboxes and the Play agent offer only the searches that can run the game', async () => {
  const page = await ready('#v=1&g=2048:4x4&view=stages');
  // 2048 has chance nodes: MCTS cannot run it, PNS can (chance as AND nodes).
  const box = page.locator('#stages-algos input[value="mcts"]');
  assert.equal(await box.evaluate((b) => b.disabled), true);
  assert.equal(await box.evaluate((b) => b.checked), false);
  assert.match(await box.evaluate((b) => b.closest('label').title), /does not support 2048:4x4: it has chance nodes/);
  assert.equal(await page.locator('#stages-algos input[value="pns"]').evaluate((b) => b.disabled), false);
  const agent = page.locator('#play-search option[value="mcts"]');
  assert.equal(await agent.evaluate((o) => o.disabled), true);
  assert.equal(await page.locator('#play-search').evaluate((s) => s.selectedOptions[0].disabled), false);
  await page.close();
});
