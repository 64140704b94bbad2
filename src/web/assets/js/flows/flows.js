// @ts-check
// The game's course: opening a game, the moves of people and engines,
// take-backs, resignations, hints, new games and loaded records. Each step
// asks the server, changes the state through its transitions and renders.
import { ApiError, api, messageOf } from '../api/api.js';
import { hintFromAnalysis, startAnalysis, stopAnalysis, switchAnalysis } from './analysis.js';
import {
  continueFromHere,
  exploreMoves,
  exploring,
  lineCursor,
  restoreSideLines,
  selectLine,
} from '../state/explore.js';
import { gameReviewed, startReview } from './review.js';
import { toast } from '../util/dom.js';
import { fullMoves, hintMessage, moveSquares, seatName, sideName } from '../game/format.js';
import {
  allows,
  colourOfSeat,
  enginesOnly,
  hasEvalBar,
  isEngine,
  isMine,
  isOnline,
  isSpectator,
  mySides,
  other,
  playersFor,
  resigningSide,
  seatToMove,
  takeBackPlies,
} from '../game/game.js';
import { stopWatching, watchGame } from '../api/game_stream.js';
import { hidesInformation, settingUp } from '../game/hidden.js';
import { announceArrival, arrangeSwap, hiddenArrival, hiddenGameOpening } from './hidden_game.js';
import {
  connectionChanged,
  gameArriving,
  gameDeleted,
  gameOpening,
  gameShown,
  setAutoplay,
  setBusy,
  setEngineRequest,
  setEvaluation,
  setHint,
  setStyle,
  state,
  toggleFlipped,
  viewLatest,
  viewMoved,
} from '../state/state.js';
import { play, soundFor } from '../util/sound.js';
import { store } from '../util/storage.js';
import { rememberSeats } from '../util/seat_tokens.js';
import { gameBoard } from '../views/board_view.js';
import { hintButtonReady, hintButtonThinking, showPieceStyle } from '../views/controls_view.js';
import { closeLoadDialog } from '../views/load_dialog.js';
import { render } from '../views/render.js';

/** @typedef {import('../api/api.js').Game} Game */
/** @typedef {import('../board/board.js').BoardMove} BoardMove */
/** @typedef {import('../game/pieces.js').PieceStyle} PieceStyle */
/** @typedef {import('../views/new_game_dialog.js').NewGameRequest} NewGameRequest */

const ENGINE_PAUSE_MS = 350; // between moves when engines play each other
// Retries after losing the server: soon at first, then every few seconds,
// for as long as the page shows that game.
const RECONNECT_FIRST_MS = 500;
const RECONNECT_MAX_MS = 5000;

/** Whether a failure means the server could not answer at all. @param {unknown} err */
const serverGone = (err) => err instanceof ApiError && (err.code === 'network' || err.status >= 502);

/**
 * Asks for the game until the server answers, then shows it and lets the
 * engine move if it is still to.
 * @param {number} id @param {number} attempt
 */
async function reconnect(id, attempt) {
  if (state.game?.id !== id) return;
  try {
    const game = await api.game(id);
    if (state.game?.id !== id) return;
    await setGame(game);
    toast('Reconnected.', 'info', 2500);
    maybeEngineMove();
  } catch (err) {
    if (!serverGone(err)) {
      toast(`The game could not be reloaded: ${messageOf(err)}`);
      return;
    }
    setTimeout(() => reconnect(id, attempt + 1), Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** (attempt + 1)));
  }
}

/**
 * Shows a state of a game from the server; `animate` plays the move that led
 * to it when the player was following the game.
 * @param {Game} game
 * @param {{ animate?: boolean }} [options]
 */
export async function showGame(game, options) {
  await setGame(game, options);
}

/**
 * What the game's event stream brings: each event's state is shown (a
 * move animated), a few are told in words, and a move queued while the
 * opponent thought is played once it is legal.
 * @param {number} id
 * @param {string} type
 * @param {{ state?: Game, [key: string]: any }} data
 */
