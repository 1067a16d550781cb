// The search controller: starts the chosen searches on the shown position (any one or two of
// the catalogue, with the parameters their schema reads), steps, runs and pauses them in the
// worker, and hands each report to the views — the result cards, a tree view for each search
// that keeps a tree, the charts and the progress bar. A search that no longer matches the
// shown position or the chosen searches is dropped. A tree node chosen in a tree view is
// shown in the inspector (inspector.js) and kept up to date while the search goes on. Run
// goes at the speed chosen (speed-control.js): at a pace a person can follow, one iteration
// at a time, each shown as a Step shows it. The timeline (timeline-view.js) and Back put the
// searches at any iteration through the worker's checkpoints (`seek`, checkpoints.js). A
// replaced worker (issue 34) has none: the searches are started again with the same
// position and parameters and replayed to the iteration they had reached (they are
// deterministic: same seed, same iterations, same tree), with a one-line message saying the
// engine was restarted and why. A burst of presses starts the searches once: a start under
// way is awaited, not repeated. A decided result card's "Export certificate" downloads the
// verdict's proof certificate (`makeCertificate`).

import { download } from '../lib/download.js';
import { nextTask } from '../lib/tasks.js';
import { SearchCharts } from '../views/charts.js';
import { compareTrees } from '../views/compare-view.js';
import { ExerciseView } from '../views/exercise-view.js';
import { Inspector } from '../views/inspector.js';
import { PseudocodeView } from '../views/pseudocode-view.js';
import { renderResults } from '../views/results-view.js';
import { FOLLOW_SPEED } from '../views/speed-control.js';
import { TimelineView } from '../views/timeline-view.js';
import { TreeView } from '../views/tree-view.js';

/** Nodes the engine may put in one snapshot; the tree view draws a readable part of them. */
const SNAPSHOT_NODES = 1500;
/** While reports stream in, the result cards are drawn again at most this often. */
const CARDS_EVERY_MS = 150;

export class SearchController {
  /**
   * `ui`: {algo, algo2, compare, params, run, progress, results, trees, charts, openLevels,
   * inspector, exactResult, timeline, compareLine, pseudocode, exercise}; `speed()`: Run's iterations per second (Infinity:
   * full speed);
   * `params`: the parameter fields (params-view.js); `report(prefix, error)` shows an engine
   * error and marks its field; `loadPosition(text)` puts a position on the main board.
   */
  constructor({ engine, store, catalogue, params, ui, report, showMessage, loadPosition, speed = () => Infinity }) {
    Object.assign(this, { engine, store, catalogue, params, ui, report, showMessage, speed });
    this.treeViews = [];
    this.timeline = new TimelineView(ui.timeline, (iteration) => this.seek(iteration));
    this.pseudocode = new PseudocodeView(ui.pseudocode, catalogue);
    this.exercise = new ExerciseView(ui.exercise, this);
    /** The paced run under way (a token), or null. */
    this.pacing = null;
    /** The last reports shown, one per search. */
    this.reports = [];
    this.charts = null;
    this.inspector = new Inspector(ui.inspector, catalogue, {
      onLoad: (text) => loadPosition(text),
      onClose: () => {
        for (const view of this.treeViews) view?.pin(null);
        this.refreshTrees();
      },
    });
    // "Export certificate" on a decided result card: the engine writes the proof tree of its
    // verdict for the searched position (checked by the rules' checker first), downloaded.
    ui.results.addEventListener('click', (event) => {
      const button = event.target.closest?.('.export-certificate');
      if (button) this.exportCertificate(button);
    });
    // A new position drops the searches of the old one.
    store.subscribe(['view'], (state) => {
      if (state.searchAlgos.length && state.view && state.view.text !== state.searchPosition) this.invalidate();
    });
    // While a search runs (or steps), its choices are locked: what the form shows, and what a
    // share link writes, is then always the search that runs.
    store.subscribe(['running'], (state) => {
      ui.run.textContent = state.running ? '❚❚ Pause' : '▶ Run';
      this.lockChoices();
    });
    // The search selects offer only the searches that can run the game shown.
    store.subscribe(['game'], (state) => this.offer(state.game));
    this.generation = 0; // bumped by each advance and reset: a stale answer changes nothing
    /** Play mode (play.js) owns the worker's session: the search buttons and keys do nothing. */
    this.locked = false;
  }

