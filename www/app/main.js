// The page's wiring. It asks the engine worker who it is (`hello`: both catalogues), builds
// what comes from them (game and search selects, parameter fields, the views), creates the
// store (store.js) and the two controllers — position (position-controller.js) and search
// (search-controller.js) — connects the page's buttons and keys to them, and reads and writes
// share links (share.js), keeping the address bar on the link of what the page shows. Games, searches and parameters come from the engine's catalogues
// (catalogue.js), never from lists of the page's own; an input the engine or a link says is
// wrong is marked on the page.

import { EngineClient } from '../lib/engine-client.js';
import { openPool, poolSize, setThreadBudget } from '../lib/pool.js';
import { renderExplanations, renderLegend } from '../views/explain-view.js';
import { Catalogue, readWhole } from '../lib/catalogue.js';
import { markInput, ParamsView } from '../views/params-view.js';
import { PlayController } from '../controllers/play.js';
import { HintController } from '../controllers/play-hint.js';
import { AnalysisController } from '../controllers/analysis.js';
import { PositionController } from '../controllers/position-controller.js';
import { MoveList } from '../views/move-list.js';
import { SearchController } from '../controllers/search-controller.js';
import { SpeedControl } from '../views/speed-control.js';
import { PresentMode } from '../views/present-mode.js';
import { defaults, readLink, VERSION, writeLink } from './share.js';
import { StartPanel } from '../views/start-panel.js';
import { ExactValue } from '../controllers/exact-value.js';
import { StagesView } from '../views/stages-view.js';
import { ArenaView } from '../views/arena-view.js';
import { ResultsFileView } from '../views/results-file-view.js';
import { PapersView } from '../views/papers-view.js';
import { EvalView } from '../views/eval-view.js';
import { LessonsView } from '../views/lessons-view.js';
import { LESSONS } from '../views/lessons.js';
import { INITIAL_STATE, Store } from './store.js';
import { Views } from './views.js';
import { download } from '../lib/download.js';
import { G2048View } from '../views/g2048-view.js';

const $ = (id) => document.getElementById(id);

const ui = {
  status: $('engine-status'),
  threads: $('threads-select'),
  message: $('message'),
  game: $('game-select'),
  positionText: $('position-text'),
  algo: $('algo-select'),
  algo2: $('algo2-select'),
  compare: $('compare-mode'),
  stepN: $('step-n'),
};

const engine = new EngineClient();
window.pnplayEngine = engine;
// The pools' size and opening, for the tests (the page's modules are one bundle: a test's own
// import of lib/pool.js would be another instance, without the page's thread setting).
window.pnplayPools = { openPool, poolSize };
const store = new Store(INITIAL_STATE);
/** Built from the engine's `hello` in `start`. */
let catalogue = null;
let params = null;
let position = null;
let search = null;
const speedControl = new SpeedControl($('speed'), $('speed-out'));
let stagesView = null;
let arenaView = null;
let views = null;
let play = null;
let exactValue = null;

// ---------------------------------------------------------------- messages and fields

function showStatus(text, kind) {
  ui.status.textContent = text;
  ui.status.dataset.state = kind;
}

function showMessage(text) {
  ui.message.textContent = text;
  ui.message.hidden = !text;
}

/** The page's input for an error's field: a parameter, the position text, a search, the game, N. */
function markField(field, message) {
  if (!field) return;
  if (params?.mark(field, message)) return;
  const inputs = {
    pos: ui.positionText,
    move: ui.positionText,
    position: ui.positionText,
    game: ui.game,
    search: ui.algo,
    algos: ui.algo,
    iterations: ui.stepN,
  };
  if (inputs[field]) markInput(inputs[field], message);
  else if (!stagesView?.mark(field, message)) arenaView?.mark(field, message);
}

/** Shows an engine error with `prefix` and marks the field it names. */
function report(prefix, error) {
  showMessage(`${prefix}${error.message}`);
  markField(error.field, error.message);
}

// ---------------------------------------------------------------- share links

/** The most iterations one Step N (or a link's step) asks for. */
const MAX_STEPS = 1e9;

/**
 * The page's state for a link. While there is a search (running, paused or stepped), its
 * searches and parameters are the ones it was started with, whatever the form shows.
 */
