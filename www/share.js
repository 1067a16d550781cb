// Share links (SPEC.md §6): the page state in the URL fragment, versioned.
//   #v=1&g=othello&p=<position>&a=ppns&theta=0.01&pr=&k=60&s=42&goal=win&nodes=…&time=…&view=tree&step=120
// Compare mode lists two searches: a=pns,ppns. Unknown keys are ignored; a bad value is
// reported by field name and replaced by its default. Values are only ever used as text.

export const VERSION = '1';

export const DEFAULTS = Object.freeze({
  game: 'othello',
  position: null,
  algos: ['pns'],
  theta: 0.01,
  pr: null,
  playouts: 60,
  seed: 1,
  goal: 'win',
  nodes: 1000000,
  time: 60,
  view: 'tree',
  step: 0,
  stages: [18, 22, 26, 32, 36, 40],
  stagePositions: 10,
  stageAlgos: ['pns', 'mcpns', 'ppns'],
  run: false,
});

const number = (min, max, integer = false) => (text) => {
  if (text.trim() === '') throw new Error('is empty');
  const value = Number(text);
  if (!Number.isFinite(value)) throw new Error(`${JSON.stringify(text)} is not a number`);
  if (integer && !Number.isInteger(value)) throw new Error(`${JSON.stringify(text)} is not a whole number`);
  if (value < min || value > max) throw new Error(`${value} is outside ${min}…${max}`);
  return value;
};

/** How each field is read from the link and written back. */
const FIELDS = {
  g: { key: 'game', read: (text) => text },
  p: { key: 'position', read: (text) => text },
  a: {
    key: 'algos',
    read: (text) => {
      const algos = text.split(',').filter(Boolean);
      if (algos.length < 1 || algos.length > 2) throw new Error('needs one search, or two to compare');
      return algos;
    },
    write: (algos) => algos.join(','),
  },
  theta: { key: 'theta', read: number(1e-9, 0.5) },
  pr: { key: 'pr', read: (text) => (text === '' ? null : number(1e-300, 0.49)(text)), write: (pr) => (pr === null ? '' : String(pr)) },
  k: { key: 'playouts', read: number(1, 100000, true) },
  s: { key: 'seed', read: number(0, Number.MAX_SAFE_INTEGER, true) },
  goal: {
    key: 'goal',
    read: (text) => {
      if (text !== 'win' && text !== 'not-lose') throw new Error('must be win or not-lose');
      return text;
    },
  },
  nodes: { key: 'nodes', read: number(1, 1e9, true) },
  time: { key: 'time', read: number(0.1, 86400) },
  view: {
    key: 'view',
    read: (text) => {
      if (text !== 'tree' && text !== 'stages') throw new Error('must be tree or stages');
      return text;
    },
  },
  step: { key: 'step', read: number(0, 1e9, true) },
  stages: {
    key: 'stages',
    read: (text) => {
      const stages = text.split(',').map((s) => number(1, 200, true)(s));
      if (!stages.length) throw new Error('needs at least one stage');
      return stages;
    },
    write: (stages) => stages.join(','),
  },
  n: { key: 'stagePositions', read: number(1, 1000, true) },
  sa: {
    key: 'stageAlgos',
    read: (text) => {
      const algos = text.split(',').filter(Boolean);
      if (!algos.length) throw new Error('needs at least one search');
      return algos;
    },
    write: (algos) => algos.join(','),
  },
  run: { key: 'run', read: (text) => text === '1', write: (run) => (run ? '1' : '0') },
};

/**
 * Reads a fragment ("#v=1&…" or "") into a full state. Returns {state, problems}, where each
 * problem names the field that was wrong and what was wrong with it.
 */
export function readLink(fragment) {
  const state = { ...DEFAULTS, algos: [...DEFAULTS.algos] };
  const problems = [];
  const text = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  if (text === '') return { state, problems };
  let params;
  try {
    params = new URLSearchParams(text);
  } catch {
    return { state, problems: ['the link could not be read'] };
  }
  const version = params.get('v');
  if (version !== null && version !== VERSION) problems.push(`v: version ${JSON.stringify(version)} is not supported (using ${VERSION})`);
  for (const [name, field] of Object.entries(FIELDS)) {
    const value = params.get(name);
    if (value === null) continue;
    try {
      state[field.key] = field.read(value);
    } catch (error) {
      problems.push(`${name}: ${error.message}`);
    }
  }
  return { state, problems };
}

/** Writes a state as a fragment, leaving out what equals the default. */
export function writeLink(state) {
  const params = new URLSearchParams();
  params.set('v', VERSION);
  for (const [name, field] of Object.entries(FIELDS)) {
    const value = state[field.key];
    const fallback = DEFAULTS[field.key];
    if (value === undefined || value === null && fallback === null) continue;
    if (JSON.stringify(value) === JSON.stringify(fallback) && name !== 'g') continue;
    params.set(name, field.write ? field.write(value) : String(value));
  }
  return `#${params.toString()}`;
}
