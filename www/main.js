// The playground page's controller: holds the page state (position history, search settings,
// step reached), asks the engine worker for everything game- or search-related, and hands
// the answers to the views (board, results, trees, charts). Games, searches and parameters
// come from the engine's catalogues (catalogue.js), never from lists of the page's own. State
// round-trips through the share link (share.js); an input the engine or a link says is wrong
// is marked on the page.

import { EngineClient } from './engine-client.js';
import { renderBoard } from './board-view.js';
import { Catalogue } from './catalogue.js';
import { ParamsView } from './params-view.js';
import { readLink, writeLink } from './share.js';
import { TreeView } from './tree-view.js';
import { SearchCharts } from './charts.js';
import { renderResults } from './results-view.js';
import { StagesView } from './stages-view.js';
import { Views } from './views.js';

const $ = (id) => document.getElementById(id);

const ui = {
  status: $('engine-status'),
  message: $('message'),
  game: $('game-select'),
  board: $('board'),
  turnLine: $('turn-line'),
  extraMoves: $('extra-moves'),
  positionText: $('position-text'),
  algo: $('algo-select'),
  algo2: $('algo2-select'),
  compare: $('compare-mode'),
  run: $('run'),
  progress: $('progress'),
  results: $('results'),
  trees: $('trees'),
  charts: $('charts'),
  miniBoard: $('mini-board'),
  edit: $('edit-mode'),
};

const engine = new EngineClient();
window.pnplayEngine = engine;
/** Filled from the engine's `hello`: the catalogues, the parameter fields, the stages view. */
let catalogue = null;
let params = null;
let stagesView = null;
/** The page's views (views.js), registered in `start`. */
let views = null;

/** Everything the page shows that is not derived from the engine's answers. */
const state = {
  game: null,
  history: [], // position texts, start first
  cursor: 0, // index into history of the shown position
  view: null, // the engine's PositionView of history[cursor]
  searchAlgos: [], // the searches of the current run (empty: none started)
  searchPosition: null, // the position text the searches started from
  running: false,
  step: 0, // iterations reached by the current searches
  lastMoveCell: null, // the cell of the move just played, outlined on the board
  viewName: null, // the view shown (views.js)
};

let treeViews = [];
let charts = null;

// ---------------------------------------------------------------- messages and status

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
  const input = { pos: ui.positionText, move: ui.positionText, game: ui.game, search: ui.algo, algos: ui.algo, position: ui.positionText }[field];
  if (!input) return;
  input.setAttribute('aria-invalid', 'true');
  input.title = message;
  input.addEventListener('change', () => input.removeAttribute('aria-invalid'), { once: true });
}

/** Shows an engine error with `prefix` and marks the field it names. */
function showError(prefix, error) {
  showMessage(`${prefix}${error.message}`);
  markField(error.field, error.message);
}

/** The presentation of the family of the shown position. */
const presentation = (view = state.view) => catalogue.family(view.family).presentation;

// ---------------------------------------------------------------- position and board

async function setPosition(view, { record = true } = {}) {
  if (!record) state.lastMoveCell = null;
  if (state.searchAlgos.length && view.text !== state.searchPosition) invalidateSearch();
  if (record) {
    state.history = state.history.slice(0, state.cursor + 1);
    state.history.push(view.text);
    state.cursor = state.history.length - 1;
  }
  state.view = view;
  drawBoard();
  ui.positionText.value = view.text;
  $('undo').disabled = state.cursor === 0;
  $('redo').disabled = state.cursor >= state.history.length - 1;
}

function turnText(view) {
  const family = catalogue.family(view.family);
  const players = family.presentation.players;
  if (view.turn === 'over') {
    if (family.facts.players === 1) return `Game over: ${view.outcome === 'win' ? 'won' : 'lost'} (value ${view.value}).`;
    const result = { win: `${players[0]} wins`, loss: `${players[1]} wins`, draw: 'a draw' }[view.outcome];
    return `Game over: ${result} (value ${view.value > 0 ? '+' : ''}${view.value} for the first player).`;
  }
  if (view.turn === 'chance') return family.presentation.chance_help ?? 'Chance to act: choose an outcome.';
  const name = view.turn === 'first' ? players[0] : players[1];
  return `${name} to move · ${view.moves.length} legal move${view.moves.length === 1 ? '' : 's'}.`;
}

const editable = () => Boolean(state.view && presentation().editable);

