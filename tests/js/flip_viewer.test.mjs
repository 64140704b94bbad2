// Looking back over a Flip Jungle game (src/web/assets/js/flip/flip_fen.js,
// flip_viewer.js) and its review's graph (flip_review.js flipGraphOf).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseFlipFen } from '../../src/web/assets/js/flip/flip_fen.js';
import { flipGraphOf } from '../../src/web/assets/js/flip/flip_review.js';
import { viewedPly, viewedPosition, viewKey, viewPly } from '../../src/web/assets/js/flip/flip_viewer.js';

test('a flip FEN gives the squares, the pool and the face-down count', () => {
  const p = parseFlipFen('??2/4/2l1/L2T w Tc 0 1');
  assert.deepEqual(p.board, { a4: '?', b4: '?', c2: 'l', a1: 'L', d1: 'T' });
  assert.equal(p.hidden, 2);
  assert.equal(p.pool.blue.T, 1);
  assert.equal(p.pool.red.C, 1);
  assert.equal(p.pool.blue.E, 0);
  assert.equal(
    Object.values(p.pool.red).reduce((a, b) => a + b, 0),
    1,
  );
  assert.deepEqual(parseFlipFen('4/4/4/4 - - 0 1').board, {});
});

test('a flip FEN that is not one is refused, saying what is wrong', () => {
  assert.throws(() => parseFlipFen('4/4/4 w - 0 1'), /4 ranks/);
  assert.throws(() => parseFlipFen('4/4/4/x3 w - 0 1'), /'x'/);
  assert.throws(() => parseFlipFen('4/4/4/L4 w - 0 1'), /a rank of 5 squares/);
  assert.throws(() => parseFlipFen('4/4/4/4L w - 0 1'), /more than 4 squares/);
  assert.throws(() => parseFlipFen('4/4/4/3 w - 0 1'), /a rank of 3 squares/);
  assert.throws(() => parseFlipFen('4/4/4/4 w Q 0 1'), /pool/);
});

// A game of two plies: Blue's Tiger to c1, Red's Lion takes it.
const game = {
  id: 7,
  ply: 2,
  status: 'over',
  winner: 'red',
  start_fen: '3c/4/2l1/L2T w - 0 1',
  moves: [
    { action: 'd1c1', move: 'd1c1', fen: '3c/4/2l1/L1T1 b - 1 1' },
    { action: 'c2c1', move: 'c2c1', fen: '3c/4/4/L1l1 w - 0 2' },
  ],
};

test('the viewer shows an earlier ply from its FEN, and the live position after the last', () => {
  viewPly(game, 2);
  assert.equal(viewedPly(game), null);
  assert.equal(viewedPosition(game), null);
  viewPly(game, 1);
  assert.equal(viewedPly(game), 1);
  const p = viewedPosition(game);
  assert.equal(p?.ply, 1);
  assert.equal(p?.fen, game.moves[0].fen);
  assert.deepEqual(p?.board, { d4: 'c', c2: 'l', a1: 'L', c1: 'T' });
  assert.equal(p?.last?.action, 'd1c1');
  assert.equal(viewKey(game, 'ArrowLeft'), true);
  assert.deepEqual(viewedPosition(game)?.board, { d4: 'c', c2: 'l', a1: 'L', d1: 'T' });
  assert.equal(viewedPosition(game)?.last, null);
  viewKey(game, 'ArrowLeft');
  assert.equal(viewedPly(game), 0, 'not before the start');
  viewKey(game, 'ArrowRight');
  viewKey(game, 'ArrowRight');
  assert.equal(viewedPly(game), null, 'on to the live position');
  viewKey(game, 'Home');
  assert.equal(viewedPly(game), 0);
  assert.equal(viewedPly({ ...game, id: 8 }), null, 'another game shows its live position');
  viewKey(game, 'End');
  assert.equal(viewedPly(game), null);
  assert.equal(viewKey(game, 'x'), false);
  // A take-back below the ply shown shows the live position.
  viewPly(game, 1);
  assert.equal(viewedPly({ ...game, ply: 1 }), null);
});

test("the review's graph is Blue's expected score by position, and the result at the end", () => {
  const judged = (ply, side, best, judgement) => ({
    ply,
    move: 'x',
    side,
    best: 'y',
    expected_best: best,
    expected_played: 0,
    loss: 0,
    judgement,
    depth: 3,
  });
  const review = {
    game: 7,
    kind: 'flip',
    status: 'done',
    analysed: 3,
    total: 4,
    moves: [judged(1, null, 0.5, null), judged(2, 'red', 0.75, null), null, judged(4, 'blue', 0.2, 'blunder')],
  };
  const graph = /** @type {any} */ (flipGraphOf(/** @type {any} */ (review), game));
  assert.equal(graph.total, 5);
  assert.deepEqual(graph.plies, [
    null,
    { ply: 1, expected: 0.25 },
    null,
    { ply: 3, expected: 0.2 },
    { ply: 4, expected: 0 },
  ]);
  assert.deepEqual(graph.moves, [
    { ply: 1, judgement: null },
    { ply: 2, judgement: null },
    null,
    { ply: 4, judgement: 'blunder' },
  ]);
  const ongoing = /** @type {any} */ (flipGraphOf(/** @type {any} */ (review), { status: 'ongoing', winner: null }));
  assert.equal(ongoing.plies[4], null);
});
