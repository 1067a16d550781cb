// The Hint button (issue 11): the engine's value of every legal move of the shown position,
// written on the move's cell, with a legend. The worker computes it (src/agent/hint.rs): a
// move that ends the game, or that alpha-beta decides within the stated budget, gets its
// proven result W / D / L for the player who makes it; any other move gets an estimate — the
// mean result of MCTS simulations from the position after it, shown as an expected score
// ("≈62%", a win counting 1 and a draw ½) with a "≈" so it is never read as a proof. The page
// only draws what the engine answers.

/** The hint's budget per move (stated in the legend). */
export const HINT_BUDGET = Object.freeze({ positions: 100_000, simulations: 2_000 });

const WORDS = { win: 'W', draw: 'D', loss: 'L' };

export class HintController {
  /**
   * `ui`: {button, legend}; `position`: the position controller (its board draws the labels);
   * `seed()`: the seed of the MCTS estimates; `busy()`: true while the worker is taken (an
   * agent thinking).
   */
  constructor({ engine, store, catalogue, position, ui, seed, busy, showMessage }) {
    Object.assign(this, { engine, store, catalogue, position, ui, seed, busy, showMessage });
    /** The values shown, for the position text they belong to. */
    this.shown = null;
    this.asked = 0;
    position.labels = (view) => this.labels(view);
    ui.button.addEventListener('click', () => this.hint());
    store.subscribe(['view'], (state) => {
      if (this.shown && this.shown.pos !== state.view?.text) this.clear();
    });
  }

  clear() {
    this.shown = null;
    this.ui.legend.hidden = true;
    this.ui.legend.replaceChildren();
  }

  /** Asks the worker for the value of every legal move of the shown position. */
  async hint() {
    const { game, view } = this.store.state;
    if (!view || (view.turn !== 'first' && view.turn !== 'second')) {
      return this.showMessage('Hint: no player is to move here.');
    }
    if (this.busy()) return this.showMessage('Hint: wait until the agent has moved.');
    const asked = ++this.asked;
    const budget = { ...HINT_BUDGET, seed: this.seed() };
    this.ui.button.disabled = true;
    this.ui.legend.hidden = false;
    this.ui.legend.textContent = `Hint: judging ${view.moves.length} move${view.moves.length === 1 ? '' : 's'}…`;
    try {
      const values = await this.engine.request('hint', { game, pos: view.text, budget });
      if (asked !== this.asked || this.store.state.view?.text !== view.text) return;
      this.shown = { pos: view.text, values, budget, player: this.catalogue.playerToMove(view) };
      this.showLegend();
      this.position.draw();
    } catch (error) {
      if (asked === this.asked) {
        this.ui.legend.textContent = `Hint: ${error.message}`;
      }
    } finally {
      this.ui.button.disabled = false;
    }
  }

  /** The labels for `view`'s cells (only for the position the hint was asked for). */
  labels(view) {
    if (!this.shown || this.shown.pos !== view.text) return [];
    return this.shown.values.map((value) => {
      const move = view.moves.find((m) => m.text === value.move);
      return { cell: move?.cell ?? null, move: value.move, ...describe(value) };
    });
  }

  showLegend() {
    const { values, budget, player } = this.shown;
    const proofs = values.filter((v) => v.kind === 'proof').length;
    const legend = this.ui.legend;
    legend.replaceChildren();
    const head = document.createElement('p');
    head.append(
      `Hint for ${player ?? 'the player'} to move: every legal move's value for the one who plays it. `,
      `${proofs} of ${values.length} proven, ${values.length - proofs} estimated.`,
    );
    const list = document.createElement('ul');
    for (const [kind, text, meaning] of [
      ['win', 'W', 'proven win: the mover wins with best play by both sides'],
      ['draw', 'D', 'proven draw'],
      ['loss', 'L', 'proven loss'],
      ['estimate', '≈62%', `estimate, not a proof: the expected score (win 1, draw ½) of ${budget.simulations.toLocaleString('en')} MCTS simulations from the position after the move`],
    ]) {
      const item = document.createElement('li');
      const chip = document.createElement('span');
      chip.className = `value-chip value-${kind}`;
      chip.textContent = text;
      item.append(chip, ` ${meaning}`);
      list.append(item);
    }
    const budgetLine = document.createElement('p');
    budgetLine.className = 'hint';
    budgetLine.textContent = `Budget per move: alpha-beta up to ${budget.positions.toLocaleString('en')} positions for each of its two questions (can the opponent win? avoid losing?); if that is not enough, MCTS with seed ${budget.seed}. Hover a value for its numbers.`;
    legend.append(head, list, budgetLine);
    legend.hidden = false;
  }
}

/** A value's label: its text, look and explanation. */
function describe(value) {
  if (value.kind === 'proof') {
    const word = { win: 'a win', draw: 'a draw', loss: 'a loss' }[value.outcome];
    const how = value.positions ? `alpha-beta, ${value.positions.toLocaleString('en')} positions` : 'the game ends';
    return { text: WORDS[value.outcome], kind: value.outcome, title: `${value.move}: proven ${word} (${how})` };
  }
  const score = Math.round(((value.mean + 1) / 2) * 100);
  return {
    text: `≈${score}%`,
    kind: 'estimate',
    title: `${value.move}: estimate, not a proof — mean result ${value.mean >= 0 ? '+' : ''}${value.mean.toFixed(3)} over ${value.simulations.toLocaleString('en')} MCTS simulations (expected score ${score}%); alpha-beta did not decide it within ${value.positions.toLocaleString('en')} positions`,
  };
}