function linkState({ run = false } = {}) {
  const { game, view, viewName, searchAlgos, searchOptions } = store.state;
  const started = searchAlgos.length > 0;
  // A view with parameter fields of its own (the stages view) gives the link's parameters.
  const own = views.view(viewName)?.link?.options;
  return {
    ...views.linkState(),
    run,
    game,
    position: view ? view.text : null,
    algos: started ? searchAlgos : search.chosen(),
    options: own ? own.state() : { ...params.values(), ...(started ? searchOptions : {}) },
    view: viewName,
  };
}

/** The two searches the selects showed after their last change (to swap them). */
let shownPair = { algo: null, algo2: null };

/** Makes the second search of compare mode another one than the main search. */
function pairSearches() {
  if (ui.algo2.value === ui.algo.value) {
    const other = [catalogue.defaults.compare, catalogue.defaults.search, ...catalogue.searches.map((s) => s.id)];
    ui.algo2.value = other.find((id) => id !== ui.algo.value);
  }
  shownPair = { algo: ui.algo.value, algo2: ui.algo2.value };
}

function applyLinkState(link) {
  // The link's parameters go to the fields of the view it shows; the other views' fields
  // show their defaults for the link's game.
  for (const view of views.list) {
    const own = view.link?.options;
    if (own) own.apply(view.name === link.view ? link.options : { ...defaults(catalogue, views).options, ...own.defaults(link.game) });
  }
  params.set(views.view(link.view)?.link?.options ? defaults(catalogue, views).options : link.options);
  ui.algo.value = link.algos[0];
  ui.compare.checked = link.algos.length === 2;
  if (link.algos.length === 2) ui.algo2.value = link.algos[1];
  pairSearches();
  views.apply(link);
  views.show(link.view);
}

/** The link of what the page shows now, as a fragment. */
const currentLink = (options) => writeLink(linkState(options), catalogue, views);

async function share({ run = false } = {}) {
  const link = new URL(window.location.href);
  try {
    link.hash = currentLink({ run });
  } catch (error) {
    report('cannot share: ', error);
    return null;
  }
  // A pending address update (from the edit just before) would drop `run=1` from the link.
  clearTimeout(addressTimer);
  addressTimer = null;
  history.replaceState(null, '', link.hash);
  try {
    await navigator.clipboard.writeText(link.href);
    showMessage('Link copied.');
  } catch {
    showMessage(`Copy this link: ${link.href}`);
  }
  return link.href;
}

// ---------------------------------------------------------------- wiring

function fillSelect(select, items) {
  select.replaceChildren(
    ...items.map(([value, title]) => {
      const option = document.createElement('option');
      option.value = value;
      option.textContent = title;
      return option;
    }),
  );
}

/** Shows the parameter fields the chosen searches read, their explanations and the legend. */
function syncSearchChoice() {
  search.lockChoices();
  params.show(search.chosen());
  const infos = search.chosen().map((id) => catalogue.search(id));
  renderExplanations($('explain'), infos);
  search.pseudocode.show(search.chosen());
  syncLegend();
}

function syncLegend() {
  const { view } = store.state;
  // In play mode the tree is the agent's, whose question is about the agent's side.
  const player = play?.active && play.agentPlayer ? play.agentPlayer : view ? catalogue.playerToMove(view) : null;
  renderLegend($('tree-legend'), search.chosen().map((id) => catalogue.search(id)), player);
}

// ---------------------------------------------------------------- the address bar

// Once the page is ready the address bar always holds the link of what it shows (updated at
// most every ADDRESS_EVERY_MS, replacing the history entry), so a reload restores the page as
// it is, not as it was when a link was shared or opened.
const ADDRESS_EVERY_MS = 300;
let addressTimer = null;
let addressFollows = false;

function followAddress() {
  // Not while a search runs (each address change costs the main thread): when it stops.
  if (!addressFollows || addressTimer !== null || store.state.running) return;
  addressTimer = setTimeout(() => {
    addressTimer = null;
    if (!addressFollows) return; // a link is being opened
    let hash;
    try {
      hash = currentLink();
    } catch {
      return; // a field that cannot be read: the address keeps the last good link
    }
    if (hash !== window.location.hash) history.replaceState(null, '', hash);
  }, ADDRESS_EVERY_MS);
}

