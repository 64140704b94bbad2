// @ts-check
// A Flip Jungle game on the page: while one is shown, its board, pool,
// moves and controls replace the 7x9 game's play area and panel (the top
// bar stays). The server draws what each flip reveals; the page only asks
// for a flip ("b2?") and shows the answer, turning the tile over.
import { api, messageOf } from '../api/api.js';
import { AnalysisReports } from '../game/analysis_reports.js';
import { $, toast } from '../util/dom.js';
import { stopWatching, watchGame } from '../api/game_stream.js';
import { store } from '../util/storage.js';
import { openNewGame } from '../views/new_game_dialog.js';
import {
  closeFlipReview,
  drawFlipGraph,
  drawFlipReview,
  flipReviewOf,
  followFlipReview,
  judgementTitle,
} from './flip_review.js';
import { isOnline, mySeats, statusText, waiting } from './flip_seats.js';
import { drawViewer, viewedPly, viewedPosition, viewKey, viewPly } from './flip_viewer.js';
import { wireEvalGraph } from '../views/eval_graph.js';
import { setAnalysing, state } from '../state/state.js';
import {
  addFlipStyles,
  drawAnalysis,
  drawFlipBoard,
  drawMoves,
  drawPool,
  expectationText,
  hintText,
  pieceName,
} from './flip_board.js';

/** A flip game as GET /api/games/ID answers it (docs/api.md). @typedef {any} FlipGame */
/** @typedef {import('../api/api.js').FlipReport} FlipReport */
/** @typedef {import('./flip_board.js').FlipArrow} FlipArrow */

// An analysis thinks this long (the server's cap is 30 s), and shows this
// many of the best actions.
const ANALYSIS_MS = 15000;
const ANALYSIS_LINES = 3;
const HINT_MS = 1000;

/**
 * @type {{ game: FlipGame | null, selected: string | null, reveal: string | null, engine: boolean, busy: boolean, flipped: boolean,
 *   hint: { ply: number, report: FlipReport } | null, hinting: boolean,
 *   analysis: { source: EventSource | null, key: string, report: FlipReport | null, stats: string,
 *     reports: AnalysisReports<FlipReport> | null } }}
 */
const flip = {
  game: null,
  selected: null,
  reveal: null,
  engine: false,
  busy: false,
  flipped: false,
  hint: null,
  hinting: false,
  analysis: { source: null, key: '', report: null, stats: '', reports: null },
};

/** Whether a flip game is on the page. */
export const flipShown = () => flip.game !== null;

/** @param {string} id */
const el = (id) => $(id, HTMLElement);

