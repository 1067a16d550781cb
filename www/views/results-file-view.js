// The results viewer (issue 18): a JSON Lines file of `pnplay experiment`, `pnplay match`,
// `pnplay tournament` or `pnplay merge` — opened from the disk, or one of the repository's
// results/ files that `pnplay serve` lists at /results.json — shown with the tables and plots
// of a live run. The engine reads and summarises the file (`readResults`: the same Rust
// summary the command line prints, and the papers' published numbers for the experiment,
// guessed from the records or chosen); the page only draws. An experiment gets the stages
// view's table and plot (completion by stage, ours solid, the paper's dashed; by search when
// there is one stage, as in the Connect Four grid) and the command line's table; a games file
// gets the arena's summary of each match (W/D/L, win rate with its 95 % intervals) and the
// win rate after each game.

import uPlot from '../vendor/uPlot.mjs';
import { download } from '../lib/download.js';
import { themed } from '../lib/chart-theme.js';
import { filledTable, headedTable, panelElements, textRow } from '../lib/dom.js';
import { PanelView } from './panel-view.js';
import { fixed, percent1 } from '../lib/numbers.js';

const VERDICTS = [
  ['proved', 'proved'],
  ['disproved', 'disproved'],
  ['concluded_win', 'c-win'],
  ['concluded_loss', 'c-loss'],
  ['out', 'out'],
];

const PAPERS = [
  ['auto', 'guessed from the records'],
  ['none', 'none'],
  ['othello-stages', 'Othello stages (PPNS paper Tables 2–3)'],
  ['connect4-grid', 'Connect Four grid (PPNS paper Fig. 4, 6, Table 1)'],
  ['2048', '2×2 2048 (dissertation Table 4.2)'],
];

const PANEL = `
  <h2 id="resfile-heading">Results file</h2>
  <p class="hint">A JSON Lines file written by <code>pnplay experiment</code>, <code>match</code>, <code>tournament</code> or <code>merge</code>, shown with the tables and plots of a live run. The engine summarises it exactly as the command line does; the papers' published numbers stand beside ours where they exist for that experiment.</p>
  <div class="row">
    <label>Open a file <input id="resfile-input" type="file" accept=".jsonl,.gz,.json,.txt,application/jsonl,application/gzip"></label>
    <label id="resfile-served-label" hidden>or a results/ file <select id="resfile-served"><option value="">—</option></select></label>
    <label>Papers' numbers <select id="resfile-paper"></select></label>
  </div>
  <p id="resfile-status" aria-live="polite"></p>
  <div id="resfile-chart" class="chart"></div>
  <div id="resfile-table" class="stages-table"></div>
  <details id="resfile-cli" hidden><summary>As the command line prints it</summary><pre id="resfile-text" class="resfile-text"></pre></details>
  <div class="row"><button id="resfile-csv" type="button" disabled>Download summary CSV</button></div>`;

/**
 * An experiment's summary rows (`readResults`) as a table: our verdict counts, completion
 * with its Wilson 95 % interval, and the paper's numbers beside them (class `paper`).
 */
export function experimentTable(rows, caption) {
  const head = ['stage', 'search', 'n', ...VERDICTS.map(([, title]) => title), 'completion %', 'Wilson 95 %', 'exact W/D/L', 'wrong', 'mean iterations', 'mean nodes', 'paper completion %', 'paper S / U / out', 'paper mean nodes', 'paper mean s', 'source'];
  const [tableEl, body] = headedTable(caption, head);
  for (const row of rows) {
    const p = row.paper;
    const counts = p && (p.solved != null || p.out != null) ? `${p.solved ?? '–'} / ${p.unsolved ?? '–'} / ${p.out ?? '–'}` : p?.concluded != null ? `${p.concluded} concluded` : '–';
    const cells = [
      row.stage,
      row.search,
      row.n,
      ...VERDICTS.map(([key]) => row[key]),
      percent(row.completion),
      row.completion_wilson ? `${percent(100 * row.completion_wilson[0])}–${percent(100 * row.completion_wilson[1])}` : '–',
      row.verified ? row.exact.join('/') : '–',
      row.verified ? `${row.wrong}/${row.verified}` : '–',
      number(row.mean_iterations, 1),
      number(row.mean_nodes),
      percent(p?.completion),
      counts,
      number(p?.mean_nodes),
      number(p?.mean_seconds, 1),
      p?.source ?? '–',
    ];
    const line = textRow(body, cells, { stage: row.stage, search: row.search });
    for (const cell of [...line.cells].slice(head.length - 5)) cell.className = 'paper';
  }
  return tableEl;
}

/** The matches of a games file (`readResults`) as a table: W/D/L and A's rate with both 95 % intervals. */
export function matchesTable(matches) {
  return filledTable(
    'Each match: A’s wins, draws and losses, win rate (draws half) with its 95 % intervals',
    ['game', 'A', 'B', 'openings', 'seed', 'games', 'W', 'D', 'L', 'A’s win rate %', '± (95 %, normal)', 'Wilson 95 %'],
    matches.map(({ summary: s, openings, seed }) => [
      [s.game, s.a, s.b, openings ? `random:${openings}` : 'none', seed, s.games, s.wins, s.draws, s.losses, percent1(s.rate), percent1(s.plus_minus), `${percent1(s.wilson[0])}–${percent1(s.wilson[1])}`],
      { a: s.a },
    ]),
  );
}

