// How a stored or clicked piece style is read (src/web/assets/js/game/pieces.js).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pieceStyle } from '../../src/web/assets/js/game/pieces.js';

test('a piece style is one of the three, else the characters', () => {
  assert.equal(pieceStyle('letter'), 'letter');
  assert.equal(pieceStyle('icon'), 'icon');
  assert.equal(pieceStyle('glyph'), 'glyph');
  assert.equal(pieceStyle('emoji'), 'glyph');
  assert.equal(pieceStyle(undefined), 'glyph');
  assert.equal(pieceStyle(3), 'glyph');
});
