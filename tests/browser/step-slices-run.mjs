// The measuring half of step-slices.test.mjs, run as `node step-slices-run.mjs PART PARTS`:
// every PARTS-th pair of (game, search) from PART on, each taking up to STEPS steps of SLICE
// seconds as the page's worker does (`SearchSession.step(iterations, 0.03)` with the page's
// default limits). Prints one JSON line: the pairs run and refused, the steps, each pair's
// slowest step in wall and CPU milliseconds, the steps that threw, and the run queue read
// after every step. The test runs its parts side by side, one a core.

import { runQueue } from './harness.mjs';
import { MODULES, engine as load, engineOf } from '../../scripts/node-engine.mjs';

const { hello } = await load(MODULES[0]);

const STEPS = 20;
const SLICE = 0.03;
/** The page's step: as many iterations as fit the slice. */
const ITERATIONS = 1e9;

const [part, parts] = process.argv.slice(2).map(Number);
const engine = hello();
// The page starts with these limits (each run setting's page default, else its default).
const options = {};
for (const spec of engine.run_params) {
  const value = spec.page_default ?? spec.default;
  if (value !== null && value !== undefined && spec.kind.type !== 'choice') options[spec.key] = value;
}
const games = engine.games.flatMap((family) => family.listed.map((listed) => listed.name));
const out = { pairs: 0, refused: [], steps: 0, slow: [], failed: [], load: [] };
let index = -1;
for (const game of games) {
  const position = new (await engineOf(game)).Position(game);
  for (const { id: search } of engine.searches) {
    index += 1;
    if (index % parts === part) measure(position, game, search);
  }
  position.free();
}
console.log(JSON.stringify(out));

/** Up to STEPS steps of `search` on `game` from `position`, into `out`. */
function measure(position, game, search) {
  let session;
  try {
    session = position.request([search], options).open(0);
  } catch (error) {
    // The support check refuses the pair up front, with its reason.
    out.refused.push({ pair: `${search} on ${game}`, reason: String(error.message ?? error) });
    return;
  }
  out.pairs += 1;
  let worst = 0;
  let worstCpu = 0;
  try {
    for (let i = 0; i < STEPS && !session.finished; i += 1) {
      const start = performance.now();
      const cpu = process.cpuUsage();
      session.step(ITERATIONS, SLICE);
      const used = process.cpuUsage(cpu);
      worst = Math.max(worst, performance.now() - start);
      worstCpu = Math.max(worstCpu, (used.user + used.system) / 1000);
      out.load.push(runQueue());
      out.steps += 1;
    }
    session.free();
  } catch (error) {
    // A trapped session is not touched again.
    out.failed.push(`${search} on ${game}: ${error.message ?? error}`);
  }
  out.slow.push({ pair: `${search} on ${game}`, ms: worst, cpu: worstCpu });
}
