// @ts-check
// The clocks on the player strips: each side's time, run down from the
// server's last word while that side's clock runs, red and blinking when it
// is low. The server decides a loss on time; the page only shows it.
import { formatClock, isLowTime, timeLeft } from '../game/clock.js';
import { isMine, seatOfColour } from '../game/game.js';
import { play } from '../util/sound.js';
import { state, sinceState } from '../state/state.js';

/** @typedef {import('../api/api.js').Game} Game */
/** @typedef {import('../api/api.js').Side} Side */

/**
 * The clock of the strip `strip` (a side's), made when missing.
 * @param {HTMLElement} strip
 */
function clockOf(strip) {
  let el = strip.querySelector('.clock');
  if (!(el instanceof HTMLElement)) {
    el = document.createElement('span');
    el.className = 'clock';
    el.setAttribute('role', 'timer');
    strip.appendChild(el);
  }
  return /** @type {HTMLElement} */ (el);
}

/**
 * The sides of the game shown whose low-time warning has sounded: once each
 * time a clock of this browser's runs into low time (again after an
 * increment lifted it out).
 * @type {{ game: number, sides: Set<Side> }}
 */
const warned = { game: 0, sides: new Set() };

/**
 * Sounds the warning when `side`'s running clock is low and this browser plays it.
 * @param {Game} g @param {Side} side @param {boolean} low @param {boolean} running
 */
function warnOfLowTime(g, side, low, running) {
  if (warned.game !== g.id) {
    warned.game = g.id;
    warned.sides.clear();
  }
  if (!low) {
    warned.sides.delete(side);
    return;
  }
  if (!running || warned.sides.has(side) || !isMine(g, side)) return;
  warned.sides.add(side);
  play('low_time');
}

/** Draws both clocks, or none for an untimed game. @param {Game | null} g */
export function renderClocks(g) {
  for (const strip of document.querySelectorAll('.player-strip')) {
    if (!(strip instanceof HTMLElement)) continue;
    const clock = g?.clock;
    const existing = strip.querySelector('.clock');
    if (!clock) {
      existing?.remove();
      continue;
    }
    const colour = /** @type {Side} */ (strip.dataset.side);
    // The clocks are the seats': the colour's seat (where chance gave the first seat Red, the other).
    const side = seatOfColour(g, colour);
    const el = clockOf(strip);
    const left = timeLeft(clock, side, sinceState());
    const text = formatClock(left);
    if (el.textContent !== text) el.textContent = text;
    const running = clock.running === side && g.status === 'ongoing';
    el.classList.toggle('running', running);
    const low = isLowTime(clock, left) && g.status === 'ongoing';
    el.classList.toggle('low', low);
    warnOfLowTime(g, side, low, running);
    el.setAttribute('aria-label', `${colour === 'blue' ? 'Blue' : 'Red'}'s clock: ${text}`);
  }
}

/** Redraws the clocks of the game shown; the page's ticker calls it. */
export const tickClocks = () => renderClocks(state.game);
