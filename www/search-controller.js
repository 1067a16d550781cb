// The search controller: starts the chosen searches on the shown position (any one or two of
// the catalogue, with the parameters their schema reads), steps, runs and pauses them in the
// worker, and hands each report to the views — the result cards, a tree view for each search
// that keeps a tree, the charts and the progress bar. A search that no longer matches the
// shown position or the chosen searches is dropped.

import { renderBoard } from './board-view.js';
import { SearchCharts } from './charts.js';
import { renderResults } from './results-view.js';
import { TreeView } from './tree-view.js';

const TREE_SIZES = { small: { depth: 3, maxNodes: 400 }, large: { depth: 5, maxNodes: 2000 } };

export class SearchController {
  /**
   * `ui`: {algo, algo2, compare, run, progress, results, trees, charts, treeSize, miniBoard};
   * `params`: the parameter fields (params-view.js); `report(prefix, error)` shows an engine
   * error and marks its field.
   */
  constructor({ engine, store, catalogue, params, ui, report, showMessage }) {
    Object.assign(this, { engine, store, catalogue, params, ui, report, showMessage });
    this.treeViews = [];
    this.charts = null;
    // A new position drops the searches of the old one.
    store.subscribe(['view'], (state) => {
      if (state.searchAlgos.length && state.view && state.view.text !== state.searchPosition) this.invalidate();
    });
    store.subscribe(['running'], (state) => {
      ui.run.textContent = state.running ? '❚❚ Pause' : '▶ Run';
    });
    document.addEventListener('pointermove', (event) => {
      if (ui.miniBoard.hidden) return;
      ui.miniBoard.style.left = `${Math.min(event.pageX + 16, window.scrollX + window.innerWidth - 200)}px`;
      ui.miniBoard.style.top = `${event.pageY + 16}px`;
    });
  }

  get state() {
    return this.store.state;
  }

  /** The chosen searches: one, or two in compare mode. */
  chosen() {
    const { ui } = this;
    return ui.compare.checked ? [ui.algo.value, ui.algo2.value] : [ui.algo.value];
  }

  /** Drops the current searches (in the worker too) and clears their views. */
  invalidate() {
    const { ui } = this;
    if (this.state.searchAlgos.length) this.engine.request('cancel').catch(() => {});
    this.store.update({ searchAlgos: [], running: false, step: 0 });
    ui.progress.value = 0;
    ui.results.replaceChildren();
    ui.trees.replaceChildren();
    ui.charts.replaceChildren();
    this.treeViews = [];
    this.charts = null;
  }

  /** Forgets the searches without asking the worker (a new worker has none). */
  forget() {
    this.store.update({ searchAlgos: [], running: false });
  }

  /** Starts the chosen searches unless they already run on the shown position; false on an error. */
  async ensure() {
    const algos = this.chosen();
    const { view, searchAlgos, searchPosition, game } = this.state;
    const same = searchAlgos.length > 0 && searchPosition === view.text && JSON.stringify(searchAlgos) === JSON.stringify(algos);
    if (same) return true;
    this.invalidate();
    try {
      const { reports } = await this.engine.request('start', { game, pos: view.text, algos, options: this.params.read(algos) });
      this.store.update({ searchAlgos: algos, searchPosition: view.text });
      // A tree view for each search that keeps a tree; df-pn and alpha-beta have none.
      this.treeViews = algos.map((algo, index) =>
        this.catalogue.search(algo).capabilities.tree
          ? new TreeView(this.ui.trees, algo, {
              onHover: (node) => this.showNodePosition(index, node),
              onLeave: () => this.hideMiniBoard(),
              onPin: () => this.refreshTrees(),
            })
          : null,
      );
      this.charts = new SearchCharts(this.ui.charts, algos, (id) => this.catalogue.colour(id));
      this.show(reports);
      this.showMessage('');
      return true;
    } catch (error) {
      this.report('cannot start the search: ', error);
      return false;
    }
  }

  /** Hands a set of reports (one per search) to the views. */
  show(reports) {
    const { ui } = this;
    this.store.update({ step: reports.length ? Math.max(...reports.map((r) => r.stats.iterations)) : 0 });
    renderResults(ui.results, reports);
    reports.forEach((report, index) => this.treeViews[index]?.update(report));
    this.charts?.add(reports);
    // How far each search is towards its own limits (as it applies them).
    const fraction = (r) => {
      const nodes = Math.max(r.stats.nodes_created, r.stats.nodes_expanded);
      const byNodes = r.limits?.max_nodes ? nodes / r.limits.max_nodes : 0;
      const byTime = r.limits?.max_seconds ? r.stats.seconds / r.limits.max_seconds : 0;
      return Math.max(byNodes, byTime);
    };
    ui.progress.value = reports.every((r) => r.finished) ? 1 : Math.min(1, Math.max(...reports.map(fraction)));
  }

  /** Steps every search by `iterations` (starting them first if needed). */
  async step(iterations) {
    if (this.state.running) await this.pause();
    if (!(await this.ensure())) return;
    try {
      const { reports } = await this.engine.request('step', { iterations, view: this.treeRequest() });
      this.show(reports);
    } catch (error) {
      this.showMessage(error.message);
    }
  }

  /** Runs the searches until they finish or are paused, showing progress as it streams. */
  async run() {
    if (!(await this.ensure())) return;
    this.store.update({ running: true });
    try {
      const { reports } = await this.engine.request('run', { view: this.treeRequest() }, (message) => this.show(message.reports));
      this.show(reports);
    } catch (error) {
      this.showMessage(error.message);
    } finally {
      this.store.update({ running: false });
    }
  }

  async pause() {
    const { reports } = await this.engine.request('pause', { view: this.treeRequest() });
    if (reports.length) this.show(reports);
  }

  toggle() {
    if (this.state.running) this.pause();
    else this.run();
  }

  /** What the tree views want drawn: the size, and the node each has pinned (to follow it). */
  treeRequest() {
    const size = TREE_SIZES[this.ui.treeSize.value] || TREE_SIZES.small;
    // The charts plot each search's per-iteration history, sent with every report.
    return { ...size, focus: this.treeViews.map((view) => view?.pinned ?? null), history: true };
  }

  async refreshTrees() {
    if (!this.state.searchAlgos.length) return;
    if (this.state.running) {
      await this.engine.request('setView', { view: this.treeRequest() });
      return;
    }
    const { reports } = await this.engine.request('snapshot', { view: this.treeRequest() });
    reports.forEach((report, index) => this.treeViews[index]?.update(report));
  }

  /** The position at a tree node on the mini board beside the pointer. */
  async showNodePosition(index, node) {
    try {
      const view = await this.engine.request('describeNode', { index, node: node.id });
      renderBoard(this.ui.miniBoard, view, this.catalogue.presentation(view), { interactive: false, size: 20 });
      this.ui.miniBoard.hidden = false;
    } catch {
      this.hideMiniBoard();
    }
  }

  hideMiniBoard() {
    this.ui.miniBoard.hidden = true;
  }
}
