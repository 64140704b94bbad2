// @ts-check
// The analysis board's side lines as a tree: lines branch from a ply of the
// game (the position after that many moves) or from a move of another line.
// Pure, so that it is unit-tested without a page (tests/js).

/** @typedef {import('../api/api.js').Side} Side */
/**
 * One move of a side line and the position it leads to: `legal` the moves
 * there, `over` whether the game is decided there, `branch` the game's ply
 * the line leaves from; a flip's `action` ("b2?") and the animal its
 * explorer chose it to reveal (`revealed`, "L"), where chance acts.
 * @typedef {{ id: number, move: string, side: Side, piece: string, captured: string | null,
 *             fen: string, legal: string[], over: boolean, branch: number,
 *             action?: string, revealed?: string,
 *             parent: LineNode | null, children: LineNode[] }} LineNode
 */
/** @typedef {Omit<LineNode, 'id' | 'parent' | 'children' | 'branch'>} LineMove */

export class LineTree {
  constructor() {
    /** @type {Map<number, LineNode[]>} lines leaving the game after each ply */
    this.branches = new Map();
    this.nextId = 1;
  }

  clear() {
    this.branches.clear();
  }

  /**
   * The lines that go on from `parent`, or leave the game at ply `branch`.
   * @param {LineNode | null} parent @param {number} branch
   */
  next(parent, branch) {
    return parent ? parent.children : (this.branches.get(branch) ?? []);
  }

  /**
   * The move `move` from there, added unless the tree has it already.
   * @param {LineNode | null} parent @param {number} branch @param {LineMove} move
   * @returns {LineNode}
   */
  add(parent, branch, move) {
    const known = this.next(parent, branch).find((n) => n.move === move.move);
    if (known) return known;
    /** @type {LineNode} */
    const node = { ...move, id: this.nextId++, parent, children: [], branch: parent ? parent.branch : branch };
    if (parent) parent.children.push(node);
    else this.branches.set(branch, [...(this.branches.get(branch) ?? []), node]);
    return node;
  }

  /** @param {number} id @returns {LineNode | null} */
  byId(id) {
    /** @param {LineNode[]} nodes @returns {LineNode | null} */
    const search = (nodes) => {
      for (const n of nodes) {
        if (n.id === id) return n;
        const found = search(n.children);
        if (found) return found;
      }
      return null;
    };
    for (const nodes of this.branches.values()) {
      const found = search(nodes);
      if (found) return found;
    }
    return null;
  }

  /**
   * Drops the lines that leave the game after `plies` moves or later: after
   * a take-back, another move may lead to those plies.
   * @param {number} plies
   */
  pruneFrom(plies) {
    for (const ply of [...this.branches.keys()]) if (ply >= plies) this.branches.delete(ply);
  }
}

/** The moves from where the line leaves the game to `node`. @param {LineNode} node */
export function pathTo(node) {
  /** @type {LineNode[]} */
  const path = [];
  for (let n = /** @type {LineNode | null} */ (node); n; n = n.parent) path.unshift(n);
  return path;
}

/**
 * The number a move from position `fen` is written with: "3." for Blue's,
 * "3…" for Red's (written only where a line starts or after a break).
 * @param {string} fen
 */
export function moveNumber(fen) {
  const fields = fen.split(/\s+/);
  const number = Number(fields[3]) || 1;
  return fields[1] === 'b' ? `${number}…` : `${number}.`;
}
