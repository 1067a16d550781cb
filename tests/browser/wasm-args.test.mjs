// Issue 34: the wasm API checks its arguments. Every export of the engine's modules in pkg/
// (functions, constructors, methods of every handle: a position, a request, a search, an
// agent thinking; each called in the module that runs its arguments' game) is called under Node with each argument in turn replaced by values of the wrong
// type — a number, an object, an array, `true`, `NaN`, `undefined`, `null`, a string — the
// other arguments valid: each call must throw a JavaScript Error naming that argument in its
// `field`, never trap (a `WebAssembly.RuntimeError`: "memory access out of bounds",
// `unreachable`). Absurd sizes are refused before any work starts. Afterwards the module still
// answers correctly (tic-tac-toe is a draw). After scripts/build.
// Runs alone (scripts/browser-tests): it times the page or needs both cores.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MODULES, engine, engineOf } from '../../scripts/node-engine.mjs';

const modules = await Promise.all(MODULES.map(engine));

// Argument kinds: what a valid value is, and which values are wrong for it.
const WRONG = {
  string: [42, 0, {}, [], true, NaN, undefined, null, () => 1, 10n],
  optionalString: [42, {}, [], true, NaN, () => 1],
  number: ['1', 'abc', {}, [], true, NaN, undefined, null, Infinity, -Infinity],
  whole: ['1', {}, [], true, NaN, undefined, null, Infinity, 1.5, -1],
  optionalWhole: ['1', {}, [], true, NaN, 1.5, -1],
  object: [42, 'text', true, NaN, undefined, null],
  optionalObject: [42, 'text', true, NaN],
  strings: [42, 'text', {}, true, NaN, undefined, null, [42]],
  bool: [1, 0, 'true', {}, NaN, undefined, null],
  bytes: [42, 'text', {}, [], true, NaN, undefined, null],
};

const TTT = 'tictactoe';
const STAGES = { stages: [2], positions: 1, algos: ['pns'] };
const MATCH = { a: 'random', b: 'random', openings: '', seed: 1 };
const PLAY2048 = { depths: [1], games: 1, seed: 1, tau: 1.5 };

/** The game of the exports whose arguments name none: the module that runs it answers them. */
const GAME_OF = { experiment2048: '2048:2x2', play2048Game: '2048:4x4', play2048Tables: '2048:4x4', connect4LoadBook: 'connect4', Live2048: '2048:4x4' };

