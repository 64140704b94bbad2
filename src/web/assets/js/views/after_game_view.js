// @ts-check
// After a game and between games: the banner's "Rematch" ("Play again"
// where one player holds both seats), the rematch offered in the online
// panel (to answer, one's own to withdraw, a spectator's news), and the
// top bar's "Your turn" with its count, its list, and the document title
// that tells the player when it is their move.
import { $ } from '../util/dom.js';
import { formatClock } from '../game/clock.js';
import { isMine, isOnline, mySides, opponentSide, seatToMove } from '../game/game.js';
import { playerShortName, seatName } from '../game/format.js';
import { serverNow, state } from '../state/state.js';

/** @typedef {import('../api/api.js').Game} Game */

// The page's own title, before any prefix.
const TITLE = 'Jungle · 斗兽棋';

/** The rematch offer standing, unless it lapsed. @param {Game} g */
function rematchOffered(g) {
  const r = g.rematch;
  if (!r || !r.offered_by || r.game) return null;
  if (r.expires_ms !== null && serverNow() >= r.expires_ms) return null;
  return r.offered_by;
}

/** @param {Game} g */
export function renderRematch(g) {
  const over = g.status === 'over';
  const mine = mySides(g);
  const online = isOnline(g);
  const seated = online ? mine.length === 1 && !!g.seats?.blue?.taken && !!g.seats?.red?.taken : mine.length === 2;
  const button = $('banner-rematch', HTMLButtonElement);
  button.hidden = !over || (!seated && !g.rematch?.game);
  const offered = over ? rematchOffered(g) : null;
  const toAnswer = !!offered && seated && !isMine(g, offered);
  button.textContent = g.rematch?.game
    ? 'Go to the rematch'
    : toAnswer
      ? 'Accept the rematch'
      : online
        ? 'Rematch'
        : 'Play again';
  // One's own offer waits for the answer.
  button.disabled = !!offered && !toAnswer;

  const box = $('rematch-box');
  box.hidden = !offered;
  if (!offered) return;
  const own = isMine(g, offered);
  const spectator = mine.length === 0;
  $('rematch-text').textContent = own
    ? 'You offered a rematch; waiting for the answer.'
    : spectator
      ? `${seatName(g, offered)} offers a rematch.`
      : `${seatName(g, offered)} offers a rematch, with colours swapped.`;
  $('rematch-accept').hidden = own || spectator;
  $('rematch-decline').hidden = spectator;
  $('rematch-decline').textContent = own ? 'Withdraw' : 'Decline';
}

/** Whether the game shown waits for this player's move. @param {Game | null} g */
const myMoveHere = (g) =>
  !!g &&
  isOnline(g) &&
  g.status === 'ongoing' &&
  mySides(g).length === 1 &&
  isMine(g, seatToMove(g)) &&
  !!opponentSide(g);

export function renderYourTurn() {
  const here = myMoveHere(state.game);
  // The games elsewhere, and this one if it is among them or waits here.
  const ids = new Set(state.yourTurn.map((t) => t.id));
  if (here && state.game) ids.add(state.game.id);
  const count = ids.size;
  const button = $('btn-your-turn');
  button.dataset.count = String(count);
  button.classList.toggle('waiting', count > 0);
  $('your-turn-count').textContent = String(count);
  $('your-move').hidden = !here;
  const title = here ? `▶ Your move · ${TITLE}` : count > 0 ? `(${count}) ${TITLE}` : TITLE;
  if (document.title !== title) document.title = title;
}

/** The "Your turn" list, to open one of its games. @param {(id: number) => Promise<void>} open */
function showYourTurn(open) {
  const body = $('your-turn-body');
  body.replaceChildren();
  for (const t of state.yourTurn) {
    const li = document.createElement('li');
    li.dataset.game = String(t.id);
    const other = t.players[t.seat === 'blue' ? 'red' : 'blue'];
    const opponent = other?.name || playerShortName(other);
    const left = t.deadline_ms !== null ? ` · ${formatClock(t.deadline_ms - serverNow())} left` : '';
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = `Game ${t.id}: ${t.variant}, against ${opponent}${left}`;
    button.addEventListener('click', () => {
      $('dlg-your-turn', HTMLDialogElement).close();
      open(t.id);
    });
    li.appendChild(button);
    body.appendChild(li);
  }
  $('your-turn-empty').hidden = state.yourTurn.length > 0;
  $('dlg-your-turn', HTMLDialogElement).showModal();
}

/** @param {(id: number) => Promise<void>} open */
export function wireYourTurn(open) {
  $('btn-your-turn').addEventListener('click', () => showYourTurn(open));
}
