// Charts over iterations, drawn with uPlot (vendored from npm): the root value of each search
// (the paper's Figure 5 plots PPNS's root PPN; PNS and MCPNS are shown as dn/(pn+dn) and
// dmc/(pmc+dmc), so all searches share one 0–1 axis where 1 means proven) and the tree size.

import uPlot from './vendor/uPlot.mjs';
import { chartValue, chartValueLabel } from './values.js';

const COLOURS = ['#1f77b4', '#d62728'];
const MAX_POINTS = 4000;

export class SearchCharts {
  constructor(parent, algos) {
    this.algos = algos;
    this.iterations = [];
    this.values = algos.map(() => []);
    this.sizes = algos.map(() => []);
    this.parent = parent;
    this.valuePlot = null;
    this.sizePlot = null;
  }

  static widthOf(box) {
    return Math.max(260, (box.clientWidth || 600) - 4);
  }

  makePlots(reports) {
    const labels = reports.map((r) => `${r.algo} ${chartValueLabel(r.root_value)}`);
    const valueBox = document.createElement('div');
    valueBox.className = 'chart chart-root-value';
    const sizeBox = document.createElement('div');
    sizeBox.className = 'chart chart-tree-size';
    this.parent.replaceChildren(valueBox, sizeBox);
    const width = SearchCharts.widthOf(valueBox);
    const common = (title, scaleY) => ({
      title,
      width,
      height: 220,
      scales: { x: { time: false }, y: scaleY },
      axes: [{ label: 'iterations' }, {}],
    });
    this.valuePlot = new uPlot(
      {
        ...common('Root value over iterations', { range: [0, 1] }),
        series: [{ label: 'iteration' }, ...labels.map((label, i) => ({ label, stroke: COLOURS[i], width: 2 }))],
      },
      [[], ...this.algos.map(() => [])],
      valueBox,
    );
    this.sizePlot = new uPlot(
      {
        ...common('Tree size (nodes) over iterations', { distr: 1 }),
        series: [{ label: 'iteration' }, ...this.algos.map((algo, i) => ({ label: algo, stroke: COLOURS[i], width: 2 }))],
      },
      [[], ...this.algos.map(() => [])],
      sizeBox,
    );
  }

  /** Adds one point per search from a set of progress reports and redraws. */
  add(reports) {
    if (!this.valuePlot) this.makePlots(reports);
    const x = Math.max(...reports.map((r) => r.stats.iterations));
    if (this.iterations.length && this.iterations[this.iterations.length - 1] === x) return;
    this.iterations.push(x);
    reports.forEach((r, i) => {
      this.values[i].push(chartValue(r.root_value));
      this.sizes[i].push(r.stats.nodes_created);
    });
    if (this.iterations.length > MAX_POINTS) this.thin();
    this.valuePlot.setData([this.iterations, ...this.values]);
    this.sizePlot.setData([this.iterations, ...this.sizes]);
    this.parent.dataset.points = String(this.iterations.length);
  }

  /** Keeps every other point so long runs stay cheap to draw. */
  thin() {
    const keep = (_, i) => i % 2 === 0 || i === this.iterations.length - 1;
    this.iterations = this.iterations.filter(keep);
    this.values = this.values.map((v) => v.filter(keep));
    this.sizes = this.sizes.map((v) => v.filter(keep));
  }
}
