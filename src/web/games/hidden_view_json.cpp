// What each holder of a hidden game's seats is sent (docs/api.md, "Hidden
// pieces"): the game as its own view shows it, built from that view alone
// (read from the viewer's game::Observation: its start and the
// announcements), never from the truth while the game goes on; once it is
// over, the truth: the secret set-up, every animal, each move as it really
// was.
#include <cstdlib>

#include "game/family.h"
#include "game/hidden_observation.h"
#include "game/observation_json.h"
#include "hidden/view_summary.h"
#include "web/games/hidden_session.h"

namespace jungle::web {

using hidden::Observation;
using hidden::Outcome;
using hidden::PlayerView;
using hidden::Viewer;

namespace {

std::string letter(Piece p) {
  return std::string(1, piece_letter(p));
}

// Every piece on the board as the viewer knows it: its animal when known,
// else what it can still be.
// `truth`, once the game is over, is the board with every animal shown.
Json pieces_json(const std::optional<Position>& truth, const hidden::ViewSummary& summary) {
  Json pieces = Json::array();
  if (truth) {
    const Geometry& g = truth->rule_set().geometry();
    for (Square s = 0; s < g.squares(); ++s) {
      const Piece p = truth->piece_on(s);
      if (p == kNoPiece) continue;
      pieces.push_back({{"square", g.square_name(s)},
                        {"side", side_json_name(side_of(p))},
                        {"animal", letter(p)},
                        {"candidates", letter(p)}});
    }
    return pieces;
  }
  for (const hidden::PieceSummary& p : summary.pieces) {
    if (p.square.empty()) continue;
    std::string candidates;
    for (Animal a : p.candidates) candidates += piece_letter(make_piece(p.side, a));
    pieces.push_back({{"square", p.square},
                      {"side", side_json_name(p.side)},
                      {"animal", p.animal ? Json(letter(make_piece(p.side, *p.animal))) : Json()},
                      {"shown", p.shown},
                      {"candidates", candidates},
                      {"moves", p.moves}});
  }
  return pieces;
}

const char* setup_name(HiddenSetup s) {
  return s == HiddenSetup::kChosen ? "chosen" : s == HiddenSetup::kFixed ? "fixed" : "shuffled";
}

const char* reveal_name(HiddenReveal r) {
  return r == HiddenReveal::kLoser ? "loser" : r == HiddenReveal::kNone ? "none" : "both";
}

const char* failed_name(FailedAttack f) {
  return f == FailedAttack::kBounce    ? "bounce"
         : f == FailedAttack::kRefused ? "refused"
                                       : "attacker_dies";
}

}  // namespace

void HiddenGameSession::add_family_state(Json& state, const game::Observation& seen) const {
  const Viewer viewer = seen.viewer;
  const bool over = state_->over();
  // Every piece as the reader knows it, from its own view; the truth once
  // the game is over (seen.fen is the truth then).
  std::optional<Position> truth;
  if (over) truth = Position::from_fen(seen.fen, rules_);
  const hidden::ViewSummary summary =
      over ? hidden::ViewSummary{} : hidden::summarize(game::hidden_view_of(rules_, seen.position));
  const Rules& rules = rules_->rules();
  Json setup{{"mode", setup_name(rules.hidden_setup)},
             {"ready", {{"blue", ready_[kBlue]}, {"red", ready_[kRed]}}},
             {"done", set_up()}};
  if (viewer) {
    // The viewer's own start squares, where it may arrange its animals.
    Json squares = Json::array();
    for (const auto& [square, animal] : hidden::start_arrangement(*rules_, *viewer)) {
      squares.push_back(rules_->geometry().square_name(square));
    }
    setup["squares"] = squares;
    setup["may_arrange"] = rules.hidden_setup == HiddenSetup::kChosen && !ready_[*viewer] && !over;
  }
  state["kind"] = "hidden";
  state["pieces"] = pieces_json(truth, summary);
  state["hidden"] = {{"setup", setup_name(rules.hidden_setup)},
                     {"reveal", reveal_name(rules.hidden_reveal)},
                     {"failed_attack", failed_name(rules.failed_attack)}};
  state["setup"] = setup;
  state["truth"] = over;
}

}  // namespace jungle::web
