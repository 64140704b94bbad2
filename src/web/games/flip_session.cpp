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

namespace {

// The flip family's state of a new game; GameError kRefused for a bad FEN.
std::unique_ptr<game::State> new_flip_state(const std::string& variant, const std::string& fen) {
  // A flip game's chance acts during play, never at its start.
  SecureRandom chance;
  try {
    return game::family_of_variant(variant).new_state(variant, fen, chance);
  } catch (const std::invalid_argument& e) {
    throw GameError(ErrorKind::kRefused, "bad_fen", std::string("invalid position: ") + e.what());
  }
}
}  // namespace

FlipGameSession::FlipGameSession(int64_t id, std::unique_ptr<game::State> state,
                                 std::array<PlayerConfig, kSides> players)
    : GameSessionBase(id, std::move(state), players),
      rules_(flip::load_flip_rules(state_->variant())) {
  action_review_.resize(size_t(ply()));
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
  // A review's findings; one stored before reviews went through the game
  // interface holds the search's points ("s", "p") instead.
  game->action_review_.read_stored(
      stored.evaluations, [](const Json& j) -> std::optional<ActionFinding> {
        try {
          return ActionFinding{
              j.at("b").get<std::string>(), flip::expected_of_points(j.at("s").get<double>()),
              flip::expected_of_points(j.at("p").get<double>()), j.at("d").get<int>()};
        } catch (const Json::exception&) {
          return std::nullopt;
        }
      });
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

void FlipGameSession::add_stored_play(StoredGame& s) const {
  const FlipPosition pos = position();
  s.start_fen = pos.initial_fen();
  for (const Ply& p : pos.history()) {
    if (!s.moves.empty()) s.moves += ' ';
    s.moves += flip::ply_text(p);
  }
  s.declared = declared(pos) ? termination() : "";
}

std::vector<std::string> FlipGameSession::record_comments() const {
  // A reviewed ply's comment: the value of the position it led to, Blue's
  // expected score written as centipawns by the one curve (game/score.h,
  // as the engine protocol's `score cp`), as an open game's record's
  // [%eval], and its judgement.
  std::vector<std::string> comments(action_review_.size());
  const FlipPosition end = position();
  const std::vector<ReviewedPly> plies = reviewed_plies();
  flip::FlipPosition p = position_before(end, 0);
  for (size_t i = 0; i < comments.size(); ++i) {
    p.play(end.history()[i]);
    const std::optional<ReviewedMove> m = action_review_.judged(i, plies[i]);
    if (!m) continue;
    // Whoever played it, the other side is to move after it.
    const double blue = p.side_to_move() == kBlue ? 1.0 - m->expected_played : m->expected_played;
    const std::string eval =
        eval_comment(Evaluation{game::centipawns_of_expected(blue), false, m->depth});
    comments[i] = judged_comment(eval, m->judgement);
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
