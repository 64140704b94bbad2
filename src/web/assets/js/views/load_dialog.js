// @ts-check
// The "Load record" dialog: a game record pasted or read from a file.
import { ApiError, api, messageOf } from '../api/api.js';
import { $, submitterValue } from '../util/dom.js';

/** @typedef {import('../api/api.js').RecordGame} RecordGame */
/** @typedef {import('../api/api.js').RecordVariations} RecordVariations */

/** @type {RecordGame[]} the games of the text whose choice is offered */
let offered = [];

const dialog = () => $('dlg-load', HTMLDialogElement);
const error = () => $('load-error');

export const closeLoadDialog = () => dialog().close();

/** "2. Carol – ? · 2 moves · *": moves as the move list numbers them. @param {RecordGame} g */
function recordGameLabel(g) {
  const moves = g.moves ?? Math.ceil(g.ply / 2);
  return `${g.index}. ${g.blue || '?'} – ${g.red || '?'} · ${moves} move${moves === 1 ? '' : 's'} · ${g.result}`;
}

/**
 * A text of several games: the player chooses one, never the first by
 * default without a word. Answers the game chosen with its side lines (as
 * the list gives them), or game 0 while the choice is being offered.
 * @param {string} text @returns {Promise<{ game: number, variations: RecordVariations[] }>}
 */
async function chosenGame(text) {
  const choice = $('load-choice');
  const select = $('load-game', HTMLSelectElement);
  /** @param {number} game */
  const chosen = (game) => ({ game, variations: offered.find((g) => g.index === game)?.variations ?? [] });
  if (!choice.hidden && select.dataset.text === text) return chosen(Number(select.value));
  offered = [];
  /** @type {RecordGame[]} */
  let games;
  try {
    ({ games } = await api.recordGames(text));
  } catch (err) {
    // A text the lister cannot read (a Flip Jungle record, which only the
    // game route knows) is loaded as one game: that route says what is wrong.
    if (err instanceof ApiError && err.status === 422) return chosen(1);
    throw err;
  }
  offered = games;
  if (games.length <= 1) return chosen(1);
  select.replaceChildren();
  for (const g of games) select.add(new Option(recordGameLabel(g), String(g.index)));
  select.dataset.text = text;
  choice.hidden = false;
  error().textContent = `This text holds ${games.length} games: choose one, then Load.`;
  select.focus();
  return chosen(0);
}

/**
 * Calls `onLoad` with the record's text, the game chosen (1-based) and its
 * side lines when the player loads it; what goes wrong is shown in the dialog.
 * @param {(text: string, game: number, variations: RecordVariations[]) => Promise<void>} onLoad
 */
export function wireLoadDialog(onLoad) {
  const text = $('load-text', HTMLTextAreaElement);
  $('btn-load').addEventListener('click', () => {
    error().textContent = '';
    $('load-choice').hidden = true;
    dialog().showModal();
  });
  $('form-load').addEventListener('submit', async (e) => {
    if (submitterValue(e) !== 'load') return;
    e.preventDefault();
    error().textContent = '';
    if (!text.value.trim()) {
      error().textContent = 'Paste a record or choose a file first.';
      return;
    }
    try {
      const { game, variations } = await chosenGame(text.value);
      if (game > 0) await onLoad(text.value, game, variations);
    } catch (err) {
      error().textContent = messageOf(err);
    }
  });
  const file = $('load-file', HTMLInputElement);
  file.addEventListener('change', async () => {
    const chosen = file.files?.[0];
    if (chosen) text.value = await chosen.text();
  });
}
