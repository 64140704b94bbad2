// @ts-check
// The profile's rating graphs (docs/ratings.md, "History"): one line chart
// per category, the rating after each counted game from the oldest on, in
// the manner of lichess's rating chart: a line, a dot a game (its title
// says the rating, the result and the opponent), the round hundreds ruled
// across, the rating now in the caption. Drawn here as SVG, no library.
import { svg } from '../game/pieces.js';

/** @typedef {import('../api/account.js').RatingPoint} RatingPoint */

const WIDTH = 320;
const HEIGHT = 120;
// Room for the hundreds' labels on the left and for the dots at the edges.
const LEFT = 34;
const PAD = 8;

/** "win against bob" @param {RatingPoint} p */
const against = (p) =>
  `${p.outcome === 'win' ? 'won against' : p.outcome === 'loss' ? 'lost to' : 'drew with'} ${p.opponent ?? 'a deleted player'}`;

/**
 * One category's chart: `points` oldest first.
 * @param {string} category @param {RatingPoint[]} points
 */
function chart(category, points) {
  const figure = document.createElement('figure');
  figure.className = 'rating-graph';
  figure.dataset.category = category;
  const caption = document.createElement('figcaption');
  const last = points[points.length - 1];
  caption.textContent = `${category}: ${last.rating} after ${points.length} game${points.length === 1 ? '' : 's'}`;
  figure.appendChild(caption);
  const el = /** @type {SVGSVGElement} */ (svg('svg', { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: 'img' }));
  el.setAttribute('aria-label', `${category} rating over ${points.length} games, now ${last.rating}`);
  const ratings = points.map((p) => p.rating);
  // The scale: the ratings seen, widened to whole hundreds so that a flat
  // history still has a ruled line above and below it.
  const low = Math.floor(Math.min(...ratings) / 100) * 100;
  const high = Math.max(low + 100, Math.ceil(Math.max(...ratings) / 100) * 100);
  const x = (/** @type {number} */ i) =>
    points.length > 1 ? LEFT + PAD + (i / (points.length - 1)) * (WIDTH - LEFT - 2 * PAD) : (LEFT + WIDTH) / 2;
  const y = (/** @type {number} */ r) => PAD + (1 - (r - low) / (high - low)) * (HEIGHT - 2 * PAD);
  const step = high - low > 600 ? 200 : 100;
  for (let r = low; r <= high; r += step) {
    svg('line', { class: 'rating-rule', x1: LEFT, y1: y(r), x2: WIDTH, y2: y(r) }, el);
    const label = svg('text', { class: 'rating-label', x: LEFT - 4, y: y(r) + 3, 'text-anchor': 'end' }, el);
    label.textContent = String(r);
  }
  const line = points.map((p, i) => `${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(' ');
  svg('polyline', { class: 'rating-line', points: line }, el);
  points.forEach((p, i) => {
    const dot = svg(
      'circle',
      { class: `rating-dot ${p.outcome}`, cx: x(i), cy: y(p.rating), r: 3, 'data-game': p.game },
      el,
    );
    const title = svg('title', {}, dot);
    const when = new Date(p.at_ms).toLocaleDateString();
    title.textContent = `${p.rating} · ${against(p)} · ${when}`;
  });
  figure.appendChild(el);
  return figure;
}

/**
 * Draws `history` (newest first, as the server answers) into `el`: a chart
 * per category, the most played first; a line saying so when empty.
 * @param {HTMLElement} el @param {RatingPoint[]} history
 */
export function drawRatingGraphs(el, history) {
  el.replaceChildren();
  /** @type {Map<string, RatingPoint[]>} */
  const byCategory = new Map();
  for (const p of [...history].reverse()) {
    const list = byCategory.get(p.category) ?? [];
    list.push(p);
    byCategory.set(p.category, list);
  }
  if (byCategory.size === 0) {
    const p = document.createElement('p');
    p.className = 'empty rating-empty';
    p.textContent = 'No rated games yet: the rating graph starts with the first.';
    el.appendChild(p);
    return;
  }
  const categories = [...byCategory.entries()].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]));
  for (const [category, points] of categories) el.appendChild(chart(category, points));
}
