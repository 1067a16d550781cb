// Draws a position the engine described (a PositionView: rows, cols, cells, moves) as an SVG
// grid with its coordinates (from the family's cell names: a–h and 1–8 around Othello, column
// numbers under Connect Four, cell numbers in tic-tac-toe's corners), for every game — or, for
// the `tree` board style (textbook trees, src/game/tree.rs), as the tree the view's `tree`
// field describes: OR nodes squares and AND nodes circles as in the PN-MCTS paper's Figure 2,
// leaves labelled W/L/D, the line played drawn bold, the current node ringed, its children
// clickable as moves; laid out by d3-hierarchy. How a game looks comes from its family's
// presentation in the engine's catalogue (board style, cell names, legend, move style); its
// rules never: legal moves and their cells come from the engine.

import { hierarchy, tree as treeLayout } from '../vendor/d3-hierarchy.mjs';
import { svgElement as el } from './dom.js';

const CELL = 48;
/** Tree style: horizontal distance between sibling nodes, vertical between levels, node radius. */
const TREE_NODE_W = 46;
const TREE_LEVEL_H = 62;
const TREE_R = 13;

/** Calls `choose` when `group` is clicked, or pressed with Enter or Space while focused. */
function onActivate(group, choose) {
  group.addEventListener('click', choose);
  group.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      event.stopPropagation();
      choose();
    }
  });
}

/** A human name for a cell, in the family's way of naming cells. */
export function cellName(view, presentation, index) {
  const row = Math.floor(index / view.cols);
  const col = index % view.cols;
  switch (presentation.cell_names) {
    case 'algebraic':
      return `${String.fromCharCode(97 + col)}${row + 1}`;
    case 'columns':
      return `column ${col + 1}, row ${view.rows - row}`;
    case 'chess':
      return `${String.fromCharCode(97 + col)}${view.rows - row}`;
    case 'numbered':
      if (view.tree) return treeNodeName(view, index);
      return `cell ${index + 1}`;
    case 'shogi':
      return shogiCellName(view, row, col);
    case 'pits':
      // Bottom row A–F left to right, top row a–f right to left, captures at the ends.
      if (col === 0 || col === view.cols - 1) return 'captures';
      return row === 1 ? String.fromCharCode(64 + col) : String.fromCharCode(96 + view.cols - 1 - col);
    default:
      return `cell ${index + 1}`;
  }
}

/** What is on a cell ({owner, piece, count}), in the family's legend's words. */
function pieceName(presentation, cell) {
  const name = presentation.legend.find((entry) => entry.owner === cell.owner && entry.piece === cell.piece)?.name ?? `piece ${cell.piece}`;
  return cell.count > 1 || presentation.board === 'pits' ? `${name} ${cell.count}` : name;
}

function tileColour(value) {
  const step = Math.min(11, Math.log2(value || 1));
  const hue = 40 - step * 4;
  const light = 88 - step * 5;
  return `hsl(${hue} 80% ${light}%)`;
}

