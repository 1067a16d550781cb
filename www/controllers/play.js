// Play mode (issue 11): the user plays a game against an agent in the playground — the
// agent's text form as `pnplay match --a` takes it (src/agent/mod.rs: a search, its budget per
// move, its options; `random`), either colour, from the game's start position. On the agent's
// turn the worker steps the agent's SearchSession (src/wasm/search.rs): the search of the question the agent is
// asking (can I win? then, if not, can I avoid losing?) is shown live in the tree view and the
// charts through the search controller, and the move it then plays is the one
// `Agent::choose` makes. Its seed for ply p of a game with seed S is the arena's
// (`arena::move_seed(S, i, p)`, i = 0 when the agent plays first, 1 when second), so a game
// played here is game i of `pnplay match --a AGENT --b … --seed S` whenever the other side
// plays the same moves. The page knows no rules: legal moves, results and the agent's move
// all come from the engine.

const AGENT_FIRST_GAME = 0;
const AGENT_SECOND_GAME = 1;

export class PlayController {
  /**
   * `ui`: {mode, panel, search, iterations, options, colour, seed, agentLine, status, newGame,
   * swap, takeBack, normalControls: [elements hidden in play mode]};
   * `position`: the position controller (its board takes the user's moves); `search`: the
   * search controller (it shows the agent's search); `onAgentSearch(algo)`: the agent is about
   * to think with search `algo` (the search panel shows its explanation and legend).
   */
  constructor({ engine, store, catalogue, position, search, ui, showMessage, markInput, onAgentSearch }) {
    Object.assign(this, { engine, store, catalogue, position, search, ui, showMessage, markInput, onAgentSearch });
    /** The game: position texts from the start (moves[i] leads from texts[i] to texts[i + 1]). */
    this.moves = [];
    this.generation = 0; // bumped by every new game, take-back or swap: stale thinking is dropped
    this.thinking = false;
    // Every search of the catalogue can be an agent (its favoured move), as in the arena.
    const players = catalogue.searches;
    this.ui.search.replaceChildren(
      option('random', 'random (uniform legal move)'),
      ...players.map((s) => option(s.id, s.title)),
    );
    this.ui.search.value = catalogue.search('pnmcts') ? 'pnmcts' : players[0].id;
    store.subscribe(['game'], (state) => this.offer(state.game));
    ui.mode.addEventListener('change', () => (ui.mode.checked ? this.enter() : this.leave()));
    ui.newGame.addEventListener('click', () => this.newGame());
    ui.swap.addEventListener('click', () => this.swap());
    ui.takeBack.addEventListener('click', () => this.takeBack());
    for (const input of [ui.search, ui.iterations, ui.options, ui.seed]) input.addEventListener('change', () => this.syncAgentLine());
    ui.colour.addEventListener('change', () => this.colourChanged());
    store.subscribe(['view'], () => this.syncStatus());
  }

  get state() {
    return this.store.state;
  }

  /**
   * Offers only the agents that can play `game`; a chosen search that cannot is replaced by
   * PN-MCTS or the first that can, and the agent line shows it.
   */
  offer(game) {
    if (!game) return;
    const runs = this.catalogue.offer(game, this.ui.search.options);
    if (this.ui.search.selectedOptions[0]?.disabled) {
      this.ui.search.value = ['pnmcts', 'mcts', ...runs].find((id) => runs.includes(id)) ?? 'random';
      this.syncAgentLine();
    }
  }

  get active() {
    return this.ui.mode.checked;
  }

  /**
   * The agent's text form from the fields (`pnmcts:iterations=300,cpn=0.5`); without
   * iterations the options must give another budget (`seconds=1`, `nodes=…`).
   */
  agentText() {
    const { ui } = this;
    if (ui.search.value === 'random') return 'random';
    const iterations = ui.iterations.value.trim();
    const options = [iterations ? `iterations=${iterations}` : '', ui.options.value.trim().replace(/^,|,$/g, '')].filter(Boolean);
    return options.length ? `${ui.search.value}:${options.join(',')}` : ui.search.value;
  }

  /** Shows an agent text in the fields (from a link). */
  setAgent(text) {
    const { ui } = this;
    const [id, rest = ''] = text.split(/:(.*)/s);
    ui.search.value = id;
    const options = rest.split(',').filter(Boolean);
    const iterations = options.find((o) => o.trim().startsWith('iterations='));
    ui.iterations.value = iterations ? iterations.split('=')[1].trim() : '';
    ui.options.value = options.filter((o) => o !== iterations).join(',');
    this.syncAgentLine();
  }

  seed() {
    const seed = Number(this.ui.seed.value);
    return Number.isSafeInteger(seed) && seed >= 0 ? seed : null;
  }

  syncAgentLine() {
    const { ui } = this;
    const random = ui.search.value === 'random';
    ui.iterations.disabled = random;
    ui.options.disabled = random;
    ui.agentLine.textContent = `Agent: ${this.agentText()} · seed ${ui.seed.value} — as pnplay match --a takes it.`;
  }