  get state() {
    return this.store.state;
  }

  /** The chosen searches: one, or two in compare mode. */
  chosen() {
    const { ui } = this;
    return ui.compare.checked ? [ui.algo.value, ui.algo2.value] : [ui.algo.value];
  }

  /**
   * Offers only the searches that can run `game` (the engine's support matrix): the others
   * stay listed, disabled, with the reason as their title. A chosen search that cannot run
   * the game is replaced by the default search (or the first that can), and the page says so.
   */
  offer(game) {
    if (!game) return;
    const { ui, catalogue } = this;
    const runs = catalogue.offer(game, ui.algo.options);
    catalogue.offer(game, ui.algo2.options);
    const replaced = [];
    for (const select of [ui.algo, ui.algo2]) {
      if (runs.length === 0 || runs.includes(select.value)) continue;
      const other = select === ui.algo ? ui.algo2.value : ui.algo.value;
      const choice = [catalogue.defaults.search, catalogue.defaults.compare, ...runs].find((id) => runs.includes(id) && id !== other) ?? runs[0];
      replaced.push(`${catalogue.search(select.value)?.title ?? select.value} cannot run ${game} (${catalogue.unsupported(game, select.value)}): ${catalogue.search(choice).title} is chosen instead`);
      select.value = choice;
    }
    if (replaced.length) this.showMessage(replaced.join('; '));
  }

  /** Enables the search choices and parameters unless a search is running. */
  lockChoices() {
    const { ui } = this;
    const running = this.state.running || this.locked;
    ui.params.disabled = running;
    ui.algo.disabled = running;
    ui.compare.disabled = running;
    ui.algo2.disabled = running || !ui.compare.checked;
  }

  /** Drops the current searches (in the worker too) and clears their views. */
  invalidate() {
    const { ui } = this;
    this.stopPacing();
    this.generation++;
    if (this.state.searchAlgos.length || this.state.running) this.engine.request('cancel').catch(() => {});
    this.store.update({ searchAlgos: [], searchOptions: null, running: false, step: 0, bestMoves: [] });
    ui.progress.value = 0;
    ui.results.replaceChildren();
    ui.exactResult.hidden = true;
    ui.trees.replaceChildren();
    ui.compareLine.hidden = true;
    ui.charts.replaceChildren();
    this.treeViews = [];
    this.charts = null;
    this.reports = [];
    this.walked = null;
    this.timeline.reset();
    this.exercise.update([]);
    this.inspector.close();
  }

  /** Forgets the searches without asking the worker (a new worker has none). */
  forget() {
    this.store.update({ searchAlgos: [], searchOptions: null, running: false });
  }

  /**
   * The worker was replaced (`reason`: why): the searches it held are started again on the
   * same position with the same parameters and replayed to the iteration they had reached,
   * paused there, and the page says so in one line. A worker that fails again while the
   * searches are replayed is not made to replay them a second time: they start afresh.
   */
  async recover(reason) {
    const reached = this.state.step;
    const had = this.state.searchAlgos.length > 0 && !this.locked;
    const again = this.recovering;
    this.generation++; // what the failed worker was answering changes nothing now
    this.starting = null;
    this.forget();
    const said = `the engine was restarted: ${reason}`;
    if (!had || again) {
      if (again) this.invalidate();
      this.showMessage(again ? `${said} (again while restoring: the search starts afresh)` : said);
      return;
    }
    this.showMessage(`${said} — restoring the search to iteration ${reached.toLocaleString('en')}…`);
    this.recovering = true;
    try {
      await this.replay(reached, { keepMessage: true });
    } finally {
      this.recovering = false;
    }
    if (this.state.searchAlgos.length && this.state.step === reached) {
      this.showMessage(`${said} — the search was restored to iteration ${reached.toLocaleString('en')}`);
    }
  }

