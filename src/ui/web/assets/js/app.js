// The page's controller: one game at a time, kept on the server; the board,
// move list, analysis and dialogs are views of it.
import { api } from './api.js';
import { Board } from './board.js';
import { parseFen } from './fen.js';
import { ANIMALS, drawPiece, glyphPath, svg } from './pieces.js';
import { SetupEditor } from './setup.js';

// Engine strength levels offered to players, as EngineOptions skill values.
const LEVELS = [
  { skill: 0, name: 'Level 1 · beginner' },
  { skill: 3, name: 'Level 2 · novice' },
  { skill: 6, name: 'Level 3 · casual' },
  { skill: 9, name: 'Level 4 · club' },
  { skill: 12, name: 'Level 5 · strong' },
  { skill: 15, name: 'Level 6 · expert' },
  { skill: 18, name: 'Level 7 · master' },
  { skill: 20, name: 'Level 8 · full strength' },
];
const ANALYSIS_MS = 15000;
const ENGINE_PAUSE_MS = 350; // between moves when engines play each other
const GAMES_PAGE = 20;

const $ = (id) => document.getElementById(id);
const store = {
  get: (k, d) => { try { return JSON.parse(localStorage.getItem(`jungle.${k}`)) ?? d; } catch { return d; } },
  set: (k, v) => { try { localStorage.setItem(`jungle.${k}`, JSON.stringify(v)); } catch { /* private mode */ } },
};

const state = {
  variants: [],
  game: null,
  view: 0,
  flipped: false,
  style: store.get('style', 'glyph'),
  busy: false,
  engineRequest: false,
  autoplay: true,
  analysing: false,
  source: null,
  evaluation: null,
  hint: null,
  best: null,
  bannerDismissed: false,
  gamesOffset: 0,
  pendingStart: null,
};

let board;
let editor;

// ---- helpers ------------------------------------------------------------
function toast(message, kind = 'error', ms = 4500) {
  const el = document.createElement('div');
  el.className = `toast ${kind}`;
  el.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  el.textContent = message;
  $('toasts').appendChild(el);
  setTimeout(() => { el.classList.add('leaving'); setTimeout(() => el.remove(), 400); }, ms);
}

const sideName = (s) => (s === 'blue' ? 'Blue' : 'Red');
const other = (s) => (s === 'blue' ? 'red' : 'blue');
const isEngine = (side) => state.game?.players[side]?.type === 'engine';
const levelName = (skill) => (LEVELS.find((l) => l.skill === skill) || { name: `skill ${skill}` }).name;

function playerLabel(side) {
  const p = state.game?.players[side];
  if (!p) return '';
  if (p.type !== 'engine') {
    const humans = ['blue', 'red'].filter((s) => !isEngine(s)).length;
    return humans === 2 ? 'Player' : 'You';
  }
  // "Level 4 · club": the word after the dot gives way on a narrow screen.
  const [level, word] = levelName(p.skill).split(' · ');
  const words = word ? `<span class="strip-level-name"> · ${word}</span>` : '';
  return `Engine · ${level}${words} · ${p.movetime_ms / 1000}&nbsp;s`;
}

function fenAt(ply) {
  const g = state.game;
  return ply === 0 ? g.start_fen : g.moves[ply - 1].fen;
}

function formatScore(blueScore, mate) {
  if (mate !== null && mate !== undefined) return `${mate > 0 ? '' : '−'}M${Math.abs(mate)}`;
  const v = blueScore / 100;
  return `${v > 0 ? '+' : v < 0 ? '−' : ''}${Math.abs(v).toFixed(2)}`;
}

function variantInfo(name) {
  return state.variants.find((v) => v.name === name) || state.variants[0];
}

