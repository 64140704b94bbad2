// The online game's pure parts: clocks run down from the server's word and
// written as players read them, low time, whose seats this browser holds,
// who resigns and which way the board faces online, when a game left may be
// claimed, and the status line of an online game.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatClock, isLowTime, lowTimeThreshold, timeLeft } from '../../src/web/assets/js/game/clock.js';
import {
  claimableAt,
  facesRed,
  isMine,
  isSpectator,
  mySides,
  opponentSide,
  resigningSide,
  waitingForOpponent,
} from '../../src/web/assets/js/game/game.js';
import { statusText } from '../../src/web/assets/js/game/format.js';
import { HUMAN, game } from './fixtures.mjs';

const control = { kind: 'sudden_death', initial_ms: 300000 };
const clock = (fields = {}) => ({ control, blue_ms: 300000, red_ms: 250000, running: 'blue', now_ms: 0, ...fields });

test('a clock runs down only while it runs', () => {
  assert.equal(timeLeft(clock(), 'blue', 1500), 298500);
  assert.equal(timeLeft(clock(), 'red', 1500), 250000);
  assert.equal(timeLeft(clock({ running: null }), 'blue', 1500), 300000);
  assert.equal(timeLeft(clock({ blue_ms: 100 }), 'blue', 1500), 0);
  assert.equal(timeLeft(clock(), 'blue', -50), 300000);
});

test('clocks are written as players read them', () => {
  assert.equal(formatClock(300000), '5:00');
  assert.equal(formatClock(299001), '5:00');
  assert.equal(formatClock(298999), '4:59');
  assert.equal(formatClock(61000), '1:01');
  assert.equal(formatClock(3723000), '1:02:03');
  assert.equal(formatClock(10000), '0:10');
  assert.equal(formatClock(9999), '9.9');
  assert.equal(formatClock(940), '0.9');
  assert.equal(formatClock(-5), '0.0');
  // A correspondence clock's days: days and whole hours from a day on.
  assert.equal(formatClock(86399000), '23:59:59');
  assert.equal(formatClock(86400000), '1 d 0 h');
  assert.equal(formatClock(3 * 86400000 - 1), '2 d 23 h');
  assert.equal(formatClock(14 * 86400000), '14 d 0 h');
});

test('low time is a tenth of the control, within 5 and 30 seconds', () => {
  assert.equal(lowTimeThreshold(control), 30000);
  assert.equal(lowTimeThreshold({ kind: 'sudden_death', initial_ms: 60000 }), 6000);
  assert.equal(lowTimeThreshold({ kind: 'sudden_death', initial_ms: 4000 }), 5000);
  assert.equal(lowTimeThreshold({ kind: 'per_move', per_move_ms: 10000 }), 5000);
  assert.equal(lowTimeThreshold({ kind: 'correspondence', days: 3, per_move_ms: 3 * 86400000 }), 30000);
  assert.ok(isLowTime(clock(), 30000));
  assert.ok(!isLowTime(clock(), 30001));
});

const online = (fields = {}) =>
  game({
    mode: 'online',
    players: { blue: HUMAN, red: HUMAN },
    you: ['red'],
    seats: {
      blue: { player: 'human', taken: true, connected: true },
      red: { player: 'human', taken: true, connected: true },
    },
    abandon_timeout_ms: 30000,
    ...fields,
  });

test('online, this browser holds its own seat and no other', () => {
  const g = online();
  assert.deepEqual(mySides(g), ['red']);
  assert.ok(isMine(g, 'red') && !isMine(g, 'blue'));
  assert.equal(opponentSide(g), 'blue');
  assert.equal(resigningSide(g), 'red');
  assert.ok(facesRed(g));
  assert.ok(!facesRed(online({ you: ['blue'] })));
  assert.ok(isSpectator(online({ you: [] })));
  assert.equal(opponentSide(online({ you: [] })), null);
  // An answer without `you` comes from a local game's creator: both seats.
  assert.deepEqual(mySides(game()), ['blue', 'red']);
});

test('a game waits for its second player', () => {
  const g = online({
    seats: { blue: { player: 'human', taken: true }, red: { player: 'human', taken: false } },
    you: ['blue'],
  });
  assert.ok(waitingForOpponent(g));
  assert.ok(!waitingForOpponent(online()));
  const shown = { view: 0, engineRequest: false, autoplay: true };
  assert.match(statusText(g, shown), /Waiting for your opponent to join/);
  assert.match(statusText({ ...g, you: [] }, shown), /Waiting for a second player/);
});

test('the status line online: whose move, and an opponent gone', () => {
  const shown = { view: 0, engineRequest: false, autoplay: true };
  assert.equal(statusText(online(), shown), 'Blue to move: your opponent is thinking.');
  assert.equal(statusText(online({ you: ['blue'] }), shown), 'Your move (Blue).');
  assert.equal(statusText(online({ you: [] }), shown), 'Blue to move.');
  const gone = online({
    seats: {
      blue: { player: 'human', taken: true, connected: false, left_ms: 1000 },
      red: { player: 'human', taken: true, connected: true },
    },
  });
  assert.equal(statusText(gone, shown), 'Blue to move, but your opponent has left the game.');
});

test('a game left may be claimed once the timeout has passed', () => {
  assert.equal(claimableAt(online()), null);
  const gone = online({
    seats: {
      blue: { player: 'human', taken: true, connected: false, left_ms: 5000 },
      red: { player: 'human', taken: true, connected: true },
    },
  });
  assert.equal(claimableAt(gone), 35000);
  assert.equal(claimableAt({ ...gone, status: 'over' }), null);
  assert.equal(claimableAt({ ...gone, you: [] }), null);
});