  /** Starts the chosen searches unless they already run on the shown position; false on an error. */
  async ensure({ keepMessage = false } = {}) {
    const algos = this.chosen();
    const { view, searchAlgos, searchPosition, game } = this.state;
    const same = searchAlgos.length > 0 && searchPosition === view.text && JSON.stringify(searchAlgos) === JSON.stringify(algos);
    if (same) return true;
    // A start of the same searches under way (a burst of presses) is awaited, not repeated.
    const key = JSON.stringify([game, view.text, algos]);
    if (this.starting?.key === key && this.starting.generation === this.generation) return this.starting.done;
    this.invalidate();
    const generation = this.generation;
    const done = (async () => {
      try {
        const options = this.params.read(algos);
        const { reports } = await this.engine.request('start', { game, pos: view.text, algos, options });
        if (generation !== this.generation) return false; // reset or replaced meanwhile
        this.store.update({ searchAlgos: algos, searchPosition: view.text, searchOptions: options });
        // The views are built, drawn and set going in three tasks (issue 34: one would be long).
        this.buildViews(algos);
        await nextTask();
        if (generation !== this.generation) return false;
        this.show(reports);
        await nextTask();
        if (generation !== this.generation) return false;
        if (!keepMessage) this.showMessage('');
        return true;
      } catch (error) {
        if (generation === this.generation) this.report('cannot start the search: ', error);
        return false;
      } finally {
        if (this.starting?.key === key && this.starting.generation === generation) this.starting = null;
      }
    })();
    this.starting = { key, generation, done };
    return done;
  }

  /** A tree view for each search that keeps a tree (df-pn and alpha-beta have none), and charts. */
  buildViews(algos) {
    this.treeViews = algos.map((algo, index) => {
      if (!this.catalogue.search(algo).capabilities.tree) return null;
      const view = new TreeView(this.ui.trees, algo, {
        onSelect: (node) => {
          // Predict mode: a click is a guess at the next node (exercise-view.js).
          if (this.exercise.on) {
            this.exercise.guess(index, node);
            return;
          }
          for (const other of this.treeViews) if (other && other !== view) other.pin(null);
          this.inspect({ index, node: node.id });
          this.refreshTrees();
        },
        onNeedChildren: (id) => {
          view.pin(id);
          this.refreshTrees();
        },
      });
      view.openLevels = this.openLevels();
      // Side by side (compare mode), the trees are drawn at one scale.
      view.peers = () => this.treeViews.filter(Boolean);
      return view;
    });
    this.charts = new SearchCharts(this.ui.charts, algos, (id) => this.catalogue.colour(id));
  }

  /**
   * Play mode: clears the views for the search `algo` an agent is about to think with (none
   * for `null`), whose session the worker then holds; `follow` shows it as it runs.
   */
  watch(algo) {
    this.invalidate();
    if (algo) this.buildViews([algo]);
  }

  /** Play mode: runs the worker's session (an agent thinking) to its end, showing it live. */
  follow() {
    return this.advance('run', {});
  }

  /** Makes the certificate of `button`'s verdict for the searched position and downloads it. */
  async exportCertificate(button) {
    const { game, searchPosition, searchOptions } = this.store.state;
    button.disabled = true;
    button.textContent = 'Exporting…';
    try {
      const text = await this.engine.request('makeCertificate', { game, pos: searchPosition, verdict: button.dataset.verdict, options: searchOptions ?? {} });
      download(`${game.replace(/[^\w.-]+/g, '-')}-${button.dataset.verdict}.certificate.txt`, text, 'text/plain');
      this.showMessage('Certificate exported: check it with pnplay check F, or in Papers → Check a proof certificate.');
    } catch (error) {
      this.report('certificate: ', error);
    } finally {
      button.disabled = false;
      button.textContent = 'Export certificate';
    }
  }

