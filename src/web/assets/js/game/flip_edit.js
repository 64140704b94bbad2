// @ts-check
// A Flip Jungle position set up by hand (the editor): tiles face up (an
// animal, whose) or face down, and the pool, the animals face down, which
// follows from the set's animals less those face up and those the player
// counts as taken. Pure, so that it is unit-tested without a page (tests/js).
import { parseFlipFen } from './flip.js';

/** @typedef {import('../api/api.js').Pool} Pool */
/** @typedef {Record<string, number>} Counts animals by FEN letter ("L" Blue's Lion, "l" Red's) */

const FILES = 'abcd';
// The order a FEN's pool lists them in (docs/records.md): rank order, Blue's first.
const RANK_ORDER = 'RCDWPTLE';

/** @param {Counts} counts @param {string} letter @param {number} n */
function add(counts, letter, n) {
  counts[letter] = (counts[letter] ?? 0) + n;
}

/** The pool as counts by FEN letter. @param {Pool} pool @returns {Counts} */
function poolCounts(pool) {
  /** @type {Counts} */
  const out = {};
  for (const [a, n] of Object.entries(pool.blue)) if (n) add(out, a, n);
  for (const [a, n] of Object.entries(pool.red)) if (n) add(out, a.toLowerCase(), n);
  return out;
}

/** The face-up animals of a board. @param {Record<string, string>} board @returns {Counts} */
function faceUp(board) {
  /** @type {Counts} */
  const out = {};
  for (const c of Object.values(board)) if (c !== '?') add(out, c, 1);
  return out;
}

/**
 * The animals of a set: those of its start position, face up or in its pool.
 * @param {string} startFen @returns {Counts}
 */
export function flipComposition(startFen) {
  const { board, pool } = parseFlipFen(startFen);
  const out = faceUp(board);
  for (const [letter, n] of Object.entries(poolCounts(pool))) add(out, letter, n);
  return out;
}

/**
 * The animals neither face up nor face down (taken): the set's less the
 * board's and the pool's.
 * @param {Counts} composition @param {Record<string, string>} board @param {Pool} pool @returns {Counts}
 */
export function takenAnimals(composition, board, pool) {
  const up = faceUp(board);
  const down = poolCounts(pool);
  /** @type {Counts} */
  const out = {};
  for (const [letter, n] of Object.entries(composition)) {
    const left = n - (up[letter] ?? 0) - (down[letter] ?? 0);
    if (left > 0) out[letter] = left;
  }
  return out;
}

/**
 * The pool that follows from the board: every animal of the set that is
 * neither face up nor taken.
 * @param {Counts} composition @param {Record<string, string>} board @param {Counts} taken @returns {Pool}
 */
export function poolFor(composition, board, taken) {
  const up = faceUp(board);
  /** @type {Pool} */
  const pool = { blue: {}, red: {} };
  for (const a of RANK_ORDER) {
    pool.blue[a] = Math.max(0, (composition[a] ?? 0) - (up[a] ?? 0) - (taken[a] ?? 0));
    const r = a.toLowerCase();
    pool.red[a] = Math.max(0, (composition[r] ?? 0) - (up[r] ?? 0) - (taken[r] ?? 0));
  }
  return pool;
}

/**
 * A flip FEN (docs/records.md, "Flip Jungle records and FEN"): the board
 * (rank 4 first, "?" face down), the side to move ("-" while chance has not
 * decided the colours), the pool (Blue's first, in rank order), no quiet
 * plies, move 1.
 * @param {Record<string, string>} board @param {'blue' | 'red' | null} side @param {Pool} pool
 */
export function buildFlipFen(board, side, pool) {
  const ranks = [];
  for (let rank = 4; rank >= 1; --rank) {
    let text = '';
    let empty = 0;
    for (const f of FILES) {
      const c = board[`${f}${rank}`];
      if (!c) {
        ++empty;
        continue;
      }
      if (empty) text += String(empty);
      empty = 0;
      text += c;
    }
    ranks.push(empty ? text + String(empty) : text);
  }
  let poolText = '';
  for (const a of RANK_ORDER) poolText += a.repeat(pool.blue[a] ?? 0);
  for (const a of RANK_ORDER) poolText += a.toLowerCase().repeat(pool.red[a] ?? 0);
  const sideText = side === 'blue' ? 'w' : side === 'red' ? 'b' : '-';
  return `${ranks.join('/')} ${sideText} ${poolText || '-'} 0 1`;
}

/** The number of face-down tiles. @param {Record<string, string>} board */
export const faceDownCount = (board) => Object.values(board).filter((c) => c === '?').length;