/** Step N: the count typed beside it, or a marked field. */
function stepN() {
  try {
    return readWhole(ui.stepN.value, 1, MAX_STEPS);
  } catch (error) {
    showMessage(`N: ${error.message}`);
    markInput(ui.stepN, error.message);
    return null;
  }
}

function wire() {
  ui.game.addEventListener('change', async () => {
    search.invalidate();
    await position.load(ui.game.value, null).catch((error) => report('', error));
    // Play mode goes on with a new game of the new game, if it can be played.
    if (play.active) {
      if (play.playable()) await play.newGame();
      else play.leave();
    }
  });
  $('undo').addEventListener('click', () => position.go(-1));
  $('redo').addEventListener('click', () => position.go(1));
  $('reset').addEventListener('click', () => position.load(store.state.game, null).catch((error) => report('', error)));
  $('position-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    try {
      await position.load(store.state.game, ui.positionText.value.trim());
      showMessage('');
    } catch (error) {
      report('position text: ', error);
    }
  });
  $('copy-position').addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(ui.positionText.value);
      showMessage('Position copied.');
    } catch {
      ui.positionText.select();
    }
  });
  $('copy-record').addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText($('game-record').value);
      showMessage('Game record copied.');
    } catch {
      $('game-record').select();
    }
  });
  $('save-record').addEventListener('click', () => download(`pnplay-${store.state.game.replace(/[^\w-]/g, '_')}-game.txt`, $('game-record').value, 'text/plain'));
  $('toggle-turn').addEventListener('click', () => position.edit(null));
  for (const input of [ui.algo, ui.algo2, ui.compare]) {
    input.addEventListener('change', () => {
      // Compare mode compares two different searches: choosing in one select the search of
      // the other swaps them.
      if (ui.algo.value === ui.algo2.value) {
        if (input === ui.algo) ui.algo2.value = shownPair.algo;
        if (input === ui.algo2) ui.algo.value = shownPair.algo2;
      }
      pairSearches();
      syncSearchChoice();
      if (!store.state.running) search.invalidate();
    });
  }
  // The skip link moves the focus to the shown view's first control (the fragment is the
  // page's share link, so the link's own target is not followed).
  $('skip-link').addEventListener('click', (event) => {
    event.preventDefault();
    const target = !$('search-panel').hidden ? $('run') : document.querySelector('main section:not([hidden]) :is(button, select, input)');
    target?.focus();
  });
  $('open-levels').addEventListener('change', () => search.refreshTrees());
  $('back').addEventListener('click', () => search.back());
  $('run').addEventListener('click', () => search.toggle());
  $('step').addEventListener('click', () => search.step(1));
  $('step-n-button').addEventListener('click', () => {
    const count = stepN();
    if (count !== null) search.step(count);
  });
  $('cancel').addEventListener('click', () => search.invalidate());
  // A move of a result card's proving line plays the line from the searched position up to it.
  $('results').addEventListener('click', (event) => {
    const button = event.target.closest('.proving-line button[data-ply]');
    if (!button) return;
    const line = button.closest('.proving-line').dataset.line.split(' ');
    position.playLine(store.state.searchPosition, line, Number(button.dataset.ply));
  });
  $('share').addEventListener('click', () => share());
  $('exact').addEventListener('click', () => exactValue.show());
  // A link pasted into the address bar of the open page is opened like a fresh one.
  window.addEventListener('hashchange', () => openLink(window.location.hash));
  store.subscribe(Object.keys(INITIAL_STATE), followAddress);
  document.addEventListener('change', followAddress);
  // Space, → and ← act on the search only where they would do nothing else: a focused button
  // or link keeps Space (it presses it), a field, board cell or tree node keeps every key.
  const keeps = {
    ' ': 'button, a[href], input, select, textarea, summary, [contenteditable], [tabindex]',
    ArrowRight: 'input, select, textarea, [contenteditable], [tabindex]',
    ArrowLeft: 'input, select, textarea, [contenteditable], [tabindex]',
  };
  document.addEventListener('keydown', (event) => {
    const target = event.target;
    if (!(event.key in keeps)) return;
    const own = target instanceof Element && target.closest(keeps[event.key]);
    if (own || event.ctrlKey || event.metaKey || event.altKey) return;
    // The keys belong to the search panel: inert in a view that does not show it.
    if ($('search-panel').hidden) return;
    if (event.key === ' ') {
      event.preventDefault();
      search.toggle();
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      search.step(1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      search.back();
    }
  });
}

