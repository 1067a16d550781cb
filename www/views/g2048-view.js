// The 2048 view (issue 14): expectimax plays 4×4 2048 past 2048 live, as the dissertation's
// chapter 5 player (§5.3.2). Each move the engine (the worker's `live2048Step`, one
// `LiveGame` step of src/experiment/play2048.rs, the code `pnplay play2048` runs) searches
// the position, reports every root move's expectimax value, the single conspiracy number
// (§5.2) under the thresholds T1 (doubling per new highest tile) and T2, and — with Star1 on
// — the Star1 search's cut-offs; then plays and draws the spawn from the game's seed, so a
// seed gives the CLI's game. Pause, and the arrow keys or the move buttons play your move
// instead (the engine still values the position); Resume hands back to expectimax.
// The chart's container says what is drawn: `data-points` (steps plotted), `data-scn` and
// `data-t1` (each step's SCN under T1, `inf` for ∞, and T1).

import uPlot from '../vendor/uPlot.mjs';
import { themed } from '../lib/chart-theme.js';
import { panelElements } from '../lib/dom.js';
import { PanelView } from './panel-view.js';

const MOVES = ['up', 'down', 'left', 'right'];
const ARROWS = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' };
const GLYPH = { up: '↑', down: '↓', left: '←', right: '→' };

const PANEL = `
  <h2 id="g2048-heading">2048: expectimax plays</h2>
  <p class="hint">Expectimax (the dissertation's §5.3.2 player, evaluation 5.1) plays 4×4 2048 past 2048. Every move shows each move's expectimax value, the position's single conspiracy number (SCN, §5.2) under the threshold T1 and Star1's cut-offs. Pause and play yourself with the arrow keys or the buttons; Resume hands back to expectimax. The same seed and depth give the game of <code>pnplay play2048</code>.</p>
  <div class="row g2048-settings">
    <label>Depth (plies) <input id="g2048-depth" type="number" min="1" max="6" value="3"></label>
    <label>Star1 <select id="g2048-star1"><option value="on">on</option><option value="off">off</option></select></label>
    <label>τ <input id="g2048-tau" type="number" min="0.1" step="0.1" value="1.5"></label>
    <label>Seed <input id="g2048-seed" type="text" inputmode="numeric" size="20" value="1"></label>
    <button id="g2048-new" type="button">New game</button>
  </div>
  <div class="row g2048-controls">
    <button id="g2048-start" type="button">Start</button>
    <button id="g2048-step" type="button">Step</button>
    <label>Speed <input id="g2048-speed" type="range" min="0" max="4" value="3"> <span id="g2048-speed-text"></span></label>
  </div>
  <p id="g2048-error" class="arena-error" aria-live="polite"></p>
  <div class="g2048-main">
    <div>
      <div id="g2048-board" class="g2048-board" tabindex="0" aria-label="2048 board: arrow keys move"></div>
      <div class="g2048-pad">${MOVES.map((m) => `<button type="button" data-move="${m}" title="${m}">${GLYPH[m]}</button>`).join('')}</div>
    </div>
    <div class="g2048-side">
      <dl id="g2048-stats" class="g2048-stats"></dl>
      <table id="g2048-moves" class="g2048-moves"><caption>Last position: expectimax value of each move</caption><thead><tr><th>move</th><th>value</th><th></th></tr></thead><tbody></tbody></table>
    </div>
  </div>
  <div id="g2048-chart" class="chart" data-points="0"></div>`;

const SPEEDS = [
  [1000, '1 move/s'],
  [400, '2.5 moves/s'],
  [150, '≈7 moves/s'],
  [30, 'fast'],
  [0, 'as fast as it can'],
];

