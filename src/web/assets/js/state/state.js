// @ts-check
// The page's state, in one place. Views and flows read `state` (read-only to
// the type checker); only the transitions below change it, each named for
// what happened, so that every change can be found.
import { facesRed } from '../game/game.js';

/** @typedef {import('../api/api.js').Game} Game */
/** @typedef {import('../api/api.js').Variant} Variant */
/** @typedef {import('../api/api.js').Evaluation} Evaluation */
/** @typedef {import('../api/api.js').Review} Review */
/** @typedef {import('../api/api.js').MoveJudgement} MoveJudgement */
/** @typedef {import('../game/pieces.js').PieceStyle} PieceStyle */
/** @typedef {import('../board/setup.js').StartPosition} StartPosition */

/**
 * @typedef {object} PageState
 * @property {Variant[]} variants the rule sets the server offers
 * @property {Game | null} game the game shown, as the server last sent it
 * @property {number} view the ply whose position the board shows (game.ply: the current one)
 * @property {boolean} flipped whether Red is at the bottom
 * @property {PieceStyle} style how pieces are drawn
 * @property {boolean} animalNames the move list names the animal moved ("Lion f3–f7")
 * @property {boolean} busy a person's move is on its way to the server
 * @property {boolean} engineRequest an engine move is awaited
 * @property {boolean} autoplay engines playing each other move on by themselves
 * @property {boolean} analysing the analysis panel is on
 * @property {EventSource | null} source the running analysis stream
 * @property {Map<number, Evaluation>} evaluations what the engine said of each ply's position
 * @property {Review | null} review the review of a game as the server last sent it (reviewShown: the game shown's only)
 * @property {string | null} hint the hinted move, drawn as an arrow
 * @property {string | null} best the analysis' best move, drawn as an arrow
 * @property {boolean} bannerDismissed the player chose to review a finished game
 * @property {number} gamesOffset how many games the games list shows
 * @property {StartPosition | null} pendingStart the position the new game dialog starts from
 * @property {'off' | 'live' | 'reconnecting'} connection the game's event stream (online and watched games)
 * @property {number} stateAt when the game shown arrived (performance.now()), to run its clocks down
 * @property {number} serverOffset the server's clock less this page's (Date.now()), at the last state
 * @property {import('../api/api.js').TurnGame[]} yourTurn the games where it is this player's move
 */

/** @type {PageState} */
const current = {
  variants: [],
  game: null,
  view: 0,
  flipped: false,
  style: 'glyph',
  animalNames: false,
  busy: false,
  engineRequest: false,
  autoplay: true,
  analysing: false,
  source: null,
  evaluations: new Map(),
  review: null,
  hint: null,
  best: null,
  bannerDismissed: false,
  gamesOffset: 0,
  pendingStart: null,
  connection: 'off',
  stateAt: 0,
  serverOffset: 0,
  yourTurn: [],
};

/** @type {Readonly<PageState>} */
export const state = current;

/** @param {Variant[]} variants */
export function variantsLoaded(variants) {
  current.variants = variants;
}

/** The rule set called `name`, or the first one. @param {string} name */
export function variantInfo(name) {
  return current.variants.find((v) => v.name === name) || current.variants[0];
}

/**
 * Another game is being opened: its person sits at the bottom, engines play on.
 * @param {Game} game
 */
export function gameOpening(game) {
  current.flipped = facesRed(game);
  current.game = null;
  current.autoplay = true;
}

/**
 * A new state of a game came from the server. What belonged to the position
 * shown before (the evaluation and banner choice of another game, the arrows
 * of an earlier ply) is dropped. Answers whether it is another game, whether
 * the player was following the game (viewing its current position), and
 * whether it is just one move on from there (to animate that move).
 * @param {Game} game
 */
export function gameArriving(game) {
  const prev = current.game;
  const sameGame = !!prev && prev.id === game.id;
  const followed = !prev || !sameGame || current.view === prev.ply;
  if (!sameGame) {
    current.evaluations = new Map();
    current.bannerDismissed = false;
    // An engine move awaited for the game left is not this game's: its
    // answer is dropped when it comes (maybeEngineMove), and this game's
    // engine must not wait for it.
    current.engineRequest = false;
  }
  // A take-back: what was said of the positions taken back no longer holds
  // (another move may lead to a position of the same ply).
  if (sameGame && game.ply < prev.ply) {
    for (const ply of [...current.evaluations.keys()]) if (ply > game.ply) current.evaluations.delete(ply);
  }
  if (sameGame && game.ply !== prev.ply) {
    current.hint = null;
    current.best = null;
  }
  if (sameGame && game.status !== prev.status) current.bannerDismissed = false;
  const oneMoveOn = sameGame && followed && game.ply === prev.ply + 1;
  return { sameGame, followed, oneMoveOn };
}