  /** The user's side: 'first' or 'second'. */
  colour() {
    return this.ui.colour.value;
  }

  /** Whether the agent is to move in `view`. */
  agentToMove(view = this.state.view) {
    return Boolean(view) && (view.turn === 'first' || view.turn === 'second') && view.turn !== this.colour();
  }

  /** Whether play mode can play the shown game (two players, no chance). */
  playable() {
    const facts = this.catalogue.family(this.state.view.family).facts;
    return facts.players === 2 && !facts.chance;
  }

  /** Play mode on: a new game from the start position. */
  async enter() {
    if (!this.playable()) {
      this.ui.mode.checked = false;
      return this.showMessage('Play mode is for two-player games without chance: choose another game.');
    }
    this.setMode(true);
    await this.newGame();
  }

  /**
   * Shows play mode's panel (or the playground's own controls), and routes the board's clicks
   * to the game (or back to the position controller); the search buttons are locked in play.
   */
  setMode(on) {
    this.ui.mode.checked = on;
    this.ui.panel.hidden = !on;
    for (const element of this.ui.normalControls) element.hidden = on;
    this.search.locked = on;
    this.search.lockChoices();
    this.position.moveHandler = on ? (move) => this.userMove(move) : null;
    if (on) this.syncAgentLine();
  }

  /** Play mode off: back to the playground as it was (the game's position stays shown). */
  leave() {
    this.generation++;
    this.stopThinking();
    this.setMode(false);
    this.showMessage('');
  }

  stopThinking() {
    if (this.thinking) this.engine.request('cancel').catch(() => {});
    this.thinking = false;
    this.store.update({ running: false });
  }

  /** A new game from the start position (the agent moves first if the user plays second). */
  async newGame() {
    this.generation++;
    this.stopThinking();
    this.search.invalidate();
    await this.position.load(this.state.game, null);
    this.moves = [];
    this.lastChoice = null;
    this.showMessage('');
    this.syncStatus();
    await this.maybeThink();
  }

  /** Replays `moves` from the start position (a link's game), then lets the agent move. */
  async replay(moves) {
    this.generation++;
    await this.position.load(this.state.game, null);
    this.moves = [];
    this.lastChoice = null;
    for (const move of moves) {
      const next = await this.engine.request('play', { game: this.state.game, pos: this.state.view.text, move });
      this.moves.push(move);
      this.position.record(next, this.state.view.moves.find((m) => m.text === move)?.cell ?? null, move);
    }
    this.syncStatus();
    this.maybeThink();
  }

  /** The user chose a cell (`move`: the legal move there, or null). */
  async userMove(move) {
    const view = this.state.view;
    if (view.turn === 'over') return this.showMessage('The game is over: press New game to play again.');
    if (this.thinking || this.agentToMove(view)) return this.showMessage('Please wait: the agent is thinking.');
    if (!move) return this.showMessage(`That is not a legal move here. Legal: ${view.moves.map((m) => m.text).join(', ')}.`);
    this.showMessage('');
    await this.playMove(move.text);
    await this.maybeThink();
  }

  /** Plays `text` on the board and records it in the game. */
  async playMove(text) {
    const before = this.state.view;
    const next = await this.engine.request('play', { game: this.state.game, pos: before.text, move: text });
    this.moves.push(text);
    this.position.record(next, before.moves.find((m) => m.text === text)?.cell ?? null, text);
  }

  /** If the agent is to move, it thinks (visibly) and plays its move. */
  async maybeThink() {
    if (!this.active || !this.agentToMove()) return;
    const generation = this.generation;
    const current = () => generation === this.generation && this.active;
    const view = this.state.view;
    const agent = this.agentText();
    const seed = this.seed();
    if (seed === null) {
      this.markInput(this.ui.seed, 'the seed must be a whole number of at least 0');
      return this.showMessage('Seed: a whole number of at least 0.');
    }
    const index = this.colour() === 'second' ? AGENT_FIRST_GAME : AGENT_SECOND_GAME;
    this.thinking = true;
    this.syncStatus();
    try {
      const algo = agent.split(':')[0];
      const known = this.catalogue.search(algo) ? algo : null;
      /** The agent's side (the tree's OR player), for the tree's legend. */
      this.agentPlayer = this.catalogue.playerToMove(view);
      if (known) this.onAgentSearch(known);
      this.search.watch(known);
      const started = await this.engine.request('think', { game: this.state.game, pos: view.text, agent, seed, index, ply: this.moves.length });
      if (!current()) return;
      let choice = started.choice;
      if (!choice) {
        this.search.show(started.reports);
        const { stopped } = await this.search.follow();
        if (!current() || stopped) return;
        choice = await this.engine.request('choice');
      }
      if (!current()) return;
      this.lastChoice = { ...choice, ply: this.moves.length };
      this.thinking = false;
      await this.playMove(choice.move);
      // The board shows the move played, not the search's favoured move as a ring.
      this.store.update({ bestMoves: [] });
    } catch (error) {
      if (!current()) return;
      this.thinking = false;
      this.showMessage(`The agent cannot play: ${error.message}`);
      const fields = { search: this.ui.search, iterations: this.ui.iterations, seed: this.ui.seed };
      if (error.field) this.markInput(fields[error.field] ?? this.ui.options, error.message);
    } finally {
      if (current()) {
        this.thinking = false;
        this.syncStatus();
      }
    }
  }