/** Builds the flip game's elements beside the 7x9 ones, once. */
function build() {
  if (document.getElementById('flip-area')) return;
  addFlipStyles();
  const play = document.querySelector('.play-area');
  const side = document.querySelector('aside.side');
  if (!play || !side) throw new Error('the page has no play area');
  const area = document.createElement('section');
  area.id = 'flip-area';
  area.className = 'play-area flip-area';
  area.setAttribute('aria-label', 'Flip Jungle board');
  area.innerHTML = `
    <div class="flip-holder">
      <div class="flip-board" id="flip-board" role="grid" aria-label="Flip Jungle board"></div>
      <div class="flip-banner" id="flip-banner" hidden>
        <p class="banner-title" id="flip-banner-title"></p>
        <button type="button" id="flip-banner-new">New game</button>
      </div>
    </div>`;
  const panel = document.createElement('aside');
  panel.id = 'flip-panel';
  panel.className = 'side flip-side';
  panel.setAttribute('aria-label', 'Flip Jungle game');
  panel.innerHTML = `
    <div class="status" id="flip-status" role="status" aria-live="polite"></div>
    <div class="panel flip-share" id="flip-share" hidden>
      <p class="share-title">Waiting for your opponent. Send them this link, or the code:</p>
      <div class="share-row"><input type="text" id="flip-share-link" readonly aria-label="Link for your opponent"></div>
      <p class="share-code">Code <b id="flip-share-code"></b></p>
    </div>
    <p class="flip-hint-text" id="flip-hint-text" role="status" hidden></p>
    <p class="flip-news" id="flip-news" role="status" aria-live="polite"></p>
    <div class="button-row">
      <button type="button" id="flip-hint" title="The engine's suggestion for the side to move">Hint</button>
      <button type="button" id="flip-undo">Take back</button>
      <button type="button" id="flip-resign">Resign</button>
      <button type="button" id="flip-turn" title="Turn the board around">⇅</button>
    </div>
    <section class="panel analysis flip-analysis" id="flip-analysis" aria-label="Analysis">
      <label class="switch"><input type="checkbox" id="flip-analyse-toggle"> <span>Analyse</span></label>
      <span class="analysis-stats" id="flip-analysis-stats"></span>
      <div class="flip-expect" id="flip-expect" hidden><div class="flip-expect-fill" id="flip-expect-fill"></div><span class="flip-expect-text" id="flip-expect-text"></span></div>
      <ol class="flip-lines" id="flip-lines" aria-label="The engine's best actions"></ol>
    </section>
    <section class="panel review flip-review" id="flip-review-panel" aria-label="Review" hidden>
      <div class="review-head">
        <span class="review-progress" id="flip-review-progress" role="status"></span>
        <button type="button" id="flip-review-start">Review game</button>
      </div>
      <svg id="flip-eval-graph" class="eval-graph" role="img" aria-label="Expected score over the game: click to see a ply" hidden></svg>
      <ul class="review-summary" id="flip-review-summary"></ul>
    </section>
    <section class="panel flip-pool" id="flip-pool" aria-label="Hidden animals"></section>
    <section class="panel" aria-label="Moves">
      <div class="button-row small flip-nav">
        <button type="button" id="flip-view-prev" title="One ply back (←)">◀</button>
        <span id="flip-view-text"></span>
        <button type="button" id="flip-view-next" title="One ply on (→)">▶</button>
        <button type="button" id="flip-view-live" hidden>Back to the game</button>
      </div>
      <ol class="flip-moves" id="flip-moves"></ol>
    </section>
    <section class="panel info">
      <p class="rules-line" id="flip-rules"></p>
      <div class="button-row small"><a class="button" id="flip-download" href="#" download>Download record</a></div>
      <p class="fen-line"><code id="flip-fen"></code></p>
    </section>`;
  play.after(area);
  side.after(panel);
  const board = el('flip-board');
  board.addEventListener('pointerdown', (e) => pointerDown(e));
  board.addEventListener('pointerup', (e) => pointerUp(e));
  el('flip-banner-new').addEventListener('click', () => openNewGame());
  el('flip-undo').addEventListener('click', takeBack);
  el('flip-hint').addEventListener('click', askHint);
  el('flip-review-start').addEventListener('click', () => {
    if (flip.game) followFlipReview(flip.game.id, render, true);
  });
  $('flip-analyse-toggle', HTMLInputElement).addEventListener('change', (e) => {
    // One switch for both kinds of game, as the 7x9 page keeps it.
    setAnalysing(e.target instanceof HTMLInputElement && e.target.checked);
    render();
  });
  el('flip-resign').addEventListener('click', resign);
  el('flip-view-prev').addEventListener('click', () => flipKey('ArrowLeft'));
  el('flip-view-next').addEventListener('click', () => flipKey('ArrowRight'));
  el('flip-view-live').addEventListener('click', () => flipKey('End'));
  el('flip-moves').addEventListener('click', (e) => {
    const li = e.target instanceof Element ? e.target.closest('li') : null;
    if (!flip.game || !li) return;
    viewPly(flip.game, [...el('flip-moves').children].indexOf(li) + 1);
    render();
  });
  wireEvalGraph($('flip-eval-graph', SVGSVGElement), (ply) => {
    if (!flip.game) return;
    viewPly(flip.game, ply);
    render();
  });
  el('flip-turn').addEventListener('click', () => {
    flip.flipped = !flip.flipped;
    render();
  });
}

/** The arrow keys, Home and End step through the plies (views/flip_viewer.js); whether `key` was one. @param {string} key */
export function flipKey(key) {
  if (!flip.game || !viewKey(flip.game, key)) return false;
  render();
  return true;
}

