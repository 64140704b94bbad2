// @ts-check
// Draws a board where chance acts (Flip Jungle): the 4x4 board with its
// face-down tiles and the engine's suggestions over it, the pool of animals
// still face down, and a flip engine's analysis (an expected score and the
// best actions). views/flip_view.js draws them from the page's state when
// the game's capabilities say chance acts.

import { expectationText, lineTitle, percent, pieceName } from '../game/flip.js';
import { ANIMALS, glyphPath, svg } from '../game/pieces.js';

/** @typedef {{ [square: string]: string }} FlipBoard */

/** @type {Record<string, string>} */
const NAMES = Object.fromEntries(Object.entries(ANIMALS).map(([k, v]) => [k, v.name]));

/**
 * An animal's character as outlines (no CJK font needed), `size` pixels.
 * @param {string} letter @param {number} size
 */
function glyph(letter, size) {
  const box = svg('svg', { viewBox: '-50 -50 100 100', width: size, height: size, 'aria-hidden': 'true' });
  const animal = ANIMALS[letter.toUpperCase()];
  if (animal) glyphPath(animal.zh, 80, box, { fill: 'currentColor' });
  return box;
}

const FILES = ['a', 'b', 'c', 'd'];

const CSS = `
.flip-board { display: grid; grid-template-columns: repeat(4, var(--flip-cell)); grid-template-rows: repeat(4, var(--flip-cell));
  --flip-cell: min(18vw, 110px); gap: 6px; padding: 10px; background: #5b7f4a; border-radius: 10px; perspective: 600px; position: relative; }
.flip-cell { position: relative; border-radius: 8px; background: #c9d8a8; cursor: pointer; user-select: none; touch-action: none; }
.flip-cell.selected { outline: 4px solid #f3c13a; }
.flip-cell.target::after { content: ''; position: absolute; inset: 38%; border-radius: 50%; background: rgba(0,0,0,.25); pointer-events: none; }
.flip-cell.last { box-shadow: inset 0 0 0 4px rgba(243,193,58,.7); }
.flip-tile { position: absolute; inset: 4px; border-radius: 8px; display: flex; flex-direction: column; align-items: center; justify-content: center;
  font-size: calc(var(--flip-cell) * .42); line-height: 1; pointer-events: none; transform-style: preserve-3d; }
.flip-tile small { font-size: calc(var(--flip-cell) * .13); margin-top: 4px; }
.flip-tile.back { background: repeating-linear-gradient(45deg, #6d4c2f, #6d4c2f 6px, #8a6440 6px, #8a6440 12px); border: 3px solid #3e2a17; color: #f1dfb8; }
.flip-tile.blue { background: #e9f0ff; border: 3px solid #2456c4; color: #2456c4; }
.flip-tile.red { background: #ffecea; border: 3px solid #c42f24; color: #c42f24; }
.flip-tile.revealing { animation: flip-reveal .6s ease-out; }
@keyframes flip-reveal { 0% { transform: rotateY(180deg); background: #6d4c2f; color: transparent; } 50% { transform: rotateY(90deg); } 100% { transform: rotateY(0deg); } }
.flip-pool table { border-collapse: collapse; }
.flip-pool td, .flip-pool th { padding: 2px 6px; text-align: center; }
.flip-pool .blue { color: #2456c4; } .flip-pool .red { color: #c42f24; } .flip-pool .none { opacity: .35; }
.flip-news { margin: 0; color: var(--muted, #555); font-size: .92rem; }
.flip-news:empty, .flip-news[hidden], .flip-pool[hidden], .flip-board[hidden] { display: none; }
.flip-arrows { position: absolute; inset: 10px; width: calc(100% - 20px); height: calc(100% - 20px); pointer-events: none; overflow: visible; }
.flip-arrows .arrow { stroke-width: 13; stroke-linecap: round; opacity: .75; fill: none; }
.flip-arrows .ring { stroke-width: 9; opacity: .85; fill: none; }
.flip-arrows .arrow-hint, .flip-arrows .ring-hint { stroke: #1b9e4b; }
.flip-arrows .arrow-best, .flip-arrows .ring-best { stroke: #2f6fd6; }
.flip-arrows .ring-label { font: 700 22px sans-serif; text-anchor: middle; paint-order: stroke; stroke: #fff; stroke-width: 4px; }
.flip-arrows .ring-label.hint { fill: #1b9e4b; } .flip-arrows .ring-label.best { fill: #2f6fd6; }
.flip-expect { position: relative; width: 100%; height: 22px; border-radius: 6px; background: #c42f24; overflow: hidden; }
.flip-expect.undecided { background: #9a9a9a; }
.flip-expect-fill { position: absolute; inset: 0 auto 0 0; background: #2456c4; transition: width .3s; }
.flip-expect.undecided .flip-expect-fill { background: #5f5f5f; }
.flip-expect-text { position: relative; display: block; text-align: center; color: #fff; font-size: 13px; line-height: 22px; font-weight: 600; }
.flip-expect[hidden] { display: none; }
.flip-lines { width: 100%; margin: 0; padding-left: 1.6em; font-variant-numeric: tabular-nums; }
.flip-lines li { margin: 2px 0; }
.flip-judged.inaccuracy { color: #a07d00; }
.flip-judged.mistake { color: #c0651a; }
.flip-judged.blunder { color: #c0392b; }
.flip-lines .pv-score { display: inline-block; min-width: 3.2em; margin-right: .4em; font-weight: 600; }
`;

