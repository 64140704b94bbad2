// @ts-check
// The review panel: its button, the progress of the engine's pass over the
// game, the evaluation graph and each side's inaccuracies, mistakes and
// blunders; and the marks the move list gives judged moves.
import { $ } from '../util/dom.js';
import { sideName } from '../game/format.js';
import { allows, isOnline } from '../game/game.js';
import { judgedPlyText, judgementTitle } from '../game/flip.js';
import { helpWaitsForTheEnd } from '../game/hidden.js';
import { reviewShown, state } from '../state/state.js';
import { drawEvalGraph } from './eval_graph.js';

/** @typedef {import('../api/api.js').Game} Game */
/** @typedef {import('../api/api.js').MoveJudgement} MoveJudgement */

/** How the move list and the graph write each judgement. */
export const JUDGEMENTS = /** @type {const} */ ({
  inaccuracy: { symbol: '?!', word: 'Inaccuracy', plural: 'inaccuracies' },
  mistake: { symbol: '?', word: 'Mistake', plural: 'mistakes' },
  blunder: { symbol: '??', word: 'Blunder', plural: 'blunders' },
});

/** "Blunder: c2c1 was better". @param {MoveJudgement} j */
export function judgementText(j) {
  if (!j.judgement) return '';
  const word = JUDGEMENTS[j.judgement].word;
  return j.better ? `${word}: ${j.better} was better` : word;
}

/**
 * Where chance acts, each ply the review judged, with what its player
 * could expect before and after it (a flip valued over the pool, never by
 * what it revealed).
 * @param {Array<MoveJudgement | null>} plies @param {boolean} done
 */
function renderFlipSummary(plies, done) {
  const list = $('review-summary');
  const marked = plies.filter((m) => m && m.judgement);
  if (marked.length === 0) {
    if (!done) return;
    const li = document.createElement('li');
    li.textContent = 'No action lost more than 6% of its expected score.';
    list.append(li);
    return;
  }
  for (const m of marked) {
    if (!m || !m.judgement) continue;
    const li = document.createElement('li');
    li.className = `flip-judged ${m.judgement}`;
    li.dataset.ply = String(m.ply);
    li.title = judgementTitle(m);
    li.textContent = judgedPlyText(m);
    list.append(li);
  }
}

/** @param {Game} g */
export function renderReview(g) {
  // A game without moves has nothing to review: no empty box beside the board.
  // Online, and where players know different things, the review waits for
  // the end (the server refuses it before).
  $('review-panel').hidden =
    !allows(g, 'review') || g.ply === 0 || (isOnline(g) && g.status !== 'over') || helpWaitsForTheEnd(g);
  const review = reviewShown();
  const running = review?.status === 'running';
  const done = review?.status === 'done';
  const button = $('review-start', HTMLButtonElement);
  button.hidden = running || done || g.ply === 0;
  button.textContent = review && review.analysed > 0 ? 'Resume review' : 'Review game';
  const progress = $('review-progress');
  const graph = $('eval-graph', SVGSVGElement);
  const box = $('review-graph');
  box.hidden = !review || review.analysed === 0;
  // Set for every game shown: another game's "done" must not stay behind,
  // and the game it belongs to is named, since the page goes on showing the
  // last game (and its review) while the next one is on its way.
  $('review-panel').dataset.status = review?.status ?? 'none';
  $('review-panel').dataset.game = String(g.id);
  if (!review) {
    progress.textContent = g.ply === 0 ? '' : 'Not reviewed yet.';
    $('review-summary').replaceChildren();
    return;
  }
  progress.textContent = running
    ? `Reviewing… ${review.analysed} of ${review.total} positions`
    : done
      ? 'Reviewed. Click the graph to go to a move.'
      : review.message
        ? `Review stopped: ${review.message}`
        : review.analysed > 0
          ? `Reviewed ${review.analysed} of ${review.total} positions.`
          : g.ply > 0
            ? 'Not reviewed yet.'
            : '';
  if (!box.hidden) drawEvalGraph(graph, review, state.view);
  renderSummary(g);
}

/** Each side's count of judged moves. @param {Game} g */
function renderSummary(g) {
  const review = reviewShown();
  const list = $('review-summary');
  list.replaceChildren();
  if (!review || review.analysed === 0) return;
  if (allows(g, 'chance')) {
    renderFlipSummary(review.moves, review.status === 'done');
    return;
  }
  for (const side of /** @type {const} */ (['blue', 'red'])) {
    const counts = { inaccuracy: 0, mistake: 0, blunder: 0 };
    for (const j of review.moves) {
      if (j?.judgement && g.moves[j.ply - 1]?.side === side) counts[j.judgement] += 1;
    }
    const li = document.createElement('li');
    li.dataset.side = side;
    const parts = Object.entries(counts).map(
      ([k, n]) => `${n} ${n === 1 ? k : JUDGEMENTS[/** @type {keyof typeof JUDGEMENTS} */ (k)].plural}`,
    );
    li.textContent = `${sideName(side)}: ${parts.join(', ')}`;
    list.appendChild(li);
  }
}
