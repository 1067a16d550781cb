// What the numbers mean, from the engine's own explanations (each search's `explain` in the
// catalogue: src/search/catalogue.rs): the tree's legend — shapes, colours and every value a
// node shows, with which player OR is — and, in the search panel, a short panel per chosen
// search with its rules and formulas, how its parameters act, and the paper it follows.

import { element } from '../lib/dom.js';

/** The legend of the tree panel for searches `infos` on a root where `mover` is to move. */
export function renderLegend(container, infos, mover) {
  const shapes = element(
    'p',
    {},
    `Squares are OR nodes (${mover ? `${mover} to move, ` : ''}the player the question is about: one good move is enough), circles AND nodes (the opponent to move: every reply must be answered; dashed: chance), diamonds finished games. Green: proven, red: disproven, grey: not known yet. Blue line: the last iteration's most-proving path, from the root to the node it expanded (amber ring); purple ring: the node you selected. "▸ 6" under a node: 6 children not drawn (click the node to open it).`,
  );
  const list = element('dl');
  const seen = new Set();
  for (const info of infos) {
    for (const value of info.explain?.values ?? []) {
      if (seen.has(value.name)) continue;
      seen.add(value.name);
      list.append(element('dt', {}, value.name), element('dd', {}, value.meaning));
    }
  }
  const numbers = element('p', {}, 'The numbers under each node:');
  const details = element('details', { open: '' });
  details.append(element('summary', {}, 'Legend: shapes, colours and numbers'), shapes, ...(seen.size ? [numbers, list] : []));
  container.replaceChildren(details);
}

/** One panel per search in `infos`: rules, formulas, selection, parameters, source. */
export function renderExplanations(container, infos) {
  container.replaceChildren(
    ...infos
      .filter((info) => info.explain)
      .map((info) => {
        const { explain } = info;
        const details = element('details', { 'data-algo': info.id });
        details.append(element('summary', {}, `How ${info.title} works`), element('p', {}, explain.summary));
        if (explain.formulas?.length) {
          const formulas = element('ul');
          for (const line of explain.formulas) formulas.append(element('li', { class: 'formula' }, line));
          details.append(element('p', {}, 'Backup rules:'), formulas);
        }
        if (explain.selection) details.append(element('p', {}, `Selection: ${explain.selection}`));
        if (explain.params) details.append(element('p', {}, `Parameters: ${explain.params}`));
        if (explain.source) details.append(element('p', { class: 'source' }, `Source: ${explain.source}`));
        return details;
      }),
  );
}
