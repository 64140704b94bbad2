// @ts-check
// What the page writes: scores, move numbers, status lines, labels, the
// evaluation bar's height. Pure (data in, text out), so that it is
// unit-tested without a page (tests/js).
import { ANIMALS } from './pieces.js';
import {
  colourOfSeat,
  colourToMoveAt,
  hasEvalBar,
  humanSides,
  isEngine,
  isMine,
  isOnline,
  isSpectator,
  moveSeat,
  mySides,
  other,
  seatToMove,
  waitingForOpponent,
} from './game.js';
import { expectationText, flipMoveText, pieceName } from './flip.js';
import { announcementText, hiddenMoveText, isHotSeatHidden, settingUp, sideAtScreen } from './hidden.js';

/** @typedef {import('../api/api.js').Game} Game */
/** @typedef {import('../api/api.js').GameMove} GameMove */
/** @typedef {import('../api/api.js').GameSummary} GameSummary */
/** @typedef {import('../api/api.js').EngineReport} EngineReport */
/** @typedef {import('../api/api.js').Evaluation} Evaluation */
/** @typedef {import('../api/api.js').Player} Player */
/** @typedef {import('../api/api.js').Side} Side */

// Engine strength levels offered to players, as EngineOptions skill values.
// The same table as src/search/strength_levels.h (a unit test compares them).
export const LEVELS = [
  { skill: 0, name: 'Level 1 · beginner' },
  { skill: 3, name: 'Level 2 · novice' },
  { skill: 6, name: 'Level 3 · casual' },
  { skill: 9, name: 'Level 4 · club' },
  { skill: 12, name: 'Level 5 · strong' },
  { skill: 15, name: 'Level 6 · expert' },
  { skill: 18, name: 'Level 7 · master' },
  { skill: 20, name: 'Level 8 · full strength' },
];

/** @param {Side} side */
export const sideName = (side) => (side === 'blue' ? 'Blue' : 'Red');

/**
 * A seat by its colour ("Blue"), or, while chance has not decided the
 * colours, by its order ("The first player").
 * @param {Game} game @param {Side} seat
 */
export function seatName(game, seat) {
  const colour = colourOfSeat(game, seat);
  if (colour) return sideName(colour);
  return seat === 'blue' ? 'The first player' : 'The second player';
}

/** @param {number} skill */
export const levelName = (skill) => (LEVELS.find((l) => l.skill === skill) || { name: `skill ${skill}` }).name;

/**
 * A score for Blue in pawns ("+0.35", "−1.20") or a forced win ("M3", "−M2").
 * @param {number} blueScore in centi-units
 * @param {number | null | undefined} mate
 */
export function formatScore(blueScore, mate) {
  // The API counts `mate` from the side to move; whose win it is shows in the
  // sign of Blue's score, which every report carries.
  if (mate !== null && mate !== undefined) return `${blueScore > 0 ? '' : '−'}M${Math.abs(mate)}`;
  const v = blueScore / 100;
  return `${v > 0 ? '+' : v < 0 ? '−' : ''}${Math.abs(v).toFixed(2)}`;
}

/** @param {string} text */
export const escapeHtml = (text) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Who plays `side`, as HTML for a player strip: "You", "Player" (two people),
 * or the engine's level and time per move.
 * @param {Game | null} game @param {Side} side
 */
export function playerLabel(game, side) {
  const label = plainPlayerLabel(game, side);
  // A rated game's rating by the name ("1500?"): digits and "?" only.
  const rating = game?.players[side]?.rating;
  return typeof rating === 'string' && /^\d+\??$/.test(rating) ? `${label} (${rating})` : label;
}

/** The player's label without a rating. @param {any} game @param {Side} side */
function plainPlayerLabel(game, side) {
  const p = game?.players[side];
  if (!p) return '';
  // A loaded record's name comes first; it is text, never markup.
  if (p.name) return p.type === 'engine' ? `${escapeHtml(p.name)} · Engine` : escapeHtml(p.name);
  if (game && isOnline(game)) {
    if (game.seats && !game.seats[side]?.taken) return 'waiting for a player…';
    // A rated game's seats are accounts, named in its state.
    if (isMine(game, side)) return 'You';
    return p.account ? escapeHtml(p.account) : 'Anonymous';
  }
  if (p.type !== 'engine') return humanSides(game).length === 2 ? 'Player' : 'You';
  // "Level 4 · club": the word after the dot gives way on a narrow screen.
  const [level, word] = levelName(p.skill).split(' · ');
  const words = word ? `<span class="strip-level-name"> · ${word}</span>` : '';
  return `Engine · ${level}${words} · ${p.movetime_ms / 1000}&nbsp;s`;
}

