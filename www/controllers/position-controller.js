// The position controller: loads positions (and the family's examples, from the catalogue),
// plays moves (and a search's proving line), edits cells (with the family's edit tools), goes
// back and forward through the moves played (the move list, move-list.js), by asking the
// engine (describe, play, edit) and putting its answers in the store; and draws the board,
// the turn line and the buttons of moves without a cell whenever the shown position changes. It knows no rules: legal moves and their cells come from the engine, a
// game's look from its family's presentation in the catalogue.

import { renderBoard } from '../lib/board.js';

export class PositionController {
  /**
   * `ui`: {game, example, board, turnLine, bestLine, extraMoves, positionText, edit, editTools,
   * toolChoices, undo, redo};
   * `report(prefix, error)` shows an engine error and marks its field.
   */
  constructor({ engine, store, catalogue, ui, report, showMessage }) {
    Object.assign(this, { engine, store, catalogue, ui, report, showMessage });
    this.lastShiftKey = false;
    document.addEventListener('pointerdown', (event) => {
      this.lastShiftKey = event.shiftKey;
    });
    store.subscribe(['view', 'lastMoveCell', 'history', 'cursor', 'bestMoves'], () => this.draw());
    ui.edit.addEventListener('change', () => this.syncEditMode());
    /** The edit tool chosen (`cycle` unless the family offers others). */
    this.tool = 'cycle';
    this.examplesOf = null;
    /** The history index a move through the history is going to (`goTo`), or null. */
    this.target = null;
    this.moving = false;
    /** Play mode's taker of the user's moves (`(move, cell)`, move null off the legal ones). */
    this.moveHandler = null;
    /** For from-to moves: the cell of the piece chosen by a first click (or `drop:<kind>` for a
     * piece in hand), and in which view. */
    this.selected = null;
    this.selectedIn = null;
    /** A promotion choice offered ({view, twins, cell}): the moves that differ only by it. */
    this.choice = null;
    /** Values written on the cells of moves ({cell, text, kind, title}: the hint's). */
    this.labels = () => [];
    /** Marks drawn over the cells ({cell, kind, title}: the evaluation view's overlay). */
    this.overlay = () => [];
    ui.example.addEventListener('change', () => this.loadExample());
  }

  /** The shown game's family's examples ([{name, game, text, source}], from `hello`). */
  examples() {
    const view = this.state.view;
    return view ? (this.catalogue.family(view.family)?.examples ?? []) : [];
  }

  /** Fills the Example select with the shown family's examples (hidden when it has none). */
  syncExamples() {
    const family = this.state.view?.family ?? null;
    if (family === this.examplesOf) return;
    this.examplesOf = family;
    const examples = this.examples();
    const none = document.createElement('option');
    none.value = '';
    none.textContent = examples.length ? 'choose…' : 'none';
    this.ui.example.replaceChildren(
      none,
      ...examples.map((example, index) => {
        const option = document.createElement('option');
        option.value = String(index);
        option.textContent = example.name;
        option.title = example.source;
        return option;
      }),
    );
    this.ui.example.disabled = examples.length === 0;
    this.ui.example.parentElement.hidden = examples.length === 0;
  }

