// The page's engine worker, started as soon as the page begins to load (issue 32: the engine
// ready sooner). index.html loads this module on its own (async, no imports), so the worker
// fetches and compiles the wasm while the page's other modules load instead of after them;
// the page's first EngineClient adopts it (`takeEarlyWorker`) with whatever it sent or
// raised meanwhile. Every other client (the Stages and Arena pools, a replacement after a
// failure) starts its own worker.

const PAGE_QUERY = new URLSearchParams(globalThis.location?.search ?? '');
const TEST_HOOKS = PAGE_QUERY.has('test-hooks');
/** The game of the link the page opened with (its `g`), if any. */
const PAGE_GAME = new URLSearchParams(globalThis.location?.hash?.slice(1) ?? '').get('g');

/** The engine worker's URL (opened with `test-hooks` when the page is, and with
 * `helper-fail`, whose helper threads then fail to start, when the page has both); `threads`
 * caps the threads its engine may run (a pool's workers: one each, pool.js); `game`, the game
 * the page opened with, tells it which of the engine's modules to load first. */
export function engineWorkerUrl({ threads = null } = {}) {
  const url = new URL('../engine/worker.js', import.meta.url);
  if (PAGE_GAME) url.searchParams.set('game', PAGE_GAME);
  if (TEST_HOOKS) url.searchParams.set('test-hooks', '1');
  if (TEST_HOOKS && PAGE_QUERY.has('helper-fail')) url.searchParams.set('helper-fail', '1');
  if (threads !== null) url.searchParams.set('threads', String(threads));
  return url;
}

let early = null;
if (typeof Worker === 'function' && globalThis.document) {
  const url = engineWorkerUrl();
  const worker = new Worker(url, { type: 'module' });
  early = { worker, url: url.href, messages: [], failure: null };
  worker.onmessage = (event) => early?.messages.push(event);
  worker.onerror = (event) => {
    event.preventDefault();
    if (early) early.failure ??= event.message || 'the engine worker failed';
  };
  worker.onmessageerror = () => {
    if (early) early.failure ??= 'the engine sent a message that could not be read';
  };
}

/**
 * The worker started early for `url`, once: `{worker, messages, failure}` (the message
 * events it posted and the first failure it met before being taken), or null.
 */
export function takeEarlyWorker(url) {
  const taken = early;
  if (taken === null || taken.url !== new URL(url).href) return null;
  early = null;
  return taken;
}
