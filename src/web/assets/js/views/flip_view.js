// @ts-check
// What a game where chance acts shows besides the views every game has
// (docs/api.md, "Flip Jungle games"): its 4x4 board of face-down and
// face-up tiles in the board's place, the pool of animals still face down,
// the last flip in words, and the flip engine's expected score and best
// actions in the analysis panel. Switched on by the game's `chance`
// capability; drawn from the page's state like every view: the position
// viewed (state.view), the hint and the analysis' best action (state.hint,
// state.best). A person's action goes to the same flow as a move on the
// 7x9 board, and so does one queued while another seat is to move (a
// premove, where the game allows them). Away from the game's current
// position the board explores side lines (state/explore.js), as the 7x9
// board does; a flip there reveals the animal the explorer picks
// (flip_picker.js).
import { $, toast } from '../util/dom.js';
import { drawAnalysis, drawFlipBoard, drawPool } from '../board/flip_board.js';
import { flipPosition, parseFlipFen, revealText } from '../game/flip.js';
import { allows, colourOfSeat, isEngine, isMine, premoveSeat, seatToMove, waitingForOpponent } from '../game/game.js';
import { explorePosition, lineCursor } from '../state/explore.js';
import { state } from '../state/state.js';
import { pickReveal } from './flip_picker.js';

/** @typedef {import('../api/api.js').Game} Game */
/** @typedef {import('../api/api.js').EngineReport} EngineReport */
/** @typedef {import('../api/api.js').Side} Side */
/** @typedef {import('../board/board.js').BoardMove} BoardMove */
/** @typedef {import('../board/flip_board.js').FlipArrow} FlipArrow */

/**
 * What the board's pointer handling needs between renders: the actions a
 * person may take now (none when it is not theirs to act), the seat a
 * person may queue an action for meanwhile and the colour it plays (null
 * while chance has not decided it: only flips then), the action queued,
 * the square picked up, where a drag began, and the game and ply last
 * drawn (a flip one ply on turns its tile over once).
 */
const ui = {
  /** @type {((move: BoardMove) => void) | null} */ onMove: null,
  /** @type {((move: string) => void) | null} */ onPremove: null,
  /** @type {string[]} */ legal: [],
  canMove: false,
  /** @type {Side | null} */ premoveSeat: null,
  /** @type {Side | null} */ premoveColour: null,
  /** @type {string | null} */ premove: null,
  /** @type {Record<string, string>} */ board: {},
  /** @type {import('../api/api.js').Pool | null} the pool of a side line's position, whose flips the explorer names */
  explorePool: null,
  /** @type {string | null} */ selected: null,
  /** @type {string | null} */ dragFrom: null,
  drawn: { game: 0, ply: -1 },
  /** @type {{ lines: EngineReport[], side: 'blue' | 'red' | null } | null} */ analysis: null,
};

/** @param {string} id */
const el = (id) => $(id, HTMLElement);

/**
 * Builds the chance views into the page, once: the board beside the 7x9
 * one, the pool and the flip line in the panel, the expected score and the
 * best actions in the analysis panel. `onMove` gets each action a person
 * takes on the board, as the 7x9 board's moves go; `onPremove` each one
 * queued while another seat is to move, as the 7x9 board's premoves go.
 * @param {(move: BoardMove) => void} onMove @param {(move: string) => void} onPremove
 */
export function buildFlipViews(onMove, onPremove) {
  if (document.getElementById('flip-board')) return;
  ui.onMove = onMove;
  ui.onPremove = onPremove;
  const board = document.createElement('div');
  board.className = 'flip-board';
  board.id = 'flip-board';
  board.setAttribute('role', 'grid');
  board.setAttribute('aria-label', 'Flip Jungle board');
  board.hidden = true;
  $('board', SVGSVGElement).after(board);
  board.addEventListener('pointerdown', pointerDown);
  board.addEventListener('pointerup', pointerUp);
  const news = document.createElement('p');
  news.className = 'flip-news';
  news.id = 'flip-news';
  news.setAttribute('role', 'status');
  news.hidden = true;
  const pool = document.createElement('section');
  pool.className = 'panel flip-pool';
  pool.id = 'flip-pool';
  pool.setAttribute('aria-label', 'Animals face down');
  pool.hidden = true;
  el('status').after(news, pool);
  const expect = document.createElement('div');
  expect.className = 'flip-expect';
  expect.id = 'flip-expect';
  expect.hidden = true;
  expect.innerHTML =
    '<div class="flip-expect-fill" id="flip-expect-fill"></div><span class="flip-expect-text" id="flip-expect-text"></span>';
  const lines = document.createElement('ol');
  lines.className = 'flip-lines';
  lines.id = 'flip-lines';
  lines.setAttribute('aria-label', "The engine's best actions");
  el('pv').after(expect, lines);
}

