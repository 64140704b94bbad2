// @ts-check
// The analysis board: from any position of a game (a past ply, a finished
// game, a loaded record) a move made on the board starts a side line
// instead of changing the game; lines branch into a tree shown in the move
// list, and any position can become a new game against the engine.
import { api, messageOf } from '../api/api.js';
import { toast } from '../util/dom.js';
import { allows, fenAt, isEngine } from '../game/game.js';
import { hidesInformation } from '../game/hidden.js';
import { LineTree, pathTo } from '../game/line_tree.js';
import { recordFileName, recordWithSideLines } from '../game/record_lines.js';
import { setBest, setHint, state, viewMoved } from './state.js';

/** @typedef {import('../api/api.js').Game} Game */
/** @typedef {import('../api/api.js').Evaluation} Evaluation */
/** @typedef {import('../game/line_tree.js').LineNode} LineNode */
/** @typedef {import('../api/api.js').Validation} Validation */
/** @typedef {import('../api/api.js').RecordLineMove} RecordLineMove */
/** @typedef {import('../api/api.js').RecordVariations} RecordVariations */

// Kept here rather than in state.js: only this module changes them.
const tree = new LineTree();
let treeGame = 0;
/** @type {LineNode | null} the line's position shown, or null for the game's */
let cursor = null;
/** @type {Map<string, string[]>} legal moves of the game's past positions, by FEN */
const legalAt = new Map();
/** @type {Map<number, Evaluation>} what the analysis said of each line position, by node id */
const lineEvaluations = new Map();
/** @type {() => void} */
let redraw = () => {};

/** Who draws the page again after a line changes (views/render.js, with analysis). @param {() => void} fn */
export function onLineChange(fn) {
  redraw = fn;
}

/** Forgets the lines of another game, and those a take-back cut off. */
function current() {
  const g = state.game;
  if (!g || g.id !== treeGame) {
    tree.clear();
    cursor = null;
    legalAt.clear();
    lineEvaluations.clear();
    treeGame = g?.id ?? 0;
  }
  if (g) {
    tree.pruneFrom(g.ply);
    if (cursor && cursor.branch >= g.ply) cursor = null;
  }
  return g;
}

/** The FEN of the position shown, on a side line or in the game. @param {Game} g */
export function shownFen(g) {
  return lineCursor()?.fen ?? fenAt(g, state.view);
}

/** The side line position shown, if any. */
export function lineCursor() {
  current();
  return cursor;
}

/** The lines of the game shown. */
export function lineTree() {
  current();
  return tree;
}

/**
 * Whether a move on the board explores rather than plays: on a side line,
 * in a past position, or once the game is over.
 */
export function exploring() {
  const g = current();
  return !!g && (!!cursor || state.view < g.ply || g.status === 'over');
}

/**
 * What the board shows while exploring: the position, the move that led
 * there and the moves a person may make; null on the game's current position.
 * @returns {{ fen: string, lastMove: string | null, legal: string[], canMove: boolean } | null}
 */
export function explorePosition() {
  const g = current();
  if (!g) return null;
  if (cursor) return { fen: cursor.fen, lastMove: cursor.move, legal: cursor.legal, canMove: !cursor.over };
  if (state.view === g.ply) return null;
  const fen = fenAt(g, state.view);
  // A hidden-pieces game has no side lines: whether an attack wins turns on
  // animals a player does not see (the server refuses its positions).
  if (hidesInformation(g)) {
    return { fen, lastMove: state.view > 0 ? g.moves[state.view - 1].move : null, legal: [], canMove: false };
  }
  const legal = legalAt.get(fen);
  if (!legal) fetchLegal(g, fen);
  return { fen, lastMove: state.view > 0 ? g.moves[state.view - 1].move : null, legal: legal ?? [], canMove: !!legal };
}

// A past position's moves that could not be fetched (the server busy or
// restarting) are asked for again this many times, this much later each
// time, so that the board is not left with pieces that cannot be picked up.
const LEGAL_RETRIES = 5;
const LEGAL_RETRY_MS = 500;

