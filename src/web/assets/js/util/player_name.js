// @ts-check
// The name this browser plays under online, remembered between visits: the
// new game dialog, the join dialog and lobby challenges offer it.
import { store } from './storage.js';

/** The name this browser plays under online ("" for Anonymous). */
export const playerName = () => store.get('playerName', '');
/** @param {string} name */
export const rememberName = (name) => store.set('playerName', name.trim());