/**
 * Completion (%) by stage for each search, ours solid and the paper's dashed (the stages
 * view's plot), into `element`; with one stage (a parameter grid), by search instead.
 * `colour(search)`: a search label's colour. Returns the uPlot.
 */
export function completionChart(element, rows, colour) {
  const stages = [...new Set(rows.map((r) => r.stage))];
  const searches = [...new Set(rows.map((r) => r.search))];
  const byStage = stages.length > 1 && stages.every((s) => typeof s === 'number');
  const find = (stage, search) => rows.find((r) => r.stage === stage && r.search === search);
  const series = [{ label: byStage ? 'moves' : 'search' }];
  const data = [];
  let categories = [];
  if (byStage) {
    data.push(stages);
    for (const search of searches) {
      series.push({ label: search, stroke: colour(search), width: 2, points: { show: true }, spanGaps: true });
      data.push(stages.map((stage) => find(stage, search)?.completion ?? null));
      if (rows.some((r) => r.search === search && r.paper?.completion != null)) {
        series.push({ label: `${search} (paper)`, stroke: colour(search), width: 1.5, dash: [6, 4], points: { show: true }, spanGaps: true });
        data.push(stages.map((stage) => find(stage, search)?.paper?.completion ?? null));
      }
    }
  } else {
    // One point per row, stage and search named on the axis.
    categories = rows.map((r) => (stages.length > 1 ? `${r.stage} ${r.search}` : r.search));
    data.push(rows.map((_, i) => i));
    series.push({ label: 'ours', stroke: '#1f5fae', width: 0, points: { show: true, size: 9 } });
    data.push(rows.map((r) => r.completion));
    if (rows.some((r) => r.paper?.completion != null)) {
      series.push({ label: 'paper', stroke: '#d62728', width: 0, points: { show: true, size: 9 } });
      data.push(rows.map((r) => r.paper?.completion ?? null));
    }
  }
  return new uPlot(
    {
      title: byStage ? 'Completion (%) by number of random moves' : 'Completion (%) by search',
      width: Math.max(280, Math.min(element.clientWidth || 700, 900)),
      height: byStage ? 260 : 300,
      scales: { x: { time: false, ...(byStage ? {} : { range: [-0.5, rows.length - 0.5] }) }, y: { range: [0, 100] } },
      axes: themed([
        byStage
          ? { label: 'random moves from the start' }
          : { label: '', incrs: [1], values: (u, splits) => splits.map((i) => categories[i] ?? ''), rotate: -30, size: 90, font: '10px sans-serif' },
        { label: 'completion %' },
      ]),
      series,
    },
    data,
    element,
  );
}

/**
 * A's rate after each game, one line per match (the arena's plot), into `element`; the
 * normal interval as a band when there is one match. Returns the uPlot.
 */
