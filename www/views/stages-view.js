// The stages experiment in the page (SPEC.md §8–9, the paper's Tables 2–3 and Figures 7–8):
// random positions after each number of moves, every chosen search on each, run in a pool of
// workers (one fewer than the page's threads, each on one thread: lib/pool.js). The engine plans the jobs exactly as `pnplay experiment
// stages` does, so the same settings give the same records as the CLI. A live plot shows
// completion by stage for each search beside the papers' published values for that game, if
// any (dashed), with a table, and CSV / JSON downloads. The search checkboxes and colours
// come from the engine's catalogue. The view has its own game choice and parameter fields
// (those of every ticked search): it opens with the paper's settings where the engine knows
// them (`paperStages`: the PPNS paper's θ 0.01, 60 playouts, pr 1e-5 for Othello) and budgets
// a page can run, and lists beside the plot each way the run differs from the paper (n,
// nodes, seconds, parameters, stages, searches). A setting that cannot be read is marked
// and said in the panel's status line (never dropped); the status shows the jobs done and
// running and a clock that moves while they run.

import { download } from '../lib/download.js';
import uPlot from '../vendor/uPlot.mjs';
import { readWhole } from '../lib/catalogue.js';
import { openPool, poolSize } from '../lib/pool.js';
import { markInput, ParamsView, setting } from './params-view.js';
import { themed } from '../lib/chart-theme.js';
import { filledTable, panelElements } from '../lib/dom.js';
import { PanelView } from './panel-view.js';
import { fixed } from '../lib/numbers.js';

const VERDICTS = ['proved', 'disproved', 'concluded-win', 'concluded-loss', 'out'];

/**
 * The budgets the view opens with: a run of minutes in a browser tab, not the paper's days
 * (the differences list says so, and "Use the paper's budgets" sets the paper's).
 */
export const PAGE_BUDGET = { positions: 10, nodes: 200000, time: 5 };

const number = (x) => (typeof x === 'number' ? x.toLocaleString('en') : String(x));

/**
 * Each way `run` ({stages, positions, algos, options}) differs from the published experiment
 * `paper` ({settings, rows}), as sentences; [] when it does not.
 */
export function differences(run, paper, catalogue) {
  const settings = paper.settings;
  const out = [];
  if (run.positions !== settings.n) out.push(`n: ${number(run.positions)} positions per stage (paper: ${number(settings.n)})`);
  if (run.options.nodes !== settings.nodes) out.push(`nodes: ${run.options.nodes === null ? 'no limit' : number(run.options.nodes)} (paper: ${number(settings.nodes)})`);
  if (run.options.time !== settings.seconds) out.push(`seconds: ${run.options.time === null ? 'no limit' : number(run.options.time)} (paper: ${number(settings.seconds)})`);
  const reads = (key) => run.algos.some((id) => catalogue.search(id)?.params.some((p) => p.key === key));
  for (const [key, name, paperValue] of [['theta', 'θ', settings.theta], ['playouts', 'playouts', settings.playouts], ['pr', 'pr', settings.pr]]) {
    if (reads(key) && run.options[key] !== paperValue) out.push(`${name}: ${run.options[key] ?? 'off'} (paper: ${paperValue ?? 'off'})`);
  }
  const paperStages = [...new Set(paper.rows.map((r) => r.stage))].sort((a, b) => a - b);
  const extra = run.stages.filter((stage) => !paperStages.includes(stage));
  if (extra.length) out.push(`stages ${extra.join(', ')}: the paper publishes none (it has ${paperStages.join(', ')})`);
  const paperAlgos = [...new Set(paper.rows.map((r) => r.algo))];
  const others = run.algos.filter((algo) => !paperAlgos.includes(algo));
  if (others.length) out.push(`searches ${others.join(', ')}: not in the paper (it has ${paperAlgos.join(', ')})`);
  return out;
}

/** Counts verdicts per stage and search; completion = everything but `out`, over n. */
export function summarize(records, stages, algos) {
  return stages.flatMap((stage) =>
    algos.map((algo) => {
      const mine = records.filter((r) => r && r.stage === stage && r.algo === algo);
      const counts = Object.fromEntries(VERDICTS.map((v) => [v, mine.filter((r) => r.verdict === v).length]));
      const n = mine.length;
      return { stage, algo, n, ...counts, completion: n ? (100 * (n - counts.out)) / n : null };
    }),
  );
}

