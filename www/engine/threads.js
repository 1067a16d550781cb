// The engine worker's modules and their threads (issue 32). The engine is three wasm modules,
// each running some of the games (wasm-source.js); the worker loads one when a request first
// needs it and keeps it, so a page that shows one game downloads one module. In a
// cross-origin isolated page (`pnplay serve` sends COOP and COEP; `--no-isolation` turns them
// off; on a static site from scripts/dist a service worker adds them, coi-serviceworker) each
// module is loaded as its threaded package (built with atomics and shared memory by
// scripts/build); in any other page, or if that package is missing (the rustup build route)
// or does not load, as its plain package on one thread, which gives the same answers.
//
// A thread of a threaded package is a helper worker (thread-helper.js) running the package on
// its module's memory. A pool's threads can only be handed to workers already running — a
// worker blocked in a call cannot start one — so the helpers are started here, before the
// call that needs them (src/core/threads.rs), for the module that makes the call. A helper
// that fails (a panic or trap on its thread) cannot tell this worker, which may be blocked
// waiting for it: it reports on the BroadcastChannel HELPER_FAILURES, which the page listens
// to (engine-client.js) and replaces this worker.

import { importPackage, wasmSource } from './wasm-source.js';

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

/** The threads set (all available until the user sets them). */
let threads = null;

/** The modules loaded or loading: name → promise of its engine (`Engine`). */
const engines = new Map();

/** One loaded module: its package (`pkg`, whose exports the worker calls), whether it is the
 * threaded one, and its helper threads. */
class Engine {
  constructor(module, pkg, threaded) {
    this.module = module;
    this.pkg = pkg;
    this.threaded = threaded;
    this.helpers = [];
    /** The last start of helpers (calls wait for it in turn, so none starts more than needed). */
    this.starting = Promise.resolve();
  }

  /** The threads this engine can run: the machine's cores (at most the cap) if threaded, else 1. */
  available() {
    return this.threaded ? Math.max(1, Math.min(CAP, navigator.hardwareConcurrency || 1)) : 1;
  }

  /** The threads it searches on: those set, at most the available ones. */
  threads() {
    return Math.min(threads ?? Infinity, this.available());
  }

  /** `{threaded, available, threads, helpers}`: what the page shows and lets the user set,
   * and the helper workers started so far. */
  info() {
    return { threaded: this.threaded, available: this.available(), threads: this.threads(), helpers: this.helpers.length };
  }

  /** Starts the helpers for the threads set, in the background, so the first parallel call
   * does not wait for them. */
  startInBackground() {
    this.readyThreads().catch(() => {});
  }

  /** Makes the set threads ready for the next call: the engine told, and `needed` helper
   * workers started (the threads the call will search on: `Position.scoreThreads()`). If a
   * helper cannot start, the engine is told the threads the running helpers can carry (a
   * pool's thread waits for a helper to run it), so the call searches on those, with the
   * same answers, and the next call tries again. */
  async readyThreads(needed = () => this.threads()) {
    const set = this.threads();
    this.pkg.setThreads(set);
    const count = set > 1 ? needed() : 1;
    if (count > 1 && count > this.helpers.length) {
      this.starting = this.starting.catch(() => {}).then(() => this.startHelpers(count));
      try {
        await this.starting;
      } catch (error) {
        const carried = Math.max(1, Math.min(set, this.helpers.length));
        this.pkg.setThreads(carried);
        console.warn(`pnplay: ${error.message}; searching on ${carried} thread(s)`);
      }
    }
  }

  /** Starts helpers up to `count`, all at once (each instantiates the package: about 0.2 s on
   * this machine, so one after another the first parallel call waited for the sum). */
  async startHelpers(count) {
    const [module, memory] = this.pkg.threadShared();
    const results = await Promise.allSettled(Array.from({ length: count - this.helpers.length }, () => this.startHelper(module, memory)));
    for (const result of results) if (result.status === 'fulfilled') this.helpers.push(result.value);
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  }

  /** One helper worker on this engine's compiled `module` and `memory`, once it says it is ready. */
  startHelper(module, memory) {
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
      helper.postMessage({ engine: this.module, module, memory, stackBytes: HELPER_STACK_BYTES, failures: HELPER_FAILURES, fail: FAIL_HELPERS });
    });
  }
}

/** Engine module `module`, loaded the first time it is asked for (threaded where it can). */
export function loadEngine(module) {
  if (!engines.has(module)) {
    const loading = load(module);
    // A module that failed to load is tried again by the next request that needs it.
    loading.catch(() => engines.delete(module));
    engines.set(module, loading);
  }
  return engines.get(module);
}

async function load(module) {
  if (self.crossOriginIsolated === true) {
    try {
      // The wasm is asked for first, so it travels while the package's JavaScript loads.
      const source = wasmSource(module, true);
      source.catch(() => {});
      const candidate = await importPackage(module, true);
      await candidate.default(await source);
      if (candidate.threadsBuilt()) {
        const engine = new Engine(module, candidate, true);
        engine.startInBackground();
        return engine;
      }
    } catch (error) {
      console.warn(`pnplay: the threaded engine module ${module} did not load (${error?.message ?? error}); one thread`);
    }
  }
  const source = wasmSource(module, false);
  source.catch(() => {});
  const pkg = await importPackage(module, false);
  await pkg.default(await source);
  return new Engine(module, pkg, false);
}

/** Sets the threads of the games' own solvers (between 1 and the available ones) in
 * `engine` and every module loaded later; returns `engine`'s thread information. */
export function setThreads(engine, requested) {
  const available = engine.available();
  if (!Number.isInteger(requested) || requested < 1) throw new Error(`threads: a whole number from 1 to ${available}, not ${JSON.stringify(requested)}`);
  threads = Math.min(requested, available);
  engine.startInBackground();
  return engine.info();
}
