// @ts-check
// The "New game" dialog: who plays, the rule set, the engine's strength and
// time; it remembers the last choices.
import { $, submitterValue, within } from '../dom.js';
import { LEVELS } from '../format.js';
import { setPendingStart, state, variantInfo } from '../state.js';
import { store } from '../storage.js';

/** @typedef {import('../state.js').StartPosition} StartPosition */
/** @typedef {{ mode?: string, skill?: number, movetime?: number, variant?: string }} NewGameChoices */

const form = () => $('form-new', HTMLFormElement);
const variantSelect = () => $('new-variant', HTMLSelectElement);
const skillSelect = () => $('new-skill', HTMLSelectElement);
const movetimeSelect = () => $('new-movetime', HTMLSelectElement);

/** The "Who plays" radio buttons. */
function modes() {
  const m = form().elements.namedItem('mode');
  if (!(m instanceof RadioNodeList)) throw new Error('the new game form has no "mode" choice');
  return m;
}

/** The engine levels; level 4 until the player chooses. */
export function fillLevels() {
  const skill = skillSelect();
  for (const l of LEVELS) skill.add(new Option(l.name, String(l.skill)));
  skill.value = '9';
}

/** The rule sets, once the server has named them. */
export function fillRuleSets() {
  for (const v of state.variants) variantSelect().add(new Option(v.name, v.name));
}

/**
 * Opens the dialog, for a game from the rule set's start or from `start`
 * (a position set up in the editor, whose rule set is then fixed).
 * @param {StartPosition | null} [start]
 */
export function openNewGame(start = null) {
  setPendingStart(start);
  /** @type {NewGameChoices} */
  const saved = store.get('newGame', {});
  if (saved.mode) modes().value = saved.mode;
  variantSelect().value = start?.variant || saved.variant || 'standard';
  variantSelect().disabled = !!start;
  if (saved.skill !== undefined) skillSelect().value = String(saved.skill);
  if (saved.movetime) movetimeSelect().value = String(saved.movetime);
  const note = $('new-start-note');
  note.hidden = !start;
  note.textContent = start ? `Starting from the set-up position (${start.fen}).` : '';
  updateNewGameForm();
  $('dlg-new', HTMLDialogElement).showModal();
}

// The rule set's description; engine settings only when an engine plays.
function updateNewGameForm() {
  const v = variantInfo(variantSelect().value);
  $('new-variant-desc').textContent = v ? v.description : '';
  within(form(), '.engine-fields', HTMLElement).hidden = modes().value === 'friend';
}

/**
 * What the form says, remembered for next time (the rule set only when it
 * was the player's choice, not the set-up position's).
 */
function readNewGameForm() {
  const mode = modes().value;
  const skill = Number(skillSelect().value);
  const movetime = Number(movetimeSelect().value);
  const variant = variantSelect().value;
  store.set('newGame', { mode, skill, movetime, variant: state.pendingStart ? undefined : variant });
  return { mode, skill, movetime, variant, start: state.pendingStart };
}

/** @typedef {ReturnType<typeof readNewGameForm>} NewGameRequest */

/**
 * Calls `onStart` with the form's choices when the player starts the game.
 * @param {(request: NewGameRequest) => void} onStart
 */
export function wireNewGameDialog(onStart) {
  form().addEventListener('change', updateNewGameForm);
  form().addEventListener('submit', (e) => {
    if (submitterValue(e) === 'start') onStart(readNewGameForm());
  });
}