async function streamed(id, type, data) {
  if (state.game?.id !== id) return;
  if (type === 'deleted') {
    toast('This game was deleted.', 'info');
    return;
  }
  const g = data.state;
  if (!g) {
    render();
    for (const listener of streamListeners) listener(type, data);
    return;
  }
  const before = state.game;
  await setGame(g, { animate: type === 'move' });
  const mine = (/** @type {string} */ side) => isMine(g, /** @type {import('../api/api.js').Side} */ (side));
  if (type === 'seat' && !mine(data.seat)) {
    toast(`${data.name || 'Your opponent'} took the ${sideName(data.seat)} seat: the game begins.`, 'info', 5000);
  } else if (type === 'offer' && !mine(data.by)) {
    toast(`${seatName(g, data.by)} offers ${data.kind === 'draw' ? 'a draw' : 'to take back a move'}.`, 'info', 5000);
  } else if (type === 'offer_declined' && mine(data.by) && !mine(data.answered_by)) {
    toast(
      `${seatName(g, data.answered_by)} declined your ${data.kind === 'draw' ? 'draw offer' : 'take-back'}.`,
      'info',
    );
  } else if (type === 'setup' && data.ready && !mine(data.seat)) {
    toast(`${sideName(data.seat)} has arranged its animals.`, 'info', 4000);
  } else if (type === 'undo' && data.agreed && before && before.ply !== g.ply) {
    toast('A move was taken back, as agreed.', 'info');
  }
  // The premove goes against the newest state shown, which may be a later
  // one than this event's.
  const now = state.game;
  const queued = premove;
  // (Against the engine, maybeEngineMove plays it.)
  if (
    type === 'move' &&
    queued &&
    now?.id === id &&
    isOnline(now) &&
    now.status === 'ongoing' &&
    isMine(now, seatToMove(now))
  ) {
    premove = null;
    playQueued(now, queued);
  }
  for (const listener of streamListeners) listener(type, data);
}

/**
 * Who else hears the game's events once this module has shown them (the
 * flows after a game: rematches, the "your turn" list), so that this
 * module needs not know them.
 * @type {((type: string, data: { state?: Game, [key: string]: any }) => void)[]}
 */
const streamListeners = [];

/** @param {(type: string, data: { state?: Game, [key: string]: any }) => void} listener */
export function onStreamed(listener) {
  streamListeners.push(listener);
}

/**
 * Plays the move a person queued, now that it is their turn in `g`; one
 * that is no longer legal goes to the server all the same, which says why
 * it is refused, so that no queued move vanishes without a word.
 * @param {Game} g @param {string} queued
 */
function playQueued(g, queued) {
  const legal = g.legal_moves.includes(queued);
  setTimeout(() => onBoardMove({ move: queued, from: -1, to: -1, legal, dragged: false }), 0);
}

/**
 * Watches the game's event stream when others act on it (an online game,
 * or one this browser only watches) or when its clock runs (the server may
 * end it on time with no request of this page's). An untimed local game's
 * own page hears its answers and needs none.
 * @param {Game} game
 */
function follow(game) {
  if (!isOnline(game) && !isSpectator(game) && !game.clock) {
    stopWatching();
    return;
  }
  const id = game.id;
  watchGame(id, game.last_event ?? 0, mySides(game), {
    onEvent: (type, data) => {
      streamed(id, type, data).catch((err) => toast(messageOf(err)));
    },
    onConnection: (c) => {
      const was = state.connection;
      connectionChanged(c);
      if (c === 'live' && was === 'reconnecting') toast('Reconnected.', 'info', 2500);
      render();
    },
  });
}

/**
 * Whether `game` is an older state of the game shown than the one shown.
 * A move's own answer, its echo on the event stream and the opponent's
 * next move may arrive in any order, and each waits for a move to be drawn
 * before it is shown: the game's revision (docs/api.md) orders them.
 * @param {Game} game
 */
function olderThanShown(game) {
  const shown = state.game;
  if (!shown || shown.id !== game.id) return false;
  if (typeof shown.revision !== 'number' || typeof game.revision !== 'number') return false;
  return game.revision < shown.revision;
}

/**
 * Shows a state of a game from the server; `animate` plays the move that led
 * to it when the player was following the game. A state older than the one
 * shown is never shown over it; answers whether this one was shown.
 * @param {Game} arrived
 * @param {{ animate?: boolean }} [options]
 * @returns {Promise<boolean>}
 */