/** Every export: its valid arguments and each argument's name (the error's field) and kind. */
const FUNCTIONS = {
  benchPerft: [['game', 'string', TTT], ['depth', 'whole', 2]],
  benchPlayouts: [['game', 'string', TTT], ['seconds', 'number', 0.01], ['seed', 'whole', 1]],
  benchSearch: [
    ['game', 'string', TTT],
    ['algo', 'string', 'pns'],
    ['moves', 'whole', 2],
    ['positions', 'whole', 1],
    ['seed', 'whole', 1],
    ['nodes', 'whole', 100],
    ['seconds', 'number', 0.1],
  ],
  benchCompare: [['quick', 'bool', true], ['ffo', 'optionalString', undefined], ['ffoCount', 'whole', 0]],
  benchCompareTable: [['against', 'string', 'baseline'], ['before', 'string', ''], ['after', 'string', '']],
  stagesJobCount: [['game', 'string', TTT], ['config', 'object', STAGES]],
  stagesRunJob: [['game', 'string', TTT], ['config', 'object', STAGES], ['index', 'whole', 0]],
  paperStages: [['game', 'string', TTT]],
  arenaPlayGame: [['game', 'string', TTT], ['config', 'object', MATCH], ['index', 'whole', 0]],
  arenaAgent: [['text', 'string', 'pns']],
  arenaSummary: [['game', 'string', TTT], ['config', 'object', MATCH], ['records', 'object', []]],
  readResults: [['text', 'string', ''], ['experiment', 'string', 'auto']],
  paperTable: [['source', 'string', 'paper Table 2']],
  readCards: [['text', 'string', '{"cards":[]}']],
  checkCertificate: [['text', 'string', '']],
  connect4EveryMove: [['game', 'string', 'connect4'], ['pos', 'string', '77136527677'], ['options', 'optionalObject', { nodes: 1000 }]],
  connect4SearchThreads: [['game', 'string', 'connect4'], ['pos', 'string', '77136527677']],
  connect4LoadBook: [['bytes', 'bytes', new Uint8Array()]],
  assetsNeeded: [['game', 'string', 'othello']],
  loadAsset: [['game', 'string', 'othello'], ['name', 'string', 'othello-patterns.weights'], ['bytes', 'bytes', new Uint8Array()]],
  tournamentResults: [
    ['config', 'object', { game: TTT, agents: ['random', 'random'], games_per_pair: 1, openings: '', seed: 1 }],
    ['records', 'string', ''],
  ],
  experiment2048: [['config', 'object', { game: '2048:2x2', objectives: [16], spawns: 'and', algos: ['pns'], seed: 1 }]],
  ppnHistory: [['game', 'string', 'connect4'], ['pos', 'string', '4453'], ['options', 'optionalObject', { nodes: 1000 }]],
  play2048Game: [['config', 'object', PLAY2048], ['index', 'whole', 0]],
  play2048Tables: [['records', 'string', '']],
  solve: [['game', 'string', 'tree'], ['pos', 'string', '[a:[W] b:[L]]'], ['algo', 'string', 'dfpn'], ['options', 'optionalObject', { ghi: 'naive' }]],
  testFault: [['kind', 'string', 'never-called-valid']],
  setThreads: [['threads', 'whole', 1]],
};
const CONSTRUCTORS = {
  Position: [['game', 'string', TTT], ['pos', 'optionalString', '']],
  Live2048: [['depth', 'whole', 1], ['star1', 'bool', false], ['tau', 'number', 1], ['seed', 'string', '1']],
};
const SESSION_METHODS = {
  step: [['iterations', 'whole', 1], ['seconds', 'number', 0.01]],
  snapshot: [['depth', 'whole', 2], ['maxNodes', 'whole', 50], ['focus', 'optionalWhole', undefined]],
  inspect: [['node', 'whole', 0]],
};
/** The module that answers export `name` called with `args` (the values of `spec`). */
async function home(name, spec = []) {
  const game = spec.find(([arg]) => arg === 'game')?.[2] ?? GAME_OF[name] ?? TTT;
  return engineOf(game);
}
/** Export name → the module that answers it. */
const HOMES = Object.fromEntries(await Promise.all(Object.entries({ ...FUNCTIONS, ...CONSTRUCTORS }).map(async ([name, spec]) => [name, await home(name, spec)])));
const wasm = await engineOf(TTT);
const position = (game = TTT) => new wasm.Position(game, '');
/** A search of tic-tac-toe, and an agent thinking about its move there: one handle type. */
const search = () => position().request(['pns'], {}).open(0);
const agent = () => position().think('mcts:iterations=20', 1, 0, 0);
/** Each handle: its class, how to make one with valid arguments, its methods' arguments. */
const HANDLES = [
  [
    'Position',
    position,
    {
      play: [['move', 'string', '5']],
      edit: [['cell', 'optionalWhole', 0], ['tool', 'optionalString', 'cycle']],
      request: [['algos', 'strings', ['pns']], ['options', 'optionalObject', {}]],
      think: [['agent', 'string', 'mcts:iterations=20'], ['seed', 'whole', 1], ['index', 'whole', 0], ['ply', 'whole', 0]],
      exactScore: [['options', 'optionalObject', { nodes: 1000 }]],
      evaluate: [['options', 'optionalObject', {}]],
      hint: [['budget', 'object', { positions: 100, simulations: 10, seed: 1 }]],
      certificate: [['verdict', 'string', 'disproved'], ['options', 'optionalObject', { nodes: 100000 }]],
    },
  ],
  ['Request', () => position().request(['pns'], {}), { open: [['index', 'whole', 0]] }],
  ['SearchSession', search, SESSION_METHODS],
  ['SearchSession', agent, SESSION_METHODS],
  ['Live2048', () => new HOMES.Live2048.Live2048(...CONSTRUCTORS.Live2048.map(([, , value]) => value)), { step: [['move', 'optionalString', undefined]] }],
];

/** Calls `call(args)` with each argument of `spec` made wrong in turn; counts the calls. */
function tryWrong(label, spec, call) {
  let calls = 0;
  spec.forEach(([name, kind], index) => {
    for (const wrong of WRONG[kind]) {
      const args = spec.map(([, , valid]) => valid);
      args[index] = wrong;
      let thrown = null;
      try {
        call(args);
      } catch (error) {
        thrown = error;
      }
      calls += 1;
      const shown = typeof wrong === 'bigint' ? `${wrong}n` : typeof wrong === 'function' ? 'a function' : JSON.stringify(wrong) ?? String(wrong);
      assert.ok(thrown, `${label}: ${name} = ${shown} was accepted`);
      assert.ok(!(thrown instanceof WebAssembly.RuntimeError), `${label}: ${name} = ${shown} trapped: ${thrown.message}`);
      assert.equal(thrown.field, name, `${label}: ${name} = ${shown} gave ${thrown.message}`);
      assert.match(thrown.message, new RegExp(name), `${label}: ${name} = ${shown}`);
    }
  });
  return calls;
}

/** The module still answers: tic-tac-toe from the start is a draw (X cannot force a win). */
function answersCorrectly() {
  const session = search();
  session.step(1e6, 10);
  assert.equal(session.progress().verdict, 'disproved');
  session.free();
  assert.equal(position().play('5').text, '5');
}

