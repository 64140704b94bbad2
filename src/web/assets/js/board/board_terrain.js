// @ts-check
// The ground the board is drawn on, from the rule set's geometry: land in
// two tones, rivers, traps, dens and the coordinates along the near edges.
// The Board widget (board.js) lays pieces, marks and arrows over it.
import { FILES, RANKS, SQUARES, fileName, fileOf, rankOf, parseSquare } from '../game/fen.js';
import { SIDES } from '../game/game.js';
import { glyphPath, svg } from '../game/pieces.js';

/** @typedef {import('../api/api.js').Variant} Variant */
/** @typedef {{ x: number, y: number }} Point */

export const S = 100; // side of a square in SVG units
export const FRAME = 18; // the frame around the squares

// Groups of water squares that form a full rectangle are drawn as one river.
/**
 * @param {number[]} water
 * @returns {Array<{ squares: number[], rect: { f0: number, f1: number, r0: number, r1: number } | null }>}
 */
function rivers(water) {
  const set = new Set(water);
  const seen = new Set();
  const out = [];
  for (const sq of water) {
    if (seen.has(sq)) continue;
    const comp = [];
    const stack = [sq];
    seen.add(sq);
    while (stack.length) {
      const s = /** @type {number} */ (stack.pop());
      comp.push(s);
      const f = fileOf(s);
      const nbrs = [s + FILES, s - FILES, f > 0 ? s - 1 : -1, f < FILES - 1 ? s + 1 : -1];
      for (const n of nbrs) {
        if (n >= 0 && n < SQUARES && set.has(n) && !seen.has(n)) {
          seen.add(n);
          stack.push(n);
        }
      }
    }
    const files = comp.map(fileOf);
    const ranks = comp.map(rankOf);
    const f0 = Math.min(...files);
    const f1 = Math.max(...files);
    const r0 = Math.min(...ranks);
    const r1 = Math.max(...ranks);
    const full = (f1 - f0 + 1) * (r1 - r0 + 1) === comp.length;
    out.push({ squares: comp, rect: full ? { f0, f1, r0, r1 } : null });
  }
  return out;
}

/**
 * The patterns the terrain is filled with (water, waves, trap nets, grass),
 * with ids prefixed by the drawing's `id` so that two boards on one page
 * keep their own.
 * @param {SVGElement} defs @param {string} id
 */
export function defineTerrainPatterns(defs, id) {
  const waterGrad = svg('linearGradient', { id: `${id}-water`, x1: 0, y1: 0, x2: 0.3, y2: 1 }, defs);
  svg('stop', { offset: '0', 'stop-color': '#5fb3de' }, waterGrad);
  svg('stop', { offset: '1', 'stop-color': '#2f7fb8' }, waterGrad);
  const waves = svg('pattern', { id: `${id}-waves`, width: 50, height: 26, patternUnits: 'userSpaceOnUse' }, defs);
  svg(
    'path',
    { d: 'M0 13 q12.5 -9 25 0 t25 0', fill: 'none', stroke: 'rgba(255,255,255,.35)', 'stroke-width': 2.2 },
    waves,
  );
  const net = svg(
    'pattern',
    {
      id: `${id}-net`,
      width: 20,
      height: 20,
      patternUnits: 'userSpaceOnUse',
      patternTransform: 'rotate(45)',
    },
    defs,
  );
  svg('path', { d: 'M0 0 H20 M0 0 V20', stroke: 'rgba(92,58,20,.38)', 'stroke-width': 2.4 }, net);
  const grass = svg('pattern', { id: `${id}-grass`, width: 36, height: 36, patternUnits: 'userSpaceOnUse' }, defs);
  svg(
    'path',
    {
      d: 'M6 30 l2 -7 l2 7 M24 14 l2 -7 l2 7',
      fill: 'none',
      stroke: 'rgba(60,110,40,.22)',
      'stroke-width': 1.6,
      'stroke-linecap': 'round',
    },
    grass,
  );
}

/**
 * Draws the terrain into `t`, replacing what was there; `corner` places a
 * square on the drawing (the board may be turned round: `flipped`).
 * @param {SVGElement} t
 * @param {{ variant: Variant | null, id: string, flipped: boolean, corner: (sq: number) => Point }} how
 */
