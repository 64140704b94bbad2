// @ts-check
// Questions about a hidden-pieces game as the server sent it (docs/api.md,
// "Hidden pieces"): who should sit at a shared screen, the set-up phase, the
// arbiter's announcements in words, what a face-down piece can still be.
// Everything here reads what the server sent this reader, which holds no
// animal it was not shown. Pure, so that it is unit-tested (tests/js).
import { parseFen, parseSquare } from './fen.js';
import { allows, isEngine, isOnline, other } from './game.js';
import { ANIMALS } from './pieces.js';

/** @typedef {import('../api/api.js').Game} Game */
/** @typedef {import('../api/api.js').GameMove} GameMove */
/** @typedef {import('../api/api.js').Side} Side */

/**
 * Whether the game hides what its players know from each other (its
 * answers are views): its `hidden_information` capability.
 * @param {Game | null} g
 */
export const hidesInformation = (g) => allows(g, 'hidden_information');

/**
 * Whether the engine's help that searches the whole game (an analysis, a
 * review) waits for its end: where players know different things, a search
 * while the game goes on would be of what one of them may not see (the
 * server refuses it then, hidden_pieces); once it is over the truth is
 * public, and a review judges each move from its mover's own view then.
 * @param {Game | null} g
 */
export const helpWaitsForTheEnd = (g) => hidesInformation(g) && g?.status !== 'over';

/** A hidden game two people play on this screen, passing it between turns. @param {Game | null} g */
export const isHotSeatHidden = (g) =>
  !!g && hidesInformation(g) && !isOnline(g) && !isEngine(g, 'blue') && !isEngine(g, 'red');

/** Whether the players are still arranging their animals. @param {Game | null} g */
export const settingUp = (g) => !!g && allows(g, 'setup') && !!g.setup && !g.setup.done;

/**
 * The side that should be at a shared screen now: during a chosen set-up
 * the first person not yet ready, then the side to move.
 * @param {Game} g @returns {Side}
 */
export function sideAtScreen(g) {
  if (settingUp(g) && g.setup) {
    for (const side of /** @type {Side[]} */ (['blue', 'red'])) {
      if (!g.setup.ready[side] && !isEngine(g, side)) return side;
    }
  }
  return g.side_to_move;
}

/** "Blue" / "Red". @param {Side} side */
const sideWord = (side) => (side === 'blue' ? 'Blue' : 'Red');

/**
 * A piece in words: "the Red Tiger" when its animal is known (a letter),
 * "the Red piece" when it is not ("?" or none).
 * @param {Side} side @param {string | null | undefined} letter
 */
export function pieceWords(side, letter) {
  const animal = letter ? ANIMALS[letter.toUpperCase()] : undefined;
  return `the ${sideWord(side)} ${animal ? animal.name : 'piece'}`;
}

/** "a3", "a4" of "a3a4". @param {string} move */
const squaresOf = (move) => {
  const m = /^([a-z]\d+)([a-z]\d+)$/.exec(move);
  return m ? [m[1], m[2]] : [move.slice(0, 2), move.slice(2)];
};

/**
 * An announcement of the arbiter in a sentence, naming only the animals
 * the move carries for its reader:
 * "The Red Rat on a6 attacked the Blue Elephant on a5 and took it."
 * @param {GameMove} m
 */
export function announcementText(m) {
  const [from, to] = squaresOf(m.move);
  const enemy = other(m.side);
  const mover = pieceWords(m.side, m.piece !== '?' ? m.piece : m.attacker);
  const capital = mover.charAt(0).toUpperCase() + mover.slice(1);
  if (!m.outcome || m.outcome === 'move') return `${capital} moved from ${from} to ${to}.`;
  // The defender as this reader knows it: taken, shown, or neither.
  const defender = pieceWords(enemy, m.captured && m.captured !== '?' ? m.captured : m.defender);
  const attack = `${capital} on ${from} attacked ${defender} on ${to}`;
  switch (m.outcome) {
    case 'took':
      return `${attack} and took it.`;
    case 'died':
      return `${attack} and lost: the attacker is gone.`;
    case 'bounced':
      return `${attack} and bounced off: it stays on ${from}.`;
    case 'refused':
      return `${attack}: the attack was refused, and ${sideWord(m.side)} moves again.`;
    default:
      return `${attack}.`;
  }
}

