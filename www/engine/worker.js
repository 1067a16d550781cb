// The engine's module Web Worker (SPEC.md §7). It loads the engine's wasm modules (each runs
// some of the games, threads.js) as requests need them and turns each request into engine
// calls:
//   page → worker   {id, type, ...payload}
//   worker → page   {id, type: 'result', result} | {id, type: 'error', message, kind, field}
//                   {id, type: 'progress', ...}   (streamed while a `run` request lasts)
// If the first module (the one of the game in the worker's URL, `game`, else of Othello)
// cannot be loaded, the worker answers every request with an error and
// announces {type: 'fatal', message} once, so the page can show it.
//
// Modules (issue 32): a request is answered by the module that runs its game (`hello`'s
// `modules`: its `game`, its `config`'s, or 2048 for the 2048 view's), loaded the first time
// one is asked for; a request without a game by the module last used. A module asked about a game
// it leaves out answers an error of kind `elsewhere` naming the module that runs it (a
// certificate's or a results file's game, a game written another way): the request is then
// answered again by that module. Every module's objects (positions, searches) stay usable
// beside the others', so the page's searches of one game go on while it reads another's.
//
// Failures (issue 34): a wasm trap — `unreachable`, a Rust panic (the panic hook logs it,
// then traps), running out of memory, "memory access out of bounds" — may leave the wasm
// instance corrupt, so the worker never calls into it again: its sessions are dropped
// without being touched (no `free()`), the request is answered {id, type: 'trapped',
// message} and so is every later one, and the page replaces the worker (engine-client.js).
// The worker posts {type: 'beat'} every BEAT_EVERY_MS while it can run JavaScript (between
// slices), so the page notices a worker that ended silently (`terminate()`, `close()`) or
// hangs; it names at start the channel on which its helper threads report a failure
// ({type: 'helper-failures', channel}, threads.js), since it may then be blocked waiting for
// them. Opened with `?test-hooks` (only the page's tests do), it honours `testFault`
// requests that force each failure.
//
// Errors carry the engine's `kind` and `field` (the input that is wrong: `pos`, `move`,
// `game`, `search` or a parameter's key) so the page can mark it; a request checked whole
// (`check`, `start`) names every field that is wrong in `problems`.
//
// Positions: the worker keeps the current position (a wasm `Position`, read once from its
// text, or played or edited from the one before) and the request last checked on it (a wasm
// `Request`); every request that names that position (by the text it was asked by or its
// canonical text) and those searches and options uses them instead of reading them again.
//
// Searches: `start` creates one search per name in `algos` (two in compare mode) on the same
// position, each a session of any search of the catalogue (one without a tree reports no
// snapshot); `step` advances every search by the same number of iterations (lockstep), and
// `run` until they finish: both in slices of at most SLICE_SECONDS, streaming progress about
// every 50 ms, until done or a `pause` or `cancel` arrives (messages are read between slices),
// so a step of 10⁹ iterations shows its progress and can be paused or reset like a run.
// A search with the capability `timed` (`abid`: iterative deepening under a clock) is the
// exception: a slice would be its whole time, so it is stepped once within its own time.
// Threads (threads.js): in a cross-origin isolated page the worker runs the threaded package
// and `exactScore` (the game's own solver) uses the threads `setThreads` sets (all the
// machine's cores at first) where that solver searches in parallel (8×8 Othello), as does
// `connect4EveryMove` (the columns' searches side by side), on helper workers started in the
// background once the package has loaded and whenever more threads are set (or before the
// call, if that failed), and so does a search that runs on threads (`dfpn-jobs`), whose
// helpers `start` starts in the background; `threads` and `hello` report {threaded, available,
// threads, helpers}. Elsewhere one thread, with the same answers.
//
// `seek` puts every search at an iteration already reached or not (the timeline, Back),
// from the nearest checkpoint (checkpoints.js) rather than from the start.

import { HELPER_FAILURES, loadEngine, setThreads } from './threads.js';
import { Checkpoints } from './checkpoints.js';
import { fetchGunzipped, firstModule } from './wasm-source.js';

