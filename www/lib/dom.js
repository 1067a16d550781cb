// Building DOM nodes, the helpers the panels and drawings share: an HTML element with its
// attributes and a text or children, and an SVG element appended to its parent.

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
