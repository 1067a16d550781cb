// The page's side of the worker protocol (SPEC.md §7): requests with ids, answers as
// promises, and a worker that dies is reported and replaced.

const MAX_RESTARTS_WITHOUT_ANSWER = 3;

export class EngineClient extends EventTarget {
  constructor(workerUrl = new URL('./worker.js', import.meta.url)) {
    super();
    this.workerUrl = workerUrl;
    this.nextId = 1;
    this.pending = new Map();
    this.failuresInARow = 0;
    this.spawn();
  }

  spawn() {
    this.worker = new Worker(this.workerUrl, { type: 'module' });
    this.worker.onmessage = (event) => this.receive(event.data);
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.die(event.message || 'the engine worker failed to start');
    };
    this.worker.onmessageerror = () => this.die('the engine sent a message that could not be read');
  }

  receive(message) {
    if (message.type === 'fatal') {
      this.dispatchEvent(new CustomEvent('fatal', { detail: message.message }));
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
    else waiter.reject(Object.assign(new Error(message.message), { kind: message.kind ?? null, field: message.field ?? null }));
  }

  /**
   * Sends one request; resolves with its result, rejects with an Error carrying the engine's
   * message, `kind` and `field` (the input that is wrong).
   */
  request(type, payload = {}, onProgress = null) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onProgress });
      this.worker.postMessage({ id, type, ...payload });
    });
  }

  /** Ends the worker for good (no replacement), rejecting what was pending. */
  close() {
    this.closed = true;
    this.worker.terminate();
    for (const waiter of this.pending.values()) waiter.reject(new Error('engine worker closed'));
    this.pending.clear();
  }

  /**
   * Ends the current worker (after a crash, or from a test), rejects what was pending and
   * starts a new one. A worker that keeps dying before it answers anything (say the engine
   * cannot load) is not restarted a fourth time: that is reported as fatal instead.
   */
  die(reason) {
    if (this.closed) return;
    this.worker.terminate();
    for (const waiter of this.pending.values()) waiter.reject(new Error(`engine worker died: ${reason}`));
    this.pending.clear();
    this.failuresInARow += 1;
    if (this.failuresInARow > MAX_RESTARTS_WITHOUT_ANSWER) {
      this.dispatchEvent(new CustomEvent('fatal', { detail: `the engine worker keeps failing: ${reason}` }));
      return;
    }
    this.spawn();
    this.dispatchEvent(new CustomEvent('died', { detail: reason }));
  }
}
