// @ts-check
// A game's event stream (docs/api.md, "Events"): every move, take-back,
// offer, seat taken and ending as it happens, each with the game's state.
// The browser's EventSource comes back by itself with the last event id
// after a dropped connection; when it gives up (the server answered an
// error, or was gone too long), this module opens a new one after a pause
// that grows, from the last event seen, so no move is missed.
import { api } from './api.js';

/** @typedef {import('./api.js').Game} Game */

// Reopening a stream the browser gave up on: soon at first, then every few
// seconds, for as long as the page shows that game.
export const RECONNECT_FIRST_MS = 500;
export const RECONNECT_MAX_MS = 8000;

// The events the server sends (game_stream.cpp).
const EVENTS = [
  'state',
  'move',
  'undo',
  'game_over',
  'offer',
  'offer_declined',
  'seat',
  'players',
  'presence',
  'thinking',
  'setup',
  'deleted',
  'rematch_offer',
  'rematch_declined',
  'rematch_withdrawn',
  'rematch',
];

/**
 * What a stream tells its page: each event with its data (`state` the game
 * after it, on the last of a batch), and the connection's ups and downs.
 * @typedef {{ onEvent: (type: string, data: { state?: Game, [key: string]: any }) => void,
 *             onConnection: (state: 'live' | 'reconnecting' | 'off') => void }} StreamHandlers
 */

/**
 * The stream open: `key` says for whom (the game and the seats this browser
 * holds in it, which the server counts as present).
 * @type {{ id: number, key: string, source: EventSource | null, last: number, attempt: number, timer: number,
 *          handlers: StreamHandlers } | null}
 */
let watched = null;

/** Stops watching the game (another game is shown). */
export function stopWatching() {
  if (!watched) return;
  watched.source?.close();
  clearTimeout(watched.timer);
  watched.handlers.onConnection('off');
  watched = null;
}

/** The game watched, or 0. */
export const watchedGame = () => watched?.id ?? 0;

/**
 * Watches game `id` from the event after `after`, holding the seats `seats`
 * (a new stream when they change: a spectator who took a seat).
 * @param {number} id @param {number} after @param {readonly string[]} seats @param {StreamHandlers} handlers
 */
export function watchGame(id, after, seats, handlers) {
  const key = `${id}:${seats.join(',')}`;
  if (watched?.key === key) return;
  stopWatching();
  watched = { id, key, source: null, last: after, attempt: 0, timer: 0, handlers };
  open(watched);
}

/** @param {NonNullable<typeof watched>} w */
function open(w) {
  const source = new EventSource(api.eventsUrl(w.id, w.last));
  w.source = source;
  source.onopen = () => {
    if (watched !== w) return;
    w.attempt = 0;
    w.handlers.onConnection('live');
  };
  for (const type of EVENTS) {
    source.addEventListener(type, (e) => {
      if (watched !== w || !(e instanceof MessageEvent)) return;
      if (e.lastEventId) w.last = Math.max(w.last, Number(e.lastEventId) || 0);
      let data;
      try {
        data = JSON.parse(e.data);
      } catch {
        return;
      }
      if (type === 'deleted') stopWatching();
      w.handlers.onEvent(type, data);
    });
  }
  source.onerror = () => {
    if (watched !== w) return;
    w.handlers.onConnection('reconnecting');
    // CONNECTING: the browser tries again by itself, with Last-Event-ID.
    if (source.readyState !== EventSource.CLOSED) return;
    const wait = Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** w.attempt);
    w.attempt += 1;
    w.timer = window.setTimeout(() => {
      if (watched === w) open(w);
    }, wait);
  };
}
