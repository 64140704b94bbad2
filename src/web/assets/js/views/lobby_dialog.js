// @ts-check
// The lobby: open challenges (a rule set and a clock, waiting for someone to
// accept) and games being played, to watch. It follows the server's lobby
// stream while open, so a challenge taken elsewhere disappears at once.
import { api, messageOf } from '../api/api.js';
import { $, toast } from '../util/dom.js';
import { fullMoves, listedPlayerName, sideName } from '../game/format.js';

/** @typedef {import('../api/api.js').Lobby} Lobby */
/** @typedef {import('../api/api.js').LobbyGame} LobbyGame */
/**
 * What the lobby's buttons do.
 * @typedef {{ accept: (id: number) => Promise<void>, watch: (id: number) => Promise<void>,
 *             join: (code: string) => Promise<unknown>, create: () => void }} LobbyActions
 */

const dialog = () => $('dlg-lobby', HTMLDialogElement);

/** @type {EventSource | null} */
let source = null;

/** @param {string} text */
function cell(text) {
  const td = document.createElement('td');
  td.textContent = text;
  return td;
}

/**
 * @param {string} label @param {() => Promise<void>} action
 */
function button(label, action) {
  const td = document.createElement('td');
  td.className = 'row-actions';
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = label;
  b.addEventListener('click', async () => {
    dialog().close();
    try {
      await action();
    } catch (err) {
      toast(messageOf(err));
    }
  });
  td.appendChild(b);
  return td;
}

/** Why the viewer may not take a challenge, in its actions' place. @param {LobbyGame} g */
function refused(g) {
  const td = document.createElement('td');
  td.className = 'row-actions why-not';
  td.textContent = WHY_NOT[g.why?.code ?? ''] ?? 'Not open to you';
  return td;
}

/** The lobby's short label for each refusal; the row's tooltip has the whole sentence. */
const WHY_NOT = /** @type {Record<string, string>} */ ({
  rated_needs_account: 'Log in to accept',
  rated_same_account: 'Your challenge',
  rating_out_of_range: 'Outside its rating range',
});

/**
 * The player's name, with a rated game's rating in its category as the
 * player strips show it ("Ann (1500?)").
 * @param {LobbyGame} g @param {'blue' | 'red'} side
 */
const nameOf = (g, side) => listedPlayerName(g.players[side], 'Anonymous');

/** A rated challenge's clock, "rated" and its rating range. @param {LobbyGame} g */
const termsOf = (g) =>
  `${g.time_control?.text ?? 'untimed'}${g.rated ? ' · rated' : ''}` +
  (g.rating_range ? ` · ${g.rating_range.min}–${g.rating_range.max}` : '');

/** @param {Lobby} lobby @param {LobbyActions} actions */
function show(lobby, actions) {
  const challenges = $('lobby-challenges');
  challenges.replaceChildren();
  for (const g of lobby.challenges) {
    const tr = document.createElement('tr');
    tr.dataset.game = String(g.id);
    const host = g.waiting === 'blue' ? 'red' : 'blue';
    tr.append(
      cell(nameOf(g, host)),
      cell(sideName(host)),
      cell(g.variant),
      // A rated challenge is taken only by a logged-in player.
      cell(termsOf(g)),
      g.joinable === false ? refused(g) : button('Accept', () => actions.accept(g.id)),
    );
    // Greyed out, as lichess's seeks one cannot accept: the server says why
    // (the refusal a join would get), so nobody clicks to learn it.
    if (g.joinable === false) {
      tr.classList.add('unjoinable');
      tr.title = g.why?.message ?? '';
    }
    challenges.appendChild(tr);
  }
  if (!lobby.challenges.length) {
    challenges.innerHTML =
      '<tr><td colspan="5" class="empty">No open challenge: open one, and wait here for a player.</td></tr>';
  }
  const playing = $('lobby-playing');
  playing.replaceChildren();
  for (const g of lobby.playing) {
    const tr = document.createElement('tr');
    tr.dataset.game = String(g.id);
    tr.append(
      cell(nameOf(g, 'blue')),
      cell(nameOf(g, 'red')),
      cell(g.variant),
      cell(g.time_control?.text ?? 'untimed'),
      cell(String(g.moves ?? fullMoves('', g.ply))),
      button('Watch', () => actions.watch(g.id)),
    );
    playing.appendChild(tr);
  }
  if (!lobby.playing.length) playing.innerHTML = '<tr><td colspan="6" class="empty">No game is being played.</td></tr>';
}

/** @param {LobbyActions} actions */
async function open(actions) {
  try {
    show(await api.lobby(), actions);
  } catch (err) {
    toast(messageOf(err));
    return;
  }
  if (!dialog().open) dialog().showModal();
  source?.close();
  source = new EventSource(api.lobbyEventsUrl());
  source.addEventListener('lobby', (e) => {
    if (e instanceof MessageEvent) show(JSON.parse(e.data), actions);
  });
  source.onopen = () => {
    $('lobby-live').textContent = 'The lists follow the server live.';
  };
  source.onerror = () => {
    $('lobby-live').textContent = 'Reconnecting to the lobby…';
  };
}

/** @param {LobbyActions} actions */
export function wireLobbyDialog(actions) {
  $('btn-lobby').addEventListener('click', () => open(actions));
  dialog().addEventListener('close', () => {
    source?.close();
    source = null;
    $('lobby-live').textContent = '';
  });
  $('lobby-create').addEventListener('click', () => {
    dialog().close();
    actions.create();
  });
  // A code told rather than sent as a link: the same as opening the link.
  const code = $('lobby-code', HTMLInputElement);
  const join = () => {
    const text = code.value.trim().toUpperCase();
    if (!text) {
      code.focus();
      return;
    }
    dialog().close();
    code.value = '';
    actions.join(text).catch((err) => toast(messageOf(err)));
  };
  $('lobby-join').addEventListener('click', join);
  code.addEventListener('keydown', (e) => {
    // Enter joins rather than submitting (closing) the dialog.
    if (e.key !== 'Enter') return;
    e.preventDefault();
    join();
  });
}