/** Draws a non-empty cell ({owner, piece, count}) in a board style. */
function drawPiece(group, style, cell, x, y, size, presentation) {
  const cx = x + size / 2;
  const cy = y + size / 2;
  const side = cell.owner === null ? 0 : cell.owner + 1;
  switch (style) {
    case 'discs':
    case 'slots':
    case 'checkers':
      el('circle', { cx, cy, r: size * 0.4, class: `piece piece-${style}-${side}` }, group);
      break;
    case 'pits': {
      // A pit (piece 1) or a player's captures (piece 2), with its seed count.
      if (cell.piece === 2) el('rect', { x: x + 4, y: y + 4, width: size - 8, height: size - 8, rx: size * 0.3, class: `store store-${side}` }, group);
      else el('circle', { cx, cy, r: size * 0.4, class: `pit pit-${side}` }, group);
      el('text', { x: cx, y: cy, class: 'pit-count', 'font-size': size * 0.36 }, group).textContent = String(cell.count);
      break;
    }
    case 'tiles': {
      const value = cell.count;
      el('rect', { x: x + 3, y: y + 3, width: size - 6, height: size - 6, rx: 5, class: 'tile', fill: tileColour(value) }, group);
      const label = el('text', { x: cx, y: cy, class: 'tile-label', 'font-size': value >= 1024 ? size * 0.26 : size * 0.36 }, group);
      label.textContent = String(value);
      break;
    }
    case 'go':
      el('circle', { cx, cy, r: size * 0.46, class: `stone stone-${side}` }, group);
      break;
    case 'shogi':
      drawShogiPiece(group, cell, x, y, size, presentation);
      break;
    case 'knights': {
      const label = el('text', { x: cx, y: cy, class: `knight knight-${side}`, 'font-size': size * 0.78 }, group);
      label.textContent = '♞';
      break;
    }
    default: {
      const label = el('text', { x: cx, y: cy, class: `mark mark${side}`, 'font-size': size * 0.7 }, group);
      label.textContent = side === 1 ? '×' : '○';
    }
  }
}

/** A tree node's name: the moves from the root to it (`root`, `b`, `b a`). */
function treeNodeName(view, index) {
  const line = [];
  for (let at = index; view.tree.nodes[at].parent !== null; at = view.tree.nodes[at].parent) line.unshift(view.tree.nodes[at].label);
  return line.length ? `node ${line.join(' ')}` : 'the root';
}

/**
 * The room around a grid for its coordinates, in board units: files above and ranks left of
 * an algebraic board; column numbers below and rows (from the bottom) left of a column board;
 * files below and ranks (from the bottom) left of a chess board.
 * Numbered cells carry their number in their corner instead.
 */
function coordinateMargins(presentation, size) {
  const room = Math.round(size * 0.45);
  switch (presentation.cell_names) {
    case 'algebraic':
    case 'shogi':
      return { left: room, top: room, bottom: 0 };
    case 'columns':
    case 'chess':
      return { left: room, top: 0, bottom: room };
    case 'pits':
      return { left: 0, top: room, bottom: room };
    default:
      return { left: 0, top: 0, bottom: 0 };
  }
}

/** Draws the coordinates of the `rows × cols` grid of `size` cells at the origin, in `margins`. */
function drawCoordinates(svg, view, presentation, size, margins) {
  const label = (x, y, text) => {
    // A Go board's cells are small (15×15): its coordinates are written a little larger.
    const node = el('text', { x, y, class: 'coordinate', 'font-size': size * (presentation.board === 'go' ? 0.4 : 0.3) }, svg);
    node.textContent = text;
  };
  const middle = (i) => i * size + size / 2;
  if (presentation.cell_names === 'algebraic') {
    for (let col = 0; col < view.cols; col++) label(middle(col), -margins.top / 2, String.fromCharCode(97 + col));
    for (let row = 0; row < view.rows; row++) label(-margins.left / 2, middle(row), String(row + 1));
  } else if (presentation.cell_names === 'shogi') {
    for (let col = 0; col < view.cols; col++) label(middle(col), -margins.top / 2, String(view.cols - col));
    for (let row = 0; row < view.rows; row++) label(-margins.left / 2, middle(row), String.fromCharCode(97 + row));
  } else if (presentation.cell_names === 'columns' || presentation.cell_names === 'chess') {
    const file = (col) => (presentation.cell_names === 'chess' ? String.fromCharCode(97 + col) : String(col + 1));
    for (let col = 0; col < view.cols; col++) label(middle(col), view.rows * size + margins.bottom / 2, file(col));
    for (let row = 0; row < view.rows; row++) label(-margins.left / 2, middle(row), String(view.rows - row));
  } else if (presentation.cell_names === 'pits') {
    drawPitNames(svg, view, presentation, size, margins);
  }
}

/**
 * The pits' names (a–f above the top row, A–F below the bottom row, as the notation names
 * them) and whose captures each end holds, written in the empty corner beside it.
 */
