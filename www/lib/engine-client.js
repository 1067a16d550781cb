// The page's side of the worker protocol (SPEC.md §7): requests with ids, answers as
// promises, and a worker that fails is reported and replaced (issue 34). A worker fails when
// its wasm instance traps (it answers `trapped`: a trap, a Rust panic, out of memory), when
// it raises an error or sends a message that cannot be read, or when it falls silent: it
// posts a beat every 250 ms between slices, so a worker that was terminated, closed itself
// or hangs is noticed after SILENT_MS without a sign of life (well within 2 s). A request
// the worker answers in one long call (a game of a match, a stages job: no beats meanwhile)
// has a deadline instead, LONG_CALL_MS unless the caller gives its own; a search that spends
// its whole time in one step (`timed`) says so first ({type: 'quiet', ms}); a helper thread
// of the threaded engine that fails says so on the worker's channel (`helper-failures`),
// since the worker may be blocked waiting for it. Every pending
// request is then rejected with an Error of kind `restarted` ("the engine was restarted:
// …") and a new worker is started; the `died` event lets the page restore its state.
//
// A page opened with `?test-hooks` opens its workers with it too, so the tests can force
// each failure (the worker's `testFault` request). The page's first client adopts the
// worker index.html started early (early-worker.js).

// `../lib/`: the same file from lib/ and from the bundle in app/ (scripts/bundle keeps it apart).
import { engineWorkerUrl, takeEarlyWorker } from '../lib/early-worker.js';

const MAX_RESTARTS_WITHOUT_ANSWER = 3;
/** How long a worker may stay silent (no beat, no answer) before it is replaced. */
const SILENT_MS = 1200;
/** How long a worker may take to load the engine and say anything at all. */
const STARTUP_MS = 30000;
/** The default deadline of a request answered in one long call. */
const LONG_CALL_MS = 15 * 60 * 1000;
const WATCH_EVERY_MS = 200;
/** Requests the worker answers in one call that may last long (no beats meanwhile). */
const LONG_CALLS = new Set(['arenaPlayGame', 'stagesRunJob', 'stagesJobCount', 'exact', 'exactScore', 'connect4EveryMove', 'hint', 'benchPlayouts', 'benchSearch', 'experiment2048', 'ppnHistory', 'play2048Game', 'play2048Tables', 'solve', 'readResults', 'live2048Step']);

export class EngineClient extends EventTarget {
  constructor(workerUrl = engineWorkerUrl()) {
    super();
    this.workerUrl = workerUrl;
    this.nextId = 1;
    this.pending = new Map();
    this.failuresInARow = 0;
    this.spawn();
    this.watchdog = setInterval(() => this.watch(), WATCH_EVERY_MS);
  }

  /** Starts a worker (or adopts the one the page started early, the first time). */
  spawn() {
    const early = this.worker === undefined ? takeEarlyWorker(this.workerUrl) : null;
    const worker = early?.worker ?? new Worker(this.workerUrl, { type: 'module' });
    this.worker = worker;
    this.spawnedAt = performance.now();
    this.lastHeard = null;
    this.quietUntil = 0;
    this.lastWatch = performance.now();
    // A replaced worker's late events change nothing.
    worker.onmessage = (event) => worker === this.worker && this.receive(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      if (worker === this.worker) this.die(event.message || 'the engine worker failed');
    };
    worker.onmessageerror = () => worker === this.worker && this.die('the engine sent a message that could not be read');
    if (early === null) return;
    for (const event of early.messages) worker.onmessage(event);
    if (early.failure !== null && worker === this.worker) this.die(early.failure);
  }

  receive(message) {
    this.lastHeard = performance.now();
    if (message.type === 'beat') return;
    if (message.type === 'quiet') {
      this.quietUntil = this.lastHeard + message.ms;
      return;
    }
    if (message.type === 'helper-failures') {
      this.listenToHelpers(message.channel);
      return;
    }
    if (message.type === 'fatal') {
      this.dispatchEvent(new CustomEvent('fatal', { detail: message.message }));
      return;
    }
    if (message.type === 'trapped') {
      this.die(`the engine failed (${message.message})`);
      return;
    }
    const waiter = this.pending.get(message.id);
    if (!waiter) return;
    this.failuresInARow = 0;
    if (message.type === 'progress') {
      waiter.onProgress?.(message);
      return;
    }
    this.pending.delete(message.id);
    if (message.type === 'result') waiter.resolve(message.result);
    else waiter.reject(Object.assign(new Error(message.message), { kind: message.kind ?? null, field: message.field ?? null, problems: message.problems ?? null }));
  }

