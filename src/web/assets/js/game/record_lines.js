// @ts-check
// A downloaded record with the analysis board's side lines (docs/records.md,
// "Side lines"): the server writes the game's record, with its tags, moves
// and the review's comments, and knows nothing of the lines explored in this
// page; they are added here, as side lines in parentheses after the move
// each stands in for, and the moves are written out again as the project's
// writer does (src/core/record_writer.cpp). Pure, so that it is unit-tested
// without a page (tests/js).

/**
 * A move of a side line and the lines that go on from it, the first its
 * continuation and the others its alternatives (line_tree.js's LineNode).
 * @typedef {{ move: string, children: LineBranch[] }} LineBranch
 */
/** @typedef {{ move: string, comment: string, variations: RecordMove[][] }} RecordMove */

// Lines are wrapped before 80 columns, as the project's writer does.
const LINE_WIDTH = 79;
const RESULTS = new Set(['1-0', '0-1', '1/2-1/2', '*']);

/**
 * Side to move and full move number of a FEN, read from its fields as the
 * open game's writer does (record_writer.cpp, fen_numbering).
 * @param {string} fen @returns {{ red: boolean, number: number }}
 */
function numbering(fen) {
  const fields = fen.trim().split(/\s+/);
  const index = fields.length >= 6 ? 5 : 3;
  const n = Number(fields[index]);
  return { red: fields[1] === 'b', number: Number.isInteger(n) && n >= 1 ? n : 1 };
}

/**
 * How the record numbers its first move, as its writer numbered it: "1."
 * or "7..." before it. Every family's writer numbers a game's first move,
 * but not alike: a flip record counts from 1 at the game's start whoever
 * moved first (flip_record.cpp), whatever its FEN says. Null when the
 * record has no move.
 * @param {string[]} tokens @returns {{ red: boolean, number: number } | null}
 */
function writtenNumbering(tokens) {
  const first = tokens.find((t) => !t.startsWith('{') && !RESULTS.has(t));
  const number = first?.match(/^(\d+)(\.+)$/);
  if (!number) return null;
  return { red: number[2].length > 1, number: Number(number[1]) };
}

/**
 * The line that starts with `node`: its moves along the first continuation
 * each time, the others as side lines of the move they stand in for.
 * @param {LineBranch} node @returns {RecordMove[]}
 */
function lineFrom(node) {
  /** @type {RecordMove[]} */
  const moves = [];
  /** @type {LineBranch[]} */
  let alternatives = [];
  /** @type {LineBranch | undefined} */
  let at = node;
  while (at) {
    moves.push({ move: at.move, comment: '', variations: alternatives.map(lineFrom) });
    alternatives = at.children.slice(1);
    at = at.children[0];
  }
  return moves;
}

/**
 * The words of `moves`, the first played by `red` (or Blue) at full move
 * `number`: Red's move gets its number at the line's start and after a
 * comment or a side line.
 * @param {RecordMove[]} moves @param {boolean} red @param {number} number @param {string[]} words
 */
function writeLine(moves, red, number, words) {
  let needNumber = true;
  for (const m of moves) {
    if (!red) words.push(`${number}.`);
    else if (needNumber) words.push(`${number}...`);
    words.push(m.move);
    needNumber = false;
    if (m.comment) {
      words.push(`{${m.comment}}`);
      needNumber = true;
    }
    for (const line of m.variations) {
      if (!line.length) continue;
      /** @type {string[]} */
      const inner = [];
      writeLine(line, red, number, inner);
      inner[0] = `(${inner[0]}`;
      inner[inner.length - 1] += ')';
      words.push(...inner);
      needNumber = true;
    }
    if (red) number += 1;
    red = !red;
  }
}

/**
 * `record` (one game, as the server writes it) with the side lines that
 * leave the game after each ply (`branches`: the ply, and the first move of
 * each line from there), the game starting from `startFen`. A line that
 * leaves after the last move has no move to stand in for and is left out
 * (the analysis board keeps none there). The text comes back unchanged
 * without side lines.
 * @param {string} record @param {string} startFen @param {Map<number, LineBranch[]>} branches
 * @returns {string}
 */
export function recordWithSideLines(record, startFen, branches) {
  if (![...branches.values()].some((nodes) => nodes.length)) return record;
  // The tags end at the first blank line; a record without tags has none.
  const text = record.replace(/\r\n/g, '\n');
  const blank = text.startsWith('[') ? text.indexOf('\n\n') : -1;
  const head = blank >= 0 ? text.slice(0, blank + 2) : '';
  const body = blank >= 0 ? text.slice(blank + 2) : text;
  /** @type {RecordMove[]} */
  const moves = [];
  let result = '*';
  const tokens = body.match(/\{[^}]*\}|[^\s{}]+/g) ?? [];
  for (const token of tokens) {
    if (token.startsWith('{')) {
      const last = moves[moves.length - 1];
      const said = token.slice(1, -1).trim();
      if (last) last.comment = last.comment ? `${last.comment} ${said}` : said;
    } else if (RESULTS.has(token)) {
      result = token;
    } else if (!/^\d*\.*$/.test(token)) {
      moves.push({ move: token, comment: '', variations: [] });
    }
  }
  for (const [ply, nodes] of branches) {
    if (ply < moves.length) moves[ply].variations.push(...nodes.map(lineFrom));
  }
  const { red, number } = writtenNumbering(tokens) ?? numbering(startFen);
  /** @type {string[]} */
  const words = [];
  writeLine(moves, red, number, words);
  words.push(result);
  const lines = [];
  let line = '';
  for (const w of words) {
    if (line && line.length + 1 + w.length > LINE_WIDTH) {
      lines.push(line);
      line = '';
    }
    line += (line ? ' ' : '') + w;
  }
  lines.push(line);
  return `${head}${lines.join('\n')}\n`;
}

/**
 * The name a downloaded record gets: the project's own format, JGN
 * (docs/records.md), not chess's PGN.
 * @param {number} id @param {string} [prefix]
 */
export const recordFileName = (id, prefix = 'jungle-game') => `${prefix}-${id}.jgn`;
