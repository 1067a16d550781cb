// The page's views — the playground, the stages experiment, and whatever comes next — each
// registered once: its name, title, the panels it shows, and the share-link fields it owns.
// The nav's buttons, switching views, and the link's view fields all come from this list, so
// adding a view is its module plus one `register` call in main.js.

export class Views {
  /** `nav`: the element the view buttons go in; `onShow(name)`: called after a switch. */
  constructor(nav, { onShow = () => {} } = {}) {
    this.nav = nav;
    this.onShow = onShow;
    this.list = [];
    this.current = null;
  }

  /**
   * Registers a view: `{name, title, panels: [element], shown?(), link?: {fields, state(),
   * apply(values), opened?(values), pending?(values), options?}}`; `shown()` runs each time the
   * view is shown (a view that reads its data only when first wanted).
   * `link.fields` maps share-link keys to `{key, read(text), write?(value), initial(game)}`
   * (`initial` the value a link without the key gives, for the link's game);
   * `state()` gives the view's current values by `key`, `apply(values)` shows them, and
   * `opened(values)` runs when a link opens the page on this view (a replay, a rerun), and
   * `pending(values)` says in words what `opened` would do (null for nothing).
   * A view with its own parameter fields gives `options: {defaults(game), state(), apply(options)}`:
   * while it is shown, the link's search parameters are its fields'.
   */
  register(view) {
    this.list.push(view);
    const button = document.createElement('button');
    button.type = 'button';
    button.id = `view-${view.name}`;
    button.textContent = view.title;
    button.setAttribute('aria-pressed', 'false');
    button.addEventListener('click', () => this.show(view.name));
    this.nav.append(button);
    view.button = button;
    if (!this.current) this.show(view.name);
    else for (const panel of view.panels) panel.hidden = true;
  }

  /** Shows view `name` (the first one for an unknown name); views may share panels. */
  show(name) {
    const shown = this.list.find((v) => v.name === name) ?? this.list[0];
    for (const view of this.list) {
      for (const panel of view.panels) panel.hidden = !shown.panels.includes(panel);
      view.button.setAttribute('aria-pressed', String(view === shown));
    }
    this.current = shown.name;
    // The stylesheet reads the view shown from its panels' parent (`main[data-view]`): a
    // `main:has(…)` rule would restyle the whole page at every change inside it.
    const parent = shown.panels[0]?.parentElement;
    if (parent) parent.dataset.view = shown.name;
    shown.shown?.();
    this.onShow(shown.name);
  }

  names() {
    return this.list.map((v) => v.name);
  }

  /** The view `name` (undefined for none). */
  view(name) {
    return this.list.find((v) => v.name === name);
  }

  /** The parameter defaults of view `name` for `game` ({} for a view without fields of its own). */
  optionDefaults(name, game) {
    return this.view(name)?.link?.options?.defaults(game) ?? {};
  }

  /** Every view's share-link fields, by link key. */
  linkFields() {
    return Object.assign({}, ...this.list.map((v) => v.link?.fields ?? {}));
  }

  /** Every view's current link values, by state key. */
  linkState() {
    return Object.assign({}, ...this.list.map((v) => v.link?.state() ?? {}));
  }

  /** Shows the link values (by state key) in every view. */
  apply(values) {
    for (const view of this.list) view.link?.apply(values);
  }
}