/** Shows the 7x9 views again (another game was opened). */
export function closeFlipGame() {
  if (!flip.game) return;
  flip.game = null;
  flip.hint = null;
  stopAnalysis();
  closeFlipReview();
  show(false);
}

/**
 * Follows the game's event stream when others act on it (online, or this
 * browser only watches): each event brings the state, the same for every
 * seat (the pool is everyone's knowledge; what a flip reveals is drawn by
 * the server when the flip is made, and nothing of a draw to come is sent).
 * @param {FlipGame} g
 */
function follow(g) {
  if (!isOnline(g) && mySeats(g).length > 0 && !g.clock) {
    stopWatching();
    return;
  }
  const id = g.id;
  watchGame(id, g.last_event ?? 0, mySeats(g), {
    onEvent: (type, data) => {
      if (flip.game?.id !== id) return;
      if (type === 'seat' && data.seat && !mySeats(flip.game).includes(data.seat)) {
        toast(`${data.name || 'Your opponent'} took the other seat: the game begins.`, 'info', 4000);
      }
      if (data.state) arrive(data.state);
    },
    onConnection: () => {},
  });
}

/** @param {boolean} on */
function show(on) {
  for (const e of document.querySelectorAll('.play-area:not(#flip-area), aside.side:not(#flip-panel)')) {
    if (e instanceof HTMLElement) e.hidden = on;
  }
  for (const id of ['flip-area', 'flip-panel']) {
    const e = document.getElementById(id);
    if (e) e.hidden = !on;
  }
  document.body.dataset.flip = String(on);
}

/** Opens a flip game (a game whose `kind` is "flip"). @param {FlipGame} game */
export function openFlipGame(game) {
  build();
  const same = flip.game?.id === game.id;
  flip.game = game;
  if (!same) {
    flip.selected = null;
    flip.reveal = null;
    flip.hint = null;
    viewPly(game, game.ply);
  }
  show(true);
  // What the server knows of its review (a finished game's).
  if (!same && game.status === 'over') followFlipReview(game.id, render);
  if (location.hash !== `#game=${game.id}`) location.hash = `game=${game.id}`;
  store.set('lastGame', game.id);
  render();
  follow(game);
  maybeEngineMove();
}

/**
 * The engine's suggestion for the position shown: the hint route answers a
 * flip game with the flip engine's action (a flip names only its square)
 * and its expected score over the pool.
 */
async function askHint() {
  const g = flip.game;
  if (!g || flip.hinting) return;
  flip.hinting = true;
  render();
  try {
    // Beside a running analysis of this position, its best action: the
    // server would run the hint only once that analysis ends.
    const report = (await hintFromAnalysis(g)) ?? (await api.flipHint(g.id, g.ply, HINT_MS));
    if (flip.game?.id === g.id && flip.game.ply === g.ply) {
      flip.hint = { ply: g.ply, report };
      toast(hintText(report), 'info', 4500);
    }
  } catch (err) {
    toast(messageOf(err));
  } finally {
    flip.hinting = false;
    render();
  }
}

function stopAnalysis() {
  flip.analysis.source?.close();
  if (flip.analysis.reports?.state === 'running') flip.analysis.reports.end(false);
  flip.analysis = { source: null, key: '', report: null, stats: '', reports: null };
}

/**
 * The analysis' best action on the game's position, as a hint: once it has
 * searched a hint's time (or finished); null when no analysis of this
 * position runs or ran, or it stopped first (ask the server then).
 * @param {FlipGame} g
 */
function hintFromAnalysis(g) {
  const { key, reports } = flip.analysis;
  if (!state.analysing || !reports || key !== `${g.id}:${g.ply}:${g.status}`) return Promise.resolve(null);
  return reports.after(HINT_MS).then((r) => (r?.move ? r : null));
}

/**
 * Keeps the analysis on the game's current position while the switch is
 * on: a new position (a move, a take-back, another game) restarts it.
 * @param {FlipGame} g
 */
