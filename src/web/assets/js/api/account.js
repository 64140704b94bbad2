// @ts-check
// The account routes (docs/accounts.md), one function per route, and the
// shapes of their answers. The login itself is an HttpOnly cookie the page
// never sees: these calls only send it along.
import { request } from './api.js';

/** @typedef {{ name: string, created_ms: number }} Account */
/**
 * One game of a profile: the side the player had ('both' on a shared
 * screen), its outcome for them, the owners' names (null: anonymous),
 * whether it was rated and in which category.
 * @typedef {{ id: number, variant: string, created_ms: number, updated_ms: number, plies: number,
 *             result: string, termination: string, side: 'blue' | 'red' | 'both',
 *             outcome: 'win' | 'draw' | 'loss' | 'aborted' | 'ongoing' | '', blue: string | null,
 *             red: string | null, rated: boolean, category?: string }} ProfileGame
 */
/**
 * The profile list's filters, each '' for any (docs/api.md): `rated`
 * 'true' or 'false', `category` a rating category, `result` an outcome.
 * @typedef {{ rated: string, category: string, result: string }} ProfileFilter
 */
/**
 * @typedef {{ name: string, created_ms: number, played: number, wins: number, draws: number,
 *             losses: number, games: ProfileGame[], limit: number, offset: number,
 *             ratings?: Record<string, { rating: number, deviation: number, provisional: boolean, games: number }> }} Profile
 */

/**
 * One counted game in a player's rating history: the rating after it
 * (deviation null for a game counted before the history was kept).
 * @typedef {{ game: number, category: string, at_ms: number, rating: number, deviation: number | null,
 *             side: 'blue' | 'red', outcome: 'win' | 'draw' | 'loss', opponent: string | null }} RatingPoint
 */
/** @typedef {{ name: string, history: RatingPoint[], limit: number, offset: number, more: boolean }} RatingHistory */

/**
 * A leaderboard: its category's best established ratings, best first.
 * @typedef {{ category: string,
 *             players: { rank: number, name: string, rating: number, deviation: number, games: number }[] }} Leaderboard
 */

/**
 * @type {{
 *   me: () => Promise<{ account: Account | null }>,
 *   signUp: (name: string, password: string) => Promise<{ account: Account, claimed: number }>,
 *   logIn: (name: string, password: string) => Promise<{ account: Account, claimed: number }>,
 *   logOut: () => Promise<{ account: null }>,
 *   changePassword: (oldPassword: string, newPassword: string) => Promise<{ changed: boolean }>,
 *   remove: (password: string) => Promise<{ deleted: boolean }>,
 *   profile: (name: string, limit: number, offset: number, filter?: ProfileFilter) => Promise<Profile>,
 *   recordUrl: (name: string) => string,
 *   history: (name: string, limit: number) => Promise<RatingHistory>,
 *   leaderboard: (category: string) => Promise<Leaderboard>,
 * }}
 */
export const accountApi = {
  me: () => request('GET', '/api/account'),
  signUp: (name, password) => request('POST', '/api/account/signup', { name, password }),
  logIn: (name, password) => request('POST', '/api/account/login', { name, password }),
  logOut: () => request('POST', '/api/account/logout', {}),
  changePassword: (oldPassword, newPassword) =>
    request('POST', '/api/account/password', { old_password: oldPassword, new_password: newPassword }),
  remove: (password) => request('DELETE', '/api/account', { password }),
  profile: (name, limit, offset, filter) => {
    const query = new URLSearchParams({ limit: String(limit), offset: String(offset) });
    for (const [key, value] of Object.entries(filter ?? {})) if (value) query.set(key, value);
    return request('GET', `/api/players/${encodeURIComponent(name)}?${query}`);
  },
  history: (name, limit) => request('GET', `/api/players/${encodeURIComponent(name)}/history?limit=${limit}`),
  recordUrl: (name) => `/api/players/${encodeURIComponent(name)}/record?download=1`,
  leaderboard: (category) => request('GET', `/api/leaderboard?category=${encodeURIComponent(category)}`),
};
