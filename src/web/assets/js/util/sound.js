// @ts-check
// Move, capture, game-end and low-time sounds, made with Web Audio (no files to
// fetch), behind a mute switch kept between visits. Browsers driven by a
// program (navigator.webdriver: tests, bots) start muted.
import { store } from './storage.js';

/** @typedef {import('../api/api.js').Game} Game */
/** @typedef {'move' | 'capture' | 'end' | 'low_time'} SoundName */

/** Each sound as tones: [frequency in Hz, start in s, length in s]. */
const TONES = {
  move: [[520, 0, 0.07]],
  capture: [
    [300, 0, 0.09],
    [200, 0.06, 0.12],
  ],
  end: [
    [523, 0, 0.18],
    [659, 0.16, 0.18],
    [784, 0.32, 0.3],
  ],
  // One's own clock running into low time: two short high beeps.
  low_time: [
    [988, 0, 0.08],
    [988, 0.16, 0.08],
  ],
};
const VOLUME = 0.18;

/** @type {AudioContext | null} */
let audio = null;

export const isMuted = () => store.get('muted', navigator.webdriver === true);

/** @param {boolean} muted */
export function setMuted(muted) {
  store.set('muted', muted);
}

/**
 * Plays a sound unless muted; the last one played is written on the body
 * (data-sound) so that a test can tell what was heard.
 * @param {SoundName} name
 */
export function play(name) {
  if (isMuted()) return;
  document.body.dataset.sound = name;
  try {
    audio ??= new AudioContext();
    const t0 = audio.currentTime;
    for (const [hz, at, length] of TONES[name]) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = hz;
      gain.gain.setValueAtTime(VOLUME, t0 + at);
      gain.gain.exponentialRampToValueAtTime(0.001, t0 + at + length);
      osc.connect(gain).connect(audio.destination);
      osc.start(t0 + at);
      osc.stop(t0 + at + length);
    }
  } catch {
    // No audio device, or the browser refuses sound before a click: silence.
  }
}

/**
 * The sound for a game's new state: its last move, or its end.
 * @param {Game} game
 * @returns {SoundName}
 */
export function soundFor(game) {
  if (game.status === 'over') return 'end';
  const last = game.moves[game.ply - 1];
  return last?.captured ? 'capture' : 'move';
}
