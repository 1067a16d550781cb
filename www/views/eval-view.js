// The evaluation panel (issue 13; the Othello heuristics paper, Sannidhanam and Annamalai,
// §5): for the position on the board, each heuristic's raw values for the side to move (max)
// and the other side (min), its normalised value 100·(max − min)/(|max| + |min|), its weight
// and the weighted sum — and, as a board overlay, the stable / semi-stable / unstable discs
// and the side to move's potential-mobility squares. Everything is the engine's: the worker's
// `evaluate` (wasm `Position.evaluate`, engine::evaluation) computes it; the page only lays it
// out. The panel shows for the games the engine's `hello` lists as `evaluated`; its weight
// fields are the search schema's `eval` and `w.*` parameters.

import { defaultParam, readParam } from '../lib/catalogue.js';
import { cellName } from '../lib/board.js';
import { markInput } from './params-view.js';
import { elementWith as element } from '../lib/dom.js';

/** The rows of the table: the breakdown's keys with their names (mobility's two parts indented). */
const ROWS = [
  ['coins', 'Coin parity', 'discs'],
  ['mobility', 'Mobility', 'mean of actual and potential'],
  ['actual_mobility', 'actual', 'legal moves', true],
  ['potential_mobility', 'potential', 'empty squares next to an opponent disc', true],
  ['corners', 'Corners', 'captured 1, potential ½, unlikely −½'],
  ['stability', 'Stability', 'stable 1, semi-stable 0, unstable −1'],
  ['squares', 'Static weights', 'sum of Figure 3’s square weights'],
];

/** The breakdown's key of each weight parameter. */
const WEIGHT_OF = { 'w.coins': 'coins', 'w.mobility': 'mobility', 'w.corners': 'corners', 'w.stability': 'stability', 'w.static': 'squares' };

/** The overlay's marks, in the legend's order: kind, what it says. */
const LEGEND = [
  ['stable', 'stable disc'],
  ['semi-stable', 'semi-stable'],
  ['unstable', 'unstable (flippable now)'],
  ['potential', 'potential move of the side to move'],
];

const SVG = 'http://www.w3.org/2000/svg';

/** A number as the panel writes it: one decimal, a true minus sign, −0 as 0. */
function format(value) {
  const rounded = Math.round(value * 10) / 10;
  if (Object.is(rounded, -0) || rounded === 0) return '0';
  const text = Math.abs(rounded).toLocaleString('en', { maximumFractionDigits: 1 });
  return rounded < 0 ? `−${text}` : text;
}

/** The legend's sample of an overlay mark (the board's look, drawn small). */
function sample(kind) {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 20 20');
  svg.setAttribute('class', 'overlay-sample');
  svg.setAttribute('aria-hidden', 'true');
  const disc = document.createElementNS(SVG, 'circle');
  Object.entries({ cx: 10, cy: 10, r: 8.5, class: 'piece piece-discs-1' }).forEach(([k, v]) => disc.setAttribute(k, v));
  if (kind === 'potential') {
    const cell = document.createElementNS(SVG, 'rect');
    Object.entries({ x: 0, y: 0, width: 20, height: 20, rx: 2, fill: '#2e7d4f' }).forEach(([k, v]) => cell.setAttribute(k, v));
    svg.replaceChildren(cell);
  }
  svg.append(disc);
  let mark;
  if (kind === 'potential') {
    mark = document.createElementNS(SVG, 'rect');
    Object.entries({ x: 2, y: 2, width: 16, height: 16, rx: 2 }).forEach(([k, v]) => mark.setAttribute(k, v));
  } else if (kind === 'unstable') {
    mark = document.createElementNS(SVG, 'path');
    mark.setAttribute('d', 'M6.5 6.5L13.5 13.5M13.5 6.5L6.5 13.5');
  } else {
    mark = document.createElementNS(SVG, 'circle');
    Object.entries({ cx: 10, cy: 10, r: 3.5 }).forEach(([k, v]) => mark.setAttribute(k, v));
  }
  mark.setAttribute('class', `overlay overlay-${kind}`);
  svg.append(mark);
  return svg;
}

