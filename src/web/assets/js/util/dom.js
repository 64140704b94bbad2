// @ts-check
// Finding the page's elements, and the toasts that report to the player.

/**
 * The element with this id, which must be a `kind` (an HTMLElement unless
 * told): a page and script that disagree fail here, naming the element.
 * @overload
 * @param {string} id
 * @returns {HTMLElement}
 */
/**
 * @template {Element} T
 * @overload
 * @param {string} id
 * @param {{ new (): T, prototype: T }} kind
 * @returns {T}
 */
/**
 * @param {string} id
 * @param {{ new (): Element, prototype: Element }} [kind]
 * @returns {Element}
 */
export function $(id, kind = HTMLElement) {
  const el = document.getElementById(id);
  if (!(el instanceof kind)) throw new Error(`the page has no #${id} of type ${kind.name}`);
  return el;
}

/**
 * The first element under `root` that `selector` finds, which must be a
 * `kind`, as for `$`.
 * @template {Element} T
 * @param {ParentNode} root
 * @param {string} selector
 * @param {{ new (): T, prototype: T }} kind
 * @returns {T}
 */
export function within(root, selector, kind) {
  const el = root.querySelector(selector);
  if (!(el instanceof kind)) throw new Error(`the page has no ${selector} of type ${kind.name}`);
  return el;
}

/**
 * The value of the button that submitted a form (dialogs tell their
 * buttons apart by it), or undefined.
 * @param {SubmitEvent} e
 */
export function submitterValue(e) {
  const s = e.submitter;
  return s instanceof HTMLButtonElement || s instanceof HTMLInputElement ? s.value : undefined;
}

// The most toasts shown at once; a new one lets the oldest go.
const MAX_TOASTS = 3;

/**
 * Shows `message` for `ms` milliseconds; errors are alerts, the rest status.
 * @param {string} message
 * @param {'error' | 'info'} [kind]
 * @param {number} [ms]
 */
export function toast(message, kind = 'error', ms = 4500) {
  const el = document.createElement('div');
  el.className = `toast ${kind}`;
  el.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  el.textContent = message;
  const box = $('toasts');
  box.appendChild(el);
  // A few at a time: quick news (a game's flips, moves) would otherwise pile
  // up over the panel beside the board.
  while (box.children.length > MAX_TOASTS) box.firstElementChild?.remove();
  setTimeout(() => {
    el.classList.add('leaving');
    setTimeout(() => el.remove(), 400);
  }, ms);
}
