// @ts-check
// The analysis panel's tablebase line: when the game's endgame tables cover
// the position viewed (the open game's from `jungle serve --tb DIR`, Flip
// Jungle's built by the server for endings with every tile face up), its
// verdict, the distance the tables count, and each legal move's value.
import { $ } from '../util/dom.js';

/**
 * What a distance counts: plies to the end of the game ("end"), or plies to
 * the capture that decides it ("capture": a quiet limit runs, and each
 * capture restarts it).
 * @typedef {'end' | 'capture'} TbDistanceTo
 * @typedef {{ wdl: 'win' | 'draw' | 'loss', distance: number }} TbVerdict
 * @typedef {TbVerdict & { move: string }} TbMove
 * @typedef {{ available: boolean, reason?: string, wdl?: 'win' | 'draw' | 'loss', distance?: number,
 *             distance_to?: TbDistanceTo, moves?: TbMove[] }} TbAnswer
 */

let asked = 0;

/** @param {number} n */
const plies = (n) => `${n} ${n === 1 ? 'ply' : 'plies'}`;

/** The side to move in a FEN: "blue" or "red". @param {string} fen */
const sideToMove = (fen) => (fen.trim().split(/\s+/)[1] === 'b' ? 'red' : 'blue');

/**
 * The tables' verdict, said of the winner (the tables answer for the side to
 * move, which players misread as Blue's): "Red wins in 7 plies", "Blue wins,
 * the deciding capture in 3 plies", "draw".
 * @param {TbVerdict} v @param {'blue' | 'red'} toMove @param {TbDistanceTo} [to]
 */
export function verdictText(v, toMove, to = 'end') {
  if (v.wdl === 'draw') return 'draw';
  const winner = (v.wdl === 'win') === (toMove === 'blue') ? 'Blue' : 'Red';
  return to === 'capture'
    ? `${winner} wins, the deciding capture in ${plies(v.distance)}`
    : `${winner} wins in ${plies(v.distance)}`;
}

/**
 * A move's value for the side that plays it: "b1c1 wins in 7", "b1b2 draws",
 * "b1b2 wins (capture in 3)".
 * @param {TbMove} m @param {TbDistanceTo} [to]
 */
export function moveVerdictText(m, to = 'end') {
  if (m.wdl === 'draw') return `${m.move} draws`;
  const verb = m.wdl === 'win' ? 'wins' : 'loses';
  return to === 'capture' ? `${m.move} ${verb} (capture in ${m.distance})` : `${m.move} ${verb} in ${m.distance}`;
}

/**
 * The panel's line for an answer, or '' when the tables do not cover the position.
 * @param {TbAnswer} answer @param {string} fen
 */
export function tablebaseLine(answer, fen) {
  if (!answer.available || !answer.wdl) return '';
  const toMove = sideToMove(fen);
  const to = answer.distance_to || 'end';
  const verdict = verdictText({ wdl: answer.wdl, distance: answer.distance || 0 }, toMove, to);
  const moves = (answer.moves || []).map((m) => moveVerdictText(m, to)).join(' · ');
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
