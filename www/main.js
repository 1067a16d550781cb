// The page's wiring. It asks the engine worker who it is (`hello`: both catalogues), builds
// what comes from them (game and search selects, parameter fields, the views), creates the
// store (store.js) and the two controllers — position (position-controller.js) and search
// (search-controller.js) — connects the page's buttons and keys to them, and reads and writes
// share links (share.js). Games, searches and parameters come from the engine's catalogues
// (catalogue.js), never from lists of the page's own; an input the engine or a link says is
// wrong is marked on the page.

import { EngineClient } from './engine-client.js';
import { renderExplanations, renderLegend } from './explain-view.js';
import { Catalogue } from './catalogue.js';
import { ParamsView } from './params-view.js';
import { PositionController } from './position-controller.js';
import { SearchController } from './search-controller.js';
import { readLink, writeLink } from './share.js';
import { StagesView } from './stages-view.js';
import { LessonsView } from './lessons-view.js';
import { INITIAL_STATE, Store } from './store.js';
import { Views } from './views.js';

const $ = (id) => document.getElementById(id);

const ui = {
  status: $('engine-status'),
  message: $('message'),
  game: $('game-select'),
  positionText: $('position-text'),
  algo: $('algo-select'),
  algo2: $('algo2-select'),
  compare: $('compare-mode'),
};

const engine = new EngineClient();
window.pnplayEngine = engine;
const store = new Store(INITIAL_STATE);
/** Built from the engine's `hello` in `start`. */
let catalogue = null;
let params = null;
let position = null;
let search = null;
let stagesView = null;
let views = null;

// ---------------------------------------------------------------- messages and fields

function showStatus(text, kind) {
  ui.status.textContent = text;
  ui.status.dataset.state = kind;
}

function showMessage(text) {
  ui.message.textContent = text;
  ui.message.hidden = !text;
}

/** The page's input for an error's field: a parameter, the position text, a search, the game. */
function markField(field, message) {
  if (!field) return;
  if (params?.mark(field, message)) return;
  const input = { pos: ui.positionText, move: ui.positionText, position: ui.positionText, game: ui.game, search: ui.algo, algos: ui.algo }[field];
  if (!input) return;
  input.setAttribute('aria-invalid', 'true');
  input.title = message;
  input.addEventListener('change', () => input.removeAttribute('aria-invalid'), { once: true });
}

/** Shows an engine error with `prefix` and marks the field it names. */
function report(prefix, error) {
  showMessage(`${prefix}${error.message}`);
  markField(error.field, error.message);
}

// ---------------------------------------------------------------- share links

/** A share-link field's whole number of steps. */
function wholeNumber(text) {
  const value = Number(text);
  if (text.trim() === '' || !Number.isInteger(value) || value < 0 || value > 1e9) {
    throw new Error(`${JSON.stringify(text)} is not a whole number from 0 to 1000000000`);
  }
  return value;
}

function linkState({ run = false } = {}) {
  const { game, view, viewName } = store.state;
  return {
    ...views.linkState(),
    run,
    game,
    position: view ? view.text : null,
    algos: search.chosen(),
    options: params.values(),
    view: viewName,
  };
}

function applyLinkState(link) {
  params.set(link.options);
  ui.algo.value = link.algos[0];
  ui.compare.checked = link.algos.length === 2;
  if (link.algos.length === 2) ui.algo2.value = link.algos[1];
  views.apply(link);
  views.show(link.view);
}

async function share({ run = false } = {}) {
  const link = new URL(window.location.href);
  link.hash = writeLink(linkState({ run }), catalogue, views);
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
  ui.algo2.disabled = !ui.compare.checked;
  params.show(search.chosen());
  const infos = search.chosen().map((id) => catalogue.search(id));
  renderExplanations($('explain'), infos);
  syncLegend();
}

function syncLegend() {
  const { view } = store.state;
  renderLegend($('tree-legend'), search.chosen().map((id) => catalogue.search(id)), view ? catalogue.playerToMove(view) : null);
}

/** Runs the stages experiment with the parameters every checked search reads. */
function runStages() {
  try {
    stagesView.run(store.state.game, params.read(stagesView.settings().algos));
  } catch (error) {
    report('stages: ', error);
  }
}

