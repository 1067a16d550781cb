// The playground page's controller: holds the page state (position history, search settings,
// step reached), asks the engine worker for everything game- or search-related, and hands
// the answers to the views (board, results, trees, charts). State round-trips through the
// share link (share.js).

import { EngineClient } from './engine-client.js';
import { renderBoard, family } from './board-view.js';
import { readLink, writeLink, DEFAULTS } from './share.js';
import { TreeView } from './tree-view.js';
import { SearchCharts } from './charts.js';
import { renderResults } from './results-view.js';
import { StagesView } from './stages-view.js';

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

const params = {
  theta: $('param-theta'),
  pr: $('param-pr'),
  playouts: $('param-playouts'),
  seed: $('param-seed'),
  goal: $('param-goal'),
  nodes: $('param-nodes'),
  time: $('param-time'),
};

const engine = new EngineClient();
window.pnplayEngine = engine;
const stagesView = new StagesView($('stages-panel'), { engine, showMessage: (text) => showMessage(text) });

/** Everything the page shows that is not derived from the engine's answers. */
const state = {
  game: DEFAULTS.game,
  history: [], // position texts, start first
  cursor: 0, // index into history of the shown position
  view: null, // the engine's PositionView of history[cursor]
  searchAlgos: [], // the searches of the current run (empty: none started)
  searchPosition: null, // the position text the searches started from
  running: false,
  step: 0, // iterations reached by the current searches
  lastMoveCell: null, // the cell of the move just played, outlined on the board
  viewName: 'tree', // 'tree' (the playground) or 'stages' (the experiment)
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
  if (view.turn === 'over') {
    const result = { win: 'the first player wins', loss: 'the second player wins', draw: 'a draw' }[view.outcome];
    if (family(view.game) === '2048') return `Game over: objective ${view.outcome === 'win' ? 'reached' : 'not reached'}.`;
    return `Game over: ${result} (value ${view.value > 0 ? '+' : ''}${view.value} for the first player).`;
  }
  const names = {
    othello: { first: 'Black (X)', second: 'White (O)' },
    connect4: { first: 'Red (first)', second: 'Yellow (second)' },
    tictactoe: { first: 'X', second: 'O' },
    2048: { first: 'The player' },
  }[family(view.game)];
  if (view.turn === 'chance') return 'Chance to spawn a tile: click an empty cell (2), shift-click (4).';
  return `${names[view.turn]} to move · ${view.moves.length} legal move${view.moves.length === 1 ? '' : 's'}.`;
}

const editable = (game) => ['othello', '2048'].includes(family(game));

function drawBoard() {
  const view = state.view;
  const editing = ui.edit.checked;
  renderBoard(ui.board, view, {
    onCell: (index, move) => (editing ? editCell(index) : onCellChosen(index, move)),
    editing,
    highlight: state.lastMoveCell,
  });
  ui.turnLine.textContent = turnText(view);
  // Moves that have no square: Othello's pass, 2048's slides.
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
    showMessage(error.message);
  }
}

function syncEditMode() {
  const can = editable(state.game);
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
    const wanted = lastShiftKey ? 4 : 2;
    const spawn = view.moves.find((m) => m.cell === index && m.text.endsWith(`=${wanted}`));
    if (spawn) playMove(spawn.text);
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
    showMessage(error.message);
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

function readOptions() {
  const prText = params.pr.value.trim();
  return {
    theta: Number(params.theta.value),
    pr: prText === '' ? null : Number(prText),
    playouts: Number(params.playouts.value),
    seed: Number(params.seed.value),
    goal: params.goal.value,
    nodes: Number(params.nodes.value),
    time: Number(params.time.value),
  };
}

function chosenAlgos() {
  return ui.compare.checked ? [ui.algo.value, ui.algo2.value] : [ui.algo.value];
}

function syncParamVisibility() {
  ui.algo2.disabled = !ui.compare.checked;
  const twoPlayer = family(state.game) !== '2048';
  params.goal.disabled = !twoPlayer;
}

function linkState({ run = false } = {}) {
  const options = readOptions();
  const stages = stagesView.settings();
  return {
    stages: stages.stages,
    stagePositions: stages.positions,
    stageAlgos: stages.algos,
    run,
    game: state.game,
    position: state.view ? state.view.text : null,
    algos: chosenAlgos(),
    theta: options.theta,
    pr: options.pr,
    playouts: options.playouts,
    seed: options.seed,
    goal: options.goal,
    nodes: options.nodes,
    time: options.time,
    view: state.viewName,
    step: state.step,
  };
}

/** Shows the playground ('tree') or the stages experiment ('stages'). */
function setView(name) {
  state.viewName = name;
  const stages = name === 'stages';
  $('stages-panel').hidden = !stages;
  $('tree-panel').hidden = stages;
  $('chart-panel').hidden = stages;
  $('view-tree').setAttribute('aria-pressed', String(!stages));
  $('view-stages').setAttribute('aria-pressed', String(stages));
}

function applyLinkState(link) {
  params.theta.value = link.theta;
  params.pr.value = link.pr === null ? '' : link.pr;
  params.playouts.value = link.playouts;
  params.seed.value = link.seed;
  params.goal.value = link.goal;
  params.nodes.value = link.nodes;
  params.time.value = link.time;
  ui.algo.value = link.algos[0];
  ui.compare.checked = link.algos.length === 2;
  if (link.algos.length === 2) ui.algo2.value = link.algos[1];
  stagesView.apply({ stages: link.stages, positions: link.stagePositions, algos: link.stageAlgos });
  setView(link.view);
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
      options: readOptions(),
    });
    state.searchAlgos = algos;
    state.searchPosition = position;
    treeViews = algos.map((algo, index) => new TreeView(ui.trees, algo, {
      onHover: (node) => showNodePosition(index, node),
      onLeave: hideMiniBoard,
      onPin: refreshTrees,
    }));
    charts = new SearchCharts(ui.charts, algos);
    show(reports);
    showMessage('');
    return true;
  } catch (error) {
    showMessage(`cannot start the search: ${error.message}`);
    return false;
  }
}