// ---- rendering ----------------------------------------------------------
function render() {
  const g = state.game;
  if (!g) return;
  const atEnd = state.view === g.ply;
  const toMove = g.side_to_move;
  const over = g.status === 'over';
  const variant = variantInfo(g.variant);
  if (board.variant !== variant) board.setVariant(variant);
  if (board.flipped !== state.flipped) board.setFlipped(state.flipped);
  const humans = ['blue', 'red'].filter((s) => !isEngine(s));
  board.setHiddenSide(variant.hidden_pieces && humans.length === 1 ? other(humans[0]) : null);
  board.setPosition(fenAt(state.view));
  board.setLastMove(state.view > 0 ? g.moves[state.view - 1].move : null);
  const canMove = atEnd && !over && !isEngine(toMove) && !state.busy && !state.engineRequest;
  board.setLegalMoves(g.legal_moves, canMove);
  board.setArrows([state.best && { move: state.best, kind: 'best' }, state.hint && { move: state.hint, kind: 'hint' }].filter(Boolean));

  renderStrips();
  renderStatus();
  renderMoves();
  renderBanner();
  renderEval();

  $('rules-line').textContent = `Rules: ${variant.name} — ${variant.description}`;
  $('fen-text').textContent = fenAt(state.view);
  $('btn-download').href = api.recordUrl(g.id);
  $('btn-download').setAttribute('download', `jungle-game-${g.id}.pgn`);
  const engines = isEngine('blue') && isEngine('red');
  $('btn-pause').hidden = !engines || over;
  $('btn-pause').textContent = state.autoplay ? 'Pause' : 'Resume';
  $('btn-undo').disabled = g.ply === 0 && !over;
  $('btn-resign').disabled = over || engines;
  $('btn-hint').disabled = g.status === 'over' && atEnd;
  $('nav-first').disabled = $('nav-prev').disabled = state.view === 0;
  $('nav-next').disabled = $('nav-last').disabled = atEnd;
  document.body.classList.toggle('flipped', state.flipped);
}

function capturedBy(side, upto) {
  // Pieces `side` has taken in the first `upto` moves.
  const taken = [];
  for (const m of state.game.moves.slice(0, upto)) {
    if (m.side === side && m.captured) taken.push(m.captured.toUpperCase());
  }
  return taken;
}

function renderStrips() {
  const bottom = state.flipped ? 'red' : 'blue';
  const g = state.game;
  for (const [id, side] of [['strip-bottom', bottom], ['strip-top', other(bottom)]]) {
    const el = $(id);
    el.replaceChildren();
    el.dataset.side = side;
    const dot = document.createElement('span');
    dot.className = `side-dot ${side}`;
    el.appendChild(dot);
    const name = document.createElement('span');
    name.className = 'strip-name';
    name.innerHTML = `<b>${sideName(side)}</b> <span class="strip-who">${playerLabel(side)}</span>`;
    el.appendChild(name);
    const turn = g.status === 'ongoing' && g.side_to_move === side && state.view === g.ply;
    el.classList.toggle('to-move', turn);
    if (turn && state.engineRequest && isEngine(side)) {
      const t = document.createElement('span');
      t.className = 'thinking';
      t.textContent = 'thinking';
      el.appendChild(t);
    }
    const caps = document.createElement('span');
    caps.className = 'captures';
    for (const letter of capturedBy(side, state.view)) {
      const icon = svg('svg', { viewBox: '-50 -50 100 100', width: 22, height: 22 });
      icon.appendChild(drawPiece({ side: other(side), letter }, { style: state.style }));
      caps.appendChild(icon);
    }
    el.appendChild(caps);
  }
}

function renderStatus() {
  const g = state.game;
  const el = $('status');
  let text;
  if (state.view !== g.ply) {
    text = `Viewing position after ${state.view} of ${g.ply} moves — press ⏭ to return.`;
  } else if (g.status === 'over') {
    text = g.message;
  } else if (state.engineRequest) {
    text = `${sideName(g.side_to_move)} (engine) is thinking…`;
  } else if (isEngine(g.side_to_move)) {
    text = isEngine(other(g.side_to_move)) && !state.autoplay ? 'Paused.' : `${sideName(g.side_to_move)} (engine) to move.`;
  } else {
    const humans = ['blue', 'red'].filter((s) => !isEngine(s)).length;
    text = humans === 1 ? `Your move (${sideName(g.side_to_move)}).` : `${sideName(g.side_to_move)} to move.`;
  }
  el.textContent = text;
  el.dataset.state = g.status === 'over' ? 'over' : 'ongoing';
}

