// @ts-check
// Questions about a game as the server sent it (docs/api.md): who plays,
// which position a ply shows, how far a take-back goes. Pure, so that they
// are unit-tested without a page (tests/js).

/** @typedef {import('../api/api.js').Game} Game */
/** @typedef {import('../api/api.js').Player} Player */
/** @typedef {import('../api/api.js').Players} Players */
/** @typedef {import('../api/api.js').Side} Side */
/** @typedef {import('../api/api.js').GameMove} GameMove */
/** @typedef {import('../api/api.js').Capabilities} Capabilities */

/** @type {readonly Side[]} */
export const SIDES = ['blue', 'red'];

/** @param {Side} side @returns {Side} */
export const other = (side) => (side === 'blue' ? 'red' : 'blue');

/**
 * What the game allows (docs/api.md, "Game state": `capabilities`): the page
 * offers a feature where the game's capabilities say so, never by which
 * family the game is. A state without them (an older server's) is an open
 * game's.
 * @param {Game | null} game
 * @param {keyof Capabilities} what
 */
export function allows(game, what) {
  if (!game) return false;
  return (game.capabilities ?? OPEN_CAPABILITIES)[what];
}

/** @type {Capabilities} */
const OPEN_CAPABILITIES = {
  undo: true,
  chance: false,
  hidden_information: false,
  setup: false,
  analysis: true,
  review: true,
  premoves: true,
  tablebases: true,
  editor: true,
};

/**
 * Whether the evaluation bar applies: the open engine's score of a position
 * everyone sees whole. Where chance acts the engine gives an expected score
 * over the pool instead (its own bar, in the analysis panel), and with
 * hidden information a score would tell what a player may not see.
 * @param {Game | null} game
 */
export const hasEvalBar = (game) => !!game && !allows(game, 'chance') && !allows(game, 'hidden_information');

/**
 * The seat whose turn it is. The players are seats: in most games a seat
 * is its colour, but where chance decides the colours (a first flip) the
 * first seat ("blue") may play Red, and the game names the seat apart
 * (`seat_to_move`). Before the colours are decided there is no side to
 * move, only a seat.
 * @param {Game} game @returns {Side}
 */
export const seatToMove = (game) => game.seat_to_move ?? game.side_to_move;

/** The seat that played a move (its colour, unless the game names the seat). @param {GameMove} m @returns {Side} */
export const moveSeat = (m) => m.seat ?? m.side;

/**
 * The seat that plays `colour` (itself, unless the first player drew Red).
 * @param {Game} game @param {Side} colour @returns {Side}
 */
export const seatOfColour = (game, colour) => (game.first_player_colour === 'red' ? other(colour) : colour);

/** The colour `seat` plays, or null while chance has not decided it. @param {Game} game @param {Side} seat */
export function colourOfSeat(game, seat) {
  if (game.seat_to_move === undefined) return seat;
  if (!game.first_player_colour) return null;
  return game.first_player_colour === 'red' ? other(seat) : seat;
}

/** @param {Game | null} game @param {Side} side */
export const isEngine = (game, side) => game?.players[side]?.type === 'engine';

/** The sides people play. @param {Game | null} game */
export const humanSides = (game) => SIDES.filter((s) => !isEngine(game, s));

/** @param {Game | null} game */
export const enginesOnly = (game) => isEngine(game, 'blue') && isEngine(game, 'red');

/** Whether two players on two devices play it. @param {Game | null} game */
export const isOnline = (game) => game?.mode === 'online';

/**
 * The seats this browser holds: what the server says (`you`), else, for an
 * answer without it, both (a local game's creator holds every seat).
 * @param {Game | null} game @returns {readonly Side[]}
 */
export const mySides = (game) => (game ? (game.you ?? SIDES) : []);

/** Whether this browser only watches. @param {Game | null} game */
export const isSpectator = (game) => !!game && mySides(game).length === 0;

/** Whether `side` is one this browser plays. @param {Game | null} game @param {Side} side */
export const isMine = (game, side) => mySides(game).includes(side);

