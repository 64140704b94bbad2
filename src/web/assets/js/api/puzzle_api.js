// @ts-check
// The puzzle trainer's routes (docs/api.md, "Puzzles"), one function each,
// and the shapes of their answers. A puzzle comes without its solution: the
// server judges each move and sends the line only once the puzzle is over.
import { request } from './api.js';

/** @typedef {import('./api.js').Side} Side */
/**
 * @typedef {{ rating: number, deviation: number, provisional: boolean, attempts: number }} PuzzlePlayer
 * @typedef {{ id: string, variant: string, fen: string, side: Side, goal: 'win' | 'defend',
 *             themes: string[], rating: number, legal_moves: string[] }} Puzzle
 * @typedef {{ puzzle: Puzzle, player: PuzzlePlayer, date?: string }} PuzzleAnswer
 * @typedef {{ id: string, moves: { move: string, correct: boolean }[], reply: string | null,
 *             status: 'playing' | 'solved' | 'failed', fen_after_move: string | null,
 *             fen_after_reply: string | null, legal_moves?: string[], solution?: string[],
 *             solution_fens?: string[], rated?: boolean, change?: number, puzzle_rating?: number,
 *             player: PuzzlePlayer }} AttemptAnswer
 * @typedef {{ themes: { name: string, count: number }[], total: number }} PuzzleThemes
 */

/** @param {Record<string, string | undefined>} params */
const query = (params) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : '';
};

export const puzzleApi = {
  /** @returns {Promise<PuzzleThemes>} */
  themes: () => request('GET', '/api/puzzles/themes'),
  /** @param {string} theme @param {string} after @returns {Promise<PuzzleAnswer>} */
  next: (theme, after) => request('GET', `/api/puzzles/next${query({ theme, after })}`),
  /** @returns {Promise<PuzzleAnswer>} */
  daily: () => request('GET', '/api/puzzles/daily'),
  /** @param {string} id @returns {Promise<PuzzleAnswer>} */
  puzzle: (id) => request('GET', `/api/puzzles/${encodeURIComponent(id)}`),
  /** @param {string} id @param {string[]} moves @param {boolean} giveUp @returns {Promise<AttemptAnswer>} */
  attempt: (id, moves, giveUp) =>
    request('POST', `/api/puzzles/${encodeURIComponent(id)}/attempt`, { moves, give_up: giveUp }),
};
