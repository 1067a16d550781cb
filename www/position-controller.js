// The position controller: loads positions, plays moves, edits cells, undoes and redoes, by
// asking the engine (describe, play, edit) and putting its answers in the store; and draws
// the board, the turn line and the buttons of moves without a cell whenever the shown
// position changes. It knows no rules: legal moves and their cells come from the engine, a
// game's look from its family's presentation in the catalogue.

import { renderBoard } from './board-view.js';

export class PositionController {
  /**
   * `ui`: {game, board, turnLine, extraMoves, positionText, edit, editTools, undo, redo};
   * `report(prefix, error)` shows an engine error and marks its field.
   */
  constructor({ engine, store, catalogue, ui, report, showMessage }) {
    Object.assign(this, { engine, store, catalogue, ui, report, showMessage });
    this.lastShiftKey = false;
    document.addEventListener('pointerdown', (event) => {
      this.lastShiftKey = event.shiftKey;
    });
    store.subscribe(['view', 'lastMoveCell', 'history', 'cursor'], () => this.draw());
    ui.edit.addEventListener('change', () => this.syncEditMode());
  }

  get state() {
    return this.store.state;
  }

  /** The presentation of the family of `view` (the shown position by default). */
  presentation(view = this.state.view) {
    return this.catalogue.presentation(view);
  }

  /** Shows a new position (the start position for `text` null) with a fresh move history. */
  async load(game, text) {
    const view = await this.engine.request('describe', { game, pos: text });
    this.nameGame(game, view);
    this.ui.game.value = game;
    this.store.update({ game, history: [view.text], cursor: 0, view, lastMoveCell: null });
    this.syncEditMode();
    return view;
  }

  /**
   * Makes sure the game menu can show `game`: a game outside its list (a share link's
   * `connect4:5x4`, `2048:2x2:16`) gets an entry titled by its family.
   */
  nameGame(game, view) {
    const menu = this.ui.game;
    if ([...menu.options].some((option) => option.value === game)) return;
    const option = document.createElement('option');
    option.value = game;
    option.textContent = `${this.catalogue.family(view.family)?.title ?? view.family} (${game})`;
    menu.append(option);
  }

  /** Plays a move given by its text. */
  async play(text) {
    const { game, view } = this.state;
    try {
      const next = await this.engine.request('play', { game, pos: view.text, move: text });
      this.showMessage('');
      this.record(next, view.moves.find((m) => m.text === text)?.cell ?? null);
    } catch (error) {
      this.report('', error);
    }
  }

  /** Edit mode: cycles cell `cell`, or (null) switches who acts. */
  async edit(cell) {
    try {
      const next = await this.engine.request('edit', { game: this.state.game, pos: this.state.view.text, cell });
      this.showMessage('');
      this.record(next, null);
    } catch (error) {
      this.report('', error);
    }
  }

  /** Moves through the history by `delta` (−1 undo, +1 redo). */
  async go(delta) {
    const { history, cursor, game } = this.state;
    const target = cursor + delta;
    if (target < 0 || target >= history.length) return;
    const view = await this.engine.request('describe', { game, pos: history[target] });
    this.store.update({ cursor: target, view, lastMoveCell: null });
  }

  /** Shows `view` as the position after the current one, dropping any redo history. */
  record(view, lastMoveCell) {
    const history = [...this.state.history.slice(0, this.state.cursor + 1), view.text];
    this.store.update({ history, cursor: history.length - 1, view, lastMoveCell });
  }

  syncEditMode() {
    const { ui } = this;
    const can = Boolean(this.state.view && this.presentation().editable);
    ui.edit.disabled = !can;
    if (!can) ui.edit.checked = false;
    ui.edit.parentElement.title = can ? 'Click cells to change them' : 'Positions of this game are move lists: type one in the position text';
    ui.editTools.hidden = !ui.edit.checked;
    ui.board.classList.toggle('editing', ui.edit.checked);
    if (this.state.view) this.draw();
  }

  turnText(view) {
    const family = this.catalogue.family(view.family);
    const players = family.presentation.players;
    if (view.turn === 'over') {
      if (family.facts.players === 1) return `Game over: ${view.outcome === 'win' ? 'won' : 'lost'} (value ${view.value}).`;
      const result = { win: `${players[0]} wins`, loss: `${players[1]} wins`, draw: 'a draw' }[view.outcome];
      return `Game over: ${result} (value ${view.value > 0 ? '+' : ''}${view.value} for the first player).`;
    }
    if (view.turn === 'chance') return family.presentation.chance_help ?? 'Chance to act: choose an outcome.';
    const name = view.turn === 'first' ? players[0] : players[1];
    return `${name} to move · ${view.moves.length} legal move${view.moves.length === 1 ? '' : 's'}.`;
  }

  onCell(index, move) {
    const view = this.state.view;
    if (view.turn === 'chance') {
      // Chance outcomes on a cell, in the engine's order: a click takes the first (the
      // likeliest spawn), a shift-click the second.
      const outcomes = view.moves.filter((m) => m.cell === index);
      const outcome = outcomes[this.lastShiftKey && outcomes.length > 1 ? 1 : 0];
      if (outcome) this.play(outcome.text);
      return;
    }
    if (move) this.play(move.text);
  }

  draw() {
    const { ui } = this;
    const { view, lastMoveCell, cursor, history } = this.state;
    if (!view) return;
    const editing = ui.edit.checked;
    // A move played from the keyboard keeps the focus where it was: on the same cell of the
    // new board, on the same move button, or (when that button is gone) on the board.
    const active = document.activeElement;
    const focusedCell = ui.board.contains(active) ? (active.closest('[data-cell]')?.dataset.cell ?? null) : null;
    const focusedMove = ui.extraMoves.contains(active) ? active.textContent : null;
    renderBoard(ui.board, view, this.presentation(view), {
      onCell: (index, move) => (editing ? this.edit(index) : this.onCell(index, move)),
      editing,
      highlight: lastMoveCell,
    });
    ui.turnLine.textContent = this.turnText(view);
    // Moves that have no cell: a pass, a slide.
    const extra = view.turn === 'chance' ? [] : view.moves.filter((m) => m.cell === null || m.cell === undefined);
    ui.extraMoves.replaceChildren(
      ...extra.map((move) => {
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = move.text;
        button.addEventListener('click', () => this.play(move.text));
        return button;
      }),
    );
    if (focusedCell !== null) ui.board.querySelector(`[data-cell="${focusedCell}"]`)?.focus();
    if (focusedMove !== null) {
      const buttons = [...ui.extraMoves.querySelectorAll('button')];
      (buttons.find((b) => b.textContent === focusedMove) ?? buttons[0] ?? ui.board.querySelector('[tabindex="0"]'))?.focus();
    }
    ui.positionText.value = view.text;
    ui.undo.disabled = cursor === 0;
    ui.redo.disabled = cursor >= history.length - 1;
  }
}