async function setGame(arrived, { animate = false } = {}) {
  if (olderThanShown(arrived)) return false;
  // A hidden-pieces game on a shared screen may have to be shown as
  // another reader sees it (hidden_game.js).
  const game = await hiddenArrival(arrived);
  // Compared again at each step after a wait: a newer state may have been
  // shown meanwhile.
  if (olderThanShown(game)) return false;
  const before = state.game;
  const { sameGame, followed, oneMoveOn } = gameArriving(game);
  if (!sameGame) {
    stopAnalysis();
    // A move queued in the game left was meant for that game alone.
    premove = null;
  }
  // The engine's analysis would see what a player may not (hidden
  // information) until the game is over.
  if (hidesInformation(game) && game.status !== 'over' && state.analysing) switchAnalysis(false);
  if (!allows(game, 'analysis') && state.analysing) switchAnalysis(false);
  if (oneMoveOn || (sameGame && game.status === 'over' && state.game?.status !== 'over')) play(soundFor(game));
  // An attack that failed leaves its piece where it was.
  const last = game.moves[game.ply - 1];
  const moved = !last?.outcome || last.outcome === 'move' || last.outcome === 'took';
  // (Where chance acts, its board turns a flipped tile over instead: flip_view.js.)
  if (animate && oneMoveOn && moved && !allows(game, 'chance')) {
    const viewBefore = state.view;
    await gameBoard().animateMove(last);
    if (olderThanShown(game)) return false;
    // While the move was drawn, the same state may have been shown from its
    // other path (a move's answer and its echo on the event stream race),
    // or the person may have moved the view: whether they follow the game
    // is asked again of what is shown now, or a view they chose meanwhile
    // would jump back to the game's end.
    if (state.game !== before || state.view !== viewBefore) return setGame(game);
  }
  gameShown(game, followed);
  announceArrival(before, game);
  location.hash = `game=${game.id}`;
  store.set('lastGame', game.id);
  render();
  if (state.analysing) startAnalysis();
  gameReviewed(game);
  return true;
}

/** Opens the stored game `id`, and lets its engine move if it is to. @param {number} id */
export async function loadGame(id) {
  hiddenGameOpening();
  const game = await api.game(id);
  gameOpening(game);
  await setGame(game);
  follow(game);
  maybeEngineMove();
}

// Asks the engine for its move when it is to move (and engines playing each
// other are not paused); then again for the next move.
export async function maybeEngineMove() {
  const g = state.game;
  if (!g || g.status !== 'ongoing' || !isEngine(g, seatToMove(g)) || state.engineRequest) return;
  // The engine moves when its player's page asks; a watcher only watches.
  if (!isMine(g, seatToMove(g))) return;
  if (isEngine(g, other(seatToMove(g))) && !state.autoplay) return;
  const id = g.id;
  setEngineRequest(true);
  render();
  let again = false;
  try {
    const next = await api.engineMove(id);
    if (state.game?.id !== id) return;
    // The search's value is that of the position it moved from and, by its
    // best line, of the one its move leads to.
    if (next.engine && hasEvalBar(next)) {
      setEvaluation(next.ply - 1, next.engine);
      setEvaluation(next.ply, next.engine);
    }
    setEngineRequest(false);
    await setGame(next, { animate: true });
    again = true;
    const queued = premove;
    premove = null;
    const now = state.game;
    if (queued && now?.id === id && now.status === 'ongoing' && !isEngine(now, seatToMove(now))) {
      // The player's turn: play the queued move at once, as the player asked
      // (or hear from the server why it no longer may be).
      again = false;
      playQueued(now, queued);
    }
  } catch (err) {
    if (state.game?.id !== id) return;
    const code = err instanceof ApiError ? err.code : '';
    if (code === 'game_changed' || code === 'engine_thinking' || code === 'not_engine_turn') {
      // Someone changed the game meanwhile (take-back, another tab): show it as it is now.
      try {
        await setGame(await api.game(id));
      } catch {
        // shown below
      }
    } else if (serverGone(err)) {
      // The server went away while the engine thought (a crash, a restart):
      // wait until it answers again, then carry on from the stored game.
      toast('Lost the server while the engine was thinking; reconnecting…', 'info', 6000);
      setTimeout(() => reconnect(id, 0), RECONNECT_FIRST_MS);
    } else {
      toast(`The engine could not move: ${messageOf(err)}`);
    }
  } finally {
    if (state.game?.id === id) {
      setEngineRequest(false);
      render();
    }
  }
  if (again) setTimeout(maybeEngineMove, enginesOnly(state.game) ? ENGINE_PAUSE_MS : 0);
}

