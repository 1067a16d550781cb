// Times expectimax on 4×4 2048 in wasm under Node (issue 14's speed table, the wasm column),
// through the worker's SearchSession (a Position's request opened), with and without Star1, on every 10th position of one
// depth-3 game of the 2048 view's `Live2048` (seed 1): compare with
// `pnplay play2048 --speed --depth 2,3,4 --seed S`. After scripts/build:
//   node scripts/bench-2048-wasm.mjs [DEPTH ...]

import { engineOf } from './node-engine.mjs';

const { Live2048, Position } = await engineOf('2048');

const depths = process.argv.length > 2 ? process.argv.slice(2).map(Number) : [2, 3, 4];

const game = new Live2048(3, false, 1.5, '1');
const positions = [];
for (let step = 0; !game.state().over; step++) {
  if (step % 10 === 0) positions.push(game.state().position);
  game.step(undefined);
}
for (const depth of depths) {
  for (const star1 of ['off', 'on']) {
    let nodes = 0;
    const start = performance.now();
    for (const pos of positions) {
      const session = new Position('2048:4x4:32768', pos).request(['expectimax'], { depth: String(depth), star1 }).open(0);
      while (!session.finished) session.step(1e12, 1e9);
      nodes += session.iterations;
      session.free();
    }
    const seconds = (performance.now() - start) / 1000;
    console.log(`d=${depth} star1=${star1}: ${positions.length} moves, ${(positions.length / seconds).toFixed(1)} moves/s, ${(nodes / seconds / 1e6).toFixed(2)} M nodes/s (wasm, node ${process.version})`);
  }
}
