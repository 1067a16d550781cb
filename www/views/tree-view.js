// The search tree of one search, readable at any size: what of the engine's snapshot is drawn
// is chosen by tree-layout.js (open nodes only, at most a few children each, "+N more" for
// the rest), laid out by d3-hierarchy, and shown in an SVG you can zoom and pan (d3-zoom;
// wheel, drag, pinch, the +/− buttons), fit to the box, or bring back to the root with one
// click. Labels keep a legible size: when zoomed out below it they are hidden, never shrunk.
// While the search steps, the view follows the node just expanded (only when it leaves the
// box), nodes glide to their new places and the most-proving-node (MPN) path lights up from
// the root down — for the reports a step ends with and a user's action: the reports streamed
// while a search advances, and the one its run or pause ends with after them, are drawn
// without animations, and the nodes' accessible names wait for the next calm drawing, so the
// page's main thread never spends a frame on SVG animations, zoom transitions and labels no
// one reads (issue 34: no task over 50 ms); a drawing and its links are worked out in a task
// of their own, and a frame paints, shows or hides at most NEAR_CHUNK nodes (the MPN path
// first), the rest in the frames after. The box's size is read from a ResizeObserver, never
// from the layout in the middle of a drawing.
//
// Shapes and colours: OR nodes are squares, AND nodes circles (chance dashed), finished games
// diamonds; green proven, red disproven, grey unknown; the MPN path in the accent colour, the
// node just expanded ringed in amber, the selected (pinned) node in purple. "Values: at
// selection" shows the path's values as the last iteration's selection saw them, before its
// backup, and hides the children it created, so the selection rule can be checked by eye.
//
// Exports: the drawn tree as SVG (styles inlined) and the snapshot as JSON.
//
// Keyboard: the tree is one Tab stop (a roving tabindex: the node last focused, else the
// root); the arrow keys move inside it (↑ parent, ↓ first child, ← → siblings), Enter or
// Space selects. With prefers-reduced-motion nothing glides, lights up or zooms smoothly.

import { hierarchy, tree as treeLayout } from '../vendor/d3-hierarchy.mjs';
import { displayTree, valueLabel } from '../lib/tree-layout.js';
import { valueText } from '../lib/values.js';
import { download } from '../lib/download.js';
import { svgElement as el } from '../lib/dom.js';

const { zoom: d3zoom, zoomIdentity, select } = globalThis.d3;

const SVG = 'http://www.w3.org/2000/svg';
const LEVEL_H = 68;
const FONT_PX = 12;
/** The smallest on-screen label size, in CSS px: below it labels are hidden. */
export const LEGIBLE_PX = 10.5;
const PATH_STEP_MS = 90;
const GLIDE_MS = 350;
/** Nodes within this fraction of the box's size beyond its edges stay laid out (see `cull`). */
const CULL_MARGIN = 0.5;
/**
 * Nodes painted per task after a calm drawing (see `paintRest`). At 50 the frame after a run's
 * last drawing held 10 ms of style and 15 ms of layout of the tree (traced: MCTS on FFO #40,
 * 33 ms of CPU in all); at 10 the costliest task of that second came to 16–21 ms.
 */
const REST_CHUNK = 10;
/**
 * Nodes near the view painted or put back into the layout per animation frame (see `cull`).
 * At 40 the frames after a run's last drawing cost up to 50 ms of main-thread CPU here
 * (traced: PPNS, three open levels); at 20 at most 40 — and the drawings themselves, with
 * every node coming near shown at once and the whole MPN path painted, 38–48 ms on PPNS. At 12,
 * with the path painted only where it is near the view and the layout worked out in the task
 * before the frame, the costliest task came to 28–35 ms (PPNS) and 21–28 ms (MCTS, FFO #40).
 */
const NEAR_CHUNK = 12;
const GLIDE_AT_MOST = 150;
const TRACE_LINES = 12;

/** Whether the visitor asks for less motion. */
const reducedMotion = () => globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * The curves of a drawing's links, worked out with its layout in the task before its frame
 * (see `update`): the ordinary ones and those out of the node just expanded each as one path's
 * `d`, the MPN path's one by one with their depth (they light up in turn).
 */
function linkCurves(layoutRoot, pathIds, expanded) {
  const curve = (s, t) => `M${s.x},${s.y + 10}C${s.x},${(s.y + t.y) / 2} ${t.x},${(s.y + t.y) / 2} ${t.x},${t.y - 10}`;
  const plain = [];
  const fresh = [];
  const onPath = [];
  for (const link of layoutRoot.links()) {
    const d = curve(link.source, link.target);
    if (pathIds.has(link.source.data.id) && pathIds.has(link.target.data.id)) onPath.push([d, link.target.depth]);
    else if (link.source.data.id === expanded) fresh.push(d);
    else plain.push(d);
  }
  return { plain: plain.join(''), fresh: fresh.join(''), onPath };
}

