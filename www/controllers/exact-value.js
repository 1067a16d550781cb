// The Exact answer button's second line: the position's exact value and a best move, by the
// game's own solver where it has one (Connect Four, 8×8 Othello) and alpha-beta otherwise
// (`exactScore`, as `pnplay score`), within SECONDS. The searches' cards name the move that
// proves their goal ("proving move"); this line names the best-valued move ("best move"),
// so where both are known both are shown: FFO #40 is proved by b1, and a2 is best, +38.

//
// Connect Four (issue 32) answers with every column's exact score (`connect4EveryMove`: the
// opening book, else the solver within C4_SECONDS_PER_MOVE a column): the position's value
// is the best of them once every column is known.

import { C4_SECONDS_PER_MOVE, connect4Entries, isConnect4 } from './analysis.js';

const SECONDS = 10;

const signed = (v) => (v > 0 ? `+${v}` : String(v));

export class ExactValue {
  /**
   * `out`: the element the line goes in; `store`: the page's state (game and position);
   * `exact()`: the search panel's alpha-beta answer to the search's own question.
   */
  constructor(out, { engine, store, exact }) {
    Object.assign(this, { out, engine, store, exact });
    this.asked = 0; // bumped by each request: an answer for an older position is dropped
    store.subscribe(['view'], () => {
      this.asked++;
      this.out.hidden = true;
    });
  }

  /** Answers the search's question exactly and gives the position's exact value. */
  async show() {
    const asked = ++this.asked;
    const { game, view } = this.store.state;
    const out = this.out;
    out.hidden = false;
    delete out.dataset.score;
    out.textContent = `Exact value: the game's solver is working (at most ${SECONDS} s)…`;
    const connect4 = isConnect4(game) && view.moves?.length > 0;
    const [report] = await Promise.all([
      connect4
        ? this.engine.request('connect4EveryMove', { game, pos: view.text, options: { nodes: null, time: C4_SECONDS_PER_MOVE } }).catch((error) => ({ error }))
        : this.engine.request('exactScore', { game, pos: view.text, options: { nodes: null, time: SECONDS } }).catch((error) => ({ error })),
      this.exact(),
    ]);
    if (asked !== this.asked) return;
    if (connect4 && !report.error) return this.showColumns(connect4Entries(report), report.bookError);
    if (report?.error) {
      out.textContent = `Exact value: ${report.error.message}`;
    } else if (!report) {
      out.textContent = `Exact value: not known within ${SECONDS} s — the position is too far from the end for the solver; the searches' verdicts above still hold.`;
    } else {
      out.dataset.score = String(report.score);
      out.textContent = `Exact value: ${signed(report.score)} for the side to move${report.best_move ? `, best move ${report.best_move}` : ''} (the game's solver, ${report.nodes.toLocaleString('en')} positions, ${report.seconds.toFixed(2)} s). A proving move wins; the best move wins by the most.`;
      out.dataset.best = report.best_move ?? '';
    }
  }

  /** Connect Four: every column's exact score, and the best of them as the position's value. */
  showColumns(entries, bookError) {
    const out = this.out;
    const scores = entries.map(({ move, value }) => `${move}: ${value === null ? '?' : signed(value)}`).join(' · ');
    const known = entries.filter((e) => e.value !== null);
    const seconds = entries.reduce((sum, e) => sum + e.seconds, 0);
    const book = entries.filter((e) => e.source === 'book').length;
    const where = `${book} of ${entries.length} from the opening book${bookError ? ` (${bookError})` : ''}, ${seconds.toFixed(2)} s`;
    out.dataset.columns = JSON.stringify(entries.map(({ move, value }) => [move, value]));
    if (entries.length && known.length === entries.length) {
      const best = Math.max(...known.map((e) => e.value));
      const bestMoves = known.filter((e) => e.value === best).map((e) => e.move);
      out.dataset.score = String(best);
      out.dataset.best = bestMoves[0];
      out.textContent = `Exact value: ${signed(best)} for the side to move, best move ${bestMoves.join(', ')}. Every column: ${scores} (${where}).`;
    } else {
      out.textContent = `Exact value: every column — ${scores}; "?" not solved within ${C4_SECONDS_PER_MOVE} s (${where}).`;
    }
  }
}
