// The arena in the page (issue 11; src/arena, the PN-MCTS paper's Table II and Figures 3–4):
// two agents (arena-agent.js) play a match of N games of one game in a pool of workers, game
// i played by `arenaPlayGame` exactly as `pnplay match` plays it (A first in the even games,
// seeded openings `random:K`), so the same settings give the same games as the CLI. Results
// are kept by game index whatever order the workers finish in. The engine summarises them
// (`arenaSummary`: the CLI's W/D/L, A's score rate with its normal and Wilson 95 % intervals,
// and the CLI's summary line); the page never computes an interval. A live plot shows A's
// rate and both intervals after each number of games (in index order: the point at n is what
// `pnplay match --games n` prints once those games are in), a table lists the games, and
// clicking one replays it move by move on a board the engine draws (`describe`/`play`).
// Downloads: the games as JSON Lines (the lines `pnplay match --out` writes, but for the
// seconds), a CSV of the games and the summary. Pause stops handing out games (the running
// ones finish); Cancel ends the workers. The workers, one thread each, are one fewer than the
// page's threads unless the user sets them (lib/pool.js). The share link (fields ag, aa, ab, an, ao, as and
// run) opens the view with the settings and, when made by the panel's Share button, reruns
// the match: with iteration or node budgets it replays the same games.
//
// The default agents come from the engine's support matrix (catalogue.js `searchesFor`):
// PN-MCTS against MCTS where both can play the game, else the first searches that can; a
// link without agents (aa, ab) gets the defaults of its game, and changing the game moves
// agents still at their defaults to the new game's. The agents' search selects offer only
// the searches that can run the game.

import { download } from '../lib/download.js';
import uPlot from '../vendor/uPlot.mjs';
import { readWhole } from '../lib/catalogue.js';
import { onPoolSize, openPool, poolSize } from '../lib/pool.js';
import { markInput, setting } from './params-view.js';
import { renderBoard } from '../lib/board.js';
import { AgentField } from './arena-agent.js';
import { themed } from '../lib/chart-theme.js';
import { panelElements } from '../lib/dom.js';
import { PanelView } from './panel-view.js';
import { percent1 } from '../lib/numbers.js';

const MAX_GAMES = 10000;
const MAX_WORKERS = 16;
const CLOCK_EVERY_MS = 200;
const SUMMARY_EVERY_MS = 250;

const PANEL = `
  <h2 id="arena-heading">Arena</h2>
  <p class="hint">Two agents play a match: A plays first in the even-numbered games and second in the odd ones, each game after its seeded random opening, in a pool of workers. The same settings give the same games as <code>pnplay match</code> (with budgets in iterations or nodes; seconds depend on the machine). A draw counts half.</p>
  <div class="arena-settings">
    <label>Game <input id="arena-game" type="text" list="arena-games" size="14" spellcheck="false" autocomplete="off" aria-label="Game (a name of the catalogue, e.g. connect4:5x4)"></label>
    <datalist id="arena-games"></datalist>
    <label>Games <input id="arena-count" type="number" min="1" max="${MAX_GAMES}" step="1"></label>
    <label>Openings <input id="arena-openings" type="text" size="9" spellcheck="false" aria-label="Openings (random:K random plies, or none)"></label>
    <label>Seed <input id="arena-seed" type="number" min="0" step="1"></label>
    <label title="Games played at once; the results do not depend on it">Workers <input id="arena-workers" type="number" min="1" max="${MAX_WORKERS}" step="1"></label>
  </div>
  <div class="arena-agents">
    <div id="arena-agent-a" class="arena-agent" role="group" aria-label="Agent A"></div>
    <div id="arena-agent-b" class="arena-agent" role="group" aria-label="Agent B"></div>
  </div>
  <div class="row">
    <button id="arena-run" type="button">▶ Run match</button>
    <button id="arena-pause" type="button" disabled>Pause</button>
    <button id="arena-cancel" type="button" disabled>Cancel</button>
    <button id="arena-share" type="button" title="A link that opens this view with these settings and reruns the match">Share link</button>
  </div>
  <p class="arena-cli"><span>The same match on the command line:</span> <code id="arena-cli"></code> <button id="arena-cli-copy" type="button" class="small">Copy</button></p>
  <progress id="arena-progress" max="1" value="0" aria-label="Match progress"></progress>
  <p id="arena-status" aria-live="polite"></p>
  <div id="arena-results" class="arena-results" hidden>
    <div class="arena-summary-box">
      <div id="arena-summary" class="arena-summary"></div>
      <p class="arena-line"><span class="hint">As <code>pnplay match</code> prints it:</span> <code id="arena-line"></code></p>
      <div class="row">
        <button id="arena-jsonl" type="button" title="One JSON line per game, as pnplay match --out writes">Download JSON Lines</button>
        <button id="arena-csv" type="button">Download CSV</button>
        <button id="arena-summary-json" type="button" title="The summary as pnplay match --json prints it">Download summary</button>
      </div>
      <div id="arena-chart" class="chart arena-chart"></div>
    </div>
    <div id="arena-replay" class="arena-replay" aria-label="Replay">
      <h3 id="arena-replay-title">Replay: click a game in the table</h3>
      <div id="arena-board" class="board arena-board" aria-label="Replay board"></div>
      <div class="row arena-replay-controls">
        <button id="arena-first" type="button" title="The start position" aria-label="Start">⇤</button>
        <button id="arena-prev" type="button" title="Back one ply" aria-label="Back one ply">◀</button>
        <input id="arena-ply" type="range" min="0" max="0" value="0" aria-label="Ply">
        <button id="arena-next" type="button" title="Forward one ply" aria-label="Forward one ply">▶</button>
        <button id="arena-last" type="button" title="The final position" aria-label="End">⇥</button>
      </div>
      <p id="arena-replay-line" class="arena-replay-line" aria-live="polite"></p>
    </div>
  </div>
  <div id="arena-table" class="arena-table"></div>`;

