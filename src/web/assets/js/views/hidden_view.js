// @ts-check
// A hidden-pieces game's part of the page: the last announcement of the
// arbiter in words, the set-up's controls while the player arranges its
// animals, the rulings of the rule set, and the cover a shared screen shows
// between turns ("Pass the device to Red").
import { currentActingSeat } from '../api/api.js';
import { $ } from '../util/dom.js';
import { sideName } from '../game/format.js';
import { announcementText, hidesInformation, isHotSeatHidden, settingUp, sideAtScreen } from '../game/hidden.js';
import { state } from '../state/state.js';

/** @typedef {import('../api/api.js').Game} Game */

/**
 * Whether the cover hides the board: two people share the screen and nobody
 * has taken it (the page acts as no seat, api.js).
 * @param {Game | null} g
 */
export const covered = (g) => !!g && isHotSeatHidden(g) && g.status === 'ongoing' && !currentActingSeat();

/** The rulings in a sentence. @param {Game} g */
function rulingsText(g) {
  const h = g.hidden;
  if (!h || typeof h !== 'object') return '';
  const setup =
    h.setup === 'chosen'
      ? 'each player arranges its own animals in secret'
      : h.setup === 'fixed'
        ? 'the usual start squares'
        : 'a secret random set-up';
  const reveal =
    h.reveal === 'both'
      ? 'an attack shows both animals'
      : h.reveal === 'loser'
        ? 'an attack shows the animal that lost'
        : 'an attack shows no animal';
  const failed =
    h.failed_attack === 'bounce'
      ? 'a failed attacker bounces back'
      : h.failed_attack === 'refused'
        ? 'a failed attack is refused and the player moves again'
        : 'a failed attacker dies';
  return `Hidden pieces: the enemy's animals stay face down until shown; ${setup}; ${reveal}; ${failed}.`;
}

/** @param {Game} g */
export function renderHidden(g) {
  const panel = $('hidden-panel');
  const cover = $('cover');
  panel.hidden = !hidesInformation(g);
  // No evaluation bar (a score would tell of the animals); the analysis
  // and the review wait for the end (helpWaitsForTheEnd).
  document.body.classList.toggle('hidden-game', hidesInformation(g));
  if (!hidesInformation(g)) {
    cover.hidden = true;
    document.body.classList.remove('covered');
    return;
  }
  const atEnd = state.view === g.ply;
  const last = g.ply > 0 ? g.moves[(atEnd ? g.ply : state.view) - 1] : null;
  $('announcement').textContent =
    g.status === 'over' && atEnd
      ? 'The game is over: every animal is shown.'
      : last
        ? announcementText(last)
        : settingUp(g)
          ? ''
          : 'No move yet.';
  const arranging = settingUp(g) && !!g.setup?.may_arrange;
  $('setup-controls').hidden = !arranging;
  $('hidden-rules').textContent = rulingsText(g);

  const show = covered(g);
  cover.hidden = !show;
  document.body.classList.toggle('covered', show);
  if (!show) return;
  const side = sideAtScreen(g);
  $('cover-title').textContent = `Pass the device to ${sideName(side)}`;
  $('cover-text').textContent = settingUp(g)
    ? `${sideName(side)} arranges its animals now, unseen by the other player.`
    : `${last ? `${announcementText(last)} ` : ''}${sideName(side)} to move.`;
  $('cover-go').textContent = `I am ${sideName(side)}: show my pieces`;
}
