// The analysis panel's tablebase line (src/web/assets/js/views/tablebase_view.js):
// the tables answer for the side to move; the page names the winner.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { moveVerdictText, tablebaseLine, verdictText } from '../../src/web/assets/js/views/tablebase_view.js';

test('a verdict names the side that wins, whoever is to move', () => {
  assert.equal(verdictText({ wdl: 'win', dtm: 7 }, 'blue'), 'Blue wins in 7 plies');
  assert.equal(verdictText({ wdl: 'win', dtm: 1 }, 'red'), 'Red wins in 1 ply');
  assert.equal(verdictText({ wdl: 'loss', dtm: 12 }, 'red'), 'Blue wins in 12 plies');
  assert.equal(verdictText({ wdl: 'loss', dtm: 2 }, 'blue'), 'Red wins in 2 plies');
  assert.equal(verdictText({ wdl: 'draw', dtm: 0 }, 'red'), 'draw');
});

test('each move is valued for the side that plays it, and the line says whose moves they are', () => {
  assert.equal(moveVerdictText({ move: 'b1c1', wdl: 'win', dtm: 7 }), 'b1c1 wins in 7');
  assert.equal(moveVerdictText({ move: 'b1b2', wdl: 'draw', dtm: 0 }), 'b1b2 draws');
  assert.equal(moveVerdictText({ move: 'b1a1', wdl: 'loss', dtm: 4 }), 'b1a1 loses in 4');
  const answer = {
    available: true,
    wdl: /** @type {const} */ ('loss'),
    dtm: 4,
    moves: [
      { move: 'a8a7', wdl: /** @type {const} */ ('loss'), dtm: 4 },
      { move: 'a8b8', wdl: /** @type {const} */ ('loss'), dtm: 2 },
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
