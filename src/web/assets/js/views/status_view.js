// @ts-check
// The game's state in words: the status line, and the banner over the board
// when the game is over.
import { $ } from '../util/dom.js';
import { lineCursor } from '../state/explore.js';
import { resultBanner, statusText } from '../game/format.js';
import { state } from '../state/state.js';

/** @typedef {import('../api/api.js').Game} Game */

/** @param {Game} g */
export function renderStatus(g) {
  const el = $('status');
  el.textContent = lineCursor()
    ? 'Exploring a side line: the game is unchanged. ◀ or a move of the game returns to it.'
    : statusText(g, state);
  // Said here too, next to the board: on a phone the online panel is out of sight.
  if (state.connection === 'reconnecting' && g.status === 'ongoing') {
    el.textContent += ' Connection lost — reconnecting…';
  }
  el.dataset.state = g.status === 'over' ? 'over' : 'ongoing';
}

/** @param {Game} g */
export function renderBanner(g) {
  const show = g.status === 'over' && state.view === g.ply && !state.bannerDismissed;
  $('banner').hidden = !show;
  if (!show) return;
  $('banner').dataset.winner = g.winner || 'draw';
  const { title, text } = resultBanner(g);
  $('banner-title').textContent = title;
  $('banner-text').textContent = text;
}
