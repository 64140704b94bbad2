// @ts-check
// Questions about a game as the server sent it (docs/api.md): who plays,
// which position a ply shows, how far a take-back goes. Pure, so that they
// are unit-tested without a page (tests/js).

/** @typedef {import('./api.js').Game} Game */
/** @typedef {import('./api.js').Player} Player */
/** @typedef {import('./api.js').Players} Players */
/** @typedef {import('./api.js').Side} Side */

/** @type {readonly Side[]} */
export const SIDES = ['blue', 'red'];

/** @param {Side} side @returns {Side} */
export const other = (side) => (side === 'blue' ? 'red' : 'blue');

/** @param {Game | null} game @param {Side} side */
export const isEngine = (game, side) => game?.players[side]?.type === 'engine';

/** The sides people play. @param {Game | null} game */
export const humanSides = (game) => SIDES.filter((s) => !isEngine(game, s));

/** @param {Game | null} game */
export const enginesOnly = (game) => isEngine(game, 'blue') && isEngine(game, 'red');

/** The FEN after `ply` moves. @param {Game} game @param {number} ply */
export const fenAt = (game, ply) => (ply === 0 ? game.start_fen : game.moves[ply - 1].fen);

/**
 * The letters (upper case) of the pieces `side` has taken in the first `upto` moves.
 * @param {Game} game @param {Side} side @param {number} upto
 */
export function capturedBy(game, side, upto) {
  const taken = [];
  for (const m of game.moves.slice(0, upto)) {
    if (m.side === side && m.captured) taken.push(m.captured.toUpperCase());
  }
  return taken;
}

/**
 * How many moves "Take back" undoes: back to the last position where a person
 * was to move (one move when engines play each other; a game over before any
 * move, resigned, is reopened by one).
 * @param {Game} game
 */
export function takeBackPlies(game) {
  let plies = 1;
  if (!enginesOnly(game)) {
    while (plies < game.ply && isEngine(game, game.moves[game.ply - plies].side)) plies += 1;
  }
  return plies;
}

/**
 * Who resigns: the one person against the engine, else the side to move.
 * @param {Game} game @returns {Side}
 */
export function resigningSide(game) {
  const humans = humanSides(game);
  return humans.length === 1 ? humans[0] : game.side_to_move;
}

/**
 * Whether the board is shown from Red's side when a game opens: when Red is
 * the one person playing.
 * @param {Game} game
 */
export function facesRed(game) {
  const humans = humanSides(game);
  return humans.length === 1 && humans[0] === 'red';
}

/**
 * The players of a new game from the dialog's "Who plays" choice.
 * @param {string} mode 'blue' or 'red' (the side the person plays), 'friend' or 'engines'
 * @param {number} skill
 * @param {number} movetime in milliseconds
 * @returns {Players}
 */
export function playersFor(mode, skill, movetime) {
  /** @type {Player} */
  const engine = { type: 'engine', skill, movetime_ms: movetime };
  /** @type {Player} */
  const human = { type: 'human' };
  return {
    blue: mode === 'red' || mode === 'engines' ? engine : human,
    red: mode === 'blue' || mode === 'engines' ? engine : human,
  };
}