  /** Takes back the user's last move and the agent's answer (or stops the agent thinking). */
  async takeBack() {
    if (!this.active) return;
    const { history } = this.state;
    // Back to the last position before now where the user is to move.
    let target = Math.min(this.moves.length, history.length - 1) - 1;
    while (target >= 0) {
      const view = await this.engine.request('describe', { game: this.state.game, pos: history[target] });
      if (!this.agentToMove(view)) break;
      target--;
    }
    if (target < 0) return this.showMessage('Nothing to take back.');
    this.generation++;
    this.stopThinking();
    this.lastChoice = null;
    this.moves = this.moves.slice(0, target);
    const view = await this.engine.request('describe', { game: this.state.game, pos: history[target] });
    this.store.update({ history: history.slice(0, target + 1), cursor: target, view, lastMoveCell: null });
    this.showMessage('');
    this.syncStatus();
  }

  /** The user takes the other side; the agent moves if it is now its turn. */
  async swap() {
    this.ui.colour.value = this.colour() === 'first' ? 'second' : 'first';
    await this.colourChanged();
  }

  async colourChanged() {
    if (!this.active) return;
    this.generation++;
    this.stopThinking();
    this.syncStatus();
    await this.maybeThink();
  }

  /** The status line: whose turn, the agent thinking, or the result in words. */
  syncStatus() {
    const { ui } = this;
    const view = this.state.view;
    if (!this.active || !view) return;
    ui.takeBack.disabled = this.moves.length === 0;
    let text;
    let kind = 'turn';
    if (view.turn === 'over') {
      const userFirst = this.colour() === 'first';
      const forUser = view.outcome === 'draw' ? 'draw' : (view.outcome === 'win') === userFirst ? 'win' : 'loss';
      text = { win: 'You won! 🎉', loss: 'The agent won.', draw: 'A draw.' }[forUser];
      kind = forUser;
    } else if (this.thinking) {
      text = `The agent (${this.agentText()}) is thinking…`;
      kind = 'thinking';
    } else if (this.agentToMove(view)) {
      text = 'The agent is to move.';
    } else {
      text = `Your move (${this.catalogue.playerToMove(view)}): click a cell.`;
    }
    const last = this.lastChoice;
    if (last && this.moves.length === last.ply + 1 && !this.thinking) {
      const how = last.iterations ? `after ${last.iterations.toLocaleString('en')} iterations` : 'without search';
      text = `The agent played ${last.move} ${how}${last.fallback ? ' (its search gave no move: the first legal one)' : ''}. ${text}`;
    }
    ui.status.textContent = `${text} · ${this.moves.length} move${this.moves.length === 1 ? '' : 's'} played`;
    ui.status.dataset.kind = kind;
  }

  /** Share-link fields: the agent (its presence turns play mode on), colour, seed, moves. */
  linkFields() {
    return {
      play: {
        key: 'playAgent',
        // The engine checks the options when the agent first thinks; the search is known here.
        read: (text) => {
          const id = text.split(':')[0].trim();
          if (id !== 'random' && !this.catalogue.search(id)) throw new Error(`unknown search ${JSON.stringify(id)}`);
          return text;
        },
        initial: () => null,
      },
      you: {
        key: 'playColour',
        read: (text) => {
          if (text !== 'first' && text !== 'second') throw new Error('must be first or second');
          return text;
        },
        initial: () => 'first',
      },
      ps: {
        key: 'playSeed',
        read: (text) => {
          const seed = Number(text);
          if (!Number.isSafeInteger(seed) || seed < 0) throw new Error('must be a whole number of at least 0');
          return seed;
        },
        initial: () => 1,
      },
      pm: { key: 'playMoves', read: (text) => text.split(',').filter(Boolean), write: (v) => v.join(','), initial: () => [] },
    };
  }

  linkState() {
    if (!this.active) return { playAgent: null, playColour: 'first', playSeed: 1, playMoves: [] };
    return { playAgent: this.agentText(), playColour: this.colour(), playSeed: this.seed() ?? 1, playMoves: this.moves };
  }

  /** Shows a link's play fields (before its position is loaded). */
  applyLink(values) {
    this.ui.colour.value = values.playColour;
    this.ui.seed.value = String(values.playSeed);
    if (values.playAgent) this.setAgent(values.playAgent);
  }

  /** After a link's position is loaded: play mode with its game, or off. */
  async openLink(values) {
    if (!values.playAgent) {
      if (this.active) this.leave();
      return;
    }
    this.setMode(true);
    try {
      await this.replay(values.playMoves);
    } catch (error) {
      this.showMessage(`pm: ${error.message}`);
    }
  }
}

function option(value, text) {
  const element = document.createElement('option');
  element.value = value;
  element.textContent = text;
  return element;
}