  /**
   * Reports streamed while the searches advance are shown at the next animation frame, the
   * newest only: the page's elements then change between frames, never just before one, so
   * the frame's input (a pointer's hit test) meets a laid-out page instead of laying it out
   * first, and the tree views draw in the frame after (their own `requestAnimationFrame`):
   * no frame carries both (issue 34, tests/browser/responsive.test.mjs).
   */
  showLive(reports) {
    this.liveReports = reports;
    if (this.liveFrame) return;
    this.liveFrame = true;
    const generation = this.generation;
    requestAnimationFrame(() => {
      this.liveFrame = false;
      const latest = this.liveReports;
      this.liveReports = null;
      if (latest && generation === this.generation) this.show(latest, { live: true });
    });
  }

  /**
   * Hands a set of reports (one per search) to the views. `live`: a report streamed while
   * the searches advance — the cards are then drawn at most every CARDS_EVERY_MS. A report
   * shown now makes a streamed one still waiting for its frame (`showLive`) stale.
   */
  show(reports, { live = false } = {}) {
    if (!live) this.liveReports = null;
    const { ui } = this;
    const bestMoves = reports.filter((r) => r.best_move).map((r) => ({ algo: r.algo, move: r.best_move, proved: r.verdict === 'proved' }));
    const step = reports.length ? Math.max(...reports.map((r) => r.stats.iterations)) : 0;
    // The iteration reached, at every report (the cards may be up to CARDS_EVERY_MS older).
    ui.results.dataset.step = String(step);
    this.reports = reports;
    // Play mode's agent thinking has no timeline (its session keeps no checkpoints).
    if (!this.locked) this.timeline.update(reports, step, { live });
    this.store.update({
      step,
      // The board is drawn again only when a ringed move changes, not at every report.
      ...(JSON.stringify(bestMoves) === JSON.stringify(this.state.bestMoves) ? {} : { bestMoves }),
    });
    const now = performance.now();
    if (!live || now - (this.cardsAt ?? -Infinity) >= CARDS_EVERY_MS) {
      renderResults(ui.results, reports, { running: this.state.running });
      this.cardsAt = now;
    }
    this.compare(reports, { live });
    // A streamed report is shown within a frame (`showLive`): the trees draw in the next. The
    // report a step, pause or run ends with comes with new cards, charts and pseudocode: the
    // trees are handed it a frame later, so that their drawing falls in the frame after those.
    const updateTrees = () => reports.forEach((report, index) => this.treeViews[index]?.update(report, { streaming: live }));
    if (live) updateTrees();
    else {
      const generation = this.generation;
      requestAnimationFrame(() => generation === this.generation && updateTrees());
    }
    this.charts?.add(reports);
    // The reports a step or a pause ends with are charted at once (in the next task), and the
    // pseudocode walks through the phases of the iteration shown (within one iteration's time
    // when paced).
    if (!live) {
      this.charts?.drawSoon();
      if (step !== this.walked) this.pseudocode.play(reports, this.pacing ? 1000 / this.speed() : undefined);
      this.walked = step;
      this.exercise.update(reports);
    }
    if (this.inspector.target && reports.some((r) => r.snapshot)) this.inspect(this.inspector.target);
    // How far each search is towards its own limits (as it applies them).
    const fraction = (r) => {
      const nodes = Math.max(r.stats.nodes_created, r.stats.nodes_expanded);
      const byNodes = r.limits?.max_nodes ? nodes / r.limits.max_nodes : 0;
      const byTime = r.limits?.max_seconds ? r.stats.seconds / r.limits.max_seconds : 0;
      // An agent's budget per move (play mode).
      const byIterations = r.limits?.max_iterations ? r.stats.iterations / r.limits.max_iterations : 0;
      return Math.max(byNodes, byTime, byIterations);
    };
    const shown = reports.every((r) => r.finished) ? 1 : Math.min(1, Math.max(0, ...reports.map(fraction)));
    ui.progress.value = Number.isFinite(shown) ? shown : 0;
  }

