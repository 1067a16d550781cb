// The search tree as the engine's snapshot gives it: the first levels, the last iteration's
// most-proving-node (MPN) path and the children of every node on it. Layout by d3-hierarchy
// (vendored from npm); nodes glide to their new places, and after every update the MPN path
// lights up from the root down to the node just expanded.
//
// Shapes and colours: OR nodes are squares, AND and chance nodes circles (chance dashed),
// terminal nodes diamonds; green = proven, red = disproven, grey = unknown.
//
// Drawing stays cheap: reports are coalesced to one drawing per animation frame, node
// elements are kept by node id and only changed attributes are written, all ordinary links
// are one SVG path, and events are delegated to the SVG. Drawings of more than
// LABELS_AT_MOST nodes (up to 2,000) go to a canvas instead (tree-canvas.js).

import { hierarchy, tree as treeLayout } from './vendor/d3-hierarchy.mjs';
import { valueText } from './values.js';
import { CanvasTree } from './tree-canvas.js';

const SVG = 'http://www.w3.org/2000/svg';
const NODE_W = 30;
const LEVEL_H = 78;
const PATH_STEP_MS = 90;
const GLIDE_MS = 350;
const GLIDE_AT_MOST = 150;
const LABELS_AT_MOST = 500;
const CREATE_PER_FRAME = 150;
const MIN_SCALE = 0.5;

