// @ts-check
// The review of a finished Flip Jungle game (docs/api.md, "Flip Jungle
// games"): the server's flip engine values every action of each position;
// each ply is judged by what the action played lost of its player's
// expected score against the best one (a flip by its value over the pool,
// not by what it revealed). The page starts it, polls its progress and
// marks the moves.
import { api, messageOf } from '../api/api.js';
import { toast } from '../util/dom.js';
import { drawEvalGraph } from '../views/eval_graph.js';

/**
 * One ply's judgement (null while unknown).
 * @typedef {{ ply: number, move: string, side: 'blue' | 'red' | null, best: string,
 *   expected_best: number, expected_played: number, loss: number,
 *   judgement: 'inaccuracy' | 'mistake' | 'blunder' | null, depth: number }} FlipJudgement
 */
/**
 * @typedef {{ game: number, kind: 'flip', status: 'none' | 'running' | 'done' | 'stopped' | 'failed',
 *   analysed: number, total: number, moves: (FlipJudgement | null)[], message?: string }} FlipReview
 */

const POLL_MS = 600;
export const MARKS = { inaccuracy: '?!', mistake: '?', blunder: '??' };

/** The review shown, and the game it is of. @type {{ review: FlipReview | null, game: number, timer: number }} */
const shown = { review: null, game: 0, timer: 0 };

/** The review of game `id` as last heard (null: none asked for yet). @param {number} id */
export const flipReviewOf = (id) => (shown.game === id ? shown.review : null);

/** Forgets the review shown (another game was opened). */
export function closeFlipReview() {
  clearTimeout(shown.timer);
  shown.review = null;
  shown.game = 0;
}

/**
 * Asks what the server knows of the game's review, and follows it while it
 * runs; `onChange` redraws.
 * @param {number} id @param {() => void} onChange @param {boolean} start POST (start or resume) rather than GET
 */
export async function followFlipReview(id, onChange, start = false) {
  clearTimeout(shown.timer);
  if (shown.game !== id) shown.review = null;
  shown.game = id;
  try {
    /** @type {FlipReview} */
    const review = /** @type {any} */ (start ? await api.startReview(id) : await api.review(id));
    if (shown.game !== id) return;
    shown.review = review;
    if (review.status === 'running') {
      shown.timer = window.setTimeout(() => followFlipReview(id, onChange), POLL_MS);
    }
  } catch (err) {
    if (start) toast(messageOf(err));
  }
  onChange();
}

/** "62%" @param {number} e */
const percent = (e) => `${Math.round(e * 100)}%`;

/** @param {'blue' | 'red' | null} side */
const sideName = (side) => (side === 'blue' ? 'Blue' : side === 'red' ? 'Red' : 'First player');

/** What a judged ply's title says. @param {FlipJudgement} j */
export const judgementTitle = (j) =>
  j.move === j.best
    ? `The engine's choice (${percent(j.expected_best)} expected)`
    : `Expected ${percent(j.expected_best)} with ${j.best}, ${percent(j.expected_played)} after ${j.move}` +
      (j.judgement ? `: ${j.judgement}` : '');

/**
 * The review panel: its progress and button, and each side's marked plies.
 * @param {{ progress: HTMLElement, button: HTMLButtonElement, summary: HTMLElement }} el
 * @param {FlipReview | null} review
 */
export function drawFlipReview(el, review) {
  el.summary.replaceChildren();
  const status = review?.status ?? 'none';
  el.button.hidden = status === 'running' || status === 'done';
  el.button.textContent = status === 'stopped' || status === 'failed' ? 'Resume review' : 'Review game';
  el.progress.textContent =
    status === 'running'
      ? `Reviewing… ${review?.analysed ?? 0} of ${review?.total ?? 0} plies`
      : status === 'done'
        ? 'Review done'
        : status === 'stopped' || status === 'failed'
          ? `Review stopped${review?.message ? `: ${review.message}` : ''}`
          : '';
  if (!review || status !== 'done') return;
  const marked = review.moves.filter((m) => m && m.judgement);
  if (marked.length === 0) {
    const li = document.createElement('li');
    li.textContent = 'No action lost more than 6% of its expected score.';
    el.summary.append(li);
    return;
  }
  for (const m of marked) {
    if (!m || !m.judgement) continue;
    const li = document.createElement('li');
    li.className = `flip-judged ${m.judgement}`;
    li.dataset.ply = String(m.ply);
    li.textContent = `${m.ply}. ${sideName(m.side)} ${m.move}${MARKS[m.judgement]} ${m.judgement}: ${percent(m.expected_best)} → ${percent(m.expected_played)} (better ${m.best})`;
    el.summary.append(li);
  }
}

/**
 * The review as the evaluation graph draws it (views/eval_graph.js): Blue's
 * expected score in each position the review searched (the best action's,
 * from its player's side), and the game's result at its end. A position
 * before the first flip of a first-flip set has no Blue yet and is left out.
 * @param {FlipReview} review
 * @param {{ status: string, winner: 'blue' | 'red' | null }} game
 */
export function flipGraphOf(review, game) {
  /** @type {({ ply: number, expected: number } | null)[]} */
  const plies = review.moves.map((m, i) =>
    m && m.side ? { ply: i, expected: m.side === 'blue' ? m.expected_best : 1 - m.expected_best } : null,
  );
  const end = game.winner === 'blue' ? 1 : game.winner === 'red' ? 0 : 0.5;
  plies.push(game.status === 'over' ? { ply: review.total, expected: end } : null);
  const moves = review.moves.map((m) => (m ? { ply: m.ply, judgement: m.judgement } : null));
  return /** @type {import('../api/api.js').Review} */ (
    /** @type {unknown} */ ({ total: review.total + 1, plies, moves })
  );
}

/**
 * The graph of a finished game's review, `ply` marked; hidden while the
 * review has found nothing or the game goes on.
 * @param {SVGSVGElement} el @param {FlipReview | null} review
 * @param {{ status: string, winner: 'blue' | 'red' | null }} game @param {number} ply
 */
export function drawFlipGraph(el, review, game, ply) {
  const shown = review !== null && review.analysed > 0 && game.status === 'over';
  el.toggleAttribute('hidden', !shown);
  if (review && shown) drawEvalGraph(el, flipGraphOf(review, game), ply);
}