export class G2048View extends PanelView {
  /** Builds the panel before `before`; `engine`: the page's engine client. */
  constructor(before, { engine }) {
    super(before, 'g2048', PANEL, { engine });
    const { root } = this;
    this.running = false;
    this.looping = false;
    this.busy = false;
    this.plot = null;
    this.ui = {
      ...panelElements(root, 'g2048', ['depth', 'star1', 'tau', 'seed', 'start', 'step', 'speed', 'speedText', 'error', 'board', 'stats', 'chart']),
      fresh: root.querySelector('#g2048-new'),
      moves: root.querySelector('#g2048-moves tbody'),
    };
    this.ui.fresh.addEventListener('click', () => this.newGame());
    this.ui.start.addEventListener('click', () => (this.running ? this.pause() : this.resume()));
    this.ui.step.addEventListener('click', () => this.move());
    this.ui.speed.addEventListener('input', () => this.showSpeed());
    for (const button of root.querySelectorAll('.g2048-pad button')) button.addEventListener('click', () => this.move(button.dataset.move));
    this.ui.board.addEventListener('keydown', (event) => {
      const mv = ARROWS[event.key];
      if (!mv) return;
      event.preventDefault();
      this.move(mv);
    });
    this.showSpeed();
    // The first Start, Step or move starts a game with the settings.
    this.started = false;
  }

  registration() {
    return this.entry('g2048', '2048');
  }

  showSpeed() {
    this.ui.speedText.textContent = SPEEDS[Number(this.ui.speed.value)][1];
  }

  /** Starts a game with the settings (the first one when the view is first shown). */
  async newGame() {
    this.pause();
    while (this.busy) await new Promise((r) => setTimeout(r, 20));
    this.ui.error.textContent = '';
    for (const input of [this.ui.depth, this.ui.tau, this.ui.seed]) input.removeAttribute('aria-invalid');
    try {
      const state = await this.engine.request('live2048Start', {
        depth: Number(this.ui.depth.value),
        star1: this.ui.star1.value === 'on',
        tau: Number(this.ui.tau.value),
        seed: this.ui.seed.value,
      });
      this.started = true;
      this.steps = [];
      this.cutoffs = 0;
      this.drawState(state, null);
      this.drawChart();
    } catch (error) {
      this.ui.error.textContent = error.message;
      const field = { depth: this.ui.depth, tau: this.ui.tau, seed: this.ui.seed }[error.field];
      field?.setAttribute('aria-invalid', 'true');
    }
  }

  async ensureGame() {
    if (!this.started) await this.newGame();
    return this.started;
  }

  /** Plays one move: `mv` (yours) or expectimax's for `undefined`. */
  async move(mv) {
    if (mv) {
      // Yours: expectimax stops playing, and its move in flight finishes first.
      this.pause();
      while (this.busy) await new Promise((r) => setTimeout(r, 20));
    }
    if (this.busy || !(await this.ensureGame())) return false;
    this.busy = true;
    try {
      const { step, state } = await this.engine.request('live2048Step', { move: mv ?? null });
      if (step) {
        this.steps.push({ ...step, yours: Boolean(mv) });
        this.cutoffs += step.cutoffs;
      }
      this.drawState(state, step);
      this.drawChart();
      this.ui.error.textContent = '';
      return Boolean(step) && !state.over;
    } catch (error) {
      this.ui.error.textContent = error.message;
      return false;
    } finally {
      this.busy = false;
    }
  }

  async resume() {
    if (this.looping || !(await this.ensureGame())) return;
    this.running = true;
    this.looping = true;
    this.ui.start.textContent = 'Pause';
    this.root.dataset.running = 'true';
    try {
      while (this.running) {
        const more = await this.move();
        if (!more) break;
        const wait = SPEEDS[Number(this.ui.speed.value)][0];
        await new Promise((r) => setTimeout(r, wait));
      }
    } finally {
      // `data-running` turns false only here, once the move in flight has been drawn.
      this.looping = false;
      this.pause();
    }
  }

  pause() {
    this.running = false;
    this.ui.start.textContent = this.steps?.length ? 'Resume' : 'Start';
    if (!this.looping) this.root.dataset.running = 'false';
    if (this.shown) this.drawState(...this.shown);
  }