engine.addEventListener('fatal', (event) => showStatus(`engine error: ${event.detail}`, 'error'));
engine.addEventListener('died', async (event) => {
  showStatus(`engine worker died (${event.detail}); restarted`, 'error');
  // The new worker has no searches: ours are started again and replayed to where they were.
  search?.recover(event.detail);
  await greet();
});

const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The solver threads the user chose (null: all the engine has), kept across restarts. */
let chosenThreads = null;
/** The engine's version, from `hello`. */
let engineVersion = '';

async function greet() {
  const hello = await engine.request('hello');
  let threads = hello.threads;
  if (chosenThreads !== null && chosenThreads !== threads.threads) threads = await engine.request('setThreads', { threads: chosenThreads });
  engineVersion = hello.version;
  showThreads(threads);
  return hello;
}

/**
 * The thread count beside the status (issue 32) and its setting, offered when the engine
 * runs threads (a cross-origin isolated page on a machine with several cores).
 */
function showThreads({ threaded, available, threads }) {
  setThreadBudget({ threaded, threads });
  showStatus(`engine ready — pnplay ${engineVersion} · ${plural(threads, 'thread')}`, 'ready');
  ui.status.dataset.threads = String(threads);
  ui.threads.parentElement.hidden = available < 2;
  ui.threads.replaceChildren(...Array.from({ length: available }, (_, i) => new Option(`${i + 1} of ${available}`, String(i + 1))));
  ui.threads.value = String(threads);
  ui.threads.title = threaded
    ? 'Threads of the engine: the game\'s own solver and dfpn-jobs search on them, and the Stages and Arena pools run one worker fewer'
    : 'One thread: the page is not cross-origin isolated';
}

ui.threads.addEventListener('change', async () => {
  chosenThreads = Number(ui.threads.value);
  showThreads(await engine.request('setThreads', { threads: chosenThreads }));
});

