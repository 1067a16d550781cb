// The Papers view (issue 33): one card per table and figure of the five seeds, read from the
// data files of results/ (`<folder>/cards.json`, listed by `pnplay serve` and the static
// dist at results.json) — never typed into the page. The engine reads each card file
// (`readCards`) and gives, with every card, the published numbers of its sources from its own
// paper tables (src/experiment/paper.rs): the page shows them and never holds a paper's
// number itself. An opened card shows the paper's numbers, ours from the committed records
// (the results viewer's tables and plots, `readResults`: n, completion or win rate with
// their 95 % intervals), the status and its reason with a link to the folder's README (the
// evidence) and to the raw records, the exact command, commit and machine. "Rerun here"
// runs the card's small version through the Stages or Arena view (their worker pools, whose
// records equal the CLI's for the same command; a Connect Four θ × pr grid is a stages run
// with a grid, as `pnplay experiment connect4` runs it), or in the page's worker: the
// simulation rates of PN-MCTS paper Table I (`pnplay bench --search`, a table beside the
// committed rates and the paper's ratio), the 2×2 2048 experiment (`pnplay experiment
// 2048`, the CLI's records), the root's PPN over the iterations of PPNS on one position
// (`pnplay experiment ppn-history --pos`, PPNS paper Figure 5: the committed histories drawn
// from the card's `histories` files, the rerun's beside them), 4×4 2048 games played by
// expectimax (`pnplay play2048`, a game per call: the CLI's lines, and its Table 5.1, Table
// 5.2 or SCN plots made by the engine, beside those of the committed records) and searches
// run to their end on one position (`pnplay solve --json`: the slides' GHI graph), and draws
// it beside the committed run; the
// card's share link (`card`, and `run=1` after a rerun) reopens it and reruns. The view ends
// with "Check a proof certificate": a file checked by the engine with the game's rules alone
// (`checkCertificate`, as `pnplay check`), answering "valid" or the first failing node.

import uPlot from '../vendor/uPlot.mjs';
import { download } from '../lib/download.js';
import { themed } from '../lib/chart-theme.js';
import { filledTable, panelElements } from '../lib/dom.js';
import { PanelView } from './panel-view.js';
import { completionChart, experimentTable, matchesTable, rateChart, textOf } from './results-file-view.js';
import { fixed, percent1 } from '../lib/numbers.js';

/** Each status's words, in the order the filter lists them. */
const STATUS = [
  ['reproduced', 'reproduced'],
  ['same-shape', 'same shape'],
  ['differs', 'differs'],
  ['not-yet-run', 'not yet run'],
];
const statusWords = (status) => STATUS.find(([key]) => key === status)?.[1] ?? status;

const PANEL = `
  <h2 id="papers-heading">Papers</h2>
  <p class="hint">Every table and figure of the five papers as a card: the paper's numbers (from the engine's own tables) beside ours from the committed records, whether it was reproduced and why not where it was not, the command that made it, and a small rerun in this page. Open a card to see it whole.</p>
  <div class="row">
    <label>Show <select id="papers-filter"><option value="">every card</option></select></label>
  </div>
  <p id="papers-status" aria-live="polite"></p>
  <ul id="papers-list" class="papers-list"></ul>
  <article id="papers-card" class="papers-card" aria-labelledby="papers-card-title" hidden></article>
  <section id="papers-certificate" class="papers-certificate" aria-labelledby="papers-certificate-heading">
    <h3 id="papers-certificate-heading">Check a proof certificate</h3>
    <p class="hint">A certificate from <code>pnplay solve --certificate F</code> or from Export certificate beside a proved or disproved verdict in the playground, checked here with the game's rules alone and no search, as <code>pnplay check F</code> checks it.</p>
    <label>Certificate file <input id="papers-certificate-file" type="file" accept=".txt,.cert,text/plain"></label>
    <p id="papers-certificate-result" aria-live="polite"></p>
  </section>`;

/** An element `tag` with class `className` and text `text`. */
function element(tag, className, text) {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}

const shown = (x) => (x == null ? '–' : x.toLocaleString('en', { maximumFractionDigits: 6 }));