  drawState(state, step) {
    this.shown = [state, step];
    const tiles = state.position.split(';')[0].split(',').map(Number);
    this.ui.board.replaceChildren(
      ...tiles.map((tile) => {
        const cell = document.createElement('div');
        cell.className = 'g2048-tile';
        cell.dataset.tile = String(Math.min(tile, 4096));
        cell.textContent = tile ? String(tile) : '';
        return cell;
      }),
    );
    this.root.dataset.steps = String(state.steps);
    const legal = new Set(state.legal ?? []);
    this.ui.board.dataset.legal = [...legal].join(',');
    for (const button of this.root.querySelectorAll('.g2048-pad button')) button.disabled = !legal.has(button.dataset.move);
    const last = this.steps.at(-1);
    const scn = (s) => (s == null ? '∞' : String(s));
    const facts = [
      ['Score', state.score.toLocaleString('en')],
      ['Highest tile', state.highest],
      ['Steps', state.steps],
      ['Star1 cut-offs', step?.star1_nodes == null && !this.cutoffs ? '– (Star1 off)' : `${this.cutoffs.toLocaleString('en')} (last move ${step?.cutoffs ?? 0})`],
      ['Positions searched', last ? `${last.nodes.toLocaleString('en')} plain${last.star1_nodes != null ? `, ${last.star1_nodes.toLocaleString('en')} with Star1` : ''}` : '–'],
      ['SCN (T1 / T2)', last ? `${scn(last.scn_t1)} / ${scn(last.scn_t2)}` : '–'],
      ['T1 / T2', last ? `${Math.round(last.t1).toLocaleString('en')} / ${Math.round(last.t2).toLocaleString('en')}` : '–'],
      ['Status', state.over ? 'game over' : this.running ? 'expectimax playing' : 'paused: your move, or Resume'],
    ];
    this.ui.stats.replaceChildren(
      ...facts.flatMap(([term, value]) => {
        const dt = document.createElement('dt');
        dt.textContent = term;
        const dd = document.createElement('dd');
        dd.textContent = String(value);
        return [dt, dd];
      }),
    );
    this.ui.moves.replaceChildren(
      ...(step?.moves ?? []).map(([mv, value]) => {
        const row = document.createElement('tr');
        row.dataset.move = mv;
        if (mv === step.best) row.classList.add('g2048-best');
        const mark = [mv === step.best ? 'expectimax' : '', mv === step.move && last?.yours ? 'yours' : ''].filter(Boolean).join(', ');
        for (const text of [`${GLYPH[mv]} ${mv}`, Math.round(value).toLocaleString('en'), mark]) row.insertCell().textContent = text;
        return row;
      }),
    );
  }

  /** The SCN of each position and T1 (right axis) over the steps. */
  drawChart() {
    const steps = this.steps;
    const data = [steps.map((_, i) => i + 1), steps.map((s) => s.scn_t1), steps.map((s) => s.t1)];
    this.ui.chart.dataset.points = String(steps.length);
    this.ui.chart.dataset.scn = steps.map((s) => s.scn_t1 ?? 'inf').join(',');
    this.ui.chart.dataset.t1 = steps.map((s) => s.t1).join(',');
    if (!this.plot) {
      this.plot = new uPlot(
        {
          title: 'SCN of each position (T1) and the threshold T1',
          width: Math.max(280, Math.min(this.ui.chart.clientWidth || 700, 900)),
          height: 240,
          scales: { x: { time: false }, t: {} },
          axes: themed([{ label: 'step' }, { label: 'SCN' }, { scale: 't', side: 1, label: 'T1', grid: { show: false }, size: 70 }]),
          series: [
            { label: 'step' },
            { label: 'SCN (T1; gap: ∞)', stroke: '#1f5fae', width: 1.5, points: { show: steps.length < 200 } },
            { label: 'T1', scale: 't', stroke: '#d62728', width: 1.5, dash: [6, 4], points: { show: false } },
          ],
        },
        data,
        this.ui.chart,
      );
    } else {
      this.plot.setData(data);
    }
  }
}
