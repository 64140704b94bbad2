// The analysis board's tree of side lines (src/web/assets/js/game/line_tree.js):
// lines leave the game at a ply or another line at a move, known moves are
// not added twice, a take-back drops the lines it cut off.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LineTree, moveNumber, pathTo } from '../../src/web/assets/js/game/line_tree.js';

/** @param {string} move @param {'blue' | 'red'} side */
const step = (move, side, fen = `7/7/7/7/7/7/7/7/7 ${side === 'blue' ? 'b' : 'w'} 0 2`) => ({
  move,
  side,
  piece: side === 'blue' ? 'E' : 'e',
  captured: null,
  fen,
  legal: [],
  over: false,
});

test('lines branch from the game and from each other', () => {
  const tree = new LineTree();
  const a = tree.add(null, 1, step('a7a6', 'red'));
  const b = tree.add(a, 1, step('a4a5', 'blue'));
  const c = tree.add(a, 1, step('g3g4', 'blue'));
  assert.equal(tree.add(null, 1, step('a7a6', 'red')), a); // known: not added twice
  assert.deepEqual(tree.next(null, 1), [a]);
  assert.deepEqual(a.children, [b, c]);
  assert.equal(c.branch, 1);
  assert.deepEqual(
    pathTo(c).map((n) => n.move),
    ['a7a6', 'g3g4'],
  );
  assert.equal(tree.byId(c.id), c);
  assert.equal(tree.byId(999), null);
});

test('a take-back drops the lines that leave the game at or after its new length', () => {
  const tree = new LineTree();
  tree.add(null, 0, step('g3g4', 'blue'));
  tree.add(null, 2, step('a3a4', 'blue'));
  tree.pruneFrom(2);
  assert.deepEqual([...tree.branches.keys()], [0]);
});

test('moves are numbered as the move list numbers them', () => {
  assert.equal(moveNumber('7/7/7/7/7/7/7/7/7 w 0 3'), '3.');
  assert.equal(moveNumber('7/7/7/7/7/7/7/7/7 b 0 1'), '1…');
  assert.equal(moveNumber('7/7/7/7/7/7/7/7/7 w'), '1.');
});