/** The move a person queued while the engine thought, if any. @type {string | null} */
let premove = null;

/** A move queued on the board while the engine thinks. @param {string} move */
export function onPremove(move) {
  premove = move;
}

/** A person's move on the board. @param {BoardMove} move */
export async function onBoardMove({ move, from, legal, dragged }) {
  const g = state.game;
  if (!g) return;
  if (state.busy) {
    // The previous move is still on its way: this one waits its turn, as a
    // move queued while the opponent thinks does, rather than vanish.
    premove = move;
    return;
  }
  if (settingUp(g)) {
    // Arranging a hidden set-up: the two squares exchange their animals.
    const [a, b] = moveSquares(move);
    await arrangeSwap(a, b);
    return;
  }
  if (exploring()) {
    // The game's own next move goes along the game; any other starts a side line.
    if (!lineCursor() && state.view < g.ply && g.moves[state.view].move === move) setView(state.view + 1);
    else await exploreMoves([move]);
    return;
  }
  setBusy(true);
  try {
    const next = await api.move(g.id, move, g.ply);
    setBusy(false);
    await setGame(next, { animate: !dragged });
    // A move made while this one was on its way, now that it may be played.
    const now = state.game;
    const queued = premove;
    if (queued && now?.id === g.id && now.status === 'ongoing' && isMine(now, seatToMove(now))) {
      if (!isEngine(now, seatToMove(now))) {
        premove = null;
        playQueued(now, queued);
        return;
      }
    }
    maybeEngineMove();
  } catch (err) {
    setBusy(false);
    const refused = err instanceof ApiError ? err : null;
    if ((!legal || refused?.status === 422) && from >= 0) gameBoard().shake(from);
    toast(messageOf(err));
    if (refused?.code === 'stale' || refused?.code === 'not_your_turn') {
      try {
        await setGame(await api.game(g.id));
      } catch {
        // The next move or reload shows the game.
      }
    }
    render();
  }
}

/** Shows the position after `ply` moves. @param {number} ply */
export function setView(ply) {
  const leftLine = !!lineCursor();
  if (leftLine) selectLine(null);
  if (!viewMoved(ply) && !leftLine) return;
  render();
  if (state.analysing) startAnalysis();
}

export async function takeBack() {
  const g = state.game;
  if (!g || !allows(g, 'undo')) return;
  if (isOnline(g)) {
    // Online, a take-back is asked of the opponent.
    try {
      await setGame(await api.offer(g.id, 'takeback'));
      toast('You asked to take back your move; your opponent decides.', 'info', 3500);
    } catch (err) {
      toast(messageOf(err));
    }
    return;
  }
  const plies = takeBackPlies(g);
  // Engines playing each other wait after a take-back, or they would replay.
  if (enginesOnly(g)) setAutoplay(false);
  try {
    await setGame(await api.undo(g.id, plies));
    viewLatest();
    render();
  } catch (err) {
    toast(messageOf(err));
  }
}

export async function resign() {
  const g = state.game;
  if (!g || g.status !== 'ongoing') return;
  const side = resigningSide(g);
  // A seat is named by its colour (the first player's may be Red, once chance decided it).
  const colour = colourOfSeat(g, side) ?? side;
  if (!window.confirm(`Resign this game as ${sideName(colour)}?`)) return;
  try {
    await setGame(await api.resign(g.id, side));
  } catch (err) {
    toast(messageOf(err));
  }
}

// How long the engine thinks for a hint.
const HINT_MS = 1000;