function drawBoard() {
  const view = state.view;
  const editing = ui.edit.checked;
  renderBoard(ui.board, view, presentation(view), {
    onCell: (index, move) => (editing ? editCell(index) : onCellChosen(index, move)),
    editing,
    highlight: state.lastMoveCell,
  });
  ui.turnLine.textContent = turnText(view);
  // Moves that have no cell: a pass, a slide.
  const extra = view.turn === 'chance' ? [] : view.moves.filter((m) => m.cell === null || m.cell === undefined);
  ui.extraMoves.replaceChildren(
    ...extra.map((move) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = move.text;
      button.addEventListener('click', () => playMove(move.text));
      return button;
    }),
  );
}

let lastShiftKey = false;
document.addEventListener('pointerdown', (event) => {
  lastShiftKey = event.shiftKey;
});

async function editCell(cell) {
  try {
    const view = await engine.request('edit', { game: state.game, pos: state.view.text, cell });
    showMessage('');
    state.lastMoveCell = null;
    await setPosition(view);
  } catch (error) {
    showError('', error);
  }
}

function syncEditMode() {
  const can = editable();
  ui.edit.disabled = !can;
  if (!can) ui.edit.checked = false;
  ui.edit.parentElement.title = can
    ? 'Click cells to change them'
    : 'Positions of this game are move lists: type one in the position text';
  $('edit-tools').hidden = !ui.edit.checked;
  ui.board.classList.toggle('editing', ui.edit.checked);
  if (state.view) drawBoard();
}

function onCellChosen(index, move) {
  const view = state.view;
  if (view.turn === 'chance') {
    // Chance outcomes on a cell, in the engine's order: a click takes the first (the
    // likeliest spawn), a shift-click the second.
    const outcomes = view.moves.filter((m) => m.cell === index);
    const outcome = outcomes[lastShiftKey && outcomes.length > 1 ? 1 : 0];
    if (outcome) playMove(outcome.text);
    return;
  }
  if (move) playMove(move.text);
}

async function playMove(text) {
  try {
    const view = await engine.request('play', { game: state.game, pos: state.view.text, move: text });
    showMessage('');
    state.lastMoveCell = state.view.moves.find((m) => m.text === text)?.cell ?? null;
    await setPosition(view);
  } catch (error) {
    showError('', error);
  }
}

/** Shows a new position (the start position for `text` null) with a fresh move history. */
async function loadPosition(game, text) {
  const view = await engine.request('describe', { game, pos: text });
  state.lastMoveCell = null;
  state.history = [];
  state.cursor = 0;
  state.game = game;
  ui.game.value = game;
  await setPosition(view);
  syncParamVisibility();
  syncEditMode();
  return view;
}

// ---------------------------------------------------------------- search settings

/** The options the chosen searches read, from the parameter fields (throws on a bad field). */
function readOptions(ids = chosenAlgos()) {
  return params.read(ids);
}

function chosenAlgos() {
  return ui.compare.checked ? [ui.algo.value, ui.algo2.value] : [ui.algo.value];
}

function syncParamVisibility() {
  ui.algo2.disabled = !ui.compare.checked;
  params.show(chosenAlgos());
}

/** Every parameter field's value (for links), whatever the chosen searches read. */
function allOptions() {
  return params.values();
}

function linkState({ run = false } = {}) {
  return {
    ...views.linkState(),
    run,
    game: state.game,
    position: state.view ? state.view.text : null,
    algos: chosenAlgos(),
    options: allOptions(),
    view: state.viewName,
  };
}

/** A share-link field's whole number of steps. */
function wholeNumber(text) {
  const value = Number(text);
  if (text.trim() === '' || !Number.isInteger(value) || value < 0 || value > 1e9) {
    throw new Error(`${JSON.stringify(text)} is not a whole number from 0 to 1000000000`);
  }
  return value;
}

function applyLinkState(link) {
  params.set(link.options);
  ui.algo.value = link.algos[0];
  ui.compare.checked = link.algos.length === 2;
  if (link.algos.length === 2) ui.algo2.value = link.algos[1];
  views.apply(link);
  views.show(link.view);
}

// ---------------------------------------------------------------- searching

function invalidateSearch() {
  if (state.searchAlgos.length) engine.request('cancel').catch(() => {});
  state.searchAlgos = [];
  state.running = false;
  state.step = 0;
  ui.run.textContent = '▶ Run';
  ui.progress.value = 0;
  ui.results.replaceChildren();
  ui.trees.replaceChildren();
  ui.charts.replaceChildren();
  treeViews = [];
  charts = null;
}

