// Large search trees (more than a few hundred nodes) drawn on a canvas instead of as SVG: a
// thousand SVG elements cost the main thread tens of milliseconds a frame to lay out and
// paint, a canvas of the same tree a few. The drawing matches the SVG view (squares OR,
// circles AND, dashed chance, diamonds finished; green proven, red disproven; the MPN path in
// the accent colour, lit from the root down; the node just expanded ringed in amber), and
// pointer hits are found by position.

const PATH_STEP_MS = 90;
const LIGHT_MS = 250;

const css = (name) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

export class CanvasTree {
  constructor(scroller, { onHover, onLeave, onClick }) {
    // The canvas is only as wide as the visible part and stays put (sticky) while a spacer
    // as wide as the whole tree makes the scroller scroll; painting follows scrollLeft.
    this.scroller = scroller;
    this.box = document.createElement('div');
    this.box.className = 'tree-canvas-box';
    this.box.hidden = true;
    this.canvas = document.createElement('canvas');
    this.canvas.className = 'tree-canvas';
    this.canvas.setAttribute('role', 'img');
    this.box.append(this.canvas);
    scroller.append(this.box);
    scroller.addEventListener('scroll', () => {
      if (!this.box.hidden && this.frame === null && this.state) this.paint(Infinity);
    });
    this.points = [];
    this.frame = null;
    const hit = (event) => {
      const box = this.canvas.getBoundingClientRect();
      const x = (event.clientX - box.left + this.scroller.scrollLeft) / this.scale + this.originX;
      const y = (event.clientY - box.top) / this.scale + this.originY;
      let best = null;
      let bestDistance = 12 / this.scale;
      for (const p of this.points) {
        const distance = Math.hypot(p.x - x, p.y - y);
        if (distance < bestDistance) {
          best = p;
          bestDistance = distance;
        }
      }
      return best?.data ?? null;
    };
    this.canvas.addEventListener('pointermove', (event) => {
      const data = hit(event);
      if (data) onHover?.(data);
      else onLeave?.();
    });
    this.canvas.addEventListener('pointerleave', () => onLeave?.());
    this.canvas.addEventListener('click', (event) => {
      const data = hit(event);
      if (data) onClick?.(data);
    });
  }

  set visible(on) {
    this.box.hidden = !on;
    if (!on && this.frame !== null) cancelAnimationFrame(this.frame);
  }

  /**
   * Draws the laid-out tree (`nodes`: d3-hierarchy nodes, `bounds`: {minX, width, height})
   * at `scale`, scrolled so that layout x `centreX` is in the middle, then animates the MPN
   * path lighting up.
   */
  draw(layoutRoot, nodes, bounds, scale, { pathIds, expanded, pinned, label, centreX }) {
    this.scale = scale;
    this.originX = bounds.minX;
    this.originY = -20;
    this.box.style.width = `${Math.round(bounds.width * scale)}px`;
    const width = Math.max(1, Math.min(this.scroller.clientWidth, Math.round(bounds.width * scale)));
    const height = Math.round(bounds.height * scale);
    if (this.canvas.width !== width) this.canvas.width = width;
    if (this.canvas.height !== height) this.canvas.height = height;
    // Keep the node just expanded (at layout x `centreX`) in view.
    if (centreX !== undefined) this.scroller.scrollLeft = (centreX - bounds.minX) * scale - this.scroller.clientWidth / 2;
    this.canvas.setAttribute('aria-label', label);
    this.points = nodes;
    this.links = layoutRoot.links();
    this.style = {
      line: css('--line') || '#d5d8dc',
      accent: css('--accent') || '#1f5fae',
      unknown: css('--unknown') || '#8a939c',
      panel: css('--panel') || '#fff',
    };
    this.state = { pathIds, expanded, pinned };
    const start = performance.now();
    const lastDepth = Math.max(0, ...nodes.filter((n) => pathIds.has(n.data.id)).map((n) => n.depth));
    const end = lastDepth * PATH_STEP_MS + LIGHT_MS;
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    const tick = () => {
      const elapsed = performance.now() - start;
      this.paint(elapsed);
      this.frame = elapsed < end ? requestAnimationFrame(tick) : null;
    };
    tick();
  }

  /** Repaints everything, with the path lit down to the depth `elapsed` ms have reached. */
  paint(elapsed) {
    const g = this.canvas.getContext('2d');
    const { pathIds, expanded, pinned } = this.state;
    const { line, accent, unknown, panel } = this.style;
    const litDepth = (elapsed - LIGHT_MS / 2) / PATH_STEP_MS;
    const left = this.scroller.scrollLeft;
    g.setTransform(1, 0, 0, 1, 0, 0);
    g.clearRect(0, 0, this.canvas.width, this.canvas.height);
    g.setTransform(this.scale, 0, 0, this.scale, -this.originX * this.scale - left, -this.originY * this.scale);
    // Only what lies in the visible window is drawn.
    const from = this.originX + left / this.scale - 20;
    const to = from + this.canvas.width / this.scale + 40;
    const visible = (x) => x >= from && x <= to;
    g.lineWidth = 1.2;
    g.strokeStyle = line;
    g.beginPath();
    const onPath = [];
    for (const link of this.links) {
      if (!visible(link.source.x) && !visible(link.target.x)) continue;
      if (pathIds.has(link.source.data.id) && pathIds.has(link.target.data.id)) {
        onPath.push(link);
        continue;
      }
      g.moveTo(link.source.x, link.source.y + 9);
      g.lineTo(link.target.x, link.target.y - 9);
    }
    g.stroke();
    g.lineWidth = 3;
    g.strokeStyle = accent;
    g.beginPath();
    for (const link of onPath) {
      if (link.target.depth > litDepth) continue;
      g.moveTo(link.source.x, link.source.y + 9);
      g.lineTo(link.target.x, link.target.y - 9);
    }
    g.stroke();
    for (const n of this.points) {
      if (!visible(n.x)) continue;
      const d = n.data;
      g.fillStyle = d.status === 'proven' ? '#2e9e55' : d.status === 'disproven' ? '#d2453b' : unknown;
      g.beginPath();
      if (d.kind === 'or') g.rect(n.x - 8, n.y - 8, 16, 16);
      else if (d.kind === 'terminal') {
        g.moveTo(n.x, n.y - 9);
        g.lineTo(n.x + 9, n.y);
        g.lineTo(n.x, n.y + 9);
        g.lineTo(n.x - 9, n.y);
        g.closePath();
      } else g.arc(n.x, n.y, 8.5, 0, 2 * Math.PI);
      g.fill();
      let ring = null;
      if (d.id === pinned) ring = ['#8e24aa', 4];
      else if (d.id === expanded && n.depth <= litDepth) ring = ['#ffb300', 4];
      else if (pathIds.has(d.id) && n.depth <= litDepth) ring = [accent, 3];
      else if (d.kind === 'chance') ring = [panel, 1.5];
      if (ring) {
        g.strokeStyle = ring[0];
        g.lineWidth = ring[1];
        g.stroke();
      }
    }
  }
}
