// @ts-check
// Game review: the server searches every position of the game in the
// background (docs/api.md, /review); the page starts it when a game ends or
// a record is loaded (or on the player's word), follows its progress, and
// hands its findings to the move list, the evaluation graph and the bar.
import { api, messageOf } from '../api/api.js';
import { toast } from '../util/dom.js';
import { allows } from '../game/game.js';
import { helpWaitsForTheEnd } from '../game/hidden.js';
import { reviewArrived, reviewShown, state } from '../state/state.js';
import { renderEval } from '../views/analysis_view.js';
import { renderMoves } from '../views/moves_view.js';
import { renderReview } from '../views/review_view.js';

/** @typedef {import('../api/api.js').Game} Game */
/** @typedef {import('../api/api.js').Review} Review */

const POLL_MS = 400;

/** @type {ReturnType<typeof setTimeout> | null} */
let poller = null;

/**
 * Draws what a review changes, and nothing else: the board is left alone,
 * since drawing it again would drop a piece the player has picked up.
 */
function renderReviewed() {
  const g = state.game;
  if (!g) return;
  renderMoves(g);
  renderEval();
  renderReview(g);
}

function stopPolling() {
  if (poller) clearTimeout(poller);
  poller = null;
}

/** @param {number} id */
function poll(id) {
  stopPolling();
  poller = setTimeout(async () => {
    poller = null;
    if (state.game?.id !== id) return;
    try {
      const review = await api.review(id);
      if (state.game?.id !== id) return;
      reviewArrived(review);
      renderReviewed();
      if (review.status === 'running') poll(id);
    } catch (err) {
      // The game was deleted, or the server went away: the review stops here.
      if (state.game?.id === id) toast(`The review stopped: ${messageOf(err)}`, 'info', 4000);
    }
  }, POLL_MS);
}

/** Starts (or resumes) the review of the game shown. */
export async function startReview() {
  const g = state.game;
  if (!g) return;
  try {
    const review = await api.startReview(g.id);
    if (state.game?.id !== g.id) return;
    reviewArrived(review);
    renderReviewed();
    if (review.status === 'running') poll(g.id);
  } catch (err) {
    toast(`The review could not start: ${messageOf(err)}`);
  }
}

/**
 * A state of a game was shown: learn what is known of its review, and start
 * one by itself for a game that has just ended or was loaded finished.
 * @param {Game} game
 */
export async function gameReviewed(game) {
  // Only where the game allows a review, and in a hidden-pieces game once
  // it is over (each move is then judged from its mover's own view).
  if (!allows(game, 'review') || helpWaitsForTheEnd(game)) return;
  const known = reviewShown();
  if (known && known.total === game.ply + 1 && (known.status !== 'none' || game.status !== 'over')) return;
  if (known?.status === 'running') return; // its next poll brings the new ply
  try {
    const review = await api.review(game.id);
    if (state.game?.id !== game.id) return;
    reviewArrived(review);
    renderReviewed();
    if (review.status === 'running') poll(game.id);
    else if (game.status === 'over' && review.status === 'none') await startReview();
  } catch {
    // Reviews are an extra: the game plays on without one.
  }
}

/**
 * The banner's "Review": the panel comes into view, and the review starts
 * unless it has run already.
 */
export function openReview() {
  document.getElementById('review-panel')?.classList.add('opened');
  const review = reviewShown();
  if (review?.status !== 'done' && review?.status !== 'running') startReview();
}