  /**
   * Compare mode, two trees: marks in each the nodes it expanded that the other has as a
   * leaf, and says in one line where their last selections first differ (when the searches
   * stop: a line rewritten at every report would repaint the panel each time).
   */
  compare(reports, { live = false } = {}) {
    const views = this.treeViews;
    const line = this.ui.compareLine;
    if (views.length !== 2 || !views[0] || !views[1] || !reports.every((r) => r.snapshot)) {
      if (reports.some((r) => r.snapshot)) line.hidden = true;
      return;
    }
    const { only, line: words } = compareTrees(reports);
    views.forEach((view, index) => {
      view.onlyHere = only[index];
    });
    if (live) return;
    line.hidden = words === null;
    line.textContent = words ?? '';
  }

  /** Steps every search by `iterations` (starting them first if needed), showing progress. */
  async step(iterations) {
    if (this.locked) return;
    if (this.state.running) await this.pause();
    if (!(await this.ensure())) return;
    await this.advance('step', { iterations });
  }

  /**
   * Runs the searches until they finish or are paused, at the speed chosen: at full speed
   * showing progress as it streams, slower in paced steps.
   */
  async run() {
    if (this.locked || !(await this.ensure())) return;
    if (this.speed() === Infinity) await this.advance('run', {});
    else await this.runPaced();
  }

  /**
   * Runs at the speed chosen (read again before each step, so it can change while it runs):
   * one iteration per step up to FOLLOW_SPEED iterations a second, each shown as a Step
   * shows it, else a tenth of a second's worth per step; until the searches finish, the
   * speed is set to full (the rest runs as a run), or it is paused.
   */
  async runPaced() {
    const token = {};
    this.pacing = token;
    this.store.update({ running: true });
    try {
      while (this.pacing === token && !this.finished()) {
        const speed = this.speed();
        if (speed === Infinity) {
          this.pacing = null;
          await this.advance('run', {});
          return;
        }
        const iterations = speed <= FOLLOW_SPEED ? 1 : Math.ceil(speed / 10);
        const began = performance.now();
        await this.advance('step', { iterations });
        const wait = (1000 * iterations) / speed - (performance.now() - began);
        if (this.pacing === token && wait > 0) {
          await new Promise((resolve) => {
            this.wake = resolve;
            setTimeout(resolve, wait);
          });
        }
      }
    } finally {
      if (this.pacing === token) this.stopPacing();
    }
  }

  /** Ends a paced run (its step under way finishes; no other starts). */
  stopPacing() {
    if (!this.pacing) return;
    this.pacing = null;
    this.wake?.();
    this.store.update({ running: false });
  }

  /** Whether every search shown has finished. */
  finished() {
    return this.reports.length > 0 && this.reports.every((r) => r.finished);
  }

  /**
   * A `step` or `run` request: the searches advance in the worker's slices, their progress is
   * shown as it streams, and Pause or Reset stops them. An answer that arrives after a reset
   * (or after a newer request) changes nothing. Resolves with `{stopped}`: true if it was
   * paused, reset or overtaken before the searches finished.
   */
  async advance(type, payload) {
    const generation = ++this.generation;
    const current = () => generation === this.generation;
    this.store.update({ running: true });
    try {
      const { reports, stopped } = await this.engine.request(type, { ...payload, view: this.treeRequest() }, (message) => {
        if (current()) this.showLive(message.reports);
      });
      if (!current()) return { stopped: true };
      if (!this.pacing) this.store.update({ running: false });
      this.show(reports);
      return { stopped };
    } catch (error) {
      if (current()) this.report('', error);
      return { stopped: true };
    } finally {
      if (current() && !this.pacing) this.store.update({ running: false });
    }
  }

  async pause() {
    this.stopPacing();
    const { reports } = await this.engine.request('pause', { view: this.treeRequest() });
    if (reports.length) this.show(reports);
  }

  toggle() {
    if (this.locked) return;
    if (this.state.running) this.pause();
    else this.run();
  }

  /** Steps back one iteration (from the nearest checkpoint). */
  async back() {
    const target = this.state.step - 1;
    if (this.locked || target < 0 || !this.state.searchAlgos.length) return;
    await this.seek(target);
  }

