// The move list (issue 29's analysis board): the moves played since the position was loaded
// or edited, in the game's notation, numbered by ply; each is a button to the position after
// it, and "start" goes back to the position they were played from. The shown position's
// entry is marked (aria-current). The list is one Tab stop: ← and → (Home, End) inside it go
// to the previous and next positions; the back and forward buttons beside it, and the keys
// [ and ] anywhere outside a field, do the same. It only reads the history the position
// controller keeps (store: history, moveTexts, cursor) and asks it to go to an entry.

/**
 * The stretch of the history around `cursor` that moves link: from the last position at or
 * before it that was not reached by a move (loaded or edited) to the last one reached by
 * moves from there. Returns {start, end} (indices into the history).
 */
export function stretch(moveTexts, cursor) {
  let start = cursor;
  while (start > 0 && moveTexts[start]) start--;
  let end = cursor;
  while (end + 1 < moveTexts.length && moveTexts[end + 1]) end++;
  return { start, end };
}

/** Whether a key press belongs to the element it was pressed in (a field keeps every key). */
const inField = (target) => target instanceof Element && Boolean(target.closest('input, select, textarea, [contenteditable]'));

export class MoveList {
  /**
   * `container`: the list's element (it holds the `ol`); `position`: the position controller
   * (`goTo(index)`, `go(delta)`); `active()`: whether the list may move the board now (the
   * board is shown and no game against an agent is on).
   */
  constructor(container, { store, position, active }) {
    Object.assign(this, { container, store, position, active });
    this.list = container.querySelector('ol');
    store.subscribe(['history', 'moveTexts', 'cursor'], () => this.render());
    this.list.addEventListener('keydown', (event) => this.onListKey(event));
    document.addEventListener('keydown', (event) => {
      if (event.key !== '[' && event.key !== ']') return;
      // AltGr (Ctrl+Alt) types the brackets on some keyboards; other modifiers are shortcuts.
      if (event.metaKey || (event.ctrlKey !== event.altKey) || inField(event.target) || !this.active()) return;
      event.preventDefault();
      this.position.go(event.key === '[' ? -1 : 1);
    });
  }

  /** ← → Home End inside the list: the previous, next, first and last entries. */
  onListKey(event) {
    const { start, end } = stretch(this.store.state.moveTexts, this.store.state.cursor);
    const target = { ArrowLeft: this.store.state.cursor - 1, ArrowRight: this.store.state.cursor + 1, Home: start, End: end }[event.key];
    if (target === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    if (target >= start && target <= end && this.active()) this.position.goTo(target);
  }

  render() {
    const { moveTexts, cursor } = this.store.state;
    const { start, end } = stretch(moveTexts, cursor);
    const focused = this.list.contains(document.activeElement);
    const entry = (index, text, label) => {
      const item = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.index = String(index);
      button.tabIndex = index === cursor ? 0 : -1;
      if (index === cursor) button.setAttribute('aria-current', 'step');
      button.setAttribute('aria-label', label);
      button.append(text);
      button.addEventListener('click', () => {
        if (this.active()) this.position.goTo(index);
      });
      item.append(button);
      return item;
    };
    const items = [entry(start, 'start', 'the position the moves start from')];
    for (let index = start + 1; index <= end; index++) {
      const ply = index - start;
      const number = document.createElement('span');
      number.className = 'ply';
      number.textContent = `${ply}.`;
      const item = entry(index, moveTexts[index], `move ${ply}: ${moveTexts[index]}`);
      item.firstChild.prepend(number, '\u00a0');
      items.push(item);
    }
    this.list.replaceChildren(...items);
    this.container.dataset.moves = String(end - start);
    const current = this.list.querySelector('[aria-current]');
    if (focused) current?.focus();
    // A long list scrolls inside itself (never the page) to keep the current entry in sight.
    const list = this.list;
    if (current && list.scrollHeight > list.clientHeight) list.scrollTop = current.parentElement.offsetTop - list.clientHeight / 2;
  }
}
