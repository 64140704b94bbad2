// The page's state transitions (src/web/assets/js/state/state.js): what a new
// game state from the server keeps and drops, and moving through the plies.
// The state is one per page, so each test starts by opening a game.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  evaluationShown,
  dismissBanner,
  gameArriving,
  gameDeleted,
  gameOpening,
  gameShown,
  moveJudgement,
  reviewArrived,
  reviewShown,
  setBest,
  setEvaluation,
  setHint,
  state,
  viewLatest,
  viewMoved,
} from '../../src/web/assets/js/state/state.js';
import { HUMAN, engine, game, move } from './fixtures.mjs';

const MOVES = [move(1, 'a3a4', 'blue', 'E'), move(2, 'g7g6', 'red', 'e'), move(3, 'a4a5', 'blue', 'E')];

/** Opens `g` as loading a game does. */
function open(g) {
  gameOpening(g);
  const { followed } = gameArriving(g);
  gameShown(g, followed);
}

test("opening a game shows its current position, from the person's side", () => {
  open(game({ moves: MOVES.slice(0, 2), players: { blue: engine(), red: HUMAN } }));
  assert.equal(state.view, 2);
  assert.equal(state.flipped, true);
  assert.equal(state.autoplay, true);
  open(game({ id: 8, moves: MOVES.slice(0, 2) }));
  assert.equal(state.flipped, false);
});

test('a move on keeps following the game and drops the old arrows', () => {
  open(game({ moves: MOVES.slice(0, 1) }));
  setHint('g7g6');
  setBest('g7g6');
  const next = game({ moves: MOVES.slice(0, 2) });
  assert.deepEqual(gameArriving(next), { sameGame: true, followed: true, oneMoveOn: true });
  gameShown(next, true);
  assert.equal(state.view, 2);
  assert.equal(state.hint, null);
  assert.equal(state.best, null);
});

test('a player looking back stays there while the game goes on', () => {
  open(game({ moves: MOVES.slice(0, 2) }));
  assert.equal(viewMoved(0), true);
  const next = game({ moves: MOVES });
  assert.deepEqual(gameArriving(next), { sameGame: true, followed: false, oneMoveOn: false });
  gameShown(next, false);
  assert.equal(state.view, 0);
  viewLatest();
  assert.equal(state.view, 3);
});

test('a take-back past the ply viewed brings the view back into the game', () => {
  open(game({ moves: MOVES }));
  viewMoved(2);
  const undone = game({ moves: MOVES.slice(0, 1) });
  assert.deepEqual(gameArriving(undone), { sameGame: true, followed: false, oneMoveOn: false });
  gameShown(undone, false);
  assert.equal(state.view, 1);
});

test('another game drops the evaluation; a game ending shows the banner again', () => {
  open(game({ moves: MOVES.slice(0, 1) }));
  setEvaluation(1, { blue_score: 40, mate: null });
  dismissBanner();
  const over = game({ moves: MOVES.slice(0, 1), status: 'over' });
  gameArriving(over);
  assert.equal(state.bannerDismissed, false);
  assert.deepEqual(evaluationShown(), { blue_score: 40, mate: null });
  assert.deepEqual(gameArriving(game({ id: 9 })), { sameGame: false, followed: true, oneMoveOn: false });
  gameShown(game({ id: 9 }), true);
  assert.equal(evaluationShown(), null);
});

test('the evaluation bar belongs to the position viewed', () => {
  open(game({ moves: MOVES }));
  setEvaluation(3, { blue_score: 120, mate: null });
  setEvaluation(1, { blue_score: -30, mate: null });
  assert.deepEqual(evaluationShown(), { blue_score: 120, mate: null });
  viewMoved(1);
  assert.deepEqual(evaluationShown(), { blue_score: -30, mate: null });
  viewMoved(0);
  assert.equal(evaluationShown(), null);
  // Taking back the last two moves forgets what was said after them.
  const undone = game({ moves: MOVES.slice(0, 1) });
  gameArriving(undone);
  gameShown(undone, true);
  assert.deepEqual(evaluationShown(), { blue_score: -30, mate: null });
  assert.equal(state.evaluations.has(3), false);
});

test('the view stays within the game, and arrows belong to the position viewed', () => {
  open(game({ moves: MOVES }));
  setHint('a4a5');
  assert.equal(viewMoved(5), false);
  assert.equal(state.hint, 'a4a5');
  assert.equal(viewMoved(-1), true);
  assert.equal(state.view, 0);
  assert.equal(state.hint, null);
  assert.equal(viewMoved(2), true);
  assert.equal(state.view, 2);
});

test('deleting the game shown forgets it; another one does not', () => {
  open(game({ id: 11 }));
  assert.equal(gameDeleted(12), false);
  assert.equal(state.game?.id, 11);
  assert.equal(gameDeleted(11), true);
  assert.equal(state.game, null);
  assert.equal(viewMoved(1), false);
});

test('a review is shown with its game only, and fills the bar where nothing fresher was said', () => {
  open(game({ id: 20, moves: MOVES }));
  setEvaluation(1, { blue_score: 15, mate: null });
  const blunder = { ply: 2, loss: 0.3, judgement: 'blunder', better: 'g7g5' };
  reviewArrived({
    game: 20,
    status: 'running',
    analysed: 3,
    total: 4,
    plies: [
      { ply: 0, blue_score: 10, mate: null, final: false },
      { ply: 1, blue_score: 90, mate: null, final: false },
      null,
      { ply: 3, blue_score: 0, mate: null, final: true },
    ],
    moves: [null, blunder, null],
  });
  assert.equal(reviewShown()?.game, 20);
  assert.deepEqual(moveJudgement(2), blunder);
  assert.equal(moveJudgement(1), null);
  assert.equal(moveJudgement(3), null);
  // Said before the review: kept. A position's final word (the game over) is not the review's to give.
  assert.deepEqual(state.evaluations.get(1), { blue_score: 15, mate: null });
  assert.equal(state.evaluations.get(0)?.blue_score, 10);
  assert.equal(state.evaluations.has(3), false);
  open(game({ id: 21, moves: MOVES }));
  assert.equal(reviewShown(), null);
  assert.equal(moveJudgement(2), null);
});
