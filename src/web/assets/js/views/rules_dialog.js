// @ts-check
// "How to play": the rule set of the game shown, in sentences the server
// writes from the rules themselves (the variant's `summary`).
import { $ } from '../util/dom.js';
import { state, variantInfo } from '../state/state.js';

export function wireRulesDialog() {
  $('btn-rules').addEventListener('click', () => {
    const variant = variantInfo(state.game?.variant ?? 'standard');
    $('rules-title').textContent = `How to play: ${variant.name}`;
    const list = $('rules-summary');
    list.replaceChildren();
    for (const sentence of variant.summary ?? []) {
      const li = document.createElement('li');
      li.textContent = sentence;
      list.appendChild(li);
    }
    $('dlg-rules', HTMLDialogElement).showModal();
  });
}
