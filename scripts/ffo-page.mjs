// FFO endgames solved in the page (issue 32's FFO table): headless Chromium on `pnplay serve`
// (cross-origin isolated, so the engine worker runs the threaded package), each position's
// exact value asked of the page's engine worker as *Exact answer* asks it (`exactScore`: the
// Othello endgame solver) on THREADS threads. After scripts/build and a release build:
//   node scripts/ffo-page.mjs FILE [--threads N] [--from K] [--count N]
// FILE: an .obf file (../shared/data/othello/fforum-40-59.obf); its problems are numbered
// from the first number in its name (#40). Prints one JSON line per position, as
// `pnplay score --json` does natively: {ffo, threads, score, best_move, nodes, seconds}
// (the solver's own seconds, measured in the worker).

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { launchBrowser, startServer } from '../tests/browser/harness.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  if (at < 0) return fallback;
  const value = Number(args[at + 1]);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name}: a whole number, not ${JSON.stringify(args[at + 1])}`);
  args.splice(at, 2);
  return value;
};
const threads = option('--threads', 2);
const from = option('--from', 0);
const count = option('--count', Infinity);
if (args.length !== 1) throw new Error('usage: node scripts/ffo-page.mjs FILE [--threads N] [--from K] [--count N]');
const file = args[0];
const first = Number(path.basename(file).match(/\d+/)?.[0] ?? 1);
const positions = readFileSync(file, 'utf8')
  .split('\n')
  .filter((line) => line.trim())
  .map((line, i) => ({ ffo: first + i, pos: line.split(';')[0].trim() }))
  .slice(from, from + count);

const server = await startServer();
const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  await page.goto(`${server.url}#v=1&g=othello`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 60000 });
  const set = await page.evaluate((threads) => window.pnplayEngine.request('setThreads', { threads }), threads);
  if (set.threads !== threads) throw new Error(`the page runs ${set.threads} thread(s), not ${threads}: ${JSON.stringify(set)}`);
  for (const { ffo, pos } of positions) {
    const report = await page.evaluate(
      (pos) => window.pnplayEngine.request('exactScore', { game: 'othello', pos, options: { nodes: null, time: null } }, null, { deadline: 4 * 3600 * 1000 }),
      pos,
    );
    console.log(JSON.stringify({ ffo, threads, ...report }));
  }
} finally {
  await browser.close();
  server.stop();
}
