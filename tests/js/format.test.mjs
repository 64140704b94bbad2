// The page's text: scores, labels, status lines, move numbers, the
// evaluation bar's curve (src/web/assets/js/game/format.js).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  analysisDone,
  analysisStats,
  evalShare,
  formatScore,
  fullMoves,
  gameRowCells,
  hintMessage,
  levelName,
  listedPlayerName,
  moveLabel,
  moveRows,
  moveSquares,
  moveText,
  moveTitle,
  playerLabel,
  playerShortName,
  pvMoves,
  resultBanner,
  scoreSentence,
  sideName,
  statusText,
} from '../../src/web/assets/js/game/format.js';
import { HUMAN, engine, game, move } from './fixtures.mjs';

test('scores are in pawns for Blue, signed, and forced wins in moves', () => {
  assert.equal(formatScore(35, null), '+0.35');
  assert.equal(formatScore(-120, null), '−1.20');
  assert.equal(formatScore(0, undefined), '0.00');
  assert.equal(formatScore(-4, null), '−0.04');
  assert.equal(formatScore(30000, 3), 'M3');
  assert.equal(formatScore(-30000, -2), '−M2');
  // `mate` counts from the side to move: Red to move and winning is Blue's −M1.
  assert.equal(formatScore(-30000, 1), '−M1');
  assert.equal(formatScore(30000, -1), 'M1');
});

test('evaluations in words name the winner of a forced win', () => {
  assert.equal(scoreSentence({ blue_score: 35, mate: null }), '+0.35 for Blue');
  assert.equal(scoreSentence({ blue_score: -30000, mate: 1 }), 'Red wins in 1 move');
  assert.equal(scoreSentence({ blue_score: 30000, mate: -3 }), 'Blue wins in 3 moves');
  assert.equal(
    hintMessage(/** @type {any} */ ({}), 0, { move: 'd2d1', blue_score: -30000, mate: 1, depth: 1, pv: [], nps: 0 }),
    'Hint: d2d1 (Red wins in 1 move)',
  );
});

test('moves are counted as numbered, not as plies', () => {
  assert.equal(fullMoves('7/7/7/7/7/7/7/7/7 w 0 1', 0), 0);
  assert.equal(fullMoves('7/7/7/7/7/7/7/7/7 w 0 1', 3), 2);
  assert.equal(fullMoves('7/7/7/7/7/7/7/7/7 w 0 1', 4), 2);
  assert.equal(fullMoves('7/7/7/7/7/7/7/7/7 b 0 1', 1), 1);
  assert.equal(fullMoves('7/7/7/7/7/7/7/7/7 b 0 1', 2), 2);
  assert.equal(fullMoves('7/7/7/7/7/7/7/7/7 b 0 1', 3), 2);
  const g = game({ moves: [move(1, 'a3a4', 'blue', 'E'), move(2, 'g7g6', 'red', 'e'), move(3, 'a4a5', 'blue', 'E')] });
  assert.equal(moveLabel(g, 1), '1. a3a4');
  assert.equal(moveLabel(g, 2), '1… g7g6');
  assert.equal(moveLabel(g, 3), '2. a4a5');
});

test('sides and levels have names', () => {
  assert.equal(sideName('blue'), 'Blue');
  assert.equal(sideName('red'), 'Red');
  assert.equal(levelName(0), 'Level 1 · beginner');
  assert.equal(levelName(9), 'Level 4 · club');
  assert.equal(levelName(20), 'Level 8 · full strength');
  assert.equal(levelName(7), 'skill 7');
});

test('a player strip names the engine, its level and time, or the person', () => {
  const g = game({ players: { blue: HUMAN, red: engine(9, 1000) } });
  assert.equal(playerLabel(g, 'red'), 'Engine · Level 4<span class="strip-level-name"> · club</span> · 1&nbsp;s');
  assert.equal(playerLabel(g, 'blue'), 'You');
  assert.equal(playerLabel(game({ players: { blue: HUMAN, red: HUMAN } }), 'red'), 'Player');
  assert.equal(
    playerLabel(game({ players: { blue: engine(7, 250), red: HUMAN } }), 'blue'),
    'Engine · skill 7 · 0.25&nbsp;s',
  );
  assert.equal(playerLabel(null, 'blue'), '');
});

