// @ts-check
// The evaluation bar beside the board, and the analysis panel: the switch,
// the search's progress and its principal variation.
import { $ } from '../dom.js';
import { evalShare, formatScore, scoreSentence } from '../format.js';
import { evaluationShown } from '../state.js';

/** @typedef {import('../api.js').Side} Side */

export function renderEval() {
  const e = evaluationShown();
  const fill = $('eval-fill');
  const text = $('eval-text');
  if (!e) {
    fill.style.height = '50%';
    text.textContent = '';
    $('eval-bar').setAttribute('aria-valuenow', '50');
    return;
  }
  const share = evalShare(e);
  fill.style.height = `${(share * 100).toFixed(1)}%`;
  text.textContent = formatScore(e.blue_score, e.mate);
  $('eval-bar').setAttribute('aria-valuenow', (share * 100).toFixed(0));
  $('eval-bar').setAttribute('aria-valuetext', scoreSentence(e));
}

/** Shows the panel (and its switch) on or off. @param {boolean} on */
export function showAnalysing(on) {
  $('analyse-toggle', HTMLInputElement).checked = on;
  document.body.classList.toggle('analysing', on);
}

/** @param {string} text */
export function showAnalysisStats(text) {
  $('analysis-stats').textContent = text;
}

export const analysisStatsText = () => $('analysis-stats').textContent ?? '';

/** @param {Array<{ move: string, side: Side }>} moves */
export function showPv(moves) {
  const pv = $('pv');
  pv.replaceChildren();
  for (const { move, side } of moves) {
    const s = document.createElement('span');
    s.className = `pv-move ${side}`;
    s.textContent = move;
    pv.appendChild(s);
  }
}

export function clearPv() {
  $('pv').textContent = '';
}