function drawPitNames(svg, view, presentation, size, margins) {
  const bottom = view.cols; // the first cell of the bottom row
  for (let col = 1; col < view.cols - 1; col++) {
    for (const [index, y] of [[col, -margins.top / 2], [bottom + col, view.rows * size + margins.bottom / 2]]) {
      el('text', { x: col * size + size / 2, y, class: 'coordinate pit-name', 'font-size': size * 0.3 }, svg).textContent = cellName(view, presentation, index);
    }
  }
  // North's captures are top left, South's bottom right: their captions fill the corner below
  // and above them.
  const caption = (col, row, player) => {
    const text = el('text', { x: col * size + size / 2, y: row * size + size / 2, class: 'store-caption', 'font-size': size * 0.2 }, svg);
    const [name] = player.split(' ');
    el('tspan', { x: col * size + size / 2, dy: '-0.6em' }, text).textContent = name;
    el('tspan', { x: col * size + size / 2, dy: '1.2em' }, text).textContent = 'captured';
  };
  caption(0, 1, presentation.players[1]);
  caption(view.cols - 1, 0, presentation.players[0]);
}

/**
 * The `go` board style's lines through the cells' centres and its star points (the 4-4 points
 * and the centre of 13×13 and larger boards, 3-3 points on 9×9 to 12×12, the centre of smaller
 * odd boards): stones are then drawn on the intersections.
 */
function drawGoGrid(svg, view, size) {
  const centre = (i) => i * size + size / 2;
  const grid = el('g', { class: 'go-grid' }, svg);
  for (let row = 0; row < view.rows; row++) el('line', { x1: centre(0), y1: centre(row), x2: centre(view.cols - 1), y2: centre(row) }, grid);
  for (let col = 0; col < view.cols; col++) el('line', { x1: centre(col), y1: centre(0), x2: centre(col), y2: centre(view.rows - 1) }, grid);
  const n = Math.min(view.rows, view.cols);
  const edge = n >= 13 ? 3 : n >= 9 ? 2 : null;
  const points = edge === null ? [] : [edge, n - 1 - edge].flatMap((r) => [edge, n - 1 - edge].map((c) => [r, c]));
  if (n % 2 === 1 && n >= 5) points.push([(n - 1) / 2, (n - 1) / 2]);
  for (const [row, col] of points) el('circle', { cx: centre(col), cy: centre(row), r: size * 0.09, class: 'go-star' }, grid);
}

/**
 * How a legal move is shown on its cell: pits are ringed (their seed count stays readable),
 * an empty intersection of a Go board shows a faint stone under the pointer only (every
 * empty point is legal there), other boards a dot. Returns the mark.
 */
function drawLegal(group, style, x, y, size) {
  const cx = x + size / 2;
  const cy = y + size / 2;
  if (style === 'pits') return el('circle', { cx, cy, r: size * 0.47, class: 'pit-legal' }, group);
  if (style === 'go') return el('circle', { cx, cy, r: size * 0.44, class: 'go-ghost' }, group);
  return el('circle', { cx, cy, r: size * 0.12, class: 'hint' }, group);
}

/** The last move's mark: a dot on a Go stone, a square around the cell elsewhere. */
function drawLastMove(group, style, x, y, size) {
  if (style === 'go') el('circle', { cx: x + size / 2, cy: y + size / 2, r: size * 0.14, class: 'last-move-dot' }, group);
  else el('rect', { x: x + 2, y: y + 2, width: size - 4, height: size - 4, class: 'last-move' }, group);
}

