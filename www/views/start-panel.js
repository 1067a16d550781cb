// The start panel: what pnplay is, in two sentences, and three doors — watch a proof (the
// first lesson), solve a position (an example a search proves at once), reproduce a paper
// (the stages view with the paper's settings). Every door is a link, opened like any share
// link. The panel opens by itself on a first visit without a link (remembered in
// localStorage), over the "solve a position" door's state, so the first Run a newcomer makes
// gives a verdict; the header's "Start here" button opens it at any time.

const SEEN_KEY = 'pnplay-start-seen';

/** Whether the visitor has seen the panel (storage may be unavailable: then never seen). */
function seen() {
  try {
    return localStorage.getItem(SEEN_KEY) === '1';
  } catch {
    return false;
  }
}

function remember() {
  try {
    localStorage.setItem(SEEN_KEY, '1');
  } catch {
    // Storage refused (a private window): the panel opens again next time.
  }
}

const element = (tag, attributes = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
};

export class StartPanel {
  /**
   * Fills `root` (a hidden section) and wires `reopen` (the header's button). `doors`:
   * [{id, title, text, href}], the three ways in.
   */
  constructor(root, { reopen, doors }) {
    this.root = root;
    this.reopen = reopen;
    const close = element('button', { type: 'button', id: 'start-close', class: 'start-close' }, 'Close');
    close.addEventListener('click', () => this.hide());
    root.replaceChildren(
      element('h2', { id: 'start-heading' }, 'Start here'),
      element(
        'p',
        { class: 'start-intro' },
        'pnplay is a playground for the searches that solve games: proof-number search and its relatives prove who wins a position, and you can watch every step of their trees. ',
        'It runs in your browser, on ten games, and reproduces the papers’ experiments.',
      ),
      element(
        'ul',
        { class: 'start-doors' },
        ...doors.map((door) => {
          const link = element('a', { href: door.href, id: `start-${door.id}`, class: 'start-door' }, element('strong', {}, door.title), element('span', {}, door.text));
          link.addEventListener('click', () => this.hide());
          return element('li', {}, link);
        }),
      ),
      close,
    );
    reopen.addEventListener('click', () => (root.hidden ? this.show() : this.hide()));
    /** Whether this is a first visit without a link (the panel is then open). */
    this.firstVisit = !seen() && (window.location.hash === '' || window.location.hash === '#');
    if (this.firstVisit) this.show();
  }

  show() {
    this.root.hidden = false;
    this.reopen.setAttribute('aria-expanded', 'true');
  }

  /** Closes the panel; a first visit is over once it has been closed or a door taken. */
  hide() {
    this.root.hidden = true;
    this.reopen.setAttribute('aria-expanded', 'false');
    remember();
  }
}
