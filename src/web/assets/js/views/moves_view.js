// @ts-check
// The move list: numbered rows of moves, the result once the game is over;
// clicking a move shows the position after it.
import { $ } from '../util/dom.js';
import { moveRows, moveText, moveTitle } from '../game/format.js';
import { moveJudgement, state } from '../state/state.js';
import { variationRows } from './lines_view.js';
import { JUDGEMENTS, judgementText } from './review_view.js';

/** @typedef {import('../api/api.js').Game} Game */

/** @param {Game} g */
export function renderMoves(g) {
  const list = $('moves');
  list.replaceChildren();
  for (const row of moveRows(g.start_fen, g.moves)) {
    const li = document.createElement('li');
    const num = document.createElement('span');
    num.className = 'num';
    num.textContent = `${row.number}.`;
    li.appendChild(num);
    if (row.gap) {
      const gap = document.createElement('span');
      gap.className = 'mv gap';
      gap.textContent = '…';
      li.appendChild(gap);
    }
    for (const ply of row.plies) {
      const m = g.moves[ply - 1];
      const b = document.createElement('button');
      b.type = 'button';
      b.className = `mv ${m.side}${m.captured ? ' capture' : ''}${m.jump ? ' jump' : ''}`;
      b.dataset.ply = String(ply);
      b.textContent = moveText(m, state.animalNames);
      b.title = moveTitle(m);
      const judged = moveJudgement(ply);
      if (judged?.judgement) {
        b.classList.add(judged.judgement);
        b.dataset.judgement = judged.judgement;
        const mark = document.createElement('span');
        mark.className = 'judgement';
        mark.textContent = JUDGEMENTS[judged.judgement].symbol;
        b.appendChild(mark);
        b.title += `. ${judgementText(judged)}`;
      }
      if (ply === state.view) b.setAttribute('aria-current', 'true');
      li.appendChild(b);
    }
    list.appendChild(li);
    list.append(...variationRows(g, row.plies));
  }
  if (g.status === 'over') {
    const r = document.createElement('li');
    r.className = 'result-line';
    r.textContent = g.result;
    list.appendChild(r);
  }
  // The list scrolls by itself (style.css gives it a height).
  if (state.view === g.ply) {
    list.scrollTop = list.scrollHeight;
  } else {
    const current = list.querySelector('[aria-current="true"]');
    if (current instanceof HTMLElement) scrollWithin(list, current);
  }
}

/**
 * Brings `item` into view inside `scroller` alone. scrollIntoView would
 * scroll every scrollable ancestor too, the page included, and on a phone
 * each move then pushed the board up and off the screen.
 * @param {HTMLElement} scroller
 * @param {HTMLElement} item
 */
function scrollWithin(scroller, item) {
  const box = scroller.getBoundingClientRect();
  const at = item.getBoundingClientRect();
  if (at.top < box.top) scroller.scrollTop -= box.top - at.top;
  else if (at.bottom > box.bottom) scroller.scrollTop += at.bottom - box.bottom;
}

/**
 * Calls `onSelect` with the ply of a move clicked in the list.
 * @param {(ply: number) => void} onSelect
 */
export function wireMoveList(onSelect) {
  $('moves').addEventListener('click', (e) => {
    const b = e.target instanceof Element ? e.target.closest('button.mv[data-ply]') : null;
    if (b instanceof HTMLButtonElement) onSelect(Number(b.dataset.ply));
  });
}