function renderMoves() {
  const g = state.game;
  const list = $('moves');
  list.replaceChildren();
  const start = g.start_fen.split(/\s+/);
  let number = Number(start[3]) || 1;
  let li = null;
  const startsRed = start[1] === 'b';
  g.moves.forEach((m, i) => {
    const blueMove = m.side === 'blue';
    if (!li || blueMove || (i === 0 && startsRed)) {
      if (li && blueMove) number += 1;
      li = document.createElement('li');
      const num = document.createElement('span');
      num.className = 'num';
      num.textContent = `${number}.`;
      li.appendChild(num);
      if (!blueMove) {
        const gap = document.createElement('span');
        gap.className = 'mv gap';
        gap.textContent = '…';
        li.appendChild(gap);
      }
      list.appendChild(li);
    }
    const b = document.createElement('button');
    b.type = 'button';
    b.className = `mv ${m.side}${m.captured ? ' capture' : ''}${m.jump ? ' jump' : ''}`;
    b.dataset.ply = String(i + 1);
    b.textContent = m.move;
    b.title = `${sideName(m.side)} ${ANIMALS[m.piece.toUpperCase()].name} ${m.move.slice(0, 2)}→${m.move.slice(2)}` +
      (m.captured ? ` takes the ${ANIMALS[m.captured.toUpperCase()].name}` : '');
    if (i + 1 === state.view) b.setAttribute('aria-current', 'true');
    b.addEventListener('click', () => setView(i + 1));
    li.appendChild(b);
  });
  if (g.status === 'over') {
    const r = document.createElement('li');
    r.className = 'result-line';
    r.textContent = g.result;
    list.appendChild(r);
  }
  list.querySelector('[aria-current="true"]')?.scrollIntoView({ block: 'nearest' });
  if (state.view === g.ply) list.parentElement.scrollTop = list.parentElement.scrollHeight;
}

function renderBanner() {
  const g = state.game;
  const show = g.status === 'over' && state.view === g.ply && !state.bannerDismissed;
  $('banner').hidden = !show;
  if (!show) return;
  $('banner').dataset.winner = g.winner || 'draw';
  $('banner-title').textContent = g.winner ? `${sideName(g.winner)} wins` : 'Draw';
  // The title already says who won: the text gives the reason.
  const reason = g.message.replace(/^(Blue|Red) wins: /, '');
  $('banner-text').textContent = reason.charAt(0).toUpperCase() + reason.slice(1);
}

function renderEval() {
  const e = state.evaluation;
  const fill = $('eval-fill');
  const text = $('eval-text');
  if (!e) {
    fill.style.height = '50%';
    text.textContent = '';
    $('eval-bar').setAttribute('aria-valuenow', '50');
    return;
  }
  let share;
  if (e.mate !== null && e.mate !== undefined) {
    const blueWins = (e.blue_score > 0);
    share = blueWins ? 1 : 0;
  } else {
    share = 1 / (1 + Math.exp(-e.blue_score / 250));
  }
  share = Math.min(0.98, Math.max(0.02, share));
  fill.style.height = `${(share * 100).toFixed(1)}%`;
  text.textContent = formatScore(e.blue_score, e.mate);
  $('eval-bar').setAttribute('aria-valuenow', (share * 100).toFixed(0));
  $('eval-bar').setAttribute('aria-valuetext', `${text.textContent} for Blue`);
}

// ---- game flow ------------------------------------------------------------
async function setGame(game, { animate = false } = {}) {
  const prev = state.game;
  const sameGame = prev && prev.id === game.id;
  const followed = !sameGame || state.view === prev.ply;
  if (!sameGame) {
    state.evaluation = null;
    state.bannerDismissed = false;
    stopAnalysis();
  }
  if (sameGame && game.ply !== prev.ply) { state.hint = null; state.best = null; }
  if (sameGame && game.status !== prev.status) state.bannerDismissed = false;
  if (animate && sameGame && followed && game.ply === prev.ply + 1) {
    await board.animateMove(game.moves[game.ply - 1]);
  }
  state.game = game;
  if (followed || state.view > game.ply) state.view = game.ply;
  location.hash = `game=${game.id}`;
  store.set('lastGame', game.id);
  render();
  if (state.analysing) startAnalysis();
}