/**
 * Renders `view` into `container` in the look of `presentation` (the family's, from the
 * engine's catalogue). `onCell(index, move)` is called when a cell is chosen: `move` is the
 * legal move drawn on that cell (for column-style moves, on its column), or null. For
 * from-to moves, `selected` is the cell of the piece chosen first (or null): only its moves
 * are drawn and offered, on their target cells, and the cells moves start from stay
 * clickable (with `move` null) so a piece can be chosen. `marks`
 * ring cells in a colour ({cell, colour, title}: the searches' best moves); `labels` write a
 * short value on the cell of a move ({cell, text, kind, title}: the hint's values, `kind`
 * naming its look: win, draw, loss or estimate); `overlay` draws small marks on cells
 * ({cell, kind, title}: the evaluation view's stable / semi-stable / unstable discs and
 * potential-mobility squares, `kind` naming the look, see drawOverlay). Interactive
 * boards get their coordinates; the small non-interactive ones (the tree's mini board) not.
 */
export function renderBoard(container, view, presentation, { onCell, onHand = null, size = CELL, interactive = true, editing = false, highlight = null, selected = null, marks = [], labels = [], overlay = [] } = {}) {
  const style = presentation.board;
  container.classList.toggle('board-scrolls', style === 'tree');
  if (style === 'tree' && view.tree) return renderTree(container, view, presentation, { onCell, interactive, editing, highlight, marks, labels });
  const margins = interactive ? coordinateMargins(presentation, size) : { left: 0, top: 0, bottom: 0 };
  const strip = handStrip(view, presentation, size);
  const width = view.cols * size + margins.left;
  const height = view.rows * size + margins.top + margins.bottom + 2 * strip;
  const svg = el('svg', {
    viewBox: `${-margins.left} ${-margins.top - strip} ${width} ${height}`,
    class: `board-svg board-${style}`,
    role: interactive ? 'grid' : 'img',
    'aria-label': `${view.game} board`,
  });
  el('rect', { x: 0, y: 0, width: view.cols * size, height: view.rows * size, class: 'board-bg' }, svg);
  if (style === 'go') drawGoGrid(svg, view, size);
  if (interactive) drawCoordinates(svg, view, presentation, size, margins);
  const fromTo = presentation.moves === 'from-to';
  const starts = new Set(fromTo ? view.moves.map((move) => move.from).filter((cell) => cell !== null && cell !== undefined) : []);
  const byCell = new Map();
  for (const move of view.moves) {
    if (move.cell === null || move.cell === undefined) continue;
    if (fromTo && !selectsMove(selected, move)) continue;
    byCell.set(move.cell, move);
  }
  const byColumn = presentation.moves === 'column';
  const columnMove = (col) => view.moves.find((m) => m.cell !== null && m.cell % view.cols === col) || null;

  for (let index = 0; index < view.rows * view.cols; index++) {
    const row = Math.floor(index / view.cols);
    const col = index % view.cols;
    const x = col * size;
    const y = row * size;
    const contents = view.cells[index];
    const empty = contents.piece === 0;
    const move = byColumn ? columnMove(col) : byCell.get(index) || null;
    const group = el('g', { class: 'cell', 'data-cell': index }, svg);
    el('rect', { x, y, width: size, height: size, class: `cell-bg ${(row + col) % 2 ? 'cell-dark' : 'cell-light'}` }, group);
    if (interactive && selected === index) el('rect', { x, y, width: size, height: size, class: 'selected-piece' }, group);
    if (interactive && presentation.cell_names === 'numbered') {
      el('text', { x: x + 3, y: y + 3, class: 'coordinate coordinate-corner', 'font-size': size * 0.2 }, group).textContent = String(index + 1);
    }
    if (style === 'slots' && empty) el('circle', { cx: x + size / 2, cy: y + size / 2, r: size * 0.4, class: 'hole' }, group);
    if (!empty) drawPiece(group, style, contents, x, y, size, presentation);
    if (interactive) {
      const legal = Boolean(move) && byCell.get(index) === move;
      if (legal && view.turn !== 'chance' && !editing) drawLegal(group, style, x, y, size);
      group.setAttribute('role', 'gridcell');
      const movable = !editing && starts.has(index);
      group.setAttribute('tabindex', move || editing || movable ? '0' : '-1');
      const action = move ? `, play ${move.text}` : movable ? (selected === index ? ', chosen: choose a target' : ', choose to move') : '';
      group.setAttribute('aria-label', `${cellName(view, presentation, index)}: ${pieceName(presentation, contents)}${action}`);
      onActivate(group, () => onCell(index, move));
    }
    for (const mark of overlay) if (mark.cell === index) drawOverlay(group, mark, x, y, size);
    if (highlight === index) drawLastMove(group, style, x, y, size);
    marks.forEach((mark, i) => {
      if (mark.cell !== index) return;
      const inset = 5 + 5 * i;
      const ring = el('rect', { x: x + inset, y: y + inset, width: size - 2 * inset, height: size - 2 * inset, rx: 4, class: 'best-move', stroke: mark.colour }, group);
      el('title', {}, ring).textContent = mark.title;
    });
    for (const label of labels) if (label.cell === index) drawLabel(group, label, x + size / 2, y + size / 2, size);
  }
  if (interactive && fromTo && !editing) {
    const markTarget = (cell) => drawLegal(svg.querySelector(`[data-cell="${cell}"]`), style, (cell % view.cols) * size, Math.floor(cell / view.cols) * size, size).classList.add('drag-target');
    enableDrag(svg, view, onCell, markTarget);
  }
  if (strip) drawHands(svg, view, presentation, { size, strip, margins, interactive: interactive && !editing, selected, onHand });
  container.replaceChildren(svg);
  return svg;
}

