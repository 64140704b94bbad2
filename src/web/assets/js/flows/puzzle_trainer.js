// @ts-check
// The puzzle trainer's course: a puzzle fetched (the next at one's rating,
// of a theme, or the day's), each move sent to the server, which says right
// or wrong, the opponent's reply played after a short pause, the solution
// shown once the puzzle is over (a wrong move or "Show solution").
import { messageOf } from '../api/api.js';
import { puzzleApi } from '../api/puzzle_api.js';
import { $, toast } from '../util/dom.js';
import { fillThemes, puzzleBoard, renderTrainer, setPuzzlePosition, showTrainer } from '../views/puzzle_view.js';

/** @typedef {import('../views/puzzle_view.js').TrainerView} TrainerView */
/** @typedef {import('../api/puzzle_api.js').PuzzleAnswer} PuzzleAnswer */
/** @typedef {import('../api/puzzle_api.js').AttemptAnswer} AttemptAnswer */
/** @typedef {import('../board/board.js').BoardMove} BoardMove */

// How long the opponent's reply (and each move of a solution shown) waits,
// so that the player sees their own move land first.
const REPLY_DELAY_MS = 450;

/** @type {TrainerView & { moves: string[], busy: boolean, themesLoaded: boolean }} */
const trainer = {
  puzzle: null,
  player: null,
  daily: '',
  feedback: '',
  change: null,
  solution: null,
  status: 'idle',
  moves: [],
  busy: false,
  themesLoaded: false,
};

const board = () => puzzleBoard(onPuzzleMove);
const wait = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** @param {PuzzleAnswer} answer @param {string} daily */
function begin(answer, daily) {
  Object.assign(trainer, {
    puzzle: answer.puzzle,
    player: answer.player,
    daily,
    feedback: '',
    change: null,
    solution: null,
    status: 'playing',
    moves: [],
    busy: false,
  });
  setPuzzlePosition(answer.puzzle);
  renderTrainer(trainer);
  location.hash = `puzzle=${answer.puzzle.id}`;
}

/** @param {() => Promise<void>} job */
async function guarded(job) {
  try {
    await job();
  } catch (err) {
    trainer.busy = false;
    toast(messageOf(err));
  }
}

/** Opens the trainer, with `id`'s puzzle or the next one at one's rating. @param {string} [id] */
export async function openTrainer(id) {
  board();
  showTrainer(true);
  await guarded(async () => {
    if (!trainer.themesLoaded) {
      trainer.themesLoaded = true;
      fillThemes((await puzzleApi.themes()).themes);
    }
    // The puzzle shown already (its own address, set by begin): left as it is.
    if (id && id === trainer.puzzle?.id) renderTrainer(trainer);
    else if (id) begin(await puzzleApi.puzzle(id), '');
    else if (!trainer.puzzle) await nextPuzzle();
    else renderTrainer(trainer);
  });
}

export function closeTrainer() {
  showTrainer(false);
  if (location.hash.startsWith('#puzzle')) history.replaceState(null, '', location.pathname);
}

export async function nextPuzzle() {
  const theme = $('puzzle-theme', HTMLSelectElement).value;
  await guarded(async () => begin(await puzzleApi.next(theme, trainer.puzzle?.id ?? ''), ''));
}

export async function dailyPuzzle() {
  await guarded(async () => {
    const answer = await puzzleApi.daily();
    begin(answer, answer.date ?? '');
  });
}

/** Plays the solution on the board from the start. @param {AttemptAnswer} answer */
async function playSolution(answer) {
  const p = trainer.puzzle;
  if (!p || !answer.solution || !answer.solution_fens) return;
  const b = board();
  b.setLegalMoves([], false);
  await wait(REPLY_DELAY_MS);
  if (trainer.puzzle !== p) return;
  b.setPosition(p.fen);
  b.setLastMove(null);
  for (let i = 0; i < answer.solution.length; ++i) {
    await wait(REPLY_DELAY_MS);
    if (trainer.puzzle !== p) return; // another puzzle meanwhile
    b.setPosition(answer.solution_fens[i]);
    b.setLastMove(answer.solution[i]);
  }
}

/** The puzzle is over: the rating as changed and the solution. @param {AttemptAnswer} answer */
function finish(answer) {
  trainer.status = answer.status;
  trainer.player = answer.player;
  trainer.change = answer.rated ? (answer.change ?? 0) : null;
  trainer.solution = answer.solution ?? null;
  board().setLegalMoves([], false);
}

/** A move made on the trainer's board. @param {BoardMove} m */
export async function onPuzzleMove({ move, from, legal }) {
  const p = trainer.puzzle;
  if (!p || trainer.busy || trainer.status !== 'playing') return;
  if (!legal) {
    if (from >= 0) board().shake(from);
    return;
  }
  trainer.busy = true;
  await guarded(async () => {
    const answer = await puzzleApi.attempt(p.id, [...trainer.moves, move], false);
    if (trainer.puzzle !== p) return;
    trainer.moves.push(move);
    const b = board();
    if (answer.fen_after_move) b.setPosition(answer.fen_after_move);
    b.setLastMove(move);
    b.setLegalMoves([], false);
    const right = answer.moves[answer.moves.length - 1]?.correct === true;
    if (answer.status === 'playing') {
      trainer.feedback = 'right';
      renderTrainer(trainer);
      await wait(REPLY_DELAY_MS);
      if (trainer.puzzle !== p) return;
      if (answer.fen_after_reply) b.setPosition(answer.fen_after_reply);
      b.setLastMove(answer.reply);
      b.setLegalMoves(answer.legal_moves ?? [], true);
      trainer.busy = false;
      return;
    }
    trainer.feedback = right ? 'solved' : 'wrong';
    finish(answer);
    trainer.busy = false;
    renderTrainer(trainer);
    if (!right) await playSolution(answer);
  });
}

/** "Show solution": the puzzle counts as failed. */
export async function showSolution() {
  const p = trainer.puzzle;
  if (!p || trainer.busy || trainer.status !== 'playing') return;
  trainer.busy = true;
  await guarded(async () => {
    const answer = await puzzleApi.attempt(p.id, trainer.moves, true);
    if (trainer.puzzle !== p) return;
    trainer.feedback = 'failed';
    finish(answer);
    trainer.busy = false;
    renderTrainer(trainer);
    await playSolution(answer);
  });
}

export function wirePuzzleTrainer() {
  $('btn-puzzles').addEventListener('click', () => openTrainer());
  $('puzzle-close').addEventListener('click', closeTrainer);
  $('puzzle-next').addEventListener('click', nextPuzzle);
  $('puzzle-daily').addEventListener('click', dailyPuzzle);
  $('puzzle-show-solution').addEventListener('click', showSolution);
  $('puzzle-theme').addEventListener('change', nextPuzzle);
}