function csvOf(rows) {
  const head = ['stage', 'search', 'n', ...VERDICTS, 'completion_percent'];
  const lines = rows.map((r) => [r.stage, r.algo, r.n, ...VERDICTS.map((v) => r[v]), (r.completion == null ? '' : fixed(r.completion, 1))].join(','));
  return [head.join(','), ...lines].join('\n') + '\n';
}

const PANEL = `
  <h2 id="stages-heading">Stages experiment</h2>
  <p class="hint">Random positions after each number of moves from the start of the chosen game (seeded), every ticked search on each, within the node and time limits below, run in a pool of workers. The same settings give the same results as <code>pnplay experiment stages</code>. Completion counts proved, disproved and concluded verdicts; dashed lines are the papers' published values, where there are any for the game.</p>
  <div class="row">
    <label>Game <select id="stages-game" aria-label="Game of the experiment"></select></label>
    <label>Stages <input id="stages-list" type="text" size="20" aria-label="Stages (numbers of random moves)"></label>
    <label>Positions per stage <input id="stages-positions" type="number" min="1" max="1000" step="1" value="10"></label>
  </div>
  <div id="stages-algos" class="row" role="group" aria-label="Searches"></div>
  <fieldset id="stages-params" class="params" aria-label="Parameters of the ticked searches"></fieldset>
  <div class="row">
    <button id="stages-paper-budget" type="button" title="n, nodes and seconds as the paper ran them (days of computing)">Use the paper's budgets</button>
  </div>
  <div class="row">
    <button id="stages-run" type="button">▶ Run experiment</button>
    <button id="stages-cancel" type="button">Cancel</button>
    <button id="stages-csv" type="button">Download CSV</button>
    <button id="stages-json" type="button" title="One JSON record per line (JSON Lines), as pnplay experiment writes">Download JSON Lines</button>
    <button id="stages-share" type="button">Share link</button>
  </div>
  <progress id="stages-progress" max="1" value="0" aria-label="Experiment progress"></progress>
  <p id="stages-status" aria-live="polite"></p>
  <div class="stages-result">
    <div id="stages-chart" class="chart"></div>
    <aside id="stages-differences" class="stages-differences" aria-live="polite"></aside>
  </div>
  <div id="stages-table" class="stages-table"></div>`;

/** Comma-separated items, each read by `read`; at least one. */
const list = (read, what) => (text) => {
  const items = text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map(read);
  if (!items.length) throw new Error(`needs ${what}`);
  return items;
};
const readStages = list((text) => readWhole(text, 1, 200), 'at least one stage');
const readPositions = (text) => readWhole(text, 1, 1000);

const CLOCK_EVERY_MS = 200;

export class StagesView extends PanelView {
  /**
   * Builds the stages panel before `before` (an element of the page's main grid).
   * `catalogue`: the engine's catalogues (every search gets a checkbox, disabled where it cannot
   * run the game shown); `game()`: the game
   * shown; `chooseGame(name)`: what the panel's game select does; `share()`: what its Share
   * button does.
   */
  constructor(before, { engine, catalogue, game, chooseGame, share }) {
    super(before, 'stages', PANEL, { engine, catalogue });
    const { root } = this;
    this.currentGame = game;
    /** The published experiment of each listed game ({settings, rows}), from `loadPapers`. */
    this.papers = new Map();
    this.pool = [];
    this.generation = 0; // bumped by each run and cancel: a stale run changes nothing
    this.records = [];
    /** The game the stages field was last filled for (null before the first). */
    this.stagesGame = null;
    this.published = []; // the rows of the paper for the last run's game
    this.plot = null;
    const $ = (selector) => root.querySelector(selector);
    $('#stages-algos').replaceChildren(
      ...catalogue.searches.map((search) => {
        const label = document.createElement('label');
        const box = document.createElement('input');
        box.type = 'checkbox';
        box.name = 'stages-algo';
        box.value = search.id;
        label.title = search.help;
        label.append(box, ` ${search.title}`);
        return label;
      }),
    );
    const gameSelect = $('#stages-game');
    gameSelect.replaceChildren(...catalogue.listedGames.map((g) => new Option(g.title, g.name)));
    gameSelect.addEventListener('change', () => chooseGame(gameSelect.value));
    this.params = new ParamsView($('#stages-params'), catalogue, { prefix: 'stages-param-', onChange: () => this.tell() });
    this.ui = {
      ...panelElements(root, 'stages', ['game', 'differences', 'positions', 'run', 'cancel', 'progress', 'status', 'table', 'chart', 'csv', 'json']),
      stages: $('#stages-list'),
      algos: [...root.querySelectorAll('input[name="stages-algo"]')],
    };
    this.ui.cancel.addEventListener('click', () => this.cancel());
    this.ui.run.addEventListener('click', () => this.start());
    root.addEventListener('input', () => this.tell());
    root.addEventListener('change', (event) => {
      if (event.target.name === 'stages-algo') this.params.show(this.ticked());
      this.tell();
    });
    $('#stages-paper-budget').addEventListener('click', () => {
      const settings = this.paper()?.settings;
      if (!settings) return;
      this.ui.positions.value = settings.n;
      this.params.set({ nodes: settings.nodes, time: settings.seconds });
      this.tell();
    });
    $('#stages-share').addEventListener('click', share);
    this.ui.csv.addEventListener('click', () => download('stages.csv', csvOf(this.summary()), 'text/csv'));
    this.ui.json.addEventListener('click', () =>
      download('stages.jsonl', this.records.filter(Boolean).map((r) => JSON.stringify(r)).join('\n') + '\n', 'application/jsonl'),
    );
  }