/** How far (in screen pixels) a pointer moves before a press on a piece becomes a drag. */
const DRAG_START = 6;

/**
 * Lets a piece of a from-to board be dragged to its target as well as clicked there: a press
 * on a cell moves start from, moved a few pixels, carries a copy of the piece under the
 * pointer and marks its targets (`markTarget(cell)`); released over a target of that piece, it
 * plays the move (`onCell(target, move)`, as the second click would). A press released without
 * moving stays a click.
 */
function enableDrag(svg, view, onCell, markTarget) {
  let drag = null;
  svg.classList.add('draggable');
  const cellAt = (event) => {
    const hit = document.elementFromPoint(event.clientX, event.clientY)?.closest('[data-cell]');
    return hit && svg.contains(hit) ? Number(hit.dataset.cell) : null;
  };
  const toBoard = (event) => new DOMPoint(event.clientX, event.clientY).matrixTransform(svg.getScreenCTM().inverse());
  const end = () => {
    for (const mark of svg.querySelectorAll('.drag-target')) mark.remove();
    drag?.ghost?.remove();
    drag?.source?.classList.remove('drag-source');
    svg.classList.remove('dragging');
    drag = null;
  };
  svg.addEventListener('pointerdown', (event) => {
    const from = event.button === 0 ? cellAt(event) : null;
    if (from === null || !view.moves.some((m) => m.from === from)) return;
    drag = { from, id: event.pointerId, x: event.clientX, y: event.clientY, ghost: null, source: null };
  });
  svg.addEventListener('pointermove', (event) => {
    if (!drag || event.pointerId !== drag.id) return;
    if (!drag.ghost) {
      if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < DRAG_START) return;
      svg.setPointerCapture(event.pointerId);
      svg.classList.add('dragging');
      drag.source = svg.querySelector(`[data-cell="${drag.from}"]`);
      drag.source.classList.add('drag-source');
      drag.start = toBoard(event);
      drag.ghost = el('g', { class: 'drag-ghost' }, svg);
      for (const part of drag.source.querySelectorAll('text, circle:not(.hint), path')) drag.ghost.appendChild(part.cloneNode(true));
      for (const move of view.moves) if (move.from === drag.from && move.cell !== null && move.cell !== undefined) markTarget(move.cell);
    }
    const at = toBoard(event);
    drag.ghost.setAttribute('transform', `translate(${at.x - drag.start.x} ${at.y - drag.start.y})`);
  });
  svg.addEventListener('pointerup', (event) => {
    if (!drag || event.pointerId !== drag.id) return;
    const { from, ghost } = drag;
    end();
    if (!ghost) return; // a click: the cell's click handler takes it
    const target = cellAt(event);
    const move = view.moves.find((m) => m.from === from && m.cell === target);
    if (move) onCell(target, move);
  });
  svg.addEventListener('pointercancel', end);
}

