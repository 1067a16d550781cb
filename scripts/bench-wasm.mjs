// Runs the engine's benchmark workloads in wasm under Node, for comparison with the native
// `pnplay bench` (same code, src/bench.rs). After scripts/build:
//   node scripts/bench-wasm.mjs [GAME] [PERFT_DEPTH] [SECONDS]
//   node scripts/bench-wasm.mjs --search pns,ppns [GAME] [MOVES] [POSITIONS] [NODES] [SECONDS]
// A search may carry its parameters as agents write them: `--search
// mcts:solver=off,playout=200,pnmcts:solver=off,playout=200` (a word with `=` and no `:`
// belongs to the search before it). `--json` (anywhere) prints one JSON line per search with
// the iterations per wall second and per CPU second of this process (the machine may be
// shared), as scripts/table1-pnmcts-games does natively.
//   node scripts/bench-wasm.mjs --compare [--quick] [--save F] [--baseline F] [--native F]
//                               [--ffo FILE [--ffo-count N]] [--json]
// runs the sets of `pnplay bench --compare` (the same Rust function, src/bench.rs
// `compare_sets`) and prints the same table: against --baseline (a wasm or native --save
// file) as before / after, and against --native (a native --save file) as native / wasm, the
// ratios wasm ÷ native. --save writes JSON Lines in the native format; --json prints those
// lines instead of the tables. A bad option or file fails before the run (exit code 2).
// Seconds are wall clock (`performance.now()`), as natively; the last line (stderr) gives
// this process's CPU seconds beside the wall seconds, so a loaded machine shows.

import { readFileSync, writeFileSync } from 'node:fs';
import { MODULES, engine, engineOf } from './node-engine.mjs';

const json = process.argv.includes('--json');
const args = process.argv.slice(2).filter((a) => a !== '--json');
const where = `(wasm, node ${process.version})`;

// `--compare`: the benchmark sets, their tables, the saved file.
async function compare(words) {
  const { benchCompareTable } = await engine(MODULES[0]);
  const flags = new Set(['--quick']);
  const valued = new Set(['--save', '--baseline', '--native', '--ffo', '--ffo-count']);
  const options = {};
  for (let i = 0; i < words.length; i += 1) {
    if (flags.has(words[i])) options[words[i]] = true;
    else if (valued.has(words[i]) && i + 1 < words.length) options[words[i]] = words[(i += 1)];
    else throw new Error(`--compare: unexpected ${JSON.stringify(words[i])}`);
  }
  // Read and check the files before the long run, so a wrong one fails at once.
  const read = (flag) => {
    try {
      return readFileSync(options[flag], 'utf8');
    } catch (error) {
      throw new Error(`${flag} ${options[flag]}: ${error.message}`);
    }
  };
  const against = ['baseline', 'native'].filter((name) => options[`--${name}`] !== undefined);
  const before = {};
  for (const name of against) {
    before[name] = read(`--${name}`);
    try {
      benchCompareTable(name, before[name], '');
    } catch (error) {
      throw new Error(`--${name} ${options[`--${name}`]}: ${error.message}`);
    }
  }
  const ffo = options['--ffo'] === undefined ? undefined : read('--ffo');
  const ffoCount = Number(options['--ffo-count'] ?? 3);
  if (!Number.isInteger(ffoCount) || ffoCount < 1) {
    throw new Error(`--ffo-count ${options['--ffo-count']}: expected a whole number of at least 1`);
  }
  const cpu = process.cpuUsage();
  const wall = performance.now();
  // Each module runs the sets of its games: the module of Connect Four's set first, then
  // Othello's, then any other, so the rows come in the native order.
  const first = [await engineOf('connect4'), await engineOf('othello')];
  const others = await Promise.all(MODULES.map(engine));
  let rows = '';
  for (const pkg of new Set([...first, ...others])) {
    try {
      rows += pkg.benchCompare(options['--quick'] === true, ffo, ffoCount);
    } catch (error) {
      throw new Error(ffo === undefined ? error.message : `--ffo ${options['--ffo']}: ${error.message}`);
    }
  }
  const used = process.cpuUsage(cpu);
  const wallSeconds = (performance.now() - wall) / 1e3;
  if (json) process.stdout.write(rows);
  else if (against.length === 0) process.stdout.write(benchCompareTable('baseline', '', rows));
  for (const name of json ? [] : against) {
    console.log(`against --${name} ${options[`--${name}`]}:`);
    process.stdout.write(benchCompareTable(name, before[name], rows));
  }
  if (options['--save'] !== undefined) writeFileSync(options['--save'], rows);
  const cpuSeconds = (used.user + used.system) / 1e6;
  console.error(
    `${where}: seconds are wall clock; this process used ${cpuSeconds.toFixed(2)} s of CPU in ${wallSeconds.toFixed(2)} s of wall clock`,
  );
}

if (args[0] === '--compare') {
  try {
    await compare(args.slice(1));
  } catch (error) {
    console.error(`bench-wasm: ${error.message}`);
    process.exit(2);
  }
} else if (args[0] === '--search') {
  const [, algos, game = 'othello', moves = '36', positions = '10', nodes = '2000000', seconds = '30'] = args;
  const searches = [];
  for (const word of algos.split(',')) {
    if (word.includes(':') || !word.includes('=') || searches.length === 0) searches.push(word);
    else searches[searches.length - 1] += `,${word}`;
  }
  for (const algo of searches) {
    const cpu = process.cpuUsage();
    const m = (await engineOf(game)).benchSearch(game, algo, Number(moves), Number(positions), 1, Number(nodes), Number(seconds));
    const used = process.cpuUsage(cpu);
    const cpuSeconds = (used.user + used.system) / 1e6;
    if (json) {
      console.log(
        JSON.stringify({
          game,
          search: algo,
          iterations: m.iterations,
          wall_seconds: Number(m.seconds.toFixed(3)),
          cpu_seconds: Number(cpuSeconds.toFixed(2)),
          per_wall_second: Math.round(m.iterations / m.seconds),
          per_cpu_second: Math.round(m.iterations / cpuSeconds),
          where: `wasm, node ${process.version}`,
        }),
      );
      continue;
    }
    console.log(
      `${m.algo.padEnd(12)} ${m.game} after ${m.moves} moves: ${m.decided}/${m.positions} decided, ${Math.round(m.iterations_per_second)} iterations/s (${Math.round(m.iterations / cpuSeconds)} per CPU s), ${Math.round(m.nodes_per_second)} nodes/s, ${m.bytes_per_node} B/node, ${m.seconds.toFixed(3)} s total, slowest decided ${m.slowest_decided_seconds.toFixed(3)} s ${where}`,
    );
  }
} else {
  const [game = 'othello', depth = '9', seconds = '3'] = args;
  const { benchPerft, benchPlayouts } = await engineOf(game);
  for (const m of [benchPerft(game, Number(depth)), benchPlayouts(game, Number(seconds), 1)]) {
    console.log(
      `${m.workload.padEnd(9)} ${m.game.padEnd(10)} ${String(m.count).padStart(12)} in ${m.seconds.toFixed(3).padStart(7)} s = ${Math.round(m.per_second).toString().padStart(12)} /s ${where}`,
    );
  }
}
