// One agent of the arena view (issue 11; the agents of src/agent/, the PN-MCTS paper's
// players): its text form (`pnmcts:iterations=1000,cpn=1`, `random`), which is the source of
// truth, and beside it a composer built from the engine's catalogue — a search select, a
// budget per move (iterations, nodes or seconds) and the search's own parameters — that writes
// that text. Typing the text updates the composer from the engine's reading of it (the
// worker's `arenaAgent`); a text the engine refuses is marked, with the engine's message under
// it and on the composer's field it names. The page never parses or checks agents itself.

import { defaultParam } from '../lib/catalogue.js';
import { markInput } from './params-view.js';
import { elementWith as element } from '../lib/dom.js';

/** The budgets per move an agent's text takes (src/agent: `iterations`, `nodes`, `seconds`). */
const BUDGETS = [
  ['iterations', 'iterations'],
  ['nodes', 'nodes'],
  ['seconds', 'seconds'],
];

const CHECK_AFTER_MS = 350;

export class AgentField {
  /**
   * Builds the fields of agent `side` ('a' or 'b') in `root`. `catalogue`: the engine's
   * catalogues; `engine`: an EngineClient; `onChange(text)`: called when the text changes.
   */
  constructor(root, { side, title, catalogue, engine, onChange = () => {} }) {
    this.side = side;
    this.catalogue = catalogue;
    this.engine = engine;
    this.onChange = onChange;
    this.asked = 0; // the last check asked: an older answer changes nothing
    const id = (name) => `arena-${side}-${name}`;
    this.search = element('select', { id: id('search'), 'aria-label': `${title}: search` });
    this.search.append(
      element('option', { value: 'random', text: 'Random (uniform legal move)' }),
      ...catalogue.searches.map((s) => element('option', { value: s.id, text: s.title, title: s.help })),
    );
    this.budgetKind = element('select', { id: id('budget-kind'), 'aria-label': `${title}: budget per move` });
    this.budgetKind.append(...BUDGETS.map(([value, text]) => element('option', { value, text })));
    this.budget = element('input', { id: id('budget'), type: 'text', inputmode: 'decimal', size: '8', 'aria-label': `${title}: budget value` });
    this.params = element('div', { class: 'arena-params' });
    this.text = element('input', {
      id: id('text'),
      class: 'arena-agent-text',
      type: 'text',
      spellcheck: 'false',
      autocomplete: 'off',
      'aria-label': `${title}: agent text`,
    });
    this.error = element('p', { id: id('error'), class: 'arena-error', 'aria-live': 'polite' });
    this.error.hidden = true;
    this.budgetRow = element('label', { class: 'arena-budget' }, 'Budget per move ', this.budget, this.budgetKind);
    root.append(
      element('h3', { text: title }),
      element('div', { class: 'row' }, element('label', {}, 'Search ', this.search), this.budgetRow),
      this.params,
      element('label', { class: 'arena-text-label', for: id('text') }, 'Agent text (what pnplay match --' + side + ' takes)'),
      this.text,
      this.error,
    );
    this.fields = new Map(); // parameter key → input of the shown search's parameters
    this.search.addEventListener('change', () => {
      this.showParams(this.search.value, {});
      this.compose();
    });
    for (const input of [this.budgetKind, this.budget]) input.addEventListener('change', () => this.compose());
    this.pendingCheck = null; // the typed text's check, waiting for typing to pause
    this.text.addEventListener('input', () => {
      this.onChange(this.text.value);
      clearTimeout(this.pendingCheck);
      this.pendingCheck = setTimeout(() => this.check().catch(() => {}), CHECK_AFTER_MS);
    });
  }

  /**
   * Offers only the searches that can run `game` (the engine's support matrix): the others
   * stay listed, disabled, with the reason as their title.
   */
  offer(game) {
    this.catalogue.offer(game, this.search.options);
  }

  /** The agent's text as the field shows it. */
  get value() {
    return this.text.value.trim();
  }