/** The module answering the request (threads.js: an `Engine`) and its package (the threaded
 * one in a cross-origin isolated page), whose exports the handlers call. */
let active = null;
let engine = null;
/** Listed game and family → the engine module that runs it (from the first module's `hello`). */
let modules = null;
/** Requests about a game that every module answers (the papers' declarations, not the
 * game's code): the module last used answers them, so the Stages view asking for every
 * game's published stages at start loads no other module. */
const ANY_MODULE = new Set(['paperStages']);
/** The game a request without a `game` is about (the 2048 view's and the Papers view's 2048 reruns). */
const GAME_OF_REQUEST = { play2048Game: '2048', play2048Tables: '2048', live2048Start: '2048', live2048Step: '2048' };

const SLICE_SECONDS = 0.03;
const PROGRESS_EVERY_MS = 50;
const SNAPSHOT_EVERY_MS = 200;
const LARGE_SNAPSHOT_EVERY_MS = 400; // for three open levels (drawings of up to ~800 nodes)

const BEAT_EVERY_MS = 250;
const TEST_HOOKS = new URL(self.location.href).searchParams.has('test-hooks');

let sessions = [];
/**
 * The current position: `{game, texts, position, request}` — the `Position` handle, the
 * texts it was asked by (and its canonical text), and the request last checked on it
 * (`{key, handle}`: a `Request`, or null); or null.
 */
let current = null;
/**
 * The started searches' request (a `Request`: the position and the searches and options
 * checked once in Rust), from which each search and each checkpoint's fresh copy opens; or null.
 */
let started = null;
/** The started searches' checkpoints (`start`), or null (an agent thinking keeps none). */
let checkpoints = null;
/** Why the wasm instance is no longer called (a trap's message), or null. */
let trapped = null;
/** The 2048 view's live game of expectimax on 4×4 2048 (`Live2048`), or null. */
let live2048 = null;
let runToken = 0; // bumped by pause/cancel/start: a running loop whose token is stale stops
let liveView = {}; // what a running loop's snapshots show; `setView` changes it mid-run
let timedSearches = null; // ids of the searches with the capability `timed` (from `hello`)

/**
 * Drops the current sessions (freeing them in wasm): the list is emptied first, so a session
 * whose `free()` throws is never touched again.
 */
function dropSessions() {
  const old = sessions;
  sessions = [];
  const kept = checkpoints;
  checkpoints = null;
  const request = started;
  started = null;
  try {
    kept?.drop();
  } catch {
    // A copy already freed: dropped all the same.
  }
  if (request !== current?.request?.handle) free(request);
  for (const session of old) free(session);
}

/** Frees a wasm handle (or nothing for null): one already freed, or still borrowed by a call that trapped, is dropped all the same. */
function free(handle) {
  try {
    handle?.free();
  } catch {
    // Dropped all the same.
  }
}

/**
 * Makes `position` (of `game`, asked by `texts`) the current position, freeing the one
 * before and its request (unless the started searches still open from it).
 */
function keep(game, position, ...texts) {
  const old = current;
  current = { game, position, texts: new Set([...texts, position.text]), request: null };
  if (old) {
    free(old.position);
    if (old.request && old.request.handle !== started) free(old.request.handle);
  }
  return position;
}

/** Position `pos` of `game` (its start for null): the current one if it is that, else read once and kept. */
function positionOf(game, pos) {
  const text = pos ?? null;
  if (current?.game === game && current.texts.has(text)) return current.position;
  return keep(game, new engine.Position(game, text ?? undefined), text);
}

/**
 * Searches `algos` with `options` on position `pos` of `game`: the request last checked on
 * the current position if it is the same, else checked once (whole) and kept.
 */
function requestOf(game, pos, algos, options) {
  const position = positionOf(game, pos);
  const key = JSON.stringify([algos, options ?? null]);
  if (current.request?.key !== key) {
    const handle = position.request(algos, options ?? undefined);
    const old = current.request;
    current.request = { key, handle };
    if (old && old.handle !== started) free(old.handle);
  }
  return current.request.handle;
}