/** A small toolbar button; `action` names it for tests and styles (data-action). */
function button(text, title, onClick, action = null) {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'small';
  b.textContent = text;
  b.title = title;
  if (action) b.dataset.action = action;
  b.addEventListener('click', onClick);
  return b;
}

/** Where a node's record goes in the layout (its element may not be there yet: see `cull`). */
function layoutPoint(record) {
  return record.node ? [record.node.x, record.node.y] : [record.x, record.y];
}

/** One line of the trace: what iteration `iteration` did. */
function traceItem({ iteration, text }) {
  const item = document.createElement('li');
  item.value = iteration;
  item.textContent = text;
  return item;
}

/** The width a node needs for its labels (move above, values below) at FONT_PX. */
function labelWidth(text) {
  return text.length * FONT_PX * 0.6;
}

export class TreeView {
  /**
   * `onSelect(node)`: a node was chosen (click or Enter); `onNeedChildren(id)`: the user wants
   * children of node `id` the snapshot does not hold (the controller pins it, so the engine
   * sends them).
   */
  constructor(parent, algo, { onSelect, onNeedChildren } = {}) {
    this.algo = algo;
    this.onSelect = onSelect;
    this.onNeedChildren = onNeedChildren;
    this.pinned = null;
    this.showAll = new Set();
    this.showBefore = false;
    this.follow = true;
    this.elements = new Map(); // drawn id → {g, shape, move, value, title, data, x, y, …}
    this.pending = null;
    this.lastReport = null;
    this.traces = [];
    this.layout = null;
    this.placedOnce = false;
    this.budget = NEAR_CHUNK; // nodes near the view still to paint in this frame (see `cull`)
    this.hides = NEAR_CHUNK; // nodes leaving the view still to hide in this frame (see `cull`)
    /** The tree views drawn side by side with this one (compare mode), at one scale. */
    this.peers = () => [this];
    /** Compare mode: the nodes this search expanded that the other has as a leaf (marked). */
    this.onlyHere = new Set();

    this.root = document.createElement('figure');
    this.root.className = 'tree-view';
    this.root.dataset.algo = algo;
    this.caption = document.createElement('figcaption');
    const tools = document.createElement('div');
    tools.className = 'row tree-tools';
    this.followBox = document.createElement('input');
    this.followBox.type = 'checkbox';
    this.followBox.checked = true;
    this.followBox.addEventListener('change', () => {
      this.follow = this.followBox.checked;
    });
    const followLabel = document.createElement('label');
    followLabel.className = 'toggle';
    followLabel.append(this.followBox, ' Follow');
    followLabel.title = 'Keep the node just expanded in view';
    this.valuesSelect = document.createElement('select');
    this.valuesSelect.setAttribute('aria-label', 'Values shown on the path');
    for (const [value, text] of [
      ['after', 'Values: after the backup'],
      ['before', 'Values: at selection'],
    ]) {
      const option = document.createElement('option');
      option.value = value;
      option.textContent = text;
      this.valuesSelect.append(option);
    }
    this.valuesSelect.title = 'The path as the last iteration’s selection saw it (before its backup), or after the backup';
    this.valuesSelect.addEventListener('change', () => {
      this.showBefore = this.valuesSelect.value === 'before';
      this.redraw();
    });
    tools.append(
      button(
        'Fit',
        'Fit the whole tree in the box',
        () => {
          this.auto = true;
          this.fit(true);
        },
        'fit',
      ),
      button(
        'Root',
        'Go to the root',
        () => {
          this.auto = false;
          this.toRoot(true);
        },
        'root',
      ),
      button('−', 'Zoom out', () => this.zoomBy(1 / 1.25)),
      button('+', 'Zoom in', () => this.zoomBy(1.25)),
      followLabel,
      this.valuesSelect,
      button('SVG', 'Download the drawn tree as SVG', () => this.exportSvg()),
      button('JSON', 'Download the snapshot of the tree as JSON', () => this.exportJson()),
    );

    this.svg = el('svg', { class: 'tree-svg', role: 'group', 'aria-label': `${algo} search tree` });
    this.viewport = el('g', { class: 'viewport' }, this.svg);
    this.links = el('path', { class: 'link' }, this.viewport);
    this.newLinks = el('path', { class: 'link new' }, this.viewport);
    this.pathLinks = el('g', { class: 'path-links' }, this.viewport);
    this.nodeLayer = el('g', { class: 'nodes' }, this.viewport);
    this.box = document.createElement('div');
    this.box.className = 'tree-box';
    this.box.append(this.svg);
    this.pinLine = document.createElement('p');
    this.pinLine.className = 'pin-line';
    this.traceList = document.createElement('ol');
    this.traceList.className = 'trace';
    this.traceList.setAttribute('aria-label', `${algo}: what the last iterations did`);
    const traceBox = document.createElement('details');
    traceBox.className = 'trace-box';
    traceBox.open = true;
    const traceTitle = document.createElement('summary');
    traceTitle.textContent = 'Trace: what each iteration did';
    traceBox.append(traceTitle, this.traceList);
    this.root.append(this.caption, tools, this.box, this.pinLine, traceBox);
    parent.appendChild(this.root);

    // Until the user zooms or pans, each drawing fits the tree while its labels stay legible.
    this.auto = true;
    this.zoom = d3zoom()
      // The box's size, not the SVG's relative width (which cannot be read once the view
      // has been taken off the page while a zoom transition was starting).
      .extent(() => [[0, 0], [this.width, this.height]])
      .scaleExtent([0.15, 4])
      // The box's cached size: d3-zoom's default reads the SVG's size from the layout.
      .extent(() => [[0, 0], [this.width, this.height]])
      .on('zoom', (event) => {
        if (event.sourceEvent) this.auto = false;
        this.applyTransform(event.transform);
      });
    this.selection = select(this.svg).call(this.zoom).on('dblclick.zoom', null);
    this.transform = zoomIdentity;
    this.listen();
    this.size = null;
    new ResizeObserver(([entry]) => {
      this.size = { width: entry.contentRect.width, height: entry.contentRect.height };
      // A box that changed size (present mode, a rotated phone) is placed again; a box no
      // longer shown (0 × 0: the view was dropped or hidden) is left as it is.
      if (this.auto && this.layout && this.size.width > 0 && this.size.height > 0) this.place(false);
      else this.keepInView();
    }).observe(this.box);
  }