/**
 * Shows `game`: its current position if the player was following it, else
 * the ply viewed as long as the game still has it.
 * @param {Game} game @param {boolean} followed
 */
export function gameShown(game, followed) {
  current.game = game;
  if (followed || current.view > game.ply) current.view = game.ply;
  current.stateAt = performance.now();
  if (typeof game.now_ms === 'number') current.serverOffset = game.now_ms - Date.now();
}

/** The game's event stream connected, is reconnecting, or was closed. @param {'off' | 'live' | 'reconnecting'} c */
export function connectionChanged(c) {
  current.connection = c;
}

/** The server's time now, as far as this page can tell (ms). */
export const serverNow = () => Date.now() + current.serverOffset;

/** How long ago the game shown arrived, for its clocks (ms). */
export const sinceState = () => performance.now() - current.stateAt;

/** The game with this id was deleted. @param {number} id @returns {boolean} whether it was the one shown */
export function gameDeleted(id) {
  if (current.game?.id !== id) return false;
  current.game = null;
  return true;
}

/**
 * Views the position after `ply` moves (kept within the game); the arrows
 * belonged to the position before.
 * @param {number} ply
 * @returns {boolean} whether the view changed
 */
export function viewMoved(ply) {
  const g = current.game;
  if (!g) return false;
  const v = Math.max(0, Math.min(g.ply, ply));
  if (v === current.view) return false;
  current.view = v;
  current.hint = null;
  current.best = null;
  return true;
}

/** Views the game's current position. */
export function viewLatest() {
  if (current.game) current.view = current.game.ply;
}

/** @param {boolean} on */
export function setBusy(on) {
  current.busy = on;
}

/** @param {boolean} on */
export function setEngineRequest(on) {
  current.engineRequest = on;
}

/** @param {boolean} on */
export function setAutoplay(on) {
  current.autoplay = on;
}

export function toggleFlipped() {
  current.flipped = !current.flipped;
}

/** Red at the bottom (true) or Blue. @param {boolean} red */
export function setFlippedTo(red) {
  current.flipped = red;
}

/** @param {PieceStyle} style */
export function setStyle(style) {
  current.style = style;
}

/** @param {boolean} on */
export function setAnalysing(on) {
  current.analysing = on;
}

/** @param {EventSource | null} source */
export function setAnalysisSource(source) {
  current.source = source;
}

/**
 * What the engine said of the position after `ply` moves (a hint, the
 * analysis, an engine move's search).
 * @param {number} ply @param {Evaluation} evaluation
 */
export function setEvaluation(ply, evaluation) {
  current.evaluations.set(ply, evaluation);
}

/**
 * The evaluation of the position the board shows, if the engine has said
 * anything of it: the bar belongs to the position viewed.
 * @returns {Evaluation | null}
 */
export function evaluationShown() {
  return current.evaluations.get(current.view) ?? null;
}

/**
 * The server sent a review: it is kept, and the bar shows what it found
 * wherever nothing fresher was said.
 * @param {Review} review
 */
export function reviewArrived(review) {
  current.review = review;
  for (const e of review.plies) {
    // (A position where the game is over has a result, not a score, for the bar.)
    if (e && !e.final && !current.evaluations.has(e.ply)) {
      current.evaluations.set(e.ply, e);
    }
  }
}

/**
 * The review of the game shown, if the server has said anything of it (one
 * kept for another game is not shown).
 * @returns {Review | null}
 */
export function reviewShown() {
  const r = current.review;
  return r && current.game && r.game === current.game.id ? r : null;
}

/**
 * The judgement of the move that led to `ply`, when the review has marked it.
 * @param {number} ply @returns {MoveJudgement | null}
 */
export function moveJudgement(ply) {
  const j = reviewShown()?.moves[ply - 1];
  return j && j.judgement ? j : null;
}

/** @param {string | null} move */
export function setHint(move) {
  current.hint = move;
}

/** @param {string | null} move */
export function setBest(move) {
  current.best = move;
}

export function dismissBanner() {
  current.bannerDismissed = true;
}

/** The games list starts again from the most recent game. */
export function gamesPageReset() {
  current.gamesOffset = 0;
}

/** @param {number} count the games the list has just shown more */
export function gamesPageShown(count) {
  current.gamesOffset += count;
}

/** @param {StartPosition | null} start */
export function setPendingStart(start) {
  current.pendingStart = start;
}

/** @param {boolean} on */
export function setAnimalNames(on) {
  current.animalNames = on;
}

/** The games where it is this player's move, as the server last listed them. @param {import('../api/api.js').TurnGame[]} games */
export function yourTurnArrived(games) {
  current.yourTurn = games;
}