/** Adds the flip board's styles once. */
export function addFlipStyles() {
  if (document.getElementById('flip-styles')) return;
  const style = document.createElement('style');
  style.id = 'flip-styles';
  style.textContent = CSS;
  document.head.append(style);
}

/** The squares, rank 4 first as the board is drawn. @param {boolean} flipped */
export function squaresInOrder(flipped) {
  const out = [];
  for (let r = 4; r >= 1; --r) for (const f of FILES) out.push(`${f}${r}`);
  return flipped ? out.reverse() : out;
}

/**
 * An engine's suggestion drawn over the board: a hint (green) or the
 * analysis' best action (blue); a flip is a ring on its tile, a move an arrow.
 * @typedef {{ move: string, kind: 'hint' | 'best' }} FlipArrow
 */

/**
 * Draws the board into `el`: a tile back for face-down tiles, the animal for
 * face-up ones; `reveal` names a square whose tile turns over.
 * @param {HTMLElement} el
 * @param {{ board: FlipBoard, selected: string | null, targets: string[], last: string[], reveal: string | null, flipped: boolean, arrows?: FlipArrow[] }} view
 */
export function drawFlipBoard(el, view) {
  el.replaceChildren();
  for (const sq of squaresInOrder(view.flipped)) {
    const cell = document.createElement('div');
    cell.className = 'flip-cell';
    cell.dataset.square = sq;
    if (view.selected === sq) cell.classList.add('selected');
    if (view.targets.includes(sq)) cell.classList.add('target');
    if (view.last.includes(sq)) cell.classList.add('last');
    const content = view.board[sq];
    if (content) {
      const tile = document.createElement('div');
      if (content === '?') {
        tile.className = 'flip-tile back';
        tile.textContent = '?';
        cell.title = `${sq}: face down`;
        cell.dataset.tile = 'back';
      } else {
        const blue = content === content.toUpperCase();
        tile.className = `flip-tile ${blue ? 'blue' : 'red'}`;
        tile.append(glyph(content, 56));
        const small = document.createElement('small');
        small.textContent = NAMES[content.toUpperCase()] ?? '';
        tile.append(small);
        cell.title = `${sq}: ${pieceName(content)}`;
        cell.dataset.piece = content;
        if (view.reveal === sq) tile.classList.add('revealing');
      }
      cell.append(tile);
    }
    el.append(cell);
  }
  if (view.arrows?.length) el.append(drawArrows(view.arrows, view.flipped));
}

/**
 * The suggestions as an SVG over the board's cells, in units of a hundredth
 * of a cell (the gaps between cells are small enough to leave out).
 * @param {FlipArrow[]} arrows @param {boolean} flipped
 */