/** @param {Game} g @param {string} fen @param {number} [attempt] */
async function fetchLegal(g, fen, attempt = 0) {
  legalAt.set(fen, []);
  try {
    const v = await api.validate(g.variant, fen);
    legalAt.set(fen, v.status === 'ongoing' ? v.legal_moves : []);
    if (state.game?.id === g.id) redraw();
  } catch {
    legalAt.delete(fen);
    if (attempt >= LEGAL_RETRIES) return;
    await new Promise((done) => setTimeout(done, LEGAL_RETRY_MS * (attempt + 1)));
    // Unless another request for it was made meanwhile, or the game left.
    if (state.game?.id === g.id && !legalAt.has(fen)) await fetchLegal(g, fen, attempt + 1);
  }
}

/** Shows `node` (null: the game's position at its ply). @param {LineNode | null} node */
export function selectLine(node) {
  const g = current();
  cursor = node;
  // A line position passed through on the way (an engine line's move) has
  // its moves asked for when it is first shown.
  if (g && node && node.legal.length === 0 && !node.over) refreshNode(g, node);
  if (node) viewMoved(node.branch);
  setHint(null);
  setBest(null);
  redraw();
}

/** Shows the line move with this id. @param {number} id */
export const selectLineById = (id) => selectLine(lineTree().byId(id));

/**
 * Plays `moves` on from the position shown as a side line (going along
 * the moves the tree has already), and shows where they lead.
 * @param {string[]} moves
 */
export async function exploreMoves(moves) {
  const g = current();
  if (!g || moves.length === 0) return;
  const parent = cursor;
  const branch = parent ? parent.branch : state.view;
  const from = parent ? parent.fen : fenAt(g, branch);
  try {
    const answer = await api.playFrom(g.variant, from, moves);
    if (state.game?.id !== g.id) return;
    selectLine(addPlayed(parent, branch, answer)[answer.played.length - 1] ?? parent);
  } catch (err) {
    toast(messageOf(err));
    redraw();
  }
}

/**
 * Adds the moves the server played from `parent` (or from the game's ply
 * `branch`) to the tree, as one line; answers its nodes.
 * @param {LineNode | null} parent @param {number} branch @param {Validation} answer
 */
function addPlayed(parent, branch, answer) {
  /** @type {LineNode[]} */
  const nodes = [];
  let node = parent;
  answer.played.forEach((p, i) => {
    const last = i === answer.played.length - 1;
    const piece = p.piece ?? p.revealed ?? '';
    node = tree.add(node, branch, {
      move: p.move,
      side: p.side ?? (piece === piece.toUpperCase() ? 'blue' : 'red'),
      piece,
      captured: p.captured ?? null,
      fen: p.fen,
      ...(p.revealed ? { action: p.action, revealed: p.revealed } : {}),
      // Only the last position's are known; the others are asked for when shown.
      legal: last ? answer.legal_moves : [],
      over: last ? answer.status === 'over' : false,
    });
    nodes.push(node);
  });
  return nodes;
}

/**
 * Rebuilds the side lines of a record loaded as game `g` (`variations`, as
 * the records route lists them, docs/api.md), so that a downloaded record
 * loads back with the lines it was downloaded with. Each line is played
 * from its position by the server, which answers the positions the tree
 * keeps; a line's own alternatives are added after it, so that the move it
 * stands in for stays its parent's first continuation, as written.
 * @param {Game} g @param {RecordVariations[]} variations
 */
export async function restoreSideLines(g, variations) {
  current();
  /**
   * @param {LineNode | null} parent @param {number} branch @param {string} from
   * @param {RecordLineMove[]} line
   */
  const addLine = async (parent, branch, from, line) => {
    if (line.length === 0) return;
    const answer = await api.playFrom(
      g.variant,
      from,
      line.map((m) => m.move),
    );
    if (state.game?.id !== g.id) return;
    const nodes = addPlayed(parent, branch, answer);
    for (const [i, m] of line.entries()) {
      // The lines that stand in for move i leave from the position before it.
      const before = i === 0 ? parent : nodes[i - 1];
      for (const alternative of m.variations) {
        await addLine(before, branch, before ? before.fen : from, alternative);
      }
    }
  };
  for (const { ply, lines } of variations) {
    for (const line of lines) await addLine(null, ply, fenAt(g, ply), line);
  }
  if (state.game?.id === g.id) redraw();
}

