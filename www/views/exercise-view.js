// "Predict the next node" (issue 30): with *Predict* on, clicking a tree node is a guess at
// what the next iteration does — for the best-first searches (PNS, PPNS, MCPNS, …) the node
// it will expand, for MCTS and PN-MCTS the child of the root its selection takes. The page
// then steps one iteration and grades the guess against what the engine did (its new path),
// and explains with the engine's own numbers: the iteration's trace (each selection with the
// rule and the values that made it — the inspector's reasoning). A score is kept until it is
// reset. Searches without a tree (df-pn, alpha-beta) have nothing to click.

export class ExerciseView {
  /** `box`: the element to fill; `search`: the search controller (search-controller.js). */
  constructor(box, search) {
    this.search = search;
    this.score = { right: 0, asked: 0 };
    const label = document.createElement('label');
    label.className = 'toggle';
    this.toggle = document.createElement('input');
    this.toggle.type = 'checkbox';
    this.toggle.id = 'predict';
    label.append(this.toggle, ' Predict the next node: click the node you expect the next iteration to expand (MCTS, PN-MCTS: the root’s child it selects)');
    this.scoreText = document.createElement('span');
    this.scoreText.className = 'exercise-score';
    const reset = document.createElement('button');
    reset.type = 'button';
    reset.textContent = 'Reset score';
    reset.addEventListener('click', () => {
      this.score = { right: 0, asked: 0 };
      this.say('');
    });
    this.verdict = document.createElement('p');
    this.verdict.className = 'exercise-verdict';
    this.verdict.setAttribute('aria-live', 'polite');
    const row = document.createElement('div');
    row.className = 'row';
    row.append(label, this.scoreText, reset);
    box.classList.add('exercise');
    box.append(row, this.verdict);
    this.say('');
  }

  /** Whether a click on a node is a guess. */
  get on() {
    return this.toggle.checked;
  }

  say(text, right = null) {
    this.verdict.textContent = text;
    if (right === null) delete this.verdict.dataset.right;
    else this.verdict.dataset.right = String(right);
    this.scoreText.textContent = `Score: ${this.score.right} of ${this.score.asked}`;
  }

  /** Node `node` of search `index` is the guess: step one iteration, grade and explain. */
  async guess(index, node) {
    if (this.busy) return;
    this.busy = true;
    try {
      const { search } = this;
      const algo = search.state.searchAlgos[index];
      const before = search.reports[index];
      const known = new Set(nodesOf(before?.snapshot).map((n) => n.id));
      const reached = before?.stats.iterations ?? 0;
      await search.step(1);
      const report = search.reports[index];
      if (!report?.snapshot || report.stats.iterations !== reached + 1) {
        this.say(`${algo} did not go on (${report?.verdict ?? 'no search'}): there is no next node to predict.`);
        return;
      }
      const byId = new Map(nodesOf(report.snapshot).map((n) => [n.id, n]));
      const family = search.catalogue.search(algo)?.family;
      const path = report.snapshot.path;
      const target = family === 'mcts' ? path[1] : path[path.length - 1];
      const name = (id) => byId.get(id)?.move ?? 'the root';
      const did = family === 'mcts' ? 'selected' : 'expanded';
      const why = `Why, with the engine’s numbers: ${report.trace}`;
      if (!known.has(target)) {
        this.say(`${algo} ${did} ${name(target)}, a move not yet in the tree, chosen at random: not scored. ${why}`);
        return;
      }
      const right = node.id === target;
      this.score.asked += 1;
      if (right) this.score.right += 1;
      const guessed = node.move ?? 'the root';
      this.say(right ? `Right: ${algo} ${did} ${guessed}. ${why}` : `Not this time: you chose ${guessed}; ${algo} ${did} ${name(target)}. ${why}`, right);
    } finally {
      this.busy = false;
    }
  }
}

/** Every node of a snapshot's tree (none for no snapshot). */
function nodesOf(snapshot) {
  const out = [];
  const walk = (node) => {
    out.push(node);
    node.children.forEach(walk);
  };
  if (snapshot) walk(snapshot.root);
  return out;
}
