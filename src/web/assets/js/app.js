// @ts-check
// The page's start: builds the board and dialogs, connects the controls to
// the game's flows, and opens the last game (or offers a new one). The one
// module with effects on import; the others can be imported by tests.
import { api, messageOf } from './api/api.js';
import { startAnalysis, switchAnalysis } from './flows/analysis.js';
import { $, toast } from './util/dom.js';
import {
  analyseFrom,
  chooseStyle,
  continueAgainstEngine,
  deleteGame,
  flipBoard,
  hint,
  loadGame,
  loadRecord,
  onBoardMove,
  onPremove,
  resign,
  setView,
  showGame,
  startNewGame,
  takeBack,
  togglePause,
} from './flows/flows.js';
import { pieceStyle } from './game/pieces.js';
import { allows } from './game/game.js';
import {
  acceptChallenge,
  answerOffer,
  claimWin,
  abortGame,
  copyShareLink,
  copyWatchLink,
  offerDraw,
  openJoin,
  wireJoinDialog,
} from './flows/online.js';
import {
  downloadWithSideLines,
  exploreMoves,
  hasSideLines,
  lineStep,
  onLineChange,
  selectLineById,
  shownFen,
} from './state/explore.js';
import { openReview, startReview } from './flows/review.js';
import { answerRematch, rematch, wireAfterGame } from './flows/after_game.js';
import { openTrainer, wirePuzzleTrainer } from './flows/puzzle_trainer.js';
import { wireYourTurn } from './views/after_game_view.js';
import { arrangeRandom, arrangeReady, takeScreen, wireHiddenGame } from './flows/hidden_game.js';
import { SetupEditor } from './board/setup.js';
import { isMuted, setMuted } from './util/sound.js';
import { dismissBanner, setAnimalNames, state, variantInfo, variantsLoaded } from './state/state.js';
import { store } from './util/storage.js';
import { createBoard } from './views/board_view.js';
import { buildFlipViews } from './views/flip_view.js';
import { drawGlyphStyleButton, pieceStyleButtons } from './views/controls_view.js';
import { wireLines } from './views/analysis_view.js';
import { wireEvalGraph } from './views/eval_graph.js';
import { wireLineList } from './views/lines_view.js';
import { wireGamesDialog } from './views/games_dialog.js';
import { tickClocks } from './views/clock_view.js';
import { wireLobbyDialog } from './views/lobby_dialog.js';
import { wireLeaderboardDialog } from './views/leaderboard_dialog.js';
import { renderClaim } from './views/online_view.js';
import { wireLoadDialog } from './views/load_dialog.js';
import { wireMoveList } from './views/moves_view.js';
import { fillLevels, fillRuleSets, openNewGame, wireNewGameDialog } from './views/new_game_dialog.js';
import { render } from './views/render.js';
import { wireRulesDialog } from './views/rules_dialog.js';
import { openProfile, refreshAccount, wireAccount } from './views/account_dialog.js';

/** The game the address names (#game=7), or 0. */
const gameInHash = () => Number(new URLSearchParams(location.hash.slice(1)).get('game'));
/** The player whose profile the address names (#player=Ann), or "". */
const playerInHash = () => new URLSearchParams(location.hash.slice(1)).get('player') ?? '';
/** The puzzle the address names (#puzzle=3bd2369f2239; #puzzles: the next one), or null. */
const puzzleInHash = () => {
  const params = new URLSearchParams(location.hash.slice(1));
  return params.has('puzzles') ? '' : params.get('puzzle');
};
/** The join code the address names (#join=K7QX3M), or "". */
const codeInHash = () => new URLSearchParams(location.hash.slice(1)).get('join') ?? '';

// How often running clocks and the abandonment countdown are redrawn.
const TICK_MS = 100;