/**
 * A hidden game's move as the list shows it: "a3a4", an attack "a6×a5"
 * with its outcome; with animal names, the mover's when known.
 * @param {GameMove} m @param {boolean} withAnimals
 */
export function hiddenMoveText(m, withAnimals) {
  const [from, to] = squaresOf(m.move);
  const attack = m.outcome && m.outcome !== 'move';
  const squares = attack ? `${from}×${to} ${m.outcome}` : withAnimals ? `${from}–${to}` : m.move;
  const animal = m.piece && m.piece !== '?' ? ANIMALS[m.piece.toUpperCase()] : undefined;
  return withAnimals && animal ? `${animal.name} ${squares}` : squares;
}

/**
 * What a face-down piece can still be, when the announcements narrowed it
 * ("can be a Dog or Wolf"); "" when it can be any animal its side has unseen.
 * @param {string} candidates FEN letters
 * @param {number} unseen how many animals of its side were not shown
 */
export function candidateNote(candidates, unseen) {
  if (!candidates || candidates.length >= unseen) return '';
  const names = [...candidates].map((c) => ANIMALS[c.toUpperCase()]?.name ?? c);
  if (names.length === 1) return `it can only be the ${names[0]}`;
  const list = names.length === 2 ? names.join(' or ') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
  return `it can be a ${list}`;
}

/**
 * The labels of the face-down pieces that announcements narrowed, by square.
 * @param {Game} g @returns {Map<string, string>}
 */
export function pieceNotes(g) {
  /** @type {Map<string, string>} */
  const notes = new Map();
  if (!hidesInformation(g) || !g.pieces) return notes;
  const unseen = { blue: 0, red: 0 };
  const rest = g.fen.split(/\s+/)[4] ?? '';
  for (const c of rest) {
    if (/[A-Z]/.test(c)) unseen.blue += 1;
    else if (/[a-z]/.test(c)) unseen.red += 1;
  }
  for (const p of g.pieces) {
    if (p.animal) continue;
    const note = candidateNote(p.candidates, unseen[p.side]);
    if (note) notes.set(p.square, note);
  }
  return notes;
}

/**
 * The reader's own arrangement in the set-up, as the server reads one
 * ("a1=L g1=T ..."), with the animals on `a` and `b` exchanged when given.
 * @param {Game} g @param {string} [a] @param {string} [b]
 */
export function arrangementText(g, a, b) {
  const squares = g.setup?.squares ?? [];
  // The board's shape is the rule set's (set by the board view).
  const board = parseFen(g.fen).board;
  /** @type {Record<string, string>} */
  const at = {};
  for (const name of squares) {
    const piece = board[parseSquare(name)];
    if (piece) at[name] = piece.letter;
  }
  if (a && b && a in at && b in at) [at[a], at[b]] = [at[b], at[a]];
  return squares
    .filter((n) => n in at)
    .map((n) => `${n}=${at[n]}`)
    .join(' ');
}

/**
 * The exchanges a player may make while arranging: any of its start
 * squares onto another, as board moves ("a1g1").
 * @param {Game} g
 */
export function setupMoves(g) {
  const squares = g.setup?.squares ?? [];
  const out = [];
  for (const a of squares) for (const b of squares) if (a !== b) out.push(a + b);
  return out;
}

/**
 * The pieces each side has removed, as upper-case letters ("?" when not shown): the
 * defenders its attacks took, and the attackers that died on its pieces.
 * @param {Game} g @param {Side} side @param {number} upto plies
 */
export function hiddenCaptures(g, side, upto) {
  const out = [];
  for (const m of g.moves.slice(0, upto)) {
    if (m.side === side && m.outcome === 'took' && m.captured) out.push(m.captured.toUpperCase());
    if (m.side !== side && m.outcome === 'died' && m.lost) out.push(m.lost.toUpperCase());
  }
  return out;
}