/**
 * A player in the games list: "Human", or "Engine" and its level's number.
 * @param {Player | undefined} p
 */
export function playerShortName(p) {
  if (p?.type !== 'engine') return 'Human';
  const level = LEVELS.find((l) => l.skill === p.skill);
  return level ? `Engine · ${level.name.split(' · ')[0]}` : `Engine · skill ${p.skill}`;
}

/**
 * The status line under the board.
 * @param {Game} game
 * @param {{ view: number, engineRequest: boolean, autoplay: boolean }} shown
 *   the ply viewed, whether an engine move is awaited, whether engines play on
 */
export function statusText(game, { view, engineRequest, autoplay }) {
  const toMove = game.side_to_move;
  if (view !== game.ply) {
    const where = view === 0 ? 'the start position' : `the position after ${moveLabel(game, view)}`;
    return `Viewing ${where} — press ⏭ to return.`;
  }
  if (game.status === 'over') return game.message;
  if (game.seat_to_move !== undefined) return seatStatusText(game, engineRequest);
  if (isHotSeatHidden(game) && !game.viewer) return `Pass the device to ${sideName(sideAtScreen(game))}.`;
  if (settingUp(game)) return setupStatus(game);
  if (isOnline(game)) {
    if (waitingForOpponent(game)) {
      return isSpectator(game)
        ? 'Waiting for a second player to join.'
        : 'Waiting for your opponent to join: send them the link or the code.';
    }
    if (isMine(game, toMove)) return `Your move (${sideName(toMove)}).`;
    if (isSpectator(game)) return `${sideName(toMove)} to move.`;
    return game.seats?.[toMove]?.connected === false
      ? `${sideName(toMove)} to move, but your opponent has left the game.`
      : `${sideName(toMove)} to move: your opponent is thinking.`;
  }
  if (isSpectator(game)) return `Watching: ${sideName(toMove)} to move.`;
  if (engineRequest) return `${sideName(toMove)} (engine) is thinking…`;
  if (isEngine(game, toMove)) {
    return isEngine(game, other(toMove)) && !autoplay ? 'Paused.' : `${sideName(toMove)} (engine) to move.`;
  }
  return humanSides(game).length === 1 ? `Your move (${sideName(toMove)}).` : `${sideName(toMove)} to move.`;
}

/**
 * The status line of a game whose seats are not its colours (chance decides
 * them with the first flip: the first seat may play Red, and before that
 * flip nobody has a colour); `engineThinking`: this page waits for the
 * engine's move.
 * @param {Game} g @param {boolean} engineThinking
 */
function seatStatusText(g, engineThinking) {
  const seat = seatToMove(g);
  const mine = mySides(g);
  if (waitingForOpponent(g)) {
    return mine.length
      ? 'Waiting for your opponent to join: send them the link or the code.'
      : 'Waiting for a second player to join.';
  }
  const colour = g.side_to_move ? sideName(g.side_to_move) : 'The first player';
  if (isOnline(g) || mine.length === 0) {
    if (mine.includes(seat)) {
      return g.side_to_move
        ? `Your move (${colour}): turn a tile over or move one of your animals`
        : 'Your move: turn a tile over (the first flip decides the colours)';
    }
    return mine.length ? `${colour} to move: your opponent is thinking.` : `Watching: ${colour} to move.`;
  }
  if (engineThinking) return 'The engine is thinking…';
  const who = isEngine(g, seat) ? 'The engine' : seat === 'blue' ? 'First player' : 'Second player';
  if (!g.side_to_move) return `${who} to move: turn a tile over (the first flip decides the colours)`;
  return `${colour} to move (${who.toLowerCase()}): turn a tile over or move one of your animals`;
}

/**
 * The status line while the players of a hidden-pieces game arrange their
 * animals.
 * @param {Game} game
 */
function setupStatus(game) {
  const viewer = game.viewer;
  if (!viewer || !game.setup) return 'The players are arranging their animals.';
  if (game.setup.may_arrange) {
    return 'Arrange your animals: drag one onto another to exchange them, then press Ready.';
  }
  const waiting = game.setup.ready.blue ? 'red' : 'blue';
  return `Waiting for ${sideName(waiting)} to arrange its animals.`;
}

