// The engine's two catalogues as the page uses them. Everything the page lists — games,
// searches, parameters and their fields, share-link keys, chart colours — comes from the
// engine's `hello` answer (src/game/catalogue.rs, src/search/catalogue.rs,
// src/search/params.rs); this module only indexes it. The page holds no list of its own.

/** Colours of searches, in catalogue order (a palette, not a list of searches). */
const PALETTE = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b', '#17becf', '#e377c2', '#7f7f7f', '#bcbd22'];

export class Catalogue {
  /** `hello`: {version, games: [family], searches: [search], run_params: [param]}. */
  constructor(hello) {
    this.version = hello.version;
    this.families = hello.games;
    this.searches = hello.searches;
    this.runParams = hello.run_params;
    this.defaults = hello.defaults;
    /** The games with an evaluation function (the evaluation panel's). */
    this.evaluated = hello.evaluated ?? [];
    /**
     * The support matrix (the worker adds it to `hello`): game name → search id → null (it
     * can run the game) or the reason it cannot, from the engine's own support check.
     */
    this.support = hello.support ?? {};
    this.params = [];
    for (const spec of [...this.searches.flatMap((s) => s.params), ...this.runParams]) {
      if (!this.params.some((known) => known.key === spec.key)) this.params.push(spec);
    }
  }

  /** The games the page's select offers: [{name, title}]. */
  get listedGames() {
    return this.families.flatMap((family) => family.listed);
  }

  /**
   * The stages experiment's stages for `game` unless told otherwise, as the engine's
   * `GameSpec::stages` reads them from the catalogue: its listed name's, else the listed name
   * before its first `:`, else its family's first.
   */
  stagesOf(game) {
    const base = game.split(':')[0];
    const listed = this.listedGames;
    const entry =
      listed.find((g) => g.name === game) ??
      listed.find((g) => g.name === base) ??
      this.families.find((f) => base.startsWith(f.id))?.listed[0] ??
      listed[0];
    return [...entry.stages];
  }

  /** The family with id `id` (a position view's `family`). */
  family(id) {
    return this.families.find((f) => f.id === id) ?? null;
  }

  /** How the family of a position view draws it. */
  presentation(view) {
    return this.family(view.family).presentation;
  }

  /** The name of the player to move in a position view (null when over or chance acts). */
  playerToMove(view) {
    const players = this.presentation(view).players;
    if (view.turn === 'first') return players[0];
    if (view.turn === 'second') return players[1] ?? null;
    return null;
  }

  search(id) {
    return this.searches.find((s) => s.id === id) ?? null;
  }

  /**
   * Why search `id` cannot run `game` (a listed game's name), or null if it can. For a name
   * the matrix does not list (a variant typed in the Arena) the engine's start answers.
   */
  unsupported(game, id) {
    return this.support[game]?.[id] ?? null;
  }

  /**
   * Offers only the searches that can run `game` among `choices` (options or checkboxes whose
   * value is a search id): the others stay listed, disabled, with the reason as the title (of
   * the checkbox's label). Returns the ids that can run it.
   */
  offer(game, choices) {
    const runs = [];
    for (const choice of choices) {
      const info = this.search(choice.value);
      if (!info) continue;
      const reason = this.unsupported(game, info.id);
      choice.disabled = reason !== null;
      // An option carries its own title; a checkbox's is its label's.
      const titled = choice.tagName === 'OPTION' ? choice : (choice.closest('label') ?? choice);
      titled.title = reason ?? info.help;
      if (reason === null) runs.push(info.id);
    }
    return runs;
  }

  /** The searches of the catalogue that can run `game`, optionally only those that `plays`. */
  searchesFor(game, { plays = false } = {}) {
    return this.searches.filter((s) => (!plays || s.capabilities.plays) && this.unsupported(game, s.id) === null);
  }

  /** A search's colour: by its place in the catalogue. */
  colour(id) {
    const index = this.searches.findIndex((s) => s.id === id);
    return PALETTE[(index < 0 ? 0 : index) % PALETTE.length];
  }

