// @ts-check
// After a game: a rematch offered, answered and followed into (both
// players' pages and the spectators' go to the new game when the event
// stream says it was made; each player fetches its own seat's token), and
// the "your turn" list of the games waiting for this player's move,
// asked again when the game shown changes and every little while.
import { api, messageOf } from '../api/api.js';
import { toast } from '../util/dom.js';
import { heldSeats, rememberSeats } from '../util/seat_tokens.js';
import { loadGame, onStreamed } from './flows.js';
import { isMine, mySides } from '../game/game.js';
import { seatName } from '../game/format.js';
import { state, yourTurnArrived } from '../state/state.js';
import { account } from '../views/account_dialog.js';
import { render } from '../views/render.js';

/** @typedef {import('../api/api.js').Game} Game */

// How often the "your turn" list is asked for when nothing else asks.
export const YOUR_TURN_POLL_MS = 10000;
// Changes of the game shown closer together than this ask once.
const YOUR_TURN_SETTLE_MS = 300;

/** The rematches this page already follows into: each is entered once. @type {Set<number>} */
const followed = new Set();

/**
 * Goes from game `from` to its rematch `to`: a player of `from` first gets
 * its own seat's token in the new game (never the opponent's), a spectator
 * just watches the new game.
 * @param {Game} from @param {number} to
 */
async function followRematch(from, to) {
  if (followed.has(to)) return;
  followed.add(to);
  try {
    if (mySides(from).length > 0) {
      const seated = await api.rematchSeat(from.id);
      rememberSeats(seated.id, seated.seat_tokens);
    }
    if (state.game?.id === from.id) await loadGame(to);
  } catch (err) {
    toast(`Could not open the rematch: ${messageOf(err)}`);
  }
}

/** The banner's "Rematch" (online) or "Play again" (against the engine, or on one screen). */
export async function rematch() {
  const g = state.game;
  if (!g) return;
  if (g.rematch?.game) {
    await followRematch(g, g.rematch.game);
    return;
  }
  // The opponent offered one already: this accepts it.
  if (g.rematch?.offered_by && !isMine(g, g.rematch.offered_by)) {
    await answerRematch(true);
    return;
  }
  try {
    const answer = await api.rematch(g.id);
    if (answer.id !== g.id) {
      // Made at once (one player holds both seats).
      followed.add(answer.id);
      await loadGame(answer.id);
    } else {
      await loadGame(g.id);
    }
  } catch (err) {
    toast(messageOf(err));
  }
}

/** Accepts or declines the opponent's rematch offer; declining one's own withdraws it. @param {boolean} accept */
export async function answerRematch(accept) {
  const g = state.game;
  if (!g) return;
  try {
    const answer = await api.answerRematch(g.id, accept);
    if (accept) {
      await followRematch(g, answer.id);
    } else {
      await loadGame(g.id);
    }
  } catch (err) {
    toast(messageOf(err));
  }
}

/**
 * What the stream says of rematches, in words, and following into one.
 * @param {string} type @param {{ state?: Game, [key: string]: any }} data
 */
function streamed(type, data) {
  const g = data.state ?? state.game;
  if (!g) return;
  const mine = (/** @type {any} */ side) => isMine(g, side);
  if (type === 'rematch_offer' && !mine(data.by)) {
    toast(`${seatName(g, data.by)} offers a rematch.`, 'info', 6000);
  } else if (type === 'rematch_declined' && mine(data.by) && !mine(data.answered_by)) {
    toast(`${seatName(g, data.answered_by)} declined the rematch.`, 'info');
  } else if (type === 'rematch_withdrawn' && !mine(data.by)) {
    toast(data.reason === 'lapsed' ? 'The rematch offer lapsed.' : 'The rematch offer was withdrawn.', 'info');
  } else if (type === 'rematch' && typeof data.game === 'number') {
    toast('Rematch accepted: the new game begins.', 'info', 4000);
    followRematch(g, data.game);
  }
  if (type === 'move' || type === 'game_over' || type === 'seat') askYourTurn();
}

let asking = 0;

/** Asks the server, soon, which games wait for this player's move. */
export function askYourTurn() {
  clearTimeout(asking);
  asking = window.setTimeout(refreshYourTurn, YOUR_TURN_SETTLE_MS);
}

async function refreshYourTurn() {
  const games = heldSeats();
  // A logged-in player's own games come from the account (its cookie).
  if (!games.length && !account()) {
    if (state.yourTurn.length) {
      yourTurnArrived([]);
      render();
    }
    return;
  }
  try {
    const answer = await api.yourTurn(games);
    yourTurnArrived(answer.games);
    render();
  } catch {
    // Asked again at the next change or poll.
  }
}

/**
 * Keeps the seat tokens an answer hands out, for the "your turn" list.
 * @param {Game} game
 */
export function keepSeats(game) {
  rememberSeats(game.id, game.seat_tokens);
  askYourTurn();
}

export function wireAfterGame() {
  onStreamed(streamed);
  setInterval(refreshYourTurn, YOUR_TURN_POLL_MS);
  askYourTurn();
}
