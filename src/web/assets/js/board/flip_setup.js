// @ts-check
// The editor's board where chance acts (Flip Jungle): a 4x4 board of tiles
// face up (an animal, whose) or face down, and the pool of animals face
// down, which follows from the board (the set's animals less those face up
// and those counted as taken; a click on an animal of the pool counts one
// more or one less as taken). The set-up editor (setup.js) shows it in its
// board's place when the rule set's capabilities say chance acts.
import { drawFlipBoard, drawPool } from './flip_board.js';
import { parseFlipFen } from '../game/flip.js';
import { buildFlipFen, faceDownCount, flipComposition, poolFor, takenAnimals } from '../game/flip_edit.js';

/** @typedef {import('../game/fen.js').Piece} Piece */
/** @typedef {import('../game/flip_edit.js').Counts} Counts */

/** The palette's tool that lays a tile face down. */
export const FACE_DOWN = '?';

export class FlipSetup {
  /**
   * @param {{ board: HTMLElement, pool: HTMLElement, onChange: () => void }} options
   *   where to draw, and what to do after each edit
   */
  constructor({ board, pool, onChange }) {
    this.boardEl = board;
    this.poolEl = pool;
    this.onChange = onChange;
    /** @type {Record<string, string>} */
    this.board = {};
    /** @type {'blue' | 'red' | null} */
    this.side = 'blue';
    /** @type {Counts} */
    this.composition = {};
    /** @type {Counts} */
    this.taken = {};
    board.addEventListener('click', (e) => {
      const cell = e.target instanceof Element ? e.target.closest('.flip-cell') : null;
      if (cell instanceof HTMLElement && cell.dataset.square) this.onSquare?.(cell.dataset.square);
    });
    pool.addEventListener('click', (e) => {
      const td = e.target instanceof Element ? e.target.closest('td[data-animal]') : null;
      if (td instanceof HTMLElement && td.dataset.animal) this.toggleTaken(td.dataset.animal);
    });
    /** @type {((square: string) => void) | null} what a click on a square does (the editor's tool) */
    this.onSquare = null;
  }

  /**
   * Shows `fen` of a set whose start is `startFen`; throws where the FEN
   * does not read (the server's check says what is wrong with one that does).
   * @param {string} fen @param {string} startFen
   */
  load(fen, startFen) {
    const { board, pool } = parseFlipFen(fen);
    this.composition = flipComposition(startFen);
    this.board = { ...board };
    this.taken = takenAnimals(this.composition, board, pool);
    const side = fen.trim().split(/\s+/)[1];
    this.side = side === 'w' ? 'blue' : side === 'b' ? 'red' : null;
  }

  /** An empty board: every animal of the set taken. */
  clear() {
    this.board = {};
    this.taken = { ...this.composition };
    if (!this.side) this.side = 'blue';
  }

  /**
   * A square clicked with `tool` (an animal, FACE_DOWN, or null: the
   * eraser): the same content again lifts it; an animal of which the set
   * has no more is moved from where it lay. An animal face up that leaves
   * the board counts as taken.
   * @param {string} square @param {Piece | null} tool
   */
  place(square, tool) {
    const letter = tool ? (tool.letter === FACE_DOWN ? FACE_DOWN : fenLetter(tool)) : null;
    const before = this.board[square];
    if (before && before !== FACE_DOWN) this.taken[before] = (this.taken[before] ?? 0) + 1;
    if (!letter || before === letter) {
      delete this.board[square];
    } else {
      if (letter !== FACE_DOWN) this.makeRoomFor(letter);
      this.board[square] = letter;
    }
    this.onChange();
  }

  /**
   * Before `letter` is laid face up: one taken comes back; failing that, one
   * face down in the pool goes; failing that, the one face up elsewhere moves.
   * @param {string} letter
   */
  makeRoomFor(letter) {
    if (this.taken[letter]) {
      this.taken[letter] -= 1;
      return;
    }
    if ((poolFor(this.composition, this.board, this.taken)[sideOf(letter)][letter.toUpperCase()] ?? 0) > 0) return;
    // (It is the same animal: moved, not taken.)
    const elsewhere = Object.keys(this.board).find((sq) => this.board[sq] === letter);
    if (elsewhere) delete this.board[elsewhere];
  }

  /** An animal of the pool clicked: one more taken, or, with none left face down, all back. @param {string} letter */
  toggleTaken(letter) {
    const inPool = poolFor(this.composition, this.board, this.taken)[sideOf(letter)][letter.toUpperCase()] ?? 0;
    if (inPool > 0) this.taken[letter] = (this.taken[letter] ?? 0) + 1;
    else delete this.taken[letter];
    this.onChange();
  }

  fen() {
    return buildFlipFen(this.board, this.side, poolFor(this.composition, this.board, this.taken));
  }

  draw() {
    drawFlipBoard(this.boardEl, {
      board: this.board,
      selected: null,
      targets: [],
      last: [],
      reveal: null,
      flipped: false,
    });
    drawPool(this.poolEl, poolFor(this.composition, this.board, this.taken), faceDownCount(this.board));
  }
}

/** @param {Piece} p */
const fenLetter = (p) => (p.side === 'blue' ? p.letter.toUpperCase() : p.letter.toLowerCase());

/** @param {string} letter @returns {'blue' | 'red'} */
const sideOf = (letter) => (letter === letter.toUpperCase() ? 'blue' : 'red');