/**
 * An overlay mark on the cell at (x, y): `stable` a filled dot, `semi-stable` a ring,
 * `unstable` a cross (on discs), `potential` a dashed square (on empty cells) — shapes that
 * differ without their colours too.
 */
function drawOverlay(group, mark, x, y, size) {
  const cx = x + size / 2;
  const cy = y + size / 2;
  const r = size * 0.11;
  const attributes = { class: `overlay overlay-${mark.kind}`, 'data-overlay': mark.kind };
  let shape;
  if (mark.kind === 'potential') {
    shape = el('rect', { ...attributes, x: x + size * 0.12, y: y + size * 0.12, width: size * 0.76, height: size * 0.76, rx: 3 }, group);
  } else if (mark.kind === 'unstable') {
    shape = el('path', { ...attributes, d: `M${cx - r} ${cy - r}L${cx + r} ${cy + r}M${cx + r} ${cy - r}L${cx - r} ${cy + r}` }, group);
  } else {
    shape = el('circle', { ...attributes, cx, cy, r }, group);
  }
  el('title', {}, shape).textContent = mark.title;
}

/** A value written on a cell (a hint): a pill with its text, centred at (cx, cy). */
function drawLabel(group, label, cx, cy, size) {
  const width = Math.min(size - 4, Math.max(size * 0.5, label.text.length * size * 0.2 + 8));
  const height = size * 0.42;
  const pill = el('g', { class: `value-label value-${label.kind}` }, group);
  el('rect', { x: cx - width / 2, y: cy - height / 2, width, height, rx: height / 2, class: 'value-pill' }, pill);
  el('text', { x: cx, y: cy, class: 'value-text', 'font-size': size * 0.26 }, pill).textContent = label.text;
  el('title', {}, pill).textContent = label.title;
}

/**
 * The `tree` board style: the tree of `view.tree` ({nodes: [{parent, label, mover, outcome}],
 * current}) laid out top-down, at its natural size (the panel scrolls; labels stay 12 px).
 * Every node is a cell: in play, the current node's children are its moves; in edit mode,
 * every node can be clicked.
 */