test("a rated game's strips show each player's rating by the name", () => {
  const seats = { blue: { taken: true }, red: { taken: true } };
  const rated = game({
    mode: 'online',
    you: ['blue'],
    seats,
    players: { blue: { ...HUMAN, rating: '1662?' }, red: { ...HUMAN, rating: '1338' } },
  });
  assert.equal(playerLabel(rated, 'blue'), 'You (1662?)');
  assert.equal(playerLabel(rated, 'red'), 'Anonymous (1338)');
  // A rated game's state names each seat's account, the opponent's shown
  // (escaped) where no name was chosen for the game.
  const accounts = game({
    mode: 'online',
    you: ['blue'],
    seats,
    players: {
      blue: { ...HUMAN, account: 'Ann', rating: '1662?' },
      red: { ...HUMAN, account: 'Bob<i>', rating: '1338' },
    },
  });
  assert.equal(playerLabel(accounts, 'blue'), 'You (1662?)');
  assert.equal(playerLabel(accounts, 'red'), 'Bob&#60;i&#62; (1338)');
  // A name chosen for the game comes first, escaped; a rating is digits and
  // "?" only, never markup.
  const named = game({
    mode: 'online',
    you: ['red'],
    seats,
    players: { blue: { ...HUMAN, name: 'Ann <3', rating: '1500?' }, red: { ...HUMAN, rating: '<b>1500</b>' } },
  });
  assert.equal(playerLabel(named, 'blue'), 'Ann &#60;3 (1500?)');
  assert.equal(playerLabel(named, 'red'), 'You');
  // A casual game has none.
  assert.equal(
    playerLabel(game({ mode: 'online', you: ['blue'], seats, players: { blue: HUMAN, red: HUMAN } }), 'red'),
    'Anonymous',
  );
});

test('the games list names players shortly', () => {
  assert.equal(playerShortName(engine(12)), 'Engine · Level 5');
  assert.equal(playerShortName(engine(7)), 'Engine · skill 7');
  assert.equal(playerShortName(HUMAN), 'Human');
  assert.equal(playerShortName(undefined), 'Human');
  const summary = {
    id: 3,
    variant: 'standard',
    ply: 4,
    players: { blue: HUMAN, red: engine(0) },
    result: '*',
    updated_ms: 0,
  };
  assert.deepEqual(gameRowCells(summary, 'today'), [
    '3',
    'today',
    'standard',
    'Human',
    'Engine · Level 1',
    '2',
    'playing',
  ]);
  assert.equal(gameRowCells({ ...summary, moves: 3 }, 'today')[5], '3');
  assert.deepEqual(gameRowCells({ ...summary, result: '1-0' }, 'today').at(-1), '1-0');
  // A flip game whose first seat (the human) played Red: the columns are colours.
  assert.deepEqual(gameRowCells({ ...summary, first_player_colour: 'red' }, 'today').slice(3, 5), [
    'Engine · Level 1',
    'Human',
  ]);
  assert.deepEqual(gameRowCells({ ...summary, first_player_colour: 'blue' }, 'today').slice(3, 5), [
    'Human',
    'Engine · Level 1',
  ]);
});

test('a listed seat shows its account and, in a rated game, its rating', () => {
  assert.equal(listedPlayerName({ type: 'human' }, 'Human'), 'Human');
  assert.equal(listedPlayerName(undefined, 'Anonymous'), 'Anonymous');
  assert.equal(listedPlayerName({ type: 'human', account: 'Ann' }, 'Human'), 'Ann');
  assert.equal(listedPlayerName({ type: 'human', account: 'Ann', rating: '1662?' }, 'Human'), 'Ann (1662?)');
  // The name chosen for the game comes first; a rating is digits and "?" only.
  assert.equal(
    listedPlayerName({ type: 'human', name: 'Annie', account: 'Ann', rating: '1500' }, 'Human'),
    'Annie (1500)',
  );
  assert.equal(listedPlayerName({ type: 'human', account: 'Ann', rating: '<b>' }, 'Human'), 'Ann');
  assert.equal(listedPlayerName(engine(1), 'Human'), 'Engine · skill 1');
});

test('the status line says whose move it is, who thinks, or what is viewed', () => {
  const shown = { view: 0, engineRequest: false, autoplay: true };
  const vsEngine = game();
  assert.equal(statusText(vsEngine, shown), 'Your move (Blue).');
  assert.equal(statusText(game({ players: { blue: HUMAN, red: HUMAN } }), shown), 'Blue to move.');
  const moved = game({ moves: [move(1, 'a3a4', 'blue', 'E')] });
  assert.equal(statusText(moved, { ...shown, view: 1 }), 'Red (engine) to move.');
  assert.equal(statusText(moved, { ...shown, view: 1, engineRequest: true }), 'Red (engine) is thinking…');
  assert.equal(statusText(moved, shown), 'Viewing the start position — press ⏭ to return.');
  const two = game({ moves: [move(1, 'a3a4', 'blue', 'E'), move(2, 'g7g6', 'red', 'e')] });
  assert.equal(statusText(two, { ...shown, view: 1 }), 'Viewing the position after 1. a3a4 — press ⏭ to return.');
  const engines = game({ players: { blue: engine(), red: engine() } });
  assert.equal(statusText(engines, { ...shown, autoplay: false }), 'Paused.');
  assert.equal(statusText(engines, shown), 'Blue (engine) to move.');
  const over = game({ status: 'over', message: 'Blue wins: Red resigned' });
  assert.equal(statusText(over, { ...shown, engineRequest: true }), 'Blue wins: Red resigned');
});