function wire() {
  ui.game.addEventListener('change', async () => {
    search.invalidate();
    await position.load(ui.game.value, null).catch((error) => report('', error));
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
  $('toggle-turn').addEventListener('click', () => position.edit(null));
  for (const input of [ui.algo, ui.algo2, ui.compare]) {
    input.addEventListener('change', () => {
      syncSearchChoice();
      if (!store.state.running) search.invalidate();
    });
  }
  $('open-levels').addEventListener('change', () => search.refreshTrees());
  $('back').addEventListener('click', () => search.back());
  $('run').addEventListener('click', () => search.toggle());
  $('step').addEventListener('click', () => search.step(1));
  $('step-n-button').addEventListener('click', () => search.step(Math.max(1, Number($('step-n').value) || 1)));
  $('cancel').addEventListener('click', () => search.invalidate());
  $('share').addEventListener('click', () => share());
  $('exact').addEventListener('click', () => search.exact());
  document.addEventListener('keydown', (event) => {
    const target = event.target;
    const typing = target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
    if (typing || event.ctrlKey || event.metaKey || event.altKey) return;
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
  // The new worker has no searches: forget ours, keep the position and settings.
  search?.forget();
  await greet();
});

async function greet() {
  const hello = await engine.request('hello');
  showStatus(`engine ready — pnplay ${hello.version}`, 'ready');
  return hello;
}

/** Builds what the catalogues give: fields, controllers, views, selects. */
function build(hello) {
  catalogue = new Catalogue(hello);
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
      extraMoves: $('extra-moves'),
      positionText: ui.positionText,
      edit: $('edit-mode'),
      editTools: $('edit-tools'),
      toolChoices: $('edit-tool-choices'),
      undo: $('undo'),
      redo: $('redo'),
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
    ui: {
      algo: ui.algo,
      algo2: ui.algo2,
      compare: ui.compare,
      run: $('run'),
      progress: $('progress'),
      results: $('results'),
      trees: $('trees'),
      charts: $('charts'),
      openLevels: $('open-levels'),
      exactResult: $('exact-result'),
      inspector: $('inspector'),
    },
  });
  stagesView = new StagesView($('tree-panel'), {
    engine,
    catalogue,
    showMessage,
    run: runStages,
    share: () => share({ run: true }),
  });
  store.subscribe(['view'], () => syncLegend());
  views = new Views($('views'), { onShow: (name) => store.update({ viewName: name }) });
  views.register({
    name: 'tree',
    title: 'Playground',
    panels: [$('tree-panel'), $('chart-panel')],
    link: {
      fields: { step: { key: 'step', read: wholeNumber, initial: () => 0 } },
      state: () => ({ step: store.state.step }),
      apply: () => {},
      // A link with a step replays the searches up to it.
      opened: async (values) => {
        if (values.step > 0) await search.step(values.step);
      },
    },
  });
  views.register(stagesView.registration());
  views.register(
    new LessonsView($('lesson-panel'), {
      panels: [$('tree-panel'), $('chart-panel')],
      open: (fragment) => {
        window.location.hash = fragment;
      },
      replay: (steps) => search.step(steps),
    }).registration(),
  );
  fillSelect(ui.game, catalogue.listedGames.map((g) => [g.name, g.title]));
  const searches = catalogue.searches.map((s) => [s.id, s.title]);
  fillSelect(ui.algo, searches);
  fillSelect(ui.algo2, searches);
  ui.algo2.value = hello.defaults.compare;
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

  await openLink(window.location.hash);
  // A link pasted into this tab (or a lesson's next step) opens in place.
  window.addEventListener('hashchange', () => openLink(window.location.hash));
}

/** Opens a share-link fragment: applies its state, loads its position, replays its steps. */
async function openLink(fragment) {
  document.body.dataset.ready = 'false';
  search.invalidate();
  const { state: link, problems } = readLink(fragment, catalogue, views);
  applyLinkState(link);
  try {
    await position.load(link.game, link.position);
  } catch (error) {
    problems.push({ field: error.field === 'pos' ? 'position' : error.field, message: `${error.field === 'game' ? 'g' : 'p'}: ${error.message}` });
    await position.load(link.game, null).catch(() => position.load(catalogue.defaults.game, null));
  }
  syncSearchChoice();
  for (const problem of problems) markField(problem.field, problem.message);
  // The engine checks what the page cannot: the parameters against each chosen search.
  for (const algo of search.chosen()) {
    try {
      await engine.request('checkOptions', { algo, options: params.read([algo]) });
    } catch (error) {
      problems.push({ field: error.field, message: error.message });
      markField(error.field, error.message);
    }
  }
  showMessage(problems.length ? `This link has problems, defaults were used instead — ${problems.map((p) => p.message).join('; ')}` : '');
  const shown = views.list.find((view) => view.name === views.current);
  if (!problems.length) await shown.link?.opened?.(link);
  document.body.dataset.ready = 'true';
}

start();
