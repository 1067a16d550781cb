// The page's pools of engine workers, Stages' jobs and the Arena's games, and the threads they
// share (issue 32: "the Stages and Arena pools share the same threads"). The page's thread
// setting is one budget for all its parallel work: a pool runs one worker fewer than the
// budget by default (one thread stays with the page's own engine, which the analysis board
// and "Exact answer" keep using meanwhile), and each pool worker's engine runs on one thread
// (its worker URL's `threads=1`, engine/threads.js), so whatever searches a pool runs (an
// 8×8 Othello endgame solve, dfpn-jobs) none starts helper threads on top of the pool's own:
// N workers are N threads. A job or game stays in a worker of its own, so a failure in one
// (a trap, a panic) replaces that worker only, and the pool's progress, pause and cancel
// work job by job. In a page without threads (not cross-origin isolated) the setting is not
// offered and the budget is the machine's cores.

// `../lib/`: the same file from lib/ and from the bundle in app/ (scripts/bundle keeps it apart).
import { engineWorkerUrl } from '../lib/early-worker.js';
import { EngineClient } from './engine-client.js';

const cores = () => Math.max(1, navigator.hardwareConcurrency || 2);
let budget = cores();
const listeners = new Set();

/** Takes the engine's thread setting (`{threaded, threads}`, as `hello` and `setThreads`
 * report it) as the pools' budget, and tells the views that follow it. */
export function setThreadBudget({ threaded, threads }) {
  const next = threaded ? threads : cores();
  if (next === budget) return;
  budget = next;
  for (const listener of listeners) listener(poolSize());
}

/** Calls `listener(poolSize())` whenever the budget changes. */
export function onPoolSize(listener) {
  listeners.add(listener);
}

/** The workers a pool runs by default: one fewer than the budget, at least one. */
export function poolSize() {
  return Math.max(1, budget - 1);
}

/** `size` engine workers, each on one thread. */
export function openPool(size) {
  const url = engineWorkerUrl({ threads: 1 });
  return Array.from({ length: size }, () => new EngineClient(url));
}