  /**
   * This view for the page's view list (views.js): its panel and its share-link fields (stages, n =
   * positions per stage, sa = searches, run = run when the link opens), with the engine's
   * defaults.
   */
  registration() {
    const { catalogue } = this;
    const searchId = (text) => {
      if (!catalogue.search(text)) throw new Error(`unknown search ${JSON.stringify(text)}`);
      return text;
    };
    return this.entry('stages', 'Stages experiment', {
      fields: {
        stages: {
          key: 'stages',
          read: readStages,
          write: (v) => v.join(','),
          // The game's own stages (its catalogue entry's): a link leaves them out.
          initial: (game) => catalogue.stagesOf(game),
        },
        n: { key: 'stagePositions', read: readPositions, initial: () => PAGE_BUDGET.positions },
        sa: {
          key: 'stageAlgos',
          read: list(searchId, 'at least one search'),
          write: (v) => v.join(','),
          // In the checkboxes' (the catalogue's) order, as `state()` reads them, so a link
          // leaves out the default.
          initial: () => {
            const chosen = catalogue.defaults.stage_searches.split(',');
            return catalogue.searches.map((search) => search.id).filter((id) => chosen.includes(id));
          },
        },
        run: { key: 'run', read: (text) => text === '1', write: (run) => (run ? '1' : '0'), initial: () => false },
      },
      state: () => {
        const { stages, positions, algos } = this.settings();
        return { stages, stagePositions: positions, stageAlgos: algos, run: false };
      },
      apply: (values) => this.apply({ game: values.game, stages: values.stages, positions: values.stagePositions, algos: values.stageAlgos }),
      // The view's own parameter fields: the link's search parameters while it is shown.
      options: {
        defaults: (game) => this.optionDefaults(game),
        state: () => this.params.values(),
        apply: (options) => {
          this.params.set(options);
          this.tell();
        },
      },
      pending: (values) => (values.run ? 'running the experiment (run=1)' : null),
      // A link made with the panel's Share button runs the experiment when it opens.
      opened: (values) => {
        if (values.run) this.ui.run.click();
      },
    });
  }

  /** Asks the engine for the published stages experiment of each game in `games`. */
  async loadPapers(games) {
    for (const game of games) this.papers.set(game, await this.engine.request('paperStages', { game }));
  }

  /** The published experiment of the shown game, if the papers have one (with its settings). */
  paper() {
    const paper = this.papers.get(this.currentGame());
    return paper?.settings ? paper : null;
  }

  /**
   * The search parameters the view opens with for `game`: the paper's θ, playouts and pr
   * where it has a stages experiment, and budgets a page can run.
   */
  optionDefaults(game) {
    const settings = this.papers.get(game)?.settings;
    const budget = { nodes: PAGE_BUDGET.nodes, time: PAGE_BUDGET.time };
    return settings ? { ...budget, theta: settings.theta, playouts: settings.playouts, pr: settings.pr } : budget;
  }

