// Times the depth-limited Othello players (`ab`, issue 13) in wasm under Node, through the
// worker's SearchSession (a Position's request opened), on positions after 24 seeded random moves, to compare with
// `pnplay solve --game othello --pos P --algo ab --depth D --eval all --endgame off` on the
// positions it prints. After scripts/build:
//   node scripts/bench-players-wasm.mjs [POSITIONS] [DEPTH ...]

import { engineOf } from './node-engine.mjs';

const { Position } = await engineOf('othello');

const [count = '5', ...depthArgs] = process.argv.slice(2);
const depths = depthArgs.length ? depthArgs.map(Number) : [5, 8];

// A small linear congruential generator: the positions are the same on every run.
let state = 12345;
const below = (n) => {
  state = (state * 1103515245 + 12345) % 2147483648;
  return state % n;
};
const positions = [];
while (positions.length < Number(count)) {
  let position = new Position('othello');
  let view = position.view();
  for (let i = 0; i < 24 && view.moves.length; i++) {
    position = position.play(view.moves[below(view.moves.length)].text);
    view = position.view();
  }
  if (view.moves.length) positions.push(view.text);
}
for (const depth of depths) {
  let total = 0;
  for (const pos of positions) {
    const session = new Position('othello', pos).request(['ab'], { depth: String(depth), eval: 'all', endgame: 'off' }).open(0);
    const start = performance.now();
    while (!session.finished) session.step(1e12, 1e9);
    total += performance.now() - start;
  }
  console.log(`ab depth ${depth}: ${(total / positions.length).toFixed(1)} ms per search over ${positions.length} positions (wasm, node ${process.version})`);
}
for (const pos of positions) console.log(pos);
