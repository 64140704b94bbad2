// @ts-check
// The game's board (the Board widget of board.js): the position viewed, the
// moves a person may make there, the last move, and the hint and analysis
// arrows.
import { Board } from '../board/board.js';
import { $ } from '../util/dom.js';
import { explorePosition } from '../state/explore.js';
import { allows, fenAt, isEngine, isMine, premoveSeat, seatToMove, waitingForOpponent } from '../game/game.js';
import { hidesInformation, pieceNotes, settingUp, setupMoves } from '../game/hidden.js';
import { state, variantInfo } from '../state/state.js';
import { renderFlipArrows } from './flip_view.js';

/** @typedef {import('../api/api.js').Game} Game */
/** @typedef {import('../board/board.js').BoardMove} BoardMove */

/** @type {Board | null} */
let board = null;
/** The game the board last drew (its queued move is that game's). */
let boardGame = 0;

/**
 * Builds the board; `onMove` gets each move a person makes on it, and
 * `onPremove` each move queued while the engine thinks.
 * @param {(move: BoardMove) => void} onMove
 * @param {(move: string) => void} onPremove
 */
export function createBoard(onMove, onPremove) {
  board = new Board($('board', SVGSVGElement), { onMove, onPremove });
  return board;
}

export function gameBoard() {
  if (!board) throw new Error('the board is not built yet');
  return board;
}

/** @param {Game} g */
export function renderBoard(g) {
  // Where chance acts, its own board takes this one's place (flip_view.js).
  if (allows(g, 'chance')) return;
  const b = gameBoard();
  // A move queued in another game is not this one's (the flows forget it too).
  if (g.id !== boardGame) b.clearPremove();
  boardGame = g.id;
  const atEnd = state.view === g.ply;
  const over = g.status === 'over';
  const variant = variantInfo(g.variant);
  if (b.variant !== variant) b.setVariant(variant);
  if (b.flipped !== state.flipped) b.setFlipped(state.flipped);
  // A hidden-pieces game comes as this reader's view: the server sent no
  // animal it may not see, and the board draws what it was sent.
  b.setHiddenSide(null);
  b.setNotes(hidesInformation(g) && state.view === g.ply ? pieceNotes(g) : new Map());
  if (settingUp(g)) {
    // Arranging: a piece dropped on another of the player's start squares
    // exchanges the two.
    b.setPosition(g.fen);
    b.setLastMove(null);
    b.setLegalMoves(g.setup?.may_arrange ? setupMoves(g) : [], !!g.setup?.may_arrange && !state.busy);
    renderArrows();
    return;
  }
  // Away from the game's current position, the board explores side lines.
  const explored = explorePosition();
  if (explored) {
    b.setPosition(explored.fen);
    b.setLastMove(explored.lastMove);
    b.setLegalMoves(explored.legal, explored.canMove && !state.busy);
    renderArrows();
    return;
  }
  b.setPosition(fenAt(g, state.view));
  b.setLastMove(state.view > 0 ? g.moves[state.view - 1].move : null);
  // A person moves for the seats this browser holds, never for another's.
  const ready = atEnd && !over && !waitingForOpponent(g);
  const toMove = seatToMove(g);
  const canMove = ready && !isEngine(g, toMove) && isMine(g, toMove) && !state.busy && !state.engineRequest;
  // Against the engine, or an opponent online, a move may be queued
  // meanwhile, where the game allows premoves.
  const premoveSide = atEnd ? premoveSeat(g) : null;
  b.setLegalMoves(g.legal_moves, canMove, premoveSide);
  renderArrows();
}

/** The analysis' best move and the hint, as arrows. */
export function renderArrows() {
  if (allows(state.game, 'chance')) {
    renderFlipArrows();
    return;
  }
  /** @type {import('../board/board.js').Arrow[]} */
  const arrows = [];
  if (state.best) arrows.push({ move: state.best, kind: 'best' });
  if (state.hint) arrows.push({ move: state.hint, kind: 'hint' });
  gameBoard().setArrows(arrows);
}
