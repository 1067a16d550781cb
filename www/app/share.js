// Share links (SPEC.md §6): the page state in the URL fragment, versioned.
//   #v=1&g=othello&p=<position>&a=pns,ppns&theta=0.01&k=60&s=42&goal=win&nodes=…&time=…&view=tree&step=120
// The page's own fields are below (game, position, searches, view); every search
// parameter and run setting is a field too, under the link key the engine's schema gives it
// (theta, pr, k = playouts, s = seed, goal, nodes, time, …), read and checked by that schema;
// and each registered view adds its own fields (views.js: the playground's step, the stages
// view's stages, n, sa, run). Compare mode lists two searches: a=pns,ppns. A view with its
// own parameter fields (the stages view) has its own defaults for them, so a link leaves out
// what equals the defaults of the view it shows. Unknown keys are ignored; a bad value is
// reported by field name and replaced by its default. Values are only ever used as text.

import { defaultParam, formatParam, readParam } from '../lib/catalogue.js';

export const VERSION = '1';

/**
 * The page's own fields (not search parameters), then the views' (`views`: a Views list).
 * `read` throws on a bad value.
 */
function pageFields(catalogue, views) {
  const searchId = (text) => {
    if (!catalogue.search(text)) throw new Error(`unknown search ${JSON.stringify(text)}`);
    return text;
  };
  return {
    g: { key: 'game', read: (text) => text },
    p: { key: 'position', read: (text) => text },
    a: {
      key: 'algos',
      read: (text) => {
        const algos = text.split(',').filter(Boolean).map(searchId);
        if (algos.length < 1 || algos.length > 2) throw new Error('needs one search, or two to compare');
        if (algos.length === 2 && algos[0] === algos[1]) throw new Error('compares two different searches');
        return algos;
      },
      write: (v) => v.join(','),
    },
    view: {
      key: 'view',
      read: (text) => {
        if (!views.names().includes(text)) throw new Error(`must be one of ${views.names().join(', ')}`);
        return text;
      },
    },
    ...views.linkFields(),
  };
}

/**
 * The state a link without fields gives: the engine's defaults and the views' initial values;
 * with `view` and `game`, the parameter defaults of that view for that game.
 */
export function defaults(catalogue, views, { view = null, game = null } = {}) {
  const d = catalogue.defaults;
  const options = {};
  for (const spec of catalogue.params) {
    options[spec.key] = spec.page_default !== null ? spec.page_default : defaultParam(spec);
  }
  if (view !== null) Object.assign(options, views.optionDefaults(view, game ?? d.game));
  const state = { game: d.game, position: null, algos: [d.search], options, view: views.names()[0] };
  for (const field of Object.values(views.linkFields())) state[field.key] = field.initial(game ?? d.game);
  return state;
}

/**
 * Reads a fragment ("#v=1&…" or "") into a full state. Returns {state, problems}: each
 * problem is {field, message}, `field` naming the state field (a parameter's key for
 * parameters) so the page can mark it.
 */
export function readLink(fragment, catalogue, views) {
  const state = defaults(catalogue, views);
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
    const newer = Number(version) > Number(VERSION);
    problems.push({
      field: 'v',
      newer,
      message: newer
        ? `v=${version}: this link was made by a newer pnplay (this page reads v=${VERSION}), whose fields may mean something else`
        : `v: version ${JSON.stringify(version)} is not supported (using ${VERSION})`,
    });
  }
  const fields = Object.entries(pageFields(catalogue, views));
  for (const [name, field] of fields) {
    const value = params.get(name);
    if (value === null) continue;
    try {
      state[field.key] = field.read(value);
    } catch (error) {
      problems.push({ field: field.key, message: `${name}: ${error.message}` });
    }
  }
  // A view field the link leaves out takes its initial value for the link's game.
  for (const [name, field] of fields) {
    if (field.initial && params.get(name) === null) state[field.key] = field.initial(state.game);
  }
  Object.assign(state.options, views.optionDefaults(state.view, state.game));
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

/**
 * A field's value as the fragment writes it: percent-encoded, except for the characters a
 * fragment may hold as they are and the link's values use (`,` between searches and stages,
 * `:` in game names), so `a=pns,ppns&g=connect4:5x4` reads as written.
 */
const encodeValue = (text) => encodeURIComponent(text).replace(/%2C/gi, ',').replace(/%3A/gi, ':');

/** Writes a state as a fragment, leaving out what equals the default (the game always). */
export function writeLink(state, catalogue, views) {
  const base = defaults(catalogue, views, state);
  const params = new Map();
  params.set('v', VERSION);
  for (const [name, field] of Object.entries(pageFields(catalogue, views))) {
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
  return `#${[...params].map(([name, value]) => `${name}=${encodeValue(value)}`).join('&')}`;
}