/**
 * Whether `error` is a wasm trap (or a symptom of an earlier one): the instance may be
 * corrupt and must not be used again.
 */
function isTrap(error) {
  if (error instanceof WebAssembly.RuntimeError) return true;
  const message = String(error?.message ?? error);
  return /unreachable|memory access out of bounds|null pointer passed to rust|recursive use of an object|out of memory/i.test(message);
}

/** Marks `session` of search `algo` as one that spends its time allowed in one step. */
function withTiming(session, algo) {
  timedSearches ??= new Set(engine.hello().searches.filter((s) => s.capabilities.timed).map((s) => s.id));
  session.timed = timedSearches.has(algo);
  return session;
}

/**
 * Each search's progress, with its limits and own parameters; with a snapshot of its tree
 * (`focus[i]`: a pinned node of search i) and, when the view asks (`history: true`), its
 * per-iteration history (`null` for searches that keep none).
 */
function report({ withSnapshot = true, depth = 3, maxNodes = 400, focus = [], history = false } = {}) {
  return sessions.map((session, index) => {
    const progress = session.progress();
    progress.limits = session.limits;
    progress.params = session.params;
    if (withSnapshot) progress.snapshot = session.snapshot(depth, maxNodes, focus[index] ?? undefined);
    // The history (up to 4,096 points) travels with the snapshots, not with every 50 ms report.
    if (history && withSnapshot) progress.history = session.history();
    return progress;
  });
}

/** Steps every unfinished search by `iterations` (within `seconds` each); returns how many ran. */
function stepAll(iterations, seconds) {
  // The search that has been slowest per iteration leads within the time budget; the others
  // then do exactly as many iterations, so a slice stays short and the counts stay equal.
  const costPerIteration = (s) => (s.iterations > 0 ? s.seconds / s.iterations : 0);
  const order = sessions.filter((s) => !s.finished).sort((a, b) => costPerIteration(b) - costPerIteration(a));
  // A search that finishes early sets no count: the others go on to `iterations`.
  let lead = null;
  let most = 0;
  for (const session of order) {
    // A search that spends its time allowed in one step (`abid`) gets it whole: its own
    // time limit (`time`, an agent's `seconds`) bounds the step, not the slice.
    const slice = session.timed ? 1e9 : seconds;
    // The page hears nothing during such a step: it is told how long to wait.
    if (session.timed) self.postMessage({ type: 'quiet', ms: 1000 * (session.limits?.max_seconds ?? Infinity) });
    const done = session.step(lead ?? iterations, lead === null ? slice : 1e9);
    most = Math.max(most, done);
    if (lead === null && !session.finished) lead = done;
  }
  return most;
}

const allFinished = () => sessions.every((session) => session.finished);

const yieldToMessages = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Advances every search by `iterations` more (Infinity: until they finish) in slices of at
 * most SLICE_SECONDS, streaming progress about every 50 ms to request `id`, until done or a
 * `pause`, `cancel` or `start` arrives (messages are read between slices). Resolves with
 * `{reports, stopped}`.
 */
async function advance(id, iterations, view) {
  if (sessions.length === 0) throw new Error('no search has been started');
  const token = ++runToken;
  liveView = view ?? {};
  let remaining = iterations;
  let lastPost = performance.now();
  let lastSnapshot = -Infinity; // the first progress report carries a snapshot (and the history)
  while (remaining > 0 && !allFinished()) {
    remaining -= stepAll(Math.min(remaining, 1e12), SLICE_SECONDS);
    checkpoints?.record(sessions);
    const now = performance.now();
    if (remaining > 0 && now - lastPost >= PROGRESS_EVERY_MS) {
      // Counters every 50 ms; the (larger) tree snapshot every 200 ms (400 ms when large).
      const every = (liveView.depth ?? 0) >= 3 ? LARGE_SNAPSHOT_EVERY_MS : SNAPSHOT_EVERY_MS;
      const withSnapshot = now - lastSnapshot >= every;
      self.postMessage({ id, type: 'progress', reports: report({ ...liveView, withSnapshot }) });
      lastPost = now;
      if (withSnapshot) lastSnapshot = now;
    }
    await yieldToMessages();
    if (token !== runToken) return { reports: report(liveView), stopped: true };
  }
  return { reports: report(liveView), stopped: false };
}