async function ensureSearch() {
  const algos = chosenAlgos();
  const position = state.view.text;
  const same =
    state.searchAlgos.length > 0 &&
    state.searchPosition === position &&
    JSON.stringify(state.searchAlgos) === JSON.stringify(algos);
  if (same) return true;
  invalidateSearch();
  try {
    const { reports } = await engine.request('start', {
      game: state.game,
      pos: position,
      algos,
      options: readOptions(algos),
    });
    state.searchAlgos = algos;
    state.searchPosition = position;
    // A tree view for each search that keeps a tree; df-pn and alpha-beta have none.
    treeViews = algos.map((algo, index) =>
      catalogue.search(algo).capabilities.tree
        ? new TreeView(ui.trees, algo, {
            onHover: (node) => showNodePosition(index, node),
            onLeave: hideMiniBoard,
            onPin: refreshTrees,
          })
        : null,
    );
    charts = new SearchCharts(ui.charts, algos, (id) => catalogue.colour(id));
    show(reports);
    showMessage('');
    return true;
  } catch (error) {
    showError('cannot start the search: ', error);
    return false;
  }
}

function show(reports) {
  state.step = reports.length ? Math.max(...reports.map((r) => r.stats.iterations)) : 0;
  renderResults(ui.results, reports);
  reports.forEach((report, index) => treeViews[index]?.update(report));
  charts?.add(reports);
  // How far each search is towards its own limits (as it applies them).
  const fraction = (r) => {
    const nodes = Math.max(r.stats.nodes_created, r.stats.nodes_expanded);
    const byNodes = r.limits?.max_nodes ? nodes / r.limits.max_nodes : 0;
    const byTime = r.limits?.max_seconds ? r.stats.seconds / r.limits.max_seconds : 0;
    return Math.max(byNodes, byTime);
  };
  const progress = Math.max(...reports.map(fraction));
  ui.progress.value = reports.every((r) => r.finished) ? 1 : Math.min(1, progress);
}

async function step(iterations) {
  if (state.running) await pause();
  if (!(await ensureSearch())) return;
  try {
    const { reports } = await engine.request('step', { iterations, view: treeRequest() });
    show(reports);
  } catch (error) {
    showMessage(error.message);
  }
}

const TREE_SIZES = { small: { depth: 3, maxNodes: 400 }, large: { depth: 5, maxNodes: 2000 } };

/** What the tree views want drawn: the size, and the node each has pinned (to follow it). */
function treeRequest() {
  const size = TREE_SIZES[$('tree-size').value] || TREE_SIZES.small;
  return { ...size, focus: treeViews.map((view) => view?.pinned ?? null) };
}

async function refreshTrees() {
  if (!state.searchAlgos.length) return;
  if (state.running) {
    await engine.request('setView', { view: treeRequest() });
    return;
  }
  const { reports } = await engine.request('snapshot', { view: treeRequest() });
  reports.forEach((report, index) => treeViews[index]?.update(report));
}

async function run() {
  if (!(await ensureSearch())) return;
  state.running = true;
  ui.run.textContent = '❚❚ Pause';
  try {
    const { reports } = await engine.request('run', { view: treeRequest() }, (message) => show(message.reports));
    show(reports);
  } catch (error) {
    showMessage(error.message);
  } finally {
    state.running = false;
    ui.run.textContent = '▶ Run';
  }
}

async function pause() {
  const { reports } = await engine.request('pause', { view: treeRequest() });
  if (reports.length) show(reports);
}

function toggleRun() {
  if (state.running) pause();
  else run();
}

// ---------------------------------------------------------------- mini board for tree nodes

async function showNodePosition(index, node) {
  try {
    const view = await engine.request('describeNode', { index, node: node.id });
    renderBoard(ui.miniBoard, view, presentation(view), { interactive: false, size: 20 });
    ui.miniBoard.hidden = false;
  } catch {
    hideMiniBoard();
  }
}

function hideMiniBoard() {
  ui.miniBoard.hidden = true;
}

document.addEventListener('pointermove', (event) => {
  if (ui.miniBoard.hidden) return;
  ui.miniBoard.style.left = `${Math.min(event.pageX + 16, window.scrollX + window.innerWidth - 200)}px`;
  ui.miniBoard.style.top = `${event.pageY + 16}px`;
});

// ---------------------------------------------------------------- sharing

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

