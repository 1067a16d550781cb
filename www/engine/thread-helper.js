// A helper thread of the engine worker (issue 32; started by threads.js): the threaded
// package of engine module `engine` instantiated on its compiled module and shared memory,
// with a stack of its own, then the pools' threads one after another (`threadHelperRun`, src/core/threads.rs, which
// never returns). If it cannot start, it tells the engine worker (`{failed}`), which goes on
// with the helpers it has: no pool thread was handed to this one, so nothing waits for it.
// If it fails while running (a panic or trap on its thread: wasm aborts), it says so on the
// channel `failures` straight to the page, since the engine worker may be blocked waiting
// for this thread and would never hear it.

import { importPackage } from './wasm-source.js';

self.onmessage = async ({ data: { engine, module, memory, stackBytes, failures, fail } }) => {
  let pkg;
  try {
    if (fail) throw new Error('forced by the test hook helper-fail');
    pkg = await importPackage(engine, true);
    await pkg.default({ module_or_path: module, memory, thread_stack_size: stackBytes });
  } catch (error) {
    self.postMessage({ failed: String(error?.message ?? error) });
    self.close();
    return;
  }
  self.postMessage('ready');
  try {
    pkg.threadHelperRun();
  } catch (error) {
    const channel = new BroadcastChannel(failures);
    channel.postMessage(String(error?.message ?? error));
    channel.close();
    throw error;
  }
};
