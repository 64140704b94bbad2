// @ts-check
// Draws a Flip Jungle game (flip_game.js holds it): the 4x4 board with its
// face-down tiles, the pool of hidden animals, the moves and the status. The
// page's 7x9 views stay as they are; these elements replace them while a
// flip game is shown.

import { ANIMALS, glyphPath, svg } from '../pieces.js';

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
.flip-area { display: flex; flex-direction: column; align-items: center; gap: 12px; }
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
.flip-coords { font-size: 12px; color: #555; }
.flip-side { display: flex; flex-direction: column; gap: 10px; min-width: 260px; }
.flip-pool table { border-collapse: collapse; }
.flip-pool td, .flip-pool th { padding: 2px 6px; text-align: center; }
.flip-pool .blue { color: #2456c4; } .flip-pool .red { color: #c42f24; } .flip-pool .none { opacity: .35; }
.flip-moves { max-height: 260px; overflow: auto; margin: 0; padding-left: 2em; }
.flip-holder { position: relative; }
.flip-banner { position: absolute; inset: 30% 10%; background: rgba(255,255,255,.95); border-radius: 10px; display: flex; flex-direction: column;
  align-items: center; justify-content: center; gap: 8px; box-shadow: 0 4px 20px rgba(0,0,0,.3); text-align: center; padding: 8px; }
.flip-banner[hidden] { display: none; }
`;

/** Adds the flip board's styles once. */
export function addFlipStyles() {
  if (document.getElementById('flip-styles')) return;
  const style = document.createElement('style');
  style.id = 'flip-styles';
  style.textContent = CSS;
  document.head.append(style);
}

/** "Blue Lion" for "L", "Red Lion" for "l". @param {string} letter */
export function pieceName(letter) {
  const blue = letter === letter.toUpperCase();
  return `${blue ? 'Blue' : 'Red'} ${NAMES[letter.toUpperCase()] ?? letter}`;
}

/** The squares, rank 4 first as the board is drawn. @param {boolean} flipped */
export function squaresInOrder(flipped) {
  const out = [];
  for (let r = 4; r >= 1; --r) for (const f of FILES) out.push(`${f}${r}`);
  return flipped ? out.reverse() : out;
}

/**
 * Draws the board into `el`: a tile back for face-down tiles, the animal for
 * face-up ones; `reveal` names a square whose tile turns over.
 * @param {HTMLElement} el
 * @param {{ board: FlipBoard, selected: string | null, targets: string[], last: string[], reveal: string | null, flipped: boolean }} view
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

/**
 * The plies, numbered by pairs; a flip with what it revealed.
 * @param {HTMLOListElement} el @param {{ move: string, revealed?: string }[]} moves
 */
export function drawMoves(el, moves) {
  el.replaceChildren();
  for (const m of moves) {
    const li = document.createElement('li');
    li.className = 'flip-move';
    li.textContent = m.revealed ? `${m.move} (${pieceName(m.revealed)})` : m.move;
    el.append(li);
  }
}