async function loadGame(id) {
  const game = await api.game(id);
  const humans = ['blue', 'red'].filter((s) => game.players[s].type !== 'engine');
  state.flipped = humans.length === 1 && humans[0] === 'red';
  state.game = null;
  state.autoplay = true;
  await setGame(game);
  maybeEngineMove();
}

async function maybeEngineMove() {
  const g = state.game;
  if (!g || g.status !== 'ongoing' || !isEngine(g.side_to_move) || state.engineRequest) return;
  if (isEngine(other(g.side_to_move)) && !state.autoplay) return;
  const id = g.id;
  state.engineRequest = true;
  render();
  let again = false;
  try {
    const next = await api.engineMove(id);
    if (state.game?.id !== id) return;
    if (next.engine) state.evaluation = next.engine;
    state.engineRequest = false;
    await setGame(next, { animate: true });
    again = true;
  } catch (err) {
    if (state.game?.id !== id) return;
    if (err.code === 'game_changed' || err.code === 'engine_thinking' || err.code === 'not_engine_turn') {
      // Someone changed the game meanwhile (take-back, another tab): show it as it is now.
      try { await setGame(await api.game(id)); } catch { /* shown below */ }
    } else {
      toast(`The engine could not move: ${err.message}`);
    }
  } finally {
    if (state.game?.id === id) {
      state.engineRequest = false;
      render();
    }
  }
  if (again) {
    const both = isEngine('blue') && isEngine('red');
    setTimeout(maybeEngineMove, both ? ENGINE_PAUSE_MS : 0);
  }
}

async function onBoardMove({ move, from, legal, dragged }) {
  const g = state.game;
  if (!g || state.busy) return;
  state.busy = true;
  try {
    const next = await api.move(g.id, move, g.ply);
    state.busy = false;
    await setGame(next, { animate: !dragged });
    maybeEngineMove();
  } catch (err) {
    state.busy = false;
    if (!legal || err.status === 422) board.shake(from);
    toast(err.message);
    if (err.code === 'stale' || err.code === 'not_your_turn') {
      try { await setGame(await api.game(g.id)); } catch { /* ignore */ }
    }
    render();
  }
}

function setView(ply) {
  const g = state.game;
  if (!g) return;
  const v = Math.max(0, Math.min(g.ply, ply));
  if (v === state.view) return;
  state.view = v;
  state.hint = null;
  state.best = null;
  render();
  if (state.analysing) startAnalysis();
}

async function takeBack() {
  const g = state.game;
  if (!g) return;
  const both = isEngine('blue') && isEngine('red');
  // Back to the last position where a person was to move.
  let plies = 1;
  if (!both) {
    while (plies < g.ply && isEngine(g.moves[g.ply - plies].side)) plies += 1;
  }
  if (g.status === 'over' && g.ply === 0) plies = 1;
  if (both) state.autoplay = false;
  try {
    await setGame(await api.undo(g.id, plies));
    state.view = state.game.ply;
    render();
  } catch (err) {
    toast(err.message);
  }
}

async function resign() {
  const g = state.game;
  if (!g || g.status !== 'ongoing') return;
  const humans = ['blue', 'red'].filter((s) => !isEngine(s));
  const side = humans.length === 1 ? humans[0] : g.side_to_move;
  if (!window.confirm(`Resign this game as ${sideName(side)}?`)) return;
  try {
    await setGame(await api.resign(g.id, side));
  } catch (err) {
    toast(err.message);
  }
}

async function hint() {
  const g = state.game;
  if (!g) return;
  const btn = $('btn-hint');
  btn.disabled = true;
  btn.textContent = 'Thinking…';
  try {
    const h = await api.hint(g.id, state.view, 1000);
    state.hint = h.move;
    state.evaluation = h;
    render();
    toast(`Hint: ${h.move} (${formatScore(h.blue_score, h.mate)} for Blue)`, 'info', 3500);
  } catch (err) {
    toast(err.message);
  } finally {
    btn.textContent = 'Hint';
    render();
  }
}

