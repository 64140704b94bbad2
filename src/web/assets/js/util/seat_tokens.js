// @ts-check
// The seat tokens this browser was given for online games (kept in
// localStorage, "jungle.seats"), so that the "your turn" list can ask the
// server which of them wait for this player's move. Only one's own tokens
// are ever here: the server hands each player its own.

/** @typedef {Partial<Record<'blue' | 'red', string>>} SeatTokens */

const KEY = 'jungle.seats';
// The most games remembered (the server answers for at most 200 at once):
// the oldest go first.
export const MAX_REMEMBERED_GAMES = 200;

/** @returns {{ id: number, tokens: SeatTokens }[]} */
function read() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((e) => e && typeof e.id === 'number' && e.tokens) : [];
  } catch {
    return [];
  }
}

/**
 * Keeps the tokens of game `id` (merged with those kept before).
 * @param {number} id @param {SeatTokens | undefined} tokens
 */
export function rememberSeats(id, tokens) {
  if (!tokens || !Object.keys(tokens).length) return;
  const list = read();
  const old = list.find((e) => e.id === id);
  const rest = list.filter((e) => e.id !== id);
  rest.push({ id, tokens: { ...(old?.tokens ?? {}), ...tokens } });
  try {
    localStorage.setItem(KEY, JSON.stringify(rest.slice(-MAX_REMEMBERED_GAMES)));
  } catch {
    // Private mode: the list lasts this visit only.
  }
}

/** The games whose seats this browser holds, as the "your turn" route takes them. */
export const heldSeats = () =>
  read().map((e) => ({ id: e.id, tokens: Object.values(e.tokens).filter((t) => typeof t === 'string') }));
