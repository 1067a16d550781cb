// Runs the engine's benchmark workloads in wasm under Node, for comparison with the native
// `pnplay bench` (same code, src/bench.rs):
//   node scripts/bench-wasm.mjs [GAME] [PERFT_DEPTH] [SECONDS]     (after scripts/build)

import { readFileSync } from 'node:fs';
import init, { benchPerft, benchPlayouts } from '../pkg/pnplay.js';

const [game = 'othello', depth = '8', seconds = '3'] = process.argv.slice(2);
await init({ module_or_path: readFileSync(new URL('../pkg/pnplay_bg.wasm', import.meta.url)) });
for (const m of [benchPerft(game, Number(depth)), benchPlayouts(game, Number(seconds), 1)]) {
  console.log(
    `${m.workload.padEnd(9)} ${m.game.padEnd(10)} ${String(m.count).padStart(12)} in ${m.seconds.toFixed(3).padStart(7)} s = ${Math.round(m.per_second).toString().padStart(12)} /s  (wasm, node ${process.version})`,
  );
}
