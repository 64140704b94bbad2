// @ts-check
// The buttons around the board (which apply now), the rule set and FEN of
// the position viewed, and the piece style switch.
import { api } from '../api/api.js';
import { $ } from '../util/dom.js';
import { shownFen } from '../state/explore.js';
import { allows, enginesOnly, isOnline, isSpectator, mySides, waitingForOpponent } from '../game/game.js';
import { helpWaitsForTheEnd, hidesInformation, settingUp } from '../game/hidden.js';
import { recordFileName } from '../game/record_lines.js';
import { ANIMALS, glyphPath, svg } from '../game/pieces.js';
import { state, variantInfo } from '../state/state.js';

/** @typedef {import('../api/api.js').Game} Game */

// A game is abortable while a side has not made its first move
// (GameService::kAbortBelowPlies on the server).
const ABORTABLE_BELOW_PLIES = 2;
/** @typedef {import('../game/pieces.js').PieceStyle} PieceStyle */

/** @param {Game} g */
export function renderControls(g) {
  const atEnd = state.view === g.ply;
  const over = g.status === 'over';
  const variant = variantInfo(g.variant);
  $('rules-line').textContent = `Rules: ${variant.name} — ${variant.description}`;
  $('fen-text').textContent = shownFen(g);
  const download = $('btn-download', HTMLAnchorElement);
  download.removeAttribute('aria-disabled');
  download.href = api.recordUrl(g.id);
  download.setAttribute('download', recordFileName(g.id));
  const engines = enginesOnly(g);
  const pause = $('btn-pause', HTMLButtonElement);
  pause.disabled = false;
  pause.textContent = state.autoplay ? 'Pause' : 'Resume';
  const online = isOnline(g);
  const watching = isSpectator(g);
  // Engines playing each other move when their owner's page asks: a
  // spectator's pause would pause nothing.
  pause.hidden = !engines || over || watching;
  // Online, the engine's help waits for the end, and offers go to the opponent.
  const helpWaits = online && !over;
  const waiting = waitingForOpponent(g);
  const mine = mySides(g)[0];
  // What the game allows (its capabilities): a take-back where moves can be
  // taken back (not with hidden information: it would show what an attack
  // showed, and undo it); with hidden information no engine's analysis (it
  // would see every animal) until the end, and hints thought out from the
  // player's own view on its turn.
  const hidden = hidesInformation(g);
  const hiddenOngoing = helpWaitsForTheEnd(g);
  const undo = $('btn-undo', HTMLButtonElement);
  undo.hidden = watching || !allows(g, 'undo');
  undo.textContent = online ? 'Ask to take back' : 'Take back';
  undo.disabled = g.ply === 0 || over || waiting || (online && g.offers?.takeback === mine);
  const draw = $('btn-draw', HTMLButtonElement);
  draw.hidden = !online || watching;
  draw.disabled = over || waiting || g.offers?.draw === mine;
  const resign = $('btn-resign', HTMLButtonElement);
  resign.hidden = watching;
  // (Before chance has decided the colours, there is no side to resign for.)
  resign.disabled = over || engines || waiting || !g.side_to_move;
  // lichess's abort: an online game's player ends it with no winner while a
  // side has not made its first move (docs/api.md, "Aborting").
  const abort = $('btn-abort', HTMLButtonElement);
  abort.hidden = !online || watching || over || g.ply >= ABORTABLE_BELOW_PLIES;
  abort.disabled = over;
  const hint = $('btn-hint', HTMLButtonElement);
  // A spectator watches: the players' help is not theirs to ask for.
  hint.hidden = watching;
  hint.disabled =
    (g.status === 'over' && atEnd) ||
    helpWaits ||
    (hidden && (over || !atEnd || settingUp(g) || !g.viewer || g.viewer !== g.side_to_move));
  const analyse = $('analyse-toggle', HTMLInputElement);
  analyse.disabled = helpWaits || hiddenOngoing || !allows(g, 'analysis');
  // Nothing to show there until the end: no empty box beside the board.
  $('analysis-panel').hidden = helpWaits || !allows(g, 'analysis');
  $('review-start', HTMLButtonElement).disabled = helpWaits || hiddenOngoing || !allows(g, 'review');
  $('banner-review').hidden = hiddenOngoing || !allows(g, 'review');
  // The editor sets up positions where any legal one can be set up by hand.
  $('btn-edit-here', HTMLButtonElement).disabled = hiddenOngoing || !allows(g, 'editor');
  $('btn-copy-fen', HTMLButtonElement).disabled = false;
  $('nav-first', HTMLButtonElement).disabled = $('nav-prev', HTMLButtonElement).disabled = state.view === 0;
  $('nav-next', HTMLButtonElement).disabled = $('nav-last', HTMLButtonElement).disabled = atEnd;
  document.body.classList.toggle('flipped', state.flipped);
}

// The game's buttons, which need a game to act on.
const GAME_BUTTONS = [
  'btn-hint',
  'btn-undo',
  'btn-draw',
  'btn-resign',
  'btn-abort',
  'btn-pause',
  'review-start',
  'btn-copy-fen',
  'btn-edit-here',
  'nav-first',
  'nav-prev',
  'nav-next',
  'nav-last',
];

/**
 * No game is shown (the first dialog was cancelled): nothing to act on, so
 * nothing looks as if it could act.
 */
export function renderNoGame() {
  for (const id of GAME_BUTTONS) $(id, HTMLButtonElement).disabled = true;
  $('analyse-toggle', HTMLInputElement).disabled = true;
  const download = $('btn-download', HTMLAnchorElement);
  download.removeAttribute('href');
  download.setAttribute('aria-disabled', 'true');
  $('rules-line').textContent = '';
  $('status').textContent = 'No game is open: start one with New game, or load a record.';
  $('fen-text').textContent = '';
}

/** The hint button while the engine looks for a hint. */
export function hintButtonThinking() {
  const btn = $('btn-hint', HTMLButtonElement);
  btn.disabled = true;
  btn.textContent = 'Thinking…';
}

/** The hint button again (whether it applies, the next render says). */
export function hintButtonReady() {
  $('btn-hint').textContent = 'Hint';
}

/** @returns {HTMLButtonElement[]} */
export const pieceStyleButtons = () =>
  [...document.querySelectorAll('#piece-style button')].filter((b) => b instanceof HTMLButtonElement);

/** @param {PieceStyle} style */
export function showPieceStyle(style) {
  for (const b of pieceStyleButtons()) {
    b.setAttribute('aria-checked', b.dataset.style === style ? 'true' : 'false');
  }
}

// The character style's button shows its character as outlines, like the
// board, so that it reads without a CJK font.
export function drawGlyphStyleButton() {
  const glyphButton = document.querySelector('#piece-style button[data-style="glyph"]');
  const mark = svg('svg', { class: 'style-glyph', viewBox: '-50 -50 100 100', 'aria-hidden': 'true' });
  glyphPath(ANIMALS.E.zh, 92, mark);
  glyphButton?.replaceChildren(mark);
}
