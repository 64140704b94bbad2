// @ts-check
// Questions about a game where chance acts (Flip Jungle, docs/api.md "Flip
// Jungle games") as the server sent it: the position after any ply (its
// squares, face-down tiles and pool, read from the ply's FEN), a flip
// engine's report (every family's, docs/api.md) and a review's findings in
// words, and the review as the
// evaluation graph and the move list take it. Pure, so that it is
// unit-tested without a page (tests/js).
import { ANIMALS } from './pieces.js';

/** @typedef {import('../api/api.js').Game} Game */
/** @typedef {import('../api/api.js').GameMove} GameMove */
/** @typedef {import('../api/api.js').Pool} Pool */
/** @typedef {import('../api/api.js').EngineReport} EngineReport */
/** @typedef {import('../api/api.js').MoveJudgement} MoveJudgement */

const FILES = 'abcd';
const LETTERS = 'RCDWPTLE';

/**
 * The placement and the pool of a Flip Jungle FEN (docs/records.md, "Flip
 * Jungle"), in the shapes the game's JSON gives them: a square's content
 * ("?" face down, an animal letter, Blue's upper case) and the pool's
 * animals by side.
 * @param {string} fen
 * @returns {{ board: Record<string, string>, pool: Pool, hidden: number }}
 */
export function parseFlipFen(fen) {
  const [placement = '', , poolField = '-'] = fen.trim().split(/\s+/);
  const ranks = placement.split('/');
  if (ranks.length !== 4) throw new Error(`a flip FEN has 4 ranks: ${fen}`);
  /** @type {Record<string, string>} */
  const board = {};
  let hidden = 0;
  ranks.forEach((rank, i) => {
    let file = 0;
    for (const c of rank) {
      if (/[1-4]/.test(c)) {
        file += Number(c);
        continue;
      }
      if (c !== '?' && !LETTERS.includes(c.toUpperCase())) throw new Error(`'${c}' in a flip FEN: ${fen}`);
      if (file > 3) throw new Error(`a rank of more than 4 squares: ${fen}`);
      board[`${FILES[file]}${4 - i}`] = c;
      if (c === '?') ++hidden;
      ++file;
    }
    if (file !== 4) throw new Error(`a rank of ${file} squares, not 4: ${fen}`);
  });
  /** @type {Pool} */
  const pool = { blue: {}, red: {} };
  for (const a of LETTERS) {
    pool.blue[a] = 0;
    pool.red[a] = 0;
  }
  if (poolField !== '-') {
    for (const c of poolField) {
      const side = c === c.toUpperCase() ? pool.blue : pool.red;
      const a = c.toUpperCase();
      if (!LETTERS.includes(a)) throw new Error(`'${c}' in a flip FEN's pool: ${fen}`);
      side[a] += 1;
    }
  }
  return { board, pool, hidden };
}

/**
 * The position after `ply` plies as the board and the pool draw it: the
 * game's own fields for its current position, else read from that ply's
 * FEN, so that a tile flipped later is face down there, as it was.
 * @param {Game} g @param {number} ply
 * @returns {{ board: Record<string, string>, pool: Pool, hidden: number }}
 */
export function flipPosition(g, ply) {
  if (ply === g.ply && g.board && g.pool && typeof g.hidden === 'number') {
    return { board: g.board, pool: g.pool, hidden: g.hidden };
  }
  return parseFlipFen(ply === 0 ? g.start_fen : g.moves[ply - 1].fen);
}

/** "Blue Lion" for "L", "Red Lion" for "l". @param {string} letter */
export function pieceName(letter) {
  const blue = letter === letter.toUpperCase();
  return `${blue ? 'Blue' : 'Red'} ${ANIMALS[letter.toUpperCase()]?.name ?? letter}`;
}

/** A ply as the move list writes it: a flip with what it revealed ("b2?=L (Blue Lion)"). @param {GameMove} m */
export const flipMoveText = (m) => (m.revealed ? `${m.move} (${pieceName(m.revealed)})` : m.move);

/**
 * What a flip revealed, as the panel says it: a game's ply, or a side line's.
 * @param {{ move: string, action?: string, revealed?: string }} m
 */
export const revealText = (m) => `${m.action ?? m.move} revealed the ${pieceName(m.revealed ?? '')}.`;

/** "62%" for an expected score. @param {number} e */
export const percent = (e) => `${Math.round(e * 100)}%`;

/** Who an expected score is for. @param {'blue' | 'red' | null} side */
const mover = (side) => (side === 'blue' ? 'Blue' : side === 'red' ? 'Red' : 'the first player');

/**
 * "Blue wins in 2 moves", "expected 62% for Blue": a report of the flip
 * engine (every family's shape, docs/api.md) for `side`, the side to move.
 * @param {{ expected?: number, mate?: number | null }} r @param {'blue' | 'red' | null} side
 */
export function expectationText(r, side) {
  if (r.mate !== null && r.mate !== undefined) {
    const n = Math.abs(r.mate);
    return `${mover(side)} ${r.mate > 0 ? 'wins' : 'loses'} in ${n} ${n === 1 ? 'move' : 'moves'}`;
  }
  return `expected ${percent(r.expected ?? 0.5)} for ${mover(side)}`;
}

/**
 * An analysis line's title, with the engine's own words of it (its points,
 * or the endgame tables' verdict) where it gave some.
 * @param {EngineReport} line @param {'blue' | 'red' | null} side
 */
export const lineTitle = (line, side) =>
  `${line.pv[0] ?? ''}: ${expectationText(line, side)}${line.text ? ` (${line.text})` : ''}`;

export const MARKS = { inaccuracy: '?!', mistake: '?', blunder: '??' };

/** @param {'blue' | 'red' | null} side */
const sideWord = (side) => (side === 'blue' ? 'Blue' : side === 'red' ? 'Red' : 'First player');

/** What a judged ply's title says. @param {MoveJudgement} j */
export const judgementTitle = (j) =>
  j.move === j.best
    ? `The engine's choice (${percent(j.expected_best)} expected)`
    : `Expected ${percent(j.expected_best)} with ${j.best}, ${percent(j.expected_played)} after ${j.move}` +
      (j.judgement ? `: ${j.judgement}` : '');

/** A judged ply in the review's summary. @param {MoveJudgement} j */
export const judgedPlyText = (j) =>
  `${j.ply}. ${sideWord(j.side)} ${j.move}${j.judgement ? MARKS[j.judgement] : ''} ${j.judgement}: ` +
  `${percent(j.expected_best)} → ${percent(j.expected_played)} (better ${j.best})`;