/** Builds what the catalogues give: fields, controllers, views, selects. */
function build(hello) {
  catalogue = new Catalogue(hello);
  // A changed parameter starts the search afresh. The fields are locked while a search runs
  // (should one change anyway, the running search and its links keep the values it started with).
  params = new ParamsView($('params'), catalogue, {
    onChange: () => {
      if (!store.state.running) search.invalidate();
    },
  });
  position = new PositionController({
    engine,
    store,
    catalogue,
    report,
    showMessage,
    ui: {
      game: ui.game,
      example: $('example-select'),
      board: $('board'),
      turnLine: $('turn-line'),
      bestLine: $('best-line'),
      extraMoves: $('extra-moves'),
      positionText: ui.positionText,
      edit: $('edit-mode'),
      editTools: $('edit-tools'),
      toolChoices: $('edit-tool-choices'),
      undo: $('undo'),
      redo: $('redo'),
      record: $('game-record'),
    },
  });
  search = new SearchController({
    engine,
    store,
    catalogue,
    params,
    report,
    showMessage,
    loadPosition: (text) => position.load(store.state.game, text).catch((error) => report('position: ', error)),
    speed: () => speedControl.speed,
    ui: {
      algo: ui.algo,
      algo2: ui.algo2,
      compare: ui.compare,
      params: $('params'),
      run: $('run'),
      progress: $('progress'),
      results: $('results'),
      trees: $('trees'),
      charts: $('charts'),
      openLevels: $('open-levels'),
      exactResult: $('exact-result'),
      inspector: $('inspector'),
      timeline: $('timeline'),
      compareLine: $('compare-line'),
      pseudocode: $('pseudocode'),
      exercise: $('exercise'),
    },
  });
  play = new PlayController({
    engine,
    store,
    catalogue,
    position,
    search,
    showMessage,
    markInput,
    ui: {
      mode: $('play-mode'),
      panel: $('play-panel'),
      search: $('play-search'),
      iterations: $('play-iterations'),
      options: $('play-options'),
      colour: $('play-colour'),
      seed: $('play-seed'),
      agentLine: $('play-agent'),
      status: $('play-status'),
      newGame: $('play-new'),
      swap: $('play-swap'),
      takeBack: $('play-take-back'),
      normalControls: [$('move-list'), $('reset'), $('edit-choice'), $('search-choice'), $('params'), document.querySelector('#search-panel .controls')],
    },
    // The search panel's explanations and the tree's legend follow the agent's search.
    onAgentSearch: (algo) => {
      if (ui.algo.value === algo && !ui.compare.checked) return;
      ui.compare.checked = false;
      ui.algo.value = algo;
      pairSearches();
      syncSearchChoice();
    },
  });
  new HintController({
    engine,
    store,
    catalogue,
    position,
    showMessage,
    seed: () => play.seed() ?? 1,
    busy: () => play.thinking,
    ui: { button: $('hint'), legend: $('hint-legend') },
  });
  new MoveList($('move-list'), { store, position, active: () => !$('board-panel').hidden && !play.active });
  new AnalysisController({ engine, store, catalogue, position, showMessage, ui: { button: $('analyse'), legend: $('analysis-legend') } });
  new EvalView($('eval-panel'), { engine, store, catalogue, position });
  stagesView = new StagesView($('tree-panel'), {
    engine,
    catalogue,
    game: () => store.state.game,
    chooseGame: (game) => {
      search.invalidate();
      position.load(game, null).catch((error) => report('', error));
    },
    share: () => share({ run: true }),
  });
  store.subscribe(['game'], () => stagesView.showGame(store.state.game));
  exactValue = new ExactValue($('exact-value'), { engine, store, exact: () => search.exact() });
  store.subscribe(['view'], () => syncLegend());
  views = new Views($('views'), { onShow: (name) => store.update({ viewName: name }) });
  // The playground's panels: the position and the search, its tree and charts. A view lists
  // the panels it shows; every other panel is hidden while it is shown.
  const playground = [$('board-panel'), $('search-panel'), $('tree-panel'), $('chart-panel')];
  views.register({
    name: 'tree',
    title: 'Playground',
    panels: playground,
    link: {
      fields: { step: { key: 'step', read: (text) => readWhole(text, 0, MAX_STEPS), initial: () => 0 }, ...play.linkFields() },
      state: () => ({ step: play.active ? 0 : store.state.step, ...play.linkState() }),
      apply: (values) => play.applyLink(values),
      pending: (values) => (values.step > 0 ? `the replay to step ${values.step}` : null),
      // A link with a step replays the searches up to it; one with an agent, its game.
      opened: async (values) => {
        await play.openLink(values);
        if (!play.active && values.step > 0) await search.step(values.step);
      },
    },
  });
  views.register(stagesView.registration());
  views.register(
    new LessonsView($('lesson-panel'), {
      panels: playground,
      open: (fragment) => {
        window.location.hash = fragment;
      },
      replay: (steps) => search.step(steps),
      version: VERSION,
    }).registration(),
  );
  arenaView = new ArenaView($('tree-panel'), { engine, catalogue, share: () => share({ run: true }) });
  views.register(arenaView.registration());
  views.register(new ResultsFileView($('tree-panel'), { engine, catalogue }).registration());
  views.register(
    new PapersView($('tree-panel'), { engine, catalogue, runners: { stages: stagesView, arena: arenaView }, share: (run) => share({ run }) }).registration(),
  );
  views.register(new G2048View($('tree-panel'), { engine }).registration());
  new PresentMode($('views'), document.querySelector('main'));
  fillSelect(ui.game, catalogue.listedGames.map((g) => [g.name, g.title]));
  const searches = catalogue.searches.map((s) => [s.id, s.title]);
  fillSelect(ui.algo, searches);
  fillSelect(ui.algo2, searches);
  ui.algo2.value = hello.defaults.compare;
}

/**
 * The start panel's three doors, as links: the first lesson, an example a search proves at
 * once (FFO #40 by PNS, from the engine's examples), and the stages view with the paper's
 * settings.
 */