function followAnalysis(g) {
  const helpWaits = isOnline(g) && g.status === 'ongoing';
  const key = `${g.id}:${g.ply}:${g.status}`;
  if (!state.analysing || helpWaits || g.legal_moves.length === 0) {
    if (flip.analysis.source || flip.analysis.key) stopAnalysis();
    flip.analysis.stats = !state.analysing ? '' : helpWaits ? 'after the game' : 'game over';
    return;
  }
  if (flip.analysis.key === key) return;
  stopAnalysis();
  const source = new EventSource(api.analysisUrl(g.id, g.ply, ANALYSIS_MS, ANALYSIS_LINES));
  /** @type {AnalysisReports<FlipReport>} */
  const reports = new AnalysisReports();
  flip.analysis = { source, key, report: null, stats: 'starting…', reports };
  source.addEventListener('info', (e) => {
    if (flip.analysis.source !== source) return;
    /** @type {FlipReport} */
    const report = JSON.parse(e.data);
    flip.analysis.report = report;
    reports.report(report);
    flip.analysis.stats = `depth ${report.depth} · ${expectationText(report)}`;
    render();
  });
  source.addEventListener('done', () => {
    if (flip.analysis.source !== source) return;
    source.close();
    flip.analysis.source = null;
    reports.end(true);
    if (flip.analysis.report) flip.analysis.stats = `${flip.analysis.stats} · done`;
    render();
  });
  source.onerror = () => {
    if (flip.analysis.source !== source) return;
    source.close();
    flip.analysis.source = null;
    reports.end(false);
    flip.analysis.stats = 'analysis unavailable (the engines may be busy)';
    render();
  };
}

/** The suggestions to draw: the hint, and the analysis' best action. */
function arrows() {
  const g = flip.game;
  /** @type {FlipArrow[]} */
  const out = [];
  const best = flip.analysis.report?.move;
  if (best && state.analysing) out.push({ move: best, kind: 'best' });
  if (g && flip.hint && flip.hint.ply === g.ply && flip.hint.report.move && g.status === 'ongoing') {
    out.push({ move: flip.hint.report.move, kind: 'hint' });
  }
  return out;
}

/** The seat ("blue": the first player, "red": the second) whose turn it is, if a person's. */
function humanToMove() {
  const g = flip.game;
  // A person moves for the seats this browser holds, never for another's.
  return (
    g &&
    g.status === 'ongoing' &&
    g.players[g.seat_to_move].type !== 'engine' &&
    mySeats(g).includes(g.seat_to_move) &&
    !waiting(g)
  );
}

/** A new state from the server; a flip in it turns its tile over. @param {FlipGame} next */
function arrive(next) {
  const before = flip.game;
  flip.game = next;
  flip.selected = null;
  flip.reveal = null;
  if (flip.hint && (next.id !== before?.id || next.ply !== flip.hint.ply)) flip.hint = null;
  // What the last flip revealed holds until the game moves on.
  if (next.id !== before?.id || next.ply !== before.ply) el('flip-news').textContent = '';
  if (before && before.id === next.id && next.ply === before.ply + 1) {
    const last = next.moves[next.ply - 1];
    if (last.revealed) {
      flip.reveal = last.action.slice(0, 2);
      // One line in the panel, replaced by the next flip: a toast for each
      // flip piled up over the move list.
      el('flip-news').textContent = `${last.action} revealed the ${pieceName(last.revealed)}.`;
    }
  }
  render();
}

/** @param {string} action */
async function play(action) {
  const g = flip.game;
  if (!g || flip.busy) return;
  flip.busy = true;
  try {
    arrive(await api.move(g.id, action, g.ply));
  } catch (err) {
    toast(messageOf(err));
  } finally {
    flip.busy = false;
  }
  maybeEngineMove();
}

async function maybeEngineMove() {
  const g = flip.game;
  if (!g || g.status !== 'ongoing' || flip.engine || g.players[g.seat_to_move].type !== 'engine') return;
  // The engine moves when its player's page asks; a watcher only watches.
  if (!mySeats(g).includes(g.seat_to_move)) return;
  flip.engine = true;
  render();
  try {
    const next = await api.engineMove(g.id);
    flip.engine = false;
    if (flip.game?.id === g.id) arrive(next);
  } catch (err) {
    flip.engine = false;
    if (flip.game?.id === g.id) {
      toast(`The engine could not move: ${messageOf(err)}`);
      render();
    }
    return;
  }
  // Engines playing each other take turns with a short pause to watch.
  setTimeout(maybeEngineMove, 300);
}

