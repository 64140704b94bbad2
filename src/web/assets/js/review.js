// @ts-check
// Game review: the server searches every position of the game in the
// background (docs/api.md, /review); the page starts it when a game ends or
// a record is loaded (or on the player's word), follows its progress, and
// hands its findings to the move list, the evaluation graph and the bar.
import { api, messageOf } from './api.js';
import { toast } from './dom.js';
import { setEvaluation, state } from './state.js';
import { renderEval } from './views/analysis_view.js';
import { renderMoves } from './views/moves_view.js';
import { renderReview } from './views/review_view.js';

/** @typedef {import('./api.js').Game} Game */
/** @typedef {import('./api.js').Review} Review */
/** @typedef {import('./api.js').MoveJudgement} MoveJudgement */

const POLL_MS = 400;

/**
 * The review of the game shown, as the server last sent it; null before it
 * answered or for another game. Kept here rather than in state.js: only
 * this module changes it.
 * @type {Review | null}
 */
let current = null;
/** @type {ReturnType<typeof setTimeout> | null} */
let poller = null;

/** The review of the game shown, if the server has said anything of it. */
export function reviewShown() {
  return current && state.game && current.game === state.game.id ? current : null;
}

/** The judgement of the move that led to `ply`, when the review has marked it. @param {number} ply */
export function moveJudgement(ply) {
  const j = reviewShown()?.moves[ply - 1];
  return j && j.judgement ? j : null;
}

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

/** @param {Review} review */
function reviewArrived(review) {
  current = review;
  // The bar shows what the review found wherever nothing fresher was said.
  for (const e of review.plies) {
    if (e && !e.final && !state.evaluations.has(e.ply)) setEvaluation(e.ply, e);
  }
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
  // The open engine's review would see a hidden-pieces game's truth: none.
  if (game.kind === 'hidden') return;
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
