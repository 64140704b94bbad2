// @ts-check
// The account: the top bar's button (the player's name once logged in),
// and one dialog with the forms (sign up, log in) or, logged in, the
// profile, the password, logging out and deleting. Anyone's profile opens
// in it too (#player=NAME): name, since when, won/drawn/lost, a rating
// graph per category, and the games newest first, a page at a time, each
// to open.
import { accountApi } from '../api/account.js';
import { messageOf } from '../api/api.js';
import { $, toast } from '../util/dom.js';
import { drawRatingGraphs } from './rating_graph.js';

/** @typedef {import('../api/account.js').Account} Account */
/** @typedef {import('../api/account.js').ProfileGame} ProfileGame */

const PROFILE_PAGE = 20;
// The rated games the graphs show, the newest.
const HISTORY_SHOWN = 500;

/** @type {Account | null} */
let me = null;
/** The profile shown, and how far its list goes. */
let shown = { name: '', offset: 0 };

const dialog = () => $('dlg-account', HTMLDialogElement);
const value = (/** @type {string} */ id) => $(id, HTMLInputElement).value;

/** The player logged in, or null. */
export const account = () => me;

function drawButton() {
  const b = $('btn-account');
  b.textContent = me ? me.name : 'Log in';
  b.title = me ? `Your profile, ${me.name}` : 'Sign up or log in';
}

/** @param {Account | null} a */
function setAccount(a) {
  me = a;
  drawButton();
}

/** Asks the server who this browser is logged in as. */
export async function refreshAccount() {
  try {
    setAccount((await accountApi.me()).account);
  } catch {
    setAccount(null);
  }
}

/** @param {'forms' | 'profile'} which */
function showPart(which) {
  $('account-forms').hidden = which !== 'forms';
  $('account-profile').hidden = which !== 'profile';
}

/**
 * @param {ProfileGame} g
 * @param {(id: number) => Promise<void>} open
 */
function gameRow(g, open) {
  const tr = document.createElement('tr');
  tr.dataset.game = String(g.id);
  const when = new Date(g.updated_ms).toLocaleString([], { dateStyle: 'short', timeStyle: 'short' });
  const rules = g.rated ? `${g.variant} · rated` : g.variant;
  const cells = [String(g.id), when, rules, g.blue ?? 'Anonymous', g.red ?? 'Anonymous', g.result, g.outcome];
  for (const c of cells) {
    const td = document.createElement('td');
    td.textContent = c;
    tr.appendChild(td);
  }
  const td = document.createElement('td');
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = 'Open';
  b.addEventListener('click', async () => {
    dialog().close();
    try {
      await open(g.id);
    } catch (err) {
      toast(messageOf(err));
    }
  });
  td.appendChild(b);
  tr.appendChild(td);
  return tr;
}

/** The list's filters as chosen (the server filters: docs/api.md). */
const profileFilter = () => ({
  rated: $('profile-rated', HTMLSelectElement).value,
  category: $('profile-category', HTMLSelectElement).value,
  result: $('profile-result', HTMLSelectElement).value,
});

/** Sets every filter back to "any", for another player's profile. */
function clearProfileFilter() {
  for (const id of ['profile-rated', 'profile-category', 'profile-result']) $(id, HTMLSelectElement).value = '';
}

/**
 * Shows a player's profile from its start (`reset`), or its next page.
 * @param {string} name
 * @param {boolean} reset
 * @param {(id: number) => Promise<void>} open
 */