  /** The box's size, as the ResizeObserver last gave it (read from the layout only once). */
  get width() {
    this.size ??= { width: this.box.clientWidth, height: this.box.clientHeight };
    return this.size.width || 600;
  }

  get height() {
    this.size ??= { width: this.box.clientWidth, height: this.box.clientHeight };
    return this.size.height || 420;
  }

  listen() {
    const recordOf = (event) => {
      const g = event.target.closest?.('.node');
      return g ? this.elements.get(g.dataset.id) : null;
    };
    const choose = (event) => {
      const record = recordOf(event);
      if (!record) return;
      const d = record.data;
      if (d.more !== undefined) {
        this.showAll.add(d.parent);
        const snapshotNode = this.findNode(d.parent);
        if (snapshotNode && snapshotNode.children.length < snapshotNode.child_count) this.onNeedChildren?.(d.parent);
        this.redraw();
        return;
      }
      this.pin(d.id);
      this.onSelect?.(d);
    };
    this.svg.addEventListener('click', choose);
    this.svg.addEventListener('focusin', (event) => {
      const id = event.target.closest?.('g[data-id]')?.dataset.id;
      if (id && this.elements.has(id)) {
        this.tabStop = id;
        this.rove();
      }
    });
    this.svg.addEventListener('keydown', (event) => {
      if (event.key.startsWith('Arrow')) {
        this.moveFocus(event);
        return;
      }
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      event.stopPropagation();
      choose(event);
    });
  }

  /** Moves the focus from the focused node along an arrow key (see the module's comment). */
  moveFocus(event) {
    const from = this.elements.get(event.target.closest?.('g[data-id]')?.dataset.id ?? '')?.node;
    if (!from) return;
    event.preventDefault();
    event.stopPropagation();
    const siblings = from.parent?.children ?? [from];
    const at = siblings.indexOf(from);
    const to = {
      ArrowUp: from.parent,
      ArrowDown: from.children?.[0],
      ArrowLeft: siblings[at - 1],
      ArrowRight: siblings[at + 1],
    }[event.key];
    if (!to) return;
    this.tabStop = String(to.data.id);
    this.rove();
    // A node off the view is brought into it (and so into the layout) before it takes focus.
    this.reveal(to.x, to.y, false);
    this.cull();
    this.elements.get(this.tabStop)?.g.focus();
  }

  /** Makes one node the tree's Tab stop: the one last focused if drawn, else the root. */
  rove() {
    if (!this.elements.has(this.tabStop)) this.tabStop = [...this.elements].find(([, r]) => !r.node?.parent)?.[0] ?? null;
    // The Tab stop must take focus: it is painted and laid out wherever it is.
    const stop = this.elements.get(this.tabStop);
    if (stop && (stop.stale || !stop.g || stop.away)) {
      stop.away = false;
      this.paint(stop);
      stop.g.style.display = '';
    }
    for (const [id, record] of this.elements) {
      const tabindex = id === this.tabStop ? '0' : '-1';
      if (record.tabindex !== tabindex) {
        record.g?.setAttribute('tabindex', tabindex);
        record.tabindex = tabindex;
      }
    }
  }

  /** The snapshot node with id `id` in the last report, or null. */
  findNode(id) {
    const stack = this.lastReport ? [this.lastReport.snapshot.root] : [];
    while (stack.length) {
      const node = stack.pop();
      if (node.id === id) return node;
      stack.push(...node.children);
    }
    return null;
  }

