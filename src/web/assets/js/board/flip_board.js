// @ts-check
// Draws a board where chance acts (Flip Jungle): the 4x4 board with its
// face-down tiles and the engine's suggestions over it, the pool of animals
// still face down, and a flip engine's analysis (an expected score and the
// best actions). views/flip_view.js draws them from the page's state when
// the game's capabilities say chance acts.

import { lineTitle, percent, pieceName } from '../game/flip.js';
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
 * @param {{ board: FlipBoard, selected: string | null, targets: string[], last: string[], reveal: string | null,
 *           premove?: string[], flipped: boolean, arrows?: FlipArrow[] }} view
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
    if (view.premove?.includes(sq)) cell.classList.add('premove');
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

/** @typedef {import('../api/api.js').EngineReport} EngineReport */

/**
 * The analysis panel: the expected score as a bar (Blue's share, or the
 * first player's while the colours are undecided) and the best actions.
 * `analysis` is the engine's latest report of each line, best first (every
 * family's reports, docs/api.md: each the side to move's), and `side` the
 * side to move (null while the colours are undecided).
 * @param {{ bar: HTMLElement, fill: HTMLElement, text: HTMLElement, lines: HTMLOListElement }} el
 * @param {{ lines: EngineReport[], side: 'blue' | 'red' | null } | null} analysis
 */
export function drawAnalysis(el, analysis) {
  el.lines.replaceChildren();
  const best = analysis?.lines[0];
  el.bar.hidden = !best;
  if (!analysis || !best) return;
  const { side } = analysis;
  const expected = best.expected ?? 0.5;
  const share = side === 'red' ? 1 - expected : expected;
  el.bar.classList.toggle('undecided', side === null);
  el.fill.style.width = `${(share * 100).toFixed(1)}%`;
  el.text.textContent =
    side === null ? `First player ${percent(expected)}` : `Blue ${percent(share)} · Red ${percent(1 - share)}`;
  el.bar.title = lineTitle(best, side);
  for (const line of analysis.lines) {
    if (!line) continue;
    const li = document.createElement('li');
    li.dataset.move = line.pv[0] ?? '';
    const score = document.createElement('span');
    score.className = 'pv-score';
    score.textContent = percent(line.expected ?? 0.5);
    li.append(score, line.pv.join(' '));
    li.title = lineTitle(line, side);
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
