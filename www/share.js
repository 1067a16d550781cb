// Share links (SPEC.md §6): the page state in the URL fragment, versioned.
//   #v=1&g=othello&p=<position>&a=pns,ppns&theta=0.01&k=60&s=42&goal=win&nodes=…&time=…&view=tree&step=120
// The page's own fields are below; every search parameter and run setting is a field too,
// under the link key the engine's schema gives it (theta, pr, k = playouts, s = seed, goal,
// nodes, time, …), read and checked by that schema. Compare mode lists two searches:
// a=pns,ppns. Unknown keys are ignored; a bad value is reported by field name and replaced by
// its default. Values are only ever used as text.

import { defaultParam, formatParam, readParam } from './catalogue.js';

export const VERSION = '1';

const number = (min, max) => (text) => {
  const value = Number(text);
  if (text.trim() === '' || !Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${JSON.stringify(text)} is not a whole number from ${min} to ${max}`);
  }
  return value;
};

const list = (text, read, { min = 1, max = Infinity, what }) => {
  const items = text.split(',').filter(Boolean).map(read);
  if (items.length < min || items.length > max) throw new Error(`needs ${what}`);
  return items;
};

/** The page's own fields (not search parameters). `read` throws on a bad value. */
function pageFields(catalogue) {
  const searchId = (text) => {
    if (!catalogue.search(text)) throw new Error(`unknown search ${JSON.stringify(text)}`);
    return text;
  };
  return {
    g: { key: 'game', read: (text) => text },
    p: { key: 'position', read: (text) => text },
    a: { key: 'algos', read: (text) => list(text, searchId, { max: 2, what: 'one search, or two to compare' }), write: (v) => v.join(',') },
    view: {
      key: 'view',
      read: (text) => {
        if (text !== 'tree' && text !== 'stages') throw new Error('must be tree or stages');
        return text;
      },
    },
    step: { key: 'step', read: number(0, 1e9) },
    stages: { key: 'stages', read: (text) => list(text, number(1, 200), { what: 'at least one stage' }), write: (v) => v.join(',') },
    n: { key: 'stagePositions', read: number(1, 1000) },
    sa: { key: 'stageAlgos', read: (text) => list(text, searchId, { what: 'at least one search' }), write: (v) => v.join(',') },
    run: { key: 'run', read: (text) => text === '1', write: (run) => (run ? '1' : '0') },
  };
}

/** The state a link without fields gives: the engine's defaults. */
export function defaults(catalogue) {
  const d = catalogue.defaults;
  const options = {};
  for (const spec of catalogue.params) {
    options[spec.key] = spec.page_default !== null ? spec.page_default : defaultParam(spec);
  }
  return {
    game: d.game,
    position: null,
    algos: [d.search],
    options,
    view: 'tree',
    step: 0,
    stages: d.stages.split(',').map(Number),
    stagePositions: 10,
    stageAlgos: d.stage_searches.split(','),
    run: false,
  };
}

/**
 * Reads a fragment ("#v=1&…" or "") into a full state. Returns {state, problems}: each
 * problem is {field, message}, `field` naming the state field (a parameter's key for
 * parameters) so the page can mark it.
 */
export function readLink(fragment, catalogue) {
  const state = defaults(catalogue);
  const problems = [];
  const text = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  if (text === '') return { state, problems };
  let params;
  try {
    params = new URLSearchParams(text);
  } catch {
    return { state, problems: [{ field: null, message: 'the link could not be read' }] };
  }
  const version = params.get('v');
  if (version !== null && version !== VERSION) {
    problems.push({ field: 'v', message: `v: version ${JSON.stringify(version)} is not supported (using ${VERSION})` });
  }
  for (const [name, field] of Object.entries(pageFields(catalogue))) {
    const value = params.get(name);
    if (value === null) continue;
    try {
      state[field.key] = field.read(value);
    } catch (error) {
      problems.push({ field: field.key, message: `${name}: ${error.message}` });
    }
  }
  for (const spec of catalogue.params) {
    const value = params.get(spec.link);
    if (value === null) continue;
    try {
      state.options[spec.key] = readParam(spec, value);
    } catch (error) {
      problems.push({ field: spec.key, message: `${spec.link}: ${error.message}` });
    }
  }
  return { state, problems };
}

/** Writes a state as a fragment, leaving out what equals the default (the game always). */
export function writeLink(state, catalogue) {
  const base = defaults(catalogue);
  const params = new URLSearchParams();
  params.set('v', VERSION);
  for (const [name, field] of Object.entries(pageFields(catalogue))) {
    const value = state[field.key];
    if (value === undefined || value === null) continue;
    if (JSON.stringify(value) === JSON.stringify(base[field.key]) && name !== 'g') continue;
    params.set(name, field.write ? field.write(value) : String(value));
  }
  for (const spec of catalogue.params) {
    const value = state.options[spec.key];
    if (value === undefined || JSON.stringify(value) === JSON.stringify(base.options[spec.key])) continue;
    params.set(spec.link, value === null ? 'off' : spec.kind.type === 'choice' ? value : formatParam(spec, value));
  }
  return `#${params.toString()}`;
}
