// The timeline under the tree (issue 30): a slider over every iteration the searches have
// reached, with the moments that matter marked on it — each time the root's value changed
// (ticks), and as buttons the best or proving move changing, PPN crossing pr, df-pn back at
// the root entering a child with new thresholds (marked "re-enter" when it had left that
// child before: the see-saw) and the root proved or disproved. Dragging the slider, its arrow keys or a marker's button ask for that
// iteration (`onSeek`); the search controller then shows the whole page at that moment.
// Events are gathered from the reports of the searches' furthest reach: the root's changes
// and PPN's crossings from the per-iteration history (a sample of up to 4,096 points on long
// runs), best-move changes at the reports that saw them (every iteration at a watchable
// speed, every ~50 ms at full speed).

const SVG = 'http://www.w3.org/2000/svg';

/** A df-pn number or threshold as shown (`null` is ∞). */
export const th = (n) => n ?? '∞';

/**
 * df-pn's entry `entry` into a child of the root (a threshold log event, src/search/threshold_log.rs)
 * in words: the timeline's marker and the exercise's explanation say the same.
 */
export function entryWords(entry) {
  return `After ${entry.iteration.toLocaleString('en')} positions df-pn is back at the root and enters ${entry.move} (pn ${th(entry.pn)} / dn ${th(entry.dn)}, the second best ${th(entry.second)}) with thresholds th_pn ${th(entry.th_pn)}, th_dn ${th(entry.th_dn)}${entry.again ? ': it had left this child before' : ''}`;
}
/** Marker buttons drawn at most (the latest are kept). */
const MOST_MARKERS = 24;
/** The track is cut into this many parts; a part with a change of the root gets one tick. */
const TICK_BINS = 250;
/** While the searches advance, the slider and the count are moved at most this often. */
const LIVE_EVERY_MS = 250;

export class TimelineView {
  /** `root`: the element to fill; `onSeek(iteration)`: show that iteration. */
  constructor(root, onSeek) {
    this.root = root;
    this.onSeek = onSeek;
    root.classList.add('timeline');
    const label = document.createElement('label');
    label.className = 'timeline-label';
    label.htmlFor = 'timeline-slider';
    label.textContent = 'Timeline';
    this.track = document.createElement('div');
    this.track.className = 'timeline-track';
    this.ticks = document.createElementNS(SVG, 'svg');
    this.ticks.setAttribute('class', 'timeline-ticks');
    this.ticks.setAttribute('aria-hidden', 'true');
    this.ticks.setAttribute('preserveAspectRatio', 'none');
    this.ticks.setAttribute('viewBox', '0 0 1000 10');
    this.tickPath = document.createElementNS(SVG, 'path');
    this.ticks.append(this.tickPath);
    this.slider = document.createElement('input');
    Object.assign(this.slider, { type: 'range', id: 'timeline-slider', min: '0', max: '0', step: '1', value: '0' });
    this.slider.title = 'Drag, or use the arrow keys, to show any iteration reached';
    this.slider.addEventListener('input', () => this.onSeek(Number(this.slider.value)));
    this.track.append(this.ticks, this.slider);
    this.output = document.createElement('output');
    this.output.htmlFor = 'timeline-slider';
    this.output.className = 'timeline-at';
    this.markers = document.createElement('div');
    this.markers.className = 'timeline-markers';
    this.markers.setAttribute('aria-label', 'Events: jump to the iteration');
    this.markers.setAttribute('role', 'group');
    root.append(label, this.track, this.output, this.markers);
    this.reset();
  }

  /** Forgets the run: nothing reached, no events. */
  reset() {
    this.reached = 0;
    this.events = [];
    this.lastBest = new Map();
    this.changes = [];
    this.root.hidden = true;
    this.show(0);
  }

  /**
   * The searches now stand at iteration `step` with `reports`: a step beyond the furthest
   * reach extends the timeline and adds the events its reports show. While they advance
   * (`live`), only the slider and the count follow; the ticks and markers are drawn when they
   * stop (drawing them repaints the panel around them: at every report that would hold the
   * main thread too long on a large tree).
   */
  update(reports, step, { live = false } = {}) {
    if (step >= this.reached && reports.length) {
      this.reached = step;
      this.gather(reports, step);
    }
    this.root.hidden = this.reached === 0;
    this.show(step, { marks: !live });
  }