export function rateChart(element, matches) {
  const longest = Math.max(...matches.map((m) => m.curve.length));
  const palette = ['#1f5fae', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b', '#e377c2', '#17becf'];
  const data = [Array.from({ length: longest }, (_, i) => i + 1)];
  const series = [{ label: 'games' }];
  matches.forEach((m, i) => {
    series.push({ label: matches.length > 1 ? `A ${m.summary.a} vs ${m.summary.b}` : 'A’s win rate', stroke: palette[i % palette.length], width: 2, points: { show: false } });
    data.push(data[0].map((n) => (n <= m.curve.length ? 100 * m.curve[n - 1].rate : null)));
  });
  const bands = [];
  if (matches.length === 1) {
    const curve = matches[0].curve;
    series.push({ label: 'normal low', stroke: 'rgba(31,95,174,0.35)', width: 1, points: { show: false } });
    data.push(curve.map((p) => 100 * p.normal[0]));
    series.push({ label: 'normal high', stroke: 'rgba(31,95,174,0.35)', width: 1, points: { show: false } });
    data.push(curve.map((p) => 100 * p.normal[1]));
    bands.push({ series: [3, 2], fill: 'rgba(31,95,174,0.15)' });
  }
  return new uPlot(
    {
      title: 'A’s win rate (%) after each game',
      width: Math.max(280, Math.min(element.clientWidth || 700, 900)),
      height: 260,
      scales: { x: { time: false }, y: { range: [0, 100] } },
      axes: themed([{ label: 'games (in index order)' }, { label: 'A’s win rate %' }]),
      series,
      bands,
      legend: { live: false },
    },
    data,
    element,
  );
}

/** The text of a file's `bytes`, unpacked first when they are gzip (`.jsonl.gz` in results/). */
export async function textOf(bytes) {
  const data = new Uint8Array(bytes);
  if (data[0] !== 0x1f || data[1] !== 0x8b) return new TextDecoder().decode(data);
  const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Response(stream).text();
}

const percent = (x) => (x == null ? '–' : fixed(x, 1));
const number = (x, digits = 0) => (x == null ? '–' : x.toLocaleString('en', { maximumFractionDigits: digits }));

export class ResultsFileView extends PanelView {
  /** Builds the panel before `before`; `engine`: the page's engine client; `catalogue`: for colours. */
  constructor(before, { engine, catalogue }) {
    super(before, 'resfile', PANEL, { engine, catalogue });
    const { root } = this;
    this.plot = null;
    this.text = null;
    this.name = '';
    this.ui = panelElements(root, 'resfile', ['input', 'served', 'servedLabel', 'paper', 'status', 'chart', 'table', 'cli', 'text', 'csv']);
    this.ui.paper.replaceChildren(
      ...PAPERS.map(([value, title]) => {
        const option = document.createElement('option');
        option.value = value;
        option.textContent = title;
        return option;
      }),
    );
    this.ui.input.addEventListener('change', async () => {
      const file = this.ui.input.files?.[0];
      if (!file) return;
      try {
        await this.show(file.name, await textOf(await file.arrayBuffer()));
      } catch (error) {
        this.fail(`${file.name}: ${error.message}`);
      }
    });
    this.ui.served.addEventListener('change', () => {
      if (this.ui.served.value) this.openServed(this.ui.served.value);
    });
    this.ui.paper.addEventListener('change', () => {
      if (this.text != null) this.show(this.name, this.text);
    });
    this.ui.csv.addEventListener('click', () => {
      if (this.results?.csv) download(`${this.name.replace(/\.jsonl?(\.gz)?$/, '')}.csv`, this.results.csv, 'text/csv');
    });
    this.listServed();
  }

  /** This view for the page's view list (views.js). */
  registration() {
    return this.entry('results', 'Results file');
  }

  /** Lists the results/ files `pnplay serve` offers (none when the page is served otherwise). */
  async listServed() {
    try {
      const answer = await fetch('results.json');
      if (!answer.ok) return;
      const { files } = await answer.json();
      for (const file of files) {
        const option = document.createElement('option');
        option.value = file;
        option.textContent = file;
        this.ui.served.append(option);
      }
      this.ui.servedLabel.hidden = !files.length;
    } catch {
      // Not served by `pnplay serve`: the file input is enough.
    }
  }

  /** Opens results/`file` from the server. */
  async openServed(file) {
    this.ui.status.textContent = `loading ${file} …`;
    try {
      const answer = await fetch(`results/${file}`);
      if (!answer.ok) throw new Error(`${file}: ${answer.status} ${answer.statusText}`);
      await this.show(file, await textOf(await answer.arrayBuffer()));
    } catch (error) {
      this.fail(error.message);
    }
  }

  fail(message) {
    this.ui.status.textContent = message;
    this.root.dataset.state = 'error';
  }

  /** Summarises `text` (named `name`) in the engine and draws it. */
  async show(name, text) {
    this.name = name;
    this.text = text;
    this.root.dataset.state = 'loading';
    let results;
    try {
      results = await this.engine.request('readResults', { text, experiment: this.ui.paper.value });
    } catch (error) {
      this.fail(`${name}: ${error.message}`);
      this.ui.table.replaceChildren();
      this.ui.chart.replaceChildren();
      this.plot = null;
      this.ui.cli.hidden = true;
      return;
    }
    this.results = results;
    this.plot?.destroy();
    this.plot = null;
    this.ui.chart.replaceChildren();
    if (results.kind === 'experiment') this.drawExperiment(results);
    else this.drawGames(results);
    this.ui.csv.disabled = results.kind !== 'experiment';
    this.root.dataset.kind = results.kind;
    this.root.dataset.state = 'shown';
  }

  drawExperiment({ records, experiment, rows, table }) {
    const paperTitle = PAPERS.find(([value]) => value === experiment)?.[1];
    this.ui.status.textContent = `${this.name}: ${records} ${records === 1 ? 'record' : 'records'}, ${rows.length} ${rows.length === 1 ? 'row' : 'rows'} (stage × search)${paperTitle ? ` · beside ${paperTitle}` : ' · no published numbers beside them'}`;
    const caption = paperTitle ? `Ours beside the published numbers (${paperTitle})` : 'Ours (the papers publish no numbers for this experiment)';
    const tableEl = experimentTable(rows, caption);
    this.ui.table.replaceChildren(tableEl);
    this.ui.text.textContent = table;
    this.ui.cli.hidden = false;
    this.drawCompletion(rows);
  }

  /** Completion by stage or by search, ours beside the paper's ([`completionChart`]). */
  drawCompletion(rows) {
    this.plot = completionChart(this.ui.chart, rows, (search) => this.colour(search));
  }

  colour(search) {
    return this.catalogue.colour(search.split(' ')[0]);
  }

  drawGames({ records, matches }) {
    this.ui.status.textContent = `${this.name}: ${records} games, ${matches.length} match${matches.length === 1 ? '' : 'es'}`;
    const tableEl = matchesTable(matches);
    this.ui.table.replaceChildren(tableEl);
    this.ui.text.textContent = matches.map((m) => m.line).join('\n');
    this.ui.cli.hidden = false;
    this.plot = rateChart(this.ui.chart, matches);
  }
}