  /**
   * Listens on the current worker's channel `name`, where its helper threads report a
   * failure (the worker may then be blocked for good in a long call, beyond the silence
   * check): such a report replaces the worker at once.
   */
  listenToHelpers(name) {
    this.stopListeningToHelpers();
    const worker = this.worker;
    this.helperFailures = new BroadcastChannel(name);
    this.helperFailures.onmessage = (event) => worker === this.worker && this.die(`a solver thread failed (${event.data})`);
  }

  /** Stops listening to the helpers of the worker being replaced or closed. */
  stopListeningToHelpers() {
    this.helperFailures?.close();
    this.helperFailures = null;
  }

  /**
   * Replaces the worker if it has fallen silent or a long call is past its deadline. A check
   * that itself ran late (the page's own thread was busy, so the worker's messages may still
   * be queued) decides nothing.
   */
  watch() {
    const now = performance.now();
    const late = now - this.lastWatch > 3 * WATCH_EVERY_MS;
    this.lastWatch = now;
    if (late || this.closed) return;
    const overdue = [...this.pending.values()].find((w) => w.deadline !== null && now > w.deadline);
    if (overdue) {
      this.die(`${overdue.type} did not answer within ${Math.round((overdue.deadline - overdue.sent) / 1000)} s`);
      return;
    }
    const inLongCall = [...this.pending.values()].some((w) => w.deadline !== null);
    if (inLongCall) return;
    if (this.lastHeard === null) {
      if (now - this.spawnedAt > STARTUP_MS) this.die(`the engine did not start within ${STARTUP_MS / 1000} s`);
    } else if (now - Math.max(this.lastHeard, this.quietUntil) > SILENT_MS) {
      this.die(`the engine stopped answering (no sign of life for ${((now - this.lastHeard) / 1000).toFixed(1)} s)`);
    }
  }

  /**
   * Sends one request; resolves with its result, rejects with an Error carrying the engine's
   * message, `kind` and `field` (the input that is wrong; `problems`: every one of a request
   * checked whole). `deadline`: milliseconds a long
   * call may take (LONG_CALL_MS by default for the requests of LONG_CALLS).
   */
  request(type, payload = {}, onProgress = null, { deadline = LONG_CALLS.has(type) ? LONG_CALL_MS : null } = {}) {
    const id = this.nextId++;
    if (this.closed) return Promise.reject(Object.assign(new Error('the engine worker is closed'), { kind: 'closed', field: null }));
    return new Promise((resolve, reject) => {
      const sent = performance.now();
      this.pending.set(id, { type, resolve, reject, onProgress, sent, deadline: deadline === null ? null : sent + deadline });
      this.worker.postMessage({ id, type, ...payload });
    });
  }

  /** Ends the worker for good (no replacement), rejecting what was pending. */
  close() {
    this.closed = true;
    clearInterval(this.watchdog);
    this.stopListeningToHelpers();
    this.worker.terminate();
    for (const waiter of this.pending.values()) waiter.reject(new Error('engine worker closed'));
    this.pending.clear();
  }

  /**
   * Ends the current worker (after a failure, or from a test), rejects what was pending and
   * starts a new one. A worker that keeps dying before it answers anything (say the engine
   * cannot load) is not restarted a fourth time: that is reported as fatal instead.
   */
  die(reason) {
    if (this.closed) return;
    this.stopListeningToHelpers();
    this.worker.terminate();
    for (const waiter of this.pending.values()) {
      waiter.reject(Object.assign(new Error(`the engine was restarted: ${reason}`), { kind: 'restarted', field: null }));
    }
    this.pending.clear();
    this.failuresInARow += 1;
    if (this.failuresInARow > MAX_RESTARTS_WITHOUT_ANSWER) {
      this.closed = true;
      clearInterval(this.watchdog);
      this.dispatchEvent(new CustomEvent('fatal', { detail: `the engine worker keeps failing: ${reason}` }));
      return;
    }
    this.spawn();
    this.dispatchEvent(new CustomEvent('died', { detail: reason }));
  }
}
