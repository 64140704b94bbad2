// The animals a flip on a side line may be chosen to reveal: those face
// down in the position explored, Blue's first, strongest first
// (src/web/assets/js/views/flip_picker.js), a colour read from any
// family's FEN (game.js), and a flip position set up by hand (flip_edit.js).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseFlipFen } from '../../src/web/assets/js/game/flip.js';
import {
  buildFlipFen,
  faceDownCount,
  flipComposition,
  poolFor,
  takenAnimals,
} from '../../src/web/assets/js/game/flip_edit.js';
import { colourToMoveIn } from '../../src/web/assets/js/game/game.js';
import { revealChoices } from '../../src/web/assets/js/views/flip_picker.js';

test('a side line flip chooses among the animals face down there, Blue first, strongest first', () => {
  const { pool } = parseFlipFen('??2/?3/c3/L3 w RDr 0 1');
  assert.deepEqual(revealChoices(pool), [
    { letter: 'D', count: 1 },
    { letter: 'R', count: 1 },
    { letter: 'r', count: 1 },
  ]);
  // Two of an animal are one choice, counted.
  assert.deepEqual(revealChoices(parseFlipFen('??2/4/4/4 - LL 0 1').pool), [{ letter: 'L', count: 2 }]);
  assert.deepEqual(revealChoices(parseFlipFen('3D/4/c3/L3 w - 0 1').pool), []);
});

test('the colour to move of a FEN: w Blue, b Red, "-" while chance has not decided it', () => {
  assert.equal(colourToMoveIn('3D/4/c3/L3 w - 0 1'), 'blue');
  assert.equal(colourToMoveIn('l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b 0 1'), 'red');
  assert.equal(colourToMoveIn('????/????/????/???? - RCDWPTLErcdwptle 0 1'), null);
});

test('a flip position set up by hand: the pool is the set less what is face up and what is taken', () => {
  const start = '????/????/????/???? - RCDWPTLErcdwptle 0 1';
  const composition = flipComposition(start);
  assert.equal(
    Object.values(composition).reduce((a, b) => a + b, 0),
    16,
  );
  // Blue's Lion on a1 and Red's Cat on c2 face up, two tiles face down; every
  // other animal taken but Blue's Dog and Red's Rat.
  const board = { a4: '?', b4: '?', c2: 'c', a1: 'L' };
  const pool = parseFlipFen('??2/4/2c1/L3 w Dr 0 1').pool;
  const taken = takenAnimals(composition, board, pool);
  assert.deepEqual(Object.keys(taken).sort(), ['C', 'E', 'P', 'R', 'T', 'W', 'd', 'e', 'l', 'p', 't', 'w']);
  assert.deepEqual(poolFor(composition, board, taken), pool);
  assert.equal(buildFlipFen(board, 'blue', poolFor(composition, board, taken)), '??2/4/2c1/L3 w Dr 0 1');
  assert.equal(faceDownCount(board), 2);
  // Nothing taken: the pool is every animal not face up; the side "-" while undecided.
  assert.equal(buildFlipFen({}, null, poolFor(composition, {}, {})), '4/4/4/4 - RCDWPTLErcdwptle 0 1');
  assert.equal(
    buildFlipFen({ d4: 'E' }, 'red', poolFor(composition, { d4: 'E' }, { ...composition, E: 0 })),
    '3E/4/4/4 b - 0 1',
  );
});