function renderTree(container, view, presentation, { onCell, interactive, editing, highlight, marks, labels }) {
  const { nodes, current } = view.tree;
  const children = nodes.map(() => []);
  nodes.forEach((node, index) => {
    if (node.parent !== null) children[node.parent].push(index);
  });
  const root = hierarchy(0, (index) => children[index]);
  treeLayout()
    .nodeSize([TREE_NODE_W, TREE_LEVEL_H])
    .separation((a, b) => (a.parent === b.parent ? 1 : 1.25))(root);
  const laid = root.descendants();
  const xs = laid.map((d) => d.x);
  const pad = TREE_NODE_W / 2 + 6;
  const left = Math.min(...xs) - pad;
  const width = Math.max(...xs) - Math.min(...xs) + 2 * pad;
  const top = -TREE_R - 22;
  const height = root.height * TREE_LEVEL_H + 2 * TREE_R + 34;
  const svg = el('svg', {
    viewBox: `${left} ${top} ${width} ${height}`,
    class: `board-svg board-tree${interactive ? ' tree-natural' : ''}`,
    role: interactive ? 'group' : 'img',
    'aria-label': `${view.game}: a tree of ${nodes.length} nodes, at ${treeNodeName(view, current)}`,
  });
  // The main board keeps the tree at its natural size (one unit a pixel) and scrolls.
  if (interactive) {
    svg.setAttribute('width', width);
    svg.setAttribute('height', height);
  }
  const byCell = new Map(view.moves.map((move) => [move.cell, move]));
  const played = (index) => view.cells[index].piece !== 0;
  for (const d of laid) {
    if (!d.parent) continue;
    el('line', { x1: d.parent.x, y1: d.parent.y, x2: d.x, y2: d.y, class: `tree-edge${played(d.data) ? ' tree-edge-played' : ''}` }, svg);
  }
  for (const d of laid) {
    const index = d.data;
    const node = nodes[index];
    const move = byCell.get(index) ?? null;
    const kind = d.depth % 2 === 0 ? 'or' : 'and';
    const result = node.outcome ? { win: 'W', loss: 'L', draw: 'D' }[node.outcome] : null;
    const group = el('g', { class: `cell tree-node tree-${kind}${result ? ` tree-leaf-${result}` : ''}${index === current ? ' tree-current' : ''}`, 'data-cell': index }, svg);
    if (kind === 'or') el('rect', { x: d.x - TREE_R, y: d.y - TREE_R, width: 2 * TREE_R, height: 2 * TREE_R, class: 'tree-shape' }, group);
    else el('circle', { cx: d.x, cy: d.y, r: TREE_R, class: 'tree-shape' }, group);
    if (result) el('text', { x: d.x, y: d.y, class: 'tree-result' }, group).textContent = result;
    if (node.label) el('text', { x: d.x - TREE_R - 3, y: d.y - TREE_R - 2, class: 'tree-label' }, group).textContent = node.label;
    if (index === current) el('circle', { cx: d.x, cy: d.y, r: TREE_R + 5, class: 'tree-ring' }, group);
    if (highlight === index && index !== current) el('circle', { cx: d.x, cy: d.y, r: TREE_R + 3, class: 'last-move' }, group);
    marks.forEach((mark, i) => {
      if (mark.cell !== index) return;
      const ring = el('circle', { cx: d.x, cy: d.y, r: TREE_R + 6 + 4 * i, class: 'best-move', stroke: mark.colour }, group);
      el('title', {}, ring).textContent = mark.title;
    });
    for (const label of labels) if (label.cell === index) drawLabel(group, label, d.x, d.y + TREE_R + 14, 2 * TREE_R + 8);
    if (!interactive) continue;
    if (move && !editing) el('circle', { cx: d.x, cy: d.y + TREE_R + 7, r: 3, class: 'tree-hint' }, group);
    const what = result ? `leaf ${result}` : `${kind.toUpperCase()} node`;
    group.setAttribute('role', 'button');
    group.setAttribute('tabindex', move || editing ? '0' : '-1');
    group.setAttribute('aria-label', `${treeNodeName(view, index)}: ${what}${move ? `, play ${move.text}` : ''}${index === current ? ' (here)' : ''}`);
    onActivate(group, () => onCell(index, move));
  }
  container.replaceChildren(svg);
  return svg;
}

// ---------------------------------------------------------------------------------------
// Pieces in hand and drops (MiniShogi): the engine's view lists the hands (`view.hands`:
// {owner, piece, count}) and marks drops by the kind dropped (`move.drop`); a piece in hand
// is chosen like a piece on the board, as `selected = 'drop:<kind>'`.
// ---------------------------------------------------------------------------------------

/** Whether `move` is one of the moves the chosen piece (`selected`: a cell, or `drop:<kind>` for a piece in hand) makes. */
function selectsMove(selected, move) {
  if (typeof selected === 'string' && selected.startsWith('drop:')) return move.drop === Number(selected.slice(5)) && (move.from === null || move.from === undefined);
  return move.from === selected;
}

/** The height of each hand's strip (above the board for the second player, below for the first), 0 for games without hands. */
function handStrip(view, presentation, size) {
  return presentation.board === 'shogi' || (view.hands?.length ?? 0) > 0 ? Math.round(size * 0.95) : 0;
}

/** A shogi square's name: file 5…1 from the left, rank a…e from the top (`5e`). */
function shogiCellName(view, row, col) {
  return `${view.cols - col}${String.fromCharCode(97 + row)}`;
}

/** What a piece shows: the last word of its legend name (`Sente dragon +R` → `+R`). */
function shogiLabel(presentation, cell) {
  const name = presentation.legend.find((entry) => entry.owner === cell.owner && entry.piece === cell.piece)?.name ?? '?';
  return name.split(' ').pop().toUpperCase();
}

