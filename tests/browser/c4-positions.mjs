// Random Connect Four positions as the issue 32 tests draw them: a ply count drawn among
// `plies`, then uniformly random moves (a game that ends is drawn again), seeded. Used by
// tests/browser/c4-book.test.mjs and scripts/c4-moves-times.mjs, so the native times the script
// measures are of the positions the page's test draws.

/** Whether the stone just dropped at (`col`, `row`) of `grid` (columns of owners) makes four. */
function fours(grid, col, row) {
  const owner = grid[col][row];
  const at = (c, r) => grid[c]?.[r];
  return [[1, 0], [0, 1], [1, 1], [1, -1]].some(([dc, dr]) => {
    let run = 1;
    for (const sign of [1, -1]) {
      for (let k = 1; at(col + sign * k * dc, row + sign * k * dr) === owner; k++) run++;
    }
    return run >= 4;
  });
}

/** `count` random positions of as many plies as one of `plies`, seeded (a game that ends is redrawn). */
export function randomPositions(count, seed, plies) {
  let state = seed >>> 0;
  const next = (n) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
  const positions = [];
  while (positions.length < count) {
    const length = plies[next(plies.length)];
    const grid = Array.from({ length: 7 }, () => []);
    let text = '';
    let over = false;
    for (let i = 0; i < length && !over; i++) {
      const open = [...Array(7).keys()].filter((c) => grid[c].length < 6);
      const col = open[next(open.length)];
      grid[col].push(i % 2);
      over = fours(grid, col, grid[col].length - 1);
      text += String(col + 1);
    }
    if (!over) positions.push(text);
  }
  return positions;
}
