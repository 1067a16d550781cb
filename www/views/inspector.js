// The node inspector: everything about one tree node, as the engine explains it (`inspect`,
// src/search/view.rs `Inspection`): the position there (the side to move and the move that led
// there), its values now and as the last selection saw them (before the backup), each child's
// values with the one the selection rule picks, the search's backup formula and the same
// formula applied to the actual numbers, and why the selection picks that child. A button loads
// the node's position onto the main board.

import { renderBoard } from '../lib/board.js';
import { valueText } from '../lib/values.js';
import { element } from '../lib/dom.js';

const KIND_WORDS = { or: 'OR node', and: 'AND node', chance: 'chance node', terminal: 'finished game' };

export class Inspector {
  /** `root`: the panel; `onLoad(text)`: load a position text onto the board; `onClose()`. */
  constructor(root, catalogue, { onLoad, onClose }) {
    this.root = root;
    this.catalogue = catalogue;
    this.onLoad = onLoad;
    this.onClose = onClose;
    this.target = null; // {index, node}
    this.root.hidden = true;
  }

  /** Shows `inspection` of node `target.node` of search `target.index` (named `algo`). */
  show(target, algo, inspection) {
    const opening = this.root.hidden || this.target?.node !== target.node || this.target?.index !== target.index;
    this.target = target;
    const { root } = this;
    root.hidden = false;
    root.dataset.node = String(inspection.id);
    const heading = element('h3', {}, `${algo}: node ${inspection.move ?? 'root'} — ${KIND_WORDS[inspection.kind] ?? inspection.kind}, ${inspection.status}`);
    const line = element('p', { class: 'inspector-line' }, `Line from the root: ${inspection.line.length ? inspection.line.join(' ') : '(the root itself)'} · depth ${inspection.depth}`);

    const board = element('div', { class: 'inspector-board' });
    const position = inspection.position;
    renderBoard(board, position, this.catalogue.presentation(position), { interactive: false, size: 24 });
    const turn = element('p', { class: 'inspector-turn' }, `${position.outcome ? `Game over: ${position.outcome}` : `${this.catalogue.playerToMove(position) ?? position.turn} to move`}${inspection.move ? ` · reached by ${inspection.move}` : ''}`);

    const values = element('dl', { class: 'inspector-values' });
    const row = (term, detail) => values.append(element('dt', {}, term), element('dd', {}, detail));
    row('values now', valueText(inspection.values));
    row('at the last selection', inspection.before ? `${valueText(inspection.before)} (before its backup)` : 'not on the last path');
    if (inspection.backup) {
      row('backup rule', inspection.backup.formula);
      row('with the numbers', inspection.backup.applied);
    }
    if (inspection.selection) row('next selection', inspection.selection);

    const table = element('table', { class: 'inspector-children' });
    const head = element('tr');
    for (const title of ['move', 'kind', 'status', 'values', '']) head.append(element('th', {}, title));
    table.append(head);
    for (const child of inspection.children) {
      const tr = element('tr', child.selected ? { class: 'selected' } : {});
      tr.append(
        element('td', {}, child.move ?? ''),
        element('td', {}, child.kind),
        element('td', {}, child.status),
        element('td', {}, valueText(child.values)),
        element('td', {}, child.selected ? '← selected' : ''),
      );
      table.append(tr);
    }
    const children = inspection.children.length
      ? [element('h4', {}, `Children (${inspection.children.length})`), table]
      : [element('p', {}, 'A leaf: not expanded yet, or the game is over here.')];

    // Searches over score targets (conspiracy-number search) send every target's numbers.
    const targets = [];
    if (inspection.targets) {
      const number = (x) => (Number(x) === Infinity ? '∞' : String(Number(x)));
      const signed = (x) => (Number(x) > 0 ? `+${Number(x)}` : String(Number(x)));
      const targetTable = element('table', { class: 'inspector-targets' });
      const head = element('tr');
      for (const title of ['target v', 'CN(v)', '↑(v)', '↓(v)', 'with the children\'s numbers']) head.append(element('th', {}, title));
      targetTable.append(head);
      for (const row of inspection.targets) {
        const tr = element('tr', Number(row.cn) === 0 ? { class: 'at-value' } : {});
        tr.append(
          element('td', {}, signed(row.target)),
          element('td', {}, number(row.cn)),
          element('td', {}, number(row.up)),
          element('td', {}, number(row.down)),
          element('td', {}, row.applied),
        );
        targetTable.append(tr);
      }
      targets.push(element('h4', {}, `Conspiracy numbers per target (${inspection.targets.length})`), targetTable);
    }

    const actions = element('div', { class: 'row' });
    const load = element('button', { type: 'button', 'data-action': 'load' }, 'Load this position on the board');
    load.addEventListener('click', () => this.onLoad(position.text));
    const close = element('button', { type: 'button', 'data-action': 'close' }, 'Close');
    close.addEventListener('click', () => this.close());
    actions.append(load, close);

    const top = element('div', { class: 'inspector-top' });
    top.append(board, turn, values);
    root.replaceChildren(heading, line, top, ...targets, ...children, actions);
    // On a narrow screen the inspector is below the tree: bring a newly chosen node into view.
    if (opening && window.matchMedia('(max-width: 760px)').matches) root.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }

  close() {
    this.target = null;
    this.root.hidden = true;
    this.onClose?.();
  }
}
