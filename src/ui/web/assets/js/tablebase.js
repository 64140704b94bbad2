// @ts-check
// The analysis panel's tablebase line: when the server has endgame tables
// (`jungle serve --tb DIR`) and they cover the position viewed, its verdict,
// the distance to the end of the game, and each legal move's value.
import { $ } from './dom.js';

/**
 * @typedef {{ wdl: 'win' | 'draw' | 'loss', dtm: number }} TbVerdict
 * @typedef {TbVerdict & { move: string }} TbMove
 * @typedef {{ available: boolean, reason?: string, wdl?: 'win' | 'draw' | 'loss', dtm?: number,
 *             moves?: TbMove[] }} TbAnswer
 */

let asked = 0;

/** "win in 7 plies", "draw", "loss in 12 plies". @param {TbVerdict} v */
export function verdictText(v) {
  return v.wdl === 'draw' ? 'draw' : `${v.wdl} in ${v.dtm} ${v.dtm === 1 ? 'ply' : 'plies'}`;
}

/** Asks the tables about a position and shows the answer (nothing when not covered).
 * @param {string} variant @param {string} fen */
export async function showTablebase(variant, fen) {
  const line = $('tb-line');
  const id = ++asked;
  line.textContent = '';
  line.hidden = true;
  try {
    const res = await fetch('/api/tablebase', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ variant, fen }),
    });
    /** @type {TbAnswer} */
    const answer = await res.json();
    if (id !== asked || !res.ok || !answer.available || !answer.wdl) return;
    const moves = (answer.moves || []).map((m) => `${m.move} ${verdictText(m)}`).join(' · ');
    line.textContent =
      `Tablebase: ${verdictText({ wdl: answer.wdl, dtm: answer.dtm || 0 })}` + (moves ? ` — ${moves}` : '');
    line.hidden = false;
  } catch {
    // No tables, no line: the search's analysis stands alone.
  }
}