  applyTransform(transform) {
    this.transform = transform;
    this.viewport.setAttribute('transform', transform.toString());
    this.cull();
    const legible = transform.k * FONT_PX >= LEGIBLE_PX;
    this.svg.classList.toggle('labels-hidden', !legible);
    this.svg.dataset.scale = transform.k.toFixed(3);
  }

  /**
   * Takes the nodes far outside the box out of the page's layout (display: none) and puts
   * back those that come near it, so that a drawing costs the browser what is near the view
   * rather than the whole tree (a search's tree at three open levels runs to hundreds of
   * nodes, most of them off to the sides). The Tab stop always stays: it must take focus.
   * The stale nodes near the view are painted NEAR_CHUNK per animation frame (`budget`: what
   * is left of this frame's): a drawing of hundreds of new places and labels would hold the
   * main thread, with the style, layout and paint it asks of the browser, for a long task
   * (issue 34); the others keep their last place and labels a frame or a few longer.
   */
  cull({ animate = false } = {}) {
    const far = this.farFromView();
    let left = false;
    for (const [id, record] of this.elements) {
      let away = far(id, record);
      if (!away && (record.stale || record.away)) {
        if (this.budget > 0) {
          if (record.stale) this.paint(record, { calm: this.calm, animate });
          this.budget -= 1;
        } else {
          left = true;
          // Coming near, it is put back into the layout in a later frame, with its budget.
          if (record.away) away = true;
        }
      }
      if (away && !record.away && record.g) {
        // Taking a node out of the layout costs the browser as much as putting one back:
        // those leaving the view go NEAR_CHUNK a frame too (a pan after the node just
        // expanded hid 60 at once: 7–11 ms of style and layout here).
        if (this.hides > 0) this.hides -= 1;
        else {
          left = true;
          away = false;
        }
      }
      if (record.away !== away && record.g) record.g.style.display = away ? 'none' : '';
      record.away = away;
    }
    if (left) this.paintNearLater();
    this.countUnpainted();
  }

  /**
   * Writes on the box how many of the drawing's nodes are still to be painted (`data-unpainted`;
   * 0 once a calm drawing is complete, its nodes' accessible names included), for whoever waits
   * for a whole drawing: the browser tests compare trees only then.
   */
  countUnpainted() {
    let unpainted = 0;
    for (const record of this.elements.values()) if (record.stale) unpainted += 1;
    this.box.dataset.unpainted = String(unpainted);
  }

  /** Whether a node (its id and record) lies far outside the box, at the view's transform now. */
  farFromView() {
    const t = this.transform;
    const [mx, my] = [this.width * CULL_MARGIN, this.height * CULL_MARGIN];
    const [x0, y0] = t.invert([-mx, -my]);
    const [x1, y1] = t.invert([this.width + mx, this.height + my]);
    const pad = this.nodeW ?? 40;
    return (id, record) => {
      const [x, y] = layoutPoint(record);
      return id !== this.tabStop && (x < x0 - pad || x > x1 + pad || y < y0 - LEVEL_H || y > y1 + LEVEL_H);
    };
  }

  /**
   * Gives the frame of `stamp` (a requestAnimationFrame time, the same for every callback of
   * one frame) its budget of NEAR_CHUNK nodes, once: a drawing and the painting of the nodes
   * left from the frame before, in one frame, share it (traced: the two at 12 each came to a
   * task of 35 ms of CPU here).
   */
  startFrame(stamp) {
    if (this.budgetFrame === stamp) return;
    this.budgetFrame = stamp;
    this.budget = NEAR_CHUNK;
    this.hides = NEAR_CHUNK;
  }

  /** Paints, at the next animation frame, the next NEAR_CHUNK nodes near the view (see `cull`). */
  paintNearLater() {
    if (this.nearLater) return;
    this.nearLater = true;
    requestAnimationFrame((stamp) => {
      this.nearLater = false;
      this.startFrame(stamp);
      this.cull({ animate: this.animate });
    });
  }

  /**
   * After a calm drawing, paints the nodes out of view, REST_CHUNK per task (the main thread
   * never holds a whole large tree at once; those near the view are `cull`'s), until none is
   * left: each task looks again, since the view may move meanwhile (a node near it when the
   * drawing began can be far from it by the time `cull` would have painted it). While only
   * nodes near the view are left it looks once a frame. A newer drawing stops it.
   */
  paintRest() {
    const drawing = this.drawings;
    const chunk = () => {
      if (drawing !== this.drawings) return;
      let painted = 0;
      let near = false;
      for (const record of this.elements.values()) {
        if (!record.stale) continue;
        if (!record.away) near = true;
        else if (painted < REST_CHUNK) {
          this.paint(record, { calm: true });
          painted += 1;
        } else break;
      }
      if (painted === REST_CHUNK) setTimeout(chunk, 0);
      else if (near) requestAnimationFrame(() => setTimeout(chunk, 0));
      else this.countUnpainted();
    };
    setTimeout(chunk, 0);
  }

