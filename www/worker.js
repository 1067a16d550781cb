// The engine's module Web Worker (SPEC.md §7). It loads the wasm package once and turns each
// request message into one engine call and one reply:
//   page → worker   {id, type, ...payload}
//   worker → page   {id, type: 'result', result} | {id, type: 'error', message}
// If the package cannot be loaded, the worker answers every request with an error and
// announces {type: 'fatal', message} once, so the page can show it.

import init, * as engine from './pkg/pnplay.js';

const handlers = {
  hello: () => engine.hello(),
};

let ready = init().then(
  () => null,
  (error) => {
    const message = `could not load the engine: ${error && error.message ? error.message : error}`;
    self.postMessage({ type: 'fatal', message });
    return message;
  },
);

self.onmessage = async (event) => {
  const { id, type } = event.data || {};
  const loadError = await ready;
  if (loadError) {
    self.postMessage({ id, type: 'error', message: loadError });
    return;
  }
  const handler = handlers[type];
  if (!handler) {
    self.postMessage({ id, type: 'error', message: `unknown request type ${JSON.stringify(type)}` });
    return;
  }
  try {
    self.postMessage({ id, type: 'result', result: handler(event.data) });
  } catch (error) {
    self.postMessage({ id, type: 'error', message: String(error && error.message ? error.message : error) });
  }
};
