// The words of a Flip Jungle hint, analysis and review
// (src/web/assets/js/game/flip.js).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  expectationText,
  flipSideAt,
  hintText,
  judgedPlyText,
  judgementTitle,
  lineTitle,
  percent,
} from '../../src/web/assets/js/game/flip.js';

/** A flip engine report, in every family's shape, with what a test sets. */
const report = (fields) => ({
  depth: 3,
  multipv: 1,
  score: 0,
  expected: 0.5,
  blue_score: 0,
  mate: null,
  nodes: 100,
  time_ms: 1,
  nps: 100,
  pv: ['a4?'],
  text: '',
  ...fields,
});

test('a hint names a flip by its square, a move by its squares, with the expected score', () => {
  assert.equal(
    hintText({ ...report({ expected: 0.494 }), move: 'b4?' }, 'blue'),
    'Hint: turn b4 over (expected 49% for Blue)',
  );
  assert.equal(
    hintText({ ...report({ mate: 1, expected: 1 }), move: 'a1a2' }, 'blue'),
    'Hint: move a1a2 (Blue wins in 1 move)',
  );
  assert.equal(
    hintText({ ...report({ mate: -2, expected: 0 }), move: 'c2c1' }, 'red'),
    'Hint: move c2c1 (Red loses in 2 moves)',
  );
  // The tables prove it, the tree does not see the end: a certain expected
  // result, and the engine's words in the line's title.
  const tables = report({ expected: 1, score: 1200, pv: ['a1b1'], text: 'a win by the endgame tables' });
  assert.equal(expectationText(tables, 'blue'), 'expected 100% for Blue');
  assert.equal(lineTitle(tables, 'blue'), 'a1b1: expected 100% for Blue (a win by the endgame tables)');
  assert.equal(lineTitle(report({ expected: 0.62, pv: ['b2c2', 'a4?'] }), 'red'), 'b2c2: expected 62% for Red');
  // Before the first flip decides the colours.
  assert.equal(expectationText(report({ expected: 0.5 }), null), 'expected 50% for the first player');
  assert.equal(percent(0.755), '76%');
});

test('the side a report is for is read from the FEN of the ply shown', () => {
  const game = {
    start_fen: '????/????/????/???? - RCDWPTLErcdwptle 0 1',
    moves: [{ fen: '????/????/?L??/???? b RCDWPTErcdwptle 0 1' }, { fen: '????/????/?Ll?/???? w RCDWPTErcdwpte 1 2' }],
  };
  assert.equal(flipSideAt(/** @type {any} */ (game), 0), null);
  assert.equal(flipSideAt(/** @type {any} */ (game), 1), 'red');
  assert.equal(flipSideAt(/** @type {any} */ (game), 2), 'blue');
});

test('a review says what the action played kept of its expected score', () => {
  const judged = {
    ply: 1,
    move: 'd1c1',
    side: 'blue',
    best: 'a1b1',
    expected_best: 0.514,
    expected_played: 0,
    loss: 0.514,
    judgement: 'blunder',
    depth: 64,
  };
  assert.equal(judgementTitle(judged), 'Expected 51% with a1b1, 0% after d1c1: blunder');
  assert.equal(
    judgementTitle({ ...judged, move: 'a1b1', expected_played: 0.514, loss: 0, judgement: null }),
    "The engine's choice (51% expected)",
  );
  assert.equal(judgedPlyText(judged), '1. Blue d1c1?? blunder: 51% → 0% (better a1b1)');
});