/** The square under a pointer event. @param {PointerEvent} e */
function squareAt(e) {
  const hit = document.elementFromPoint(e.clientX, e.clientY);
  const cell = hit instanceof Element ? hit.closest('.flip-cell') : null;
  return cell instanceof HTMLElement ? (cell.dataset.square ?? null) : null;
}

/** @param {string} move @param {boolean} dragged */
function act(move, dragged) {
  ui.selected = null;
  ui.onMove?.({ move, from: -1, to: -1, legal: true, dragged });
}

/**
 * Queues `action` for the person's next turn: the flows play it then, or
 * say why the server refused it (a flip before it may have changed the
 * board). @param {string} action
 */
function queue(action) {
  ui.selected = null;
  ui.dragFrom = null;
  ui.premove = action;
  ui.onPremove?.(action);
  redraw();
}

/**
 * While another seat is to move: a face-down tile clicked queues its flip;
 * a piece of the person's colour picked up, then put on another square,
 * queues that move. @param {string} sq
 */
function premoveDown(sq) {
  if (ui.selected && ui.selected !== sq) {
    queue(`${ui.selected}${sq}`);
    return;
  }
  const content = ui.board[sq];
  if (content === '?') {
    queue(`${sq}?`);
    return;
  }
  const own = !!content && !!ui.premoveColour && (content === content.toUpperCase()) === (ui.premoveColour === 'blue');
  ui.selected = own && ui.selected !== sq ? sq : null;
  ui.dragFrom = ui.selected;
  redraw();
}

/** @param {PointerEvent} e */
function pointerDown(e) {
  const sq = squareAt(e);
  if (!sq) return;
  if (!ui.canMove) {
    if (ui.premoveSeat) premoveDown(sq);
    return;
  }
  if (ui.selected && ui.legal.includes(`${ui.selected}${sq}`)) {
    act(`${ui.selected}${sq}`, false);
    return;
  }
  if (ui.board[sq] === '?') {
    if (!ui.legal.includes(`${sq}?`)) toast('That tile cannot be turned over now.', 'info', 2000);
    else if (ui.explorePool) pickReveal(sq, ui.explorePool, (letter) => act(`${sq}?=${letter}`, false));
    else act(`${sq}?`, false);
    return;
  }
  const movable = ui.legal.some((m) => m.startsWith(sq) && !m.endsWith('?'));
  ui.selected = movable ? sq : null;
  ui.dragFrom = movable ? sq : null;
  redraw();
}

/** @param {PointerEvent} e */
function pointerUp(e) {
  const from = ui.dragFrom;
  ui.dragFrom = null;
  const to = squareAt(e);
  if (!from || !to || from === to) return;
  if (ui.canMove && ui.legal.includes(`${from}${to}`)) act(`${from}${to}`, true);
  else if (!ui.canMove && ui.premoveSeat) queue(`${from}${to}`);
}

function redraw() {
  if (state.game && allows(state.game, 'chance')) renderFlip(state.game);
}

/**
 * The hint and the analysis' best action: the state keeps them for the
 * position viewed only (state.js drops them when it changes).
 */
function arrows() {
  /** @type {FlipArrow[]} */
  const out = [];
  if (state.best && state.analysing) out.push({ move: state.best, kind: 'best' });
  if (state.hint) out.push({ move: state.hint, kind: 'hint' });
  return out;
}

/**
 * Shows or hides the chance views for the game shown, and draws them: the
 * position viewed, the actions a person may take there, the pool.
 * @param {Game | null} g
 */
