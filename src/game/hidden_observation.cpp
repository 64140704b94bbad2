#include "game/hidden_observation.h"

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/text_util.h"
#include "hidden/hidden_game.h"
#include "hidden/observation.h"

namespace jungle::game {

namespace {

// Reads a viewer's word into `viewer`; false for any other word. (Not an
// optional of an optional: GCC 12 warns of it falsely.)
bool read_viewer(const std::string& word, hidden::Viewer& viewer) {
  if (word == "blue")
    viewer = kBlue;
  else if (word == "red")
    viewer = kRed;
  else if (word == "spectator")
    viewer.reset();
  else
    return false;
  return true;
}

}  // namespace

hidden::PlayerView hidden_view_of(const RuleSetPtr& rules, std::string_view position) {
  const std::vector<std::string> args = split(position);
  if (args.empty() || args[0] != "hidden") {
    throw std::invalid_argument(
        "position: Variant '" + rules->rules().name +
        "' hides pieces, so the engine takes only its own view: 'position hidden blue|red "
        "fen <view FEN> [moves ...]' (docs/hidden.md)");
  }
  hidden::Viewer viewer;
  if (args.size() < 2 || !read_viewer(args[1], viewer)) {
    throw std::invalid_argument(
        "position hidden: expected blue or red (the engine's side) after 'hidden'");
  }
  size_t i = 3;
  std::string fen;
  if (args.size() > 2 && args[2] == "startpos") {
    if (rules->rules().hidden_setup != HiddenSetup::kFixed) {
      throw std::invalid_argument(
          "position hidden: startpos is the open start, which a secret set-up is not; send the "
          "engine's view FEN (its own animals, the other side's as X or x)");
    }
    fen = rules->rules().start_fen;
  } else if (args.size() > 2 && args[2] == "fen") {
    i = size_t(std::find(args.begin(), args.end(), "moves") - args.begin());
    fen = join_words(args, 3, i);
  } else {
    throw std::invalid_argument("position hidden " + args[1] +
                                ": expected 'fen <view FEN>' or 'startpos'");
  }
  if (i < args.size() && args[i] != "moves") {
    throw std::invalid_argument("position hidden: expected 'moves' after startpos, not '" +
                                args[i] + "'");
  }
  std::optional<hidden::PlayerView> view;
  try {
    view = hidden::PlayerView::from_fen(rules, fen, viewer);
  } catch (const hidden::ViewError& e) {
    throw std::invalid_argument("invalid view FEN '" + fen + "': " + e.what());
  }
  for (size_t j = i + 1; j < args.size(); ++j) {
    std::string why;
    bool given = false;
    const std::optional<hidden::Observation> o =
        hidden::parse_observation(args[j], view->side_to_move(), rules->geometry(), &given, &why);
    if (!o) throw std::invalid_argument("announcement " + std::to_string(j - i) + ": " + why);
    try {
      view->apply(*o);
    } catch (const hidden::ViewError& e) {
      throw std::invalid_argument(e.what());
    }
  }
  return std::move(*view);
}

namespace {
std::string letter(Piece p) {
  return p == kNoPiece ? "" : std::string(1, piece_letter(p));
}
}  // namespace

SeenPly heard_ply(const hidden::Observation& o, const Geometry& g) {
  SeenPly s;
  s.move = s.action = g.move_text(o.move);
  s.side = o.mover;
  s.seat = int(o.mover);
  s.jump = std::abs(g.file_of(o.move.from()) - g.file_of(o.move.to())) +
               std::abs(g.rank_of(o.move.from()) - g.rank_of(o.move.to())) >
           1;
  SeenAnnouncement a;
  a.text = hidden::observation_text(o, g);
  a.outcome =
      o.outcome == hidden::Outcome::kMove ? "move" : std::string(hidden::outcome_word(o.outcome));
  a.attacker = letter(o.attacker_shown);
  a.defender = letter(o.defender_shown);
  for (const auto& [square, piece] : o.drowned)
    a.drowned.emplace_back(g.square_name(square), letter(piece));
  s.announcement = std::move(a);
  return s;
}

std::vector<SeenPly> hidden_seen_plies(const RuleSetPtr& rules, std::string_view position) {
  const hidden::PlayerView view = hidden_view_of(rules, position);
  const Geometry& g = rules->geometry();
  // The view replayed from its start: the ids of the pieces each
  // announcement moved and took, and its FEN after each.
  hidden::PlayerView replay =
      hidden::PlayerView::from_fen(view.rule_set_ptr(), view.start_fen(), view.viewer());
  std::vector<std::pair<int, int>> ids;
  std::vector<std::string> fens;
  for (const hidden::Observation& o : view.history()) {
    ids.emplace_back(replay.piece_at(o.move.from()), replay.piece_at(o.move.to()));
    replay.apply(o);
    fens.push_back(replay.fen());
  }
  // What the viewer knows of a piece now, after every announcement.
  const auto known = [&](Side side, int id) -> std::string {
    const std::optional<Animal> animal = id < 0 ? std::nullopt : replay.pieces()[size_t(id)].known;
    return animal ? std::string(1, piece_letter(make_piece(side, *animal))) : "?";
  };
  std::vector<SeenPly> plies;
  for (size_t i = 0; i < view.history().size(); ++i) {
    const hidden::Observation& o = view.history()[i];
    SeenPly s = heard_ply(o, g);
    const auto [mover, target] = ids[i];
    s.piece = known(o.mover, mover);
    if (o.outcome == hidden::Outcome::kTook) s.captured = known(opponent(o.mover), target);
    if (o.outcome == hidden::Outcome::kDied) s.lost = known(o.mover, mover);
    s.fen = fens[i];
    plies.push_back(std::move(s));
  }
  return plies;
}

std::vector<SeenPly> hidden_truth_plies(const RuleSetPtr& rules, std::string_view position,
                                        const std::string& truth_start) {
  const hidden::PlayerView view = hidden_view_of(rules, position);
  std::optional<hidden::HiddenGame> arbiter;
  try {
    arbiter.emplace(Position::from_fen(truth_start, rules), rules->rules().name);
  } catch (const FenError& e) {
    throw std::invalid_argument("invalid set-up '" + truth_start + "': " + e.what());
  }
  std::vector<SeenPly> plies;
  for (const hidden::Observation& o : view.history()) {
    const Piece mover = arbiter->truth().piece_on(o.move.from());
    const Piece target = arbiter->truth().piece_on(o.move.to());
    arbiter->play(o.move);
    SeenPly s = heard_ply(o, rules->geometry());
    s.piece = letter(mover);
    if (o.outcome == hidden::Outcome::kTook) s.captured = letter(target);
    if (o.outcome == hidden::Outcome::kDied) s.lost = letter(mover);
    s.fen = arbiter->truth().fen();
    plies.push_back(std::move(s));
  }
  return plies;
}

}  // namespace jungle::game
