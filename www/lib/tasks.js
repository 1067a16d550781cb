// Keeping the page's main thread free (issue 34: no task over 50 ms): a piece of work that
// would make one task too long is cut at `nextTask()`, so the browser can draw and answer a
// click in between.

/** Resolves in a task of its own (after what the browser has queued meanwhile). */
export function nextTask() {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
