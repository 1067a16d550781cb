// df-pn's thresholds on the page (issue 30): the see-saw lesson (www/lessons.js, id `seesaw`)
// shows df-pn's entries into the root's children on the timeline, each with the thresholds
// Nagai's rule (and the 1 + ε trick) gives, marked "re-enter" when it comes back to a child it
// had left; its numbers are the engine's (tests/searches/seesaw.rs checks the same run).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cards, lessonLink, pageFixture } from './harness.mjs';
import { LESSONS } from '../../www/views/lessons.js';

const fixture = pageFixture();
const lesson = LESSONS.find((l) => l.id === 'seesaw');

/** The timeline's df-pn markers: {again, move, thPn, second, iteration}. */
function markers(page) {
  return page.$$eval('.timeline-marker.marker-threshold, .timeline-marker.marker-reenter', (buttons) =>
    buttons.map((b) => {
      const title = b.title;
      const number = (re) => {
        const m = re.exec(title);
        return m ? (m[1] === '∞' ? Infinity : Number(m[1])) : null;
      };
      return {
        again: b.classList.contains('marker-reenter'),
        move: /enters (\S+) /.exec(title)?.[1],
        thPn: number(/th_pn (\S+),/),
        second: number(/the second best (\S+)\)/),
        iteration: Number(b.dataset.iteration),
        text: b.textContent,
      };
    }),
  );
}

test('the see-saw lesson: df-pn’s root entries on the timeline, with their thresholds, fewer with 1 + ε', async () => {
  const errors = [];
  const seen = await fixture.lessonSteps(lesson, errors, async (page) => {
    const [card] = await cards(page);
    const marks = await markers(page);
    const all = await page.locator('.timeline-marker').count();
    return { card, marks, all };
  });
  assert.deepEqual(seen.map((s) => [s.card.verdict, s.card.iterations]), [['proved', 708], ['proved', 589], ['proved', 321]]);
  // ε = 0: the timeline draws its latest 24 events, most of them among the 33 entries (the
  // others: best-move changes, the proof), re-entries among them; every threshold is pn₂ + 1.
  const [plain, half, one] = seen.map((s) => s.marks);
  assert.equal(seen[0].all, 24);
  assert.ok(plain.length >= 20, JSON.stringify(plain));
  assert.ok(plain.filter((m) => m.again).length >= 15, JSON.stringify(plain));
  for (const m of plain) if (m.second !== Infinity) assert.equal(m.thPn, m.second + 1, m.text);
  // ε = 0.5: 17 entries, 8 of them re-entries; th_pn = max(pn₂ + 1, ⌈1.5 pn₂⌉).
  assert.deepEqual([half.length, half.filter((m) => m.again).length], [17, 8]);
  for (const m of half) if (m.second !== Infinity) assert.equal(m.thPn, Math.max(m.second + 1, Math.ceil(1.5 * m.second)), m.text);
  // ε = 1: 9 entries, none again.
  assert.deepEqual([one.length, one.filter((m) => m.again).length], [9, 0]);
  for (const m of one) if (m.second !== Infinity) assert.equal(m.thPn, Math.max(m.second + 1, 2 * m.second), m.text);
  // The texts quote these numbers.
  assert.match(lesson.steps[0].text, /33 entries, 24 of them re-entries.*708 positions/);
  assert.match(lesson.steps[1].text, /17 entries at the root, 8 re-entries, proved after 589/);
  assert.match(lesson.steps[2].text, /9 entries, no re-entry at all, proved after 321/);
  assert.deepEqual(errors, []);
});

test('a df-pn marker on the timeline jumps to its iteration', async () => {
  const page = await fixture.ready(lessonLink(lesson, 3));
  const [, second] = await markers(page);
  await page.click(`.timeline-marker[data-iteration="${second.iteration}"]`);
  await page.waitForFunction((n) => document.querySelector('.timeline-at')?.textContent.startsWith(`iteration ${n} of`), second.iteration.toLocaleString('en'));
  const [card] = await cards(page);
  assert.equal(card.iterations, second.iteration);
  await page.close();
});