// ---- analysis (server-sent events) --------------------------------------------
function stopAnalysis() {
  state.source?.close();
  state.source = null;
}

function startAnalysis() {
  stopAnalysis();
  const g = state.game;
  if (!g) return;
  const stats = $('analysis-stats');
  const pv = $('pv');
  const viewedOver = state.view === g.ply && g.status === 'over';
  if (viewedOver) {
    stats.textContent = 'game over';
    pv.textContent = '';
    return;
  }
  stats.textContent = 'starting…';
  pv.textContent = '';
  const source = new EventSource(api.analysisUrl(g.id, state.view, ANALYSIS_MS));
  state.source = source;
  const ply = state.view;
  source.addEventListener('info', (e) => {
    if (state.source !== source) return;
    const info = JSON.parse(e.data);
    state.evaluation = info;
    state.best = info.pv[0] || null;
    const knps = Math.round(info.nps / 1000);
    stats.textContent = `depth ${info.depth} · ${formatScore(info.blue_score, info.mate)} · ${knps} kN/s`;
    pv.replaceChildren();
    const startFen = parseFen(fenAt(ply));
    let side = startFen.side;
    info.pv.slice(0, 12).forEach((m) => {
      const s = document.createElement('span');
      s.className = `pv-move ${side}`;
      s.textContent = m;
      pv.appendChild(s);
      side = other(side);
    });
    renderEval();
    board.setArrows([state.best && { move: state.best, kind: 'best' }, state.hint && { move: state.hint, kind: 'hint' }].filter(Boolean));
  });
  source.addEventListener('done', (e) => {
    if (state.source !== source) return;
    const done = JSON.parse(e.data);
    stats.textContent = `${stats.textContent.replace(/ · \d+ kN\/s$/, '')} · done`;
    if (!state.best && done.best) state.best = done.best;
    stopAnalysis();
  });
  source.onerror = () => {
    if (state.source !== source) return;
    stats.textContent = 'analysis unavailable (the engines may be busy)';
    stopAnalysis();
  };
}

function setAnalysing(on) {
  state.analysing = on;
  $('analyse-toggle').checked = on;
  document.body.classList.toggle('analysing', on);
  if (on) {
    startAnalysis();
  } else {
    stopAnalysis();
    state.best = null;
    $('analysis-stats').textContent = '';
    $('pv').textContent = '';
    render();
  }
}

// ---- dialogs ------------------------------------------------------------
function fillVariantSelect(select) {
  for (const v of state.variants) select.add(new Option(v.name, v.name));
}

function openNewGame(start = null) {
  state.pendingStart = start;
  const form = $('form-new');
  const saved = store.get('newGame', {});
  if (saved.mode) form.elements.mode.value = saved.mode;
  $('new-variant').value = start?.variant || saved.variant || 'standard';
  $('new-variant').disabled = !!start;
  if (saved.skill !== undefined) $('new-skill').value = String(saved.skill);
  if (saved.movetime) $('new-movetime').value = String(saved.movetime);
  $('new-start-note').hidden = !start;
  $('new-start-note').textContent = start ? `Starting from the set-up position (${start.fen}).` : '';
  updateNewGameForm();
  $('dlg-new').showModal();
}

function updateNewGameForm() {
  const form = $('form-new');
  const v = variantInfo($('new-variant').value);
  $('new-variant-desc').textContent = v ? v.description : '';
  form.querySelector('.engine-fields').hidden = form.elements.mode.value === 'friend';
}

