// Native time of every column's score of random Connect Four positions, drawn as the page's
// test draws them (tests/browser/c4-positions.mjs): `pnplay book moves` per position, the wall
// seconds of the whole command, then the median, slowest and count within 0.3 s per ply (the
// issue 32 bound the page is held to). After a release build:
//   node scripts/c4-moves-times.mjs [--count N] [--seed S] [--plies LO-HI] [--book FILE] [--time T] [--threads T]
// Defaults: 40 positions, seed 7, plies 6-12, the page's book (www/data/connect4-book.bin.gz),
// 10 s a column (the page's), one thread (with more, the columns are searched side by side).
// The pnplay binary: PNPLAY_BIN, else target/release or debug.

import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pnplayBinary, repo } from '../tests/browser/harness.mjs';
import { randomPositions } from '../tests/browser/c4-positions.mjs';

const options = { '--count': '40', '--seed': '7', '--plies': '6-12', '--book': path.join(repo, 'www/data/connect4-book.bin.gz'), '--time': '10', '--threads': '1' };
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i += 2) {
  if (!(args[i] in options) || i + 1 >= args.length) {
    console.error(`c4-moves-times: unexpected ${JSON.stringify(args[i])} (options: ${Object.keys(options).join(' ')})`);
    process.exit(2);
  }
  options[args[i]] = args[i + 1];
}
const [lo, hi] = options['--plies'].split('-').map(Number);
const count = Number(options['--count']);
if (!(Number.isInteger(lo) && Number.isInteger(hi) && lo >= 0 && lo <= hi && hi <= 41 && Number.isInteger(count) && count > 0)) {
  console.error('c4-moves-times: --plies LO-HI with 0 <= LO <= HI <= 41, --count a whole number of at least 1');
  process.exit(2);
}
const binary = pnplayBinary();
const plies = Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
const byPly = new Map();
for (const pos of randomPositions(count, Number(options['--seed']), plies)) {
  const start = process.hrtime.bigint();
  const out = execFileSync(binary, ['book', 'moves', '--pos', pos, '--book', options['--book'], '--time', options['--time'], '--threads', options['--threads']], { encoding: 'utf8' });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const unknown = (out.match(/\?/g) ?? []).length;
  console.log(`${String(pos.length).padStart(2)} ${pos.padEnd(14)} ${seconds.toFixed(3)} s${unknown ? ` (${unknown} columns unsolved)` : ''}`);
  if (!byPly.has(pos.length)) byPly.set(pos.length, []);
  byPly.get(pos.length).push(seconds);
}
let fast = 0;
console.log('plies  positions  median s  slowest s  within 0.3 s');
for (const [ply, times] of [...byPly].sort((a, b) => a[0] - b[0])) {
  times.sort((a, b) => a - b);
  const within = times.filter((s) => s <= 0.3).length;
  fast += within;
  console.log(`${String(ply).padStart(5)}  ${String(times.length).padStart(9)}  ${times[Math.floor(times.length / 2)].toFixed(2).padStart(8)}  ${times.at(-1).toFixed(2).padStart(9)}  ${String(within).padStart(12)}`);
}
console.log(`${fast} of ${count} within 0.3 s`);
