// A helper thread of the engine worker (issue 32; started by threads.js): the threaded
// package instantiated on the engine's module and shared memory, with a stack of its own,
// then the pools' threads one after another (`threadHelperRun`, src/core/threads.rs, which
// never returns). If it fails (a panic or trap on its thread: wasm aborts), it says so on
// the channel `failures` straight to the page, since the engine worker may be blocked
// waiting for this thread and would never hear it.

self.onmessage = async ({ data: { module, memory, stackBytes, failures } }) => {
  try {
    const pkg = await import('../pkg/threads/pnplay.js');
    await pkg.default({ module_or_path: module, memory, thread_stack_size: stackBytes });
    self.postMessage('ready');
    pkg.threadHelperRun();
  } catch (error) {
    const channel = new BroadcastChannel(failures);
    channel.postMessage(String(error?.message ?? error));
    channel.close();
    throw error;
  }
};