export async function hint() {
  const g = state.game;
  if (!g) return;
  hintButtonThinking();
  try {
    const ply = state.view;
    // One flow for every game: the server decides what help the game gives
    // and what its hint says (the same fields for every family). Beside a
    // running analysis of this position, its best line: the server would
    // run the hint only once that analysis ends.
    const h = (await hintFromAnalysis(ply, HINT_MS)) ?? (await api.hint(g.id, ply, HINT_MS));
    if (state.game?.id !== g.id || state.view !== ply) return;
    setHint(h.move);
    if (hasEvalBar(g)) setEvaluation(ply, h);
    render();
    toast(hintMessage(g, ply, h), 'info', 4500);
  } catch (err) {
    toast(messageOf(err));
  } finally {
    hintButtonReady();
    render();
  }
}

/** Pauses engines playing each other, or lets them play on. */
export function togglePause() {
  setAutoplay(!state.autoplay);
  render();
  maybeEngineMove();
}

export function flipBoard() {
  toggleFlipped();
  render();
}

/** @param {PieceStyle} style */
export function chooseStyle(style) {
  setStyle(style);
  store.set('style', style);
  showPieceStyle(style);
  gameBoard().setStyle(style);
  if (state.game) render();
}

/** Starts the game the new game dialog describes, and opens it. @param {NewGameRequest} request */
export async function startNewGame({ mode, skill, movetime, variant, start, clock, side, name, lobby, rated, range }) {
  /** @type {import('../api/api.js').NewGame} */
  const body = { variant, ...playersFor(mode, skill, movetime) };
  if (start) body.fen = start.fen;
  if (clock) body.time_control = clock;
  if (mode === 'online') Object.assign(body, { online: true, side, name, lobby });
  if (mode === 'online' && rated) body.rated = true;
  // A spread around the creator's own rating, which the server knows.
  if (mode === 'online' && rated && range) body.rating_range = Number(range);
  try {
    const game = await api.createGame(body);
    if (game.mode === 'online') rememberSeats(game.id, game.seat_tokens);
    await loadGame(game.id);
  } catch (err) {
    toast(`Could not start the game: ${messageOf(err)}`);
  }
}

/**
 * Stores game `index` (1-based) of a record and opens it at its start, with
 * its side lines (`variations`, as the records route lists them) on the
 * analysis board, as they were when the record was downloaded; a failure
 * to store it is the caller's to show.
 * @param {string} text @param {number} [index]
 * @param {import('../api/api.js').RecordVariations[]} [variations]
 */
export async function loadRecord(text, index = 1, variations = []) {
  const game = await api.createGame({ record: text, game: index });
  closeLoadDialog();
  await loadGame(game.id);
  setView(0);
  if (variations.length && state.game?.id === game.id) {
    // The game is stored and open: lines that cannot be shown lose only themselves.
    await restoreSideLines(state.game, variations).catch((err) =>
      toast(`The record's side lines could not be shown: ${messageOf(err)}`),
    );
  }
  startReview();
  const count = fullMoves(game.start_fen, game.ply);
  const which = game.record && game.record.games > 1 ? ` (game ${game.record.game} of ${game.record.games})` : '';
  toast(`Loaded game ${game.id}${which}: ${count} move${count === 1 ? '' : 's'}. Use ▶ to step through it.`, 'info');
}

/**
 * Opens a position from the editor on the analysis board: a game of two
 * people from there, with the engine's lines on.
 * @param {import('../board/setup.js').StartPosition} start
 */
export async function analyseFrom(start) {
  try {
    const game = await api.createGame({
      variant: start.variant,
      fen: start.fen,
      blue: { type: 'human' },
      red: { type: 'human' },
    });
    await loadGame(game.id);
    switchAnalysis(true);
  } catch (err) {
    toast(`Could not open the position: ${messageOf(err)}`);
  }
}

/** A new game from the position shown (a past ply, a side line), against the engine. */
export async function continueAgainstEngine() {
  const g = state.game;
  if (!g) return;
  try {
    await loadGame(await continueFromHere(g));
    toast('A new game from that position: your move.', 'info', 3000);
  } catch (err) {
    toast(`Could not continue from here: ${messageOf(err)}`);
  }
}

/** Deletes a stored game; the page forgets it if it is the one shown. @param {number} id */
export async function deleteGame(id) {
  await api.deleteGame(id);
  if (gameDeleted(id)) {
    stopWatching();
    location.hash = '';
    render();
  }
}