/** The square under a pointer event. @param {PointerEvent} e */
function squareAt(e) {
  const hit = document.elementFromPoint(e.clientX, e.clientY);
  const cell = hit instanceof Element ? hit.closest('.flip-cell') : null;
  return cell instanceof HTMLElement ? (cell.dataset.square ?? null) : null;
}

/** Where a drag began. @type {string | null} */
let dragFrom = null;

/** @param {PointerEvent} e */
function pointerDown(e) {
  const g = flip.game;
  const sq = squareAt(e);
  if (!g || !sq || !humanToMove()) return;
  if (viewedPly(g) !== null) {
    toast('An earlier position is shown: back to the game to play.', 'info', 2000);
    return;
  }
  const legal = /** @type {string[]} */ (g.legal_moves);
  if (flip.selected && legal.includes(`${flip.selected}${sq}`)) {
    play(`${flip.selected}${sq}`);
    return;
  }
  if (g.board[sq] === '?') {
    if (legal.includes(`${sq}?`)) play(`${sq}?`);
    else toast('That tile cannot be turned over now.', 'info', 2000);
    return;
  }
  if (legal.some((m) => m.startsWith(sq) && !m.endsWith('?'))) {
    flip.selected = sq;
    dragFrom = sq;
  } else {
    flip.selected = null;
  }
  render();
}

/** @param {PointerEvent} e */
function pointerUp(e) {
  const from = dragFrom;
  dragFrom = null;
  const to = squareAt(e);
  if (!from || !to || from === to || !flip.game) return;
  if (flip.game.legal_moves.includes(`${from}${to}`)) play(`${from}${to}`);
}

/** Moves back to the last position where a person was to move. */
async function takeBack() {
  const g = flip.game;
  if (!g || g.ply === 0) return;
  let plies = 0;
  for (let i = g.moves.length - 1; i >= 0; --i) {
    ++plies;
    if (g.players[g.moves[i].seat].type !== 'engine') break;
  }
  try {
    flip.game = await api.undo(g.id, plies);
    flip.hint = null;
    flip.selected = null;
    flip.reveal = null;
    render();
  } catch (err) {
    toast(messageOf(err));
  }
}

async function resign() {
  const g = flip.game;
  if (!g || g.status !== 'ongoing' || !g.side_to_move) return;
  // The seat that resigns: one's own online, else the one to move.
  const seat = isOnline(g) && mySeats(g).length === 1 ? mySeats(g)[0] : g.seat_to_move;
  const colour = seat === g.seat_to_move ? g.side_to_move : g.side_to_move === 'blue' ? 'red' : 'blue';
  if (!window.confirm(`Resign this game as ${colour === 'blue' ? 'Blue' : 'Red'}?`)) return;
  try {
    arrive(await api.resign(g.id, seat));
  } catch (err) {
    toast(messageOf(err));
  }
}

/**
 * The hint button and line, and the analysis panel. Online, the engine's
 * help waits for the end of the game, as for 7x9 games.
 * @param {FlipGame} g
 */
function renderHelp(g) {
  const helpWaits = isOnline(g) && g.status === 'ongoing';
  const button = $('flip-hint', HTMLButtonElement);
  button.textContent = flip.hinting ? 'Thinking…' : 'Hint';
  button.disabled = flip.hinting || helpWaits || g.status !== 'ongoing' || g.legal_moves.length === 0 || flip.engine;
  button.hidden = mySeats(g).length === 0 && helpWaits;
  button.title = helpWaits
    ? 'The engine’s help waits for the end of an online game'
    : 'The engine’s suggestion for the side to move';
  const line = el('flip-hint-text');
  const shown = flip.hint && flip.hint.ply === g.ply && g.status === 'ongoing' ? flip.hint.report : null;
  line.hidden = !shown;
  line.textContent = shown ? hintText(shown) : '';
  const toggle = $('flip-analyse-toggle', HTMLInputElement);
  toggle.checked = state.analysing;
  toggle.disabled = helpWaits;
  el('flip-analysis').hidden = helpWaits;
  followAnalysis(g);
  el('flip-analysis-stats').textContent = flip.analysis.stats;
  drawAnalysis(
    {
      bar: el('flip-expect'),
      fill: el('flip-expect-fill'),
      text: el('flip-expect-text'),
      lines: $('flip-lines', HTMLOListElement),
    },
    state.analysing ? flip.analysis.report : null,
  );
}

