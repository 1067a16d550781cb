// The lessons view (lessons.js): the list of guided tours, or one lesson's current step with
// its text and Previous / Next, above the playground's tree and charts. A step is opened as
// its share link (so the page shows exactly what that link shows), with this view's own link
// fields: `lesson` (its id) and `at` (the step, from 1).

import { LESSONS, lesson } from './lessons.js';
import { element } from '../lib/dom.js';

export class LessonsView {
  /**
   * `panel`: the lesson's section; `panels`: the playground panels shown with it;
   * `open(fragment)`: opens a share link in place; `replay(steps)`: steps the searches;
   * `version`: the share links' version (`v`).
   */
  constructor(panel, { panels, open, replay, version }) {
    Object.assign(this, { panel, panels, open, replay, version });
    this.current = null;
    this.at = 1;
    this.render();
  }

  /** The share-link fragment of step `at` (from 1) of lesson `id`. */
  stepLink(id, at) {
    const chosen = lesson(id);
    return `#v=${this.version}&${chosen.steps[at - 1].link}&view=lessons&lesson=${id}&at=${at}`;
  }

  registration() {
    return {
      name: 'lessons',
      title: 'Lessons',
      panels: [this.panel, ...this.panels],
      link: {
        fields: {
          lesson: {
            key: 'lesson',
            read: (text) => {
              if (!lesson(text)) throw new Error(`no lesson ${JSON.stringify(text)}; lessons: ${LESSONS.map((l) => l.id).join(', ')}`);
              return text;
            },
            initial: () => null,
          },
          at: {
            key: 'lessonStep',
            read: (text) => {
              const value = Number(text);
              if (!Number.isInteger(value) || value < 1 || value > 100) throw new Error(`${JSON.stringify(text)} is not a step number from 1`);
              return value;
            },
            initial: () => 1,
          },
        },
        state: () => ({ lesson: this.current?.id ?? null, lessonStep: this.at }),
        apply: (values) => {
          this.current = values.lesson ? lesson(values.lesson) : null;
          this.at = Math.min(values.lessonStep ?? 1, this.current?.steps.length ?? 1);
          this.render();
        },
        // A lesson step replays its iterations, like a playground link.
        opened: async (values) => {
          if (values.step > 0) await this.replay(values.step);
        },
      },
    };
  }

  render() {
    const { panel } = this;
    const heading = element('h2', { id: 'lesson-heading' }, this.current ? this.current.title : 'Lessons');
    if (!this.current) {
      const list = element('ol', { class: 'lesson-list' });
      for (const item of LESSONS) {
        const li = element('li');
        const link = element('a', { href: this.stepLink(item.id, 1) }, item.title);
        li.append(link, ` — ${item.steps.length} steps`);
        list.append(li);
      }
      panel.replaceChildren(heading, element('p', {}, 'Guided tours of the searches. Each step sets up the board, the searches and the iterations; its link can be shared.'), list);
      return;
    }
    const { steps, id, source } = this.current;
    const step = steps[this.at - 1];
    const counter = element('p', { class: 'lesson-counter' }, `Step ${this.at} of ${steps.length}`);
    const text = element('p', { class: 'lesson-text' }, step.text);
    const row = element('div', { class: 'row' });
    const previous = element('button', { type: 'button', 'data-action': 'previous' }, '◀ Previous');
    previous.disabled = this.at <= 1;
    previous.addEventListener('click', () => this.open(this.stepLink(id, this.at - 1)));
    const next = element('button', { type: 'button', 'data-action': 'next' }, 'Next ▶');
    next.disabled = this.at >= steps.length;
    next.addEventListener('click', () => this.open(this.stepLink(id, this.at + 1)));
    const all = element('a', { href: `#v=${this.version}&view=lessons` }, 'All lessons');
    row.append(previous, next, all);
    panel.replaceChildren(heading, counter, text, row, element('p', { class: 'lesson-source' }, `Source: ${source}`));
  }
}
