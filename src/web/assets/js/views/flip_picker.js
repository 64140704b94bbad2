// @ts-check
// The animal a flip reveals on a side line, chosen by the person exploring:
// on the analysis board a flip asks "what if it turned up this animal?",
// so the choice is the explorer's, among the animals still face down there
// (the position's pool), not chance's.
import { pieceName } from '../game/flip.js';

/** @typedef {import('../api/api.js').Pool} Pool */

const STRONGEST_FIRST = ['E', 'L', 'T', 'P', 'W', 'D', 'C', 'R'];

/**
 * The animals a flip may reveal from `pool`, as FEN letters (Blue's upper
 * case), Blue's first, strongest first; with their counts.
 * @param {Pool} pool @returns {{ letter: string, count: number }[]}
 */
export function revealChoices(pool) {
  /** @type {{ letter: string, count: number }[]} */
  const out = [];
  for (const side of /** @type {const} */ (['blue', 'red'])) {
    for (const a of STRONGEST_FIRST) {
      const count = pool[side][a] ?? 0;
      if (count > 0) out.push({ letter: side === 'blue' ? a : a.toLowerCase(), count });
    }
  }
  return out;
}

/** The dialog, made once. @returns {HTMLDialogElement} */
function picker() {
  const known = document.getElementById('flip-picker');
  if (known instanceof HTMLDialogElement) return known;
  const dialog = document.createElement('dialog');
  dialog.id = 'flip-picker';
  dialog.className = 'dialog flip-picker';
  dialog.setAttribute('aria-labelledby', 'flip-picker-title');
  document.body.append(dialog);
  return dialog;
}

/**
 * Asks which animal the flip of `square` reveals on a side line, from the
 * animals face down there (`pool`); `onPick` gets its FEN letter. Cancelled
 * (Escape, "Cancel"), nothing is played.
 * @param {string} square @param {Pool} pool @param {(letter: string) => void} onPick
 */
export function pickReveal(square, pool, onPick) {
  const dialog = picker();
  const title = document.createElement('h2');
  title.id = 'flip-picker-title';
  title.textContent = `What does ${square} reveal?`;
  const note = document.createElement('p');
  note.textContent = 'A side line asks "what if": choose the animal the flip turns up.';
  const choices = document.createElement('div');
  choices.className = 'flip-picker-choices';
  for (const { letter, count } of revealChoices(pool)) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = `flip-picker-choice ${letter === letter.toUpperCase() ? 'blue' : 'red'}`;
    b.dataset.animal = letter;
    b.textContent = `${pieceName(letter)}${count > 1 ? ` ×${count}` : ''}`;
    b.title = `${pieceName(letter)}: ${count} face down`;
    b.addEventListener('click', () => {
      dialog.close();
      onPick(letter);
    });
    choices.append(b);
  }
  const cancel = document.createElement('button');
  cancel.type = 'button';
  cancel.textContent = 'Cancel';
  cancel.addEventListener('click', () => dialog.close());
  const buttons = document.createElement('div');
  buttons.className = 'dialog-buttons';
  buttons.append(cancel);
  dialog.replaceChildren(title, note, choices, buttons);
  dialog.showModal();
}