/** An online game whose second seat nobody has taken yet. @param {Game | null} game */
export const waitingForOpponent = (game) =>
  isOnline(game) && SIDES.some((s) => game?.seats?.[s] && !game.seats[s].taken);

/**
 * The opponent's side in an online game this browser plays, else null.
 * @param {Game | null} game @returns {Side | null}
 */
export function opponentSide(game) {
  const mine = mySides(game);
  return isOnline(game) && mine.length === 1 ? other(mine[0]) : null;
}

/**
 * The seat a person may queue a move for (a premove) in the game's current
 * position while another seat is to move, where the game allows premoves:
 * against the engine the person's seat, online this browser's seat while
 * its opponent is to move; null on a shared screen, for a spectator, and
 * once the game is over. Every board asks this one rule.
 * @param {Game} g @returns {Side | null}
 */
export function premoveSeat(g) {
  if (g.status !== 'ongoing' || waitingForOpponent(g) || !allows(g, 'premoves')) return null;
  const toMove = seatToMove(g);
  const humans = isOnline(g) ? mySides(g) : humanSides(g);
  if (humans.length === 1 && isEngine(g, toMove)) return humans[0];
  return opponentSide(g) === toMove ? other(toMove) : null;
}

/**
 * When (server ms) the opponent, gone, may be claimed as having abandoned
 * the game; null while connected or when it does not apply.
 * @param {Game | null} game
 */
export function claimableAt(game) {
  const opp = opponentSide(game);
  if (!game || !opp || game.status !== 'ongoing') return null;
  const seat = game.seats?.[opp];
  if (!seat || !seat.taken || seat.connected !== false || seat.left_ms == null) return null;
  return seat.left_ms + (game.abandon_timeout_ms ?? 0);
}

/** The FEN after `ply` moves. @param {Game} game @param {number} ply */
export const fenAt = (game, ply) => (ply === 0 ? game.start_fen : game.moves[ply - 1].fen);

/**
 * Whose turn it is after `ply` plies, read from that ply's FEN: the colour,
 * or null while chance has not decided the colours (a first-flip set's FEN
 * side "-"). An engine's scores are the side to move's. The position now is
 * read from the game's own FEN: a hidden game's moves carry none.
 * @param {Game} g @param {number} ply
 * @returns {Side | null}
 */
export function colourToMoveAt(g, ply) {
  return colourToMoveIn(ply === g.ply && g.fen ? g.fen : fenAt(g, ply));
}

/**
 * Whose turn it is in a FEN of any family: the colour, or null while chance
 * has not decided the colours (side "-").
 * @param {string} fen @returns {Side | null}
 */
export function colourToMoveIn(fen) {
  const side = fen.trim().split(/\s+/)[1];
  return side === 'w' ? 'blue' : side === 'b' ? 'red' : null;
}

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
    while (plies < game.ply && isEngine(game, moveSeat(game.moves[game.ply - plies]))) plies += 1;
  }
  return plies;
}

/**
 * Who resigns: the one seat this browser holds online, the one person
 * against the engine, else the side to move.
 * @param {Game} game @returns {Side}
 */
export function resigningSide(game) {
  const mine = mySides(game);
  if (isOnline(game) && mine.length === 1) return mine[0];
  const humans = humanSides(game);
  return humans.length === 1 ? humans[0] : seatToMove(game);
}

/**
 * Whether the board is shown from Red's side when a game opens: when Red is
 * the one seat this browser plays online, or the one person playing.
 * @param {Game} game
 */
export function facesRed(game) {
  const mine = mySides(game);
  // (A seat's colour, where chance decides it, is known only after the first flip.)
  if (isOnline(game)) return mine.length === 1 && colourOfSeat(game, mine[0]) === 'red';
  const humans = humanSides(game);
  return humans.length === 1 && colourOfSeat(game, humans[0]) === 'red';
}

/**
 * The players of a new game from the dialog's "Who plays" choice.
 * @param {string} mode 'blue' or 'red' (the side the person plays), 'friend', 'online' or 'engines'
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