function render() {
  const g = flip.game;
  if (!g) return;
  const legal = /** @type {string[]} */ (g.legal_moves);
  const targets = flip.selected
    ? legal.filter((m) => m.startsWith(flip.selected ?? '') && !m.endsWith('?')).map((m) => m.slice(2, 4))
    : [];
  // An earlier position, when one is shown, takes the board and the pool.
  const seen = viewedPosition(g);
  const lastMove = seen ? seen.last : g.ply > 0 ? g.moves[g.ply - 1] : null;
  const last = lastMove ? [lastMove.action.slice(0, 2), lastMove.action.slice(2, 4)].filter(Boolean) : [];
  drawFlipBoard(el('flip-board'), {
    board: seen ? seen.board : g.board,
    selected: seen ? null : flip.selected,
    targets: seen ? [] : targets,
    last,
    reveal: seen ? null : flip.reveal,
    flipped: flip.flipped,
    arrows: seen ? [] : arrows(),
  });
  el('flip-board').dataset.ply = String(seen ? seen.ply : g.ply);
  renderHelp(g);
  drawPool(el('flip-pool'), seen ? seen.pool : g.pool, seen ? seen.hidden : g.hidden);
  const review = flipReviewOf(g.id);
  drawMoves(
    $('flip-moves', HTMLOListElement),
    g.moves,
    (review?.moves ?? []).map((j) => (j ? { judgement: j.judgement, title: judgementTitle(j) } : null)),
  );
  drawViewer(
    {
      prev: $('flip-view-prev', HTMLButtonElement),
      next: $('flip-view-next', HTMLButtonElement),
      live: $('flip-view-live', HTMLButtonElement),
      text: el('flip-view-text'),
      moves: el('flip-moves'),
    },
    g,
  );
  drawFlipGraph($('flip-eval-graph', SVGSVGElement), review, g, seen ? seen.ply : g.ply);
  // A finished game is reviewed (online ones too: the help waits for the end).
  el('flip-review-panel').hidden = g.status !== 'over' || g.ply === 0;
  drawFlipReview(
    {
      progress: el('flip-review-progress'),
      button: $('flip-review-start', HTMLButtonElement),
      summary: el('flip-review-summary'),
    },
    review,
  );
  el('flip-status').textContent = statusText(g, flip.engine);
  el('flip-status').dataset.status = g.status;
  // Which game the board shows: opening another game by its link swaps the
  // board in place, and a script (or a test) waits on this to act on it.
  el('flip-area').dataset.game = String(g.id);
  el('flip-rules').textContent = `Flip Jungle (${g.variant}) on a 4×4 board.`;
  el('flip-fen').textContent = seen ? seen.fen : g.fen;
  $('flip-download', HTMLAnchorElement).href = api.recordUrl(g.id);
  $('flip-undo', HTMLButtonElement).disabled = g.status !== 'ongoing' || g.ply === 0 || flip.engine;
  // Online, take-backs are offered to the opponent on the 7x9 page only; a
  // spectator neither takes back nor resigns.
  $('flip-undo', HTMLButtonElement).hidden = isOnline(g) || mySeats(g).length === 0;
  $('flip-resign', HTMLButtonElement).hidden = mySeats(g).length === 0;
  $('flip-resign', HTMLButtonElement).disabled = g.status !== 'ongoing' || !g.side_to_move || waiting(g);
  const share = el('flip-share');
  share.hidden = !(waiting(g) && g.code && mySeats(g).length > 0);
  if (!share.hidden) {
    $('flip-share-link', HTMLInputElement).value = `${location.origin}${location.pathname}#join=${g.code}`;
    el('flip-share-code').textContent = g.code;
  }
  el('flip-banner').hidden = g.status !== 'over' || seen !== null;
  el('flip-banner-title').textContent = g.message;
  // The tile turns over once, not at every later drawing.
  flip.reveal = null;
}