async function showProfile(name, reset, open) {
  if (reset && name.toLowerCase() !== shown.name.toLowerCase()) clearProfileFilter();
  if (reset) shown = { name, offset: 0 };
  const body = $('profile-games');
  if (reset) body.replaceChildren();
  try {
    const p = await accountApi.profile(name, PROFILE_PAGE, shown.offset, profileFilter());
    $('profile-name').textContent = p.name;
    const since = new Date(p.created_ms).toLocaleDateString();
    // Ratings by category, "?" while provisional (docs/ratings.md).
    const ratings = Object.entries(p.ratings ?? {})
      .map(([category, r]) => `${category} ${r.rating}${r.provisional ? '?' : ''}`)
      .join(', ');
    $('profile-summary').textContent =
      `Playing since ${since} · ${p.played} game${p.played === 1 ? '' : 's'} · ${p.wins} won, ${p.draws} drawn, ${p.losses} lost` +
      (ratings ? ` · Rated: ${ratings}` : '');
    $('profile-export', HTMLAnchorElement).href = accountApi.recordUrl(p.name);
    if (reset) drawRatingGraphs($('profile-ratings'), (await accountApi.history(p.name, HISTORY_SHOWN)).history);
    for (const g of p.games) body.appendChild(gameRow(g, open));
    shown.offset += p.games.length;
    $('profile-more').hidden = p.games.length < PROFILE_PAGE;
    if (reset && !p.games.length) {
      const tr = document.createElement('tr');
      const filtered = Object.values(profileFilter()).some((v) => v);
      tr.innerHTML = `<td colspan="8" class="empty">${filtered ? 'No game matches these filters.' : 'No games yet.'}</td>`;
      body.appendChild(tr);
    }
    const mine = me !== null && me.name.toLowerCase() === p.name.toLowerCase();
    $('account-own').hidden = !mine;
    showPart('profile');
  } catch (err) {
    toast(messageOf(err));
    return;
  }
  if (!dialog().open) dialog().showModal();
}

/**
 * Opens the dialog: the profile when logged in, else the forms.
 * @param {(id: number) => Promise<void>} open
 */
export async function openAccount(open) {
  if (me) {
    await showProfile(me.name, true, open);
    return;
  }
  showPart('forms');
  if (!dialog().open) dialog().showModal();
}

/**
 * Opens anyone's profile (#player=NAME).
 * @param {string} name
 * @param {(id: number) => Promise<void>} open
 */
export const openProfile = (name, open) => showProfile(name, true, open);

/**
 * Connects the button and the dialog's forms.
 * @param {(id: number) => Promise<void>} open opens a game of the list
 */
export function wireAccount(open) {
  $('btn-account').addEventListener('click', () => openAccount(open));
  $('profile-more').addEventListener('click', () => showProfile(shown.name, false, open));
  // The categories to filter by are the leaderboard's, listed once in the page.
  for (const o of $('leaderboard-category', HTMLSelectElement).options) {
    $('profile-category').appendChild(new Option(o.text, o.value));
  }
  // A filter changed: the list again from its start, filtered by the server.
  for (const id of ['profile-rated', 'profile-category', 'profile-result']) {
    $(id).addEventListener('change', () => showProfile(shown.name, true, open));
  }
  /** @param {'signUp' | 'logIn'} how */
  const enter = async (how) => {
    try {
      const r = await accountApi[how](value('account-name'), value('account-password'));
      setAccount(r.account);
      $('account-password', HTMLInputElement).value = '';
      const claimed = r.claimed ? ` ${r.claimed} earlier game${r.claimed === 1 ? ' is' : 's are'} now yours.` : '';
      toast(`${how === 'signUp' ? 'Welcome' : 'Welcome back'}, ${r.account.name}.${claimed}`, 'info', 4000);
      await showProfile(r.account.name, true, open);
    } catch (err) {
      $('account-error').textContent = messageOf(err);
    }
  };
  $('account-signup').addEventListener('click', () => enter('signUp'));
  $('account-login').addEventListener('click', () => enter('logIn'));
  $('account-logout').addEventListener('click', async () => {
    try {
      await accountApi.logOut();
      setAccount(null);
      dialog().close();
      toast('Logged out.', 'info', 2000);
    } catch (err) {
      toast(messageOf(err));
    }
  });
  $('account-change').addEventListener('click', async () => {
    try {
      await accountApi.changePassword(value('account-old'), value('account-new'));
      $('account-old', HTMLInputElement).value = '';
      $('account-new', HTMLInputElement).value = '';
      toast('Password changed; every other device is logged out.', 'info', 4000);
    } catch (err) {
      toast(messageOf(err));
    }
  });
  $('account-delete').addEventListener('click', async () => {
    if (!me || !window.confirm(`Delete the account ${me.name}? Its games stay, without its name.`)) return;
    try {
      await accountApi.remove(value('account-delete-password'));
      setAccount(null);
      dialog().close();
      toast('The account is deleted.', 'info', 4000);
    } catch (err) {
      toast(messageOf(err));
    }
  });
  drawButton();
}