/** A shogi piece: a pentagon pointing at the opponent (the second player's turned round), its letter, red when promoted. */
function drawShogiPiece(group, cell, x, y, size, presentation) {
  const cx = x + size / 2;
  const cy = y + size / 2;
  const s = size;
  const piece = el('g', { class: `shogi-piece shogi-owner-${cell.owner}`, transform: cell.owner === 1 ? `rotate(180 ${cx} ${cy})` : '' }, group);
  const points = [
    [cx, y + s * 0.08],
    [x + s * 0.78, y + s * 0.24],
    [x + s * 0.86, y + s * 0.92],
    [x + s * 0.14, y + s * 0.92],
    [x + s * 0.22, y + s * 0.24],
  ];
  el('polygon', { points: points.map((p) => p.join(',')).join(' '), class: 'shogi-shape' }, piece);
  const label = shogiLabel(presentation, cell);
  const text = el('text', { x: cx, y: y + s * 0.58, class: `shogi-label${label.startsWith('+') ? ' shogi-promoted' : ''}`, 'font-size': s * (label.length > 1 ? 0.34 : 0.42) }, piece);
  text.textContent = label;
}

/**
 * The hands: the second player's above the board, the first player's below, each piece with
 * its count. A piece of the side to move that can be dropped is clickable (`onHand(kind)`).
 */
function drawHands(svg, view, presentation, { size, strip, margins, interactive, selected, onHand }) {
  const mover = { first: 0, second: 1 }[view.turn] ?? null;
  const players = presentation.players ?? [];
  for (const owner of [0, 1]) {
    const top = owner === 1 ? -margins.top - strip : view.rows * size + margins.bottom;
    const name = (players[owner] ?? `player ${owner + 1}`).split(' ')[0];
    el('rect', { x: 0, y: top + 2, width: view.cols * size, height: strip - 4, rx: 4, class: `hand-strip${owner === mover ? ' hand-to-move' : ''}` }, svg);
    const held = (view.hands ?? []).filter((h) => h.owner === owner);
    const caption = el('text', { x: view.cols * size - size * 0.15, y: top + strip / 2, class: 'hand-caption', 'font-size': size * 0.26 }, svg);
    caption.textContent = held.length ? `${name}'s hand` : `${name}: nothing in hand`;
    const piece = strip * 0.8;
    held.forEach((h, i) => {
      const x = size * 0.1 + i * (piece + size * 0.45);
      const y = top + (strip - piece) / 2;
      const key = `drop:${h.piece}`;
      const droppable = interactive && owner === mover && view.moves.some((m) => m.drop === h.piece);
      const group = el('g', { class: `hand-piece${droppable ? ' hand-droppable' : ''}`, 'data-hand': `${owner}:${h.piece}` }, svg);
      el('rect', { x: x - 2, y: y - 1, width: piece + size * 0.42, height: piece + 2, class: 'hand-hit' }, group);
      if (selected === key) el('rect', { x: x - 2, y: y - 1, width: piece + 4, height: piece + 2, rx: 4, class: 'selected-piece' }, group);
      drawShogiPiece(group, { owner, piece: h.piece, count: 1 }, x, y, piece, presentation);
      el('text', { x: x + piece + size * 0.05, y: y + piece * 0.62, class: 'hand-count', 'font-size': size * 0.28 }, group).textContent = `×${h.count}`;
      const label = `${name}'s hand: ${shogiLabel(presentation, h)} ×${h.count}`;
      if (!droppable || !onHand) {
        group.setAttribute('aria-label', label);
        return;
      }
      group.setAttribute('role', 'button');
      group.setAttribute('tabindex', '0');
      group.setAttribute('aria-label', `${label}${selected === key ? ', chosen: choose a square' : ', choose to drop'}`);
      onActivate(group, () => onHand(h.piece));
    });
  }
}
