// The timeline's checkpoints (issue 30), kept in the engine's worker: copies of each running
// search (`SearchSession.fork()`) taken every `spacing` iterations as it advances, so a jump
// to any iteration reached starts from the nearest copy at or before it and steps the few
// iterations left, instead of running the search again from the start. The copies are
// bounded in memory: when the nodes they hold in all pass CHECKPOINT_NODES, every other one
// is dropped and the spacing doubles. A search that cannot be copied (df-pn, alpha-beta)
// has only its start, which is started again — the searches are deterministic: same
// position, parameters and seed, same iterations, same tree.

/** Iterations between two checkpoints at first (doubled whenever the copies take too much). */
const FIRST_SPACING = 500;
/** The most nodes all checkpoints of all searches may hold together (~100 MB of PNS nodes). */
const CHECKPOINT_NODES = 4_000_000;

export class Checkpoints {
  /**
   * `open(index)`: a fresh session of search `index` on the started position with the
   * started parameters; `count`: how many searches were started.
   */
  constructor(open, count) {
    this.open = open;
    this.spacing = FIRST_SPACING;
    // Per search: its copies in increasing iteration order.
    this.copies = Array.from({ length: count }, () => []);
  }

  /** Frees every copy. */
  drop() {
    for (const list of this.copies) for (const copy of list) copy.session.free();
    this.copies = this.copies.map(() => []);
  }

  /** The nodes all copies hold. */
  nodes() {
    return this.copies.flat().reduce((sum, copy) => sum + copy.nodes, 0);
  }

  /** Takes a copy of each session that has gone `spacing` iterations past its last copy. */
  record(sessions) {
    sessions.forEach((session, index) => {
      const list = this.copies[index];
      const last = list.length ? list[list.length - 1].iteration : 0;
      if (session.iterations - last < this.spacing) return;
      const copy = session.fork();
      if (!copy) return; // a search that cannot be copied: its start is opened again
      list.push({ iteration: copy.iterations, nodes: copy.nodes, session: copy });
    });
    while (this.nodes() > CHECKPOINT_NODES && this.copies.some((list) => list.length > 1)) this.thin();
  }

  /** Drops every other copy (keeping the latest) and doubles the spacing. */
  thin() {
    this.spacing *= 2;
    this.copies = this.copies.map((list) =>
      list.filter((copy, i) => {
        // The copies are about `spacing / 2` apart: every second one is kept.
        const keep = i % 2 === 1 || i === list.length - 1;
        if (!keep) copy.session.free();
        return keep;
      }),
    );
  }

  /**
   * Session `index` (now `current`) at iteration `target` (or where it finished, if
   * earlier): `current` stepped on if it is before `target` and no copy is nearer, else a
   * copy of the nearest checkpoint before `target` (or a fresh start) stepped to it.
   * Strictly before: a session taken or left at the end of a time slice may hold the next
   * iteration half done (an expansion cut by the slice's deadline), which only stepping on
   * finishes — so the session shown has always just done iteration `target`, exactly as a
   * run of `target` iterations leaves it. Returns the session to keep; `current` is freed
   * if it is not that one.
   */
  seek(index, current, target) {
    const list = this.copies[index];
    let from = null;
    for (const copy of list) if (copy.iteration < target) from = copy;
    const fromIteration = from ? from.iteration : 0;
    let session = current;
    if (!(current.iterations < target && current.iterations >= fromIteration)) {
      session = from ? from.session.fork() : this.open(index);
      session.timed = current.timed;
      current.free();
    }
    const left = target - session.iterations;
    if (left > 0 && !session.finished) session.step(left, 1e9);
    return session;
  }
}