async function startNewGame() {
  const form = $('form-new');
  const mode = form.elements.mode.value;
  const skill = Number($('new-skill').value);
  const movetime = Number($('new-movetime').value);
  const variant = $('new-variant').value;
  store.set('newGame', { mode, skill, movetime, variant: state.pendingStart ? undefined : variant });
  const engine = { type: 'engine', skill, movetime_ms: movetime };
  const human = { type: 'human' };
  const players = {
    blue: mode === 'red' || mode === 'engines' ? engine : human,
    red: mode === 'blue' || mode === 'engines' ? engine : human,
  };
  const body = { variant, ...players };
  if (state.pendingStart) body.fen = state.pendingStart.fen;
  try {
    const game = await api.createGame(body);
    await loadGame(game.id);
  } catch (err) {
    toast(`Could not start the game: ${err.message}`);
  }
}

async function openGames(reset = true) {
  if (reset) state.gamesOffset = 0;
  const body = $('games-body');
  if (reset) body.replaceChildren();
  try {
    const list = await api.listGames(GAMES_PAGE, state.gamesOffset);
    for (const g of list.games) body.appendChild(gameRow(g));
    state.gamesOffset += list.games.length;
    $('games-more').hidden = state.gamesOffset >= list.total;
    if (!list.total) {
      const tr = document.createElement('tr');
      tr.innerHTML = '<td colspan="8" class="empty">No games yet.</td>';
      body.appendChild(tr);
    }
  } catch (err) {
    toast(err.message);
  }
  if (!$('dlg-games').open) $('dlg-games').showModal();
}

function gameRow(g) {
  const tr = document.createElement('tr');
  tr.dataset.game = g.id;
  const who = (p) => (p?.type === 'engine' ? `Engine ${LEVELS.findIndex((l) => l.skill === p.skill) + 1 || ''}`.trim() : 'Human');
  const when = new Date(g.updated_ms).toLocaleString([], { dateStyle: 'short', timeStyle: 'short' });
  const cells = [`${g.id}`, when, g.variant, who(g.players.blue), who(g.players.red), `${g.ply}`, g.result === '*' ? 'playing' : g.result];
  for (const c of cells) {
    const td = document.createElement('td');
    td.textContent = c;
    tr.appendChild(td);
  }
  const td = document.createElement('td');
  td.className = 'row-actions';
  const open = document.createElement('button');
  open.type = 'button';
  open.textContent = 'Open';
  open.addEventListener('click', async () => {
    $('dlg-games').close();
    try { await loadGame(g.id); } catch (err) { toast(err.message); }
  });
  const del = document.createElement('button');
  del.type = 'button';
  del.textContent = 'Delete';
  del.className = 'danger';
  del.addEventListener('click', async () => {
    if (!window.confirm(`Delete game ${g.id}?`)) return;
    try {
      await api.deleteGame(g.id);
      tr.remove();
      if (state.game?.id === g.id) { state.game = null; location.hash = ''; }
    } catch (err) { toast(err.message); }
  });
  td.append(open, del);
  tr.appendChild(td);
  return tr;
}

async function loadRecord(e) {
  if (e.submitter?.value !== 'load') return;
  e.preventDefault();
  const text = $('load-text').value;
  $('load-error').textContent = '';
  if (!text.trim()) { $('load-error').textContent = 'Paste a record or choose a file first.'; return; }
  try {
    const game = await api.createGame({ record: text });
    $('dlg-load').close();
    await loadGame(game.id);
    setView(0);
    toast(`Loaded game ${game.id}: ${game.ply} moves. Use ▶ to step through it.`, 'info');
  } catch (err) {
    $('load-error').textContent = err.message;
  }
}

// ---- start ----------------------------------------------------------------
function setStyle(style) {
  state.style = style;
  store.set('style', style);
  for (const b of document.querySelectorAll('#piece-style button')) {
    b.setAttribute('aria-checked', b.dataset.style === style ? 'true' : 'false');
  }
  board.setStyle(style);
  if (state.game) render();
}