export function renderFlip(g) {
  const on = allows(g, 'chance');
  document.body.classList.toggle('chance-game', on);
  const board = document.getElementById('flip-board');
  if (!board) return;
  $('board', SVGSVGElement).style.display = on ? 'none' : '';
  board.hidden = !on;
  el('flip-pool').hidden = !on;
  if (!on || !g) {
    el('flip-news').hidden = true;
    showFlipAnalysis(null);
    ui.canMove = false;
    ui.selected = null;
    ui.drawn = { game: 0, ply: -1 };
    return;
  }
  // An action queued in another game is not this one's (the flows forget
  // it too).
  if (ui.drawn.game !== g.id) ui.premove = null;
  const atEnd = state.view === g.ply;
  // Away from the game's current position (or once it is over), the board
  // explores side lines, as the 7x9 board does: their flips reveal what the
  // explorer chooses from the pool there.
  const explored = explorePosition();
  const line = lineCursor();
  const seen = explored ? parseFlipFen(explored.fen) : flipPosition(g, state.view);
  const toMove = seatToMove(g);
  ui.legal = explored ? explored.legal : atEnd ? g.legal_moves : [];
  ui.board = seen.board;
  ui.explorePool = explored ? seen.pool : null;
  // A person acts for the seats this browser holds, never for another's.
  ui.canMove = explored
    ? explored.canMove && !state.busy
    : g.status === 'ongoing' &&
      !waitingForOpponent(g) &&
      !isEngine(g, toMove) &&
      isMine(g, toMove) &&
      !state.busy &&
      !state.engineRequest;
  // Meanwhile, an action may be queued where the game allows premoves.
  ui.premoveSeat = atEnd && !explored && !ui.canMove ? premoveSeat(g) : null;
  ui.premoveColour = ui.premoveSeat ? colourOfSeat(g, ui.premoveSeat) : null;
  if (!ui.premoveSeat) ui.premove = null;
  const picking = ui.canMove
    ? ui.selected !== null && ui.legal.some((m) => m.startsWith(ui.selected ?? ''))
    : ui.premoveSeat !== null;
  if ((!atEnd && !explored) || !picking) ui.selected = null;
  const targets =
    ui.selected && ui.canMove
      ? ui.legal.filter((m) => m.startsWith(ui.selected ?? '') && !m.endsWith('?')).map((m) => m.slice(2, 4))
      : [];
  // A side line's last move stands for the game's, with what its flip revealed.
  const lastMove = line
    ? { move: line.move, action: line.action, revealed: line.revealed }
    : state.view > 0
      ? g.moves[state.view - 1]
      : null;
  const lastAction = lastMove ? (lastMove.action ?? lastMove.move) : '';
  const last = lastAction ? [lastAction.slice(0, 2), lastAction.slice(2, 4)].filter(Boolean) : [];
  // The tile of a flip just made turns over, once, not at every later drawing.
  const oneOn = ui.drawn.game === g.id && ui.drawn.ply + 1 === g.ply && atEnd && !line;
  const reveal = oneOn && lastMove?.revealed ? lastAction.slice(0, 2) : null;
  ui.drawn = { game: g.id, ply: g.ply };
  drawFlipBoard(board, {
    board: seen.board,
    selected: ui.selected,
    targets,
    last,
    reveal,
    premove: ui.premove ? [ui.premove.slice(0, 2), ui.premove.slice(2, 4)].filter((q) => q && q !== '?') : [],
    flipped: state.flipped,
    arrows: arrows(),
  });
  board.dataset.ply = String(state.view);
  // Whether a person may act on the board now: a side line's position may
  // be shown before its actions have come (a test waits on it).
  board.dataset.canAct = String(ui.canMove);
  // The side line's move shown, if any.
  if (line) board.dataset.line = String(line.id);
  else delete board.dataset.line;
  // Which game the board shows: opening another game by its link swaps the
  // board in place, and a script (or a test) waits on this to act on it.
  board.dataset.game = String(g.id);
  drawPool(el('flip-pool'), seen.pool, seen.hidden);
  // What the last flip revealed, in words, while its position is shown.
  const news = el('flip-news');
  news.textContent = lastMove?.revealed ? revealText(lastMove) : '';
  news.hidden = !lastMove?.revealed;
}

/** The chance board's suggestions again (a hint, the analysis' best action). */
export function renderFlipArrows() {
  redraw();
}

/**
 * The flip engine's analysis in the analysis panel: the expected score as
 * a bar (Blue's share, or the first player's while the colours are
 * undecided) and the best actions, from the engine's latest report of each
 * line (best first) and the side to move; null clears them.
 * @param {{ lines: EngineReport[], side: 'blue' | 'red' | null } | null} analysis
 */
export function showFlipAnalysis(analysis) {
  ui.analysis = analysis;
  const lines = document.getElementById('flip-lines');
  if (!(lines instanceof HTMLOListElement)) return;
  drawAnalysis({ bar: el('flip-expect'), fill: el('flip-expect-fill'), text: el('flip-expect-text'), lines }, analysis);
}
