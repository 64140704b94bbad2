// @ts-check
// The addresses this page shares: a game's (to watch it, or to play it for
// the seats this browser holds) and an invitation's open seat. The page
// reads them back on opening (app.js, #game= and #join=).

/** The address that opens game `id` (to watch it, or to play it for its seats). @param {number} id */
export const gameLink = (id) => `${location.origin}${location.pathname}#game=${id}`;
/** The address that offers game `code`'s open seat. @param {string} code */
export const joinLink = (code) => `${location.origin}${location.pathname}#join=${code}`;