  setTransform(transform, animate) {
    const target = animate && !reducedMotion() ? this.selection.transition().duration(300) : this.selection;
    target.call(this.zoom.transform, transform);
  }

  zoomBy(factor) {
    this.selection.transition().duration(reducedMotion() ? 0 : 200).call(this.zoom.scaleBy, factor);
  }

  /** The scale that fits this view's whole drawn tree in its box (at most 1.2× natural size). */
  ownFitScale() {
    const { minX, maxX, maxY } = this.layout;
    return Math.min(1.2, this.width / (maxX - minX + this.nodeW + 20), this.height / (maxY + LEVEL_H));
  }

  /**
   * The scale that fits every tree drawn side by side (compare mode) in its box: the trees
   * are drawn at one scale, so that neither looks smaller for no reason.
   */
  fitScale() {
    const views = new Set([this, ...this.peers().filter((view) => view.layout)]);
    return Math.min(...[...views].map((view) => view.ownFitScale()));
  }

  /** Fits the whole drawn tree in the box. */
  fit(animate = false) {
    if (!this.layout) return;
    const { minX, maxX, maxY } = this.layout;
    const k = this.fitScale();
    const tx = this.width / 2 - (k * (minX + maxX)) / 2;
    const ty = (this.height - k * maxY) / 2;
    this.setTransform(zoomIdentity.translate(tx, Math.max(k * 30, ty)).scale(k), animate);
  }

  /** The root at the top middle, at a scale where labels are legible. */
  toRoot(animate = false) {
    const k = Math.max(this.transform.k, LEGIBLE_PX / FONT_PX + 0.01);
    this.setTransform(zoomIdentity.translate(this.width / 2, 36).scale(Math.min(k, 1.5)), animate);
  }

  /** Pans (keeping the scale) so that layout point (x, y) is in the box, if it is not. */
  reveal(x, y, animate) {
    const t = this.transform;
    const [sx, sy] = t.apply([x, y]);
    const margin = 40;
    if (sx >= margin && sx <= this.width - margin && sy >= margin && sy <= this.height - margin) return;
    this.centreOn(x, y, t.k, animate);
  }

  /** Scale `k`, layout point (x, y) in the middle across, the root at the top if the depth fits. */
  centreOn(x, y, k, animate) {
    const tx = this.width / 2 - k * x;
    const fitsDepth = k * this.layout.maxY + 80 <= this.height;
    const ty = fitsDepth ? 36 : this.height / 2 - k * y;
    this.setTransform(zoomIdentity.translate(tx, ty).scale(k), animate);
  }

  keepInView() {
    if (!this.layout || !this.follow || this.auto) return;
    const target = this.elements.get(String(this.layout.expanded));
    if (target) this.reveal(...layoutPoint(target), false);
  }

  /**
   * Takes a report; the latest one is drawn at the next animation frame. `streaming`: a
   * report streamed while the search advances (drawn plainly); the others are drawn calmly.
   */
  update(report, { streaming = false } = {}) {
    if (!streaming) this.calmNext = true;
    if (report.trace && report.stats.iterations !== this.traces[0]?.iteration) {
      // Back at an earlier iteration (the timeline, Back): the lines after it are dropped.
      const at = report.stats.iterations;
      const kept = this.traces.filter((line) => line.iteration < at);
      const line = { iteration: at, text: report.trace };
      // Going on, one line comes in at the top and the oldest goes; going back, all anew.
      const onward = kept.length === this.traces.length;
      this.traces = [line, ...kept].slice(0, TRACE_LINES);
      if (onward) {
        this.traceList.prepend(traceItem(line));
        while (this.traceList.children.length > this.traces.length) this.traceList.lastElementChild.remove();
      } else this.showTrace();
    }
    if (!report.snapshot) return;
    const scheduled = this.pending !== null;
    this.pending = report;
    if (scheduled) return;
    // The drawing is worked out in a task of its own and the elements changed at the next
    // animation frame: the two in one frame came to 30–45 ms of CPU, with the style, layout
    // and paint the changes ask of the browser (issue 34).
    setTimeout(() => {
      if (this.pending) this.prepared = this.lay(this.pending);
      requestAnimationFrame((stamp) => this.draw(stamp));
    }, 0);
  }

  /** Draws the last report again, calmly (a user's action). */
  redraw() {
    this.calmNext = true;
    if (this.lastReport && this.pending === null) this.update(this.lastReport);
  }

  showTrace() {
    this.traceList.replaceChildren(...this.traces.map(traceItem));
  }

  /** What the drawing shows of a snapshot: the open levels, the pinned node, "show all". */
  displayOptions() {
    return { openLevels: this.openLevels ?? 1, pinned: this.pinned, showAll: this.showAll };
  }

