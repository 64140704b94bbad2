// The words of a Flip Jungle hint, analysis and review
// (src/web/assets/js/game/flip.js).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  expectationText,
  hintText,
  judgedPlyText,
  judgementTitle,
  percent,
} from '../../src/web/assets/js/game/flip.js';

/** A flip engine report with what a test sets. */
const report = (fields) => ({
  move: 'a4?',
  score: 0,
  expected: 0.5,
  side: 'blue',
  blue_score: 0,
  blue_expected: 0.5,
  proven: null,
  win_in: null,
  depth: 3,
  nodes: 100,
  time_ms: 1,
  nps: 100,
  pv: ['a4?'],
  lines: [],
  ...fields,
});

test('a hint names a flip by its square, a move by its squares, with the expected score', () => {
  assert.equal(hintText(report({ move: 'b4?', expected: 0.494 })), 'Hint: turn b4 over (expected 49% for Blue)');
  assert.equal(hintText(report({ move: 'a1a2', win_in: 1, proven: 'win' })), 'Hint: move a1a2 (Blue wins in 1 ply)');
  assert.equal(
    hintText(report({ move: 'c2c1', side: 'red', win_in: -4, proven: 'loss' })),
    'Hint: move c2c1 (Red loses in 4 plies)',
  );
  // The tables prove it, the tree does not see the end.
  assert.equal(expectationText(report({ proven: 'win', expected: 1 })), 'Blue wins with best play');
  // Before the first flip decides the colours.
  assert.equal(
    expectationText(report({ side: null, blue_expected: null, expected: 0.5 })),
    'expected 50% for the first player',
  );
  assert.equal(percent(0.755), '76%');
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
