// A hidden-pieces game on the page (src/web/assets/js/game/hidden.js): who
// sits at a shared screen, announcements in words that name only what the
// reader was shown, what a face-down piece can be, the set-up's exchanges.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  announcementText,
  arrangementText,
  candidateNote,
  hiddenCaptures,
  hiddenMoveText,
  isHotSeatHidden,
  pieceNotes,
  pieceWords,
  settingUp,
  sideAtScreen,
  setupMoves,
} from '../../src/web/assets/js/game/hidden.js';
import { moveRows, moveTitle } from '../../src/web/assets/js/game/format.js';
import { HUMAN, engine, game } from './fixtures.mjs';

// Blue's view before the first move: Red's animals unseen.
const BLUE_VIEW = 'x5x/1x3x1/x1x1x1x/7/7/7/E1W1P1R/1C3D1/T5L w 0 1 rcdwptle';
const SQUARES = ['a1', 'g1', 'b2', 'f2', 'a3', 'c3', 'e3', 'g3'];

/** An announcement as a hidden game's moves list it. */
const said = (fields) => ({
  ply: 1,
  move: 'a6a5',
  side: 'red',
  piece: '?',
  captured: null,
  lost: null,
  jump: false,
  fen: 'f',
  outcome: 'move',
  attacker: null,
  defender: null,
  ...fields,
});

// What a hidden-pieces game allows (docs/game-interface.md): the page goes by this, not by its family.
const HIDDEN_CAPABILITIES = {
  undo: false,
  chance: false,
  hidden_information: true,
  setup: true,
  analysis: true,
  review: false,
  premoves: false,
  tablebases: false,
  editor: false,
};

const hiddenGame = (fields = {}) =>
  game({
    kind: 'hidden',
    family: 'hidden',
    capabilities: HIDDEN_CAPABILITIES,
    fen: BLUE_VIEW,
    viewer: 'blue',
    players: { blue: HUMAN, red: HUMAN },
    ...fields,
  });

test('a shared screen: two people, not online, not an engine', () => {
  assert.equal(isHotSeatHidden(hiddenGame()), true);
  assert.equal(isHotSeatHidden(hiddenGame({ mode: 'online' })), false);
  assert.equal(isHotSeatHidden(hiddenGame({ players: { blue: HUMAN, red: engine() } })), false);
  assert.equal(isHotSeatHidden(game({ players: { blue: HUMAN, red: HUMAN } })), false);
});

test('who sits at the screen: the first person still arranging, then the side to move', () => {
  const arranging = hiddenGame({ setup: { mode: 'chosen', ready: { blue: false, red: false }, done: false } });
  assert.equal(settingUp(arranging), true);
  assert.equal(sideAtScreen(arranging), 'blue');
  const blueReady = hiddenGame({ setup: { mode: 'chosen', ready: { blue: true, red: false }, done: false } });
  assert.equal(sideAtScreen(blueReady), 'red');
  const playing = hiddenGame({
    side_to_move: 'red',
    setup: { mode: 'chosen', ready: { blue: true, red: true }, done: true },
  });
  assert.equal(settingUp(playing), false);
  assert.equal(sideAtScreen(playing), 'red');
});

test('announcements name an animal only when the reader has it', () => {
  assert.equal(pieceWords('red', '?'), 'the Red piece');
  assert.equal(pieceWords('red', 'r'), 'the Red Rat');
  assert.equal(pieceWords('blue', null), 'the Blue piece');
  assert.equal(announcementText(said({})), 'The Red piece moved from a6 to a5.');
  // Both shown (reveal = both).
  assert.equal(
    announcementText(
      said({ outcome: 'took', piece: 'r', captured: 'E', attacker: 'r', defender: 'E', announcement: 'a6a5:took=rE' }),
    ),
    'The Red Rat on a6 attacked the Blue Elephant on a5 and took it.',
  );
  // Nothing shown (reveal = none): squares only.
  assert.equal(
    announcementText(said({ outcome: 'took', captured: '?' })),
    'The Red piece on a6 attacked the Blue piece on a5 and took it.',
  );
  assert.equal(
    announcementText(said({ side: 'blue', move: 'g4g5', outcome: 'died', piece: 'E', lost: 'E', defender: null })),
    'The Blue Elephant on g4 attacked the Red piece on g5 and lost: the attacker is gone.',
  );
  assert.equal(
    announcementText(said({ side: 'blue', move: 'b3b4', outcome: 'bounced', piece: 'C', defender: 't' })),
    'The Blue Cat on b3 attacked the Red Tiger on b4 and bounced off: it stays on b3.',
  );
  assert.equal(
    announcementText(said({ side: 'blue', move: 'b3b4', outcome: 'refused', piece: 'C' })),
    'The Blue Cat on b3 attacked the Red piece on b4: the attack was refused, and Blue moves again.',
  );
  // The move list's tooltip is the announcement.
  assert.equal(moveTitle(said({})), 'The Red piece moved from a6 to a5.');
});

