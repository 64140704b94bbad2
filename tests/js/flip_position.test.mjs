// A game where chance acts, looked back over (src/web/assets/js/game/flip.js:
// the position after any ply).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { flipMoveText, flipPosition, parseFlipFen, revealText } from '../../src/web/assets/js/game/flip.js';

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

test("the position after a ply: the game's own fields for the current one, else the ply's FEN", () => {
  const live = { ...game, board: { a1: 'L', c1: 'l', d4: 'c' }, pool: { blue: {}, red: {} }, hidden: 0 };
  assert.equal(flipPosition(live, 2).board, live.board);
  assert.deepEqual(flipPosition(live, 1).board, { d4: 'c', c2: 'l', a1: 'L', c1: 'T' });
  assert.deepEqual(flipPosition(live, 0).board, { d4: 'c', c2: 'l', a1: 'L', d1: 'T' });
  // A state without the fields (an earlier ply) is read from the FEN too.
  assert.deepEqual(flipPosition(game, 2).board, { d4: 'c', a1: 'L', c1: 'l' });
  const down = {
    ...game,
    ply: 1,
    start_fen: '??2/4/4/4 w LE 0 1',
    moves: [{ action: 'a4?', move: 'a4?=L', fen: 'L?2/4/4/4 b E 0 1' }],
  };
  assert.deepEqual(flipPosition(down, 0), { board: { a4: '?', b4: '?' }, pool: flipPosition(down, 0).pool, hidden: 2 });
  assert.equal(flipPosition(down, 0).pool.blue.L, 1);
  assert.equal(flipPosition(down, 1).pool.blue.L, 0);
  assert.equal(flipPosition(down, 1).hidden, 1);
});

test('a flip in the move list says what it revealed', () => {
  assert.equal(
    flipMoveText(/** @type {any} */ ({ move: 'b2?=p', action: 'b2?', revealed: 'p' })),
    'b2?=p (Red Leopard)',
  );
  assert.equal(flipMoveText(/** @type {any} */ ({ move: 'a1a2', action: 'a1a2' })), 'a1a2');
  assert.equal(
    revealText(/** @type {any} */ ({ move: 'b2?=L', action: 'b2?', revealed: 'L' })),
    'b2? revealed the Blue Lion.',
  );
});
