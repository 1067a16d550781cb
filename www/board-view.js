// Draws a position the engine described (a PositionView: rows, cols, cells, moves) as an SVG
// grid, for every game. It knows how each game looks, never its rules: legal moves and their
// cells come from the engine.

const SVG = 'http://www.w3.org/2000/svg';
const CELL = 48;

function el(name, attributes = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

/** The family of a game name: othello, connect4, tictactoe or 2048. */
export function family(game) {
  if (game.startsWith('othello')) return 'othello';
  if (game.startsWith('connect4')) return 'connect4';
  if (game.startsWith('2048')) return '2048';
  return 'tictactoe';
}

/** A human name for a cell: a1.. for Othello, column numbers for Connect Four, 1..9 otherwise. */
export function cellName(view, index) {
  const row = Math.floor(index / view.cols);
  const col = index % view.cols;
  switch (family(view.game)) {
    case 'othello':
      return `${String.fromCharCode(97 + col)}${row + 1}`;
    case 'connect4':
      return `column ${col + 1}, row ${view.rows - row}`;
    default:
      return `cell ${index + 1}`;
  }
}

function pieceName(view, value) {
  if (value === 0) return 'empty';
  switch (family(view.game)) {
    case 'othello':
      return value === 1 ? 'black' : 'white';
    case 'connect4':
      return value === 1 ? 'red (first)' : 'yellow (second)';
    case '2048':
      return `tile ${value}`;
    default:
      return value === 1 ? 'X' : 'O';
  }
}

function tileColour(value) {
  const step = Math.min(11, Math.log2(value || 1));
  const hue = 40 - step * 4;
  const light = 88 - step * 5;
  return `hsl(${hue} 80% ${light}%)`;
}

function drawPiece(group, view, value, x, y, size) {
  const cx = x + size / 2;
  const cy = y + size / 2;
  switch (family(view.game)) {
    case 'othello':
    case 'connect4':
      el('circle', { cx, cy, r: size * 0.4, class: `piece piece-${view.game.startsWith('othello') ? 'o' : 'c'}${value}` }, group);
      break;
    case '2048': {
      el('rect', { x: x + 3, y: y + 3, width: size - 6, height: size - 6, rx: 5, class: 'tile', fill: tileColour(value) }, group);
      const label = el('text', { x: cx, y: cy, class: 'tile-label', 'font-size': value >= 1024 ? size * 0.26 : size * 0.36 }, group);
      label.textContent = String(value);
      break;
    }
    default: {
      const label = el('text', { x: cx, y: cy, class: `mark mark${value}`, 'font-size': size * 0.7 }, group);
      label.textContent = value === 1 ? '×' : '○';
    }
  }
}

/**
 * Renders `view` into `container`. `onCell(index, move)` is called when a cell is chosen:
 * `move` is the legal move drawn on that cell (for Connect Four, on its column), or null.
 */
export function renderBoard(container, view, { onCell, size = CELL, interactive = true, editing = false, highlight = null } = {}) {
  const width = view.cols * size;
  const height = view.rows * size;
  const svg = el('svg', {
    viewBox: `0 0 ${width} ${height}`,
    class: `board-svg board-${family(view.game)}`,
    role: interactive ? 'grid' : 'img',
    'aria-label': `${view.game} board`,
  });
  el('rect', { x: 0, y: 0, width, height, class: 'board-bg' }, svg);
  const byCell = new Map();
  for (const move of view.moves) if (move.cell !== null && move.cell !== undefined) byCell.set(move.cell, move);
  const isConnect4 = family(view.game) === 'connect4';
  const columnMove = (col) => view.moves.find((m) => m.cell !== null && m.cell % view.cols === col) || null;

  for (let index = 0; index < view.rows * view.cols; index++) {
    const row = Math.floor(index / view.cols);
    const col = index % view.cols;
    const x = col * size;
    const y = row * size;
    const value = view.cells[index];
    const move = isConnect4 ? columnMove(col) : byCell.get(index) || null;
    const group = el('g', { class: 'cell', 'data-cell': index }, svg);
    el('rect', { x, y, width: size, height: size, class: 'cell-bg' }, group);
    if (isConnect4 && value === 0) el('circle', { cx: x + size / 2, cy: y + size / 2, r: size * 0.4, class: 'hole' }, group);
    if (value !== 0) drawPiece(group, view, value, x, y, size);
    if (interactive) {
      const legal = Boolean(move) && byCell.get(index) === move;
      if (legal && view.turn !== 'chance' && !editing) {
        el('circle', { cx: x + size / 2, cy: y + size / 2, r: size * 0.12, class: 'hint' }, group);
      }
      group.setAttribute('role', 'gridcell');
      group.setAttribute('tabindex', move || editing ? '0' : '-1');
      group.setAttribute(
        'aria-label',
        `${cellName(view, index)}: ${pieceName(view, value)}${move ? `, play ${move.text}` : ''}`,
      );
      const choose = () => onCell(index, move);
      group.addEventListener('click', choose);
      group.addEventListener('keydown', (event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          event.stopPropagation();
          choose();
        }
      });
    }
    if (highlight === index) el('rect', { x: x + 2, y: y + 2, width: size - 4, height: size - 4, class: 'last-move' }, group);
  }
  container.replaceChildren(svg);
  return svg;
}
