// The analysis panel's tablebase line (src/web/assets/js/views/tablebase_view.js):
// the tables answer for the side to move; the page names the winner.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { moveVerdictText, tablebaseLine, verdictText } from '../../src/web/assets/js/views/tablebase_view.js';

test('a verdict names the side that wins, whoever is to move', () => {
  assert.equal(verdictText({ wdl: 'win', distance: 7 }, 'blue'), 'Blue wins in 7 plies');
  assert.equal(verdictText({ wdl: 'win', distance: 1 }, 'red'), 'Red wins in 1 ply');
  assert.equal(verdictText({ wdl: 'loss', distance: 12 }, 'red'), 'Blue wins in 12 plies');
  assert.equal(verdictText({ wdl: 'loss', distance: 2 }, 'blue'), 'Red wins in 2 plies');
  assert.equal(verdictText({ wdl: 'draw', distance: 0 }, 'red'), 'draw');
});

test('each move is valued for the side that plays it, and the line says whose moves they are', () => {
  assert.equal(moveVerdictText({ move: 'b1c1', wdl: 'win', distance: 7 }), 'b1c1 wins in 7');
  assert.equal(moveVerdictText({ move: 'b1b2', wdl: 'draw', distance: 0 }), 'b1b2 draws');
  assert.equal(moveVerdictText({ move: 'b1a1', wdl: 'loss', distance: 4 }), 'b1a1 loses in 4');
  const answer = {
    available: true,
    wdl: /** @type {const} */ ('loss'),
    distance: 4,
    moves: [
      { move: 'a8a7', wdl: /** @type {const} */ ('loss'), distance: 4 },
      { move: 'a8b8', wdl: /** @type {const} */ ('loss'), distance: 2 },
    ],
  };
  assert.equal(
    tablebaseLine(answer, '7/e6/7/7/7/7/7/7/1R5 b'),
    "Tablebase: Blue wins in 4 plies. Red's moves: a8a7 loses in 4 · a8b8 loses in 2",
  );
  assert.equal(
    tablebaseLine({ ...answer, moves: [] }, '7/e6/7/7/7/7/7/7/1R5 w 0 1'),
    'Tablebase: Red wins in 4 plies.',
  );
  assert.equal(tablebaseLine({ available: false, reason: 'no table' }, '7/7/7/7/7/7/7/7/7 w'), '');
});

test("a flip ending's distance counts the plies to the deciding capture", () => {
  assert.equal(
    verdictText({ wdl: 'win', distance: 7 }, 'blue', 'capture'),
    'Blue wins, the deciding capture in 7 plies',
  );
  assert.equal(verdictText({ wdl: 'win', distance: 1 }, 'red', 'capture'), 'Red wins, the deciding capture in 1 ply');
  assert.equal(moveVerdictText({ move: 'd4c4', wdl: 'loss', distance: 6 }, 'capture'), 'd4c4 loses (capture in 6)');
  assert.equal(moveVerdictText({ move: 'a1a2', wdl: 'draw', distance: 0 }, 'capture'), 'a1a2 draws');
  const answer = {
    available: true,
    wdl: /** @type {const} */ ('win'),
    distance: 7,
    distance_to: /** @type {const} */ ('capture'),
    moves: [
      { move: 'b1b2', wdl: /** @type {const} */ ('win'), distance: 7 },
      { move: 'b1a1', wdl: /** @type {const} */ ('win'), distance: 11 },
    ],
  };
  assert.equal(
    tablebaseLine(answer, '3c/4/4/1E2 w - 0 1'),
    "Tablebase: Blue wins, the deciding capture in 7 plies. Blue's moves: b1b2 wins (capture in 7) · b1a1 wins (capture in 11)",
  );
});
