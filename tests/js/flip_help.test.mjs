// The words of a hint where the score is an expectation (Flip Jungle's,
// a hidden game's), and of a Flip Jungle analysis and review
// (src/web/assets/js/game/flip.js, format.js's hintMessage).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { colourToMoveAt } from '../../src/web/assets/js/game/game.js';
import { hintMessage } from '../../src/web/assets/js/game/format.js';
import {
  expectationText,
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

/** A game's capabilities, with what a test sets (docs/api.md). */
const capabilities = (fields) => ({
  undo: false,
  chance: false,
  hidden_information: false,
  setup: false,
  analysis: false,
  review: false,
  premoves: false,
  tablebases: false,
  editor: false,
  ...fields,
});

/** A flip game at its start, Blue to move. */
const flipGame = /** @type {any} */ ({
  ply: 0,
  start_fen: '????/????/????/???? w RCDWPTLErcdwptle 0 1',
  fen: '????/????/????/???? w RCDWPTLErcdwptle 0 1',
  moves: [],
  capabilities: capabilities({ chance: true, analysis: true, review: true }),
});

test('a hint names a flip by its square, a move by its squares, with the expected score', () => {
  assert.equal(
    hintMessage(flipGame, 0, { ...report({ expected: 0.494 }), move: 'b4?' }),
    'Hint: turn b4 over (expected 49% for Blue)',
  );
  assert.equal(
    hintMessage(flipGame, 0, { ...report({ mate: 1, expected: 1 }), move: 'a1a2' }),
    'Hint: a1a2 (Blue wins in 1 move)',
  );
  const redToMove = {
    ...flipGame,
    fen: '????/????/????/???? b RCDWPTLErcdwptle 0 1',
    start_fen: '????/????/????/???? b RCDWPTLErcdwptle 0 1',
  };
  assert.equal(
    hintMessage(redToMove, 0, { ...report({ mate: -2, expected: 0 }), move: 'c2c1' }),
    'Hint: c2c1 (Red loses in 2 moves)',
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

test("a hidden game's hint is the expected result from its player's view, said for the side to move", () => {
  // The hint of a hidden game has every family's fields (before, the page
  // read a `worlds` field no server sends and wrote "over undefined").
  const hidden = /** @type {any} */ ({
    ply: 1,
    start_fen: 'x',
    fen: 'l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b 1 1',
    moves: [{ move: 'a3a4', side: 'blue' }],
    capabilities: capabilities({ hidden_information: true, setup: true, analysis: true, premoves: true }),
  });
  assert.equal(
    hintMessage(hidden, 1, { ...report({ expected: 0.553, blue_score: 12 }), move: 'g7g6' }),
    'Hint: g7g6 (expected 55% for Red)',
  );
});

test('the side a report is for is read from the FEN of the ply shown', () => {
  const game = {
    start_fen: '????/????/????/???? - RCDWPTLErcdwptle 0 1',
    moves: [{ fen: '????/????/?L??/???? b RCDWPTErcdwptle 0 1' }, { fen: '????/????/?Ll?/???? w RCDWPTErcdwpte 1 2' }],
  };
  assert.equal(colourToMoveAt(/** @type {any} */ (game), 0), null);
  assert.equal(colourToMoveAt(/** @type {any} */ (game), 1), 'red');
  assert.equal(colourToMoveAt(/** @type {any} */ (game), 2), 'blue');
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
