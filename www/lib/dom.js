// Building DOM nodes, the helpers the panels and drawings share: an HTML element with its
// attributes and a text or children, an SVG element appended to its parent, a view's panel
// and its elements by id, and the views' tables (a table with its caption and head row, a row
// of text cells, a table filled with such rows).

const SVG = 'http://www.w3.org/2000/svg';

/** An HTML `tag` with `attributes` and, unless null, `text`. */
export function element(tag, attributes = {}, text = null) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (text !== null) node.textContent = text;
  return node;
}

/** An HTML `tag` with `attributes` (the key `text` sets its text) and `children` appended. */
export function elementWith(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === 'text') node.textContent = value;
    else node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
}

/** An SVG element `name` with `attributes`, appended to `parent` unless it is null. */
export function svgElement(name, attributes = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

/**
 * A view's panel: a `section` with id `NAME-panel`, labelled by its heading `#NAME-heading`,
 * holding `html`, put before `before`.
 */
export function panelBefore(before, name, html) {
  const root = elementWith('section', { id: `${name}-panel`, 'aria-labelledby': `${name}-heading` });
  root.innerHTML = html;
  before.before(root);
  return root;
}

/**
 * The elements of a view's panel `root` by name: for each of `names`, the one with the id
 * `PREFIX-NAME`, a camelCase name standing for its kebab-case id (`replayTitle` of prefix
 * `arena`: `#arena-replay-title`).
 */
export function panelElements(root, prefix, names) {
  const kebab = (name) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  return Object.fromEntries(names.map((name) => [name, root.querySelector(`#${prefix}-${kebab(name)}`)]));
}

/**
 * A table with `caption` and a head row of `head` (its titles), of class `className` if
 * given, and its (empty) body: `[table, body]`.
 */
export function headedTable(caption, head, className = '') {
  const table = document.createElement('table');
  if (className) table.className = className;
  table.createCaption().textContent = caption;
  const tr = table.createTHead().insertRow();
  for (const title of head) tr.append(element('th', {}, title));
  return [table, table.createTBody()];
}

/** A row appended to `body`, its cells the texts of `cells`, its `data-*` attributes `data`. */
export function textRow(body, cells, data = {}) {
  const row = body.insertRow();
  Object.assign(row.dataset, data);
  for (const value of cells) row.insertCell().textContent = String(value);
  return row;
}

/**
 * A table as `headedTable` makes it, its body filled with `rows`: each `[cells, data]`, as
 * `textRow` takes them.
 */
export function filledTable(caption, head, rows, className = '') {
  const [table, body] = headedTable(caption, head, className);
  for (const [cells, data] of rows) textRow(body, cells, data);
  return table;
}
