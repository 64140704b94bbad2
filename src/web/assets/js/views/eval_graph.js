// @ts-check
// The evaluation graph: Blue's expected score over the game, Blue's share
// shaded from below, the review's marked moves as dots and the position
// viewed as a line. A click shows the position under it.
import { svg } from '../game/pieces.js';

/** @typedef {import('../api/api.js').Review} Review */

const WIDTH = 300;
const HEIGHT = 80;

/** The x of `ply` in a game of `total` positions. @param {number} ply @param {number} total */
const xOf = (ply, total) => (total > 1 ? (ply / (total - 1)) * WIDTH : WIDTH / 2);
// A margin keeps the line and the dots of a decided game inside the frame.
const MARGIN = 4;
/** @param {number} expected */
const yOf = (expected) => MARGIN + (1 - expected) * (HEIGHT - 2 * MARGIN);

/**
 * Draws `review` into `el`, marking the ply viewed.
 * @param {SVGSVGElement} el @param {Review} review @param {number} view
 */
export function drawEvalGraph(el, review, view) {
  el.replaceChildren();
  el.setAttribute('viewBox', `0 0 ${WIDTH} ${HEIGHT}`);
  el.setAttribute('preserveAspectRatio', 'none');
  el.dataset.total = String(review.total);
  el.appendChild(svg('rect', { class: 'graph-red', x: 0, y: 0, width: WIDTH, height: HEIGHT }));
  // Unknown plies are left out; the line joins the known ones.
  const known = review.plies.filter((e) => e !== null);
  if (known.length > 0) {
    const points = known.map((e) => `${xOf(e.ply, review.total).toFixed(1)},${yOf(e.expected).toFixed(1)}`);
    const first = xOf(known[0].ply, review.total).toFixed(1);
    const last = xOf(known[known.length - 1].ply, review.total).toFixed(1);
    el.appendChild(
      svg('polygon', { class: 'graph-blue', points: `${first},${HEIGHT} ${points.join(' ')} ${last},${HEIGHT}` }),
    );
    el.appendChild(svg('polyline', { class: 'graph-line', points: points.join(' ') }));
  }
  el.appendChild(svg('line', { class: 'graph-mid', x1: 0, y1: HEIGHT / 2, x2: WIDTH, y2: HEIGHT / 2 }));
  const x = xOf(view, review.total);
  el.appendChild(svg('line', { class: 'graph-view', x1: x, y1: 0, x2: x, y2: HEIGHT }));
  for (const j of review.moves) {
    const after = j?.judgement ? review.plies[j.ply] : null;
    if (!j || !after) continue;
    el.appendChild(
      svg('circle', {
        class: `graph-mark ${j.judgement}`,
        cx: xOf(j.ply, review.total),
        cy: yOf(after.expected),
        r: 3.5,
        'data-ply': j.ply,
      }),
    );
  }
}

/**
 * Calls `onSelect` with the ply under a click on the graph.
 * @param {SVGSVGElement} el @param {(ply: number) => void} onSelect
 */
export function wireEvalGraph(el, onSelect) {
  el.addEventListener('click', (e) => {
    const total = Number(el.dataset.total || 0);
    if (total < 1) return;
    const box = el.getBoundingClientRect();
    const share = box.width > 0 ? (e.clientX - box.left) / box.width : 0;
    onSelect(Math.max(0, Math.min(total - 1, Math.round(share * (total - 1)))));
  });
}
