// A helper thread of the engine worker (issue 32; started by threads.js): the threaded
// package instantiated on the engine's module and shared memory, with a stack of its own,
// then the pools' threads one after another (`threadHelperRun`, src/core/threads.rs, which
// never returns).

self.onmessage = async ({ data: { module, memory, stackBytes } }) => {
  const pkg = await import('../pkg/threads/pnplay.js');
  await pkg.default({ module_or_path: module, memory, thread_stack_size: stackBytes });
  self.postMessage('ready');
  pkg.threadHelperRun();
};
