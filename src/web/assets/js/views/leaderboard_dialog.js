// @ts-check
// The leaderboard (docs/ratings.md): the best established ratings of one
// category, opened from the lobby. A name opens that player's profile
// (#player=NAME); a provisional rating is on no leaderboard.
import { messageOf } from '../api/api.js';
import { accountApi } from '../api/account.js';
import { $, toast } from '../util/dom.js';

const dialog = () => $('dlg-leaderboard', HTMLDialogElement);
const category = () => $('leaderboard-category', HTMLSelectElement);

/** @param {string} text */
function cell(text) {
  const td = document.createElement('td');
  td.textContent = text;
  return td;
}

/** Fills the table with the chosen category's leaderboard. */
async function show() {
  const rows = $('leaderboard-rows');
  let board;
  try {
    board = await accountApi.leaderboard(category().value);
  } catch (err) {
    toast(messageOf(err));
    return;
  }
  rows.replaceChildren();
  for (const p of board.players) {
    const tr = document.createElement('tr');
    const name = document.createElement('td');
    const link = document.createElement('a');
    link.href = `#player=${encodeURIComponent(p.name)}`;
    link.textContent = p.name;
    // The profile opens in its own dialog, in this one's place.
    link.addEventListener('click', () => dialog().close());
    name.appendChild(link);
    tr.append(cell(String(p.rank)), name, cell(String(p.rating)), cell(`±${p.deviation}`), cell(String(p.games)));
    rows.appendChild(tr);
  }
  if (!board.players.length) {
    rows.innerHTML =
      '<tr><td colspan="5" class="empty">No established rating yet: a rating joins the board once it is no longer provisional.</td></tr>';
  }
}

/** Opens the leaderboard (of the category chosen last). */
export async function openLeaderboard() {
  await show();
  if (!dialog().open) dialog().showModal();
}

export function wireLeaderboardDialog() {
  category().addEventListener('change', () => show());
  $('lobby-leaderboard').addEventListener('click', () => {
    $('dlg-lobby', HTMLDialogElement).close();
    openLeaderboard();
  });
}
