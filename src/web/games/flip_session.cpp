#include "web/games/flip_session.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>

#include "core/game.h"
#include "core/game_record.h"
#include "flip/flip_record.h"
#include "flip/flip_search.h"
#include "game/chance_draw.h"
#include "game/flip_observation.h"
#include "game/score.h"

namespace jungle::web {

using flip::Action;
using flip::FlipEnd;
using flip::FlipPosition;
using flip::Ply;
using game::cell_text;

namespace {

// The flip family's state of a new game; GameError kRefused for a bad FEN.
std::unique_ptr<game::State> new_flip_state(const std::string& variant, const std::string& fen) {
  // A flip game's chance acts during play, never at its start.
  SecureRandom chance;
  try {
    return game::flip_family().new_state(variant, fen, chance);
  } catch (const std::invalid_argument& e) {
    throw GameError(ErrorKind::kRefused, "bad_fen", std::string("invalid position: ") + e.what());
  }
}
}  // namespace

FlipGameSession::FlipGameSession(int64_t id, std::unique_ptr<game::State> state,
                                 std::array<PlayerConfig, kSides> players)
    : GameSessionBase(id, std::move(state), players),
      rules_(flip::load_flip_rules(state_->variant())) {
  findings_.resize(size_t(ply()));
}

std::unique_ptr<FlipGameSession> FlipGameSession::create(int64_t id, const std::string& variant,
                                                         const std::string& fen,
                                                         std::array<PlayerConfig, kSides> players) {
  return std::make_unique<FlipGameSession>(id, new_flip_state(variant, fen), players);
}

FlipPosition FlipGameSession::position() const {
  return game::flip_position_of(rules_, state_->observe(std::nullopt).position);
}

bool FlipGameSession::declared(const FlipPosition& now) const {
  return state_->over() && now.end() == FlipEnd::kNone;
}

std::unique_ptr<FlipGameSession> FlipGameSession::from_stored(const StoredGame& stored,
                                                              int64_t max_movetime_ms) {
  auto fail = [&](const std::string& why) {
    return GameError(ErrorKind::kServerFault, "damaged_game",
                     "stored game " + std::to_string(stored.id) + " does not replay: " + why);
  };
  if (!is_flip_set(stored.variant)) throw fail("unknown flip set " + stored.variant);
  const std::array<PlayerConfig, kSides> players = players_from_stored(stored, max_movetime_ms);
  std::unique_ptr<game::State> state;
  try {
    state = new_flip_state(stored.variant, stored.start_fen);
  } catch (const GameError& e) {
    throw fail(e.what());
  }
  // Each stored ply is the side's action and, for a flip ("b2?=L"), chance's.
  std::istringstream words(stored.moves);
  std::string word;
  while (words >> word) {
    try {
      const size_t reveal = word.find('=');
      if (reveal != std::string::npos) state->apply(word.substr(0, reveal));
      state->apply(word);
    } catch (const game::ActionError&) {
      throw fail("ply " + word + " is not legal");
    }
  }
  declare_stored_result(*state, stored);
  auto game = std::make_unique<FlipGameSession>(stored.id, std::move(state), players);
  // A review's findings; one that no longer reads is searched again.
  const Json findings = Json::parse(stored.evaluations, nullptr, false);
  if (findings.is_array()) {
    for (size_t i = 0; i < findings.size() && i < game->findings_.size(); ++i) {
      game->findings_[i] = FlipPlyFinding::from_stored_json(findings[i]);
    }
  }
  game->load_table(stored);
  return game;
}

bool FlipGameSession::is_flip_set(std::string_view name) {
  for (const std::string& n : flip::builtin_flip_names()) {
    if (n == name) return true;
  }
  return false;
}

void FlipGameSession::play_action(std::string_view text) {
  try {
    state_->apply(text);
    // What a flip reveals: chance acts at once, drawn here.
    while (state_->actor().is_chance())
      state_->apply(game::sample_chance(state_->chance_outcomes(), chance_).action);
  } catch (const game::ActionError& e) {
    throw GameError(ErrorKind::kRefused, "illegal_move", e.what());
  }
  findings_.emplace_back();
  changed();
}

namespace {
// `end` as it stood after its first `ply` plies.
FlipPosition position_before(FlipPosition end, int ply) {
  while (int(end.history().size()) > std::max(0, ply)) end.undo();
  return end;
}
}  // namespace

flip::FlipPosition FlipGameSession::position_at(int ply) const {
  return position_before(position(), ply);
}

void FlipGameSession::taken_back() {
  findings_.resize(size_t(ply()));
}

void FlipGameSession::add_family_state(Json& state, const game::Observation& seen) const {
  const FlipPosition pos(rules_, seen.fen);
  Json board = Json::object();
  for (Square s = 0; s < flip::kFlipSquares; ++s) {
    const flip::Cell c = pos.cell(s);
    if (c != flip::kEmpty) board[flip::kFlipGeometry.square_name(s)] = cell_text(c);
  }
  Json pool = {{"blue", Json::object()}, {"red", Json::object()}};
  for (int side = 0; side < kSides; ++side) {
    for (int a = kAnimals - 1; a >= 0; --a) {
      pool[side == 0 ? "blue" : "red"][std::string(1, animal_letter(Animal(a)))] =
          pos.pool_count(make_piece(Side(side), Animal(a)));
    }
  }
  state["kind"] = "flip";
  state["board_size"] = {{"files", 4}, {"ranks", 4}};
  state["board"] = board;
  state["pool"] = pool;
  state["hidden"] = pos.hidden_count();
  state["quiet_plies"] = pos.quiet_plies();
}

void FlipGameSession::add_stored_play(StoredGame& s) const {
  const FlipPosition pos = position();
  s.start_fen = pos.initial_fen();
  for (const Ply& p : pos.history()) {
    if (!s.moves.empty()) s.moves += ' ';
    s.moves += flip::ply_text(p);
  }
  s.declared = declared(pos) ? termination() : "";
  if (reviewed() > 0) {
    Json findings = Json::array();
    for (const auto& f : findings_) findings.push_back(f ? f->to_stored_json() : Json());
    s.evaluations = findings.dump();
  }
}

std::string FlipGameSession::plies_text(size_t count) const {
  std::string text;
  const FlipPosition now = position();
  const std::vector<Ply>& plies = now.history();
  for (size_t i = 0; i < count && i < plies.size(); ++i) text += flip::ply_text(plies[i]) + ' ';
  return text;
}

std::optional<ReviewStep> FlipGameSession::next_review_step() {
  for (size_t i = 0; i < findings_.size(); ++i) {
    if (findings_[i]) continue;
    ReviewStep step;
    step.position = int(i);
    step.observation = help_position(int(i), 0);
    step.played = flip::action_text(position().history()[i].action);
    step.every_action = family().capabilities().chance;
    step.stands = plies_text(i + 1);
    return step;
  }
  return std::nullopt;
}

void FlipGameSession::keep_review_finding(const ReviewStep& step, const ReviewSearch& found) {
  const size_t index = size_t(step.position);
  // A take-back and other plies may have put another position, or another
  // action, at this ply.
  if (index >= findings_.size() || plies_text(index + 1) != step.stands) return;
  FlipPlyFinding f;
  f.best = found.best;
  f.expected_best = found.score.expected_result();
  // The action played is among the lines, every legal one being there.
  f.expected_played = found.played ? found.played->expected_result() : f.expected_best;
  f.depth = found.depth;
  findings_[index] = std::move(f);
}

std::optional<ReviewedMove> FlipGameSession::reviewed_ply(const FlipPosition& end,
                                                          size_t index) const {
  if (index >= findings_.size() || !findings_[index]) return std::nullopt;
  const FlipPlyFinding& f = *findings_[index];
  const FlipPosition before = position_before(end, int(index));
  const std::optional<Side> side =
      before.colours_known() ? std::optional<Side>(before.side_to_move()) : std::nullopt;
  return reviewed_move(flip::action_text(end.history()[index].action), side, f.best,
                       f.expected_best, f.expected_played, f.depth);
}

int FlipGameSession::reviewed() const {
  return int(std::count_if(findings_.begin(), findings_.end(),
                           [](const auto& f) { return f.has_value(); }));
}

ReviewFindings FlipGameSession::review_findings() const {
  ReviewFindings out;
  out.total = ply();
  out.analysed = reviewed();
  // Each position a ply was played from, from Blue's side (none before the
  // first flip of a first-flip set has given Blue a colour), and the end.
  const FlipPosition end = position();
  for (size_t i = 0; i < findings_.size(); ++i) {
    const std::optional<ReviewedMove> m = reviewed_ply(end, i);
    out.moves.push_back(m);
    if (!m || !m->side) {
      out.positions.emplace_back();
      continue;
    }
    PlyEvaluation e;
    e.expected = *m->side == kBlue ? m->expected_best : 1.0 - m->expected_best;
    e.blue_score = game::centipawns_of_expected(*e.expected);
    e.depth = m->depth;
    e.best = m->best;
    out.positions.push_back(e);
  }
  if (over() && out.analysed > 0) {
    PlyEvaluation e;
    e.final = true;
    e.blue_score = result() == GameResult::kBlueWins  ? 1
                   : result() == GameResult::kRedWins ? -1
                                                      : 0;
    out.positions.push_back(e);
  } else {
    out.positions.emplace_back();
  }
  return out;
}

Json FlipPlyFinding::to_stored_json() const {
  return Json{{"b", best}, {"eb", expected_best}, {"ep", expected_played}, {"d", depth}};
}

std::optional<FlipPlyFinding> FlipPlyFinding::from_stored_json(const Json& j) {
  if (!j.is_object()) return std::nullopt;
  FlipPlyFinding f;
  try {
    f.best = j.at("b").get<std::string>();
    if (j.contains("eb")) {
      f.expected_best = j.at("eb").get<double>();
      f.expected_played = j.at("ep").get<double>();
    } else {
      f.expected_best = flip::expected_of_points(j.at("s").get<double>());
      f.expected_played = flip::expected_of_points(j.at("p").get<double>());
    }
    f.depth = j.at("d").get<int>();
  } catch (const Json::exception&) {
    return std::nullopt;
  }
  return f;
}

std::vector<std::string> FlipGameSession::record_comments() const {
  // A reviewed ply's comment: the value of the position it led to, Blue's
  // expected score written as centipawns by the one curve (game/score.h,
  // as the engine protocol's `score cp`), as an open game's record's
  // [%eval], and its judgement.
  std::vector<std::string> comments(findings_.size());
  const FlipPosition end = position();
  flip::FlipPosition p = position_before(end, 0);
  for (size_t i = 0; i < comments.size(); ++i) {
    p.play(end.history()[i]);
    const std::optional<FlipPlyFinding>& f = findings_[i];
    if (!f) continue;
    // Whoever played it, the other side is to move after it.
    const double blue = p.side_to_move() == kBlue ? 1.0 - f->expected_played : f->expected_played;
    const std::string eval =
        eval_comment(Evaluation{game::centipawns_of_expected(blue), false, f->depth});
    comments[i] = judged_comment(eval, reviewed_ply(end, i)->judgement);
  }
  return comments;
}

Json describe_flip_sets() {
  Json list = Json::array();
  for (const std::string& name : flip::builtin_flip_names()) {
    const flip::FlipRulesPtr rules = flip::load_flip_rules(name);
    Json ranks = Json::object();
    for (int a = 0; a < kAnimals; ++a) ranks[std::string(1, animal_letter(Animal(a)))] = a + 1;
    list.push_back(Json{
        {"name", rules->name},
        {"kind", "flip"},
        {"description", rules->description},
        {"start_fen", FlipPosition::start_fen(*rules)},
        {"ranks", ranks},
        {"board", {{"files", 4}, {"ranks", 4}}},
        {"water", Json::array()},
        {"traps", {{"blue", Json::array()}, {"red", Json::array()}}},
        {"dens", {{"blue", nullptr}, {"red", nullptr}}},
        {"traps_weaken", "opponent"},
        {"summary", Json::array({rules->description})},
        {"hidden_pieces", false},
        {"colours", rules->colours == flip::Colours::kFixed ? "fixed" : "first flip"},
        {"quiet_limit", rules->quiet_limit},
    });
  }
  return list;
}

}  // namespace jungle::web