test('every wasm export refuses wrong-typed arguments with an error naming them, and never traps', () => {
  const exported = [...new Set(modules.flatMap((pkg) => Object.entries(pkg).filter(([name, value]) => typeof value === 'function' && !['default', 'initSync', 'start'].includes(name)).map(([name]) => name)))];
  const covered = new Set([...Object.keys(FUNCTIONS), ...Object.keys(CONSTRUCTORS), ...HANDLES.map(([className]) => className), 'hello', 'support', 'testCounts', 'threadsBuilt', 'threadShared', 'threadHelperRun']);
  // A new export must be added to the tables above.
  assert.deepEqual(exported.filter((name) => !covered.has(name)), []);
  let calls = 0;
  for (const [name, spec] of Object.entries(FUNCTIONS)) calls += tryWrong(name, spec, (args) => HOMES[name][name](...args));
  for (const [name, spec] of Object.entries(CONSTRUCTORS)) calls += tryWrong(`new ${name}`, spec, (args) => new HOMES[name][name](...args));
  for (const [className, make, methods] of HANDLES) {
    const object = make();
    const wasm = HOMES[className] ?? HOMES.Position;
    // Every method a class has is in the table (or takes no argument).
    const own = Object.getOwnPropertyNames(wasm[className].prototype).filter((m) => typeof Object.getOwnPropertyDescriptor(wasm[className].prototype, m).value === 'function');
    for (const method of own.filter((m) => wasm[className].prototype[m].length > 0)) assert.ok(method in methods, `${className}.${method} is not tested`);
    for (const [method, spec] of Object.entries(methods)) calls += tryWrong(`${className}.${method}`, spec, (args) => object[method](...args));
    object.free();
  }
  assert.ok(calls > 300, `only ${calls} calls`);
  console.log(`${calls} calls with a wrong-typed argument: each an error naming it, none a trap`);
  answersCorrectly();
});

test('absurd sizes are refused before any work starts', () => {
  const refusals = [
    ['positions', () => HOMES.stagesJobCount.stagesJobCount(TTT, { ...STAGES, positions: 1e9 })],
    ['positions', () => HOMES.stagesRunJob.stagesRunJob(TTT, { ...STAGES, positions: 1e9 }, 0)],
    ['stages', () => HOMES.stagesJobCount.stagesJobCount(TTT, { ...STAGES, stages: [1e6] })],
    ['positions', () => HOMES.benchSearch.benchSearch(TTT, 'pns', 2, 1e9, 1, 100, 1)],
    ['games', () => HOMES.play2048Game.play2048Game({ ...PLAY2048, games: 1e9 }, 0)],
    ['depths', () => HOMES.play2048Game.play2048Game({ ...PLAY2048, depths: Array(1e6).fill(2) }, 0)],
    ['depth', () => HOMES.benchPerft.benchPerft('othello', 1e6)],
    ['seconds', () => HOMES.benchPlayouts.benchPlayouts(TTT, 1e9, 1)],
    ['nodes', () => HOMES.ppnHistory.ppnHistory('connect4', '4453', { nodes: 1e9 })],
    ['nodes', () => HOMES.ppnHistory.ppnHistory('connect4', '4453', {})],
    ['positions', () => position().hint({ positions: 1e15, simulations: 10, seed: 1 })],
    ['depth', () => search().snapshot(1e9, 400)],
    ['depth', () => search().snapshot(-1, 400)],
    ['maxNodes', () => search().snapshot(3, 1e12)],
    ['threads', () => HOMES.setThreads.setThreads(1e6)],
  ];
  for (const [field, call] of refusals) {
    const started = performance.now();
    assert.throws(call, (error) => !(error instanceof WebAssembly.RuntimeError) && error.field === field, `${field}: ${call}`);
    assert.ok(performance.now() - started < 1000, `${field} was refused only after ${performance.now() - started} ms`);
  }
  answersCorrectly();
});

test('the support matrix lists every game and search with the reason a search cannot run a game, the same in every module', async () => {
  const hello = wasm.hello();
  const support = wasm.support();
  for (const pkg of modules) assert.deepEqual(pkg.support(), support);
  const games = hello.games.flatMap((family) => family.listed.map((listed) => listed.name));
  assert.deepEqual(Object.keys(support).sort(), [...games].sort());
  for (const game of games) assert.deepEqual(Object.keys(support[game]).sort(), hello.searches.map((s) => s.id).sort());
  // MCTS cannot play 2048 (chance nodes), PNS cannot search minishogi (its positions
  // repeat); MCTS and PN-MCTS can play Othello.
  assert.match(support['2048:4x4'].mcts, /chance nodes/);
  assert.equal(support['2048:4x4'].expectimax, null);
  assert.match(support.minishogi.pns, /repeat/);
  assert.equal(support.othello.pnmcts, null);
  assert.equal(support.othello.mcts, null);
  // The matrix says what a start says.
  for (const game of ['2048:4x4', 'minishogi', 'othello']) {
    for (const [id, reason] of Object.entries(support[game])) {
      let error = null;
      try {
        new (await engineOf(game)).Position(game).request([id], {}).open(0).free();
      } catch (caught) {
        error = caught;
      }
      assert.equal(error?.message ?? null, reason, `${id} on ${game}`);
    }
  }
});
