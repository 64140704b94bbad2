// @ts-check
// Looking back over a Flip Jungle game: the board after any earlier ply,
// chosen in the move list, on the review's graph, with the arrows beside the
// board or the arrow keys. It is drawn from the FEN the game lists with each
// ply, so a tile flipped later is face down there, as it was. Playing waits
// until the live position is shown again.
import { parseFlipFen } from './flip_fen.js';

/** @typedef {any} FlipGame */

/** The ply shown (null: the live position) and its game. @type {{ game: number, ply: number | null }} */
const viewed = { game: 0, ply: null };

/** The earlier ply shown of game `g`, or null when its live position is. @param {FlipGame} g */
export function viewedPly(g) {
  return viewed.ply !== null && viewed.game === g.id && viewed.ply < g.ply ? viewed.ply : null;
}

/** Shows the position after `ply` plies of `g` (its last: the live one). @param {FlipGame} g @param {number} ply */
export function viewPly(g, ply) {
  viewed.game = g.id;
  viewed.ply = ply >= g.ply ? null : Math.max(0, ply);
}

/** One ply back or on from what is shown. @param {FlipGame} g @param {number} delta */
export function stepView(g, delta) {
  viewPly(g, (viewedPly(g) ?? g.ply) + delta);
}

/**
 * The arrow keys step back and on, Home goes to the start, End back to the
 * game; whether `key` was one of them.
 * @param {FlipGame} g @param {string} key
 */
export function viewKey(g, key) {
  /** @type {Record<string, () => void>} */
  const keys = {
    ArrowLeft: () => stepView(g, -1),
    ArrowRight: () => stepView(g, 1),
    Home: () => viewPly(g, 0),
    End: () => viewPly(g, g.ply),
  };
  if (!keys[key]) return false;
  keys[key]();
  return true;
}

/**
 * The earlier position shown, as the board draws it: its squares, its pool,
 * and the ply that led to it; null while the live position is shown.
 * @param {FlipGame} g
 */
export function viewedPosition(g) {
  const ply = viewedPly(g);
  if (ply === null) return null;
  const fen = ply === 0 ? g.start_fen : g.moves[ply - 1].fen;
  return { ply, fen, last: ply > 0 ? g.moves[ply - 1] : null, ...parseFlipFen(fen) };
}

/**
 * The row under the move list: one ply back and on, which ply is shown, and
 * the way back to the game; the ply shown marked in the move list.
 * @param {{ prev: HTMLButtonElement, next: HTMLButtonElement, live: HTMLButtonElement, text: HTMLElement, moves: HTMLElement }} el
 * @param {FlipGame} g
 */
export function drawViewer(el, g) {
  const ply = viewedPly(g);
  el.moves.children[(ply ?? g.ply) - 1]?.classList.add('viewed');
  el.prev.disabled = (ply ?? g.ply) === 0;
  el.next.disabled = ply === null;
  el.live.hidden = ply === null;
  el.text.textContent = ply === null ? (g.ply > 0 ? `Ply ${g.ply}` : '') : `Ply ${ply} of ${g.ply}`;
}
