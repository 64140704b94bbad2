// @ts-check
// A hidden-pieces game's own steps on the page (docs/api.md, "Hidden
// pieces"): the shared screen of two people (the page acts as one seat at a
// time, ?as=, and covers the board between turns so that neither sees the
// other's animals), the chosen set-up (exchanging two of one's own animals,
// a random arrangement, ready), and the arbiter's announcements told as they
// come. The server sends each reader only its own view; this module never
// asks for more than the player at the screen may see.
import { api, currentActingSeat, messageOf, setActingSeat } from '../api/api.js';
import { toast } from '../util/dom.js';
import {
  announcementText,
  arrangementText,
  hidesInformation,
  isHotSeatHidden,
  settingUp,
  sideAtScreen,
} from '../game/hidden.js';
import { setFlippedTo, state } from '../state/state.js';
import { covered } from '../views/hidden_view.js';

/** @typedef {import('../api/api.js').Game} Game */
/** @typedef {import('../api/api.js').Side} Side */

/** How the page shows a state the server sent (flows.js's showGame). @type {(g: Game) => Promise<void>} */
let show = async () => {};

/** @param {{ show: (g: Game) => Promise<void> }} hooks */
export function wireHiddenGame(hooks) {
  show = hooks.show;
}

/** Another game is opened: the page acts as no single seat until told. */
export function hiddenGameOpening() {
  setActingSeat(null);
}

/**
 * What a state that has arrived becomes before it is shown. On a shared
 * screen, once the turn passes (a move made, an arrangement settled) the
 * page stops acting as the player who was at it and shows what both may
 * see, under the cover; a state sent for another reader than the page
 * acts as (the event stream's) is asked for again as that reader.
 * @param {Game} game @returns {Promise<Game>}
 */
export async function hiddenArrival(game) {
  if (!isHotSeatHidden(game) || game.status !== 'ongoing') {
    if (currentActingSeat() && game.status === 'over') setActingSeat(null);
    return game;
  }
  const acting = currentActingSeat();
  if (acting && acting !== sideAtScreen(game)) setActingSeat(null);
  const want = currentActingSeat();
  if ((game.viewer ?? null) !== want) return api.game(game.id);
  return game;
}

/** The cover's button: the player whose turn it is takes the screen. */
export async function takeScreen() {
  const g = state.game;
  if (!g || !covered(g)) return;
  const side = sideAtScreen(g);
  setActingSeat(side);
  // Each player sees its own side at the bottom.
  setFlippedTo(side === 'red');
  try {
    await show(await api.game(g.id));
  } catch (err) {
    setActingSeat(null);
    toast(messageOf(err));
  }
}

/**
 * Tells the reader what the arbiter announced since the state it saw: an
 * attack and how it ended (moves to empty squares speak for themselves).
 * On a shared screen the cover tells it instead.
 * @param {Game | null} before @param {Game} after
 */
export function announceArrival(before, after) {
  if (!hidesInformation(after) || !before || before.id !== after.id || after.ply <= before.ply) return;
  if (covered(after)) return;
  for (const m of after.moves.slice(before.ply)) {
    if (m.outcome && m.outcome !== 'move') toast(announcementText(m), 'info', 6000);
  }
}

/**
 * Exchanges two of the player's own animals in the set-up.
 * @param {string} from @param {string} to square names
 */
export async function arrangeSwap(from, to) {
  const g = state.game;
  if (!g || !settingUp(g) || !g.setup?.may_arrange) return;
  try {
    await show(await api.arrange(g.id, { arrangement: arrangementText(g, from, to) }));
  } catch (err) {
    toast(messageOf(err));
  }
}

/** A random arrangement of the player's animals. */
export async function arrangeRandom() {
  const g = state.game;
  if (!g || !g.setup?.may_arrange) return;
  try {
    await show(await api.arrange(g.id, { random: true }));
  } catch (err) {
    toast(messageOf(err));
  }
}

/** The player's arrangement is settled. */
export async function arrangeReady() {
  const g = state.game;
  if (!g || !g.setup?.may_arrange) return;
  try {
    await show(await api.arrange(g.id, { ready: true }));
  } catch (err) {
    toast(messageOf(err));
  }
}
