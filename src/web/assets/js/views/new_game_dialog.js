// @ts-check
// The "New game" dialog: who plays (the engine, a friend on this screen,
// someone online), the rule set, the engine's strength and time, the clock;
// it remembers the last choices.
import { $, submitterValue, within } from '../util/dom.js';
import { LEVELS } from '../game/format.js';
import { playerName, rememberName } from '../util/player_name.js';
import { setPendingStart, state, variantInfo } from '../state/state.js';
import { store } from '../util/storage.js';
import { account } from './account_dialog.js';

/** @typedef {import('../board/setup.js').StartPosition} StartPosition */
/** @typedef {import('../api/api.js').TimeControl} TimeControl */
/** @typedef {import('../api/api.js').Side} Side */
/**
 * @typedef {{ mode?: string, skill?: number, movetime?: number, variant?: string, clock?: string,
 *             clockBase?: number, clockInc?: number, side?: string, lobby?: boolean, rated?: boolean, range?: string }} NewGameChoices
 */

const form = () => $('form-new', HTMLFormElement);
const variantSelect = () => $('new-variant', HTMLSelectElement);
const skillSelect = () => $('new-skill', HTMLSelectElement);
const movetimeSelect = () => $('new-movetime', HTMLSelectElement);
const clockSelect = () => $('new-clock', HTMLSelectElement);
const clockBase = () => $('new-clock-base', HTMLInputElement);
const clockInc = () => $('new-clock-inc', HTMLInputElement);
const sideSelect = () => $('new-side', HTMLSelectElement);

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
 * (a position set up in the editor, whose rule set is then fixed); `online`
 * preselects a game against someone online (`lobby`: listed as a challenge).
 * @param {StartPosition | null} [start]
 * @param {{ online?: boolean, lobby?: boolean }} [preset]
 */
export function openNewGame(start = null, preset = {}) {
  setPendingStart(start);
  /** @type {NewGameChoices} */
  const saved = store.get('newGame', {});
  if (saved.mode) modes().value = saved.mode;
  if (preset.online) modes().value = 'online';
  variantSelect().value = start?.variant || saved.variant || 'standard';
  variantSelect().disabled = !!start;
  if (saved.skill !== undefined) skillSelect().value = String(saved.skill);
  if (saved.movetime) movetimeSelect().value = String(saved.movetime);
  if (saved.clock) clockSelect().value = saved.clock;
  if (saved.clockBase) clockBase().value = String(saved.clockBase);
  if (saved.clockInc !== undefined) clockInc().value = String(saved.clockInc);
  if (saved.side) sideSelect().value = saved.side;
  $('new-lobby', HTMLInputElement).checked = preset.lobby ?? !!saved.lobby;
  // A rated game is between two accounts: offered only when logged in.
  const rated = $('new-rated', HTMLInputElement);
  rated.disabled = account() === null;
  rated.checked = !rated.disabled && !!saved.rated;
  $('new-range', HTMLSelectElement).value = saved.range ?? '';
  $('new-name', HTMLInputElement).value = playerName();
  const note = $('new-start-note');
  note.hidden = !start;
  note.textContent = start ? `Starting from the set-up position (${start.fen}).` : '';
  updateNewGameForm();
  $('dlg-new', HTMLDialogElement).showModal();
}

// The rule set's description; engine settings only when an engine plays,
// online settings only online; the custom clock's fields when chosen.
function updateNewGameForm() {
  const v = variantInfo(variantSelect().value);
  $('new-variant-desc').textContent = v ? v.description : '';
  const mode = modes().value;
  within(form(), '.engine-fields', HTMLElement).hidden = mode === 'friend' || mode === 'online';
  within(form(), '.online-fields', HTMLElement).hidden = mode !== 'online';
  // A rating range is a rated challenge's (docs/ratings.md, "Rating range").
  $('new-range-field').hidden = !$('new-rated', HTMLInputElement).checked;
  const custom = clockSelect().value === 'custom';
  for (const f of form().querySelectorAll('.clock-custom')) if (f instanceof HTMLElement) f.hidden = !custom;
}

/**
 * The time control the form says, or null for none.
 * @returns {TimeControl | null}
 */
function readClock() {
  const value = clockSelect().value;
  if (value === 'none') return null;
  if (value === 'custom') {
    const base = Math.max(1, Math.round(Number(clockBase().value) || 0)) * 1000;
    const inc = Math.max(0, Math.round(Number(clockInc().value) || 0)) * 1000;
    return inc > 0
      ? { kind: 'increment', initial_ms: base, increment_ms: inc }
      : { kind: 'sudden_death', initial_ms: base };
  }
  const [kind, a, b] = value.split(':');
  if (kind === 'correspondence') return { kind: 'correspondence', days: Number(a) };
  if (kind === 'per_move') return { kind: 'per_move', per_move_ms: Number(a) };
  if (kind === 'increment') return { kind: 'increment', initial_ms: Number(a), increment_ms: Number(b) };
  return { kind: 'sudden_death', initial_ms: Number(a) };
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
  const side = /** @type {Side | 'random'} */ (sideSelect().value);
  const lobby = $('new-lobby', HTMLInputElement).checked;
  const rated = $('new-rated', HTMLInputElement).checked;
  const range = $('new-range', HTMLSelectElement).value;
  const name = $('new-name', HTMLInputElement).value.trim();
  if (mode === 'online') rememberName(name);
  store.set('newGame', {
    mode,
    skill,
    movetime,
    variant: state.pendingStart ? undefined : variant,
    clock: clockSelect().value,
    clockBase: Number(clockBase().value),
    clockInc: Number(clockInc().value),
    side,
    lobby,
    rated,
    range,
  });
  return {
    mode,
    skill,
    movetime,
    variant,
    start: state.pendingStart,
    clock: readClock(),
    side,
    name,
    lobby,
    rated,
    range,
  };
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