export class EvalView {
  /**
   * Fills `root` (hidden until the shown game has an evaluator). `position`: the position
   * controller, whose board draws the overlay (its `overlay` hook).
   */
  constructor(root, { engine, store, catalogue, position }) {
    Object.assign(this, { root, engine, store, catalogue, position });
    this.evaluated = new Set(catalogue.evaluated ?? []);
    this.breakdown = null;
    this.asked = 0; // the last evaluation asked: an older answer changes nothing
    this.fields = new Map(); // parameter key → input
    this.build();
    position.overlay = (view) => this.marks(view);
    store.subscribe(['view', 'game'], () => this.refresh());
  }

  build() {
    const specs = this.catalogue.params.filter((spec) => spec.key === 'eval' || spec.key in WEIGHT_OF);
    this.summary = element('p', { class: 'eval-summary', 'aria-live': 'polite' });
    this.table = element('table', { class: 'eval-table' });
    this.error = element('p', { class: 'eval-error', 'aria-live': 'polite' });
    this.error.hidden = true;
    const weights = element('div', { class: 'eval-weights' });
    for (const spec of specs) {
      let input;
      if (spec.kind.type === 'choice') {
        input = element('select', {});
        input.append(...spec.kind.options.map((word) => element('option', { value: word, text: word })));
        input.value = defaultParam(spec);
      } else {
        input = element('input', { type: 'text', inputmode: 'decimal', size: '4', placeholder: 'preset' });
      }
      input.id = `eval-${spec.key.replace('.', '-')}`;
      input.name = spec.key;
      input.setAttribute('aria-label', `${spec.title} (${spec.key})`);
      input.addEventListener('change', () => this.refresh());
      this.fields.set(spec.key, input);
      weights.append(element('label', { title: spec.help }, `${spec.key} `, input));
    }
    this.toggle = element('input', { id: 'eval-overlay', type: 'checkbox' });
    this.toggle.checked = false; // off by default: the marks would hide the searches' move rings
    this.toggle.addEventListener('change', () => this.drawBoard());
    this.legend = element(
      'ul',
      { class: 'eval-legend', 'aria-label': 'Overlay legend' },
      ...LEGEND.map(([kind, text]) => element('li', {}, sample(kind), text)),
    );
    this.root.replaceChildren(
      element('h3', { id: 'eval-heading', text: 'Evaluation (the heuristics paper)' }),
      this.summary,
      element('div', { class: 'eval-scroll' }, this.table),
      element('p', { class: 'hint eval-hint', text: 'Weights: the eval preset (all: corners 30, mobility 5, stability 25, coins 25), a w.* field replaces one.' }),
      weights,
      this.error,
      element('div', { class: 'row' }, element('label', { class: 'toggle', for: 'eval-overlay' }, this.toggle, ' Show stability and potential mobility on the board'), this.legend),
    );
  }

  /** The weight options from the fields; a field that cannot be read is marked and left out. */
  options() {
    const options = {};
    for (const [key, input] of this.fields) {
      if (input.value.trim() === '') continue;
      const spec = this.catalogue.param(key);
      try {
        options[key] = readParam(spec, input.value);
      } catch (error) {
        markInput(input, `${key} ${error.message}`);
        this.showError(`${key} ${error.message}`);
        return null;
      }
    }
    return options;
  }

  showError(message) {
    this.error.textContent = message;
    this.error.hidden = !message;
  }

