// @ts-check
// The evaluation bar beside the board, and the analysis panel: the switch,
// the search's progress and its principal variation.
import { $ } from '../util/dom.js';
import { lineCursor, lineEvaluation } from '../state/explore.js';
import { evalShare, formatScore, scoreSentence } from '../game/format.js';
import { evaluationShown } from '../state/state.js';
import { showFlipAnalysis } from './flip_view.js';

/** @typedef {import('../api/api.js').EngineReport} EngineReport */

/** @typedef {import('../api/api.js').Side} Side */

export function renderEval() {
  const e = lineCursor() ? lineEvaluation() : evaluationShown();
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

/**
 * The engine's lines, best first: each its score and its moves, which are
 * buttons (data-line, data-index) that play the line up to them.
 * @param {Array<{ report: EngineReport, moves: Array<{ move: string, side: Side }> }>} lines
 */
export function showLines(lines) {
  const pv = $('pv');
  pv.replaceChildren();
  lines.forEach(({ report, moves }, i) => {
    if (!report) return;
    const row = document.createElement('div');
    row.className = 'pv-line';
    row.dataset.line = String(i);
    const score = document.createElement('span');
    score.className = 'pv-score';
    score.textContent = formatScore(report.blue_score, report.mate);
    row.appendChild(score);
    moves.forEach(({ move, side }, k) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = `pv-move ${side}`;
      b.dataset.line = String(i);
      b.dataset.index = String(k);
      b.textContent = move;
      row.appendChild(b);
    });
    pv.appendChild(row);
  });
}

/**
 * Calls `onPlay` with an engine line's moves up to the one clicked.
 * @param {(moves: string[]) => void} onPlay
 */
export function wireLines(onPlay) {
  $('pv').addEventListener('click', (e) => {
    const b = e.target instanceof Element ? e.target.closest('button.pv-move') : null;
    if (!(b instanceof HTMLButtonElement)) return;
    const row = b.closest('.pv-line');
    const moves = [...(row?.querySelectorAll('button.pv-move') ?? [])].map((m) => m.textContent ?? '');
    onPlay(moves.slice(0, Number(b.dataset.index) + 1));
  });
}

export function clearPv() {
  $('pv').textContent = '';
  showFlipAnalysis(null);
}