/** Where the Connect Four opening book is served (`pnplay book merge`, docs: the book). */
const CONNECT4_BOOK = new URL('../data/connect4-book.bin.gz', import.meta.url);

/** The book's loading, once per module that runs Connect Four: `{}` once loaded, `{error}`
 * if it could not be. */
function connect4Book(here) {
  here.connect4BookLoading ??= (async () => {
    try {
      here.pkg.connect4LoadBook(await fetchGunzipped(CONNECT4_BOOK));
      return {};
    } catch (error) {
      if (isTrap(error)) throw error;
      if (error.status) return { error: `no opening book (${error.status} for ${CONNECT4_BOOK.pathname})` };
      return { error: `the opening book could not be read: ${error.message}` };
    }
  })();
  return here.connect4BookLoading;
}

/** Each data file's installing, once per module while it succeeds: `module/name` → promise. */
const assetLoads = new Map();
/** The last request's installing of its data files (requests wait for it in turn). */
let assetsInstalled = Promise.resolve();
/**
 * The requests about a game that read only its position, its heuristics or the catalogue,
 * never search: they wait for no data files (the page sends `paperStages` for 8×8 Othello at
 * every start, and `evaluate` for every position shown; `describe` starts loading them without
 * waiting). Every other request with a `game` installs what the game reads first.
 */
const READS_NO_DATA = new Set(['describe', 'play', 'edit', 'check', 'evaluate', 'paperStages', 'stagesJobCount', 'arenaSummary']);

/**
 * Installs the data files game `game` reads that the engine has not installed yet (the
 * Othello endgame solver's pattern weights), each fetched and unpacked here the first time,
 * never on the page's thread. A bad game name throws the engine's error (the request's own).
 * A file that cannot be fetched is left out with a warning and tried again by the next
 * request: the solver then gives the same answers with more positions searched.
 */
async function installAssets(here, game) {
  if (typeof game !== 'string') return;
  const pkg = here.pkg;
  for (const name of pkg.assetsNeeded(game)) {
    const key = `${here.module}/${name}`;
    if (!assetLoads.has(key)) {
      // Served beside the opening book (`scripts/build` writes them).
      const url = new URL(`../data/${name}.gz`, import.meta.url);
      const load = fetchGunzipped(url).then((bytes) => pkg.loadAsset(game, name, bytes)).catch((error) => {
        if (isTrap(error)) throw error;
        assetLoads.delete(key);
        console.warn(`data file ${name} not installed: ${error.message}`);
      });
      assetLoads.set(key, load);
    }
    await assetLoads.get(key);
  }
}

