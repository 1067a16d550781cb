// Charts over iterations, drawn with uPlot (vendored from npm), plotted from the engine's
// per-iteration history (`report.history`: the root value and tree size at every iteration,
// thinned by the engine to at most 4096 points at multiples of a stride, always with the first
// and the latest iteration), so a short search shows every iteration and a long one an honest
// sample whose stride is stated under the charts. Searches that keep no history (df-pn,
// alpha-beta: their root numbers change only when a step ends) are plotted from the reports.
//
// - Root value: the number in [0, 1] the engine says to plot for each search's values (the
//   paper's Figure 5 plots PPNS's root PPN; PNS and MCPNS show dn/(pn+dn) and dmc/(pmc+dmc),
//   so all searches share one axis where 1 means proven).
// - 1 − value on a log scale, for probability searches (PPNS, precise PPNS, PP), with the
//   line at pr that concludes a search (from the search's parameters as it applies them), so
//   a PPN near 1 stays readable.
// - Tree size (nodes).
//
// In compare mode the searches share the x axis; each line ends at its own last iteration
// (the x values of the other search hold nulls, never a flat extension). The charts follow
// their container's width (ResizeObserver); each can be saved as PNG and the history as CSV.
// The container's data attributes say what is drawn (for tests and curious readers):
// `data-points` (x values of the value chart), `data-lengths`, `data-strides` and
// `data-last` (points, stride and last iteration per search, comma separated) and
// `data-x-ticks` (the iteration ticks last drawn).

import uPlot from '../vendor/uPlot.mjs';
import { chartValue, chartValueLabel, compactNumber, num } from '../lib/values.js';
import { themed } from '../lib/chart-theme.js';

const HEIGHT = 220;
/** The least time between two drawings while reports stream in. */
const REDRAW_MS = 400;
/** Iteration and node tick steps: whole numbers only. */
const INTEGER_STEPS = [1, 2, 5].flatMap((m) => Array.from({ length: 13 }, (_, e) => m * 10 ** e)).sort((a, b) => a - b);

/** One search's points: from its history, else gathered from its reports. */
class Series {
  constructor(algo) {
    this.algo = algo;
    this.iterations = [];
    this.chart = [];
    this.complement = [];
    this.nodes = [];
    this.stride = 1;
    this.fromHistory = false;
    this.label = 'value';
    this.probability = false;
    this.pr = null;
  }

  update(report) {
    this.label = chartValueLabel(report.root_value);
    this.probability = report.root_value?.kind === 'probability';
    this.pr = report.params?.pr ?? null;
    const history = report.history;
    if (history) {
      this.fromHistory = true;
      this.stride = history.stride;
      this.iterations = history.iterations;
      this.chart = history.chart.map(num);
      this.complement = history.complement.map(num);
      this.nodes = history.nodes;
      return;
    }
    // A report without a history: a search that keeps none (one point per report), or a
    // report that did not ask for it (the start), which a later history replaces.
    if (this.fromHistory) return;
    const value = chartValue(report.root_value);
    this.addPoint(report, value, value == null ? null : 1 - value);
  }

  addPoint(report, value, complement) {
    const x = report.stats.iterations;
    if (this.iterations.length && this.iterations[this.iterations.length - 1] >= x) return;
    this.iterations.push(x);
    this.chart.push(value);
    this.complement.push(complement);
    this.nodes.push(Math.max(report.stats.nodes_created, report.stats.nodes_expanded));
  }

  get last() {
    return this.iterations.length ? this.iterations[this.iterations.length - 1] : null;
  }
}

/**
 * The series' points on one shared x axis: the union of their (increasing) iterations, each
 * series null where it has no point — past its own last iteration too, so its line ends there.
 * A linear merge: this runs for every report while a search runs.
 */
function align(series, pick) {
  if (series.length === 1) return [series[0].iterations, pick(series[0])];
  const values = series.map(pick);
  const at = series.map(() => 0);
  const xs = [];
  const columns = series.map(() => []);
  for (;;) {
    let x = Infinity;
    series.forEach((s, i) => {
      if (at[i] < s.iterations.length) x = Math.min(x, s.iterations[at[i]]);
    });
    if (x === Infinity) break;
    xs.push(x);
    series.forEach((s, i) => {
      const here = at[i] < s.iterations.length && s.iterations[at[i]] === x;
      columns[i].push(here ? values[i][at[i]] : null);
      if (here) at[i]++;
    });
  }
  return [xs, ...columns];
}

