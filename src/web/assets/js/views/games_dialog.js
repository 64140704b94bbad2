// @ts-check
// The "Games" dialog: the stored games, most recent first, a page at a time,
// each to open or delete.
import { api, messageOf } from '../api/api.js';
import { $, toast } from '../util/dom.js';
import { gameRowCells, sideName } from '../game/format.js';
import { formatClock } from '../game/clock.js';
import { gamesPageReset, gamesPageShown, state } from '../state/state.js';

/** @typedef {import('../api/api.js').GameSummary} GameSummary */
/**
 * What the rows' buttons do; a failure is reported by a toast.
 * @typedef {{ open: (id: number) => Promise<void>, remove: (id: number) => Promise<void> }} GameActions
 */

const GAMES_PAGE = 20;

const dialog = () => $('dlg-games', HTMLDialogElement);

/**
 * Opens the list at its start (`reset`), or shows its next page.
 * @param {boolean} reset
 * @param {GameActions} actions
 */
async function showGames(reset, actions) {
  if (reset) gamesPageReset();
  const body = $('games-body');
  if (reset) body.replaceChildren();
  try {
    const list = await api.listGames(GAMES_PAGE, state.gamesOffset);
    const now = list.now_ms ?? Date.now();
    for (const g of list.games) body.appendChild(gameRow(g, actions, now));
    gamesPageShown(list.games.length);
    $('games-more').hidden = state.gamesOffset >= list.total;
    if (!list.total) {
      const tr = document.createElement('tr');
      tr.innerHTML = '<td colspan="8" class="empty">No games yet.</td>';
      body.appendChild(tr);
    }
  } catch (err) {
    toast(messageOf(err));
  }
  if (!dialog().open) dialog().showModal();
}

/**
 * The time a correspondence game's player to move has left, at the
 * server's `now`; "" for any other game.
 * @param {GameSummary} g @param {number} now
 */
function timeLeftText(g, now) {
  if (!g.clock || g.clock.control.kind !== 'correspondence') return '';
  return `${sideName(g.clock.running)} has ${formatClock(g.clock.deadline_ms - now)}`;
}

/**
 * @param {GameSummary} g
 * @param {GameActions} actions
 * @param {number} now the server's time when it listed the games
 */
function gameRow(g, actions, now) {
  const tr = document.createElement('tr');
  tr.dataset.game = String(g.id);
  const when = new Date(g.updated_ms).toLocaleString([], { dateStyle: 'short', timeStyle: 'short' });
  for (const c of gameRowCells(g, when, timeLeftText(g, now))) {
    const td = document.createElement('td');
    td.textContent = c;
    tr.appendChild(td);
  }
  const td = document.createElement('td');
  td.className = 'row-actions';
  const open = document.createElement('button');
  open.type = 'button';
  open.textContent = 'Open';
  open.addEventListener('click', async () => {
    dialog().close();
    try {
      await actions.open(g.id);
    } catch (err) {
      toast(messageOf(err));
    }
  });
  const del = document.createElement('button');
  del.type = 'button';
  del.textContent = 'Delete';
  del.className = 'danger';
  del.addEventListener('click', async () => {
    if (!window.confirm(`Delete game ${g.id}?`)) return;
    try {
      await actions.remove(g.id);
      tr.remove();
    } catch (err) {
      toast(messageOf(err));
    }
  });
  td.append(open, del);
  tr.appendChild(td);
  return tr;
}

/** @param {GameActions} actions */
export function wireGamesDialog(actions) {
  $('btn-games').addEventListener('click', () => showGames(true, actions));
  $('games-more').addEventListener('click', () => showGames(false, actions));
}