  /**
   * Shows every search at iteration `target` (the timeline, Back): a run is paused first; a
   * burst of requests (a drag) asks the worker once at a time, for the latest.
   */
  async seek(target) {
    if (this.locked || !this.state.searchAlgos.length) return;
    this.seekTarget = target;
    if (this.seeking) return;
    this.seeking = true;
    try {
      if (this.state.running) await this.pause();
      while (this.seekTarget !== null) {
        const iteration = this.seekTarget;
        this.seekTarget = null;
        const generation = ++this.generation;
        const { reports } = await this.engine.request('seek', { iteration, view: this.treeRequest() });
        if (generation === this.generation) this.show(reports);
      }
      if (this.inspector.target) await this.inspect(this.inspector.target);
    } catch (error) {
      this.report('', error);
    } finally {
      this.seeking = false;
      this.seekTarget = null;
    }
  }

  /**
   * Starts the searches again and runs them to iteration `target` (they are deterministic),
   * keeping what each tree view shows (pinned node, zoom) and the inspected node.
   */
  async replay(target, { keepMessage = false } = {}) {
    const kept = this.treeViews.map((view) => view && { pinned: view.pinned, showAll: view.showAll, transform: view.transform });
    const inspected = this.inspector.target;
    this.invalidate();
    if (!(await this.ensure({ keepMessage }))) return;
    this.treeViews.forEach((view, index) => {
      if (!view || !kept[index]) return;
      view.pin(kept[index].pinned);
      view.showAll = kept[index].showAll;
      view.placedOnce = true;
      view.setTransform(kept[index].transform, false);
    });
    if (target > 0) await this.step(target);
    else await this.refreshTrees();
    if (inspected) await this.inspect(inspected);
  }

  /** How many levels of the tree are open (drawn with their children) from the root. */
  openLevels() {
    return Number(this.ui.openLevels.value) || 1;
  }

  /** What the tree views want drawn: the levels, the node each has pinned, the history. */
  treeRequest() {
    // The charts plot each search's per-iteration history, sent with every report. The view
    // draws the nodes down to the open levels' children: the snapshot holds no deeper level.
    return { depth: this.openLevels(), maxNodes: SNAPSHOT_NODES, focus: this.treeViews.map((view) => view?.pinned ?? null), history: true };
  }

  async refreshTrees() {
    for (const view of this.treeViews) if (view) view.openLevels = this.openLevels();
    if (!this.state.searchAlgos.length) return;
    if (this.state.running) {
      await this.engine.request('setView', { view: this.treeRequest() });
      return;
    }
    const { reports } = await this.engine.request('snapshot', { view: this.treeRequest() });
    reports.forEach((report, index) => this.treeViews[index]?.update(report));
  }

  /**
   * The exact answer to the same question (alpha-beta, at most `seconds`), shown beside the
   * searches' own verdicts — a statistical `concluded-*` is never a proof.
   */
  async exact(seconds = 5) {
    const { game, view } = this.state;
    const out = this.ui.exactResult;
    out.hidden = false;
    out.textContent = `alpha-beta: solving (at most ${seconds} s)…`;
    try {
      const options = this.params.read(['alphabeta']);
      const report = await this.engine.request('exact', { game, pos: view.text, options, seconds });
      const words = { proved: 'proved — the goal holds', disproved: 'disproved — the goal fails', out: `not solved within ${seconds} s` };
      out.dataset.verdict = report.verdict;
      out.textContent = `Exact answer (alpha-beta): ${words[report.verdict] ?? report.verdict}${report.best_move && report.verdict === 'proved' ? `, proving move ${report.best_move}` : ''} · ${report.stats.nodes_expanded.toLocaleString("en")} positions, ${report.stats.seconds.toFixed(2)} s`;
    } catch (error) {
      out.textContent = `alpha-beta: ${error.message}`;
    }
  }

  /** Shows node `target.node` of search `target.index` in the inspector. */
  async inspect(target) {
    try {
      const inspection = await this.engine.request('inspect', target);
      this.inspector.show(target, this.state.searchAlgos[target.index], inspection);
    } catch (error) {
      this.showMessage(`cannot inspect node ${target.node}: ${error.message}`);
    }
  }
}
