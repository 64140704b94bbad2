// @ts-check
// The analysis panel's search: a stream of server-sent events (docs/api.md)
// on the position viewed, restarted whenever that position changes.
import { api } from '../api/api.js';
import { AnalysisReports } from '../game/analysis_reports.js';
import { parseFen } from '../game/fen.js';
import { analysisDone, analysisStats, pvMoves } from '../game/format.js';
import { lineCursor, setLineEvaluation } from '../state/explore.js';
import { allows, colourToMoveAt, colourToMoveIn, fenAt, isOnline } from '../game/game.js';
import { expectationText } from '../game/flip.js';
import { setAnalysing, setAnalysisSource, setBest, setEvaluation, state } from '../state/state.js';
import { hideTablebase, showTablebase } from '../views/tablebase_view.js';
import {
  analysisStatsText,
  clearPv,
  renderEval,
  showAnalysing,
  showAnalysisStats,
  showLines,
} from '../views/analysis_view.js';
import { renderArrows } from '../views/board_view.js';
import { showFlipAnalysis } from '../views/flip_view.js';
import { render } from '../views/render.js';

/** @typedef {import('../api/api.js').EngineReport} EngineReport */
/** @typedef {import('../api/api.js').AnalysisDone} AnalysisDone */

const ANALYSIS_MS = 15000;
// The engine's best lines the panel shows, each a few moves to click through.
const LINES = 3;

/**
 * What the analysis of the game's own position (not a side line's) found,
 * by ply, for a hint on it. @type {{ ply: number, reports: AnalysisReports<EngineReport> } | null}
 */
let gameAnalysis = null;

export function stopAnalysis() {
  state.source?.close();
  setAnalysisSource(null);
  // A finished analysis keeps its best line for a hint until the position changes.
  if (gameAnalysis?.reports.state === 'running') gameAnalysis.reports.end(false);
}

/**
 * The analysis' best line on the game's position at `ply`, as a hint: once
 * it has searched `ms` (or finished); null when no analysis of that
 * position runs or ran, or it stopped first (ask the server then).
 * @param {number} ply
 * @param {number} ms
 * @returns {Promise<(EngineReport & { move: string, expected?: number }) | null>}
 */
export async function hintFromAnalysis(ply, ms) {
  if (!state.analysing || gameAnalysis?.ply !== ply || lineCursor()) return null;
  const best = await gameAnalysis.reports.after(ms);
  return best?.pv[0] ? { ...best, move: best.pv[0] } : null;
}

/**
 * The stream running now and what it analyses (the game, its status and
 * the position), so that a render that changed none of them leaves it be.
 * @type {{ source: EventSource, key: string } | null}
 */
let running = null;

/** @param {import('../api/api.js').Game} g */
function analysisKey(g) {
  const line = lineCursor();
  return `${g.id}|${g.status}|${line ? line.fen : fenAt(g, state.view)}`;
}

