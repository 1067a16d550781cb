// Runs the engine's benchmark workloads in wasm under Node, for comparison with the native
// `pnplay bench` (same code, src/bench.rs). After scripts/build:
//   node scripts/bench-wasm.mjs [GAME] [PERFT_DEPTH] [SECONDS]
//   node scripts/bench-wasm.mjs --search pns,ppns [GAME] [MOVES] [POSITIONS] [NODES] [SECONDS]
// A search may carry its parameters as agents write them: `--search
// mcts:solver=off,playout=200,pnmcts:solver=off,playout=200` (a word with `=` and no `:`
// belongs to the search before it). `--json` (anywhere) prints one JSON line per search with
// the iterations per wall second and per CPU second of this process (the machine may be
// shared), as scripts/table1-pnmcts-games does natively.

import { readFileSync } from 'node:fs';
import init, { benchPerft, benchPlayouts, benchSearch } from '../pkg/pnplay.js';

await init({ module_or_path: readFileSync(new URL('../pkg/pnplay_bg.wasm', import.meta.url)) });
const json = process.argv.includes('--json');
const args = process.argv.slice(2).filter((a) => a !== '--json');
const where = `(wasm, node ${process.version})`;

if (args[0] === '--search') {
  const [, algos, game = 'othello', moves = '36', positions = '10', nodes = '2000000', seconds = '30'] = args;
  const searches = [];
  for (const word of algos.split(',')) {
    if (word.includes(':') || !word.includes('=') || searches.length === 0) searches.push(word);
    else searches[searches.length - 1] += `,${word}`;
  }
  for (const algo of searches) {
    const cpu = process.cpuUsage();
    const m = benchSearch(game, algo, Number(moves), Number(positions), 1, Number(nodes), Number(seconds));
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
  for (const m of [benchPerft(game, Number(depth)), benchPlayouts(game, Number(seconds), 1)]) {
    console.log(
      `${m.workload.padEnd(9)} ${m.game.padEnd(10)} ${String(m.count).padStart(12)} in ${m.seconds.toFixed(3).padStart(7)} s = ${Math.round(m.per_second).toString().padStart(12)} /s ${where}`,
    );
  }
}
