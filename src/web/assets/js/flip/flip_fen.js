// @ts-check
// The placement and the pool of a Flip Jungle FEN (docs/records.md, "Flip
// Jungle"), in the shapes the game's JSON gives them: a square's content
// ("?" face down, an animal letter, Blue's upper case) and the pool's
// animals by side.

const FILES = 'abcd';
const ANIMALS = 'RCDWPTLE';

/**
 * @param {string} fen
 * @returns {{ board: Record<string, string>, pool: { blue: Record<string, number>, red: Record<string, number> }, hidden: number }}
 */
export function parseFlipFen(fen) {
  const [placement = '', , poolField = '-'] = fen.trim().split(/\s+/);
  const ranks = placement.split('/');
  if (ranks.length !== 4) throw new Error(`a flip FEN has 4 ranks: ${fen}`);
  /** @type {Record<string, string>} */
  const board = {};
  let hidden = 0;
  ranks.forEach((rank, i) => {
    let file = 0;
    for (const c of rank) {
      if (/[1-4]/.test(c)) {
        file += Number(c);
        continue;
      }
      if (c !== '?' && !ANIMALS.includes(c.toUpperCase())) throw new Error(`'${c}' in a flip FEN: ${fen}`);
      if (file > 3) throw new Error(`a rank of more than 4 squares: ${fen}`);
      board[`${FILES[file]}${4 - i}`] = c;
      if (c === '?') ++hidden;
      ++file;
    }
    if (file !== 4) throw new Error(`a rank of ${file} squares, not 4: ${fen}`);
  });
  /** @type {{ blue: Record<string, number>, red: Record<string, number> }} */
  const pool = { blue: {}, red: {} };
  for (const a of ANIMALS) {
    pool.blue[a] = 0;
    pool.red[a] = 0;
  }
  if (poolField !== '-') {
    for (const c of poolField) {
      const side = c === c.toUpperCase() ? pool.blue : pool.red;
      const a = c.toUpperCase();
      if (!ANIMALS.includes(a)) throw new Error(`'${c}' in a flip FEN's pool: ${fen}`);
      side[a] += 1;
    }
  }
  return { board, pool, hidden };
}
