// Replays and recorded games: what `jungle pgn replay` prints, for every
// family alike.

#include <memory>
#include <string>

#include "game/family.h"

namespace jungle::game {

std::string RecordedGame::tag(std::string_view name) const {
  for (const auto& [k, v] : tags) {
    if (k == name) return v;
  }
  return "";
}

std::unique_ptr<State> start_of(const State& state) {
  std::unique_ptr<State> start = state.clone();
  while (start->undo()) {
  }
  return start;
}

Replay replay_of(const State& state, const std::vector<std::string>& comments) {
  std::unique_ptr<State> s = start_of(state);
  Replay r;
  // A game whose viewers know different things shows the truth only in
  // the arbiter's record: say whose record this is.
  if (s->family().capabilities().hidden_information) r.title = "the arbiter's record";
  r.start_fen = s->fen();
  r.start_diagram = s->diagram();
  std::string number = s->ply_number();
  for (const std::string& action : state.actions()) {
    const bool side_acts = s->actor().is_side();
    if (side_acts) number = s->ply_number();
    const std::string event = s->apply(action);
    if (s->actor().is_chance()) continue;  // the ply ends with chance's outcome
    const size_t ply = size_t(s->plies()) - 1;
    r.steps.push_back({number, event, ply < comments.size() ? comments[ply] : "", s->diagram()});
  }
  return r;
}

}  // namespace jungle::game