// Events of a stream that was replaced meanwhile are ignored.
export function startAnalysis() {
  // A second start for the position already being analysed (a game update
  // that left the viewed position as it was) keeps the stream: a new
  // request would replace it on the server, and two requests sent close
  // together may arrive in either order, so that the older one replaced
  // the newer and the panel ended with no line ("starting… · done").
  const live = running && state.source === running.source && running.source.readyState !== EventSource.CLOSED;
  if (live && state.game && running?.key === analysisKey(state.game)) return;
  stopAnalysis();
  running = null;
  gameAnalysis = null;
  const g = state.game;
  if (!g) return;
  if (isOnline(g) && g.status === 'ongoing') {
    // The engine's help waits for the end of an online game.
    showAnalysisStats('after the game');
    clearPv();
    return;
  }
  const line = lineCursor();
  const viewedOver = line ? line.over : state.view === g.ply && g.status === 'over';
  if (viewedOver) {
    showAnalysisStats('game over');
    clearPv();
    hideTablebase();
    return;
  }
  showAnalysisStats('starting…');
  clearPv();
  // The tables are asked about the position shown: a side line's, or the game's.
  if (allows(g, 'tablebases')) showTablebase(g.variant, line ? line.fen : fenAt(g, state.view));
  else hideTablebase();
  if (allows(g, 'chance')) {
    followChanceAnalysis(g);
    return;
  }
  // A side line's position is analysed as a position: the game has no ply for it.
  const source = new EventSource(
    line
      ? api.positionAnalysisUrl(g.variant, line.fen, ANALYSIS_MS, LINES)
      : api.analysisUrl(g.id, state.view, ANALYSIS_MS, LINES),
  );
  setAnalysisSource(source);
  running = { source, key: analysisKey(g) };
  const ply = state.view;
  /** @type {AnalysisReports<EngineReport>} */
  const reports = new AnalysisReports();
  if (!line) gameAnalysis = { ply, reports };
  const side = parseFen(line ? line.fen : fenAt(g, ply)).side;
  /** @type {EngineReport[]} */
  const lines = [];
  source.addEventListener('info', (e) => {
    if (state.source !== source || !state.game) return;
    /** @type {EngineReport} */
    const info = JSON.parse(e.data);
    const which = (info.multipv ?? 1) - 1;
    lines[which] = info;
    // A deeper best line makes the others of the depth before stale.
    if (which === 0) lines.length = 1;
    showLines(lines.map((l) => ({ report: l, moves: pvMoves(side, l.pv) })));
    if (which !== 0) return;
    reports.report(info);
    if (line) setLineEvaluation(line, info);
    else setEvaluation(ply, info);
    setBest(info.pv[0] || null);
    showAnalysisStats(analysisStats(info));
    renderEval();
    renderArrows();
  });
  source.addEventListener('done', (e) => {
    if (state.source !== source) return;
    /** @type {AnalysisDone} */
    const done = JSON.parse(e.data);
    showAnalysisStats(analysisDone(analysisStatsText()));
    if (!state.best && done.best) setBest(done.best);
    reports.end(true);
    stopAnalysis();
  });
  source.onerror = () => {
    if (state.source !== source) return;
    showAnalysisStats('analysis unavailable (the engines may be busy)');
    stopAnalysis();
  };
}

/**
 * The analysis of a position where chance acts: the flip engine's reports
 * (every family's, docs/api.md), an expected score over the pool and the
 * best actions, in the analysis panel; its best action is an arrow and a
 * hint's answer, as the open engine's best move is.
 * @param {import('../api/api.js').Game} g
 */
function followChanceAnalysis(g) {
  const ply = state.view;
  // A side line's position is analysed as a position (its flips revealed
  // what the explorer chose): the game has no ply for it.
  const line = lineCursor();
  const source = new EventSource(
    line
      ? api.positionAnalysisUrl(g.variant, line.fen, ANALYSIS_MS, LINES)
      : api.analysisUrl(g.id, ply, ANALYSIS_MS, LINES),
  );
  setAnalysisSource(source);
  running = { source, key: analysisKey(g) };
  /** @type {AnalysisReports<EngineReport>} */
  const reports = new AnalysisReports();
  if (!line) gameAnalysis = { ply, reports };
  // The scores are the side to move's: the first player's while the colours are undecided.
  const side = line ? colourToMoveIn(line.fen) : colourToMoveAt(g, ply);
  /** @type {EngineReport[]} */
  const lines = [];
  source.addEventListener('info', (e) => {
    if (state.source !== source || !state.game) return;
    /** @type {EngineReport} */
    const info = JSON.parse(e.data);
    // Each depth reports every line in turn: a line is replaced in place,
    // so that the panel keeps its actions while the next depth's come.
    lines[(info.multipv ?? 1) - 1] = info;
    showFlipAnalysis({ lines, side });
    if ((info.multipv ?? 1) !== 1) return;
    reports.report(info);
    setBest(info.pv[0] || null);
    showAnalysisStats(`depth ${info.depth} · ${expectationText(info, side)}`);
    renderArrows();
  });
  source.addEventListener('done', () => {
    if (state.source !== source) return;
    showAnalysisStats(analysisDone(analysisStatsText()));
    reports.end(true);
    stopAnalysis();
  });
  source.onerror = () => {
    if (state.source !== source) return;
    showAnalysisStats('analysis unavailable (the engines may be busy)');
    stopAnalysis();
  };
}

/** The player turned the analysis panel on or off. @param {boolean} on */
export function switchAnalysis(on) {
  setAnalysing(on);
  showAnalysing(on);
  if (on) {
    startAnalysis();
  } else {
    stopAnalysis();
    setBest(null);
    showAnalysisStats('');
    clearPv();
    hideTablebase();
    render();
  }
}