/** @param {SetupEditor} editor */
function wire(editor) {
  $('btn-new').addEventListener('click', () => openNewGame());
  $('btn-setup').addEventListener('click', () => {
    const g = state.game;
    // The position shown, where the game allows setting one up by hand; else a start.
    editor.open(g && allows(g, 'editor') ? { variant: g.variant, fen: shownFen(g) } : { variant: 'standard' });
  });
  $('btn-edit-here').addEventListener('click', () => $('btn-setup').click());
  wireGamesDialog({ open: loadGame, remove: deleteGame });
  wireAccount(loadGame);
  wireLobbyDialog({
    accept: acceptChallenge,
    watch: loadGame,
    join: openJoin,
    create: () => openNewGame(null, { online: true, lobby: true }),
  });
  wireLeaderboardDialog();
  wireJoinDialog();
  $('btn-draw').addEventListener('click', offerDraw);
  $('offer-accept').addEventListener('click', () => answerOffer(true));
  $('offer-decline').addEventListener('click', () => answerOffer(false));
  $('claim-win').addEventListener('click', claimWin);
  wireHiddenGame({ show: showGame });
  $('cover-go').addEventListener('click', takeScreen);
  $('cover-new').addEventListener('click', () => openNewGame());
  $('setup-random').addEventListener('click', arrangeRandom);
  $('setup-ready').addEventListener('click', arrangeReady);
  $('share-copy').addEventListener('click', copyShareLink);
  $('watch-copy').addEventListener('click', copyWatchLink);
  setInterval(() => {
    tickClocks();
    renderClaim(state.game);
  }, TICK_MS);
  wireLoadDialog(loadRecord);
  wireNewGameDialog(startNewGame);
  wireMoveList(setView);
  $('btn-flip').addEventListener('click', flipBoard);
  const sound = $('btn-sound');
  const showSound = () => {
    sound.textContent = isMuted() ? '🔇' : '🔊';
    sound.setAttribute('aria-pressed', String(!isMuted()));
  };
  sound.addEventListener('click', () => {
    setMuted(!isMuted());
    showSound();
  });
  showSound();
  wireRulesDialog();
  const names = $('animal-names', HTMLInputElement);
  names.checked = store.get('animalNames', false);
  setAnimalNames(names.checked);
  names.addEventListener('change', () => {
    store.set('animalNames', names.checked);
    setAnimalNames(names.checked);
    render();
  });
  for (const b of pieceStyleButtons()) b.addEventListener('click', () => chooseStyle(pieceStyle(b.dataset.style)));
  $('btn-hint').addEventListener('click', hint);
  $('btn-undo').addEventListener('click', takeBack);
  $('btn-resign').addEventListener('click', resign);
  $('btn-abort').addEventListener('click', abortGame);
  $('btn-pause').addEventListener('click', togglePause);
  const analyse = $('analyse-toggle', HTMLInputElement);
  analyse.addEventListener('change', () => switchAnalysis(analyse.checked));
  $('nav-first').addEventListener('click', () => setView(0));
  $('nav-prev').addEventListener('click', () => lineStep(-1) || setView(state.view - 1));
  $('nav-next').addEventListener('click', () => lineStep(1) || setView(state.view + 1));
  $('nav-last').addEventListener('click', () => setView(state.game?.ply ?? 0));
  $('banner-new').addEventListener('click', () => openNewGame());
  $('banner-rematch').addEventListener('click', rematch);
  $('rematch-accept').addEventListener('click', () => answerRematch(true));
  $('rematch-decline').addEventListener('click', () => answerRematch(false));
  wireYourTurn(loadGame);
  wireAfterGame();
  wirePuzzleTrainer();
  $('banner-review').addEventListener('click', () => {
    dismissBanner();
    render();
    openReview();
  });
  $('review-start').addEventListener('click', startReview);
  onLineChange(() => {
    render();
    if (state.analysing) startAnalysis();
  });
  wireLineList(selectLineById);
  wireLines(exploreMoves);
  $('btn-continue').addEventListener('click', continueAgainstEngine);
  wireEvalGraph($('eval-graph', SVGSVGElement), setView);
  $('btn-download').addEventListener('click', (e) => {
    const g = state.game;
    // The side lines explored here go into the record too; the link's own
    // download (the server's record) serves a game without any.
    if (!g || !hasSideLines(g)) return;
    e.preventDefault();
    downloadWithSideLines(g).catch((err) => toast(`The record could not be downloaded: ${messageOf(err)}`));
  });
  $('btn-copy-fen').addEventListener('click', async () => {
    const fen = state.game ? shownFen(state.game) : '';
    try {
      await navigator.clipboard.writeText(fen);
      toast('FEN copied.', 'info', 2000);
    } catch {
      toast(fen, 'info', 8000);
    }
  });
  document.addEventListener('keydown', (e) => {
    if (document.querySelector('dialog[open]') || /INPUT|TEXTAREA|SELECT/.test(document.activeElement?.tagName ?? '')) {
      return;
    }
    /** @type {Record<string, () => void>} */
    const keys = {
      ArrowLeft: () => lineStep(-1) || setView(state.view - 1),
      ArrowRight: () => lineStep(1) || setView(state.view + 1),
      Home: () => setView(0),
      End: () => setView(state.game?.ply ?? 0),
    };
    if (keys[e.key]) {
      e.preventDefault();
      keys[e.key]();
    }
  });
  window.addEventListener('hashchange', () => {
    if (playerInHash()) {
      openProfile(playerInHash(), loadGame);
      return;
    }
    const code = codeInHash();
    if (code) {
      openJoin(code);
      return;
    }
    const puzzle = puzzleInHash();
    if (puzzle !== null) {
      openTrainer(puzzle || undefined);
      return;
    }
    const id = gameInHash();
    if (id && id !== state.game?.id) loadGame(id).catch((err) => toast(messageOf(err)));
  });
}

