// @ts-check
// The online game's panel: the link and code to share while the opponent
// has not come, an offer to answer, one's own offer standing, a game the
// opponent left that may be claimed, the spectators' link, and the state
// of the connection.
import { $ } from '../util/dom.js';
import { seatName } from '../game/format.js';
import { claimableAt, isOnline, isSpectator, mySides, opponentSide, waitingForOpponent } from '../game/game.js';
import { gameLink, joinLink } from '../util/links.js';
import { serverNow, state } from '../state/state.js';

/** @typedef {import('../api/api.js').Game} Game */

/** @param {Game} g */
export function renderOnline(g) {
  const online = isOnline(g);
  const watching = isSpectator(g);
  const panel = $('online-panel');
  panel.hidden = !online && !watching;
  if (panel.hidden) return;
  const ongoing = g.status === 'ongoing';

  const connection = $('connection');
  connection.dataset.state = state.connection;
  connection.textContent =
    state.connection === 'reconnecting'
      ? 'Connection lost — reconnecting…'
      : watching && state.connection === 'live'
        ? 'You are watching this game live.'
        : '';

  const share = $('share');
  share.hidden = !(online && !watching && ongoing && waitingForOpponent(g) && g.code);
  if (!share.hidden && g.code) {
    const link = joinLink(g.code);
    const input = $('share-link', HTMLInputElement);
    if (input.value !== link) input.value = link;
    $('share-code').textContent = g.code;
  }
  const watch = $('watch-link', HTMLInputElement);
  if (watch.value !== gameLink(g.id)) watch.value = gameLink(g.id);

  const opp = opponentSide(g);
  const offers = g.offers ?? { draw: null, takeback: null };
  const incoming = !opp || !ongoing ? null : offers.draw === opp ? 'draw' : offers.takeback === opp ? 'takeback' : null;
  $('offer-box').hidden = !incoming;
  if (incoming && opp) {
    $('offer-text').textContent =
      incoming === 'draw'
        ? `${seatName(g, opp)} offers a draw.`
        : `${seatName(g, opp)} asks to take back their last move.`;
  }
  const mine = mySides(g).length === 1 ? mySides(g)[0] : null;
  const own =
    !mine || !ongoing ? null : offers.draw === mine ? 'a draw' : offers.takeback === mine ? 'a take-back' : null;
  $('offer-pending').hidden = !own;
  $('offer-pending').textContent = own ? `You offered ${own}; waiting for the answer.` : '';
  renderClaim(g);
}

/** The claim of a game the opponent left, counting down; the ticker calls it too. @param {Game | null} g */
export function renderClaim(g) {
  const box = $('claim-box');
  const at = claimableAt(g);
  box.hidden = at === null;
  if (!g || at === null) return;
  const opp = opponentSide(g);
  const wait = at - serverNow();
  const who = opp ? seatName(g, opp) : 'Your opponent';
  const text =
    wait > 0
      ? `${who} has left the game. If they do not come back, you may claim the win in ${Math.ceil(wait / 1000)} s.`
      : `${who} has left the game. You may claim the win, or wait for them.`;
  if ($('claim-text').textContent !== text) $('claim-text').textContent = text;
  $('claim-win', HTMLButtonElement).disabled = wait > 0;
}