  /** The ticked searches. */
  ticked() {
    return this.ui.algos.filter((box) => box.checked).map((box) => box.value);
  }

  /**
   * Shows `game` in the view's game select (a game outside the list gets an entry). Stages
   * that are the last game's own become the new game's (8×8 Othello's 18–40 would not even be
   * reachable in tic-tac-toe); stages someone typed stay.
   */
  showGame(game) {
    if (![...this.ui.game.options].some((o) => o.value === game)) this.ui.game.append(new Option(game, game));
    this.ui.game.value = game;
    const before = this.stagesGame;
    if (before && before !== game && this.ui.stages.value === this.catalogue.stagesOf(before).join(',')) {
      this.ui.stages.value = this.catalogue.stagesOf(game).join(',');
    }
    this.stagesGame = game;
    // A search that cannot run the game is unticked: a run never asks the engine for it.
    this.catalogue.offer(game, this.ui.algos);
    for (const box of this.ui.algos) if (box.disabled) box.checked = false;
    this.params.show(this.ticked());
    this.tell();
  }

  /** Lists beside the plot how the settings shown differ from the paper's (or that it has none). */
  tell() {
    const paper = this.paper();
    const list = this.ui.differences;
    const heading = document.createElement('h3');
    if (!paper) {
      heading.textContent = 'The papers publish no stages experiment for this game';
      list.replaceChildren(heading);
      list.dataset.count = '0';
      return;
    }
    let items;
    try {
      const run = { ...this.settings(), options: this.params.read(this.ticked()) };
      items = differences(run, paper, this.catalogue);
    } catch (error) {
      items = [`cannot compare: ${error.message}`];
    }
    const sources = [...new Set(paper.rows.map((r) => r.source))].join(', ');
    heading.textContent = items.length ? `This run differs from the paper’s (${sources}) in:` : `This run has the paper’s settings (${sources})`;
    const ul = document.createElement('ul');
    ul.replaceChildren(...items.map((text) => Object.assign(document.createElement('li'), { textContent: text })));
    list.replaceChildren(heading, ul);
    list.dataset.count = String(items.length);
  }

  /** Runs the experiment with the settings and parameters shown, or says why it cannot. */
  start() {
    let settings;
    let options;
    try {
      settings = this.settings();
      options = this.params.read(settings.algos);
    } catch (error) {
      this.fail(error.message);
      if (error.field) this.mark(error.field, error.message);
      return;
    }
    this.run(this.currentGame(), settings, options);
  }

  /**
   * The experiment's settings as the form shows them. A setting that cannot be read throws
   * an Error saying why, with `field` its state key (stages, stagePositions, stageAlgos).
   */
  settings() {
    const algos = this.ui.algos.filter((box) => box.checked).map((box) => box.value);
    if (!algos.length) throw Object.assign(new Error('searches: check at least one'), { field: 'stageAlgos' });
    return {
      stages: setting('stages', 'stages', readStages, this.ui.stages.value),
      positions: setting('stagePositions', 'positions per stage', readPositions, this.ui.positions.value),
      algos,
    };
  }

  /** Marks the setting `field` (a state key) as wrong; false if it is not one of this view's. */
  mark(field, message) {
    const input = { stages: this.ui.stages, stagePositions: this.ui.positions, stageAlgos: this.ui.algos[0] }[field];
    if (!input) return this.params.mark(field, message);
    markInput(input, message);
    return true;
  }

  /** Says why the experiment cannot run, in the panel's status line. */
  fail(message) {
    this.ui.status.textContent = message;
    this.root.dataset.state = 'error';
  }

  apply({ game, stages, positions, algos }) {
    this.ui.stages.value = stages.join(',');
    this.stagesGame = game; // the stages shown are for this game, its own or a link's
    this.ui.positions.value = positions;
    for (const box of this.ui.algos) box.checked = !box.disabled && algos.includes(box.value);
    this.params.show(algos);
    this.tell();
  }

  /** The summary rows of the last run (none before one). */
  summary() {
    return this.config ? summarize(this.records, this.config.stages, this.config.algos) : [];
  }