export function drawTerrain(t, { variant, id, flipped, corner }) {
  t.replaceChildren();
  const W = FILES * S;
  const H = RANKS * S;
  svg('rect', { class: 'frame', x: -FRAME, y: -FRAME, width: W + 2 * FRAME, height: H + 2 * FRAME, rx: 16 }, t);
  svg('rect', { class: 'land', x: 0, y: 0, width: W, height: H }, t);
  const v = variant || { water: [], traps: { blue: [], red: [] }, dens: { blue: 'd1', red: 'd9' } };
  for (let sq = 0; sq < SQUARES; sq += 1) {
    const { x, y } = corner(sq);
    if ((fileOf(sq) + rankOf(sq)) % 2 === 0) svg('rect', { class: 'land-alt', x, y, width: S, height: S }, t);
  }
  svg('rect', { x: 0, y: 0, width: W, height: H, fill: `url(#${id}-grass)` }, t);
  // Grid lines between squares.
  let d = '';
  for (let f = 1; f < FILES; f += 1) d += `M${f * S} 0V${H}`;
  for (let r = 1; r < RANKS; r += 1) d += `M0 ${r * S}H${W}`;
  svg('path', { class: 'grid', d }, t);

  const water = v.water.map((n) => parseSquare(n));
  for (const river of rivers(water)) {
    if (river.rect) {
      const a = corner(river.rect.r0 * FILES + river.rect.f0);
      const b = corner(river.rect.r1 * FILES + river.rect.f1);
      const x = Math.min(a.x, b.x) + 3;
      const y = Math.min(a.y, b.y) + 3;
      const w = Math.abs(a.x - b.x) + S - 6;
      const h = Math.abs(a.y - b.y) + S - 6;
      svg('rect', { class: 'water', x, y, width: w, height: h, rx: 22, fill: `url(#${id}-water)` }, t);
      svg('rect', { x, y, width: w, height: h, rx: 22, fill: `url(#${id}-waves)` }, t);
    } else {
      for (const sq of river.squares) {
        const { x, y } = corner(sq);
        svg('rect', { class: 'water', x, y, width: S, height: S, fill: `url(#${id}-water)` }, t);
        svg('rect', { x, y, width: S, height: S, fill: `url(#${id}-waves)` }, t);
      }
    }
  }
  for (const side of SIDES) {
    for (const name of v.traps[side] || []) {
      const { x, y } = corner(parseSquare(name));
      const g = svg('g', { class: `trap trap-${side}` }, t);
      svg('rect', { class: 'trap-base', x: x + 4, y: y + 4, width: S - 8, height: S - 8, rx: 10 }, g);
      svg('rect', { x: x + 4, y: y + 4, width: S - 8, height: S - 8, rx: 10, fill: `url(#${id}-net)` }, g);
      const label = svg('g', { transform: `translate(${x + S / 2} ${y + S / 2})` }, g);
      glyphPath('阱', 44, label, { class: 'terrain-glyph' });
      svg('title', {}, g).textContent = `Trap (${side === 'blue' ? "Blue's" : "Red's"}) on ${name}`;
    }
    const den = v.dens?.[side];
    if (den) {
      const sq = parseSquare(den);
      const { x, y } = corner(sq);
      const g = svg('g', { class: `den den-${side}` }, t);
      svg('rect', { class: 'den-base', x: x + 3, y: y + 3, width: S - 6, height: S - 6, rx: 12 }, g);
      const c = svg('g', { transform: `translate(${x + S / 2} ${y + S / 2})` }, g);
      if (side === 'blue') svg('circle', { class: 'den-mark', r: 36 }, c);
      else svg('rect', { class: 'den-mark', x: -33, y: -33, width: 66, height: 66, transform: 'rotate(45)' }, c);
      glyphPath('穴', 42, c, { class: 'terrain-glyph den-glyph' });
      svg('title', {}, g).textContent = `${side === 'blue' ? "Blue's" : "Red's"} den on ${den}`;
    }
  }
  // Coordinates along the near edges, inside the squares.
  for (let f = 0; f < FILES; f += 1) {
    const { x, y } = corner(flipped ? (RANKS - 1) * FILES + f : f);
    // Bottom-left: the bottom-right corner holds a piece's rank badge.
    svg('text', { class: 'coord', x: x + 6, y: y + S - 6 }, t).textContent = fileName(f);
  }
  for (let r = 0; r < RANKS; r += 1) {
    const { x, y } = corner(r * FILES + (flipped ? FILES - 1 : 0));
    svg('text', { class: 'coord', x: x + 6, y: y + 19 }, t).textContent = String(r + 1);
  }
}