/**
 * The move list's rows: each has a move number and the plies (1-based) it
 * holds; `gap` when it opens with Red's move (a game from a position with
 * Red to move), shown as "…".
 * @param {string} startFen
 * @param {GameMove[]} moves
 * @returns {Array<{ number: number, gap: boolean, plies: number[] }>}
 */
export function moveRows(startFen, moves) {
  const start = startFen.split(/\s+/);
  let number = Number(start[3]) || 1;
  /** @type {Array<{ number: number, gap: boolean, plies: number[] }>} */
  const rows = [];
  moves.forEach((m, i) => {
    // Rows go by seat: the first seat's ply opens one (its colour, unless
    // chance gave the first seat Red).
    const blueMove = moveSeat(m) === 'blue';
    // A refused try (hidden pieces) keeps its row: the same side moves again.
    const again = i > 0 && moves[i - 1].outcome === 'refused' && moves[i - 1].side === m.side;
    if (!rows.length || (blueMove && !again)) {
      if (rows.length) number += 1;
      rows.push({ number, gap: !blueMove, plies: [] });
    }
    rows[rows.length - 1].plies.push(i + 1);
  });
  return rows;
}

/**
 * A ply as players write it, with its move number: "11. a3a4" for Blue's,
 * "11… g7g6" for Red's.
 * @param {Game} game
 * @param {number} ply 1-based
 */
export function moveLabel(game, ply) {
  const row = moveRows(game.start_fen, game.moves).find((r) => r.plies.includes(ply));
  const m = game.moves[ply - 1];
  if (!row || !m) return `ply ${ply}`;
  return `${row.number}${m.side === 'blue' ? '.' : '…'} ${m.move}`;
}

/**
 * How many moves a game has in the move list's numbering (a move is Blue's
 * and Red's turn together; a game opening with Red's adds one).
 * @param {string} startFen
 * @param {number} plies
 */
export function fullMoves(startFen, plies) {
  if (plies === 0) return 0;
  const redFirst = startFen.split(/\s+/)[1] === 'b';
  return redFirst ? 1 + Math.ceil((plies - 1) / 2) : Math.ceil(plies / 2);
}

/**
 * A move's tooltip: "Blue Elephant a3→a4", "… takes the Rat".
 * @param {GameMove} m
 */
export function moveTitle(m) {
  if (m.outcome) return announcementText(m);
  if (m.revealed) return `${(m.action ?? m.move).slice(0, 2)} turned over: the ${pieceName(m.revealed)}`;
  const [from, to] = moveSquares(m.move);
  return (
    `${sideName(m.side)} ${ANIMALS[m.piece.toUpperCase()].name} ${from}→${to}` +
    (m.captured ? ` takes the ${ANIMALS[m.captured.toUpperCase()].name}` : '')
  );
}

/**
 * A move's squares: "a3a4" → ["a3", "a4"]; ranks past 9 take two digits.
 * @param {string} text
 */
export function moveSquares(text) {
  const m = /^([a-z]\d+)([a-z]\d+)$/.exec(text);
  return m ? [m[1], m[2]] : [text.slice(0, 2), text.slice(2)];
}

/**
 * A move as the list shows it: coordinates ("f3f7"), or with the animal's
 * name for players who read moves that way ("Lion f3–f7", "Rat b6×b7").
 * @param {GameMove} m
 * @param {boolean} withAnimals
 */
export function moveText(m, withAnimals) {
  if (m.outcome) return hiddenMoveText(m, withAnimals);
  if (m.revealed) return flipMoveText(m);
  if (!withAnimals) return m.move;
  const [from, to] = moveSquares(m.move);
  return `${ANIMALS[m.piece.toUpperCase()].name} ${from}${m.captured ? '×' : '–'}${to}`;
}

/**
 * The banner over a finished game: who won, and why (the title says who, so
 * the text drops "Blue wins: ").
 * @param {Game} game
 */
export function resultBanner(game) {
  // "Blue wins: Red resigned" and "Blue wins (game abandoned)" lose their
  // first words, which the title says.
  const reason = game.message.replace(/^(Blue|Red) wins: /, '').replace(/^(Blue|Red) wins \((.*)\)$/, '$2');
  return {
    title: game.winner ? `${sideName(game.winner)} wins` : 'Draw',
    text: reason.charAt(0).toUpperCase() + reason.slice(1),
  };
}

