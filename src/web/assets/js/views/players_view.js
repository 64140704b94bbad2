// @ts-check
// The strips above and below the board: each side's player, whose turn it
// is, whether the engine is thinking, and the pieces that side has taken.
import { $ } from '../util/dom.js';
import { playerLabel, sideName } from '../game/format.js';
import { capturedBy, isEngine, isMine, isOnline, other, seatOfColour } from '../game/game.js';
import { hiddenCaptures, hidesInformation } from '../game/hidden.js';
import { drawPiece, svg } from '../game/pieces.js';
import { state } from '../state/state.js';

/** @typedef {import('../api/api.js').Game} Game */
/** @typedef {import('../api/api.js').Side} Side */

/** @param {Game} g */
export function renderStrips(g) {
  /** @type {Side} */
  const bottom = state.flipped ? 'red' : 'blue';
  /** @type {Array<[string, Side]>} */
  const strips = [
    ['strip-bottom', bottom],
    ['strip-top', other(bottom)],
  ];
  for (const [id, side] of strips) {
    const el = $(id);
    el.replaceChildren();
    el.dataset.side = side;
    const dot = document.createElement('span');
    dot.className = `side-dot ${side}`;
    el.appendChild(dot);
    const name = document.createElement('span');
    name.className = 'strip-name';
    // The players are seats: the colour's seat (where chance gave the first seat Red, the other).
    const player = seatOfColour(g, side);
    name.innerHTML = `<b>${sideName(side)}</b> <span class="strip-who">${playerLabel(g, player)}</span>`;
    if (isOnline(g) && isMine(g, player)) name.insertAdjacentHTML('beforeend', '<span class="you-tag">you</span>');
    el.appendChild(name);
    const seat = g.seats?.[player];
    if (isOnline(g) && seat?.taken) {
      // Whether the player is connected: a dot, with words for screen readers.
      const dot = document.createElement('span');
      dot.className = `presence${seat.connected === false ? ' gone' : ''}`;
      dot.title = seat.connected === false ? 'Disconnected' : 'Connected';
      dot.setAttribute('role', 'img');
      dot.setAttribute('aria-label', dot.title);
      el.insertBefore(dot, name);
    }
    const turn = g.status === 'ongoing' && g.side_to_move === side && state.view === g.ply;
    el.classList.toggle('to-move', turn);
    if (turn && state.engineRequest && isEngine(g, player)) {
      const t = document.createElement('span');
      t.className = 'thinking';
      t.textContent = 'thinking';
      el.appendChild(t);
    }
    const caps = document.createElement('span');
    caps.className = 'captures';
    const taken = hidesInformation(g) ? hiddenCaptures(g, side, state.view) : capturedBy(g, side, state.view);
    for (const letter of taken) {
      const icon = svg('svg', { viewBox: '-50 -50 100 100', width: 22, height: 22 });
      icon.appendChild(drawPiece({ side: other(side), letter }, { style: state.style }));
      caps.appendChild(icon);
    }
    el.appendChild(caps);
  }
}
