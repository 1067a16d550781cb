// The analysis board's first part: the exact value of every legal move of the shown
// position, written on the board. Each move is played and the position after it is given to
// the game's own solver (Connect Four, 8×8 Othello; alpha-beta for the other games) through
// `exactScore`, within SECONDS_PER_MOVE; the value is the mover's (the solver's value for
// the side to move after the move, negated when the turn passed). The units are the game's
// (Othello: the final disc margin; Connect Four: the solver's distance score, larger for a
// quicker win). A move the solver does not finish in time is marked "?", never guessed. The
// legend names the best move (the best value) and the proving moves (every move that wins),
// which differ: FFO #40's searches prove b1; a2 is best, +38.
//
// Connect Four asks once for every move (`connect4EveryMove`, issue 32): the worker reads the
// opening book (fetched the first time) where it holds the position after the move, and
// runs the solver within C4_SECONDS_PER_MOVE on the others (on the page's solver threads, a
// column a thread).

/** The solver's time for each move. */
export const SECONDS_PER_MOVE = 20;

/** The Connect Four solver's time for each column the book does not hold. */
export const C4_SECONDS_PER_MOVE = 10;

/** Whether `game` (a game name) is Connect Four, which answers every move at once. */
export const isConnect4 = (game) => game === 'connect4' || game.startsWith('connect4:');

/** A Connect Four column (0-based) as its move text. */
const columnText = (col) => (col + 1).toString(36);

/**
 * The entries of a `connect4EveryMove` answer: {move, value, positions, seconds, source},
 * `value` null where the solver ran out of time.
 */
export function connect4Entries(answer) {
  return answer.moves.map(({ col, score, nodes, seconds, source }) => ({ move: columnText(col), value: score, positions: nodes, seconds, source }));
}

const SOURCE_TEXT = { book: 'the opening book', end: 'the game ends', solver: "the game's solver" };

const signed = (v) => (v > 0 ? `+${v}` : String(v));
const kindOf = (value) => (value === null ? 'estimate' : value > 0 ? 'win' : value < 0 ? 'loss' : 'draw');

export class AnalysisController {
  /**
   * `ui`: {button, legend}; `position`: the position controller (its board draws the labels;
   * the hint's labels show when no analysis is shown).
   */
  constructor({ engine, store, catalogue, position, ui, showMessage }) {
    Object.assign(this, { engine, store, catalogue, position, ui, showMessage });
    /** The values shown ({pos, values: [{move, value, positions, seconds}]}). */
    this.shown = null;
    this.asked = 0;
    const others = position.labels;
    position.labels = (view) => (this.shown?.pos === view.text ? this.labels(view) : others(view));
    ui.button.addEventListener('click', () => this.analyse());
    store.subscribe(['view'], (state) => {
      if (this.shown?.pos !== state.view?.text) this.clear();
    });
  }

  clear() {
    this.asked++;
    this.shown = null;
    this.ui.button.disabled = false;
    this.ui.legend.hidden = true;
    this.ui.legend.replaceChildren();
  }

  /** Values every legal move of the shown position, one after the other, drawing as it goes. */
  async analyse() {
    const { game, view } = this.store.state;
    if (!view || (view.turn !== 'first' && view.turn !== 'second')) return this.showMessage('Analyse: no player is to move here.');
    const asked = ++this.asked;
    this.shown = { pos: view.text, player: this.catalogue.playerToMove(view), values: [] };
    this.ui.button.disabled = true;
    const current = () => asked === this.asked && this.store.state.view?.text === view.text;
    if (isConnect4(game)) return this.analyseConnect4(game, view, current);
    for (const move of view.moves) {
      this.showLegend(view.moves.length);
      let entry;
      try {
        const after = await this.engine.request('play', { game, pos: view.text, move: move.text });
        const report = await this.engine.request('exactScore', { game, pos: after.text, options: { nodes: null, time: SECONDS_PER_MOVE } });
        const same = after.turn === view.turn;
        entry = report
          ? { move: move.text, value: same ? report.score : -report.score, positions: report.nodes, seconds: report.seconds }
          : { move: move.text, value: null };
      } catch (error) {
        if (current()) this.showMessage(`Analyse ${move.text}: ${error.message}`);
        entry = { move: move.text, value: null };
      }
      if (!current()) return;
      this.shown.values.push(entry);
      this.position.draw();
    }
    this.showLegend(view.moves.length);
    this.ui.button.disabled = false;
  }

  /** Connect Four: every column in one request (the book, then the solver). */
  async analyseConnect4(game, view, current) {
    this.showLegend(view.moves.length);
    try {
      const answer = await this.engine.request('connect4EveryMove', { game, pos: view.text, options: { nodes: null, time: C4_SECONDS_PER_MOVE } });
      if (!current()) return;
      this.shown.values = connect4Entries(answer);
      this.shown.seconds = C4_SECONDS_PER_MOVE;
      if (answer.bookError) this.showMessage(`Analyse: ${answer.bookError}; the solver answers alone.`);
    } catch (error) {
      if (!current()) return;
      this.showMessage(`Analyse: ${error.message}`);
      this.shown.values = view.moves.map((move) => ({ move: move.text, value: null }));
    }
    this.position.draw();
    this.showLegend(view.moves.length);
    this.ui.button.disabled = false;
  }

  /** The labels for `view`'s cells. */
  labels(view) {
    const limit = this.shown.seconds ?? SECONDS_PER_MOVE;
    return this.shown.values.map(({ move, value, positions, seconds, source }) => ({
      cell: view.moves.find((m) => m.text === move)?.cell ?? null,
      move,
      text: value === null ? '?' : signed(value),
      kind: kindOf(value),
      title:
        value === null
          ? `${move}: not solved within ${limit} s`
          : `${move}: exact value ${signed(value)} for the mover (${SOURCE_TEXT[source ?? 'solver']}, ${positions.toLocaleString('en')} positions, ${seconds.toFixed(2)} s)`,
    }));
  }

  showLegend(total) {
    const { values, player } = this.shown;
    const legend = this.ui.legend;
    const head = document.createElement('p');
    const done = values.length === total;
    head.textContent = done
      ? `Analysis for ${player ?? 'the player'} to move: the exact value of every legal move for the one who plays it (${this.shown.seconds ? 'the opening book, else ' : ''}the game's solver, at most ${this.shown.seconds ?? SECONDS_PER_MOVE} s a move; "?" where that was not enough).`
      : `Analysing: ${values.length} of ${total} moves valued…`;
    legend.replaceChildren(head);
    const known = values.filter((v) => v.value !== null);
    if (known.length) {
      const best = Math.max(...known.map((v) => v.value));
      const line = document.createElement('p');
      line.className = 'analysis-summary';
      const bestMoves = known.filter((v) => v.value === best).map((v) => v.move);
      const proving = known.filter((v) => v.value > 0).map((v) => v.move);
      line.textContent = `Best move${bestMoves.length > 1 ? 's' : ''} ${bestMoves.join(', ')} (${signed(best)})${done ? '' : ' so far'}; proving moves (each wins): ${proving.length ? proving.join(', ') : 'none'}.`;
      line.dataset.best = bestMoves.join(',');
      line.dataset.proving = proving.join(',');
      legend.append(line);
    }
    legend.dataset.valued = String(values.length);
    legend.dataset.values = JSON.stringify(values.map((v) => [v.move, v.value]));
    legend.dataset.done = String(done);
    legend.hidden = false;
  }
}