  /** The events of the reports at the furthest reach `step`. */
  gather(reports, step) {
    const changes = [];
    for (const report of reports) {
      const { algo } = report;
      const best = report.best_move ?? null;
      if (best !== null && this.lastBest.get(algo) !== best) {
        const kind = report.verdict === 'proved' ? 'proving move' : 'best move';
        this.add({ iteration: step, kind: 'move', text: `${algo}: ${kind} ${best}` });
      }
      this.lastBest.set(algo, best);
      if (report.finished && (report.verdict === 'proved' || report.verdict === 'disproved')) {
        this.add({ iteration: report.stats.iterations, kind: report.verdict, text: `${algo}: root ${report.verdict}` });
      }
      for (const entry of report.thresholds?.events ?? []) {
        this.add({
          iteration: entry.iteration,
          kind: entry.again ? 'reenter' : 'threshold',
          text: `${algo}: ${entry.again ? 're-enter' : 'enter'} ${entry.move}, th_pn ${th(entry.th_pn)} th_dn ${th(entry.th_dn)}`,
          title: entryWords(entry),
        });
      }
      const history = report.history;
      if (!history) continue;
      const { iterations, chart } = history;
      const pr = report.params?.pr;
      for (let i = 1; i < chart.length; i++) {
        if (chart[i] !== chart[i - 1]) changes.push(iterations[i]);
        if (history.chart_label === 'PPN' && typeof pr === 'number' && chart[i - 1] > pr !== chart[i] > pr) {
          this.add({ iteration: iterations[i], kind: 'pr', text: `${algo}: PPN ${chart[i] > pr ? 'above' : 'below'} pr` });
        }
      }
    }
    if (reports.some((r) => r.history)) this.changes = changes;
  }

  /** Adds an event unless the same one is known. */
  add(event) {
    if (this.events.some((e) => e.iteration === event.iteration && e.text === event.text)) return;
    this.events.push(event);
    this.events.sort((a, b) => a.iteration - b.iteration);
  }

  /** Shows iteration `step` of the reach and, with `marks`, the root's changes as ticks and the events. */
  show(step, { marks = true } = {}) {
    // While the searches advance, the slider follows a few times a second: each move of a
    // range input costs the main thread a style and layout pass.
    const now = performance.now();
    if (!marks && now - (this.shownAt ?? -Infinity) < LIVE_EVERY_MS) return;
    this.shownAt = marks ? -Infinity : now;
    const max = Math.max(1, this.reached);
    this.slider.max = String(this.reached);
    this.slider.value = String(step);
    const words = `iteration ${step.toLocaleString('en')} of ${this.reached.toLocaleString('en')}`;
    this.slider.setAttribute('aria-valuetext', words);
    this.output.textContent = words;
    if (!marks) return;
    // The ticks are drawn again only when the reach or the changes are new, one per
    // TICK_BINS-th of the track at most (a search whose root changes at every iteration
    // would otherwise draw thousands).
    if (this.ticksFor !== this.changes || this.ticksMax !== max) {
      const bins = new Set(this.changes.map((i) => Math.min(TICK_BINS - 1, Math.floor((TICK_BINS * i) / max))));
      this.tickPath.setAttribute('d', [...bins].map((b) => `M${((1000 * (b + 0.5)) / TICK_BINS).toFixed(1)} 0V10`).join(''));
      this.ticksFor = this.changes;
      this.ticksMax = max;
    }
    const shown = this.events.slice(-MOST_MARKERS);
    const key = JSON.stringify(shown);
    if (key === this.markersKey) return;
    this.markersKey = key;
    this.markers.replaceChildren(
      ...shown.map((event) => {
        const button = document.createElement('button');
        button.type = 'button';
        button.className = `timeline-marker marker-${event.kind}`;
        button.dataset.iteration = String(event.iteration);
        button.textContent = `${event.text} · ${event.iteration.toLocaleString('en')}`;
        button.title = `${event.title ? `${event.title}. ` : ''}Show iteration ${event.iteration.toLocaleString('en')}`;
        button.addEventListener('click', () => this.onSeek(event.iteration));
        return button;
      }),
    );
  }
}