  /**
   * The drawing of `report` worked out, touching no element: the nodes shown (at the open
   * levels, pinned line and "show all" of now), their places, the node width and the links'
   * curves.
   */
  lay(report) {
    const { snapshot } = report;
    const pathIds = new Set(snapshot.path);
    const expanded = snapshot.path[snapshot.path.length - 1];
    const given = this.displayOptions();
    const shown = displayTree(snapshot.root, { ...given, path: pathIds });
    const layoutRoot = hierarchy(shown, (d) => d.children);
    const nodes = layoutRoot.descendants();
    // Wide enough for the widest label (PPN's "1 − 4.02e-4").
    let widest = 0;
    for (const n of nodes) {
      const d = n.data;
      const texts = d.more !== undefined ? [`+${d.more} more`] : [d.move ?? 'root', valueLabel(d, false), valueLabel(d, true)];
      for (const text of texts) widest = Math.max(widest, labelWidth(text));
    }
    const nodeW = Math.max(40, Math.min(220, widest + 14));
    treeLayout().nodeSize([nodeW, LEVEL_H]).separation((a, b) => (a.parent === b.parent ? 1 : 1.2))(layoutRoot);
    let minX = Infinity;
    let maxX = -Infinity;
    let maxY = 0;
    for (const n of nodes) {
      minX = Math.min(minX, n.x);
      maxX = Math.max(maxX, n.x);
      maxY = Math.max(maxY, n.y);
    }
    return { report, given, pathIds, expanded, nodes, nodeW, bounds: { minX, maxX, maxY }, links: linkCurves(layoutRoot, pathIds, expanded) };
  }

  draw(stamp) {
    const report = this.pending;
    if (!report) return;
    this.pending = null;
    this.lastReport = report;
    const calm = this.calmNext;
    this.calmNext = false;
    // Worked out in the task before (see `update`), unless what it was worked out for changed.
    const laid = this.prepared;
    this.prepared = null;
    const now = this.displayOptions();
    const fresh = laid?.report === report && Object.keys(now).every((key) => laid.given[key] === now[key]);
    const { pathIds, expanded, nodes, nodeW, bounds, links } = fresh ? laid : this.lay(report);
    this.nodeW = nodeW;
    this.layout = { ...bounds, expanded };
    this.box.dataset.nodes = String(nodes.length);
    const iteration = report.stats.iterations.toLocaleString('en');
    this.caption.textContent = `${report.algo}: ${nodes.length} of ${report.stats.nodes_created.toLocaleString('en')} nodes drawn · iteration ${iteration}`;
    this.svg.classList.toggle('before-mode', this.showBefore);

    const seen = new Set();
    let moved = 0;
    const lit = [];
    for (const n of nodes) {
      const d = n.data;
      const key = String(d.id);
      seen.add(key);
      let record = this.elements.get(key);
      if (!record) {
        // A new node starts at its parent's place and glides out; its element is made when
        // it is first painted.
        const parent = n.parent && this.elements.get(String(n.parent.data.id));
        record = { g: null, x: parent ? parent.x : n.x, y: parent ? parent.y : n.y, placed: false, tabindex: '-1' };
        this.elements.set(key, record);
      }
      record.data = d;
      record.node = n;
      record.onPath = pathIds.has(d.id);
      record.isNew = n.parent?.data.id === expanded && n.parent?.data.id !== undefined;
      if (record.x !== n.x || record.y !== n.y || record.placed !== true) moved += 1;
      if (record.onPath) lit.push([record, n.depth]);
    }
    for (const [id, record] of this.elements) {
      if (!seen.has(id)) {
        record.g?.remove();
        this.elements.delete(id);
      }
    }
    // Animations only when drawings are not coming thick and fast — nor for the drawing a run
    // ends with, after streamed ones: its nodes' places changed for many drawings, and gliding
    // a hundred of them asked the browser for a new style and layout of each at every frame
    // (traced: a task of 45 ms of CPU here, PPNS on 8×8 Othello, three open levels) — and never
    // for those who ask for less motion.
    const moving = calm && this.calm !== false && !reducedMotion();
    this.drawLinks(links, moving);
    const animate = moving && moved <= GLIDE_AT_MOST;
    // The nodes near the view are painted now and in the next frames, the MPN path first,
    // the others when they come near it (see `cull`); a calm drawing (a step, a pause, a
    // user's action) paints them after, a chunk per task (see `paintRest`).
    this.drawings = (this.drawings ?? 0) + 1;
    this.calm = calm;
    for (const record of this.elements.values()) record.stale = true;
    this.startFrame(stamp);
    this.animate = animate;
    // The path's nodes near the view first (those far from it are `cull`'s, when they come
    // near: a path dozens of levels deep painted whole made for a long frame).
    const far = this.farFromView();
    for (const [record] of lit) {
      if (far(String(record.data.id), record)) continue;
      this.paint(record, { calm, animate });
      this.budget -= 1;
    }
    this.cull({ animate });
    this.rove();
    if (calm) this.paintRest();
    for (const [record, depth] of moving ? lit : []) {
      if (!record.away && !record.stale) record.shape.animate([{ strokeOpacity: 0.1, strokeWidth: 8 }, { strokeOpacity: 1, strokeWidth: 3 }], { duration: 250, delay: depth * PATH_STEP_MS, fill: 'backwards', easing: 'ease-out' });
    }
    if (this.auto) {
      this.place(animate && this.placedOnce);
      // The trees beside it follow the scale they now share.
      for (const peer of this.peers()) if (peer !== this && peer.auto && peer.layout) peer.place(false);
    } else {
      const expandedRecord = this.elements.get(String(expanded));
      if (this.follow && expandedRecord) this.reveal(...layoutPoint(expandedRecord), animate);
    }
    this.placedOnce = true;
    this.cull();
    this.showPin();
  }