  /** Loads the example chosen in the Example select. */
  async loadExample() {
    const chosen = this.ui.example.value;
    const example = this.examples()[Number(chosen)];
    if (!chosen || !example) return;
    try {
      await this.load(example.game, example.text);
      // The select keeps naming the example loaded (until another position is loaded).
      this.ui.example.value = chosen;
      this.ui.example.title = example.source;
      this.showMessage(`${example.name}: ${example.source}`);
    } catch (error) {
      this.report('example: ', error);
    }
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
    this.store.update({ game, history: [view.text], moveTexts: [null], cursor: 0, view, lastMoveCell: null });
    this.syncExamples();
    this.ui.example.value = '';
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
      this.record(next, view.moves.find((m) => m.text === text)?.cell ?? null, text);
    } catch (error) {
      this.report('', error);
    }
  }

  /** Edit mode: changes cell `cell` with the chosen tool, or (null) switches who acts. */
  async edit(cell) {
    try {
      const next = await this.engine.request('edit', { game: this.state.game, pos: this.state.view.text, cell, tool: this.tool });
      this.showMessage('');
      this.record(next, null);
    } catch (error) {
      this.report('', error);
    }
  }

  /** Moves through the history by `delta` (−1 back, +1 forward), from where a move under way goes. */
  go(delta) {
    return this.goTo((this.target ?? this.state.cursor) + delta);
  }

  /**
   * Shows the position at index `target` of the history (the move list's entries, back and
   * forward). A burst (keys held down) asks the engine once at a time, for the latest target.
   */
  async goTo(target) {
    if (target < 0 || target >= this.state.history.length) return;
    this.target = target;
    if (this.moving) return;
    this.moving = true;
    try {
      let shown = null;
      while (this.target !== shown) {
        const index = this.target;
        const { game, history } = this.state;
        const view = await this.engine.request('describe', { game, pos: history[index] });
        if (this.state.history !== history) break; // a move or a load replaced the history
        this.store.update({ cursor: index, view, lastMoveCell: null });
        shown = index;
      }
    } catch (error) {
      this.report('', error);
    } finally {
      this.moving = false;
      this.target = null;
    }
  }

  /**
   * Plays the line `moves` (move texts, a search's proving line) from the shown position,
   * which must be `from`, and shows the position after its first `count` moves; the rest of
   * the line stays in the history, to walk with the move list.
   */
  async playLine(from, moves, count) {
    const { game, view } = this.state;
    if (this.moveHandler || view?.text !== from) return;
    const views = [];
    const cells = [];
    let pos = view;
    try {
      for (const move of moves) {
        cells.push(pos.moves.find((m) => m.text === move)?.cell ?? null);
        pos = await this.engine.request('play', { game, pos: pos.text, move });
        views.push(pos);
      }
    } catch (error) {
      return this.report('proving line: ', error);
    }
    if (this.state.view?.text !== from) return; // another position was shown meanwhile
    const keep = this.state.cursor + 1;
    const cursor = this.state.cursor + count;
    this.store.update({
      history: [...this.state.history.slice(0, keep), ...views.map((v) => v.text)],
      moveTexts: [...this.state.moveTexts.slice(0, keep), ...moves],
      cursor,
      view: views[count - 1],
      lastMoveCell: cells[count - 1],
    });
  }

  /**
   * Shows `view` as the position after the current one, dropping any redo history; `move` is
   * the text of the move that led to it (null for an edit).
   */
  record(view, lastMoveCell, move = null) {
    const keep = this.state.cursor + 1;
    const history = [...this.state.history.slice(0, keep), view.text];
    const moveTexts = [...this.state.moveTexts.slice(0, keep), move];
    this.store.update({ history, moveTexts, cursor: history.length - 1, view, lastMoveCell });
  }

  /**
   * The game record as text: the game, the position its moves start from (the last one not
   * reached by a move: loaded or edited), the moves played from there to the shown position,
   * and the result once the game is over. Loading the start and playing the moves (the CLI's
   * `--pos`, or a move-list position where the game has one) gives the shown position.
   */
  recordText() {
    const { game, history, moveTexts, cursor, view } = this.state;
    let start = cursor;
    while (start > 0 && moveTexts[start]) start--;
    const lines = [`game: ${game}`, `start: ${history[start]}`, `moves: ${moveTexts.slice(start + 1, cursor + 1).join(' ')}`];
    if (view.turn === 'over') lines.push(`result: ${this.turnText(view)}`);
    return lines.join('\n');
  }

  syncEditMode() {
    const { ui } = this;
    const can = Boolean(this.state.view && this.presentation().editable);
    ui.edit.disabled = !can;
    if (!can) ui.edit.checked = false;
    ui.edit.parentElement.title = can ? 'Click cells to change them' : 'Positions of this game are move lists: type one in the position text';
    ui.editTools.hidden = !ui.edit.checked;
    ui.board.classList.toggle('editing', ui.edit.checked);
    this.syncEditTools();
    if (this.state.view) this.draw();
  }

  /** The family's edit tools as radio buttons (none when a click can only cycle a cell). */
  syncEditTools() {
    const tools = this.state.view ? this.presentation().edit_tools : [];
    if (!tools.some((entry) => entry.tool === this.tool)) this.tool = 'cycle';
    this.ui.toolChoices.replaceChildren(
      ...tools.map((entry) => {
        const label = document.createElement('label');
        label.className = 'toggle';
        const input = document.createElement('input');
        input.type = 'radio';
        input.name = 'edit-tool';
        input.value = entry.tool;
        input.checked = entry.tool === this.tool;
        input.addEventListener('change', () => {
          this.tool = entry.tool;
        });
        label.append(input, ` ${entry.name}`);
        return label;
      }),
    );
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
    return `${this.catalogue.playerToMove(view)} to move · ${view.moves.length} legal move${view.moves.length === 1 ? '' : 's'}.`;
  }

  onCell(index, move) {
    const view = this.state.view;
    if (this.presentation(view).moves === 'from-to' && view.turn !== 'over' && !move) {
      // The first click of a from-to move chooses a piece that has moves (a second click on
      // it lets it go); the board then offers that piece's targets.
      const starts = view.moves.some((m) => m.from === index);
      this.selected = starts && this.selected !== index ? index : null;
      this.selectedIn = view;
      if (starts) return this.draw();
      this.draw();
    }
    if (move && view.turn !== 'chance') {
      // A move with a twin that differs only by promotion (MiniShogi's 2b1a / 2b1a+): ask.
      const twins = view.moves.filter((m) => m.cell === move.cell && m.from === move.from && m.drop === move.drop);
      if (twins.length > 1) {
        this.choice = { view, twins, cell: index };
        return this.draw();
      }
    }
    return this.commit(move, index);
  }

  /** Plays `move` chosen on cell `index` (or hands it to Play mode's taker of moves). */
  commit(move, index) {
    const view = this.state.view;
    this.choice = null;
    if (this.moveHandler) return this.moveHandler(move, index);
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

  /** Chooses (or lets go) piece `kind` in the hand of the side to move, to drop it. */
  onHand(kind) {
    const key = `drop:${kind}`;
    this.selected = this.selected === key ? null : key;
    this.selectedIn = this.state.view;
    this.choice = null;
    this.draw();
  }

  /** The buttons of a promotion choice: each twin, promoting or not. */
  choiceButtons() {
    const { twins, cell } = this.choice;
    const caption = document.createElement('span');
    caption.className = 'choice-caption';
    caption.textContent = 'Promote? ';
    const buttons = twins.map((move) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'promotion-choice';
      button.dataset.move = move.text;
      button.textContent = `${move.text} (${move.text.endsWith('+') ? 'promote' : 'do not promote'})`;
      button.addEventListener('click', () => this.commit(move, cell));
      return button;
    });
    return [caption, ...buttons];
  }

  /** Rings for the searches' best moves on the cells they are played on, in their colours. */
  bestMoveMarks(view) {
    if (view.text !== this.state.searchPosition) return [];
    return this.state.bestMoves
      .map(({ algo, move, proved }) => ({
        cell: view.moves.find((m) => m.text === move)?.cell ?? null,
        colour: this.catalogue.colour(algo),
        title: `${algo}: ${proved ? 'proving' : 'favoured'} move ${move}`,
      }))
      .filter((mark) => mark.cell !== null);
  }

  draw() {
    const { ui } = this;
    const { view, lastMoveCell, cursor, history } = this.state;
    if (!view) return;
    const editing = ui.edit.checked;
    if (this.selectedIn !== view || editing) this.selected = null;
    if (this.choice?.view !== view || editing) this.choice = null;
    // A move played from the keyboard keeps the focus where it was: on the same cell of the
    // new board, on the same move button, or (when that button is gone) on the board.
    const active = document.activeElement;
    const focusedCell = ui.board.contains(active) ? (active.closest('[data-cell]')?.dataset.cell ?? null) : null;
    const focusedMove = ui.extraMoves.contains(active) ? active.textContent : null;
    renderBoard(ui.board, view, this.presentation(view), {
      onCell: (index, move) => (editing ? this.edit(index) : this.onCell(index, move)),
      onHand: (kind) => this.onHand(kind),
      editing,
      highlight: lastMoveCell,
      selected: this.selected,
      marks: this.bestMoveMarks(view),
      labels: this.labels(view),
      overlay: this.overlay(view),
    });
    ui.turnLine.textContent = this.turnText(view);
    ui.bestLine.textContent = this.state.bestMoves.length
      ? `Ringed: ${this.state.bestMoves.map((b) => `${b.algo}'s ${b.proved ? 'proving' : 'favoured'} move ${b.move}`).join(', ')}.`
      : '';
    // Moves that have no cell: a pass, a slide.
    const extra = view.turn === 'chance' ? [] : view.moves.filter((m) => m.cell === null || m.cell === undefined);
    if (this.choice) ui.extraMoves.replaceChildren(...this.choiceButtons());
    else ui.extraMoves.replaceChildren(
      ...extra.map((move) => {
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = move.text;
        const label = this.labels(view).find((l) => l.move === move.text);
        if (label) button.textContent = `${move.text} (${label.text})`;
        button.addEventListener('click', () => (this.moveHandler ? this.moveHandler(move, null) : this.play(move.text)));
        return button;
      }),
    );
    if (focusedCell !== null) ui.board.querySelector(`[data-cell="${focusedCell}"]`)?.focus();
    if (focusedMove !== null) {
      const buttons = [...ui.extraMoves.querySelectorAll('button')];
      (buttons.find((b) => b.textContent === focusedMove) ?? buttons[0] ?? ui.board.querySelector('[tabindex="0"]'))?.focus();
    }
    ui.positionText.value = view.text;
    ui.record.value = this.recordText();
    ui.undo.disabled = cursor === 0;
    ui.redo.disabled = cursor >= history.length - 1;
  }
}