function show(reports) {
  state.step = reports.length ? Math.max(...reports.map((r) => r.stats.iterations)) : 0;
  renderResults(ui.results, reports);
  reports.forEach((report, index) => treeViews[index]?.update(report));
  charts?.add(reports);
  const options = readOptions();
  const progress = Math.max(
    ...reports.map((r) => Math.max(r.stats.nodes_created / options.nodes, r.stats.seconds / options.time)),
  );
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
  return { ...size, focus: treeViews.map((view) => view.pinned) };
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
    renderBoard(ui.miniBoard, view, { interactive: false, size: 20 });
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
  link.hash = writeLink(linkState({ run }));
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
    ...items.map((item) => {
      const option = document.createElement('option');
      option.value = item.name;
      option.textContent = item.title;
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
  ui.edit.addEventListener('change', syncEditMode);
  $('tree-size').addEventListener('change', refreshTrees);
  $('toggle-turn').addEventListener('click', () => editCell(null));
  ui.run.addEventListener('click', toggleRun);
  $('step').addEventListener('click', () => step(1));
  $('step-n-button').addEventListener('click', () => step(Math.max(1, Number($('step-n').value) || 1)));
  $('cancel').addEventListener('click', invalidateSearch);
  $('share').addEventListener('click', () => share());
  $('stages-share').addEventListener('click', () => share({ run: true }));
  $('stages-run').addEventListener('click', () => stagesView.run(state.game, readOptions()));
  $('view-tree').addEventListener('click', () => setView('tree'));
  $('view-stages').addEventListener('click', () => setView('stages'));
  for (const input of [...Object.values(params), ui.algo, ui.algo2, ui.compare]) {
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

async function start() {
  wire();
  let hello;
  try {
    hello = await greet();
  } catch (error) {
    showStatus(`engine error: ${error.message}`, 'error');
    return;
  }
  fillSelect(ui.game, hello.games);
  fillSelect(ui.algo, hello.searches);
  fillSelect(ui.algo2, hello.searches);
  ui.algo2.value = hello.searches.find((s) => s.name === 'ppns') ? 'ppns' : hello.searches[0].name;

  const { state: link, problems } = readLink(window.location.hash);
  const knownGame = hello.games.some((g) => g.name === link.game) || /^(connect4:\d+x\d+|2048:\dx\d(:\d+)?)$/.test(link.game);
  if (!knownGame) {
    problems.push(`g: unknown game ${JSON.stringify(link.game)}`);
    link.game = DEFAULTS.game;
  }
  const unknownAlgo = link.algos.find((a) => !hello.searches.some((s) => s.name === a));
  if (unknownAlgo) {
    problems.push(`a: unknown search ${JSON.stringify(unknownAlgo)}`);
    link.algos = [...DEFAULTS.algos];
  }
  applyLinkState(link);
  try {
    await loadPosition(link.game, link.position);
  } catch (error) {
    problems.push(`p: ${error.message}`);
    await loadPosition(link.game, null).catch(() => loadPosition(DEFAULTS.game, null));
  }
  syncParamVisibility();
  if (problems.length) showMessage(`This link has problems, defaults were used instead — ${problems.join('; ')}`);
  if (link.step > 0 && link.view === 'tree') await step(link.step);
  document.body.dataset.ready = 'true';
  if (link.view === 'stages' && link.run) stagesView.run(state.game, readOptions());
}

start();