/** Saves `content` (a data URL or a Blob) as a download named `name`. */
function download(name, content) {
  const link = document.createElement('a');
  link.download = name;
  const url = content instanceof Blob ? URL.createObjectURL(content) : content;
  link.href = url;
  document.body.append(link);
  link.click();
  link.remove();
  if (content instanceof Blob) setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export class SearchCharts {
  /** `colour(id)`: a search's colour. */
  constructor(parent, algos, colour) {
    this.algos = algos;
    this.colour = colour;
    this.parent = parent;
    this.series = algos.map((algo) => new Series(algo));
    this.plots = []; // {plot, box, name}
    this.ticks = [];
    this.observer = null;
    this.timer = null;
    this.drawn = -Infinity;
    // The container knows its charts (the page's tests read the plotted data through it).
    parent.chartsView = this;
  }

  /** The width a chart gets in its box (never wider than the container). */
  widthOf(box) {
    return Math.max(160, Math.floor(box.clientWidth || this.parent.clientWidth || 320) - 2);
  }

  /** A chart box with its PNG button. */
  makeBox(className, name) {
    const box = document.createElement('div');
    box.className = `chart ${className}`;
    box.style.minWidth = '0';
    const bar = document.createElement('div');
    bar.className = 'chart-tools';
    bar.style.cssText = 'display: flex; justify-content: flex-end;';
    const png = document.createElement('button');
    png.type = 'button';
    png.textContent = 'PNG';
    png.title = `Save the ${name} chart as PNG`;
    png.className = 'chart-png';
    png.style.fontSize = '0.75rem';
    png.addEventListener('click', () => this.savePng(box, name));
    bar.append(png);
    box.append(bar);
    return box;
  }

  /**
   * Puts the charts' boxes in the container and empties the list of plots; returns the specs
   * of the plots to make (see `makePlot`): the value chart, with `probability` the 1 − PPN
   * chart, and the tree size chart.
   */
  layOut(probability) {
    const boxes = [];
    // Whole-number iteration ticks; the value chart's are recorded for tests.
    const xAxis = (record) => ({
      label: 'iterations',
      incrs: INTEGER_STEPS,
      values: (u, splits) => {
        if (record) this.parent.dataset.xTicks = splits.join(',');
        return splits.map((x) => compactNumber(x));
      },
    });
    const line = (s) => ({ label: `${s.algo} ${s.label}`, stroke: this.colour(s.algo), width: 2, spanGaps: true, points: { show: false } });
    const make = (className, name, title, scaleY, axisY, series, extra = []) => {
      const record = boxes.length === 0;
      const box = this.makeBox(className, name);
      boxes.push(box);
      return {
        box,
        name,
        options: {
          title,
          width: 320,
          height: HEIGHT,
          scales: { x: { time: false }, y: scaleY },
          axes: themed([xAxis(record), axisY]),
          series: [{ label: 'iteration', value: (u, v) => (v == null ? '–' : String(v)) }, ...series, ...extra],
        },
        pick: null,
      };
    };
    const specs = [];
    const value = make('chart-root-value', 'root-value', 'Root value over iterations', { range: [0, 1] }, { size: 44 }, this.series.map(line));
    value.pick = (s) => s.chart;
    specs.push(value);
    if (probability) {
      const shown = this.series.filter((s) => s.probability);
      const prLines = shown.filter((s) => s.pr != null).map((s) => ({ label: `${s.algo} pr`, stroke: this.colour(s.algo), width: 1, dash: [6, 4], points: { show: false } }));
      const logAxis = { size: 62, values: (u, splits) => splits.map((v) => (v == null ? '' : v.toExponential(0))) };
      const complement = make('chart-complement', 'one-minus-value', '1 − PPN (log scale): how far from proven', { distr: 3, log: 10 }, logAxis, shown.map((s) => ({ ...line(s), label: `${s.algo} 1 − ${s.label}` })), prLines);
      complement.series = shown;
      complement.pick = (s) => s.complement.map((v) => (v > 0 ? v : null));
      complement.prSeries = shown.filter((s) => s.pr != null);
      specs.push(complement);
    }
    const sizes = make('chart-tree-size', 'tree-size', 'Tree size (nodes) over iterations', {}, { size: 56, incrs: INTEGER_STEPS, values: (u, splits) => splits.map((v) => compactNumber(v)) }, this.series.map((s) => ({ ...line(s), label: s.algo })));
    sizes.pick = (s) => s.nodes;
    specs.push(sizes);

    // The CSV button and the note on sampling go under the value chart (a grid item of their
    // own would keep empty grid columns from collapsing).
    const tools = boxes[0].querySelector('.chart-tools');
    tools.style.gap = '0.6rem';
    tools.style.alignItems = 'baseline';
    const csv = document.createElement('button');
    csv.type = 'button';
    csv.textContent = 'CSV';
    csv.title = 'Save the per-iteration history (iteration, value, complement, nodes per search) as CSV';
    csv.className = 'chart-csv';
    csv.style.fontSize = '0.75rem';
    csv.addEventListener('click', () => this.saveCsv());
    this.note = document.createElement('span');
    this.note.className = 'chart-note';
    this.note.style.marginRight = 'auto';
    tools.prepend(this.note);
    tools.append(csv);
    this.parent.replaceChildren(...boxes);
    this.plots = [];
    this.probabilityShown = probability;
    this.observer?.disconnect();
    this.observer = new ResizeObserver(() => this.resize());
    this.observer.observe(this.parent);
    return specs;
  }

  /** The uPlot of a spec of `layOut`, in its box, with no data yet. */
  makePlot(spec) {
    spec.options.width = this.widthOf(spec.box);
    const empty = spec.options.series.map(() => []);
    const plot = new uPlot(spec.options, empty, spec.box);
    spec.box.append(spec.box.querySelector('.chart-tools')); // the PNG button under its chart
    return { ...spec, plot };
  }

  resize() {
    for (const { plot, box } of this.plots) {
      const width = this.widthOf(box);
      if (Math.abs(plot.width - width) > 1) plot.setSize({ width, height: HEIGHT });
    }
  }

  /**
   * Takes one set of reports (one per search) and redraws from their histories in a task of
   * its own, once REDRAW_MS have passed since the last drawing (a run streams reports every
   * 50 ms; drawing thousands of points that often would load the main thread).
   */
  add(reports) {
    reports.forEach((report, i) => this.series[i]?.update(report));
    if (!this.timer) this.drawIn(Math.max(0, this.drawn + REDRAW_MS - performance.now()));
  }

  /**
   * Redraws as soon as the thread is free, in a task of its own: a step's or a pause's last
   * reports are charted at once, but never in the task that shows their cards (issue 34: the
   * first chart made there with the cards came to 34 ms of CPU, 52 ms on a loaded machine).
   */
  drawSoon() {
    this.drawIn(0);
  }

  /** Redraws `ms` from now, in a task of its own (a redraw already waiting is replaced). */
  drawIn(ms) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.draw();
    }, ms);
  }

  /** Redraws every chart from the series. */
  draw() {
    // A dropped search's charts (removed, or replaced by a new search's) draw nothing.
    if (this.parent.chartsView !== this || (this.plots.length && !this.plots[0].box.isConnected)) return;
    this.drawn = performance.now();
    const probability = this.series.some((s) => s.probability);
    if (probability !== this.probabilityShown) this.unmade = this.layOut(probability);
    if (this.unmade.length) {
      // One chart is made per task and their data drawn in the task after (issue 34: the
      // three together would hold the main thread for a long task).
      this.plots.push(this.makePlot(this.unmade.shift()));
      this.drawSoon();
      return;
    }
    for (const spec of this.plots) {
      const shown = spec.series ?? this.series;
      const data = align(shown, spec.pick);
      for (const s of spec.prSeries ?? []) data.push(data[0].map(() => s.pr));
      spec.plot.setData(data);
    }
    const { dataset } = this.parent;
    dataset.points = String(this.plots[0].plot.data[0].length);
    dataset.lengths = this.series.map((s) => s.iterations.length).join(',');
    dataset.strides = this.series.map((s) => s.stride).join(',');
    dataset.last = this.series.map((s) => s.last ?? '').join(',');
    const strides = this.series.filter((s) => s.fromHistory && s.stride > 1);
    const sampled = this.series.filter((s) => !s.fromHistory && s.iterations.length);
    this.note.textContent = [
      ...strides.map((s) => `${s.algo}: a point every ${s.stride} iterations and the latest (${s.iterations.length} points; the engine keeps at most 4096)`),
      ...sampled.map((s) => `${s.algo}: one point per report (it keeps no per-iteration history)`),
    ].join('; ') || (this.series.some((s) => s.fromHistory) ? 'one point per iteration' : '');
  }

  savePng(box, name) {
    const canvas = box.querySelector('canvas');
    if (canvas) download(`pnplay-${name}.png`, canvas.toDataURL('image/png'));
  }

  /** The histories as CSV: one row per iteration of any search, columns per search. */
  csv() {
    const data = [align(this.series, (s) => s.chart), align(this.series, (s) => s.complement), align(this.series, (s) => s.nodes)];
    const header = ['iteration', ...this.series.flatMap((s) => [`${s.algo} ${s.label}`, `${s.algo} 1 − ${s.label}`, `${s.algo} nodes`])];
    const rows = data[0][0].map((x, row) => [x, ...this.series.flatMap((_, i) => data.map((d) => d[i + 1][row] ?? ''))]);
    return [header, ...rows].map((r) => r.join(',')).join('\n') + '\n';
  }

  saveCsv() {
    download('pnplay-history.csv', new Blob([this.csv()], { type: 'text/csv' }));
  }
}
