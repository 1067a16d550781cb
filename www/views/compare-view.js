// What compare mode says about two searches' trees (issue 30): the nodes one search has
// expanded where the other's same node (same line of moves) is still a leaf, for each tree
// view to mark; and one line on where their last selections first parted — the node, the
// child each took, and that child's values as each search's selection saw them. Nodes are
// matched by their line of moves from the root, within what each snapshot includes.

import { valueText } from '../lib/values.js';

/** Every node of `snapshot`'s tree by its line of moves (`''` for the root). */
function byLine(snapshot) {
  const lines = new Map();
  const walk = (node, line) => {
    lines.set(line, node);
    for (const child of node.children) walk(child, `${line}/${child.move}`);
  };
  walk(snapshot.root, '');
  return lines;
}

/** The last path of `snapshot` as nodes, root first. */
function pathNodes(snapshot) {
  const byId = new Map();
  const walk = (node) => {
    byId.set(node.id, node);
    node.children.forEach(walk);
  };
  walk(snapshot.root);
  return snapshot.path.map((id) => byId.get(id)).filter(Boolean);
}

/**
 * For two reports `[a, b]` with snapshots: `{only: [idsA, idsB], line}` — in each tree, the
 * ids of the nodes it expanded that the other has as a leaf; and the sentence on where the
 * last selections first differ (null when the paths agree or a report has no snapshot).
 */
export function compareTrees([a, b]) {
  if (!a?.snapshot || !b?.snapshot) return { only: [new Set(), new Set()], line: null };
  const [linesA, linesB] = [byLine(a.snapshot), byLine(b.snapshot)];
  const onlyIn = (mine, theirs) => {
    const ids = new Set();
    for (const [line, node] of mine) {
      const other = theirs.get(line);
      if (node.child_count > 0 && other && other.child_count === 0) ids.add(node.id);
    }
    return ids;
  };
  return { only: [onlyIn(linesA, linesB), onlyIn(linesB, linesA)], line: firstDifference(a, b) };
}

/** Where the last iterations' selections first differ, in one sentence. */
function firstDifference(a, b) {
  const [pathA, pathB] = [pathNodes(a.snapshot), pathNodes(b.snapshot)];
  for (let depth = 1; depth < Math.max(pathA.length, pathB.length); depth++) {
    const [x, y] = [pathA[depth], pathB[depth]];
    if (x && y && x.move === y.move) continue;
    const at = depth === 1 ? 'the root' : pathA.slice(1, depth).map((n) => n.move).join(' ');
    const took = (report, node) =>
      node ? `${report.algo} selects ${node.move} (${valueText(node.before ?? node.values)})` : `${report.algo} expands ${at} itself`;
    return `Their selections first differ at ${at}: ${took(a, x)}, ${took(b, y)}. Glowing nodes: expanded by one search, still a leaf in the other’s tree.`;
  }
  return `Both selected the same path (${pathA.slice(1).map((n) => n.move).join(' ') || 'the root'}).`;
}