const handlers = {
  // The catalogues, with the support matrix (which search can run which game) beside them.
  hello: () => ({ ...engine.hello(), support: engine.support(), threads: active.info() }),
  threads: () => active.info(),
  setThreads: ({ threads }) => setThreads(active, threads),
  describe: ({ game, pos }) => positionOf(game, pos).view(),
  play: ({ game, pos, move }) => keep(game, positionOf(game, pos).play(move)).view(),
  edit: ({ game, pos, cell, tool }) => keep(game, positionOf(game, pos).edit(cell ?? undefined, tool ?? undefined)).view(),
  // A share link's searches and options checked whole before anything runs (every wrong
  // field in the error's `problems`); a `start` of the same then checks nothing again.
  check: ({ game, pos, algos, options }) => {
    requestOf(game, pos, algos, options);
    return {};
  },

  start: ({ game, pos, algos, options }) => {
    runToken++;
    dropSessions();
    // The position and options are read once; each search (and a checkpoint's copy) opens from them.
    const request = requestOf(game, pos, algos, options);
    started = request;
    const open = (index) => withTiming(request.open(index), algos[index]);
    sessions = algos.map((_, index) => open(index));
    checkpoints = new Checkpoints(open, algos.length);
    // A search that runs on threads (dfpn-jobs) gets its helpers started in the background;
    // until they run it searches on fewer threads, with the same results.
    active.readyThreads(() => Math.max(1, ...sessions.map((session) => session.threads))).catch(() => {});
    return { reports: report() };
  },
  // Every search at iteration `iteration` (or where it finished, if earlier), from the
  // nearest checkpoint: the timeline's jumps and Back.
  seek: ({ iteration, view }) => {
    if (!checkpoints) throw new Error('no search has been started');
    if (!Number.isInteger(iteration) || iteration < 0) {
      throw Object.assign(new Error(`iteration must be a whole number of at least 0, got ${iteration}`), {
        kind: 'bad-parameter',
        field: 'iteration',
      });
    }
    runToken++;
    sessions = sessions.map((session, index) => checkpoints.seek(index, session, iteration));
    checkpoints.record(sessions);
    return { reports: report(view) };
  },
  step: ({ iterations = 1, view }, id) => {
    if (!Number.isInteger(iterations) || iterations < 1) {
      throw Object.assign(new Error(`iterations must be a whole number of at least 1, got ${iterations}`), {
        kind: 'bad-parameter',
        field: 'iterations',
      });
    }
    return advance(id, iterations, view);
  },
  run: ({ view }, id) => advance(id, Infinity, view),
  pause: ({ view }) => {
    runToken++;
    return { reports: sessions.length ? report(view) : [] };
  },
  cancel: () => {
    runToken++;
    dropSessions();
    return {};
  },
  snapshot: ({ view }) => ({ reports: report(view) }),
  setView: ({ view }) => {
    liveView = view ?? {};
    return {};
  },
  inspect: ({ index = 0, node }) => {
    const session = sessions[index];
    if (!session) throw new Error(`no search ${index}`);
    return session.inspect(node);
  },
  benchPlayouts: ({ game, seconds, seed }) => engine.benchPlayouts(game, seconds, seed),
  benchSearch: ({ game, algo, moves, positions, seed, nodes, seconds }) => engine.benchSearch(game, algo, moves, positions, seed, nodes, seconds),
  experiment2048: ({ config }) => engine.experiment2048(config),
  ppnHistory: ({ game, pos, options }) => engine.ppnHistory(game, pos, options),
  play2048Game: ({ config, index }) => engine.play2048Game(config, index),
  play2048Tables: ({ records }) => engine.play2048Tables(records),
  solve: ({ game, pos, algo, options }) => engine.solve(game, pos, algo, options),
  stagesJobCount: ({ game, config }) => engine.stagesJobCount(game, config),
  stagesRunJob: ({ game, config, index }) => engine.stagesRunJob(game, config, index),
  arenaPlayGame: ({ game, config, index }) => engine.arenaPlayGame(game, config, index),
  arenaAgent: ({ text }) => engine.arenaAgent(text),
  arenaSummary: ({ game, config, records }) => engine.arenaSummary(game, config, records),
  paperStages: ({ game }) => engine.paperStages(game),
  exactScore: async ({ game, pos, options }) => {
    await active.readyThreads(() => positionOf(game, pos).scoreThreads());
    return positionOf(game, pos).exactScore(options);
  },
  // Connect Four: the exact score of every legal move, the opening book (fetched and
  // unpacked here the first time, never on the page's thread) first, then the solver on the
  // threads set, a column each.
  connect4EveryMove: async ({ game, pos, options }) => {
    const [here, pkg] = [active, engine];
    const book = await connect4Book(here);
    await here.readyThreads(() => pkg.connect4SearchThreads(game, pos));
    return { ...pkg.connect4EveryMove(game, pos, options), bookError: book.error ?? null };
  },
  // Play mode: the agent's move at ply `ply` of game `index` of a match with seed `seed` is
  // thought about as the one search of `sessions` (so `run`, `pause`, `snapshot` and
  // `inspect` show it like any search); `choice` gives its move once `run` has finished.
  think: ({ game, pos, agent, seed, index, ply }) => {
    runToken++;
    dropSessions();
    const thinking = withTiming(positionOf(game, pos).think(agent, seed, index, ply), agent.split(':')[0]);
    thinking.agent = true;
    sessions = [thinking];
    return { reports: sessions[0].progress() ? report() : [], choice: sessions[0].choice() };
  },
  choice: () => {
    const session = sessions[0];
    if (!session?.agent) throw new Error('no agent is thinking');
    return session.choice();
  },
  hint: ({ game, pos, budget }) => positionOf(game, pos).hint(budget),
  // The evaluation panel and board overlay: the heuristics of the position, weighted by
  // `options` (`eval`, `w.*`).
  evaluate: ({ game, pos, options }) => positionOf(game, pos).evaluate(options ?? {}),
  // The exact answer beside a statistical one: alpha-beta on the same question, within
  // `seconds` (it says `out` if that is not enough).
  exact: ({ game, pos, options, seconds }) => {
    const request = positionOf(game, pos).request(['alphabeta'], { ...options, nodes: null, time: seconds });
    let session;
    try {
      session = request.open(0);
    } catch (error) {
      if (!isTrap(error)) request.free();
      throw error;
    }
    request.free();
    // Freed only after it answered: a session that trapped is never touched again.
    session.step(1e15, seconds);
    const report = session.progress();
    session.free();
    return report;
  },
  // The results viewer: a JSON Lines file summarised as the command line does.
  readResults: ({ text, experiment }) => engine.readResults(text, experiment),
  tournamentResults: ({ config, text }) => engine.tournamentResults(config, text),
  // The Papers view: a results/ folder's cards with the paper tables' numbers of each, and
  // one source's numbers (the engine's paper tables: the page never types a paper's number).
  readCards: ({ text }) => engine.readCards(text),
  paperTable: ({ source }) => engine.paperTable(source),
  // Proof certificates: checked with the rules alone (`pnplay check`), or made for a proved
  // or disproved position (`pnplay solve --certificate`).
  checkCertificate: ({ text }) => engine.checkCertificate(text),
  makeCertificate: ({ game, pos, verdict, options }) => positionOf(game, pos).certificate(verdict, options ?? {}),
  // The page's recovery tests (only with `?test-hooks`): `trap`, `panic` and `oom` fail in
  // wasm; `close` ends the worker silently; `hang` never answers; `throw` raises an error
  // outside any request (the page sees the worker's `error` event).
  // How many positions the engine has read from text and requests it has checked (the
  // share-link walk's test).
  testCounts: () => {
    if (!TEST_HOOKS) throw new Error('testCounts needs the page opened with ?test-hooks');
    return engine.testCounts();
  },
  testFault: async ({ fault }) => {
    if (!TEST_HOOKS) throw new Error('testFault needs the page opened with ?test-hooks');
    if (fault === 'close') self.close();
    else if (fault === 'hang') for (;;);
    else if (fault === 'thread') {
      const [here, pkg] = [active, engine];
      if (!here.threaded) throw new Error('testFault thread needs the threaded engine');
      await here.readyThreads(() => 2);
      pkg.testFault('thread');
    }
    else if (fault === 'throw') {
      setTimeout(() => {
        throw new Error('a worker error forced by the test hook');
      });
    } else engine.testFault(fault);
    return {};
  },
};