/** A shell word: as it is when it needs no quoting, else in single quotes. */
const shellWord = (text) => (/^[\w:,=.+\-/]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`);

const percent = (x) => `${percent1(x)} %`;
const OUTCOME = { win: 'A won', draw: 'draw', loss: 'A lost' };

export class ArenaView extends PanelView {
  /**
   * Builds the arena panel before `before` (an element of the page's main grid). `engine`:
   * the page's EngineClient (summaries, replays); `catalogue`: the engine's catalogues;
   * `share()`: what the Share button does (a link with `run`).
   */
  constructor(before, { engine, catalogue, share }) {
    super(before, 'arena', PANEL, { engine, catalogue });
    const { root } = this;
    this.pool = [];
    this.generation = 0; // bumped by each run and cancel: a stale run changes nothing
    /** The default agents of the game shown (what a link leaves out). */
    this.defaultsShown = { a: null, b: null };
    this.records = [];
    this.plot = null;
    this.ui = panelElements(root, 'arena', [
      'game', 'count', 'openings', 'seed', 'workers', 'run', 'pause', 'cancel', 'cli', 'progress',
      'status', 'results', 'summary', 'line', 'chart', 'table', 'board', 'replayTitle', 'replayLine', 'ply',
    ]);
    const $ = (selector) => root.querySelector(selector);
    $('#arena-games').append(
      ...catalogue.listedGames.map((game) => Object.assign(document.createElement('option'), { value: game.name, label: game.title })),
    );
    const changed = () => this.showCommand();
    const agent = (side, title) =>
      new AgentField($(`#arena-agent-${side}`), { side, title, catalogue, engine, onChange: changed });
    this.agents = { a: agent('a', 'Agent A (its win rate is reported)'), b: agent('b', 'Agent B') };
    for (const input of [this.ui.game, this.ui.count, this.ui.openings, this.ui.seed]) input.addEventListener('input', changed);
    this.ui.game.addEventListener('input', () => this.gameChanged());
    // The workers follow the page's thread setting (lib/pool.js) until the user sets them.
    const follow = (size) => {
      if (!this.ui.workers.dataset.edited) this.ui.workers.value = String(Math.min(MAX_WORKERS, size));
    };
    follow(poolSize());
    onPoolSize(follow);
    this.ui.workers.addEventListener('input', () => (this.ui.workers.dataset.edited = 'yes'));
    this.ui.run.addEventListener('click', () => this.run());
    this.ui.pause.addEventListener('click', () => this.togglePause());
    this.ui.cancel.addEventListener('click', () => this.cancel());
    $('#arena-share').addEventListener('click', share);
    $('#arena-cli-copy').addEventListener('click', () => navigator.clipboard.writeText(this.ui.cli.textContent).catch(() => {}));
    $('#arena-jsonl').addEventListener('click', () =>
      download(`arena-${this.fileStem()}.jsonl`, this.finished().map((r) => JSON.stringify(r)).join('\n') + '\n', 'application/jsonl'),
    );
    $('#arena-csv').addEventListener('click', () => download(`arena-${this.fileStem()}.csv`, this.csv(), 'text/csv'));
    $('#arena-summary-json').addEventListener('click', () =>
      download(`arena-${this.fileStem()}-summary.json`, JSON.stringify(this.summary?.summary ?? null) + '\n', 'application/json'),
    );
    $('#arena-first').addEventListener('click', () => this.showPly(0));
    $('#arena-prev').addEventListener('click', () => this.showPly((this.replay?.at ?? 0) - 1));
    $('#arena-next').addEventListener('click', () => this.showPly((this.replay?.at ?? 0) + 1));
    $('#arena-last').addEventListener('click', () => this.showPly(Infinity));
    this.ui.ply.addEventListener('input', () => this.showPly(Number(this.ui.ply.value)));
  }

  /**
   * This view for the page's view list (views.js): its panel and its share-link fields
   * (ag game, aa / ab the agents' texts, an games, ao openings, as seed; run: rerun when the
   * link opens). The agents' texts are checked by the engine when the view shows them.
   */
  registration() {
    const text = (what) => (value) => {
      if (value.trim() === '') throw new Error(`needs ${what}`);
      return value.trim();
    };
    return this.entry('arena', 'Arena', {
      fields: {
        ag: { key: 'arenaGame', read: text('a game'), initial: () => this.catalogue.defaults.game },
        // null: the default agents of the game (`defaultAgents`).
        aa: { key: 'arenaA', read: text('an agent'), initial: () => null },
        ab: { key: 'arenaB', read: text('an agent'), initial: () => null },
        an: { key: 'arenaGames', read: (t) => readWhole(t, 1, MAX_GAMES), initial: () => 20 },
        ao: { key: 'arenaOpenings', read: text('openings (random:K or none)'), initial: () => 'none' },
        as: { key: 'arenaSeed', read: (t) => readWhole(t, 0, Number.MAX_SAFE_INTEGER), initial: () => 1 },
        // The same field as the stages view's: the page's Share buttons set it.
        run: { key: 'run', read: (t) => t === '1', write: (run) => (run ? '1' : '0'), initial: () => false },
      },
      state: () => ({
        arenaGame: this.ui.game.value.trim(),
        arenaA: this.agents.a.value === this.defaultsShown.a ? null : this.agents.a.value,
        arenaB: this.agents.b.value === this.defaultsShown.b ? null : this.agents.b.value,
        arenaGames: this.readOr(() => readWhole(this.ui.count.value, 1, MAX_GAMES)),
        arenaOpenings: this.ui.openings.value.trim(),
        arenaSeed: this.readOr(() => readWhole(this.ui.seed.value, 0, Number.MAX_SAFE_INTEGER)),
        run: false,
      }),
      apply: (values) => this.apply(values),
      // A link made with the panel's Share button reruns the match when it opens.
      opened: (values) => {
        if (values.run) this.run();
      },
    });
  }

  /** A field's value, or null (the link then carries the default) when it cannot be read. */
  readOr(read) {
    try {
      return read();
    } catch {
      return null;
    }
  }

  /**
   * The default agents of `game`, from the support matrix: PN-MCTS (A) against MCTS (B)
   * where both can play it, else the first playing searches that can (the same search on
   * both sides if only one can; random if none), each with 1,000 iterations per move.
   */
  defaultAgents(game) {
    const plays = this.catalogue.searchesFor(game, { plays: true });
    const a = plays.find((s) => s.id === 'pnmcts') ?? plays[0];
    const b = plays.find((s) => s.id === 'mcts' && s !== a) ?? plays.find((s) => s !== a) ?? a;
    const agent = (search) => (search ? `${search.id}:iterations=1000` : 'random');
    return { a: agent(a), b: agent(b) };
  }

  /** A new game: agents still at the old game's defaults take the new game's. */
  gameChanged() {
    const game = this.ui.game.value.trim();
    const fresh = this.defaultAgents(game);
    for (const side of ['a', 'b']) {
      this.agents[side].offer(game);
      if (this.agents[side].value === this.defaultsShown[side]) this.agents[side].set(fresh[side]);
    }
    this.defaultsShown = fresh;
    this.showCommand();
  }

  apply({ arenaGame, arenaA, arenaB, arenaGames, arenaOpenings, arenaSeed }) {
    this.ui.game.value = arenaGame;
    this.defaultsShown = this.defaultAgents(arenaGame);
    for (const side of ['a', 'b']) this.agents[side].offer(arenaGame);
    this.agents.a.set(arenaA ?? this.defaultsShown.a);
    this.agents.b.set(arenaB ?? this.defaultsShown.b);
    this.ui.count.value = String(arenaGames);
    this.ui.openings.value = arenaOpenings;
    this.ui.seed.value = String(arenaSeed);
    this.showCommand();
  }

  /** Marks the setting `field` (a state key) as wrong; false if it is not one of this view's. */
  mark(field, message) {
    const input = {
      arenaGame: this.ui.game,
      arenaA: this.agents.a.text,
      arenaB: this.agents.b.text,
      arenaGames: this.ui.count,
      arenaOpenings: this.ui.openings,
      arenaSeed: this.ui.seed,
    }[field];
    if (!input) return false;
    markInput(input, message);
    return true;
  }

  /** The `pnplay match` command of the settings as the fields show them. */
  command() {
    const words = ['pnplay', 'match', '--game', this.ui.game.value.trim(), '--a', this.agents.a.value, '--b', this.agents.b.value, '--games', this.ui.count.value.trim()];
    const openings = this.ui.openings.value.trim();
    if (openings !== '' && openings !== 'none') words.push('--openings', openings);
    words.push('--seed', this.ui.seed.value.trim(), '--out', 'games.jsonl');
    return words.map((w) => shellWord(w || '?')).join(' ');
  }

  showCommand() {
    this.ui.cli.textContent = this.command();
  }

  fileStem() {
    return (this.match?.game ?? 'match').replace(/[^\w.-]+/g, '-');
  }

  /** Says why the match cannot run, in the panel's status line. */
  fail(message) {
    this.ui.status.textContent = message;
    this.root.dataset.state = 'error';
  }

  /**
   * The match the fields describe, checked: the whole numbers here, the agents, game and
   * openings by the engine. A setting that cannot be read is marked and its Error thrown.
   */
  async settings() {
    const games = setting('arenaGames', 'games', (t) => readWhole(t, 1, MAX_GAMES), this.ui.count.value);
    const seed = setting('arenaSeed', 'seed', (t) => readWhole(t, 0, Number.MAX_SAFE_INTEGER), this.ui.seed.value);
    const workers = setting('arenaWorkers', 'workers', (t) => readWhole(t, 1, MAX_WORKERS), this.ui.workers.value);
    const game = this.ui.game.value.trim();
    const [a, b] = await Promise.all(
      ['a', 'b'].map((side) =>
        this.agents[side].check().catch((error) => {
          throw Object.assign(new Error(`agent ${side.toUpperCase()}: ${error.message}`), { field: null });
        }),
      ),
    );
    const config = { a, b, openings: this.ui.openings.value.trim(), seed };
    let start;
    try {
      start = await this.engine.request('describe', { game });
      // The engine reads the whole match (the openings too) and gives the empty summary.
      await this.engine.request('arenaSummary', { game, config, records: [] });
    } catch (error) {
      const input = { game: this.ui.game, openings: this.ui.openings }[error.field];
      throw Object.assign(new Error(error.message), { field: input ? { game: 'arenaGame', openings: 'arenaOpenings' }[error.field] : null });
    }
    return { game, config, games, workers, start };
  }

  /** Checks the settings and plays the match (any match running is cancelled first). */
  async run() {
    this.cancel();
    const generation = ++this.generation;
    const current = () => generation === this.generation;
    this.root.dataset.state = 'checking';
    this.ui.status.textContent = 'Checking the settings…';
    let match;
    try {
      match = await this.settings();
    } catch (error) {
      if (!current()) return;
      if (error.field === 'arenaWorkers') markInput(this.ui.workers, error.message);
      else if (error.field) this.mark(error.field, error.message);
      this.fail(error.message);
      return;
    }
    if (!current()) return;
    this.match = match;
    this.records = new Array(match.games).fill(null);
    this.summary = null;
    this.paused = false;
    this.startTable();
    this.ui.results.hidden = false;
    this.ui.summary.replaceChildren();
    this.ui.line.textContent = '';
    this.drawPlot([]);
    this.resetReplay();
    const size = Math.min(match.workers, match.games);
    this.pool = openPool(size);
    this.next = 0;
    this.done = 0;
    this.busy = 0;
    this.started = performance.now();
    this.pausedAt = null;
    this.tell();
    this.clock = setInterval(() => this.tell(), CLOCK_EVERY_MS);
    this.ui.run.disabled = true;
    this.ui.pause.disabled = false;
    this.ui.cancel.disabled = false;
    this.ui.pause.textContent = 'Pause';
    this.root.dataset.state = 'running';
    await this.play(generation);
  }

  /** Lets every worker of the pool take games until none is left or the match is paused. */
  async play(generation) {
    const { game, config, games } = this.match;
    const current = () => generation === this.generation;
    const work = async (client) => {
      while (this.next < games && !this.paused && this.pool.includes(client)) {
        const index = this.next++;
        this.busy++;
        try {
          this.records[index] = await client.request('arenaPlayGame', { game, config, index });
        } finally {
          this.busy--;
        }
        if (!current()) return;
        this.done++;
        this.ui.progress.value = this.done / games;
        this.fillRow(index);
        this.tell();
        this.summarise();
      }
    };
    try {
      await Promise.all(this.pool.map(work));
    } catch (error) {
      if (!current() || !this.pool.length) return;
      // An agent's error names it ("a: …"): mark that agent's text.
      const side = /^([ab]): /.exec(error.message)?.[1];
      if (side) markInput(this.agents[side].text, error.message);
      this.stop();
      this.fail(`match: ${error.message}`);
      return;
    }
    if (!current()) return;
    if (this.done === games) {
      this.stop();
      this.tell();
      await this.summarise({ now: true });
      if (current()) this.root.dataset.state = 'done';
    } else if (this.paused) {
      // The clock stops while the match is paused.
      clearInterval(this.clock);
      this.pausedAt = performance.now();
      this.root.dataset.state = 'paused';
      this.ui.pause.disabled = false;
      this.tell();
    }
  }

  /** Pause: no new game starts (the running ones finish); Resume: the workers go on. */
  togglePause() {
    if (!this.pool.length) return;
    if (!this.paused) {
      this.paused = true;
      this.ui.pause.textContent = 'Resume';
      // Until the running games are in, the button waits.
      this.ui.pause.disabled = this.busy > 0;
      this.tell();
      return;
    }
    this.paused = false;
    if (this.pausedAt !== null) {
      this.started += performance.now() - this.pausedAt;
      this.pausedAt = null;
      this.clock = setInterval(() => this.tell(), CLOCK_EVERY_MS);
    }
    this.ui.pause.textContent = 'Pause';
    this.root.dataset.state = 'running';
    this.play(this.generation);
  }

  /** Ends the workers; the games already played stay (summary, table, downloads). */
  cancel() {
    if (!this.pool.length) return;
    this.generation++;
    this.stop();
    this.root.dataset.state = 'cancelled';
    this.tell();
    this.ui.status.textContent += ' · cancelled';
    if (this.done) this.summarise({ now: true });
  }

  stop() {
    clearInterval(this.clock);
    for (const client of this.pool) client.close();
    this.pool = [];
    this.ui.run.disabled = false;
    this.ui.pause.disabled = true;
    this.ui.cancel.disabled = true;
    this.ui.pause.textContent = 'Pause';
  }

  /** The status line: games done, running, workers, the clock. */
  tell() {
    const { games } = this.match;
    const seconds = ((performance.now() - this.started) / 1000).toFixed(1);
    const workers = this.pool.length;
    let text = `${this.done} of ${games} games played · ${this.busy} running`;
    if (workers) text += ` · ${workers} worker${workers === 1 ? '' : 's'}`;
    text += ` · ${seconds} s`;
    if (this.paused && this.pool.length) text += this.busy ? ' · pausing: the running games finish' : ' · paused';
    if (this.pool.length || this.paused) this.ui.status.textContent = text;
    else if (this.done === games) this.ui.status.textContent = `${games} games played in ${seconds} s`;
    else this.ui.status.textContent = text;
    if (this.paused && !this.busy && this.pool.length) this.ui.pause.disabled = false;
  }

  /** The games played so far, in index order. */
  finished() {
    return this.records.filter(Boolean);
  }

  /**
   * Asks the engine for the summary of the games played (in index order) and shows it, at
   * most every SUMMARY_EVERY_MS (`now`: at once), one request at a time.
   */
  async summarise({ now = false } = {}) {
    this.summaryWanted = true;
    if (this.summaryBusy) return this.summaryBusy;
    const wait = now ? 0 : Math.max(0, (this.summaryAt ?? 0) + SUMMARY_EVERY_MS - performance.now());
    this.summaryBusy = (async () => {
      if (wait) await new Promise((resolve) => setTimeout(resolve, wait));
      while (this.summaryWanted) {
        this.summaryWanted = false;
        const { match } = this;
        const { game, config } = match;
        // The summary reads no moves: the records travel without them.
        const records = this.finished().map((r) => ({ ...r, opening: [], moves: [] }));
        let summary;
        try {
          summary = await this.engine.request('arenaSummary', { game, config, records });
        } catch (error) {
          this.fail(`summary: ${error.message}`);
          break;
        }
        if (match !== this.match) continue; // a new match started meanwhile
        this.summary = summary;
        this.summaryAt = performance.now();
        this.showSummary();
      }
      this.summaryBusy = null;
    })();
    return this.summaryBusy;
  }

  showSummary() {
    const { summary, line, curve } = this.summary;
    const box = (title, value, detail = '') => {
      const div = document.createElement('div');
      div.className = 'arena-figure';
      const big = document.createElement('strong');
      big.textContent = value;
      const small = document.createElement('span');
      small.textContent = title;
      div.append(big, small);
      if (detail) div.title = detail;
      return div;
    };
    const rate = summary;
    const figures = [
      box('A wins', String(summary.wins)),
      box('draws', String(summary.draws)),
      box('A losses', String(summary.losses)),
      box('A’s score', `${summary.wins + summary.draws / 2} / ${summary.games}`, 'wins plus half the draws'),
      box('A’s win rate', `${percent(rate.rate)} ± ${percent1(rate.plus_minus)}`, '95 %, normal approximation 1.96·sqrt(p(1−p)/n), as the PN-MCTS paper'),
      box('Wilson 95 %', `${percent1(rate.wilson[0])}–${percent1(rate.wilson[1])} %`, 'Wilson score interval'),
    ];
    if (summary.fallbacks.a || summary.fallbacks.b) {
      figures.push(box('fallback moves A / B', `${summary.fallbacks.a} / ${summary.fallbacks.b}`, 'the search gave no move: the first legal move was played'));
    }
    this.ui.summary.replaceChildren(...figures);
    this.ui.summary.dataset.wins = summary.wins;
    this.ui.summary.dataset.draws = summary.draws;
    this.ui.summary.dataset.losses = summary.losses;
    this.ui.line.textContent = line;
    this.drawPlot(curve);
  }

  /** A's rate (%) with its normal band and Wilson lines, against games played. */
  drawPlot(curve) {
    const pc = (x) => 100 * x;
    const data = [
      curve.map((p) => p.games),
      curve.map((p) => pc(p.rate)),
      curve.map((p) => pc(p.normal[0])),
      curve.map((p) => pc(p.normal[1])),
      curve.map((p) => pc(p.wilson[0])),
      curve.map((p) => pc(p.wilson[1])),
    ];
    if (this.plot) {
      this.plot.setData(data);
      return;
    }
    const accent = '#1f5fae';
    this.plot = new uPlot(
      {
        title: 'A’s win rate (%) with its 95 % intervals',
        width: this.chartWidth(),
        height: 240,
        scales: { x: { time: false }, y: { range: [0, 100] } },
        // Whole numbers of games on the x axis.
        axes: themed([{ label: 'games played (in game order)', incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000] }, { label: 'A’s win rate %' }]),
        series: [
          { label: 'games' },
          { label: 'win rate', stroke: accent, width: 2 },
          { label: 'normal low', stroke: 'rgba(31,95,174,0.35)', width: 1, points: { show: false } },
          { label: 'normal high', stroke: 'rgba(31,95,174,0.35)', width: 1, points: { show: false } },
          { label: 'Wilson low', stroke: '#d62728', dash: [5, 4], width: 1, points: { show: false } },
          { label: 'Wilson high', stroke: '#d62728', dash: [5, 4], width: 1, points: { show: false } },
        ],
        bands: [{ series: [3, 2], fill: 'rgba(31,95,174,0.15)' }],
        legend: { live: false },
      },
      data,
      this.ui.chart,
    );
    this.observer?.disconnect();
    this.observer = new ResizeObserver(() => {
      const width = this.chartWidth();
      if (this.plot && Math.abs(this.plot.width - width) > 1) this.plot.setSize({ width, height: 240 });
    });
    this.observer.observe(this.ui.chart);
  }

  chartWidth() {
    return Math.max(260, Math.min(this.ui.chart.clientWidth || 600, 900));
  }

  /** A's colour in game `record` (or who plays, in a one-player game). */
  colourOf(aPlays) {
    const players = this.catalogue.presentation(this.match.start).players;
    if (players.length < 2) return aPlays === 'first' ? 'A plays' : 'B plays';
    return players[aPlays === 'first' ? 0 : 1];
  }

  /** The table of the match's games, one row per index (filled as games come in). */
  startTable() {
    const table = document.createElement('table');
    table.createCaption().textContent = 'Games (click one to replay it)';
    const head = table.createTHead().insertRow();
    const titles = [
      ['game', 'The game’s index in the match'],
      ['A plays', 'A’s colour: A plays first in the even games'],
      ['result', 'The result for A'],
      ['plies', 'Plies after the opening (opening plies in brackets)'],
      ['fallbacks A / B', 'Moves where the search named none and the first legal move was played'],
      ['iterations A / B', 'Iterations the agents’ searches ran, over the game'],
    ];
    for (const [title, help] of titles) {
      const th = document.createElement('th');
      th.textContent = title;
      th.title = help;
      head.append(th);
    }
    const body = table.createTBody();
    this.rows = this.records.map((_, index) => {
      const tr = body.insertRow();
      tr.dataset.index = index;
      tr.className = 'pending';
      tr.insertCell().textContent = String(index);
      for (let i = 1; i < titles.length; i++) tr.insertCell().textContent = '…';
      return tr;
    });
    // One listener for every row (a match may have thousands): a played game replays.
    const open = (event) => {
      const index = Number(event.target.closest('tr')?.dataset.index);
      if (!Number.isInteger(index) || !this.records[index]) return false;
      this.openReplay(index);
      return true;
    };
    body.addEventListener('click', open);
    body.addEventListener('keydown', (event) => {
      if ((event.key === 'Enter' || event.key === ' ') && open(event)) event.preventDefault();
    });
    this.ui.table.replaceChildren(table);
  }

  fillRow(index) {
    const record = this.records[index];
    const tr = this.rows[index];
    const iterations = (by) => record.moves.filter((ply) => ply.by === by).reduce((sum, ply) => sum + ply.iterations, 0);
    const cells = [
      String(index),
      this.colourOf(record.a_plays),
      OUTCOME[record.a_result],
      record.opening.length ? `${record.moves.length} (+${record.opening.length})` : String(record.moves.length),
      `${record.fallbacks.a} / ${record.fallbacks.b}`,
      `${iterations('a').toLocaleString('en')} / ${iterations('b').toLocaleString('en')}`,
    ];
    cells.forEach((text, i) => {
      tr.cells[i].textContent = text;
    });
    tr.className = `played result-${record.a_result}`;
    tr.dataset.result = record.a_result;
    tr.tabIndex = 0;
    tr.setAttribute('aria-label', `Game ${index}: ${OUTCOME[record.a_result]}; replay it`);
  }

  csv() {
    const head = 'index,a_plays,a_result,result,opening_plies,plies,fallbacks_a,fallbacks_b,iterations_a,iterations_b';
    const lines = this.finished().map((r) => {
      const iterations = (by) => r.moves.filter((p) => p.by === by).reduce((sum, p) => sum + p.iterations, 0);
      return [r.index, r.a_plays, r.a_result, r.result, r.opening.length, r.moves.length, r.fallbacks.a, r.fallbacks.b, iterations('a'), iterations('b')].join(',');
    });
    return [head, ...lines].join('\n') + '\n';
  }

  // ------------------------------------------------------------------ replay

  resetReplay() {
    this.replayAsked = (this.replayAsked ?? 0) + 1; // a replay being prepared is not shown
    this.replay = null;
    this.ui.board.replaceChildren();
    this.ui.replayTitle.textContent = 'Replay: click a game in the table';
    this.ui.replayLine.textContent = '';
    this.ui.ply.max = '0';
    this.ui.ply.value = '0';
    delete this.ui.board.dataset.game;
  }

  /**
   * Replays game `index`: the engine describes the start and plays the game's opening and
   * moves one by one (the positions and the cells of the moves are the engine's).
   */
  async openReplay(index) {
    const record = this.records[index];
    const { game } = this.match;
    const asked = (this.replayAsked = (this.replayAsked ?? 0) + 1);
    for (const row of this.rows) row.removeAttribute('aria-current');
    this.rows[index].setAttribute('aria-current', 'true');
    const plies = [...record.opening.map((move) => ({ move, by: 'opening' })), ...record.moves];
    let view = await this.engine.request('describe', { game });
    const steps = [{ view, cell: null, ply: null }];
    for (const ply of plies) {
      const cell = view.moves.find((m) => m.text === ply.move)?.cell ?? null;
      view = await this.engine.request('play', { game, pos: view.text, move: ply.move });
      steps.push({ view, cell, ply });
    }
    if (asked !== this.replayAsked) return;
    this.replay = { index, record, steps, at: 0 };
    this.ui.ply.max = String(steps.length - 1);
    const colour = this.colourOf(record.a_plays);
    const who = colour.endsWith(' plays') ? colour : `A plays ${colour}`; // one player: 'A plays' or 'B plays'
    this.ui.replayTitle.textContent = `Replay of game ${index}: ${who}, ${OUTCOME[record.a_result]}`;
    this.ui.board.dataset.game = String(index);
    this.ui.board.dataset.final = view.text;
    this.showPly(Infinity);
  }

  /** Shows ply `at` (0: the start; clamped) of the game being replayed. */
  showPly(at) {
    const replay = this.replay;
    if (!replay) return;
    replay.at = Math.max(0, Math.min(replay.steps.length - 1, Number.isFinite(at) ? at : Infinity));
    const { view, cell, ply } = replay.steps[replay.at];
    renderBoard(this.ui.board, view, this.catalogue.presentation(view), { interactive: false, highlight: cell });
    this.ui.board.dataset.ply = String(replay.at);
    this.ui.board.dataset.position = view.text;
    this.ui.ply.value = String(replay.at);
    const total = replay.steps.length - 1;
    const who = { a: `A (${replay.record.a})`, b: `B (${replay.record.b})`, chance: 'chance', opening: 'the random opening' };
    let text = `ply ${replay.at} of ${total}`;
    if (ply) {
      text += `: ${ply.move} by ${who[ply.by] ?? ply.by}`;
      const agent = { a: replay.record.a, b: replay.record.b }[ply.by];
      if (agent && agent !== 'random') {
        // A search agent plays a forced move (one legal move) without searching.
        const forced = replay.steps[replay.at - 1].view.moves.length === 1;
        text += forced ? ' · the only legal move, played without search' : ` · ${ply.iterations.toLocaleString('en')} iterations`;
        if (ply.fallback) text += ' · fallback: the search named no move, the first legal one was played';
      }
    } else {
      text += ': the start position';
    }
    if (replay.at === total) text += ` · game over: ${OUTCOME[replay.record.a_result]}`;
    this.ui.replayLine.textContent = text;
  }
}