function el(name, attributes = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

function shortValue(values) {
  // Without the numbers' names: "pn 3 / dn 5" → "3/5", "ppn 0.8123" → "0.8123".
  return valueText(values).replace(/\b[a-z_]+ (?=[-\d∞])/g, '').replace(' / ', '/');
}

export class TreeView {
  constructor(parent, algo, { onHover, onLeave, onPin } = {}) {
    this.algo = algo;
    this.onHover = onHover;
    this.onLeave = onLeave;
    this.onPin = onPin;
    this.pinned = null;
    this.elements = new Map(); // node id → {g, shape, value, data, x, y, …}
    this.labelled = true;
    this.pending = null;
    this.root = document.createElement('figure');
    this.root.className = 'tree-view';
    this.root.dataset.algo = algo;
    this.caption = document.createElement('figcaption');
    this.pinLine = document.createElement('p');
    this.pinLine.className = 'pin-line';
    this.svg = el('svg', { class: 'tree-svg', role: 'group', 'aria-label': `${algo} search tree` });
    this.links = el('path', { class: 'link' }, this.svg);
    this.pathLinks = el('g', { class: 'path-links' }, this.svg);
    this.nodeLayer = el('g', { class: 'nodes' }, this.svg);
    this.scroller = document.createElement('div');
    this.scroller.className = 'tree-scroll';
    this.scroller.append(this.svg);
    this.root.append(this.caption, this.scroller, this.pinLine);
    this.canvasTree = new CanvasTree(this.scroller, {
      onHover: (data) => this.onHover?.(data),
      onLeave: () => this.onLeave?.(),
      onClick: (data) => this.pin(data.id === this.pinned ? null : data.id),
    });
    this.drawn = new Map(); // node id → the snapshot's data of every node drawn
    parent.appendChild(this.root);
    this.listen();
  }

  listen() {
    const nodeOf = (event) => {
      const g = event.target.closest?.('.node');
      return g ? this.elements.get(Number(g.dataset.id)) : null;
    };
    this.svg.addEventListener('pointerover', (event) => {
      const record = nodeOf(event);
      if (record) this.onHover?.(record.data);
    });
    this.svg.addEventListener('focusin', (event) => {
      const record = nodeOf(event);
      if (record) this.onHover?.(record.data);
    });
    this.svg.addEventListener('pointerleave', () => this.onLeave?.());
    this.svg.addEventListener('focusout', () => this.onLeave?.());
    const togglePin = (event) => {
      const record = nodeOf(event);
      if (!record) return;
      this.pin(record.data.id === this.pinned ? null : record.data.id);
    };
    this.svg.addEventListener('click', togglePin);
    this.svg.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter') return;
      event.stopPropagation();
      togglePin(event);
    });
  }

  /** Takes a progress report; the latest one is drawn at the next animation frame. */
  update(report) {
    if (!report.snapshot) return;
    const scheduled = this.pending !== null;
    this.pending = report;
    if (!scheduled) requestAnimationFrame(() => this.draw());
  }

  draw() {
    const report = this.pending;
    this.pending = null;
    const snapshot = report.snapshot;
    const layoutRoot = hierarchy(snapshot.root, (d) => d.children);
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
    // Natural size, shrunk at most to MIN_SCALE to fit; wider trees scroll sideways.
    const room = this.scroller.clientWidth || width;
    const scale = Math.min(1, Math.max(MIN_SCALE, room / width));
    this.scroller.dataset.nodes = String(nodes.length);
    this.drawn = new Map(nodes.map((n) => [n.data.id, n.data]));
    this.caption.textContent = `${report.algo}: ${nodes.length} of ${report.stats.nodes_created.toLocaleString('en')} nodes drawn · iteration ${report.stats.iterations.toLocaleString('en')}`;
    const pathIds = new Set(snapshot.path);
    const expanded = snapshot.path[snapshot.path.length - 1];
    // Large drawings go to a canvas (see tree-canvas.js); labelled ones are SVG elements.
    const labelled = nodes.length <= LABELS_AT_MOST;
    if (labelled !== this.labelled) {
      for (const record of this.elements.values()) record.g.remove();
      this.elements.clear();
      this.labelled = labelled;
      this.svg.toggleAttribute('hidden', !labelled);
      this.canvasTree.visible = !labelled;
    }
    if (!labelled) {
      this.canvasTree.draw(layoutRoot, nodes, { minX: minX - NODE_W, width, height }, scale, {
        pathIds,
        expanded,
        pinned: this.pinned,
        label: `${report.algo} search tree, ${nodes.length} nodes; the most-proving path: ${snapshot.path.length} nodes`,
        centreX: nodes.find((n) => n.data.id === expanded)?.x,
      });
      this.lastReport = report;
      this.showPin();
      return;
    }
    this.svg.setAttribute('viewBox', `${minX - NODE_W} -20 ${width} ${height}`);
    this.svg.setAttribute('width', String(Math.round(width * scale)));
    this.svg.setAttribute('height', String(Math.round(height * scale)));



    const seen = new Set();
    const gliding = [];
    const lit = [];
    let created = 0;
    for (const n of nodes) {
      const d = n.data;
      let record = this.elements.get(d.id);
      if (!record && created >= CREATE_PER_FRAME) continue; // the rest grow in next frames
      seen.add(d.id);
      if (!record) {
        created++;
        record = this.createNode(d);
        // A new node starts at its parent's place and glides out.
        const parent = n.parent && this.elements.get(n.parent.data.id);
        record.x = parent ? parent.x : n.x;
        record.y = parent ? parent.y : n.y;
      }
      record.data = d;
      const onPath = pathIds.has(d.id);
      const classes = `node kind-${d.kind} status-${d.status}${onPath ? ' on-path' : ''}${d.id === expanded ? ' expanded' : ''}${d.id === this.pinned ? ' pinned' : ''}`;
      if (record.classes !== classes) {
        record.g.setAttribute('class', classes);
        record.classes = classes;
      }
      const value = shortValue(d.values);
      if (record.valueText !== value || record.childCount !== d.child_count) {
        record.value.textContent = value;
        record.g.setAttribute('aria-label', `${d.move ?? 'root'}: ${d.kind} node, ${d.status}, ${valueText(d.values)}${d.child_count ? `, ${d.child_count} children` : ''}`);
        record.valueText = value;
        record.childCount = d.child_count;
      }
      if (record.x !== n.x || record.y !== n.y || record.placed !== true) gliding.push([record, n]);
      if (onPath) lit.push([record.shape, n.depth]);
    }
    for (const [id, record] of this.elements) {
      if (!seen.has(id)) {
        record.g.remove();
        this.elements.delete(id);
      }
    }
    this.drawLinks(layoutRoot, pathIds, seen);
    // Glide moved nodes with the Web Animations API (no forced layout); when very many move
    // at once (a new, large tree), place them directly.
    const animate = gliding.length <= GLIDE_AT_MOST;
    for (const [record, n] of gliding) {
      const from = `translate(${record.x}px, ${record.y}px)`;
      const to = `translate(${n.x}px, ${n.y}px)`;
      record.g.setAttribute('transform', `translate(${n.x},${n.y})`);
      if (animate && record.placed && from !== to) record.g.animate([{ transform: from }, { transform: to }], { duration: GLIDE_MS, easing: 'ease' });
      else if (animate && !record.placed) record.g.animate([{ transform: from }, { transform: to }], { duration: GLIDE_MS, easing: 'ease-out' });
      record.x = n.x;
      record.y = n.y;
      record.placed = true;
    }
    // Light up the MPN path from the root down to the node just expanded.
    for (const [shape, depth] of lit) {
      shape.animate([{ strokeOpacity: 0.1, strokeWidth: 8 }, { strokeOpacity: 1, strokeWidth: 3 }], { duration: 250, delay: depth * PATH_STEP_MS, fill: 'backwards', easing: 'ease-out' });
    }
    // Keep the node just expanded in view.
    const target = this.elements.get(expanded);
    if (target) this.scroller.scrollLeft = (target.x - minX + NODE_W) * scale - this.scroller.clientWidth / 2;
    this.lastReport = report;
    this.showPin();
    // Not everything was created yet: draw again next frame (unless a newer report comes).
    if (created >= CREATE_PER_FRAME && this.pending === null) this.update(report);
  }

  createNode(d) {
    const g = el('g', { tabindex: '0', role: 'button', 'data-id': d.id }, this.nodeLayer);
    let shape;
    if (d.kind === 'or') shape = el('rect', { x: -8, y: -8, width: 16, height: 16, class: 'shape' }, g);
    else if (d.kind === 'terminal') shape = el('path', { d: 'M0,-9L9,0L0,9L-9,0Z', class: 'shape' }, g);
    else shape = el('circle', { r: 8.5, class: `shape${d.kind === 'chance' ? ' chance' : ''}` }, g);
    const move = el('text', { class: 'node-move', y: -12 }, g);
    move.textContent = d.move ?? 'root';
    const value = el('text', { class: 'node-value', y: 22 }, g);
    const record = { g, shape, value, data: d, x: 0, y: 0, placed: false };
    this.elements.set(d.id, record);
    return record;
  }

  /** Draws the links between drawn nodes (`drawn`: their ids). */
  drawLinks(layoutRoot, pathIds, drawn) {
    const curve = (s, t) => `M${s.x},${s.y + 9}C${s.x},${(s.y + t.y) / 2} ${t.x},${(s.y + t.y) / 2} ${t.x},${t.y - 9}`;
    const plain = [];
    const onPath = [];
    for (const link of layoutRoot.links()) {
      if (!drawn.has(link.target.data.id)) continue;
      const d = curve(link.source, link.target);
      if (pathIds.has(link.source.data.id) && pathIds.has(link.target.data.id)) onPath.push([d, link.target.depth]);
      else plain.push(d);
    }
    this.links.setAttribute('d', plain.join(''));
    this.pathLinks.replaceChildren(
      ...onPath.map(([d, depth]) => {
        const path = el('path', { d, class: 'link on-path' });
        path.animate([{ strokeOpacity: 0.1 }, { strokeOpacity: 1 }], { duration: 250, delay: depth * PATH_STEP_MS, fill: 'backwards' });
        return path;
      }),
    );
  }

  /**
   * Pins a node (or unpins with null): it stays marked, and later snapshots include the line
   * from the root to it, so its values are followed wherever the search goes.
   */
  pin(id) {
    this.pinned = id;
    for (const [nodeId, record] of this.elements) record.g.classList.toggle('pinned', nodeId === id);
    this.showPin();
    this.onPin?.();
  }

  showPin() {
    if (this.pinned === null) {
      this.pinLine.textContent = 'Click a node to pin it.';
      return;
    }
    const data = this.drawn.get(this.pinned);
    this.pinLine.textContent = data
      ? `Pinned ${data.move ?? 'root'} (node ${data.id}): ${data.kind}, ${data.status}, ${valueText(data.values)}`
      : `Pinned node ${this.pinned} (its line is drawn at the next update).`;
  }
}