  /**
   * Brings a node's element up to date with its data: its classes, its labels (see `label`)
   * and its place, gliding there when `animate`.
   */
  paint(record, { calm = false, animate = false } = {}) {
    record.stale = false;
    const { data: d, node: n } = record;
    if (!record.g) {
      this.createNode(record);
      if (record.away) record.g.style.display = 'none';
    }
    const expanded = this.layout.expanded;
    const classes = d.more !== undefined
      ? 'node more'
      : `node kind-${d.kind} status-${d.status}${record.onPath ? ' on-path' : ''}${d.id === expanded ? ' expanded' : ''}${d.id === this.pinned ? ' pinned' : ''}${record.isNew ? ' new' : ''}${this.onlyHere.has(d.id) ? ' only-here' : ''}`;
    if (record.classes !== classes) {
      record.g.setAttribute('class', classes);
      record.classes = classes;
    }
    this.label(record, d, record.onPath, calm);
    if (record.x === n.x && record.y === n.y && record.placed === true) return;
    record.g.setAttribute('transform', `translate(${n.x},${n.y})`);
    if (animate && (record.x !== n.x || record.y !== n.y)) {
      record.g.animate([{ transform: `translate(${record.x}px, ${record.y}px)` }, { transform: `translate(${n.x}px, ${n.y}px)` }], { duration: GLIDE_MS, easing: record.placed ? 'ease' : 'ease-out' });
    }
    record.x = n.x;
    record.y = n.y;
    record.placed = true;
  }

  /**
   * Until the user moves the view: the whole tree while it fits legibly (at the scale shared
   * with the trees beside it); otherwise the smallest legible scale, around the node just
   * expanded (the root at the top when the depth fits).
   */
  place(animate) {
    const expandedRecord = this.elements.get(String(this.layout.expanded));
    if (this.fitScale() * FONT_PX >= LEGIBLE_PX) this.fit(animate);
    else if (expandedRecord) this.centreOn(...layoutPoint(expandedRecord), LEGIBLE_PX / FONT_PX + 0.02, animate);
  }

  /**
   * Writes a node's labels, only when they changed, and its accessible name and tooltip —
   * those only when `calm` (while a search advances they would change at every drawing; the
   * drawing of the report it stops with writes them).
   */
  label(record, d, onPath, calm) {
    if (d.more !== undefined) {
      const text = `+${d.more} more`;
      if (record.valueText !== text) {
        record.value.textContent = text;
        record.valueText = text;
        record.g.setAttribute('aria-label', `${d.more} more children: show them`);
      }
      return;
    }
    const after = valueLabel(d, false);
    const before = onPath && d.before ? valueLabel(d, true) : after;
    const badge = d.collapsed ? `▸ ${d.collapsed}` : '';
    const key = `${after}|${before}|${badge}`;
    if (record.valueText !== key) {
      record.valueText = key;
      record.value.textContent = after;
      record.valueBefore.textContent = before;
      record.badge.textContent = badge;
    }
    if (!calm || record.described === key) return;
    record.described = key;
    const description = `${d.move ?? 'root'}: ${d.kind} node, ${d.status}, ${valueText(d.values)}${d.before && onPath ? ` (at selection: ${valueText(d.before)})` : ''}${d.child_count ? `, ${d.child_count} children` : ''}`;
    record.g.setAttribute('aria-label', description);
    record.title.textContent = description;
  }

  /** Makes the elements of a node's record (its place, labels and classes are painted after). */
  createNode(record) {
    const d = record.data;
    const g = el('g', { tabindex: record.tabindex, role: 'button', 'data-id': d.id }, this.nodeLayer);
    const title = el('title', {}, g);
    let shape;
    if (d.more !== undefined) shape = el('rect', { x: -12, y: -7, width: 24, height: 14, rx: 7, class: 'shape' }, g);
    else if (d.kind === 'or') shape = el('rect', { x: -9, y: -9, width: 18, height: 18, class: 'shape' }, g);
    else if (d.kind === 'terminal') shape = el('path', { d: 'M0,-10L10,0L0,10L-10,0Z', class: 'shape' }, g);
    else shape = el('circle', { r: 9.5, class: `shape${d.kind === 'chance' ? ' chance' : ''}` }, g);
    const move = el('text', { class: 'node-move', y: -14 }, g);
    move.textContent = d.more !== undefined ? '' : d.move ?? 'root';
    const value = el('text', { class: 'node-value value-after', y: 26 }, g);
    const valueBefore = el('text', { class: 'node-value value-before', y: 26 }, g);
    const badge = el('text', { class: 'node-badge', y: 39 }, g);
    Object.assign(record, { g, shape, move, value, valueBefore, badge, title });
  }

