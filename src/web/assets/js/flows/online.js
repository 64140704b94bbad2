// @ts-check
// Playing people online: joining a game by its link or code, offers of a
// draw or a take-back and their answers, claiming a game the opponent left,
// and copying the links to share (links.js makes them). Each step asks the
// server and shows its answer (the game's event stream brings the other
// player's side, flows.js).
import { ApiError, api, messageOf } from '../api/api.js';
import { $, toast } from '../util/dom.js';
import { showGame, loadGame } from './flows.js';
import { stopWatching, watchedGame } from '../api/game_stream.js';
import { isSpectator, opponentSide, waitingForOpponent } from '../game/game.js';
import { sideName } from '../game/format.js';
import { state } from '../state/state.js';
import { playerName, rememberName } from '../util/player_name.js';
import { rememberSeats } from '../util/seat_tokens.js';

/** @typedef {import('../api/api.js').Game} Game */

/** @param {string} text @param {string} what */
async function copy(text, what) {
  try {
    await navigator.clipboard.writeText(text);
    toast(`${what} copied.`, 'info', 2000);
  } catch {
    toast(text, 'info', 8000);
  }
}

export const copyShareLink = () => copy($('share-link', HTMLInputElement).value, 'Link');
export const copyWatchLink = () => copy($('watch-link', HTMLInputElement).value, 'Link');

/** @param {'draw' | 'takeback'} kind */
async function offer(kind) {
  const g = state.game;
  if (!g) return;
  try {
    await showGame(await api.offer(g.id, kind));
  } catch (err) {
    toast(messageOf(err));
  }
}

export const offerDraw = () => offer('draw');

/** Answers the opponent's standing offer. @param {boolean} accept */
export async function answerOffer(accept) {
  const g = state.game;
  const opp = opponentSide(g);
  if (!g || !opp || !g.offers) return;
  const kind = g.offers.draw === opp ? 'draw' : g.offers.takeback === opp ? 'takeback' : null;
  if (!kind) return;
  try {
    await showGame(await api.answerOffer(g.id, kind, accept));
  } catch (err) {
    toast(messageOf(err));
  }
}

/**
 * Asks the server to end the game shown in `how` and shows the answer; a
 * refusal as a toast.
 * @param {(id: number) => Promise<Game>} how
 */
async function endGame(how) {
  const g = state.game;
  if (!g) return;
  try {
    await showGame(await how(g.id));
  } catch (err) {
    toast(messageOf(err));
  }
}

/** Ends the game with no winner, before each side has moved. */
export const abortGame = () => endGame(api.abort);

/** Ends the game as won: the opponent has been gone too long. */
export const claimWin = () => endGame(api.claim);

/** The game waiting behind `#join=CODE`, to take its seat or watch. @type {{ game: Game, code: string } | null} */
let joining = null;

/**
 * Opens the game a code names and offers its open seat (or just shows it,
 * when it has none left or this browser already sits at it).
 * @param {string} code
 */
export async function openJoin(code) {
  let found;
  try {
    found = await api.codeGame(code);
  } catch (err) {
    toast(`No game to join: ${messageOf(err)}`, 'error', 8000);
    return false;
  }
  await loadGame(found.game);
  const g = found.state;
  if (!isSpectator(g) || !waitingForOpponent(g) || g.status !== 'ongoing') return true;
  joining = { game: g, code };
  const free = g.seats && g.seats.blue && !g.seats.blue.taken ? 'blue' : 'red';
  const host = g.players[free === 'blue' ? 'red' : 'blue'].name || 'Someone';
  const clock = g.clock ? `, ${g.clock.control.text}` : ', no clock';
  $('join-text').textContent = `${host} invites you to play ${sideName(free)} (${g.variant}${clock}).`;
  $('join-name', HTMLInputElement).value = playerName();
  $('dlg-join', HTMLDialogElement).showModal();
  return true;
}

/** Takes the seat the join dialog offers. */
async function takeSeat() {
  const j = joining;
  joining = null;
  if (!j) return;
  const name = $('join-name', HTMLInputElement).value.trim();
  rememberName(name);
  // The spectator's stream goes first: it would tell this page, as news of
  // someone else, the seat it takes; the player's stream opens with the game.
  stopWatching();
  try {
    const joined = await api.join(j.code, name);
    rememberSeats(joined.id, joined.seat_tokens);
    await loadGame(joined.id);
  } catch (err) {
    toast(`Could not join: ${messageOf(err)}`);
    await loadGame(j.game.id).catch((e) => toast(messageOf(e)));
  }
}

/**
 * Accepts a lobby challenge: takes its open seat and opens the game.
 * @param {number} id
 */
export async function acceptChallenge(id) {
  // As when taking a seat by the link: not told of one's own seat as news.
  const watchedHere = watchedGame() === id;
  if (watchedHere) stopWatching();
  try {
    const g = await api.joinGame(id, playerName());
    rememberSeats(g.id, g.seat_tokens);
    await loadGame(g.id);
  } catch (err) {
    // One's own challenge: open it, to wait there.
    const own = err instanceof ApiError && err.code === 'already_seated';
    if (!own) toast(`Could not accept the challenge: ${messageOf(err)}`);
    if (own || watchedHere) await loadGame(id).catch((e) => toast(messageOf(e)));
  }
}

export function wireJoinDialog() {
  $('form-join').addEventListener('submit', (e) => {
    const value = e instanceof SubmitEvent && e.submitter instanceof HTMLButtonElement ? e.submitter.value : '';
    if (value === 'join') takeSeat();
    else joining = null;
  });
}
