// @ts-check
// How each animal is drawn: a Chinese character (as outlines, so no CJK font
// is needed), a letter, or an icon; always with its rank for the rule set.
import { GLYPHS, GLYPH_EM } from './glyphs.js';

/** @typedef {import('./fen.js').Piece} Piece */
/** @typedef {'glyph' | 'letter' | 'icon'} PieceStyle */

/** @type {readonly PieceStyle[]} */
const PIECE_STYLES = ['glyph', 'letter', 'icon'];

/**
 * The style a stored choice or a button names, else the characters.
 * @param {unknown} name
 * @returns {PieceStyle}
 */
export const pieceStyle = (name) => PIECE_STYLES.find((s) => s === name) ?? 'glyph';

/** @type {Record<string, { name: string, zh: string, icon: string }>} */
export const ANIMALS = {
  E: { name: 'Elephant', zh: '象', icon: '🐘' },
  L: { name: 'Lion', zh: '狮', icon: '🦁' },
  T: { name: 'Tiger', zh: '虎', icon: '🐯' },
  P: { name: 'Leopard', zh: '豹', icon: '🐆' },
  W: { name: 'Wolf', zh: '狼', icon: '🐺' },
  D: { name: 'Dog', zh: '狗', icon: '🐶' },
  C: { name: 'Cat', zh: '猫', icon: '🐱' },
  R: { name: 'Rat', zh: '鼠', icon: '🐭' },
};

const NS = 'http://www.w3.org/2000/svg';

/**
 * @param {string} tag
 * @param {Record<string, string | number>} [attrs]
 * @param {Element | null} [parent]
 * @returns {SVGElement}
 */
export function svg(tag, attrs = {}, parent = null) {
  const el = /** @type {SVGElement} */ (document.createElementNS(NS, tag));
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (parent) parent.appendChild(el);
  return el;
}

// A regular octagon of circumradius r, flat sides up: Red's token shape, so
// that the sides differ by outline as well as by colour.
/** @param {number} r */
function octagon(r) {
  const pts = [];
  for (let i = 0; i < 8; i += 1) {
    const a = (Math.PI / 8) * (2 * i + 1);
    pts.push(`${(r * Math.cos(a)).toFixed(2)},${(r * Math.sin(a)).toFixed(2)}`);
  }
  return pts.join(' ');
}

/**
 * @param {string} ch a character of GLYPHS
 * @param {number} size
 * @param {Element} parent
 * @param {Record<string, string>} [attrs]
 */
export function glyphPath(ch, size, parent, attrs = {}) {
  const s = size / GLYPH_EM;
  return svg(
    'path',
    { d: GLYPHS[ch], transform: `translate(${-size / 2} ${-size / 2}) scale(${s})`, ...attrs },
    parent,
  );
}

// Draws a token centred on (0, 0) for a square of side 100.
/**
 * `weakened`: the piece stands on a trap that weakens it, so any enemy may
 * take it; its badge then shows 0 and its label says why. `hidden` (or a
 * piece whose letter is "?") draws it face down; `note` is added to its
 * label ("can be a Dog or Wolf").
 * @param {Piece} piece
 * @param {{ style?: PieceStyle, ranks?: Record<string, number> | null, hidden?: boolean,
 *           weakened?: boolean, note?: string }} [options]
 */
export function drawPiece(piece, { style = 'glyph', ranks = null, hidden = false, weakened = false, note = '' } = {}) {
  const blue = piece.side === 'blue';
  const animal = ANIMALS[piece.letter];
  // A piece whose animal the reader was not shown is drawn face down.
  if (!animal) hidden = true;
  const g = svg('g', { class: `piece ${piece.side}${hidden ? ' face-down' : ''}` });
  const title = svg('title', {}, g);
  const rank = ranks && animal ? ranks[piece.letter] : null;
  title.textContent =
    (hidden
      ? `${blue ? 'Blue' : 'Red'} piece`
      : `${blue ? 'Blue' : 'Red'} ${animal.name}${
          rank == null ? '' : weakened ? ` (rank ${rank}, 0 on this trap)` : ` (rank ${rank})`
        }`) + (note ? `, ${note}` : '');
  svg('ellipse', { class: 'shadow', cx: 2, cy: 6, rx: 40, ry: 38 }, g);
  if (blue) {
    svg('circle', { class: 'token', r: 41 }, g);
    svg('circle', { class: 'token-ring', r: 34 }, g);
  } else {
    svg('polygon', { class: 'token', points: octagon(43) }, g);
    svg('polygon', { class: 'token-ring', points: octagon(35) }, g);
  }
  if (hidden) {
    svg('text', { class: 'face letter', y: 15 }, g).textContent = '?';
    return g;
  }
  if (style === 'letter') {
    svg('text', { class: 'face letter', y: 14 }, g).textContent = piece.letter;
  } else if (style === 'icon') {
    svg('text', { class: 'face icon', y: 12 }, g).textContent = animal.icon;
  } else {
    glyphPath(animal.zh, 46, g, { class: 'face glyph' });
  }
  if (rank != null) {
    const badge = svg('g', { class: weakened ? 'rank weakened' : 'rank', transform: 'translate(27 27)' }, g);
    svg('circle', { r: 13 }, badge);
    svg('text', { y: 5.5 }, badge).textContent = String(weakened ? 0 : rank);
  }
  return g;
}