  /** Shows `text` and fills the composer from the engine's reading of it. */
  set(text) {
    this.text.value = text;
    this.check().catch(() => {});
  }

  /** The parameter fields of search `id` (none for random), filled from `options` (key → text). */
  showParams(id, options) {
    const info = this.catalogue.search(id);
    this.shown = id;
    this.budgetRow.hidden = !info;
    this.fields.clear();
    if (!info) {
      this.params.replaceChildren();
      return;
    }
    const specs = [...info.params, this.catalogue.param('goal'), this.catalogue.param('seed')].filter(Boolean);
    this.params.replaceChildren(
      ...specs.map((spec) => {
        let input;
        const fallback = defaultParam(spec);
        if (spec.kind.type === 'choice') {
          input = element('select', {});
          input.append(
            element('option', { value: '', text: spec.key === 'goal' ? 'win, then not-lose' : `default (${fallback})` }),
            ...spec.kind.options.map((word) => element('option', { value: word, text: word })),
          );
        } else {
          input = element('input', { type: 'text', inputmode: 'decimal', size: '6', placeholder: fallback === null ? 'off' : String(fallback) });
        }
        input.id = `arena-${this.side}-param-${spec.key}`;
        input.name = spec.key;
        input.setAttribute('aria-label', `${spec.title} (${spec.key})`);
        input.value = options[spec.key] ?? '';
        input.addEventListener('change', () => this.compose());
        this.fields.set(spec.key, input);
        return element('label', { title: spec.help }, `${spec.key} `, input);
      }),
    );
  }

  /** Writes the text from the composer, then has the engine check it. */
  compose() {
    const id = this.search.value;
    let text = id;
    if (id !== 'random') {
      // An empty budget is left out: a depth-limited player's `depth` is its budget.
      const options = this.budget.value.trim() === '' ? [] : [`${this.budgetKind.value}=${this.budget.value.trim()}`];
      for (const [key, input] of this.fields) if (input.value.trim() !== '') options.push(`${key}=${input.value.trim()}`);
      text = `${id}:${options.join(',')}`;
    }
    this.text.value = text;
    this.onChange(text);
    this.check().catch(() => {});
  }

  /**
   * Asks the engine to read the text: resolves with its canonical form and fills the
   * composer from it; a text it refuses is marked (with the field the error names) and the
   * engine's Error is thrown.
   */
  async check() {
    // A check asked now supersedes the one still waiting for typing to pause: left to run
    // later, that one would refill the composer over an edit made in between.
    clearTimeout(this.pendingCheck);
    const asked = ++this.asked;
    const text = this.value;
    delete this.text.dataset.read; // the canonical text of the last reading, once it is shown
    try {
      const agent = await this.engine.request('arenaAgent', { text });
      if (asked === this.asked) this.fill(agent);
      return agent.text;
    } catch (error) {
      if (asked === this.asked) this.mark(error);
      throw error;
    }
  }

  /** Shows the engine's reading `{search, options}` in the composer and clears the marks. */
  fill({ text, search, options }) {
    this.text.dataset.read = text;
    this.error.hidden = true;
    this.text.removeAttribute('aria-invalid');
    this.search.value = search ?? 'random';
    const budget = BUDGETS.map(([key]) => key).find((key) => key in options);
    this.budget.value = budget ? options[budget] : '';
    if (budget) this.budgetKind.value = budget;
    const own = Object.fromEntries(Object.entries(options).filter(([key]) => !BUDGETS.some(([b]) => b === key)));
    // The same search keeps its fields (and the focus in them); only their values change.
    if (this.shown === this.search.value) for (const [key, input] of this.fields) input.value = own[key] ?? '';
    else this.showParams(this.search.value, own);
  }

  /** Marks the text (and the composer's field the error names) with the engine's message. */
  mark(error) {
    markInput(this.text, error.message);
    this.error.textContent = error.message;
    this.error.hidden = false;
    const field = error.field === this.budgetKind.value || BUDGETS.some(([b]) => b === error.field) ? this.budget : this.fields.get(error.field);
    if (field) markInput(field, error.message);
  }
}
