// What the views with a panel of their own (stages, arena, results file, papers, 2048) share:
// the panel built before an element of the page's main grid, the engine client and catalogues
// they ask, and their entry in the page's view list (`Views.register` in app/views.js).

import { panelBefore } from '../lib/dom.js';

export class PanelView {
  /**
   * Builds panel `name` (its ids prefixed `name-`) of `html` before `before`. `engine`: the
   * page's engine client; `catalogue`: the engine's catalogues, where the view reads them.
   */
  constructor(before, name, html, { engine, catalogue }) {
    this.root = panelBefore(before, name, html);
    this.engine = engine;
    this.catalogue = catalogue;
  }

  /**
   * This view's entry in the page's view list: its `name`, its `title` on the nav's button, its
   * panel and, where it has share-link fields, its `link` (`{fields, state(), apply(values), …}`).
   */
  entry(name, title, link) {
    return { name, title, panels: [this.root], link };
  }
}