  /** The parameters `ids` read, then the run settings: each key once. */
  paramsFor(ids) {
    const keys = new Set(ids.flatMap((id) => this.search(id)?.params.map((p) => p.key) ?? []));
    return [...this.params.filter((p) => keys.has(p.key) && !this.runParams.includes(p)), ...this.runParams];
  }

  /** The spec of a parameter key. */
  param(key) {
    return this.params.find((p) => p.key === key) ?? null;
  }
}

/** The units of a byte count (the memory limit): powers of 1024, as the engine reads them. */
const BYTE_UNITS = [['T', 40], ['G', 30], ['M', 20], ['K', 10]];

/** A byte count in the largest unit that writes it whole (`2G`, `512M`, `1000`). */
function formatBytes(value) {
  const unit = BYTE_UNITS.find(([, shift]) => value > 0 && value % 2 ** shift === 0);
  return unit ? `${value / 2 ** unit[1]}${unit[0]}` : String(value);
}

/** A byte count from text with an optional unit (`512M`, `2G`, `64 MiB`). */
function readBytes(text) {
  const match = /^(\d+(?:\.\d+)?)\s*([KMGT])?(?:I?B)?$/i.exec(text);
  if (!match) throw new Error(`${JSON.stringify(text)} is not a number of bytes (512M, 2G)`);
  const unit = BYTE_UNITS.find(([name]) => name === (match[2] ?? '').toUpperCase());
  return Math.round(Number(match[1]) * 2 ** (unit ? unit[1] : 0));
}

/** A parameter's value as a field shows it ('' for off; a choice's word; bytes with a unit). */
export function formatParam(spec, value) {
  if (value === null || value === undefined) return '';
  if (spec.kind.type === 'choice') return spec.kind.options[value] ?? String(value);
  if (spec.kind.type === 'bytes') return formatBytes(value);
  return String(value);
}

/** The default of a parameter as the options object carries it (a word for a choice). */
export function defaultParam(spec) {
  if (spec.default === null) return null;
  return spec.kind.type === 'choice' ? spec.kind.options[spec.default] : spec.default;
}

/**
 * Reads a field's text as the options object carries it: a number, a choice's word, or null
 * (off). Throws an Error saying what is wrong (without the field's name, which the caller
 * gives); the engine checks the range again.
 */
export function readParam(spec, text) {
  const trimmed = String(text).trim();
  if (spec.kind.type === 'choice') {
    if (!spec.kind.options.includes(trimmed)) throw new Error(`must be one of ${spec.kind.options.join(', ')}`);
    return trimmed;
  }
  if (trimmed === '' || trimmed === 'off') {
    if (spec.optional) return null;
    throw new Error('needs a value');
  }
  const value = spec.kind.type === 'bytes' ? readBytes(trimmed) : Number(trimmed);
  if (!Number.isFinite(value)) throw new Error(`${JSON.stringify(trimmed)} is not a number`);
  if (spec.kind.type === 'integer' && !Number.isInteger(value)) throw new Error(`${value} is not a whole number`);
  const below = spec.min !== null && (value < spec.min || (spec.min_exclusive && value === spec.min));
  const above = spec.max !== null && (value > spec.max || (spec.max_exclusive && value === spec.max));
  if (below || above) throw new Error(`must be ${rangeText(spec)}, got ${value}`);
  return value;
}

/** A whole number from `min` to `max` read from text; throws an Error saying what is wrong. */
export function readWhole(text, min, max) {
  const trimmed = String(text).trim();
  const value = Number(trimmed);
  if (trimmed === '' || !Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${JSON.stringify(trimmed)} is not a whole number from ${min} to ${max}`);
  }
  return value;
}

function rangeText(spec) {
  const open = (exclusive) => (exclusive ? ' (exclusive)' : '');
  if (spec.min !== null && spec.max !== null) return `from ${spec.min}${open(spec.min_exclusive)} to ${spec.max}${open(spec.max_exclusive)}`;
  if (spec.min !== null) return spec.min_exclusive ? `more than ${spec.min}` : `at least ${spec.min}`;
  if (spec.max !== null) return spec.max_exclusive ? `less than ${spec.max}` : `at most ${spec.max}`;
  return 'a number';
}
