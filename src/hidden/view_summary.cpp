#include "hidden/view_summary.h"

namespace jungle::hidden {

ViewSummary summarize(const PlayerView& view) {
  const Geometry& g = view.rule_set().geometry();
  ViewSummary out;
  out.viewer = view.viewer();
  out.fen = view.fen();
  out.side_to_move = view.side_to_move();
  out.move_number = view.move_number();
  for (int id = 0; id < int(view.pieces().size()); ++id) {
    const PieceInfo& p = view.pieces()[size_t(id)];
    PieceSummary s;
    s.side = p.side;
    s.square = p.on_board() ? g.square_name(p.square) : "";
    s.animal = p.known;
    s.shown = p.shown;
    s.moves = p.moves;
    const AnimalSet c = view.candidates(id);
    for (int a = 0; a < kAnimals; ++a) {
      if (c.contains(Animal(a))) s.candidates.push_back(Animal(a));
    }
    out.pieces.push_back(std::move(s));
  }
  for (const Observation& o : view.history()) out.announcements.push_back(observation_text(o, g));
  for (Move m : view.legal_moves()) out.legal_moves.push_back(g.move_text(m));
  Termination why = Termination::kNone;
  out.result = view.visible_result(&why);
  out.termination = std::string(termination_tag(why));
  return out;
}

ViewSummary summarize(const HiddenGame& game, Viewer viewer) {
  ViewSummary out = summarize(game.view(viewer));
  out.result = game.result();
  out.termination = game.termination();
  out.result_message = game.result_message();
  if (game.over()) {
    out.legal_moves.clear();
    out.truth_start_fen = game.start().fen();
    out.truth_fen = game.truth().fen();
  }
  return out;
}

}  // namespace jungle::hidden
