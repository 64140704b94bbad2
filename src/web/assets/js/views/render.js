// @ts-check
// Draws every view of the game from the state; called after each change.
import { state } from '../state/state.js';
import { renderEval } from './analysis_view.js';
import { renderBoard } from './board_view.js';
import { renderControls, renderNoGame } from './controls_view.js';
import { renderLineControls } from './lines_view.js';
import { renderMoves } from './moves_view.js';
import { renderReview } from './review_view.js';
import { renderStrips } from './players_view.js';
import { renderBanner, renderStatus } from './status_view.js';
import { renderClocks } from './clock_view.js';
import { renderOnline } from './online_view.js';
import { renderHidden } from './hidden_view.js';
import { renderFlip } from './flip_view.js';
import { renderRematch, renderYourTurn } from './after_game_view.js';

export function render() {
  const g = state.game;
  document.body.classList.toggle('no-game', !g);
  // The views a game's capabilities switch on, before those every game has.
  renderFlip(g);
  renderYourTurn();
  if (!g) {
    renderNoGame();
    return;
  }
  renderBoard(g);
  renderStrips(g);
  renderClocks(g);
  renderOnline(g);
  renderRematch(g);
  renderHidden(g);
  renderStatus(g);
  renderMoves(g);
  renderBanner(g);
  renderEval();
  renderReview(g);
  renderControls(g);
  renderLineControls(g);
}
