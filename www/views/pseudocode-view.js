// The pseudocode of each chosen search (its catalogue entry's `explain.pseudocode`, kept in
// the search's own Rust module), shown beside its explanation, with the line of the phase
// being shown lit — select, expand, evaluate, back up, stop test (issue 30). After a Step,
// or each iteration of a run at a watchable speed, the panel walks through the iteration's
// phases in order, and lights with each the part of the iteration's trace that did it
// ("root (OR): least pn → 3" is the selection, "expanded 3: 6 children" the expansion,
// "root pn 1 / dn 7 → pn 2 / dn 6" the backup); it ends on the stop test.

/** The phases of an iteration, in the order they happen. */
export const PHASES = ['select', 'expand', 'evaluate', 'backup', 'stop'];
const PHASE_WORDS = { select: 'select', expand: 'expand', evaluate: 'evaluate', backup: 'back up', stop: 'stop test' };
/** The longest walk through an iteration's phases (a Step), in ms. */
const WALK_MS = 1250;

/** The phase of one part of an iteration's trace (the parts are separated by "; "). */
export function tracePhase(part) {
  if (/^expanded |\): added /.test(part)) return 'expand';
  if (/^(play-out from|finished game) /.test(part)) return 'evaluate';
  if (/ not expanded yet: .* valued when the step's time ended/.test(part)) return 'evaluate';
  if (/ not expanded yet: /.test(part)) return 'stop';
  if (/^root [^(].* → /.test(part)) return 'backup';
  return 'select';
}

/**
 * The trace part lit in phase `phase`: the parts of that phase; for `evaluate`, when the
 * trace has no part of its own (the new leaves are valued as they are made), the expansion.
 */
function partsOf(parts, phase) {
  const own = parts.filter((p) => p.phase === phase);
  if (own.length || phase !== 'evaluate') return own;
  return parts.filter((p) => p.phase === 'expand');
}

export class PseudocodeView {
  /** `container`: where the panels go; `catalogue`: the engine's catalogues (catalogue.js). */
  constructor(container, catalogue) {
    Object.assign(this, { container, catalogue });
    this.panels = new Map();
    this.timers = [];
  }

  /** Shows the pseudocode of searches `algos` (those that have one), no phase lit. */
  show(algos) {
    this.stop();
    this.panels.clear();
    const panels = [];
    for (const algo of algos) {
      const info = this.catalogue.search(algo);
      const lines = info?.explain?.pseudocode ?? [];
      if (!lines.length) continue;
      const details = document.createElement('details');
      details.className = 'pseudocode-panel';
      details.dataset.algo = algo;
      details.open = true;
      const summary = document.createElement('summary');
      summary.textContent = `Pseudocode: ${info.title}`;
      const list = document.createElement('ol');
      list.className = 'pseudocode';
      list.setAttribute('aria-label', `${info.title} pseudocode`);
      const items = lines.map((line) => {
        const item = document.createElement('li');
        item.textContent = line.text;
        if (line.phase) item.dataset.phase = line.phase;
        return item;
      });
      list.append(...items);
      const now = document.createElement('p');
      now.className = 'pseudocode-now';
      now.setAttribute('aria-live', 'polite');
      const trace = document.createElement('p');
      trace.className = 'pseudocode-trace';
      details.append(summary, list, now, trace);
      panels.push(details);
      this.panels.set(algo, { items, now, trace, phases: PHASES.filter((p) => lines.some((l) => l.phase === p)), parts: [] });
    }
    this.container.replaceChildren(...panels);
    this.container.hidden = panels.length === 0;
  }

  /** Stops a walk under way. */
  stop() {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
  }

  /**
   * Walks through the phases of the iteration each report ends with, within `ms` (at most
   * WALK_MS), lighting each phase's lines and trace parts; ends on the stop test.
   */
  play(reports, ms = WALK_MS) {
    this.stop();
    const walks = reports.map((report) => this.iteration(report)).filter(Boolean);
    if (!walks.length) return;
    const phases = PHASES;
    const each = Math.min(ms, WALK_MS) / phases.length;
    phases.forEach((phase, index) => {
      const light = () => walks.forEach((walk) => walk(phase));
      if (index === 0) light();
      else this.timers.push(setTimeout(light, index * each));
    });
  }

  /** The panel of `report`'s search showing its last iteration's trace: a function lighting a phase. */
  iteration(report) {
    const panel = this.panels.get(report.algo);
    if (!panel || !report.trace) return null;
    const parts = report.trace.split('; ').map((text) => ({ text, phase: tracePhase(text) }));
    panel.trace.replaceChildren(
      `Iteration ${report.stats.iterations.toLocaleString('en')}: `,
      ...parts.flatMap((part, i) => {
        part.span = document.createElement('span');
        part.span.textContent = part.text;
        part.span.dataset.phase = part.phase;
        return i ? ['; ', part.span] : [part.span];
      }),
    );
    return (phase) => {
      if (!panel.phases.includes(phase)) return;
      for (const item of panel.items) item.classList.toggle('lit', item.dataset.phase === phase);
      const lit = partsOf(parts, phase);
      for (const part of parts) part.span.classList.toggle('lit', lit.includes(part));
      panel.now.textContent = `Phase: ${PHASE_WORDS[phase]}`;
      panel.now.dataset.phase = phase;
    };
  }
}
