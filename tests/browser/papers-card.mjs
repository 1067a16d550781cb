// What the Papers view's card tests share: a folder's committed cards, a page with one card
// open, and the lines of a rerun's downloaded records.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repo } from './harness.mjs';

/** The cards of results/`folder`/cards.json. */
export const committedCards = (folder) => JSON.parse(readFileSync(path.join(repo, 'results', folder, 'cards.json'), 'utf8')).cards;

/** Card `id` of results/`folder`/cards.json. */
export const committedCard = (folder, id) => committedCards(folder).find((card) => card.id === id);

/** A page of `fixture` at the Papers view with card `id` open (`wait`: the selectors' timeout). */
export async function openCard(fixture, errors, id, wait) {
  const page = await fixture.ready('', errors);
  await page.click('#view-papers');
  await page.waitForSelector('#papers-panel[data-state="listed"]', wait);
  await page.click(`.papers-item[data-card="${id}"] .papers-open`);
  await page.waitForSelector(`#papers-card[data-card="${id}"][data-state="shown"]`, wait);
  return page;
}

/** Reruns the open card of `page`; the lines of the records it offers to download. */
export async function rerunLines(page, wait) {
  await page.click('#papers-rerun');
  await page.waitForSelector('#papers-card[data-rerun="done"]', wait);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#papers-rerun-jsonl')]);
  return readFileSync(await download.path(), 'utf8').trim().split('\n');
}
