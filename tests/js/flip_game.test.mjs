// A game where chance acts, as the page's one game app reads it: what its
// capabilities allow, its seats apart from its colours (the first flip
// decides them), its status line, move list and names
// (src/web/assets/js/game/game.js, format.js).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  allows,
  colourOfSeat,
  facesRed,
  hasEvalBar,
  moveSeat,
  premoveSeat,
  resigningSide,
  seatOfColour,
  seatToMove,
  takeBackPlies,
} from '../../src/web/assets/js/game/game.js';
import { moveRows, moveText, moveTitle, seatName, statusText } from '../../src/web/assets/js/game/format.js';
import { HUMAN, engine, game } from './fixtures.mjs';

const FLIP = {
  undo: true,
  chance: true,
  hidden_information: false,
  setup: false,
  analysis: true,
  review: true,
  premoves: true,
  tablebases: true,
  editor: true,
};

const SHOWN = { view: 0, engineRequest: false, autoplay: true };

/** A flip game: the first seat flipped b2 and drew a Red Leopard, so it plays Red. */
const flipGame = (fields = {}) =>
  game({
    kind: 'flip',
    family: 'flip',
    capabilities: FLIP,
    start_fen: '????/????/????/???? - RCDWPTLErcdwptle 0 1',
    players: { blue: HUMAN, red: engine() },
    first_player_colour: 'red',
    seat_to_move: 'red',
    side_to_move: 'blue',
    ply: 1,
    moves: [
      {
        ply: 1,
        move: 'b2?=p',
        action: 'b2?',
        revealed: 'p',
        seat: 'blue',
        side: 'red',
        fen: '????/????/?p??/???? w x 0 2',
      },
    ],
    ...fields,
  });

test('what a game allows is its capabilities; a state without them is an open game', () => {
  const g = flipGame();
  assert.equal(allows(g, 'chance'), true);
  assert.equal(allows(g, 'premoves'), true);
  assert.equal(allows(g, 'editor'), true);
  assert.equal(allows(g, 'tablebases'), true);
  assert.equal(allows(null, 'undo'), false);
  const open = game();
  assert.equal(allows(open, 'premoves'), true);
  assert.equal(allows(open, 'chance'), false);
  assert.equal(hasEvalBar(open), true);
  assert.equal(hasEvalBar(g), false, 'an expected score over the pool is not a score for the bar');
  assert.equal(hasEvalBar(game({ capabilities: { ...FLIP, chance: false, hidden_information: true } })), false);
});

test("a premove is queued for the person's seat while the engine's is to move, on every board alike", () => {
  // The engine's seat (red) is to move: the person's seat may queue one.
  assert.equal(premoveSeat(flipGame()), 'blue');
  assert.equal(premoveSeat(flipGame({ capabilities: { ...FLIP, premoves: false } })), null);
  assert.equal(premoveSeat(flipGame({ seat_to_move: 'blue' })), null, "the person's own turn");
  assert.equal(premoveSeat(flipGame({ status: 'over' })), null);
  assert.equal(premoveSeat(flipGame({ players: { blue: HUMAN, red: HUMAN } })), null, 'a shared screen');
  // Online, this browser's seat while the opponent's is to move.
  const online = { mode: 'online', you: ['blue'], players: { blue: HUMAN, red: HUMAN } };
  assert.equal(premoveSeat(flipGame(online)), 'blue');
  assert.equal(premoveSeat(flipGame({ ...online, you: ['red'] })), null);
});

test('seats are not colours where the first flip decides them', () => {
  const g = flipGame();
  assert.equal(seatToMove(g), 'red');
  assert.equal(moveSeat(g.moves[0]), 'blue');
  assert.equal(colourOfSeat(g, 'blue'), 'red');
  assert.equal(seatOfColour(g, 'blue'), 'red');
  assert.equal(seatOfColour(g, 'red'), 'blue');
  assert.equal(seatName(g, 'blue'), 'Red');
  const before = flipGame({ first_player_colour: null, side_to_move: null, seat_to_move: 'blue', ply: 0, moves: [] });
  assert.equal(colourOfSeat(before, 'blue'), null);
  assert.equal(seatName(before, 'blue'), 'The first player');
  assert.equal(seatName(before, 'red'), 'The second player');
  // An open game's seats are its colours.
  const open = game();
  assert.equal(seatToMove(open), open.side_to_move);
  assert.equal(colourOfSeat(open, 'red'), 'red');
  assert.equal(seatOfColour(open, 'red'), 'red');
  assert.equal(seatName(open, 'red'), 'Red');
});

test("the engine's seat is asked by seat: a take-back goes back past it, the person resigns", () => {
  const g = flipGame({
    seat_to_move: 'blue',
    side_to_move: 'red',
    ply: 2,
    moves: [
      { ply: 1, move: 'b2?=p', action: 'b2?', revealed: 'p', seat: 'blue', side: 'red', fen: 'f1' },
      { ply: 2, move: 'a1?=E', action: 'a1?', revealed: 'E', seat: 'red', side: 'blue', fen: 'f2' },
    ],
  });
  assert.equal(takeBackPlies(g), 2, "the engine's flip and the person's before it");
  assert.equal(resigningSide(g), 'blue', 'the seat, which plays Red');
  // Turned to the person's colour only once chance has decided it.
  assert.equal(facesRed(g), true);
  assert.equal(facesRed(flipGame({ first_player_colour: null })), false);
});

test("a flip game's status line names the seat to move, and its colour once decided", () => {
  const start = flipGame({
    players: { blue: HUMAN, red: HUMAN },
    first_player_colour: null,
    side_to_move: null,
    seat_to_move: 'blue',
    ply: 0,
    moves: [],
  });
  assert.equal(statusText(start, SHOWN), 'First player to move: turn a tile over (the first flip decides the colours)');
  const g = flipGame({ seat_to_move: 'blue', side_to_move: 'red', players: { blue: HUMAN, red: engine() } });
  assert.equal(
    statusText(g, { ...SHOWN, view: 1 }),
    'Red to move (first player): turn a tile over or move one of your animals',
  );
  assert.equal(statusText(g, { ...SHOWN, view: 1, engineRequest: true }), 'The engine is thinking…');
  const online = flipGame({ mode: 'online', you: [], seats: { blue: { taken: true }, red: { taken: true } } });
  assert.equal(statusText(online, { ...SHOWN, view: 1 }), 'Watching: Blue to move.');
});

test('a flip reads with what it revealed; the move list numbers the plies by seat', () => {
  const g = flipGame();
  assert.equal(moveText(g.moves[0], false), 'b2?=p (Red Leopard)');
  assert.equal(moveText(g.moves[0], true), 'b2?=p (Red Leopard)');
  assert.equal(moveTitle(g.moves[0]), 'b2 turned over: the Red Leopard');
  const moves = [
    g.moves[0],
    { ply: 2, move: 'a1?=E', action: 'a1?', revealed: 'E', seat: 'red', side: 'blue', fen: 'f2' },
    { ply: 3, move: 'b2b3', action: 'b2b3', seat: 'blue', side: 'red', piece: 'p', captured: null, fen: 'f3' },
  ];
  // The first seat's Red ply opens the first row: no gap before it.
  assert.deepEqual(moveRows(g.start_fen, /** @type {any} */ (moves)), [
    { number: 1, gap: false, plies: [1, 2] },
    { number: 2, gap: false, plies: [3] },
  ]);
});
