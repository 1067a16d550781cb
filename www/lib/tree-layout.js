// What of an engine snapshot the tree view draws, so that it stays readable at any size: the
// snapshot (src/search/view.rs: the top levels, the last most-proving-node path with every
// child of its nodes, and the line to a pinned node) is cut down to
//   - the children of *open* nodes only: the root, the first `openLevels` levels, the nodes on
//     the most-proving path and on the pinned node's line;
//   - at most MAX_CHILDREN children of each open node — those on the path or the pinned line
//     first, then the rest in move order — and, for the others, one "+N more" node, which the
//     user can click to show them all (`showAll`);
// so a node keeps a legible width however many children the position has (Gomoku's 225, an
// Othello root's 10 after 500 iterations). Closed nodes with children say how many.
//
// Pure functions: no DOM, so the rules can be tested and reused (export).

export const MAX_CHILDREN = 8;

/** The ids of the nodes from the root down to node `id` in a snapshot tree, or [] if absent. */
export function lineTo(root, id) {
  if (id === null || id === undefined) return [];
  const stack = [[root, [root.id]]];
  while (stack.length) {
    const [node, line] = stack.pop();
    if (node.id === id) return line;
    for (const child of node.children) stack.push([child, [...line, child.id]]);
  }
  return [];
}

/**
 * The drawn tree: nodes `{...snapshotNode, children, hidden: n}` plus synthetic
 * `{more: n, parent: id, id: 'more-<parent>'}` nodes. `options`: {openLevels, pinned,
 * showAll: Set of node ids whose children are all shown, path: Set of node ids}.
 */
export function displayTree(root, { openLevels = 1, pinned = null, showAll = new Set(), path = new Set() } = {}) {
  const kept = new Set([...path, ...lineTo(root, pinned)]);
  const visit = (node, depth) => {
    const open = depth < openLevels || kept.has(node.id);
    const drawn = { ...node, children: [], collapsed: 0 };
    if (!open) {
      drawn.collapsed = node.child_count;
      return drawn;
    }
    let children = node.children;
    if (!showAll.has(node.id) && children.length > MAX_CHILDREN) {
      const important = children.filter((c) => kept.has(c.id));
      const others = children.filter((c) => !kept.has(c.id)).slice(0, Math.max(0, MAX_CHILDREN - important.length));
      const chosen = new Set([...important, ...others]);
      children = children.filter((c) => chosen.has(c));
    }
    drawn.children = children.map((child) => visit(child, depth + 1));
    const hidden = node.child_count - children.length;
    if (hidden > 0) drawn.children.push({ id: `more-${node.id}`, more: hidden, parent: node.id, children: [] });
    return drawn;
  };
  return visit(root, 0);
}

/** A node's values as a short label ("3/5", "0.8123"); `before`: as the selection saw them. */
export function valueLabel(node, before = false) {
  const values = before && node.before ? node.before : node.values;
  // Without the numbers' names: "pn 3 / dn 5" → "3/5", "ppn 0.8123" → "0.8123".
  return (values?.text ?? '').replace(/\b[a-z_]+ (?=[-\d∞])/g, '').replace(' / ', '/');
}