function wire() {
  ui.game.addEventListener('change', async () => {
    invalidateSearch();
    try {
      await loadPosition(ui.game.value, null);
    } catch (error) {
      showMessage(error.message);
    }
  });
  $('undo').addEventListener('click', async () => {
    if (state.cursor === 0) return;
    state.cursor--;
    await setPosition(await engine.request('describe', { game: state.game, pos: state.history[state.cursor] }), { record: false });
  });
  $('redo').addEventListener('click', async () => {
    if (state.cursor >= state.history.length - 1) return;
    state.cursor++;
    await setPosition(await engine.request('describe', { game: state.game, pos: state.history[state.cursor] }), { record: false });
  });
  $('reset').addEventListener('click', () => loadPosition(state.game, null).catch((e) => showMessage(e.message)));
  $('position-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    try {
      await loadPosition(state.game, ui.positionText.value.trim());
      showMessage('');
    } catch (error) {
      showMessage(`position text: ${error.message}`);
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
  ui.compare.addEventListener('change', syncParamVisibility);
  ui.algo.addEventListener('change', syncParamVisibility);
  ui.algo2.addEventListener('change', syncParamVisibility);
  ui.edit.addEventListener('change', syncEditMode);
  $('tree-size').addEventListener('change', refreshTrees);
  $('toggle-turn').addEventListener('click', () => editCell(null));
  ui.run.addEventListener('click', toggleRun);
  $('step').addEventListener('click', () => step(1));
  $('step-n-button').addEventListener('click', () => step(Math.max(1, Number($('step-n').value) || 1)));
  $('cancel').addEventListener('click', invalidateSearch);
  $('share').addEventListener('click', () => share());
  for (const input of [ui.algo, ui.algo2, ui.compare]) {
    input.addEventListener('change', () => {
      if (!state.running) invalidateSearch();
    });
  }
  document.addEventListener('keydown', (event) => {
    const target = event.target;
    const typing = target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
    if (typing || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === ' ') {
      event.preventDefault();
      toggleRun();
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      step(1);
    }
  });
}

engine.addEventListener('fatal', (event) => showStatus(`engine error: ${event.detail}`, 'error'));
engine.addEventListener('died', async (event) => {
  showStatus(`engine worker died (${event.detail}); restarted`, 'error');
  // The new worker has no searches: forget ours, keep the position and settings.
  state.searchAlgos = [];
  state.running = false;
  ui.run.textContent = '▶ Run';
  await greet();
});

async function greet() {
  const hello = await engine.request('hello');
  showStatus(`engine ready — pnplay ${hello.version}`, 'ready');
  return hello;
}

/** Runs the stages experiment with the parameters every checked search reads. */
function runStages() {
  try {
    stagesView.run(state.game, readOptions(stagesView.settings().algos));
  } catch (error) {
    showError('stages: ', error);
  }
}

async function start() {
  let hello;
  try {
    hello = await greet();
  } catch (error) {
    showStatus(`engine error: ${error.message}`, 'error');
    return;
  }
  catalogue = new Catalogue(hello);
  params = new ParamsView($('params'), catalogue, {
    onChange: () => {
      if (!state.running) invalidateSearch();
    },
  });
  stagesView = new StagesView($('tree-panel'), {
    engine,
    catalogue,
    showMessage: (text) => showMessage(text),
    run: () => runStages(),
    share: () => share({ run: true }),
  });
  views = new Views($('views'), { onShow: (name) => (state.viewName = name) });
  views.register({
    name: 'tree',
    title: 'Playground',
    panels: [$('tree-panel'), $('chart-panel')],
    link: {
      fields: { step: { key: 'step', read: wholeNumber, initial: () => 0 } },
      state: () => ({ step: state.step }),
      apply: () => {},
      // A link with a step replays the searches up to it.
      opened: async (values) => {
        if (values.step > 0) await step(values.step);
      },
    },
  });
  views.register(stagesView.registration(catalogue));
  wire();
  fillSelect(ui.game, catalogue.listedGames.map((g) => [g.name, g.title]));
  const searches = catalogue.searches.map((s) => [s.id, s.title]);
  fillSelect(ui.algo, searches);
  fillSelect(ui.algo2, searches);
  ui.algo2.value = hello.defaults.compare;

  const { state: link, problems } = readLink(window.location.hash, catalogue, views);
  applyLinkState(link);
  try {
    await loadPosition(link.game, link.position);
  } catch (error) {
    problems.push({ field: error.field === 'pos' ? 'position' : error.field, message: `${error.field === 'game' ? 'g' : 'p'}: ${error.message}` });
    await loadPosition(link.game, null).catch(() => loadPosition(hello.defaults.game, null));
  }
  syncParamVisibility();
  for (const problem of problems) markField(problem.field, problem.message);
  // The engine checks what the page cannot: the parameters against each chosen search.
  for (const algo of chosenAlgos()) {
    try {
      await engine.request('checkOptions', { algo, options: readOptions([algo]) });
    } catch (error) {
      problems.push({ field: error.field, message: error.message });
      markField(error.field, error.message);
    }
  }
  if (problems.length) {
    showMessage(`This link has problems, defaults were used instead — ${problems.map((p) => p.message).join('; ')}`);
  }
  const shown = views.list.find((view) => view.name === views.current);
  if (!problems.length) await shown.link?.opened?.(link);
  document.body.dataset.ready = 'true';
}

start();
