// @ts-check
// The analysis panel's tablebase line: when the server has endgame tables
// (`jungle serve --tb DIR`) and they cover the position viewed, its verdict,
// the distance to the end of the game, and each legal move's value.
import { $ } from '../util/dom.js';

/**
 * @typedef {{ wdl: 'win' | 'draw' | 'loss', dtm: number }} TbVerdict
 * @typedef {TbVerdict & { move: string }} TbMove
 * @typedef {{ available: boolean, reason?: string, wdl?: 'win' | 'draw' | 'loss', dtm?: number,
 *             moves?: TbMove[] }} TbAnswer
 */

let asked = 0;

/** @param {number} n */
const plies = (n) => `${n} ${n === 1 ? 'ply' : 'plies'}`;

/** The side to move in a FEN: "blue" or "red". @param {string} fen */
const sideToMove = (fen) => (fen.trim().split(/\s+/)[1] === 'b' ? 'red' : 'blue');

/**
 * The tables' verdict, said of the winner (the tables answer for the side to
 * move, which players misread as Blue's): "Red wins in 7 plies", "draw".
 * @param {TbVerdict} v @param {'blue' | 'red'} toMove
 */
export function verdictText(v, toMove) {
  if (v.wdl === 'draw') return 'draw';
  const winner = (v.wdl === 'win') === (toMove === 'blue') ? 'Blue' : 'Red';
  return `${winner} wins in ${plies(v.dtm)}`;
}

/** A move's value for the side that plays it: "b1c1 wins in 7", "b1b2 draws". @param {TbMove} m */
export const moveVerdictText = (m) =>
  m.wdl === 'draw' ? `${m.move} draws` : `${m.move} ${m.wdl === 'win' ? 'wins' : 'loses'} in ${m.dtm}`;

/**
 * The panel's line for an answer, or '' when the tables do not cover the position.
 * @param {TbAnswer} answer @param {string} fen
 */
export function tablebaseLine(answer, fen) {
  if (!answer.available || !answer.wdl) return '';
  const toMove = sideToMove(fen);
  const verdict = verdictText({ wdl: answer.wdl, dtm: answer.dtm || 0 }, toMove);
  const moves = (answer.moves || []).map(moveVerdictText).join(' · ');
  return `Tablebase: ${verdict}.` + (moves ? ` ${toMove === 'blue' ? 'Blue' : 'Red'}'s moves: ${moves}` : '');
}

/** Takes the line away (analysis off, a finished game); a late answer is ignored. */
export function hideTablebase() {
  ++asked;
  const line = $('tb-line');
  line.textContent = '';
  line.hidden = true;
}

/** Asks the tables about a position and shows the answer (nothing when not covered).
 * @param {string} variant @param {string} fen */
export async function showTablebase(variant, fen) {
  hideTablebase();
  const id = asked;
  const line = $('tb-line');
  try {
    const res = await fetch('/api/tablebase', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ variant, fen }),
    });
    /** @type {TbAnswer} */
    const answer = await res.json();
    if (id !== asked || !res.ok) return;
    line.textContent = tablebaseLine(answer, fen);
    line.hidden = !line.textContent;
  } catch {
    // No tables, no line: the search's analysis stands alone.
  }
}
