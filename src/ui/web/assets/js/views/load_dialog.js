// @ts-check
// The "Load record" dialog: a game record pasted or read from a file.
import { messageOf } from '../api.js';
import { $, submitterValue } from '../dom.js';

const dialog = () => $('dlg-load', HTMLDialogElement);
const error = () => $('load-error');

export const closeLoadDialog = () => dialog().close();

/**
 * Calls `onLoad` with the record's text when the player loads it; what goes
 * wrong is shown in the dialog.
 * @param {(text: string) => Promise<void>} onLoad
 */
export function wireLoadDialog(onLoad) {
  const text = $('load-text', HTMLTextAreaElement);
  $('btn-load').addEventListener('click', () => {
    error().textContent = '';
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
      await onLoad(text.value);
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
