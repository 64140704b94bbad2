// What each holder of a hidden game's seats is sent (docs/api.md, "Hidden
// pieces"): the game as its own view shows it, built from that view alone
// (read from the viewer's game::Observation: its start and the
// announcements), never from the truth while the game goes on; once it is
// over, the truth: the secret set-up, every animal, each move as it really
// was.
#include <cstdlib>

#include "game/family.h"
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

// A piece as a letter when `animal` is known, else "?".
Json piece_or_unknown(Side side, std::optional<Animal> animal) {
  return animal ? Json(letter(make_piece(side, *animal))) : Json("?");
}

std::string outcome_name(Outcome o) {
  return o == Outcome::kMove ? "move" : std::string(hidden::outcome_word(o));
}

// The announcement as everyone hears it: squares, outcome, shown animals.
Json public_move(const Observation& o, const Geometry& g, int ply) {
  const Square from = o.move.from(), to = o.move.to();
  const int distance =
      std::abs(g.file_of(from) - g.file_of(to)) + std::abs(g.rank_of(from) - g.rank_of(to));
  Json drowned = Json::array();
  for (const auto& [square, piece] : o.drowned) {
    drowned.push_back({{"square", g.square_name(square)},
                       {"piece", piece == kNoPiece ? Json(nullptr) : Json(letter(piece))}});
  }
  return Json{
      {"ply", ply},
      {"move", g.move_text(o.move)},
      {"side", side_json_name(o.mover)},
      {"announcement", hidden::observation_text(o, g)},
      {"outcome", outcome_name(o.outcome)},
      {"attacker", o.attacker_shown == kNoPiece ? Json(nullptr) : Json(letter(o.attacker_shown))},
      {"defender", o.defender_shown == kNoPiece ? Json(nullptr) : Json(letter(o.defender_shown))},
      {"drowned", drowned},
      {"jump", distance > 1},
  };
}

// Each announcement with what the viewer of `view` knows of the pieces in
// it now (its own animals, those shown) and its view FEN after it.
Json moves_json(const PlayerView& view) {
  const Geometry& g = view.rule_set().geometry();
  const std::vector<Observation>& log = view.history();
  // The view replayed from its start: the ids of the pieces each
  // announcement moved and took, and its FEN after each.
  PlayerView replay = PlayerView::from_fen(view.rule_set_ptr(), view.start_fen(), view.viewer());
  std::vector<std::pair<int, int>> ids;
  std::vector<std::string> fens;
  for (const Observation& o : log) {
    ids.emplace_back(replay.piece_at(o.move.from()), replay.piece_at(o.move.to()));
    replay.apply(o);
    fens.push_back(replay.fen());
  }
  const auto known = [&](int id) -> std::optional<Animal> {
    if (id < 0) return std::nullopt;
    return replay.pieces()[size_t(id)].known;
  };
  Json moves = Json::array();
  for (size_t i = 0; i < log.size(); ++i) {
    const Observation& o = log[i];
    Json m = public_move(o, g, int(i) + 1);
    const auto [mover, target] = ids[i];
    m["piece"] = piece_or_unknown(o.mover, known(mover));
    m["captured"] = o.outcome == Outcome::kTook ? piece_or_unknown(opponent(o.mover), known(target))
                                                : Json(nullptr);
    m["lost"] =
        o.outcome == Outcome::kDied ? piece_or_unknown(o.mover, known(mover)) : Json(nullptr);
    m["fen"] = fens[i];
    moves.push_back(std::move(m));
  }
  return moves;
}

// Once the game is over: each announcement with the animals as they really
// were, replayed on the arbiter's `state` from its start.
Json truth_moves_json(const game::State& state, const std::vector<Observation>& log,
                      const RuleSetPtr& rules) {
  const Geometry& g = rules->geometry();
  const std::unique_ptr<game::State> replay = game::start_of(state);
  Json moves = Json::array();
  for (size_t i = 0; i < log.size(); ++i) {
    const Observation& o = log[i];
    const Position before = Position::from_fen(replay->fen(), rules);
    const Piece mover = before.piece_on(o.move.from());
    const Piece target = before.piece_on(o.move.to());
    replay->apply(state.actions()[i]);
    Json m = public_move(o, g, int(i) + 1);
    m["piece"] = letter(mover);
    m["captured"] = o.outcome == Outcome::kTook ? Json(letter(target)) : Json(nullptr);
    m["lost"] = o.outcome == Outcome::kDied ? Json(letter(mover)) : Json(nullptr);
    m["fen"] = replay->fen();
    moves.push_back(std::move(m));
  }
  return moves;
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

Json HiddenGameSession::move_json(int ply) const {
  return public_move(view_of(std::nullopt).history()[size_t(ply - 1)], rules_->geometry(), ply);
}

Json HiddenGameSession::to_json_for(int seats) const {
  const Viewer viewer = viewer_for(seats);
  const PlayerView view = view_of(viewer);
  const bool over = state_->over();
  // What the view holds, with the arbiter's result (a view alone cannot
  // tell that a side has no move to try).
  hidden::ViewSummary summary = hidden::summarize(view);
  summary.result = state_->result();
  summary.termination = state_->termination();
  summary.result_message = state_->result_message();
  std::optional<Position> truth;
  if (over) {
    summary.legal_moves.clear();
    summary.truth_start_fen = truth_start().fen();
    truth = this->truth();
    summary.truth_fen = truth->fen();
  }
  const Rules& rules = rules_->rules();

  Json legal = Json::array();
  if (set_up() && !over) {
    for (const std::string& m : summary.legal_moves) legal.push_back(m);
  }
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
  Json state{
      {"id", id()},
      {"kind", "hidden"},
      {"variant", variant()},
      {"viewer", viewer ? Json(side_json_name(*viewer)) : Json(nullptr)},
      // The view's start and position now (X/x: an animal this viewer was
      // not shown); the truth once the game is over.
      {"start_fen", over ? summary.truth_start_fen : view.start_fen()},
      {"fen", over ? summary.truth_fen : summary.fen},
      {"ply", ply()},
      {"side_to_move", side_json_name(view.side_to_move())},
      {"moves", over ? truth_moves_json(*state_, view.history(), rules_) : moves_json(view)},
      {"legal_moves", legal},
      {"pieces", pieces_json(truth, summary)},
      {"hidden",
       {{"setup", setup_name(rules.hidden_setup)},
        {"reveal", reveal_name(rules.hidden_reveal)},
        {"failed_attack", failed_name(rules.failed_attack)}}},
      {"setup", setup},
      {"truth", over},
  };
  add_shared_state(state);
  return state;
}

}  // namespace jungle::web
