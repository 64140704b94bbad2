// Questions about a game (src/web/assets/js/game/game.js): who plays, which
// position a ply shows, how far a take-back goes, who resigns.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  capturedBy,
  enginesOnly,
  facesRed,
  fenAt,
  humanSides,
  isEngine,
  other,
  playersFor,
  resigningSide,
  takeBackPlies,
} from '../../src/web/assets/js/game/game.js';
import { HUMAN, START, engine, game, move } from './fixtures.mjs';

const TWO_MOVES = [move(1, 'a3a4', 'blue', 'E'), move(2, 'g7g6', 'red', 'e')];

test('players: engines, people, and whose side is the other', () => {
  const g = game();
  assert.equal(isEngine(g, 'red'), true);
  assert.equal(isEngine(g, 'blue'), false);
  assert.equal(isEngine(null, 'red'), false);
  assert.deepEqual(humanSides(g), ['blue']);
  assert.equal(enginesOnly(g), false);
  assert.equal(enginesOnly(game({ players: { blue: engine(), red: engine() } })), true);
  assert.equal(other('blue'), 'red');
  assert.equal(other('red'), 'blue');
});

test('each ply shows the position after it', () => {
  const g = game({ moves: TWO_MOVES });
  assert.equal(fenAt(g, 0), START);
  assert.equal(fenAt(g, 1), 'fen after 1');
  assert.equal(fenAt(g, 2), 'fen after 2');
});

test('captures are counted up to the ply viewed', () => {
  const moves = [
    move(1, 'a3a4', 'blue', 'E', 'r'),
    move(2, 'g7g6', 'red', 'e', 'W'),
    move(3, 'a4a5', 'blue', 'E', 'd'),
  ];
  const g = game({ moves });
  assert.deepEqual(capturedBy(g, 'blue', 3), ['R', 'D']);
  assert.deepEqual(capturedBy(g, 'blue', 2), ['R']);
  assert.deepEqual(capturedBy(g, 'red', 3), ['W']);
  assert.deepEqual(capturedBy(g, 'red', 0), []);
});

test('a take-back goes back to the last position where a person was to move', () => {
  // The engine replied: both moves go.
  assert.equal(takeBackPlies(game({ moves: TWO_MOVES })), 2);
  // The person's own move, not yet answered: one.
  assert.equal(takeBackPlies(game({ moves: TWO_MOVES.slice(0, 1) })), 1);
  // Two people: one move at a time.
  assert.equal(takeBackPlies(game({ moves: TWO_MOVES, players: { blue: HUMAN, red: HUMAN } })), 1);
  // Engines against each other: one move at a time.
  assert.equal(takeBackPlies(game({ moves: TWO_MOVES, players: { blue: engine(), red: engine() } })), 1);
  // The person plays Red and the engine opened: its move stays.
  assert.equal(takeBackPlies(game({ moves: TWO_MOVES.slice(0, 1), players: { blue: engine(), red: HUMAN } })), 1);
  // A game resigned before any move: reopening it is one step.
  assert.equal(takeBackPlies(game({ status: 'over' })), 1);
});

test('the person against the engine resigns, else the side to move', () => {
  assert.equal(resigningSide(game({ moves: TWO_MOVES.slice(0, 1) })), 'blue');
  assert.equal(resigningSide(game({ moves: TWO_MOVES.slice(0, 1), players: { blue: HUMAN, red: HUMAN } })), 'red');
});

test('the board faces Red when Red is the one person playing', () => {
  assert.equal(facesRed(game({ players: { blue: engine(), red: HUMAN } })), true);
  assert.equal(facesRed(game()), false);
  assert.equal(facesRed(game({ players: { blue: HUMAN, red: HUMAN } })), false);
  assert.equal(facesRed(game({ players: { blue: engine(), red: engine() } })), false);
});

test("the new game dialog's choice gives the players", () => {
  const e = engine(12, 500);
  assert.deepEqual(playersFor('blue', 12, 500), { blue: HUMAN, red: e });
  assert.deepEqual(playersFor('red', 12, 500), { blue: e, red: HUMAN });
  assert.deepEqual(playersFor('friend', 12, 500), { blue: HUMAN, red: HUMAN });
  assert.deepEqual(playersFor('engines', 12, 500), { blue: e, red: e });
});