test('moves are numbered in pairs from the start position', () => {
  assert.deepEqual(moveRows('l5t/7/7/7/7/7/7/7/T5L w 0 1', []), []);
  const moves = [move(1, 'a3a4', 'blue', 'E'), move(2, 'g7g6', 'red', 'e'), move(3, 'a4a5', 'blue', 'E')];
  assert.deepEqual(moveRows('l5t/7/7/7/7/7/7/7/T5L w 0 1', moves), [
    { number: 1, gap: false, plies: [1, 2] },
    { number: 2, gap: false, plies: [3] },
  ]);
  // Red to move first, at move 5: its move opens the row after a gap.
  const fromRed = [move(1, 'g7g6', 'red', 'e'), move(2, 'a3a4', 'blue', 'E'), move(3, 'g6g5', 'red', 'e')];
  assert.deepEqual(moveRows('l5t/7/7/7/7/7/7/7/T5L b 3 5', fromRed), [
    { number: 5, gap: true, plies: [1] },
    { number: 6, gap: false, plies: [2, 3] },
  ]);
  // A FEN without a move number counts from 1.
  assert.deepEqual(moveRows('l5t/7/7/7/7/7/7/7/T5L b', fromRed.slice(0, 2)), [
    { number: 1, gap: true, plies: [1] },
    { number: 2, gap: false, plies: [2] },
  ]);
});

test("a move's tooltip names the animal and what it takes", () => {
  assert.equal(moveTitle(move(1, 'a3a4', 'blue', 'E')), 'Blue Elephant a3→a4');
  assert.equal(moveTitle(move(2, 'b6b2', 'red', 'l', 'C', true)), 'Red Lion b6→b2 takes the Cat');
});

test('the result banner says who won, and why, capitalised', () => {
  const won = game({ status: 'over', winner: 'blue', message: "Blue wins: the Lion entered Red's den" });
  assert.deepEqual(resultBanner(won), { title: 'Blue wins', text: "The Lion entered Red's den" });
  const lost = game({ status: 'over', winner: 'red', message: 'Red wins: Blue resigned' });
  assert.deepEqual(resultBanner(lost), { title: 'Red wins', text: 'Blue resigned' });
  const left = game({ status: 'over', winner: 'blue', message: 'Blue wins (game abandoned)' });
  assert.deepEqual(resultBanner(left), { title: 'Blue wins', text: 'Game abandoned' });
  const flag = game({ status: 'over', winner: 'red', message: 'Red wins: Blue ran out of time' });
  assert.deepEqual(resultBanner(flag), { title: 'Red wins', text: 'Blue ran out of time' });
  const drawn = game({ status: 'over', message: 'draw by repetition' });
  assert.deepEqual(resultBanner(drawn), { title: 'Draw', text: 'Draw by repetition' });
});

test('the evaluation bar follows a logistic curve, kept off its ends', () => {
  assert.equal(evalShare({ blue_score: 0, mate: null }), 0.5);
  assert.equal(evalShare({ blue_score: 250 }), 1 / (1 + Math.exp(-1)));
  assert.equal(evalShare({ blue_score: -250, mate: null }), 1 / (1 + Math.exp(1)));
  assert.equal(evalShare({ blue_score: 5000, mate: null }), 0.98);
  assert.equal(evalShare({ blue_score: -5000, mate: null }), 0.02);
  assert.equal(evalShare({ blue_score: 30000, mate: 2 }), 0.98);
  assert.equal(evalShare({ blue_score: -30000, mate: -1 }), 0.02);
});

test('the analysis panel shows depth, score and speed, then that it is done', () => {
  const info = { depth: 9, blue_score: 35, mate: null, nps: 1234567, pv: ['a3a4'] };
  assert.equal(analysisStats(info), 'depth 9 · +0.35 · 1235 kN/s');
  assert.equal(analysisDone(analysisStats(info)), 'depth 9 · +0.35 · done');
  assert.equal(analysisDone('starting…'), 'starting… · done');
  assert.equal(
    hintMessage(/** @type {any} */ ({}), 0, { move: 'a3a4', blue_score: -50, mate: null }),
    'Hint: a3a4 (−0.50 for Blue)',
  );
});

test('a principal variation shows its first 12 moves, sides alternating', () => {
  const pv = Array.from({ length: 14 }, (_, i) => `m${i}`);
  const shown = pvMoves('red', pv);
  assert.equal(shown.length, 12);
  assert.deepEqual(shown.slice(0, 3), [
    { move: 'm0', side: 'red' },
    { move: 'm1', side: 'blue' },
    { move: 'm2', side: 'red' },
  ]);
  assert.deepEqual(pvMoves('blue', []), []);
});

test('moves read as coordinates or with the animal moved', () => {
  const step = move(1, 'f3f4', 'blue', 'L');
  const take = { ...move(2, 'b6b7', 'red', 'r'), captured: 'E' };
  assert.equal(moveText(step, false), 'f3f4');
  assert.equal(moveText(step, true), 'Lion f3–f4');
  assert.equal(moveText(take, true), 'Rat b6×b7');
  assert.deepEqual(moveSquares('a9a10'), ['a9', 'a10']);
  assert.deepEqual(moveSquares('b10c10'), ['b10', 'c10']);
});
