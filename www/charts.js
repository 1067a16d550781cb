// Charts over iterations, drawn with uPlot (vendored from npm): the root value of each search
// (the number in [0, 1] the engine says to plot for its values — the paper's Figure 5 plots
// PPNS's root PPN; PNS and MCPNS show dn/(pn+dn) and dmc/(pmc+dmc), so all searches share one
// axis where 1 means proven) and the tree size. Colours are the catalogue's.

import uPlot from './vendor/uPlot.mjs';
import { chartValue, chartValueLabel } from './values.js';

const MAX_POINTS = 4000;

export class SearchCharts {
  /** `colour(id)`: a search's colour. */
  constructor(parent, algos, colour) {
    this.algos = algos;
    this.colour = colour;
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
        series: [{ label: 'iteration' }, ...labels.map((label, i) => ({ label, stroke: this.colour(this.algos[i]), width: 2 }))],
      },
      [[], ...this.algos.map(() => [])],
      valueBox,
    );
    this.sizePlot = new uPlot(
      {
        ...common('Tree size (nodes) over iterations', { distr: 1 }),
        series: [{ label: 'iteration' }, ...this.algos.map((algo) => ({ label: algo, stroke: this.colour(algo), width: 2 }))],
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
      this.sizes[i].push(Math.max(r.stats.nodes_created, r.stats.nodes_expanded));
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
