// The page's state in one place: the position (game, move history, the engine's view of the
// shown position), the searches (which, from where, running, the step reached) and the view
// shown. Controllers change it with `update`; whatever shows a part of it subscribes to the
// keys it reads and is called after every change of one of them.

export class Store {
  constructor(initial) {
    this.state = { ...initial };
    this.listeners = [];
  }

  /** Changes some keys; calls the subscribers of those that changed, in subscription order. */
  update(patch) {
    const changed = Object.keys(patch).filter((key) => this.state[key] !== patch[key]);
    Object.assign(this.state, patch);
    if (!changed.length) return;
    for (const { keys, listener } of this.listeners) {
      if (changed.some((key) => keys.includes(key))) listener(this.state, changed);
    }
  }

  /** Calls `listener(state, changedKeys)` after every change of one of `keys`. */
  subscribe(keys, listener) {
    this.listeners.push({ keys, listener });
  }
}

/** The page's state before anything is loaded. */
export const INITIAL_STATE = Object.freeze({
  game: null, // the game name
  history: [], // position texts, start first
  moveTexts: [], // for each of history, the move that led to it (null: loaded or edited)
  cursor: 0, // index into history of the shown position
  view: null, // the engine's PositionView of history[cursor]
  lastMoveCell: null, // the cell of the move just played, outlined on the board
  searchAlgos: [], // the searches of the current run (empty: none started)
  searchPosition: null, // the position text the searches started from
  searchOptions: null, // the parameters the searches started with (a link names these)
  running: false,
  step: 0, // iterations reached by the current searches
  bestMoves: [], // each current search's favoured move: [{algo, move, proved}]
  viewName: null, // the view shown (views.js)
});