/**
 * Blue's share of the evaluation bar, 0.02 … 0.98: a logistic curve of the
 * score, all or nothing for a forced win (never quite empty or full, so that
 * both colours stay visible).
 * @param {Evaluation} e
 */
export function evalShare(e) {
  let share;
  if (e.mate !== null && e.mate !== undefined) {
    share = e.blue_score > 0 ? 1 : 0;
  } else {
    share = 1 / (1 + Math.exp(-e.blue_score / 250));
  }
  return Math.min(0.98, Math.max(0.02, share));
}

/**
 * The analysis panel's line for a completed depth.
 * @param {EngineReport} info
 */
export function analysisStats(info) {
  const knps = Math.round(info.nps / 1000);
  return `depth ${info.depth} · ${formatScore(info.blue_score, info.mate)} · ${knps} kN/s`;
}

/**
 * The analysis panel's line once the search ended: the last depth's, without
 * its speed.
 * @param {string} last
 */
export const analysisDone = (last) => `${last.replace(/ · \d+ kN\/s$/, '')} · done`;

/**
 * The first moves of a principal variation, each with the side that plays it.
 * @param {Side} toMove the side to move where it starts
 * @param {string[]} pv
 */
export function pvMoves(toMove, pv) {
  let side = toMove;
  return pv.slice(0, 12).map((move) => {
    const entry = { move, side };
    side = other(side);
    return entry;
  });
}

/**
 * A hint in words, one sentence for every game (a hint has every family's
 * fields, docs/api.md): the action (a flip by its square), and what the
 * engine expects of it. Where the game has the evaluation bar, its score;
 * where chance acts or animals are hidden, the score is an expectation
 * (over the pool, or over the arrangements the enemy's animals may have),
 * said for the side to move at the ply the hint is for.
 * @param {Game} g @param {number} ply
 * @param {{ move: string, blue_score: number, expected?: number, mate?: number | null }} hint
 */
export function hintMessage(g, ply, hint) {
  const action = hint.move.endsWith('?') ? `turn ${hint.move.slice(0, 2)} over` : hint.move;
  const value = hasEvalBar(g) ? scoreSentence(hint) : expectationText(hint, colourToMoveAt(g, ply));
  return `Hint: ${action} (${value})`;
}

/**
 * An evaluation in words, for toasts and screen readers: "+0.35 for Blue",
 * "Red wins in 2 moves".
 * @param {Evaluation} e
 */
export function scoreSentence(e) {
  if (e.mate === null || e.mate === undefined) return `${formatScore(e.blue_score, e.mate)} for Blue`;
  const moves = Math.abs(e.mate);
  return `${e.blue_score > 0 ? 'Blue' : 'Red'} wins in ${moves} move${moves === 1 ? '' : 's'}`;
}

/**
 * A seat in the games list and the lobby: the engine's level, or the
 * person's chosen name or account (`fallback` without either), with a
 * rated game's rating as the strips show it ("Ann (1662?)"): digits and
 * "?" only.
 * @param {import('../api/api.js').Player | undefined} p @param {string} fallback
 */
export function listedPlayerName(p, fallback) {
  if (p?.type === 'engine') return playerShortName(p);
  const name = p?.name || p?.account || fallback;
  const rating = p?.rating;
  return typeof rating === 'string' && /^\d+\??$/.test(rating) ? `${name} (${rating})` : name;
}

/**
 * A row of the games list, cell by cell.
 * @param {GameSummary} g
 * @param {string} when the time of its last change, as the page shows it
 * @param {string} [left] the time left to the player to move, where a correspondence clock runs
 */
export function gameRowCells(g, when, left = '') {
  // The columns are colours and the result names a colour; `players` are
  // seats, and in Flip Jungle the first seat may have played Red.
  const playing = (/** @type {Side} */ colour) => g.players[g.first_player_colour === 'red' ? other(colour) : colour];
  return [
    `${g.id}`,
    when,
    g.variant,
    listedPlayerName(playing('blue'), 'Human'),
    listedPlayerName(playing('red'), 'Human'),
    `${g.moves ?? Math.ceil(g.ply / 2)}`,
    g.result === '*' ? (left ? `playing · ${left}` : 'playing') : g.result,
  ];
}
