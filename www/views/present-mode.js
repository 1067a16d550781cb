// Present mode (issue 30), for a projector: the lesson text, the board, the tree and the
// search controls on one screen in large type, everything else put away; on a phone the
// same parts as tabs (Lesson, Board, Tree) above the controls. A toggle button beside the
// views turns it on and off (Escape turns it off); the stylesheet does the layout from
// `body[data-present]` and `main[data-present-tab]`.

const TABS = [
  ['lesson', 'Lesson'],
  ['board', 'Board'],
  ['tree', 'Tree'],
];

export class PresentMode {
  /** `nav`: where the toggle goes; `main`: the page's main element, where the tabs go. */
  constructor(nav, main) {
    this.main = main;
    this.button = document.createElement('button');
    this.button.type = 'button';
    this.button.id = 'present';
    this.button.className = 'present-toggle';
    this.button.textContent = 'Present';
    this.button.title = 'Lesson, board, tree and controls on one screen, in large type (Escape to leave)';
    this.button.setAttribute('aria-pressed', 'false');
    this.button.addEventListener('click', () => this.set(!this.on));
    nav.append(this.button);
    this.tabs = document.createElement('div');
    this.tabs.className = 'present-tabs';
    this.tabs.setAttribute('role', 'tablist');
    this.tabs.setAttribute('aria-label', 'Present mode parts');
    this.tabButtons = TABS.map(([name, title]) => {
      const tab = document.createElement('button');
      tab.type = 'button';
      tab.setAttribute('role', 'tab');
      tab.dataset.tab = name;
      tab.textContent = title;
      tab.addEventListener('click', () => this.tab(name));
      return tab;
    });
    // Arrow keys move between the tabs, as a tab list's do.
    this.tabs.addEventListener('keydown', (event) => {
      const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
      if (!step) return;
      event.preventDefault();
      const at = TABS.findIndex(([name]) => name === this.main.dataset.presentTab);
      const next = TABS[(at + step + TABS.length) % TABS.length][0];
      this.tab(next);
      this.tabButtons.find((b) => b.dataset.tab === next).focus();
    });
    this.tabs.append(...this.tabButtons);
    this.tabs.hidden = true;
    main.prepend(this.tabs);
    document.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && this.on) this.set(false);
    });
    this.on = false;
    this.tab('tree');
  }

  /** Turns present mode on or off. */
  set(on) {
    this.on = on;
    if (on) document.body.dataset.present = 'true';
    else delete document.body.dataset.present;
    this.button.setAttribute('aria-pressed', String(on));
    this.tabs.hidden = !on;
  }

  /** Shows part `name` on a phone. */
  tab(name) {
    this.main.dataset.presentTab = name;
    for (const tab of this.tabButtons) {
      const selected = tab.dataset.tab === name;
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
    }
  }
}