/** Makes `loaded` (an `Engine` of threads.js) the module answering requests. */
function use(loaded) {
  active = loaded;
  engine = loaded.pkg;
}

/** The engine module of game `game` (a listed game, or its family's first): the module last
 * used if the game is none or unknown (the module then says where it is, or that it is no game). */
function moduleOf(game) {
  if (typeof game !== 'string') return active.module;
  return modules[game] ?? modules[game.split(':')[0]] ?? active.module;
}

/** Engine module `module`, loaded the first time (an error saying which if it cannot be). */
async function engineOf(module) {
  try {
    return await loadEngine(module);
  } catch (error) {
    throw new Error(`could not load the engine module ${module}: ${error?.message ?? error}`);
  }
}

/** `handler`'s answer to request `data` (`id`), by the module that runs its game: a module's
 * `elsewhere` error names the module to ask again. */
async function answer(handler, data, id) {
  for (let tries = 0; ; tries++) {
    try {
      return await handler(data, id);
    } catch (error) {
      if (error?.kind !== 'elsewhere' || typeof error.module !== 'string' || error.module === active.module || tries > 1) throw error;
      use(await engineOf(error.module));
    }
  }
}

/** Answers request `id` as failed by a trap; the instance is not called again. */
function reportTrap(id, error) {
  if (!trapped) {
    trapped = String(error?.message ?? error);
    // The sessions are dropped untouched: freeing one that trapped throws or traps again.
    sessions = [];
    started = null;
    current = null;
    live2048 = null;
    runToken++;
  }
  self.postMessage({ id, type: 'trapped', message: trapped });
}

