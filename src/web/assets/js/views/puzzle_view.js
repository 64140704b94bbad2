// @ts-check
// The puzzle trainer's part of the page: its own board (the game's Board
// widget, moved by the same clicks and drags), the side to move at the
// bottom, right and wrong at once, the solution once over, the player's
// puzzle rating ("?" while provisional) and the theme filter.
import { Board } from '../board/board.js';
import { $ } from '../util/dom.js';
import { state, variantInfo } from '../state/state.js';

/** @typedef {import('../api/puzzle_api.js').Puzzle} Puzzle */
/** @typedef {import('../api/puzzle_api.js').PuzzlePlayer} PuzzlePlayer */
/** @typedef {import('../board/board.js').BoardMove} BoardMove */
/**
 * What the trainer shows, kept by flows/puzzle_trainer.js.
 * @typedef {{ puzzle: Puzzle | null, player: PuzzlePlayer | null, daily: string,
 *             feedback: '' | 'right' | 'wrong' | 'solved' | 'failed', change: number | null,
 *             solution: string[] | null, status: 'idle' | 'playing' | 'solved' | 'failed' }} TrainerView
 */

/** @type {Board | null} */
let board = null;

/** The trainer's board, built on first use. @param {(move: BoardMove) => void} onMove */
export function puzzleBoard(onMove) {
  if (!board) board = new Board($('puzzle-board', SVGSVGElement), { onMove });
  return board;
}

/** Shows the trainer in the game's place, or the game again. @param {boolean} on */
export function showTrainer(on) {
  $('puzzle-trainer').hidden = !on;
  $('game-layout').hidden = on;
  $('btn-puzzles').setAttribute('aria-pressed', String(on));
}

/** @param {{ name: string, count: number }[]} themes */
export function fillThemes(themes) {
  const select = $('puzzle-theme', HTMLSelectElement);
  for (const t of themes) {
    if (t.count === 0) continue;
    const option = document.createElement('option');
    option.value = t.name;
    option.textContent = `${t.name} (${t.count})`;
    select.append(option);
  }
}

/** "1524?" while provisional. @param {PuzzlePlayer} p */
export const ratingText = (p) => `${p.rating}${p.provisional ? '?' : ''}`;

/** Puts the puzzle's position on the board, its side to move at the bottom. @param {Puzzle} p */
export function setPuzzlePosition(p) {
  const b = /** @type {Board} */ (board);
  const variant = variantInfo(p.variant);
  if (b.variant !== variant) b.setVariant(variant);
  b.setStyle(state.style);
  b.setFlipped(p.side === 'red');
  b.setPosition(p.fen);
  b.setLastMove(null);
  b.setLegalMoves(p.legal_moves, true);
}

/** @param {TrainerView} t */
export function renderTrainer(t) {
  const p = t.puzzle;
  $('puzzle-title').textContent = p ? (t.daily ? `Daily puzzle, ${t.daily}` : `Puzzle ${p.id}`) : 'Puzzles';
  const side = p?.side === 'red' ? 'Red' : 'Blue';
  $('puzzle-goal').textContent = p
    ? `${side} to move: ${p.goal === 'win' ? 'find the winning line' : 'find the one move that holds'}.` +
      ` Puzzle rating ${p.rating}.`
    : '';
  const player = t.player;
  const change = t.change === null ? '' : ` (${t.change >= 0 ? '+' : ''}${t.change})`;
  $('puzzle-rating').textContent = player ? `Your puzzle rating: ${ratingText(player)}${change}` : '';
  const feedback = $('puzzle-feedback');
  const words = {
    '': '',
    right: 'Right! Keep going.',
    wrong: 'Wrong: that is not the move.',
    solved: 'Right! Puzzle solved.',
    failed: 'Puzzle failed.',
  };
  feedback.textContent = words[t.feedback];
  feedback.dataset.result = t.feedback === 'right' || t.feedback === 'solved' ? 'right' : t.feedback ? 'wrong' : '';
  const solution = $('puzzle-solution');
  solution.hidden = !t.solution;
  solution.textContent = t.solution ? `Solution: ${t.solution.join(' ')}` : '';
  $('puzzle-show-solution', HTMLButtonElement).disabled = t.status !== 'playing';
}
