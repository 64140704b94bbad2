// @ts-check
// The side lines in the move list: under the row of the move they replace,
// each line in parentheses, its own alternatives nested inside; every move
// a button (data-node) that shows its position. And the button that turns
// the position shown into a game against the engine.
import { $ } from '../util/dom.js';
import { exploring, lineCursor, lineTree } from '../state/explore.js';
import { allows, fenAt } from '../game/game.js';
import { moveNumber } from '../game/line_tree.js';
import { state } from '../state/state.js';

/** @typedef {import('../api/api.js').Game} Game */
/** @typedef {import('../game/line_tree.js').LineNode} LineNode */

/**
 * The lines that leave the game before any of `plies` (the moves of one
 * row of the list), as list items to follow that row.
 * @param {Game} g @param {number[]} plies
 */
export function variationRows(g, plies) {
  const tree = lineTree();
  const rows = [];
  for (const ply of plies) {
    for (const first of tree.next(null, ply - 1)) {
      const li = document.createElement('li');
      li.className = 'variation';
      li.appendChild(lineElement(g, first));
      rows.push(li);
    }
  }
  return rows;
}

/** One line from `first` on, in parentheses. @param {Game} g @param {LineNode} first */
function lineElement(g, first) {
  const span = document.createElement('span');
  span.className = 'line';
  span.append('(');
  const shown = lineCursor();
  let numbered = false;
  for (let n = /** @type {LineNode | undefined} */ (first); n; n = n.children[0]) {
    const before = n.parent ? n.parent.fen : fenAt(g, n.branch);
    if (!numbered || n.side === 'blue') {
      const num = document.createElement('span');
      num.className = 'num';
      num.textContent = moveNumber(before);
      span.appendChild(num);
    }
    numbered = true;
    const b = document.createElement('button');
    b.type = 'button';
    b.className = `mv ${n.side}${n.captured ? ' capture' : ''}`;
    b.dataset.node = String(n.id);
    b.textContent = n.move;
    if (n === shown) b.setAttribute('aria-current', 'true');
    span.appendChild(b);
    // The other moves from the same position, nested after the first.
    const siblings = n.parent ? n.parent.children : [];
    if (siblings[0] === n) {
      for (const other of siblings.slice(1)) {
        span.appendChild(lineElement(g, other));
        numbered = false;
      }
    }
  }
  span.append(')');
  return span;
}

/**
 * After the other controls: on a side line the hint (which asks about the
 * game's positions) is off, and ▶ goes on along the line.
 * @param {Game} g
 */
export function renderLineControls(g) {
  const line = lineCursor();
  const over = line ? line.over : state.view === g.ply && g.status === 'over';
  // Playing on from any position viewed is setting one up: where the game allows it.
  $('btn-continue', HTMLButtonElement).hidden = !exploring() || over || !allows(g, 'editor');
  if (!line) return;
  $('btn-hint', HTMLButtonElement).disabled = true;
  $('nav-next', HTMLButtonElement).disabled = line.children.length === 0;
  $('nav-prev', HTMLButtonElement).disabled = false;
}

/**
 * Calls `onSelect` with the id of a side line's move clicked in the list.
 * @param {(id: number) => void} onSelect
 */
export function wireLineList(onSelect) {
  $('moves').addEventListener('click', (e) => {
    const b = e.target instanceof Element ? e.target.closest('button.mv[data-node]') : null;
    if (b instanceof HTMLButtonElement) onSelect(Number(b.dataset.node));
  });
}
