// @ts-check
// The clocks as the page shows them: the server's last word on each side's
// time, run down locally from the moment it arrived, written as players
// read clocks, and when to warn of low time. Pure, so that it is
// unit-tested without a page (tests/js).

/** @typedef {import('../api/api.js').Clock} Clock */
/** @typedef {import('../api/api.js').Side} Side */
/** @typedef {import('../api/api.js').TimeControl} TimeControl */

// Low time: a tenth of the time control, but never less than 5 s nor more
// than 30 s (a 1-minute game warns at 6 s, a 30-minute one at 30 s).
export const LOW_TIME_FRACTION = 0.1;
export const LOW_TIME_MIN_MS = 5000;
export const LOW_TIME_MAX_MS = 30000;
// Tenths of a second are shown below this.
export const TENTHS_BELOW_MS = 10000;

/**
 * Time left to `side`, `elapsed` ms after the clock arrived from the server.
 * @param {Clock} clock @param {Side} side @param {number} elapsed
 */
export function timeLeft(clock, side, elapsed) {
  const at = side === 'blue' ? clock.blue_ms : clock.red_ms;
  return Math.max(0, clock.running === side ? at - Math.max(0, elapsed) : at);
}

// A correspondence clock's days are written as days and hours from here.
export const DAYS_FROM_MS = 24 * 3600 * 1000;

/**
 * "4:59", "1:02:03", below ten seconds "9.4", and from a day on "2 d 5 h".
 * @param {number} ms
 */
export function formatClock(ms) {
  const left = Math.max(0, ms);
  if (left >= DAYS_FROM_MS) {
    const hours = Math.floor(left / 3600000);
    return `${Math.floor(hours / 24)} d ${hours % 24} h`;
  }
  if (left < TENTHS_BELOW_MS) return (Math.floor(left / 100) / 10).toFixed(1);
  const total = Math.ceil(left / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * When a clock counts as low: a share of the control's time, within bounds.
 * @param {TimeControl} control
 */
export function lowTimeThreshold(control) {
  const perMove = control.kind === 'per_move' || control.kind === 'correspondence';
  const base = perMove ? (control.per_move_ms ?? (control.days ?? 0) * DAYS_FROM_MS) : (control.initial_ms ?? 0);
  return Math.min(LOW_TIME_MAX_MS, Math.max(LOW_TIME_MIN_MS, base * LOW_TIME_FRACTION));
}

/**
 * Whether `side`'s time is low at `left` ms.
 * @param {Clock} clock @param {number} left
 */
export const isLowTime = (clock, left) => left <= lowTimeThreshold(clock.control);