/** A shell word: as it is when it needs no quoting, else in single quotes. */
const shellWord = (text) => (/^[\w:,=.+\-/]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`);

/** The stages command line flags of the schema keys a rerun's options use. */
const FLAGS = { nodes: '--nodes', time: '--time', pr: '--pr', theta: '--theta', playouts: '--playouts', seed: '--seed' };

/**
 * The search options of a rates rerun as `pnplay bench` flags, and as an agent's text form
 * writes them after the search (`solver=off,playout=200`).
 */
const optionFlags = (options) => Object.entries(options).flatMap(([key, value]) => [`--${key}`, String(value)]);
const optionText = (options) => Object.entries(options).map(([key, value]) => `${key}=${value}`).join(',');

/** The most tree nodes of a rates rerun's searches: the seconds, not the nodes, end them. */
const RATES_NODES = 50_000_000;

/**
 * The `pnplay` commands (their words after `pnplay`) that write the records a rerun makes in
 * the page: one, or for a rates rerun one `pnplay bench --json` per game.
 */
export function rerunCommands(rerun) {
  if (rerun.kind === 'rates') {
    return rerun.games.map((game) => ['bench', '--search', rerun.searches.join(','), '--game', game, '--moves', '0', '--positions', '1', ...optionFlags(rerun.options),
      '--nodes', String(RATES_NODES), '--time', String(rerun.seconds), '--seed', String(rerun.seed), '--json']);
  }
  if (rerun.kind === 'ppn-history') {
    return [['experiment', 'ppn-history', '--game', rerun.game, '--pos', rerun.pos, ...optionFlags(rerun.options), '--json']];
  }
  if (rerun.kind === 'play2048') {
    return [['play2048', '--depth', rerun.depths.join(','), '--games', String(rerun.games), '--seed', String(rerun.seed), '--tau', String(rerun.tau)]];
  }
  if (rerun.kind === 'solve') {
    return rerun.settings.map(({ algo, options }) => ['solve', '--game', rerun.game, '--pos', rerun.pos, '--algo', algo, ...optionFlags(options), '--json']);
  }
  if (rerun.kind === '2048') {
    return [['experiment', '2048', '--game', rerun.game, '--objectives', rerun.objectives.join(','), '--spawns', rerun.spawns, '--algos', rerun.algos.join(','), '--seed', String(rerun.seed)]];
  }
  return [rerunCommand(rerun)];
}

/** The one `pnplay` command of a stages, match or tournament rerun. */
function rerunCommand(rerun) {
  if (rerun.kind === 'stages') {
    const { grid } = rerun;
    const words = grid
      ? ['experiment', 'connect4', '--game', rerun.game, '--plies', String(rerun.stages[0]), '--positions', String(rerun.positions), '--algos', rerun.algos.join(','),
        '--thetas', grid.thetas.join(','), '--prs', grid.prs.map((pr) => (pr === null ? 'off' : String(pr))).join(',')]
      : ['experiment', 'stages', '--game', rerun.game, '--stages', rerun.stages.join(','), '--positions', String(rerun.positions), '--algos', rerun.algos.join(',')];
    for (const [key, value] of Object.entries(rerun.options)) {
      if (value !== null) words.push(FLAGS[key] ?? `--${key}`, String(value));
    }
    return words;
  }
  if (rerun.kind === 'tournament') {
    const words = ['tournament', '--game', rerun.game, '--agents', ...rerun.agents, '--games-per-pair', String(rerun.games_per_pair)];
    if (rerun.openings !== 'none') words.push('--openings', rerun.openings);
    return [...words, '--seed', String(rerun.seed)];
  }
  const words = ['match', '--game', rerun.game, '--a', rerun.a, '--b', rerun.b, '--games', String(rerun.games)];
  if (rerun.openings && rerun.openings !== 'none') words.push('--openings', rerun.openings);
  return [...words, '--seed', String(rerun.seed)];
}

/** One published source as a table: its experiment rows, then its cells (`data-value`: the engine's number). */
function publishedTable(published) {
  const wrap = element('div', 'papers-published');
  wrap.dataset.source = published.source;
  const table = document.createElement('table');
  table.createCaption().textContent = `${published.source} (the engine's paper table)`;
  const numbers = (head, lines) => {
    const row = table.createTHead().insertRow();
    for (const title of head) row.append(element('th', '', title));
    const body = table.createTBody();
    for (const values of lines) {
      const line = body.insertRow();
      values.forEach(([field, value], i) => {
        const cell = line.insertCell();
        cell.dataset.field = field;
        if (typeof value === 'number') cell.dataset.value = String(value);
        cell.textContent = i < 2 || typeof value !== 'number' ? String(value ?? '–') : shown(value);
      });
    }
  };
  if (published.rows.length) {
    const fields = ['n', 'solved', 'unsolved', 'out', 'concluded', 'completion', 'mean_iterations', 'mean_nodes', 'mean_seconds'];
    numbers(
      ['stage', 'search', 'n', 'solved', 'unsolved', 'out', 'concluded', 'completion %', 'mean iterations', 'mean nodes', 'mean seconds'],
      published.rows.map((row) => [['stage', row.stage], ['search', row.search], ...fields.map((f) => [f, row[f]])]),
    );
  }
  if (published.cells.length) {
    numbers(
      ['row', 'column', 'value', '±'],
      published.cells.map((c) => [['row', c.row], ['column', c.column], ['value', c.value], ['plus_minus', c.plus_minus]]),
    );
  }
  wrap.append(table);
  return wrap;
}

/** What pr saves PPNS at each grid setting (`pr_savings` of `readResults`), as `pnplay experiment connect4` prints it. */
function savingsTable(savings) {
  return filledTable(
    'Nodes saved by pr: each setting against pr off, on the positions both concluded (the engine’s numbers from these records)',
    ['search', 'θ', 'pr', 'positions', 'mean nodes, pr off', 'mean nodes, pr on', 'fewer nodes %', 'best position %'],
    savings.map((s) => [
      [s.algo, s.theta, s.pr, s.positions, Math.round(s.mean_nodes_off).toLocaleString('en'), Math.round(s.mean_nodes_pr).toLocaleString('en'), percent1(s.reduction), percent1(s.best_position_reduction)],
      { theta: s.theta, pr: s.pr, reduction: s.reduction },
    ]),
    'papers-savings',
  );
}

/**
 * A rates rerun's table: per game, each search's simulations per second in this browser and
 * their ratio (the second search ÷ the first: PN-MCTS ÷ MCTS), beside the ratio of each
 * committed file of rates (`committed`: [file, lines]; per CPU second) and the paper's
 * (`paper`: the cells of its table, rows as the rerun's `paper_rows`).
 */
function ratesTable(rerun, measured, committed, paper) {
  const [first, second] = rerun.searches;
  const ratio = (a, b) => (a && b ? b / a : null);
  const shownRatio = (x) => (x == null ? '–' : fixed(x, 2));
  const shownRate = (x) => (x ? Math.round(x).toLocaleString('en') : '–');
  const rate = (lines, game, search) => lines.find((l) => l.game === game && l.search.split(':')[0] === search)?.per_cpu_second;
  const paperRatio = (row) => paper.find((c) => c.row === row && c.column === 'ratio')?.value;
  return filledTable(
    'This browser’s simulations per second (wall clock, from the start, one run each), beside the committed runs (per CPU second) and the paper’s ratio',
    ['game', `${first} /s here`, `${second} /s here`, 'ratio here', ...committed.map(([file]) => `ratio, ${file}`), 'the paper’s ratio'],
    rerun.games.map((game, i) => {
      const [a, b] = [first, second].map((search) => measured.find((m) => m.game === game && m.algo === search)?.iterations_per_second);
      const ours = ratio(a, b);
      return [
        [game, shownRate(a), shownRate(b), shownRatio(ours),
          ...committed.map(([, lines]) => shownRatio(ratio(rate(lines, game, first), rate(lines, game, second)))), shownRatio(paperRatio(rerun.paper_rows[i]))],
        { game, ratio: ours },
      ];
    }),
    'papers-rates',
  );
}

/**
 * PPN histories (`pnplay experiment ppn-history` records) as the CLI's table: each position,
 * why it was chosen, the run without pr, where pr = 1e-5 would have stopped it, the
 * prolongation and the run with pr.
 */
function historiesTable(caption, histories) {
  const count = (x) => (x == null ? '–' : x.toLocaleString('en'));
  return filledTable(
    caption,
    ['position', 'chosen', 'gap (nodes)', 'verdict', 'iterations', 'nodes', 'within 1e-5 at', 'nodes then', 'prolongation', 'with pr 1e-5', 'iterations', 'nodes'],
    histories.map((h) => [
      [h.pos, h.chosen ? `${h.chosen.rule} (stage ${h.chosen.stage} #${h.chosen.index})` : '–', count(h.chosen?.gap), h.verdict, count(h.iterations), count(h.nodes),
        count(h.within_pr?.iteration), count(h.within_pr?.nodes), h.prolongation == null ? '–' : `${fixed(h.prolongation, 2)}×`, h.with_pr.verdict, count(h.with_pr.iterations), count(h.with_pr.nodes)],
      { pos: h.pos, iterations: h.iterations },
    ]),
    'papers-histories',
  );
}

/** One PPN history's points as a chart into `element`: the root's PPN by iteration. Returns the uPlot. */
function historyChart(element, history, title) {
  const within = history.within_pr ? `; within 1e-5 of ${history.within_pr.ppn < 0.5 ? 0 : 1} from iteration ${history.within_pr.iteration.toLocaleString('en')}` : '';
  return new uPlot(
    {
      title: `${title}: ${history.pos}, ${history.verdict} after ${history.iterations.toLocaleString('en')} iterations${within}`,
      width: Math.max(280, Math.min(element.clientWidth || 700, 900)),
      height: 240,
      scales: { x: { time: false }, y: { range: [0, 1] } },
      axes: themed([{ label: 'iterations' }, { label: 'root PPN' }]),
      series: [{ label: 'iteration' }, { label: 'root PPN', stroke: '#1f5fae', width: 2, points: { show: false } }],
      legend: { live: false },
    },
    [history.history.map((p) => p.iteration), history.history.map((p) => p.ppn)],
    element,
  );
}

/** Each table a 2048 play card draws: the key of `play2048Tables`' answer and its title. */
const PLAY2048_TABLES = { 'table-5-1': ['table_5_1', 'Table 5.1 layout'], 'table-5-2': ['table_5_2', 'Table 5.2 layout'] };

/**
 * A table the engine printed as `pnplay play2048` prints it (`text`: tab-separated lines, the
 * head first), each row's first cell (the depth) as its `data-depth`.
 */
function printedTable(caption, text, className) {
  const [head, ...lines] = text.trim().split('\n').map((line) => line.split('\t'));
  return filledTable(caption, head, lines.map((cells) => [cells, { depth: cells[0] }]), className);
}

/**
 * A line plot the engine made (one of `pnplay play2048 --plots`: its title, axis names and
 * series of [x, y] points sharing their x, each with its colour), drawn by uPlot into
 * `into` (`width` wide) under the label `label`, with a button that saves it as the SVG
 * the command line writes (`svg`).
 */
function linePlotChart(into, { plot, svg, name }, label, width) {
  const save = element('button', '', `${label}: save as SVG`);
  save.type = 'button';
  save.addEventListener('click', () => download(name, svg, 'image/svg+xml'));
  const chart = element('div', 'chart');
  chart.dataset.steps = String(plot.series[0]?.points.length ?? 0);
  into.append(element('p', 'papers-plot-label', label), chart, save);
  return new uPlot(
    {
      title: plot.title,
      width: Math.max(280, Math.min(width || 700, 900)),
      height: 260,
      scales: { x: { time: false }, y: { range: [0, 100] } },
      axes: themed([{ label: plot.x_label }, { label: plot.y_label }]),
      series: [{ label: plot.x_label }, ...plot.series.map((s) => ({ label: s.label, stroke: s.colour, width: 1.5, ...(s.dashed ? { dash: [6, 4] } : {}), points: { show: false } }))],
      legend: { live: false },
    },
    [plot.series[0]?.points.map(([x]) => x) ?? [], ...plot.series.map((s) => s.points.map(([, y]) => y))],
    chart,
  );
}

/** A solve rerun's reports (`pnplay solve --json`, one per setting) as a table. */
function solveTable(rerun, reports) {
  return filledTable(
    `Each search run to its end on the ${rerun.game} position (as pnplay solve --json reports it)`,
    ['search', 'parameters', 'verdict', 'best move', 'iterations', 'positions'],
    reports.map((r, i) => [
      [r.algo, optionText(rerun.settings[i].options) || 'defaults', r.verdict, r.best_move ?? '–', r.iterations.toLocaleString('en'), r.nodes.toLocaleString('en')],
      { algo: r.algo, verdict: r.verdict, nodes: r.nodes },
    ]),
    'papers-solve',
  );
}

/** A round robin's standings (`tournamentResults`) as the CLI's table: best rating first. */
function standingsTable(standings) {
  return filledTable(
    'This rerun’s standings (as pnplay tournament prints them)',
    ['agent', 'games', 'W', 'D', 'L', 'score %', 'Wilson 95 %', 'BT rating (Elo)'],
    [...standings]
      .sort((x, y) => y.rating - x.rating)
      .map((s) => [
        [s.label, s.games, s.wins, s.draws, s.losses, percent1(s.rate), s.wilson.map(percent1).join('–'), `${s.rating >= 0 ? '+' : ''}${s.rating.toFixed(0)}`],
        { agent: s.agent, rating: s.rating },
      ]),
    'papers-standings',
  );
}

export class PapersView extends PanelView {
  /**
   * Builds the panel before `before`. `engine`: the page's engine client; `catalogue`: for
   * colours; `runners`: the Stages and Arena views, whose worker pools rerun a card;
   * `share(run)`: the page's share link (with `run=1` when `run`).
   */
  constructor(before, { engine, catalogue, runners, share }) {
    super(before, 'papers', PANEL, { engine, catalogue });
    const { root } = this;
    this.runners = runners;
    this.share = share;
    this.cards = [];
    this.openId = null;
    this.reran = false;
    this.plots = [];
    this.ui = panelElements(root, 'papers', ['filter', 'status', 'list', 'card', 'certificateFile', 'certificateResult']);
    this.ui.filter.append(...STATUS.map(([value, words]) => new Option(words, value)));
    this.ui.filter.addEventListener('change', () => this.renderList());
    this.ui.certificateFile.addEventListener('change', () => this.checkFile());
    // The cards are read the first time the view is shown or a link opens a card, not at the
    // page's start, where their 8 fetches and engine requests ran beside the start's own.
    this.loaded = null;
  }

  /** Reads the cards once; resolves when they are listed. */
  loadOnce() {
    this.loaded ??= this.load();
    return this.loaded;
  }

  /**
   * This view for the page's view list: its panel and its share-link fields (`card`: the
   * card open; `run`, the page's field: rerun it when the link opens).
   */
  registration() {
    const entry = this.entry('papers', 'Papers', {
      fields: {
        card: { key: 'paperCard', read: (text) => text.trim(), initial: () => null },
      },
      state: () => ({ paperCard: this.openId }),
      apply: (values) => {
        this.wanted = values.paperCard;
      },
      pending: (values) => (values.run && values.paperCard ? `the rerun of card ${values.paperCard} (run=1)` : null),
      opened: async (values) => {
        await this.loadOnce();
        if (!values.paperCard) return;
        await this.open(values.paperCard);
        if (values.run && this.openId === values.paperCard) this.rerun();
      },
    });
    return { ...entry, shown: () => this.loadOnce() };
  }

  /** Reads every card file results.json lists, through the engine. */
  async load() {
    let listed;
    try {
      const answer = await fetch('results.json');
      if (!answer.ok) throw new Error(`results.json: ${answer.status} ${answer.statusText}`);
      listed = (await answer.json()).cards ?? [];
    } catch (error) {
      this.ui.status.textContent = `No cards: the page is not served with results/ (${error.message}).`;
      this.root.dataset.state = 'error';
      return;
    }
    const problems = [];
    for (const file of listed) {
      const folder = file.split('/')[0];
      try {
        const answer = await fetch(`results/${file}`);
        if (!answer.ok) throw new Error(`${answer.status} ${answer.statusText}`);
        const cards = await this.engine.request('readCards', { text: await answer.text() });
        this.cards.push(...cards.map((card) => ({ ...card, folder })));
      } catch (error) {
        problems.push(`${file}: ${error.message}`);
      }
    }
    this.renderList();
    if (problems.length) this.ui.status.textContent += ` Not read: ${problems.join('; ')}`;
    this.root.dataset.state = 'listed';
    if (this.wanted && !this.openId) await this.open(this.wanted);
  }

  /** The list of cards (those of the status the filter shows). */
  renderList() {
    const only = this.ui.filter.value;
    const cards = this.cards.filter((card) => !only || card.status === only);
    const counts = STATUS.map(([key, words]) => `${this.cards.filter((c) => c.status === key).length} ${words}`);
    this.ui.status.textContent = `${this.cards.length} cards: ${counts.join(', ')}.`;
    this.ui.list.replaceChildren(
      ...cards.map((card) => {
        const item = element('li', 'papers-item');
        item.dataset.card = card.id;
        item.dataset.status = card.status;
        const open = element('button', 'papers-open');
        open.type = 'button';
        open.append(element('span', 'papers-item-title', card.title), element('span', 'papers-seed', card.seed));
        open.setAttribute('aria-pressed', String(card.id === this.openId));
        open.addEventListener('click', () => {
          // The card is drawn before its records load: it is scrolled to at once.
          this.open(card.id);
          this.ui.card.scrollIntoView({ block: 'start' });
        });
        item.append(open, element('span', `papers-badge status-${card.status}`, statusWords(card.status)));
        return item;
      }),
    );
  }

  /** Opens card `id`: the paper's numbers, ours, the status, the evidence, the command, the rerun. */
  async open(id) {
    const card = this.cards.find((c) => c.id === id);
    const view = this.ui.card;
    if (!card) {
      this.ui.status.textContent = `No card ${JSON.stringify(id)}.`;
      return;
    }
    this.openId = id;
    this.reran = false;
    for (const plot of this.plots) plot.destroy();
    this.plots = [];
    view.hidden = false;
    view.dataset.card = id;
    view.dataset.state = 'loading';
    view.dataset.status = card.status;
    for (const button of this.ui.list.querySelectorAll('.papers-open')) {
      button.setAttribute('aria-pressed', String(button.parentElement.dataset.card === id));
    }
    const base = `results/${card.folder}/`;
    const title = element('h3', '', card.title);
    title.id = 'papers-card-title';
    const seed = element('p', 'papers-seed', card.seed);
    const status = element('p', 'papers-verdict');
    status.append(element('span', `papers-badge status-${card.status}`, statusWords(card.status)), ` ${card.reason} `);
    const evidence = element('a', '', 'Evidence: the folder’s README');
    evidence.href = `${base}${card.evidence}`;
    status.append(evidence);
    const paper = element('section', 'papers-paper');
    paper.append(element('h4', '', 'The paper’s numbers'));
    if (card.published.length) paper.append(...card.published.map(publishedTable));
    else paper.append(element('p', 'hint', 'None in the engine’s paper tables: the figure is drawn, not printed, or the seed’s table is not legible (the reason says which).'));
    // Ours: the committed run, and beside it the rerun in this page.
    const compare = element('div', 'papers-compare');
    const ours = element('section', 'papers-ours');
    ours.append(element('h4', '', 'Ours, committed'));
    compare.append(ours);
    const files = [...card.records, ...card.raw];
    if (files.length) {
      const list = element('p', 'papers-files', 'Raw records: ');
      files.forEach((file, i) => {
        const link = element('a', '', file);
        link.href = `${base}${file}`;
        list.append(...(i ? [', ', link] : [link]));
      });
      ours.append(list);
    }
    const run = element('dl', 'papers-run');
    for (const [term, detail] of [['command', card.command], ['commit', card.commit], ['machine', card.machine]]) {
      if (!detail) continue;
      run.append(element('dt', '', term), element('dd', term === 'command' ? 'papers-command' : '', detail));
    }
    if (card.rerun) compare.append(this.rerunBox(card));
    view.replaceChildren(title, seed, status, paper, compare, run);
    const share = element('button', '', 'Share link to this card');
    share.type = 'button';
    share.id = 'papers-share';
    share.addEventListener('click', () => this.share(this.reran));
    view.append(share);
    for (const file of card.records) await this.showRecords(ours, `${base}${file}`, file);
    for (const file of card.histories) await this.showHistories(ours, `${base}${file}`, file);
    const play = card.rerun?.kind === 'play2048' && card.rerun.draws !== 'scn' ? card.rerun : null;
    if (play) await this.showPlayed(ours, `${base}${play.committed}`, play.committed, play.draws);
    if (this.openId === id) view.dataset.state = 'shown';
  }

  /**
   * Our committed file `file` (at `url`) drawn into a block of class `className` appended to
   * `into`: `draw(block, text)` draws its text; a file that cannot be read or drawn says why.
   */
  async showFile(into, url, file, className, draw) {
    const block = element('div', className);
    block.dataset.file = file;
    into.append(block);
    try {
      const answer = await fetch(url);
      if (!answer.ok) throw new Error(`${answer.status} ${answer.statusText}`);
      await draw(block, await textOf(await answer.arrayBuffer()));
    } catch (error) {
      block.append(element('p', 'error', `${file}: ${error.message}`));
    }
  }

  /** Our committed records `file` (at `url`) summarised by the engine, as a table and a plot. */
  showRecords(into, url, file) {
    return this.showFile(into, url, file, 'papers-records', async (block, text) => {
      this.draw(block, await this.engine.request('readResults', { text, experiment: 'auto' }), file);
    });
  }

  /** Our committed PPN histories `file` (at `url`): their table and each one's chart. */
  showHistories(into, url, file) {
    return this.showFile(into, url, file, 'papers-history', (block, text) => {
      this.drawHistories(block, text.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line)), file);
    });
  }

  /** Our committed 2048 games `file` (at `url`) as `draws` (Table 5.1 or 5.2), the engine's table as the CLI prints it. */
  showPlayed(into, url, file, draws) {
    return this.showFile(into, url, file, 'papers-play2048-ours', async (block, text) => {
      const tables = await this.engine.request('play2048Tables', { records: text });
      const [key, title] = PLAY2048_TABLES[draws];
      block.append(printedTable(`${file} (${tables.games} games): ${title}, as pnplay play2048 prints it`, tables[key], 'papers-play2048'));
    });
  }

  /** PPN histories drawn into `block`: the CLI's table, then a chart of each. */
  drawHistories(block, histories, caption) {
    block.append(historiesTable(`${caption}: the root's PPN of PPNS without pr, and where pr = 1e-5 stops`, histories));
    for (const history of histories) {
      const chart = element('div', 'chart');
      chart.dataset.pos = history.pos;
      block.append(chart);
      this.plots.push(historyChart(chart, history, caption));
    }
  }

  /**
   * A summary (`readResults`) drawn into `block`: the results viewer's table and plot, and
   * for a θ × pr grid what pr saves PPNS.
   */
  draw(block, results, caption) {
    const chart = element('div', 'chart');
    if (results.kind === 'experiment') {
      block.append(experimentTable(results.rows, `${caption}: ${results.records} records`), chart);
      if (results.pr_savings) block.append(savingsTable(results.pr_savings));
      this.plots.push(completionChart(chart, results.rows, (search) => this.catalogue.colour(search.split(' ')[0])));
    } else {
      block.append(matchesTable(results.matches), chart);
      this.plots.push(rateChart(chart, results.matches));
    }
  }

  /** The rerun's button, what it runs (and the command that writes the same records), and where it draws. */
  rerunBox(card) {
    const box = element('section', 'papers-rerun');
    box.append(element('h4', '', 'Rerun here'));
    const rerun = card.rerun;
    const grid = rerun.grid ? ` over θ ${rerun.grid.thetas.join(', ')} × pr ${rerun.grid.prs.map((pr) => pr ?? 'off').join(', ')}` : '';
    const what = {
      rates: () => `${rerun.searches.join(' and ')} (${optionText(rerun.options)}) from the start of ${rerun.games.join(', ')}, ${rerun.seconds} s each, in the page's worker. The rates are this machine's and this browser's (a speed, not a proof); at a budget in nodes instead of seconds the iteration counts are the command line's`,
      'ppn-history': () => `PPNS without pr (${optionText(rerun.options)}) on ${rerun.pos} with its root's PPN kept, then with pr = 1e-5, in the page's worker`,
      play2048: () => `${rerun.games} games of 4×4 2048 at each depth ${rerun.depths.join(', ')} (τ ${rerun.tau}), a game per call in the page's worker; the engine makes ${{ 'table-5-1': 'Table 5.1', 'table-5-2': 'Table 5.2', scn: 'the SCN plots' }[rerun.draws]} of them as the command line does, beside the same of the committed records ${rerun.committed}`,
      solve: () => `${rerun.settings.map(({ algo, options }) => `${algo} (${optionText(options) || 'defaults'})`).join(' and ')} run to the end on the ${rerun.game} position ${rerun.pos}, in the page's worker`,
      2048: () => `the whole ${rerun.game} experiment (objectives ${rerun.objectives.join(', ')}, spawns read as ${rerun.spawns.toUpperCase()}, ${rerun.algos.join(', ')}, each start verified exactly), in the page's worker`,
      stages: () => `${rerun.positions} positions a stage at ${rerun.stages.join(', ')} moves, ${rerun.algos.join(', ')}${grid}, in the Stages view's worker pool`,
      match: () => `${rerun.games} games of ${rerun.a} against ${rerun.b}, in the Arena view's worker pool`,
      tournament: () => `a round robin of ${rerun.agents.length} agents, ${rerun.games_per_pair} games a pair, each pair's match in the Arena view's worker pool`,
    }[rerun.kind]();
    const same = rerun.kind === 'rates' ? 'The command line measures the same' : "Its records equal the command line's";
    box.append(element('p', 'hint', `A small version that fits a browser: ${what}. ${same}:`));
    const commands = rerunCommands(rerun).map((words, i) => {
      const command = element('code', 'papers-command', ['pnplay', ...words].map(shellWord).join(' '));
      if (i === 0) command.id = 'papers-rerun-command';
      const line = element('p');
      line.append(command);
      return line;
    });
    const button = element('button', '', '▶ Rerun here');
    button.type = 'button';
    button.id = 'papers-rerun';
    button.addEventListener('click', () => this.rerun());
    const status = element('p', 'papers-rerun-status');
    status.id = 'papers-rerun-status';
    status.setAttribute('aria-live', 'polite');
    const result = element('div', 'papers-rerun-result');
    result.id = 'papers-rerun-result';
    box.append(...commands, button, status, result);
    return box;
  }

  /** Reruns the open card through its view's worker pool and draws the result beside the committed run. */
  async rerun() {
    const card = this.cards.find((c) => c.id === this.openId);
    if (!card?.rerun) return;
    const view = this.ui.card;
    const status = view.querySelector('#papers-rerun-status');
    const result = view.querySelector('#papers-rerun-result');
    const button = view.querySelector('#papers-rerun');
    const rerun = card.rerun;
    button.disabled = true;
    view.dataset.rerun = 'running';
    // The runner's own status line (jobs or games done, workers, clock) while it runs; the
    // reruns in the page's worker say theirs.
    const runner = { stages: this.runners.stages, match: this.runners.arena, tournament: this.runners.arena }[rerun.kind];
    status.textContent = runner ? 'Running in the worker pool…' : 'Running in the page’s worker…';
    const clock = runner && setInterval(() => {
      status.textContent = `Running in the worker pool: ${runner.ui.status.textContent}`;
    }, 250);
    const { kind, ...config } = rerun;
    let records;
    try {
      records = await {
        stages: () => this.rerunStages(rerun),
        match: () => this.rerunMatch(rerun),
        tournament: () => this.rerunTournament(rerun),
        rates: () => this.rerunRates(rerun, status),
        2048: () => this.engine.request('experiment2048', { config }),
        'ppn-history': async () => [await this.engine.request('ppnHistory', config)],
        play2048: () => this.rerunPlay2048(rerun, status),
        solve: () => this.rerunSolve(rerun),
      }[kind]();
      // A play2048 record comes as the CLI's line (its seed needs 64 bits).
      const text = records.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n') + '\n';
      const drawn = { play2048: () => this.drawPlay2048(card, text), solve: () => [solveTable(rerun, records)] }[kind];
      const own = drawn ? await drawn() : null;
      const results = kind === 'rates' || kind === 'ppn-history' || own ? null : await this.engine.request('readResults', { text, experiment: 'auto' });
      const committed = kind === 'rates' ? await this.committedRates(card) : null;
      const standings = kind === 'tournament' ? (await this.engine.request('tournamentResults', { config, text })).standings : null;
      if (this.openId !== card.id) return;
      const save = element('button', '', 'Download the rerun’s records (JSON Lines)');
      save.type = 'button';
      save.id = 'papers-rerun-jsonl';
      save.addEventListener('click', () => download(`${card.id}-rerun.jsonl`, text, 'application/jsonl'));
      result.replaceChildren(save);
      if (standings) result.append(standingsTable(standings));
      if (own) result.append(...own);
      else if (results) this.draw(result, results, 'This rerun');
      else if (kind === 'ppn-history') this.drawHistories(result, records, 'This rerun');
      else result.append(ratesTable(rerun, records, committed, card.published.flatMap((p) => p.cells)));
      this.reran = true;
      status.textContent = `Done: ${records.length} record${records.length === 1 ? '' : 's'}, beside the committed run. Share the link to rerun it elsewhere.`;
      view.dataset.rerun = 'done';
    } catch (error) {
      status.textContent = `Rerun: ${error.message}`;
      view.dataset.rerun = 'error';
    } finally {
      if (clock) clearInterval(clock);
      button.disabled = false;
    }
  }

  /**
   * A 2048 play rerun in the page's worker: each game of the CLI's plan in turn
   * (`play2048Game`); their JSON lines, in plan order, as `pnplay play2048 --out` writes them.
   */
  async rerunPlay2048({ depths, games, seed, tau }, status) {
    const lines = [];
    const count = depths.length * games;
    for (let index = 0; index < count; index += 1) {
      status.textContent = `Running in the page’s worker: game ${index + 1} of ${count} (depth ${depths[Math.floor(index / games)]})…`;
      lines.push(await this.engine.request('play2048Game', { config: { depths, games, seed, tau }, index }));
    }
    return lines;
  }

  /**
   * What a 2048 play rerun draws (`text`: its records), each from the engine
   * (`play2048Tables`: the CLI's tables and plots), beside the same from the committed
   * records; and how many of the rerun's games are, line for line, in those records.
   */
  async drawPlay2048(card, text) {
    const { draws, committed: file } = card.rerun;
    const answer = await fetch(`results/${card.folder}/${file}`);
    if (!answer.ok) throw new Error(`${file}: ${answer.status} ${answer.statusText}`);
    const committedText = await textOf(await answer.arrayBuffer());
    const ours = await this.engine.request('play2048Tables', { records: text });
    const committed = await this.engine.request('play2048Tables', { records: committedText });
    const committedLines = new Set(committedText.split('\n'));
    const lines = text.trim().split('\n');
    const same = element('p', 'papers-same', `${lines.filter((line) => committedLines.has(line)).length} of the rerun’s ${lines.length} games are, line for line, games of the committed records ${file}.`);
    same.id = 'papers-rerun-same';
    if (draws === 'scn') return [same, ...this.scnPlots(ours.plots, committed.plots, file, this.ui.card.querySelector('#papers-rerun-result').clientWidth)];
    const [key, title] = PLAY2048_TABLES[draws];
    return [
      same,
      printedTable(`This rerun (${ours.games} games): ${title}, as pnplay play2048 prints it`, ours[key], 'papers-play2048 papers-play2048-rerun'),
      printedTable(`The committed records ${file} (${committed.games} games): ${title}`, committed[key], 'papers-play2048 papers-play2048-committed'),
    ];
  }

  /**
   * The SCN plots of a 2048 play rerun (`ours`: `pnplay play2048 --plots`' plots, `{name,
   * plot, svg}`), one game's at a time, chosen by name: the rerun's, and under it the
   * committed records' plot of the same name (`committed`, from `file`), each drawn by uPlot
   * `width` wide and savable as the command line's SVG.
   */
  scnPlots(ours, committed, file, width) {
    if (!ours.length) return [element('p', 'hint', 'No game of this rerun ended at 1024 or 2048: pnplay play2048 --plots draws none.')];
    const figure = element('figure', 'papers-plots');
    const choice = document.createElement('select');
    choice.id = 'papers-rerun-plot';
    choice.append(...ours.map(({ name }) => new Option(name, name)));
    let charts = [];
    const show = () => {
      const name = choice.value;
      for (const chart of charts) chart.destroy();
      figure.dataset.plot = name;
      figure.replaceChildren(element('figcaption', '', `${name}, as pnplay play2048 --plots draws it`));
      const beside = committed.find((plot) => plot.name === name);
      charts = [linePlotChart(figure, ours.find((plot) => plot.name === name), 'This rerun', width)];
      if (beside) charts.push(linePlotChart(figure, beside, `The committed records ${file}`, width));
    };
    choice.addEventListener('change', show);
    show();
    this.plots.push({ destroy: () => charts.forEach((chart) => chart.destroy()) });
    const label = element('label', '', 'Game ');
    label.append(choice);
    return [label, figure];
  }

  /** A solve rerun in the page's worker: each setting's report (`solve`), as `pnplay solve --json` prints it. */
  async rerunSolve({ game, pos, settings }) {
    const reports = [];
    for (const { algo, options } of settings) reports.push(await this.engine.request('solve', { game, pos, algo, options }));
    return reports;
  }

  /** A stages rerun through the Stages view's pool; its records in job order. */
  async rerunStages({ game, stages, positions, algos, options, grid }) {
    const runner = this.runners.stages;
    await runner.run(game, { stages, positions, algos, grid }, options);
    const records = runner.records;
    if (runner.root.dataset.state !== 'done' || records.some((r) => !r)) throw new Error(runner.ui.status.textContent || 'the stages run did not finish');
    return records;
  }

  /**
   * A round robin rerun: every pair's match (agent i as A against agent j, i < j) through the
   * Arena view's pool, one after the other, as `pnplay tournament` plays them; the games
   * pair by pair, each in index order.
   */
  async rerunTournament({ game, agents, games_per_pair: games, openings, seed }) {
    const records = [];
    for (const [i, a] of agents.entries()) {
      for (const b of agents.slice(i + 1)) records.push(...(await this.rerunMatch({ game, a, b, games, openings, seed })));
    }
    return records;
  }

  /**
   * A rates rerun in the page's worker: each search from the start of each game for the
   * rerun's seconds (`benchSearch`, the `pnplay bench --search` workload); the measurements
   * in order, as `pnplay bench --json` prints them.
   */
  async rerunRates({ games, searches, options, seconds, seed }, status) {
    const measured = [];
    for (const game of games) {
      for (const search of searches) {
        status.textContent = `Running in the page’s worker: ${search} on ${game} (${measured.length + 1} of ${games.length * searches.length})…`;
        const algo = `${search}:${optionText(options)}`;
        measured.push(await this.engine.request('benchSearch', { game, algo, moves: 0, positions: 1, seed, nodes: RATES_NODES, seconds }));
      }
    }
    return measured;
  }

  /** The committed rates of `card`: each raw JSON Lines file of the folder with rate lines, as [file, lines]. */
  async committedRates(card) {
    const files = [];
    for (const file of card.raw.filter((f) => f.endsWith('.jsonl'))) {
      const answer = await fetch(`results/${card.folder}/${file}`);
      if (!answer.ok) continue;
      const lines = (await answer.text()).split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
      if (lines.some((l) => l.per_cpu_second !== undefined)) files.push([file, lines]);
    }
    return files;
  }

  /** A match rerun through the Arena view's pool; its games in index order. */
  async rerunMatch({ game, a, b, games, openings, seed }) {
    const runner = this.runners.arena;
    runner.apply({ arenaGame: game, arenaA: a, arenaB: b, arenaGames: games, arenaOpenings: openings, arenaSeed: seed });
    await runner.run();
    if (runner.root.dataset.state !== 'done') throw new Error(runner.ui.status.textContent || 'the match did not finish');
    return runner.finished();
  }

  /** Checks the chosen certificate file in the engine and says "valid" or the first failing node. */
  async checkFile() {
    const file = this.ui.certificateFile.files?.[0];
    const out = this.ui.certificateResult;
    if (!file) return;
    out.dataset.state = 'checking';
    out.textContent = `Checking ${file.name}…`;
    try {
      const answer = await this.engine.request('checkCertificate', { text: await file.text() });
      out.dataset.state = answer.ok ? 'valid' : 'rejected';
      out.textContent = answer.ok
        ? `${file.name}: valid — ${answer.verdict}: ${answer.question} (${answer.nodes.toLocaleString('en')} nodes checked with the rules alone).`
        : `${file.name}: not valid — ${answer.line}`;
    } catch (error) {
      out.dataset.state = 'error';
      out.textContent = `${file.name}: ${error.message}`;
    }
  }
}