  /** Asks the engine for the shown position's evaluation (when its game has one). */
  async refresh() {
    const { view, game } = this.store.state;
    const shown = Boolean(view) && this.evaluated.has(game);
    this.root.hidden = !shown;
    if (!shown) {
      this.breakdown = null;
      return;
    }
    const options = this.options();
    if (!options) return;
    const asked = ++this.asked;
    try {
      const breakdown = await this.engine.request('evaluate', { game, pos: view.text, options });
      if (asked !== this.asked) return;
      this.showError('');
      this.breakdown = { ...breakdown, pos: view.text };
      this.render();
    } catch (error) {
      if (asked !== this.asked) return;
      this.showError(error.message);
      const field = this.fields.get(error.field);
      if (field) markInput(field, error.message);
    }
    this.drawBoard();
  }

  /** The table and the summary line of the last evaluation. */
  render() {
    const b = this.breakdown;
    const [max, min] = b.player === 'X' ? ['X', 'O'] : ['O', 'X'];
    const name = (player) => (player === 'X' ? 'black' : 'white');
    this.summary.replaceChildren(
      `Max: ${name(max)} (${max}), to move. Weighted sum `,
      element('strong', { class: 'eval-total', 'data-value': String(b.total), text: format(b.total) }),
      ` (${b.total >= 0 ? 'good' : 'bad'} for ${name(max)}).`,
    );
    const head = element(
      'tr',
      {},
      element('th', { scope: 'col', text: 'heuristic' }),
      element('th', { scope: 'col', text: `max ${max}`, title: `raw value of ${name(max)}, to move` }),
      element('th', { scope: 'col', text: `min ${min}`, title: `raw value of ${name(min)}` }),
      element('th', { scope: 'col', text: 'value', title: '100·(max − min)/(|max| + |min|)' }),
      element('th', { scope: 'col', text: 'w', title: 'weight' }),
      element('th', { scope: 'col', text: 'w×v', title: 'weight × value' }),
    );
    const rows = ROWS.map(([key, title, raw, part]) => {
      const term = b[key];
      const cell = (text, attributes = {}) => element('td', attributes, text);
      return element(
        'tr',
        { 'data-term': key, class: part ? 'eval-part' : '' },
        element('th', { scope: 'row', title: raw }, title),
        cell(format(term.max), { 'data-value': String(term.max) }),
        cell(format(term.min), { 'data-value': String(term.min) }),
        cell(format(term.value), { 'data-value': String(term.value), class: 'eval-value' }),
        cell(part ? '' : format(term.weight)),
        cell(part ? '' : format(term.weight * term.value)),
      );
    });
    const total = element(
      'tr',
      { class: 'eval-sum' },
      element('th', { scope: 'row', colspan: '5', text: 'weighted sum Σ w×v' }),
      element('td', { 'data-value': String(b.total) }, format(b.total)),
    );
    this.table.replaceChildren(element('thead', {}, head), element('tbody', {}, ...rows), element('tfoot', {}, total));
  }

  /** Redraws the board (with or without the overlay). */
  drawBoard() {
    this.position.draw();
  }

  /** The overlay's marks on `view` from the last evaluation (of this very position). */
  marks(view) {
    const b = this.breakdown;
    if (!b || !this.toggle.checked || this.root.hidden || b.pos !== view.text) return [];
    const presentation = this.catalogue.presentation(view);
    const index = new Map(view.cells.map((_, i) => [cellName(view, presentation, i), i]));
    const marks = [];
    const add = (cells, kind, title) => {
      for (const cell of cells) if (index.has(cell)) marks.push({ cell: index.get(cell), kind, title: `${cell}: ${title}` });
    };
    for (const side of b.sides) {
      add(side.stable, 'stable', `stable ${side.player} disc`);
      add(side.semi_stable, 'semi-stable', `semi-stable ${side.player} disc`);
      add(side.unstable, 'unstable', `unstable ${side.player} disc (the opponent can flip it now)`);
    }
    const mover = b.sides.find((side) => side.player === b.player);
    add(mover.potential_moves, 'potential', `a potential move of ${b.player} (next to an opponent disc)`);
    return marks;
  }
}
