// The engine worker's package and its threads (issue 32). In a cross-origin isolated page
// (`pnplay serve` sends COOP and COEP; `--no-isolation` turns them off; on a static site
// from scripts/dist a service worker adds them, coi-serviceworker) the worker loads the
// threaded package pkg/threads/ (built with atomics and shared memory by scripts/build); in
// any other page, or if that package is missing (the rustup build route) or does not load,
// the plain pkg/ on one thread, which gives the same answers.
//
// A thread of the threaded package is a helper worker (thread-helper.js) running the
// package on this worker's module and memory. A pool's threads can only be handed to
// workers already running — a worker blocked in a call cannot start one — so the helpers
// are started here, before the call that needs them (src/core/threads.rs). A helper that
// fails (a panic or trap on its thread) cannot tell this worker, which may be blocked waiting
// for it: it reports on the BroadcastChannel HELPER_FAILURES, which the page listens to
// (engine-client.js) and replaces this worker.

import { wasmSource } from './wasm-source.js';

/** The stack of each helper thread (wasm-bindgen's default is 1 MiB; a waiting thread of
 * the endgame solver runs others' tasks on top of its own search). */
const HELPER_STACK_BYTES = 16 << 20;

/** The channel, this worker's own, on which its helpers report their failure to the page. */
export const HELPER_FAILURES = `pnplay-helpers-${[...crypto.getRandomValues(new Uint32Array(4))].map((n) => n.toString(36)).join('')}`;

/** The most threads this worker's engine may run: its URL's `threads` (a pool's worker runs
 * on one, www/lib/pool.js), else the machine's cores. */
const QUERY = new URLSearchParams(self.location.search);
const CAP = Number.parseInt(QUERY.get('threads') ?? '', 10) || Infinity;

/** The test hook `helper-fail` (with `test-hooks`): every helper fails to start. */
const FAIL_HELPERS = QUERY.has('test-hooks') && QUERY.has('helper-fail');

let pkg = null;
let threaded = false;
let threads = 1;
const helpers = [];

/** Loads the engine's package (threaded where it can) and returns it. */
export async function loadEngine() {
  if (self.crossOriginIsolated === true) {
    try {
      // The wasm is asked for first, so it travels while the package's JavaScript loads.
      const source = wasmSource(true);
      source.catch(() => {});
      const candidate = await import('../pkg/threads/pnplay.js');
      await candidate.default(await source);
      if (candidate.threadsBuilt()) {
        pkg = candidate;
        threaded = true;
        threads = available();
        startInBackground();
        return pkg;
      }
    } catch (error) {
      console.warn(`pnplay: the threaded engine did not load (${error?.message ?? error}); one thread`);
    }
  }
  const source = wasmSource(false);
  source.catch(() => {});
  pkg = await import('../pkg/pnplay.js');
  await pkg.default(await source);
  return pkg;
}

/** The threads this worker can run: the machine's cores (at most its cap) in a threaded
 * engine, else 1. */
function available() {
  return threaded ? Math.max(1, Math.min(CAP, navigator.hardwareConcurrency || 1)) : 1;
}

/** `{threaded, available, threads, helpers}`: what the page shows and lets the user set,
 * and the helper workers started so far. */
export function threadInfo() {
  return { threaded, available: available(), threads, helpers: helpers.length };
}

/** Sets the threads of the game's own solver (between 1 and the available ones). */
export function setThreads(requested) {
  if (!Number.isInteger(requested) || requested < 1) throw new Error(`threads: a whole number from 1 to ${available()}, not ${JSON.stringify(requested)}`);
  threads = Math.min(requested, available());
  startInBackground();
  return threadInfo();
}

/** Starts the helpers for the threads set, in the background, as soon as they are known
 * (the package loaded, a new setting), so the first parallel call does not wait for them. */
function startInBackground() {
  readyThreads().catch(() => {});
}

/** Makes the set threads ready for the next call: the engine told, and `needed` helper
 * workers started (the threads the call will search on: `Position.scoreThreads()`). If a
 * helper cannot start, the engine is told the threads the running helpers can carry (a
 * pool's thread waits for a helper to run it), so the call searches on those, with the
 * same answers, and the next call tries again. */
export async function readyThreads(needed = () => threads) {
  pkg.setThreads(threads);
  const count = threads > 1 ? needed() : 1;
  if (count > 1 && count > helpers.length) {
    starting = starting.catch(() => {}).then(() => startHelpers(count));
    try {
      await starting;
    } catch (error) {
      const carried = Math.max(1, Math.min(threads, helpers.length));
      pkg.setThreads(carried);
      console.warn(`pnplay: ${error.message}; searching on ${carried} thread(s)`);
    }
  }
}

/** The last start of helpers (calls wait for it in turn, so none starts more than needed). */
let starting = Promise.resolve();

/** Starts helpers up to `count`, all at once (each instantiates the package: about 0.2 s on
 * this machine, so one after another the first parallel call waited for the sum). */
async function startHelpers(count) {
  const [module, memory] = pkg.threadShared();
  const results = await Promise.allSettled(Array.from({ length: count - helpers.length }, () => startHelper(module, memory)));
  for (const result of results) if (result.status === 'fulfilled') helpers.push(result.value);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

/** One helper worker on the engine's `module` and `memory`, once it says it is ready. */
function startHelper(module, memory) {
  const helper = new Worker(new URL('./thread-helper.js', import.meta.url), { type: 'module' });
  return new Promise((resolve, reject) => {
    helper.onmessage = ({ data }) => {
      helper.onmessage = helper.onerror = null;
      if (data?.failed === undefined) resolve(helper);
      else reject(new Error(`a helper thread did not start: ${data.failed}`));
    };
    helper.onerror = (event) => {
      helper.onmessage = helper.onerror = null;
      helper.terminate();
      reject(new Error(`a helper thread did not start: ${event.message || 'its script did not load'}`));
    };
    helper.postMessage({ module, memory, stackBytes: HELPER_STACK_BYTES, failures: HELPER_FAILURES, fail: FAIL_HELPERS });
  });
}