/** Asks for the legal moves of a line position passed through. @param {Game} g @param {LineNode} node */
async function refreshNode(g, node) {
  try {
    const v = await api.validate(g.variant, node.fen);
    node.legal = v.status === 'ongoing' ? v.legal_moves : [];
    node.over = v.status === 'over';
    if (state.game?.id === g.id && cursor === node) redraw();
  } catch {
    // Shown without moves; selecting it again asks again.
  }
}

/**
 * The arrows and the move list step along a line: back to the move before
 * (or to the game where the line leaves it), on to the line's next move.
 * @param {number} delta -1 or +1 @returns {boolean} whether a line took the step
 */
export function lineStep(delta) {
  if (!lineCursor() || !cursor) return false;
  if (delta < 0) selectLine(cursor.parent);
  else if (cursor.children.length) selectLine(cursor.children[0]);
  return true;
}

/** What the analysis said of a line position. @param {LineNode} node @param {Evaluation} e */
export function setLineEvaluation(node, e) {
  lineEvaluations.set(node.id, e);
}

/** The evaluation of the line position shown, or null. */
export function lineEvaluation() {
  const node = lineCursor();
  return node ? (lineEvaluations.get(node.id) ?? null) : null;
}

/**
 * The game's moves up to the position shown, through a side line if one is
 * shown: what a game continued from here replays.
 * @param {Game} g
 */
export function movesToShown(g) {
  const node = lineCursor();
  const branch = node ? node.branch : state.view;
  return [...g.moves.slice(0, branch).map((m) => m.move), ...(node ? pathTo(node).map((n) => n.move) : [])];
}

/**
 * Starts a new game from the position shown, with its history: the player
 * takes the side to move, the engine (as strong as in this game, if it
 * played) the other. Answers the new game's id.
 * @param {Game} g
 */
export async function continueFromHere(g) {
  const fen = lineCursor()?.fen ?? fenAt(g, state.view);
  // Where chance acts, the new game starts at the position itself: its
  // history names what flips revealed, which no new game's moves may name
  // (a flip's outcome is never the client's to choose, docs/api.md).
  const start = allows(g, 'chance') ? { fen } : { fen: g.start_fen, moves: movesToShown(g) };
  const toMove = fen.split(/\s+/)[1] === 'b' ? 'red' : 'blue';
  const engineSide = toMove === 'blue' ? 'red' : 'blue';
  const known = isEngine(g, 'blue') ? g.players.blue : isEngine(g, 'red') ? g.players.red : null;
  const engine =
    known && known.type === 'engine'
      ? { type: /** @type {const} */ ('engine'), skill: known.skill, movetime_ms: known.movetime_ms }
      : { type: /** @type {const} */ ('engine'), skill: 10, movetime_ms: 1000 };
  const game = await api.createGame({
    variant: g.variant,
    ...start,
    [toMove]: { type: 'human' },
    [engineSide]: engine,
  });
  return game.id;
}

/**
 * Whether the game's record has side lines to add, which only this page
 * knows (the server writes the game's own moves). A hidden-pieces game's
 * record is of announcements and its positions cannot be explored, so it
 * has none; where chance acts, a side line's flip is written with the
 * animal it revealed, as the game's are (docs/records.md).
 * @param {Game} g
 */
export function hasSideLines(g) {
  current();
  if (hidesInformation(g)) return false;
  return [...tree.branches.values()].some((nodes) => nodes.length > 0);
}

/**
 * Downloads the game's record with the side lines explored here: the
 * server's record, with the lines added (record_lines.js).
 * @param {Game} g
 */
export async function downloadWithSideLines(g) {
  current();
  const res = await fetch(api.recordUrl(g.id));
  if (!res.ok) throw new Error(`the record could not be read (HTTP ${res.status})`);
  const text = recordWithSideLines(await res.text(), g.start_fen, tree.branches);
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = recordFileName(g.id);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}
