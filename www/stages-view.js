// The stages experiment in the page (SPEC.md §8–9, the paper's Tables 2–3 and Figures 7–8):
// random positions after each number of moves, every chosen search on each, run in a pool of
// workers (one per core less one). The engine plans the jobs exactly as `pnplay experiment
// stages` does, so the same settings give the same records as the CLI. A live plot shows
// completion by stage for each search beside the papers' published values for that game, if
// any (dashed), with a table, and CSV / JSON downloads. The search checkboxes and colours
// come from the engine's catalogue. A setting that cannot be read is marked and said in the
// panel's status line (never dropped); the status shows the jobs done and running and a
// clock that moves while they run.

import { download } from './download.js';
import uPlot from './vendor/uPlot.mjs';
import { readWhole } from './catalogue.js';
import { EngineClient } from './engine-client.js';
import { markInput, setting } from './params-view.js';

const VERDICTS = ['proved', 'disproved', 'concluded-win', 'concluded-loss', 'out'];

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
  const lines = rows.map((r) => [r.stage, r.algo, r.n, ...VERDICTS.map((v) => r[v]), r.completion?.toFixed(1) ?? ''].join(','));
  return [head.join(','), ...lines].join('\n') + '\n';
}

const PANEL = `
  <h2 id="stages-heading">Stages experiment</h2>
  <p class="hint">Random positions after each number of moves from the start of the chosen game (seeded), every chosen search on each, within the node and time limits of the search panel, run in a pool of workers. The same settings give the same results as <code>pnplay experiment stages</code>. Completion counts proved, disproved and concluded verdicts; dashed lines are the papers' published values, where there are any for the game.</p>
  <div class="row">
    <label>Stages <input id="stages-list" type="text" size="20" aria-label="Stages (numbers of random moves)"></label>
    <label>Positions per stage <input id="stages-positions" type="number" min="1" max="1000" step="1" value="10"></label>
  </div>
  <div id="stages-algos" class="row" role="group" aria-label="Searches"></div>
  <div class="row">
    <button id="stages-run" type="button">▶ Run experiment</button>
    <button id="stages-cancel" type="button">Cancel</button>
    <button id="stages-csv" type="button">Download CSV</button>
    <button id="stages-json" type="button" title="One JSON record per line (JSON Lines), as pnplay experiment writes">Download JSON Lines</button>
    <button id="stages-share" type="button">Share link</button>
  </div>
  <progress id="stages-progress" max="1" value="0" aria-label="Experiment progress"></progress>
  <p id="stages-status" aria-live="polite"></p>
  <div id="stages-chart" class="chart"></div>
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

export class StagesView {
  /**
   * Builds the stages panel before `before` (an element of the page's main grid).
   * `catalogue`: the engine's catalogues (every search gets a checkbox); `run()` and
   * `share()`: what the panel's Run and Share buttons do (the page knows the game and the
   * search panel's parameters).
   */
  constructor(before, { engine, catalogue, run, share }) {
    const root = document.createElement('section');
    root.id = 'stages-panel';
    root.setAttribute('aria-labelledby', 'stages-heading');
    root.innerHTML = PANEL;
    before.before(root);
    this.root = root;
    this.engine = engine;
    this.catalogue = catalogue;
    this.pool = [];
    this.generation = 0; // bumped by each run and cancel: a stale run changes nothing
    this.records = [];
    this.paper = [];
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
    this.ui = {
      stages: $('#stages-list'),
      positions: $('#stages-positions'),
      algos: [...root.querySelectorAll('input[name="stages-algo"]')],
      run: $('#stages-run'),
      cancel: $('#stages-cancel'),
      progress: $('#stages-progress'),
      status: $('#stages-status'),
      table: $('#stages-table'),
      chart: $('#stages-chart'),
      csv: $('#stages-csv'),
      json: $('#stages-json'),
    };
    this.ui.cancel.addEventListener('click', () => this.cancel());
    this.ui.run.addEventListener('click', run);
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
    return {
      name: 'stages',
      title: 'Stages experiment',
      panels: [this.root],
      link: {
        fields: {
          stages: {
            key: 'stages',
            read: readStages,
            write: (v) => v.join(','),
            initial: () => catalogue.defaults.stages.split(',').map(Number),
          },
          n: { key: 'stagePositions', read: readPositions, initial: () => 10 },
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
        apply: (values) => this.apply({ stages: values.stages, positions: values.stagePositions, algos: values.stageAlgos }),
        // A link made with the panel's Share button runs the experiment when it opens.
        opened: (values) => {
          if (values.run) this.ui.run.click();
        },
      },
    };
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
    if (!input) return false;
    markInput(input, message);
    return true;
  }

  /** Says why the experiment cannot run, in the panel's status line. */
  fail(message) {
    this.ui.status.textContent = message;
    this.root.dataset.state = 'error';
  }

  apply({ stages, positions, algos }) {
    this.ui.stages.value = stages.join(',');
    this.ui.positions.value = positions;
    for (const box of this.ui.algos) box.checked = algos.includes(box.value);
  }

  /** The summary rows of the last run (none before one). */
  summary() {
    return this.config ? summarize(this.records, this.config.stages, this.config.algos) : [];
  }

  /**
   * Runs the experiment for `game` with `settings` (as `settings()` reads them) and the search
   * `options` (the schema's keys).
   */
  async run(game, { stages, positions, algos }, options) {
    this.cancel();
    const generation = ++this.generation;
    const current = () => generation === this.generation;
    this.ui.status.textContent = '';
    this.config = { ...options, stages, positions, algos };
    this.game = game;
    let total;
    try {
      this.paper = await this.engine.request('paperStages', { game });
      total = await this.engine.request('stagesJobCount', { game, config: this.config });
    } catch (error) {
      if (current()) this.fail(`stages: ${error.message}`);
      return;
    }
    if (!current()) return;
    this.records = new Array(total).fill(null);
    this.draw();
    const size = Math.max(1, (navigator.hardwareConcurrency || 2) - 1);
    this.pool = Array.from({ length: size }, () => new EngineClient());
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
    const table = document.createElement('table');
    table.createCaption().textContent = `${this.game}: ${this.paper.length ? 'beside the papers’ published values' : 'the papers publish no values for this game'}`;
    const head = table.createTHead().insertRow();
    for (const title of ['stage', 'search', 'n', ...VERDICTS, 'completion %', 'paper %']) {
      const th = document.createElement('th');
      th.textContent = title;
      head.append(th);
    }
    const body = table.createTBody();
    for (const row of rows) {
      const tr = body.insertRow();
      tr.dataset.stage = row.stage;
      tr.dataset.algo = row.algo;
      const paper = this.paper.find((p) => p.stage === row.stage && p.algo === row.algo);
      for (const value of [row.stage, row.algo, row.n, ...VERDICTS.map((v) => row[v]), row.completion?.toFixed(1) ?? '–', paper ? `${paper.completion} (${paper.source})` : '–']) {
        tr.insertCell().textContent = String(value);
      }
    }
    this.ui.table.replaceChildren(table);
    // Plot: ours solid, the paper's dashed.
    const series = [{ label: 'moves' }];
    const data = [stages];
    for (const algo of algos) {
      series.push({ label: algo, stroke: this.catalogue.colour(algo), width: 2, points: { show: true } });
      data.push(stages.map((stage) => rows.find((r) => r.stage === stage && r.algo === algo)?.completion ?? null));
      if (this.paper.some((p) => p.algo === algo)) {
        series.push({ label: `${algo} (paper)`, stroke: this.catalogue.colour(algo), width: 1.5, dash: [6, 4], points: { show: true }, spanGaps: true });
        data.push(stages.map((stage) => this.paper.find((p) => p.stage === stage && p.algo === algo)?.completion ?? null));
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
          axes: [{ label: 'random moves from the start' }, { label: 'completion %' }],
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
