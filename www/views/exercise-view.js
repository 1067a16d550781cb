// "Predict the next node" (issue 30): with *Predict* on, clicking a tree node is a guess at
// what the next iteration does — for the best-first searches (PNS, PPNS, MCPNS, …) the node
// it will expand, for MCTS and PN-MCTS the child of the root its selection takes. The page
// then steps one iteration and grades the guess against what the engine did (its new path),
// and explains with the engine's own numbers: the iteration's trace (each selection with the
// rule and the values that made it — the inspector's reasoning). A score is kept until it is
// reset.
//
// df-pn keeps no tree: its question is which child of the root it enters next (Nagai's MID at
// the root, src/search/threshold_log.rs). The root's children are buttons with their numbers
// now; a guess steps df-pn until the root enters a child (1, 2, 4, … positions at a time, then
// back to the position after that entry), grades it against the entry the engine logged and
// explains it with the numbers: the child that came back and why, the least pn (dn) and the
// second best, and the thresholds — the words of the timeline's marker.

import { entryWords, th } from './timeline-view.js';

/** Steps (of 1, 2, 4, … positions) df-pn takes at most to reach its next entry at the root. */
const MOST_STEPS = 20;

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
    label.append(this.toggle, ' Predict the next node: click the node you expect the next iteration to expand (MCTS, PN-MCTS: the root’s child it selects; df-pn: the root’s child it enters next)');
    this.toggle.addEventListener('change', () => this.update(search.reports));
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
    this.choices = document.createElement('div');
    this.choices.className = 'exercise-choices';
    this.choices.setAttribute('role', 'group');
    this.choices.hidden = true;
    box.classList.add('exercise');
    box.append(row, this.choices, this.verdict);
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

  /**
   * The searches stand at `reports`: with Predict on, a df-pn search (its report carries the
   * root's children) offers them as the guesses for its next entry.
   */
  update(reports) {
    const index = reports.findIndex((r) => r.thresholds?.root);
    const report = reports[index];
    const key = this.on && report ? JSON.stringify([index, report.stats.iterations, report.finished, report.thresholds.root]) : null;
    if (key === this.choicesKey) return;
    this.choicesKey = key;
    this.choices.hidden = key === null;
    if (key === null) return this.choices.replaceChildren();
    const { root, events } = report.thresholds;
    const last = events[events.length - 1];
    const prompt = document.createElement('p');
    prompt.className = 'exercise-prompt';
    const rule = root.or ? 'the root (OR) takes the least pn' : 'the root (AND) takes the least dn';
    const where = last ? `${report.algo} is in ${last.move}, entered with th_pn ${th(last.th_pn)}, th_dn ${th(last.th_dn)}.` : `${report.algo} has not entered a child of the root yet.`;
    prompt.textContent = report.finished ? `${report.algo} has finished (${report.verdict}): nothing left to predict.` : `${where} Which child of the root does it enter next? (When a child comes back at its threshold, ${rule}, the first on ties; the numbers are the table’s now.)`;
    const buttons = report.finished
      ? []
      : root.children.map((child) => {
          const button = document.createElement('button');
          button.type = 'button';
          button.className = 'exercise-choice';
          button.dataset.move = child.move;
          button.textContent = `${child.move} · pn ${th(child.pn)} / dn ${th(child.dn)}`;
          button.addEventListener('click', () => this.guessEntry(index, child.move));
          return button;
        });
    this.choices.replaceChildren(prompt, ...buttons);
  }

  /**
   * Runs `work(search, algo)` for search `index` unless a guess is being graded (then does
   * nothing): one guess at a time.
   */
  async exclusive(index, work) {
    if (this.busy) return;
    this.busy = true;
    try {
      const { search } = this;
      await work(search, search.state.searchAlgos[index]);
    } finally {
      this.busy = false;
    }
  }

  /**
   * Move `move` is the guess at the child of the root df-pn (search `index`) enters next:
   * step until it enters one, grade and explain.
   */
  async guessEntry(index, move) {
    await this.exclusive(index, async (search, algo) => {
      const before = search.reports[index]?.thresholds;
      const known = before?.entries ?? 0;
      const previous = before?.events[before.events.length - 1];
      let report = search.reports[index];
      for (let k = 0, size = 1; k < MOST_STEPS && !(report?.thresholds?.entries > known) && !report?.finished; k++, size *= 2) {
        await search.step(size);
        report = search.reports[index];
      }
      const log = report?.thresholds;
      const entry = log?.events[known - (log.entries - log.events.length)];
      if (!entry) {
        this.say(`${algo} ${report?.finished ? `finished (${report.verdict})` : 'went on'} without entering another child of the root: not scored.`);
        return;
      }
      // Show the moment of the entry: the child's first position searched.
      if (report.stats.iterations > entry.iteration + 1) await search.seek(entry.iteration + 1);
      const right = move === entry.move;
      this.score.asked += 1;
      if (right) this.score.right += 1;
      const { left } = entry;
      const cameBack = left ? `${left.move} came back with pn ${th(left.pn)} / dn ${th(left.dn)}${previous?.move === left.move ? ` (entered with th_pn ${th(previous.th_pn)}, th_dn ${th(previous.th_dn)})` : ''}; ` : '';
      const rule = log.root.or ? 'least pn' : 'least dn';
      const why = `Why, with the engine’s numbers: ${cameBack}root (${log.root.or ? 'OR' : 'AND'}): ${rule} → ${entry.move} (pn ${th(entry.pn)} / dn ${th(entry.dn)}). ${entryWords(entry)}.`;
      this.say(right ? `Right: ${algo} entered ${move}. ${why}` : `Not this time: you chose ${move}; ${algo} entered ${entry.move}. ${why}`, right);
    });
  }

  /** Node `node` of search `index` is the guess: step one iteration, grade and explain. */
  async guess(index, node) {
    await this.exclusive(index, async (search, algo) => {
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
    });
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
