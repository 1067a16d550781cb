// Draws a position the engine described (a PositionView: rows, cols, cells, moves) as an SVG
// grid, for every game. How a game looks comes from its family's presentation in the engine's
// catalogue (board style, cell names, legend, move style); its rules never: legal moves and
// their cells come from the engine.

const SVG = 'http://www.w3.org/2000/svg';
const CELL = 48;

function el(name, attributes = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
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
    default:
      return `cell ${index + 1}`;
  }
}

/** What is on a cell ({owner, piece, count}), in the family's legend's words. */
function pieceName(presentation, cell) {
  const name = presentation.legend.find((entry) => entry.owner === cell.owner && entry.piece === cell.piece)?.name ?? `piece ${cell.piece}`;
  return cell.count > 1 ? `${name} ${cell.count}` : name;
}

function tileColour(value) {
  const step = Math.min(11, Math.log2(value || 1));
  const hue = 40 - step * 4;
  const light = 88 - step * 5;
  return `hsl(${hue} 80% ${light}%)`;
}

/** Draws a non-empty cell ({owner, piece, count}) in a board style. */
function drawPiece(group, style, cell, x, y, size) {
  const cx = x + size / 2;
  const cy = y + size / 2;
  const side = cell.owner === null ? 0 : cell.owner + 1;
  switch (style) {
    case 'discs':
    case 'slots':
      el('circle', { cx, cy, r: size * 0.4, class: `piece piece-${style}-${side}` }, group);
      break;
    case 'tiles': {
      const value = cell.count;
      el('rect', { x: x + 3, y: y + 3, width: size - 6, height: size - 6, rx: 5, class: 'tile', fill: tileColour(value) }, group);
      const label = el('text', { x: cx, y: cy, class: 'tile-label', 'font-size': value >= 1024 ? size * 0.26 : size * 0.36 }, group);
      label.textContent = String(value);
      break;
    }
    default: {
      const label = el('text', { x: cx, y: cy, class: `mark mark${side}`, 'font-size': size * 0.7 }, group);
      label.textContent = side === 1 ? '×' : '○';
    }
  }
}

/**
 * Renders `view` into `container` in the look of `presentation` (the family's, from the
 * engine's catalogue). `onCell(index, move)` is called when a cell is chosen: `move` is the
 * legal move drawn on that cell (for column-style moves, on its column), or null.
 */
export function renderBoard(container, view, presentation, { onCell, size = CELL, interactive = true, editing = false, highlight = null } = {}) {
  const width = view.cols * size;
  const height = view.rows * size;
  const style = presentation.board;
  const svg = el('svg', {
    viewBox: `0 0 ${width} ${height}`,
    class: `board-svg board-${style}`,
    role: interactive ? 'grid' : 'img',
    'aria-label': `${view.game} board`,
  });
  el('rect', { x: 0, y: 0, width, height, class: 'board-bg' }, svg);
  const byCell = new Map();
  for (const move of view.moves) if (move.cell !== null && move.cell !== undefined) byCell.set(move.cell, move);
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
    el('rect', { x, y, width: size, height: size, class: 'cell-bg' }, group);
    if (style === 'slots' && empty) el('circle', { cx: x + size / 2, cy: y + size / 2, r: size * 0.4, class: 'hole' }, group);
    if (!empty) drawPiece(group, style, contents, x, y, size);
    if (interactive) {
      const legal = Boolean(move) && byCell.get(index) === move;
      if (legal && view.turn !== 'chance' && !editing) {
        el('circle', { cx: x + size / 2, cy: y + size / 2, r: size * 0.12, class: 'hint' }, group);
      }
      group.setAttribute('role', 'gridcell');
      group.setAttribute('tabindex', move || editing ? '0' : '-1');
      group.setAttribute(
        'aria-label',
        `${cellName(view, presentation, index)}: ${pieceName(presentation, contents)}${move ? `, play ${move.text}` : ''}`,
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