  /**
   * Runs the experiment for `game` with `settings` (as `settings()` reads them, and
   * optionally `grid`: {thetas, prs}, a θ × pr grid as `pnplay experiment connect4` runs it)
   * and the search `options` (the schema's keys).
   */
  async run(game, { stages, positions, algos, grid }, options) {
    this.cancel();
    const generation = ++this.generation;
    const current = () => generation === this.generation;
    this.ui.status.textContent = '';
    this.config = { ...options, stages, positions, algos, ...(grid ? { grid } : {}) };
    this.game = game;
    let total;
    try {
      this.published = (await this.engine.request('paperStages', { game })).rows;
      total = await this.engine.request('stagesJobCount', { game, config: this.config });
    } catch (error) {
      if (current()) this.fail(`stages: ${error.message}`);
      return;
    }
    if (!current()) return;
    this.records = new Array(total).fill(null);
    this.draw();
    const size = poolSize();
    this.pool = openPool(size);
    let next = 0;
    let done = 0;
    let busy = 0;
    const started = performance.now();
    // The status and its clock move while jobs run, not only when one ends.
    const tell = () => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      this.ui.status.textContent = `${done} of ${total} searches done · ${busy} running · ${size} worker${size === 1 ? '' : 's'} · ${seconds} s`;
    };
    tell();
    const clock = setInterval(tell, CLOCK_EVERY_MS);
    this.ui.run.disabled = true;
    this.root.dataset.state = 'running';
    const work = async (client) => {
      while (next < total && this.pool.includes(client)) {
        const index = next++;
        busy++;
        this.records[index] = await client.request('stagesRunJob', { game, config: this.config, index });
        busy--;
        done++;
        this.ui.progress.value = done / total;
        tell();
        this.draw();
      }
    };
    try {
      await Promise.all(this.pool.map(work));
      if (done === total) this.root.dataset.state = 'done';
    } catch (error) {
      if (this.pool.length && current()) this.fail(`stages: ${error.message}`);
    } finally {
      clearInterval(clock);
      if (current()) {
        this.closePool();
        this.ui.run.disabled = false;
      }
    }
  }

  closePool() {
    for (const client of this.pool) client.close();
    this.pool = [];
  }

  cancel() {
    if (!this.pool.length) return;
    this.generation++;
    this.closePool();
    this.ui.run.disabled = false;
    this.root.dataset.state = 'cancelled';
    this.ui.status.textContent += ' · cancelled';
  }

  draw() {
    const rows = this.summary();
    const { stages, algos } = this.config;
    // Table.
    const table = filledTable(
      `${this.game}: ${this.published.length ? 'beside the papers’ published values' : 'the papers publish no values for this game'}`,
      ['stage', 'search', 'n', ...VERDICTS, 'completion %', 'paper %'],
      rows.map((row) => {
        const paper = this.published.find((p) => p.stage === row.stage && p.algo === row.algo);
        const cells = [row.stage, row.algo, row.n, ...VERDICTS.map((v) => row[v]), (row.completion == null ? '–' : fixed(row.completion, 1)), paper ? `${paper.completion} (${paper.source})` : '–'];
        return [cells, { stage: row.stage, algo: row.algo }];
      }),
    );
    this.ui.table.replaceChildren(table);
    // Plot: ours solid, the paper's dashed.
    const series = [{ label: 'moves' }];
    const data = [stages];
    for (const algo of algos) {
      series.push({ label: algo, stroke: this.catalogue.colour(algo), width: 2, points: { show: true } });
      data.push(stages.map((stage) => rows.find((r) => r.stage === stage && r.algo === algo)?.completion ?? null));
      if (this.published.some((p) => p.algo === algo)) {
        series.push({ label: `${algo} (paper)`, stroke: this.catalogue.colour(algo), width: 1.5, dash: [6, 4], points: { show: true }, spanGaps: true });
        data.push(stages.map((stage) => this.published.find((p) => p.stage === stage && p.algo === algo)?.completion ?? null));
      }
    }
    if (!this.plot || this.plot.series.length !== series.length) {
      this.plot?.destroy();
      this.ui.chart.replaceChildren();
      this.plot = new uPlot(
        {
          title: 'Completion (%) by number of random moves',
          width: Math.max(280, Math.min(this.ui.chart.clientWidth || 700, 900)),
          height: 260,
          scales: { x: { time: false }, y: { range: [0, 100] } },
          axes: themed([{ label: 'random moves from the start' }, { label: 'completion %' }]),
          series,
        },
        data,
        this.ui.chart,
      );
    } else {
      this.plot.setData(data);
    }
  }
}