async function boot() {
  const board = createBoard(onBoardMove, onPremove);
  // Where chance acts, its board's actions go the same way as the board's moves.
  buildFlipViews(onBoardMove, onPremove);
  drawGlyphStyleButton();
  fillLevels();
  try {
    variantsLoaded((await api.variants()).variants);
  } catch (err) {
    toast(messageOf(err), 'error', 60000);
    return;
  }
  fillRuleSets();
  await refreshAccount();
  const editor = new SetupEditor({
    // The rule sets whose games allow a position set up by hand (a Flip
    // Jungle board of tiles face up or down, with its pool; not a hidden
    // game, whose position comes from its secret set-up).
    variants: state.variants.filter((v) => v.capabilities?.editor === true),
    getStyle: () => state.style,
    onPlay: (start) => openNewGame(start),
    onAnalyse: analyseFrom,
  });
  wire(editor);
  chooseStyle(pieceStyle(store.get('style', 'glyph')));
  board.setVariant(variantInfo('standard'));
  board.setPosition(variantInfo('standard').start_fen);
  // A link to a puzzle (or to the trainer) opens the trainer.
  const puzzle = puzzleInHash();
  if (puzzle !== null) {
    render();
    await openTrainer(puzzle || undefined);
    document.body.dataset.ready = 'true';
    return;
  }
  // A link to join a game: its code offers the open seat.
  const code = codeInHash();
  if (code && (await openJoin(code))) {
    document.body.dataset.ready = 'true';
    return;
  }
  const fromHash = gameInHash();
  const id = fromHash || store.get('lastGame', 0);
  if (id) {
    try {
      await loadGame(id);
      document.body.dataset.ready = 'true';
      return;
    } catch (err) {
      if (fromHash) toast(messageOf(err));
    }
  }
  // Ready once the new-game dialog is up, so that nothing (a test, a quick
  // click) finds the page between the two. Until a game starts, the page
  // shows none (also when the dialog is cancelled).
  render();
  openNewGame();
  document.body.dataset.ready = 'true';
}

boot();
