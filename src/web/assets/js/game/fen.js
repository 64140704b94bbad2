// @ts-check
// Board geometry and FEN reading/writing for drawing; the server decides legality.

// The board's shape comes from the rule set (the API's variant.board): the
// page draws one rule set at a time and sets it with setShape before
// reading or drawing a position. Live bindings: importers see the change.
export let FILES = 7;
export let RANKS = 9;
export let SQUARES = FILES * RANKS;
const FILE_NAMES = 'abcdefghijklmnopqrstuvwxyz';

/** @param {{ files: number, ranks: number } | undefined} board the variant's board; 7x9 without one */
export function setShape(board) {
  FILES = board?.files || 7;
  RANKS = board?.ranks || 9;
  SQUARES = FILES * RANKS;
}

/** @typedef {import('../api/api.js').Side} Side */
/**
 * A piece on the board: its side and animal letter (upper case), or "?" for
 * a piece whose animal is hidden from the reader.
 * @typedef {{ side: Side, letter: string }} Piece
 */
/** @typedef {{ board: Array<Piece | null>, side: Side }} Position */

/** A file's letter, "a" for file 0. @param {number} file */
export const fileName = (file) => FILE_NAMES[file];
// Square index = rank * FILES + file, a1 = 0 (g9 = 62 on 7x9), as the engine numbers them.
/** @param {number} sq */
export const squareName = (sq) => fileName(sq % FILES) + String(Math.floor(sq / FILES) + 1);
/** @param {number} sq */
export const fileOf = (sq) => sq % FILES;
/** @param {number} sq */
export const rankOf = (sq) => Math.floor(sq / FILES);

/** @param {unknown} name @returns {number} the square, -1 if `name` is none */
export function parseSquare(name) {
  if (typeof name !== 'string' || !/^[a-z][1-9][0-9]?$/.test(name)) return -1;
  const f = FILE_NAMES.indexOf(name[0]);
  const r = Number(name.slice(1)) - 1;
  return f >= FILES || !(r >= 0 && r < RANKS) ? -1 : r * FILES + f;
}

/** "a3a4", or "a10a11" on a board of ten ranks or more. @param {string} text */
export const parseMove = (text) => {
  const split = text.slice(1).search(/[a-z]/) + 1;
  return { from: parseSquare(text.slice(0, split)), to: parseSquare(text.slice(split)) };
};

export const LETTERS = 'ELTPWDCR';
/** The letter of a piece whose animal is not known (a view FEN's X or x). */
export const UNKNOWN = '?';

// { board: Array(63) of null | { side: 'blue'|'red', letter: 'E' }, side: 'blue'|'red' }.
// Lenient: the page only draws what the server sent or the editor built.
/** @param {string} fen @returns {Position} */
export function parseFen(fen) {
  /** @type {Array<Piece | null>} */
  const board = new Array(SQUARES).fill(null);
  const [placement = '', side = 'w'] = String(fen).trim().split(/\s+/);
  const rows = placement.split('/');
  rows.slice(0, RANKS).forEach((row, i) => {
    const rank = RANKS - 1 - i;
    let file = 0;
    for (const ch of row) {
      if (/[1-9]/.test(ch)) {
        file += Number(ch);
        continue;
      }
      const upper = ch.toUpperCase();
      if (file < FILES && LETTERS.includes(upper)) {
        board[rank * FILES + file] = { side: ch === upper ? 'blue' : 'red', letter: upper };
      } else if (file < FILES && upper === 'X') {
        // A hidden-pieces view: a piece whose animal its reader was not shown.
        board[rank * FILES + file] = { side: ch === upper ? 'blue' : 'red', letter: UNKNOWN };
      }
      file += 1;
    }
  });
  return { board, side: side === 'b' ? 'red' : 'blue' };
}

// A run of empty squares as the engine writes it: nines, then the rest ("91" for ten).
/** @param {number} n */
const nines = (n) => '9'.repeat(Math.floor((n - 1) / 9)) + String(n - 9 * Math.floor((n - 1) / 9));

/** @param {Array<Piece | null>} board @param {Side} side */
export function buildFen(board, side) {
  const rows = [];
  for (let rank = RANKS - 1; rank >= 0; rank -= 1) {
    let row = '';
    let empty = 0;
    for (let file = 0; file < FILES; file += 1) {
      const p = board[rank * FILES + file];
      if (!p) {
        empty += 1;
        continue;
      }
      if (empty) {
        row += nines(empty);
        empty = 0;
      }
      const letter = p.letter === UNKNOWN ? 'X' : p.letter;
      row += p.side === 'blue' ? letter : letter.toLowerCase();
    }
    if (empty) row += nines(empty);
    rows.push(row);
  }
  return `${rows.join('/')} ${side === 'red' ? 'b' : 'w'} 0 1`;
}