setInterval(() => self.postMessage({ type: 'beat' }), BEAT_EVERY_MS);
self.postMessage({ type: 'helper-failures', channel: HELPER_FAILURES });

const ready = firstModule(new URL(self.location.href).searchParams.get('game')).then(loadEngine).then(
  (loaded) => {
    use(loaded);
    const hello = engine.hello();
    modules = { ...Object.fromEntries(hello.games.map((family) => [family.id, hello.modules[family.listed[0].name]])), ...hello.modules };
    return null;
  },
  (error) => {
    const message = `could not load the engine: ${error && error.message ? error.message : error}`;
    self.postMessage({ type: 'fatal', message });
    return message;
  },
);

self.onmessage = async (event) => {
  const { id, type } = event.data || {};
  const loadError = await ready;
  if (loadError) {
    self.postMessage({ id, type: 'error', message: loadError });
    return;
  }
  if (trapped) {
    reportTrap(id, trapped);
    return;
  }
  const handler = handlers[type];
  if (!handler) {
    self.postMessage({ id, type: 'error', message: `unknown request type ${JSON.stringify(type)}` });
    return;
  }
  try {
    const game = event.data.game ?? event.data.config?.game ?? GAME_OF_REQUEST[type];
    const here = await engineOf(ANY_MODULE.has(type) ? active.module : moduleOf(game));
    // In arrival order: a request never overtakes one still waiting for its data files.
    const dataOf = READS_NO_DATA.has(type) ? undefined : event.data.game;
    // A position shown is likely searched next: its data files start loading now, unawaited
    // (a bad game name is the `describe` request's own error) — and for Connect Four the
    // opening book Analyse reads first (a fresh page's Analyse of a position in the book
    // otherwise waits for it to be fetched and unpacked).
    if (type === 'describe') {
      installAssets(here, event.data.game).catch(() => {});
      if (event.data.game === 'connect4') connect4Book(here).catch(() => {});
    }
    const installed = assetsInstalled.then(() => installAssets(here, dataOf));
    assetsInstalled = installed.catch(() => {});
    await installed;
    // Other requests may have been answered meanwhile, by other modules.
    use(here);
    const result = await answer(handler, event.data, id);
    self.postMessage({ id, type: 'result', result });
  } catch (error) {
    if (isTrap(error)) {
      reportTrap(id, error);
      return;
    }
    self.postMessage({
      id,
      type: 'error',
      message: String(error && error.message ? error.message : error),
      kind: error?.kind ?? null,
      field: error?.field ?? null,
      problems: error?.problems ?? null,
    });
  }
};

// The 2048 view: one live game of expectimax on 4×4 2048 (`live2048`), a step at a time.
Object.assign(handlers, {
  live2048Start: ({ depth, star1, tau, seed }) => {
    const game = new engine.Live2048(depth, star1, tau, String(seed));
    live2048?.free();
    live2048 = game;
    return game.state();
  },
  live2048Step: ({ move }) => {
    if (!live2048) throw new Error('no 2048 game: start one');
    const step = live2048.step(move ?? undefined);
    return { step, state: live2048.state() };
  },
});