test('a hidden move in the list: squares, an attack with its outcome, the animal when known', () => {
  assert.equal(hiddenMoveText(said({}), false), 'a6a5');
  assert.equal(hiddenMoveText(said({}), true), 'a6–a5');
  assert.equal(hiddenMoveText(said({ outcome: 'took', piece: 'r' }), false), 'a6×a5 took');
  assert.equal(hiddenMoveText(said({ outcome: 'took', piece: 'r' }), true), 'Rat a6×a5 took');
  assert.equal(hiddenMoveText(said({ outcome: 'died' }), true), 'a6×a5 died');
});

test('a refused try keeps its row: the same side moves again', () => {
  const moves = [
    said({ side: 'blue', move: 'b3b4', outcome: 'refused' }),
    said({ side: 'blue', move: 'b3a3' }),
    said({ side: 'red', move: 'a7a6' }),
    said({ side: 'blue', move: 'a3a4' }),
  ];
  assert.deepEqual(
    moveRows('x w 0 1', moves).map((r) => [r.number, r.plies]),
    [
      [1, [1, 2, 3]],
      [2, [4]],
    ],
  );
});

test('what a face-down piece can be, once the announcements narrowed it', () => {
  assert.equal(candidateNote('rcdwptle', 8), '');
  assert.equal(candidateNote('dw', 8), 'it can be a Dog or Wolf');
  assert.equal(candidateNote('cdw', 8), 'it can be a Cat, Dog or Wolf');
  assert.equal(candidateNote('t', 6), 'it can only be the Tiger');
  const g = hiddenGame({
    pieces: [
      { square: 'a9', side: 'red', animal: null, candidates: 'rcdwptle' },
      { square: 'g9', side: 'red', animal: null, candidates: 'dw' },
      { square: 'a1', side: 'blue', animal: 'T', candidates: 'T' },
    ],
  });
  assert.deepEqual([...pieceNotes(g)], [['g9', 'it can be a Dog or Wolf']]);
});

test('the set-up: the own arrangement as the server reads it, two squares exchanged', () => {
  const g = hiddenGame({
    setup: { mode: 'chosen', ready: { blue: false, red: false }, done: false, squares: SQUARES },
  });
  assert.equal(arrangementText(g), 'a1=T g1=L b2=C f2=D a3=E c3=W e3=P g3=R');
  assert.equal(arrangementText(g, 'a1', 'g1'), 'a1=L g1=T b2=C f2=D a3=E c3=W e3=P g3=R');
  assert.equal(setupMoves(g).length, 8 * 7);
  assert.ok(setupMoves(g).includes('a1g3'));
});

test('what each side removed: defenders it took, attackers that died on it', () => {
  const g = hiddenGame({
    moves: [
      said({ ply: 1, side: 'red', outcome: 'took', captured: 'E' }),
      said({ ply: 2, side: 'blue', outcome: 'died', lost: 'C' }),
      said({ ply: 3, side: 'red', outcome: 'took', captured: '?' }),
    ],
  });
  assert.deepEqual(hiddenCaptures(g, 'red', 3), ['E', 'C', '?']);
  assert.deepEqual(hiddenCaptures(g, 'blue', 3), []);
  assert.deepEqual(hiddenCaptures(g, 'red', 1), ['E']);
});
