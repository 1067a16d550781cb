// The search tree as the engine's snapshot gives it: the first levels, the last iteration's
// most-proving-node (MPN) path and the children of every node on it. Layout by d3-hierarchy
// (vendored from npm); nodes glide to their new places, and after every update the MPN path
// lights up from the root down to the node just expanded.
//
// Shapes and colours: OR nodes are squares, AND and chance nodes circles (chance dashed),
// terminal nodes diamonds; green = proven, red = disproven, grey = unknown.

import { hierarchy, tree as treeLayout } from './vendor/d3-hierarchy.mjs';
import { valueText } from './values.js';

const SVG = 'http://www.w3.org/2000/svg';
const NODE_W = 30;
const LEVEL_H = 78;
const PATH_STEP_MS = 90;

function el(name, attributes = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

export class TreeView {
  constructor(parent, algo, { onHover, onLeave } = {}) {
    this.algo = algo;
    this.onHover = onHover;
    this.onLeave = onLeave;
    this.pinned = null;
    this.positions = new Map(); // node id → {x, y} of the last drawing, for gliding
    this.root = document.createElement('figure');
    this.root.className = 'tree-view';
    this.root.dataset.algo = algo;
    const caption = document.createElement('figcaption');
    this.caption = caption;
    this.pinLine = document.createElement('p');
    this.pinLine.className = 'pin-line';
    this.svg = el('svg', { class: 'tree-svg', role: 'img', 'aria-label': `${algo} search tree` });
    this.root.append(caption, this.svg, this.pinLine);
    parent.appendChild(this.root);
  }

  /** Draws a progress report that carries a snapshot. */
  update(report) {
    const snapshot = report.snapshot;
    if (!snapshot) return;
    const rootData = snapshot.root;
    const layoutRoot = hierarchy(rootData, (d) => d.children);
    treeLayout().nodeSize([NODE_W, LEVEL_H]).separation((a, b) => (a.parent === b.parent ? 1 : 1.3))(layoutRoot);
    const nodes = layoutRoot.descendants();
    let minX = Infinity;
    let maxX = -Infinity;
    for (const n of nodes) {
      minX = Math.min(minX, n.x);
      maxX = Math.max(maxX, n.x);
    }
    const width = Math.max(240, maxX - minX + NODE_W * 2);
    const height = (layoutRoot.height + 1) * LEVEL_H + 20;
    this.svg.setAttribute('viewBox', `${minX - NODE_W} -20 ${width} ${height}`);
    this.svg.dataset.nodes = String(nodes.length);
    this.caption.textContent = `${report.algo}: ${nodes.length} of ${report.stats.nodes_created.toLocaleString('en')} nodes drawn · iteration ${report.stats.iterations.toLocaleString('en')}`;

    const pathIds = new Set(snapshot.path);
    const expanded = snapshot.path[snapshot.path.length - 1];
    const links = el('g', { class: 'links' });
    const group = el('g', { class: 'nodes' });
    for (const n of layoutRoot.links()) {
      const onPath = pathIds.has(n.source.data.id) && pathIds.has(n.target.data.id);
      const line = el('path', {
        d: `M${n.source.x},${n.source.y + 9}C${n.source.x},${(n.source.y + n.target.y) / 2} ${n.target.x},${(n.source.y + n.target.y) / 2} ${n.target.x},${n.target.y - 9}`,
        class: onPath ? 'link on-path' : 'link',
      }, links);
      if (onPath) line.style.setProperty('--delay', `${n.target.depth * PATH_STEP_MS}ms`);
    }
    const fresh = new Map();
    const moves = [];
    for (const n of nodes) {
      const d = n.data;
      fresh.set(d.id, { x: n.x, y: n.y });
      const node = el('g', {
        class: `node kind-${d.kind} status-${d.status}${pathIds.has(d.id) ? ' on-path' : ''}${d.id === expanded ? ' expanded' : ''}${d.id === this.pinned ? ' pinned' : ''}`,
        tabindex: '0',
        role: 'button',
        'data-id': d.id,
        'aria-label': `${d.move ?? 'root'}: ${d.kind} node, ${d.status}, ${valueText(d.values)}${d.child_count ? `, ${d.child_count} children` : ''}`,
      }, group);
      // Glide from where the node was last time (or from its parent) to its new place.
      const previous = this.positions.get(d.id) || (n.parent && this.positions.get(n.parent.data.id)) || { x: n.x, y: n.y };
      node.style.transform = `translate(${previous.x}px, ${previous.y}px)`;
      moves.push([node, n]);
      if (pathIds.has(d.id)) node.style.setProperty('--delay', `${n.depth * PATH_STEP_MS}ms`);
      this.drawShape(node, d.kind);
      const label = el('text', { class: 'node-move', y: -12 }, node);
      label.textContent = d.move ?? 'root';
      const value = el('text', { class: 'node-value', y: 22 }, node);
      value.textContent = valueText(d.values).replace(/^(pn|ppn|pmc) /, '').replace(' / dn ', '/').replace(' / dmc ', '/');
      const title = el('title', {}, node);
      title.textContent = node.getAttribute('aria-label');
      node.addEventListener('pointerenter', () => this.onHover?.(d));
      node.addEventListener('focus', () => this.onHover?.(d));
      node.addEventListener('pointerleave', () => this.onLeave?.());
      node.addEventListener('blur', () => this.onLeave?.());
      node.addEventListener('click', () => this.pin(d.id === this.pinned ? null : d.id, report));
      node.addEventListener('keydown', (event) => {
        if (event.key === 'Enter') {
          event.stopPropagation();
          this.pin(d.id === this.pinned ? null : d.id, report);
        }
      });
    }
    this.positions = fresh;
    this.svg.replaceChildren(links, group);
    this.svg.getBoundingClientRect(); // styles of the start places are computed: now glide
    for (const [node, n] of moves) node.style.transform = `translate(${n.x}px, ${n.y}px)`;
    this.lastReport = report;
    this.showPin(report);
  }

  drawShape(node, kind) {
    if (kind === 'or') el('rect', { x: -8, y: -8, width: 16, height: 16, class: 'shape' }, node);
    else if (kind === 'terminal') el('path', { d: 'M0,-9L9,0L0,9L-9,0Z', class: 'shape' }, node);
    else el('circle', { r: 8.5, class: `shape${kind === 'chance' ? ' chance' : ''}` }, node);
  }

  /** Pins a node (or unpins with null): it stays marked and its values are followed. */
  pin(id, report) {
    this.pinned = id;
    for (const node of this.svg.querySelectorAll('.node')) node.classList.toggle('pinned', Number(node.dataset.id) === id);
    this.showPin(report);
  }

  showPin(report) {
    if (this.pinned === null) {
      this.pinLine.textContent = 'Click a node to pin it.';
      return;
    }
    const find = (n) => (n.id === this.pinned ? n : n.children.map(find).find(Boolean));
    const node = find(report.snapshot.root);
    this.pinLine.textContent = node
      ? `Pinned ${node.move ?? 'root'} (node ${node.id}): ${node.kind}, ${node.status}, ${valueText(node.values)}`
      : `Pinned node ${this.pinned} is not in the drawn part of the tree now.`;
  }
}