  /** Draws the links (see `linkCurves`): ordinary ones as one path, the MPN path's lit one by one. */
  drawLinks({ plain, fresh, onPath }, calm) {
    // A long `d` is parsed again by the browser whenever it is set: only when it changed.
    if (this.linksDrawn?.plain !== plain) this.links.setAttribute('d', plain);
    if (this.linksDrawn?.fresh !== fresh) this.newLinks.setAttribute('d', fresh);
    this.linksDrawn = { plain, fresh };
    // The path's links keep their elements from one drawing to the next (only their curves change).
    const links = [...this.pathLinks.children];
    onPath.forEach(([d, depth], i) => {
      const path = links[i] ?? el('path', { class: 'link on-path' }, this.pathLinks);
      if (path.getAttribute('d') !== d) path.setAttribute('d', d);
      if (calm) path.animate([{ strokeOpacity: 0.1 }, { strokeOpacity: 1 }], { duration: 250, delay: depth * PATH_STEP_MS, fill: 'backwards' });
    });
    for (const path of links.slice(onPath.length)) path.remove();
  }

  /**
   * Pins a node (or unpins with null): it stays marked, and later snapshots include the line
   * from the root to it and its children, so it is followed wherever the search goes.
   */
  pin(id) {
    this.pinned = id;
    for (const [key, record] of this.elements) record.g?.classList.toggle('pinned', key === String(id));
    this.showPin();
  }

  showPin() {
    if (this.pinned === null) {
      this.pinLine.textContent = 'Click a node to inspect it.';
      return;
    }
    const data = this.findNode(this.pinned);
    this.pinLine.textContent = data
      ? `Selected ${data.move ?? 'root'} (node ${data.id}): ${data.kind}, ${data.status}, ${valueText(data.values)}`
      : `Selected node ${this.pinned} (its line is drawn at the next update).`;
  }

  /** The drawn tree as a standalone SVG document (the whole tree at natural size). */
  svgText() {
    // The whole tree, also the nodes the view has not painted while a search streamed.
    for (const record of this.elements.values()) if (record.stale || !record.g) this.paint(record);
    const clone = this.svg.cloneNode(true);
    const { minX, maxX, maxY } = this.layout ?? { minX: 0, maxX: 0, maxY: 0 };
    const pad = this.nodeW ?? 40;
    clone.querySelector('.viewport').removeAttribute('transform');
    clone.setAttribute('xmlns', SVG);
    clone.setAttribute('viewBox', `${minX - pad} -40 ${maxX - minX + 2 * pad} ${maxY + 90}`);
    clone.setAttribute('width', String(Math.round(maxX - minX + 2 * pad)));
    clone.setAttribute('height', String(Math.round(maxY + 90)));
    clone.classList.remove('labels-hidden', 'before-mode');
    for (const node of clone.querySelectorAll('.value-before')) node.remove();
    // The whole tree, also the nodes the view keeps out of the layout (see `cull`).
    for (const node of clone.querySelectorAll('.node')) node.style.removeProperty('display');
    const root = getComputedStyle(document.documentElement);
    const vars = ['--fg', '--panel', '--line', '--muted', '--accent', '--unknown'].map((v) => `${v}: ${root.getPropertyValue(v).trim()};`).join(' ');
    const rules = [];
    for (const sheet of document.styleSheets) {
      let list;
      try {
        list = sheet.cssRules;
      } catch {
        continue;
      }
      for (const rule of list) {
        if (rule.selectorText && /\.(node|link|shape|tree-svg)/.test(rule.selectorText)) rules.push(rule.cssText);
      }
    }
    const style = el('style');
    style.textContent = `svg { ${vars} font-family: system-ui, sans-serif; background: ${root.getPropertyValue('--panel').trim()}; } ${rules.join('\n')}`;
    clone.insertBefore(style, clone.firstChild);
    return new XMLSerializer().serializeToString(clone);
  }

  exportSvg() {
    download(`${this.algo}-tree-${this.lastReport?.stats.iterations ?? 0}.svg`, this.svgText(), 'image/svg+xml');
  }

  exportJson() {
    if (!this.lastReport) return;
    const { algo, verdict, finished, stats, snapshot } = this.lastReport;
    const json = JSON.stringify({ algo, verdict, finished, stats, snapshot }, null, 1);
    download(`${this.algo}-tree-${stats.iterations}.json`, json, 'application/json');
  }
}
