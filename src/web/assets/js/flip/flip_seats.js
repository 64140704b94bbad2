// @ts-check
// Who plays a Flip Jungle game from this page: the seats this browser holds,
// whether the game is online and still waits for its second player, and
// the status line that says whose turn it is.

/** A flip game as GET /api/games/ID answers it (docs/api.md). @typedef {any} FlipGame */

/** The seats this browser holds (both in a local game it created). @param {FlipGame} g @returns {string[]} */
export const mySeats = (g) => g.you ?? ['blue', 'red'];
export const isOnline = (/** @type {FlipGame} */ g) => g.mode === 'online';
/** An online game whose second seat nobody has taken. @param {FlipGame} g */
export const waiting = (g) => isOnline(g) && ['blue', 'red'].some((s) => g.seats?.[s] && !g.seats[s].taken);

/**
 * The status line; `engineThinking`: this page waits for the engine's move.
 * @param {FlipGame} g @param {boolean} engineThinking
 */
export function statusText(g, engineThinking) {
  if (g.status === 'over') return g.message;
  if (waiting(g)) {
    return mySeats(g).length
      ? 'Waiting for your opponent to join: send them the link or the code.'
      : 'Waiting for a second player to join.';
  }
  if (isOnline(g) || mySeats(g).length === 0) {
    const colour = g.side_to_move ? (g.side_to_move === 'blue' ? 'Blue' : 'Red') : 'The first player';
    if (mySeats(g).includes(g.seat_to_move)) {
      return g.side_to_move
        ? `Your move (${colour}): turn a tile over or move one of your animals`
        : 'Your move: turn a tile over (the first flip decides the colours)';
    }
    return mySeats(g).length ? `${colour} to move: your opponent is thinking.` : `Watching: ${colour} to move.`;
  }
  if (engineThinking) return 'The engine is thinking…';
  const who =
    g.players[g.seat_to_move].type === 'engine'
      ? 'The engine'
      : g.seat_to_move === 'blue'
        ? 'First player'
        : 'Second player';
  if (!g.side_to_move) return `${who} to move: turn a tile over (the first flip decides the colours)`;
  const colour = g.side_to_move === 'blue' ? 'Blue' : 'Red';
  return `${colour} to move (${who.toLowerCase()}): turn a tile over or move one of your animals`;
}
