// @ts-check
// The player's choices kept between visits (piece style, last game, the new
// game form), in localStorage under "jungle.".

export const store = {
  /**
   * @template T
   * @param {string} key
   * @param {T} fallback what a missing, unreadable or private-mode entry gives
   * @returns {T}
   */
  get: (key, fallback) => {
    try {
      return JSON.parse(localStorage.getItem(`jungle.${key}`) ?? 'null') ?? fallback;
    } catch {
      return fallback;
    }
  },
  /** @param {string} key @param {unknown} value */
  set: (key, value) => {
    try {
      localStorage.setItem(`jungle.${key}`, JSON.stringify(value));
    } catch {
      // Private mode: the choice lasts this visit only.
    }
  },
};