function doors() {
  const lesson = LESSONS[0];
  const game = catalogue.defaults.game;
  const examples = catalogue.family(game)?.examples ?? [];
  const example = examples.find((e) => e.name.startsWith('FFO #40')) ?? examples[0];
  const solve = example
    ? `#v=${VERSION}&g=${encodeURIComponent(example.game)}&p=${encodeURIComponent(example.text)}&a=pns`
    : `#v=${VERSION}&g=tictactoe&p=12&a=pns`;
  return [
    { id: 'watch', title: 'Watch a proof', text: `The first lesson, “${lesson.title}”: step a proof-number search through a tree and see why each node is proven.`, href: `#v=${VERSION}&view=lessons&lesson=${lesson.id}` },
    { id: 'solve', title: 'Solve a position', text: `${example?.name ?? 'A tic-tac-toe position'}: press ▶ Run and proof-number search proves it in a moment; then try other searches and examples.`, href: solve },
    { id: 'paper', title: 'Reproduce a paper', text: 'The PPNS paper’s Othello experiment (its Tables 2 and 3): completion by stage with the paper’s θ, playouts and pr, beside its published numbers.', href: `#v=${VERSION}&g=${game}&view=stages` },
  ];
}

/**
 * Opens a share link (the fragment of the address): shows its position, searches,
 * parameters and view, marks every field it gets wrong (falling back to the default for it),
 * and replays or reruns what it asks for. A lesson's next step opens this way too.
 */
async function openLink(fragment) {
  document.body.dataset.ready = 'false';
  addressFollows = false;
  search.invalidate();
  stagesView.cancel();
  const { state: link, problems } = readLink(fragment, catalogue, views);
  applyLinkState(link);
  try {
    await position.load(link.game, link.position);
  } catch (error) {
    // A bad game name is the link's `g` (its position is then not read); anything else is `p`.
    const badGame = error.field === 'game';
    // A game name that cannot be read is answered with the menu's names, not the grammar.
    const games = catalogue.listedGames.map((g) => `${g.name} (${g.title})`).join(', ');
    const message = badGame ? `g: no game ${JSON.stringify(link.game)} — the games are ${games}` : `p: ${error.message}`;
    problems.push({ field: badGame ? 'game' : 'position', message });
    await position.load(badGame ? catalogue.defaults.game : link.game, null).catch(() => position.load(catalogue.defaults.game, null));
  }
  syncSearchChoice();
  for (const problem of problems) markField(problem.field, problem.message);
  // The engine checks what the page cannot, once and whole: the chosen searches with their
  // parameters (a Run of the same then checks nothing again), naming every field wrong.
  try {
    const algos = search.chosen();
    await engine.request('check', { game: store.state.game, pos: store.state.view.text, algos, options: params.read(algos) });
  } catch (error) {
    for (const problem of error.problems ?? [error]) {
      problems.push({ field: problem.field, message: problem.message });
      markField(problem.field, problem.message);
    }
  }
  const shown = views.view(views.current);
  // What the link asks the view to do on opening (a replay, a run) is done only for a link
  // read without problems; otherwise the message says what was not restored and why.
  const pending = problems.length ? shown.link?.pending?.(link) : null;
  const newer = problems.find((p) => p.newer);
  const others = problems.filter((p) => !p.newer);
  const told = [];
  if (newer) told.push(`${newer.message}.${pending ? ` Not restored: ${pending}, which could mean something else in that version (run it with the controls if you want it).` : ''}`);
  if (others.length) {
    told.push(`This link has problems, defaults were used instead — ${others.map((p) => p.message).join('; ')}${pending && !newer ? `. Not restored: ${pending}` : ''}`);
  }
  showMessage(told.join(' '));
  addressFollows = true;
  if (!problems.length) await shown.link?.opened?.(link);
  document.body.dataset.ready = 'true';
}

async function start() {
  let hello;
  try {
    hello = await greet();
  } catch (error) {
    showStatus(`engine error: ${error.message}`, 'error');
    return;
  }
  build(hello);
  wire();
  await stagesView.loadPapers(catalogue.listedGames.map((g) => g.name));
  const ways = doors();
  const startPanel = new StartPanel($('start-panel'), { reopen: $('start-open'), doors: ways });

  // A first visit opens on the "solve a position" door: its first Run gives a verdict.
  await openLink(startPanel.firstVisit ? ways.find((door) => door.id === 'solve').href : window.location.hash);
}

start();