function drawArrows(arrows, flipped) {
  const box = svg('svg', {
    class: 'flip-arrows',
    viewBox: '0 0 400 400',
    preserveAspectRatio: 'none',
    'aria-hidden': 'true',
  });
  const defs = svg('defs', {}, box);
  for (const kind of ['hint', 'best']) {
    const marker = svg(
      'marker',
      {
        id: `flip-head-${kind}`,
        viewBox: '0 0 10 10',
        refX: '5',
        refY: '5',
        markerWidth: '3',
        markerHeight: '3',
        orient: 'auto-start-reverse',
      },
      defs,
    );
    svg(
      'path',
      { d: 'M0,0 L10,5 L0,10 z', class: `head-${kind}`, fill: kind === 'hint' ? '#1b9e4b' : '#2f6fd6' },
      marker,
    );
  }
  /** The centre of a square in the SVG's units. @param {string} sq */
  const centre = (sq) => {
    let col = FILES.indexOf(sq[0]);
    let row = 4 - Number(sq[1]);
    if (flipped) {
      col = 3 - col;
      row = 3 - row;
    }
    return { x: col * 100 + 50, y: row * 100 + 50 };
  };
  for (const a of arrows) {
    const from = centre(a.move.slice(0, 2));
    if (a.move.endsWith('?')) {
      const g = svg('g', { class: `suggestion ${a.kind}`, 'data-move': a.move, 'data-kind': a.kind }, box);
      svg('circle', { class: `ring ring-${a.kind}`, cx: from.x, cy: from.y, r: 42 }, g);
      const label = svg('text', { class: `ring-label ${a.kind}`, x: from.x, y: from.y + 36 }, g);
      label.textContent = 'flip';
      continue;
    }
    const to = centre(a.move.slice(2, 4));
    // The head ends short of the target's centre, so the animal stays visible.
    const dx = to.x - from.x;
    const dy = to.y - from.y;
    const len = Math.hypot(dx, dy) || 1;
    svg(
      'line',
      {
        class: `arrow arrow-${a.kind} suggestion ${a.kind}`,
        'data-move': a.move,
        'data-kind': a.kind,
        x1: from.x + (dx / len) * 18,
        y1: from.y + (dy / len) * 18,
        x2: to.x - (dx / len) * 30,
        y2: to.y - (dy / len) * 30,
        'marker-end': `url(#flip-head-${a.kind})`,
      },
      box,
    );
  }
  return box;
}

/** @typedef {import('../api/api.js').FlipReport} FlipReport */

/**
 * The analysis panel: the expected score as a bar (Blue's share, or the
 * first player's while the colours are undecided) and the best actions.
 * @param {{ bar: HTMLElement, fill: HTMLElement, text: HTMLElement, lines: HTMLOListElement }} el
 * @param {FlipReport | null} r
 */
export function drawAnalysis(el, r) {
  el.lines.replaceChildren();
  el.bar.hidden = !r;
  if (!r) return;
  const undecided = r.blue_expected === null || r.blue_expected === undefined;
  const share = undecided ? r.expected : /** @type {number} */ (r.blue_expected);
  el.bar.classList.toggle('undecided', undecided);
  el.fill.style.width = `${(share * 100).toFixed(1)}%`;
  el.text.textContent = undecided
    ? `First player ${percent(r.expected)}`
    : `Blue ${percent(share)} · Red ${percent(1 - share)}`;
  el.bar.title = expectationText(r);
  for (const line of r.lines) {
    const li = document.createElement('li');
    li.dataset.move = line.move;
    const score = document.createElement('span');
    score.className = 'pv-score';
    score.textContent = percent(line.expected);
    li.append(score, line.pv.join(' '));
    li.title = lineTitle(r, line);
    el.lines.append(li);
  }
}

/**
 * The pool of animals still face down, per side, strongest first.
 * @param {HTMLElement} el
 * @param {{ blue: Record<string, number>, red: Record<string, number> }} pool
 * @param {number} hidden
 */
export function drawPool(el, pool, hidden) {
  el.replaceChildren();
  const title = document.createElement('h3');
  title.textContent = `Face down: ${hidden}`;
  const table = document.createElement('table');
  for (const side of /** @type {const} */ (['blue', 'red'])) {
    const row = table.insertRow();
    const head = document.createElement('th');
    head.className = side;
    head.textContent = side === 'blue' ? 'Blue' : 'Red';
    row.append(head);
    for (const a of ['E', 'L', 'T', 'P', 'W', 'D', 'C', 'R']) {
      const n = pool[side][a] ?? 0;
      const td = row.insertCell();
      td.className = `${side}${n ? '' : ' none'}`;
      td.dataset.animal = side === 'blue' ? a : a.toLowerCase();
      td.dataset.count = String(n);
      td.title = `${NAMES[a]}: ${n} face down`;
      td.append(glyph(a, 22));
      if (n > 1) td.append(`×${n}`);
    }
  }
  el.append(title, table);
}