function wire() {
  $('btn-new').addEventListener('click', () => openNewGame());
  $('btn-setup').addEventListener('click', () => {
    const g = state.game;
    editor.open(g ? { variant: g.variant, fen: fenAt(state.view) } : { variant: 'standard' });
  });
  $('btn-edit-here').addEventListener('click', () => $('btn-setup').click());
  $('btn-games').addEventListener('click', () => openGames());
  $('games-more').addEventListener('click', () => openGames(false));
  $('btn-load').addEventListener('click', () => { $('load-error').textContent = ''; $('dlg-load').showModal(); });
  $('form-load').addEventListener('submit', loadRecord);
  $('load-file').addEventListener('change', async (e) => {
    const file = e.target.files[0];
    if (file) $('load-text').value = await file.text();
  });
  $('btn-flip').addEventListener('click', () => { state.flipped = !state.flipped; render(); });
  for (const b of document.querySelectorAll('#piece-style button')) b.addEventListener('click', () => setStyle(b.dataset.style));
  $('btn-hint').addEventListener('click', hint);
  $('btn-undo').addEventListener('click', takeBack);
  $('btn-resign').addEventListener('click', resign);
  $('btn-pause').addEventListener('click', () => {
    state.autoplay = !state.autoplay;
    render();
    maybeEngineMove();
  });
  $('analyse-toggle').addEventListener('change', (e) => setAnalysing(e.target.checked));
  $('nav-first').addEventListener('click', () => setView(0));
  $('nav-prev').addEventListener('click', () => setView(state.view - 1));
  $('nav-next').addEventListener('click', () => setView(state.view + 1));
  $('nav-last').addEventListener('click', () => setView(state.game?.ply ?? 0));
  $('banner-new').addEventListener('click', () => openNewGame());
  $('banner-review').addEventListener('click', () => { state.bannerDismissed = true; render(); });
  $('btn-copy-fen').addEventListener('click', async () => {
    const fen = state.game ? fenAt(state.view) : '';
    try { await navigator.clipboard.writeText(fen); toast('FEN copied.', 'info', 2000); } catch { toast(fen, 'info', 8000); }
  });
  $('form-new').addEventListener('change', updateNewGameForm);
  $('form-new').addEventListener('submit', (e) => {
    if (e.submitter?.value === 'start') startNewGame();
  });
  document.addEventListener('keydown', (e) => {
    if (document.querySelector('dialog[open]') || /INPUT|TEXTAREA|SELECT/.test(document.activeElement?.tagName)) return;
    const keys = { ArrowLeft: () => setView(state.view - 1), ArrowRight: () => setView(state.view + 1), Home: () => setView(0), End: () => setView(state.game?.ply ?? 0) };
    if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
  });
  window.addEventListener('hashchange', () => {
    const id = Number(new URLSearchParams(location.hash.slice(1)).get('game'));
    if (id && id !== state.game?.id) loadGame(id).catch((err) => toast(err.message));
  });
}

async function boot() {
  board = new Board($('board'), { onMove: onBoardMove });
  // The character style's button shows its character as outlines, like the
  // board, so that it reads without a CJK font.
  const glyphButton = document.querySelector('#piece-style button[data-style="glyph"]');
  const mark = svg('svg', { class: 'style-glyph', viewBox: '-50 -50 100 100', 'aria-hidden': 'true' });
  glyphPath(ANIMALS.E.zh, 92, mark);
  glyphButton.replaceChildren(mark);
  const skill = $('new-skill');
  for (const l of LEVELS) skill.add(new Option(l.name, String(l.skill)));
  skill.value = '9';
  try {
    state.variants = (await api.variants()).variants;
  } catch (err) {
    toast(err.message, 'error', 60000);
    return;
  }
  fillVariantSelect($('new-variant'));
  editor = new SetupEditor({ variants: state.variants, getStyle: () => state.style, onPlay: (start) => openNewGame(start) });
  wire();
  setStyle(state.style);
  board.setVariant(variantInfo('standard'));
  board.setPosition(variantInfo('standard').start_fen);
  const fromHash = Number(new URLSearchParams(location.hash.slice(1)).get('game'));
  const id = fromHash || store.get('lastGame', 0);
  if (id) {
    try {
      await loadGame(id);
      document.body.dataset.ready = 'true';
      return;
    } catch (err) {
      if (fromHash) toast(err.message);
    }
  }
  document.body.dataset.ready = 'true';
  openNewGame();
}

boot();
