// The engine's own secret set-up where each side arranges its animals
// (docs/hidden.md, "The engine's set-up"): sensible arrangements, drawn
// seeded or from the system's generator, and played by the match.

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <memory>
#include <random>
#include <set>

#include "core/secure_random.h"
#include "core/variants.h"
#include "game/builtin_engines.h"
#include "game/hidden_engine.h"
#include "hidden/setup.h"
#include "hidden_search/hidden_match.h"
#include "hidden_search/setup_choice.h"
#include "in_process_match_util.h"
#include "web/games/game_session_base.h"

namespace jungle {
namespace {

TEST(HiddenSetupChoice, TheSensibleArrangementsAreTheBestValuedOnes) {
  const RuleSetPtr rules = load_variant("hidden-stratego");
  for (Side side : {kBlue, kRed}) {
    const std::vector<hidden::Arrangement> sensible = hidden::sensible_arrangements(rules, side);
    EXPECT_EQ(sensible.size(), 208u) << side_name(side);
    // Fewer than every arrangement, more than one: chosen, yet not one the
    // opponent can count on.
    EXPECT_EQ(hidden::sensible_arrangements(rules, side, 100000).size(), 40320u);
    std::set<std::string> seen;
    for (const hidden::Arrangement& a : sensible) {
      const std::string text = hidden::arrangement_text(*rules, side, a);
      EXPECT_NO_THROW(hidden::parse_arrangement(*rules, side, text)) << text;
      seen.insert(text);
    }
    EXPECT_EQ(seen.size(), sensible.size());
  }
}

TEST(HiddenSetupChoice, TheEngineDrawsASensibleArrangementSeededOnceTheSeedIsSet) {
  const RuleSetPtr rules = load_variant("hidden-stratego");
  std::set<std::string> sensible;
  for (const hidden::Arrangement& a : hidden::sensible_arrangements(rules, kRed))
    sensible.insert(hidden::arrangement_text(*rules, kRed, a));
  auto engine_with_seed = [](const char* seed) {
    auto engine = std::make_unique<game::HiddenEngine>();
    engine->set_option("Variant", "hidden-stratego");
    if (seed) engine->set_option("Seed", seed);
    return engine;
  };
  // Unseeded, from the system's generator.
  const auto secure = engine_with_seed(nullptr);
  const uint64_t before = SecureRandom::drawn_on_this_thread();
  EXPECT_TRUE(sensible.count(secure->choose_setup(kRed)));
  EXPECT_GT(SecureRandom::drawn_on_this_thread(), before);
  // Seeded: the same draws for the same seed, none from the system's.
  const auto a = engine_with_seed("7"), b = engine_with_seed("7");
  const uint64_t seeded_before = SecureRandom::drawn_on_this_thread();
  std::set<std::string> drawn;
  for (int k = 0; k < 6; ++k) {
    const std::string x = a->choose_setup(kRed);
    EXPECT_EQ(x, b->choose_setup(kRed));
    EXPECT_TRUE(sensible.count(x)) << x;
    drawn.insert(x);
  }
  EXPECT_EQ(SecureRandom::drawn_on_this_thread(), seeded_before);
  EXPECT_GT(drawn.size(), 1u);
}

// The match asks each engine for its set-up where the sides arrange their
// own (hidden-stratego) and plays it; a player that does not choose (the
// sampler) keeps chance's draw, the one it has where chance sets up
// (hidden) on the same seed.
TEST(HiddenSetupChoice, TheMatchPlaysTheEnginesChosenSetUp) {
  // Each game's arrangements by engine (a, the engine; b, the sampler).
  auto arrangements_of = [](const std::string& variant) {
    const RuleSetPtr rules = load_variant(variant);
    game::Limits per_move;
    per_move.nodes = 200;
    hidden::HiddenLimits limits;
    limits.nodes = 200;
    const test::InProcessMatch m = test::play_in_process(
        variant,
        [&] {
          game::BuiltinEngine e = test::family_engine_at(variant, per_move);
          e.engine->set_option("Seed", "3");
          return e;
        },
        [&] { return game::hidden_player_engine(rules, hidden::sampler_player(limits, 5)); }, 4,
        11);
    std::vector<std::array<hidden::Arrangement, 2>> out;
    for (const match::GameOutcome& g : m.games) {
      // The set-up: the final state taken back to before the first move.
      const std::unique_ptr<game::State> back = g.state->clone();
      while (back->undo()) {
      }
      EXPECT_TRUE(back->actions().empty());
      const Position start = Position::from_fen(back->fen(), rules);
      std::array<hidden::Arrangement, 2> arranged;
      for (int e = 0; e < 2; ++e) {
        for (const auto& [s, animal] : hidden::start_arrangement(*rules, g.side_of(e)))
          arranged[size_t(e)].emplace_back(s, animal_of(start.piece_on(s)));
      }
      out.push_back(arranged);
    }
    return out;
  };
  const auto chosen = arrangements_of("hidden-stratego");
  const auto drawn = arrangements_of("hidden");
  ASSERT_EQ(chosen.size(), 4u);
  ASSERT_EQ(drawn.size(), 4u);
  const RuleSetPtr rules = load_variant("hidden-stratego");
  const std::array<std::vector<hidden::Arrangement>, kSides> sensible = {
      hidden::sensible_arrangements(rules, kBlue), hidden::sensible_arrangements(rules, kRed)};
  for (size_t game = 0; game < 4; ++game) {
    const Side engine_side = game % 2 == 0 ? kBlue : kRed;  // the engine moves first in even games
    const auto& mine = sensible[engine_side];
    EXPECT_NE(std::find(mine.begin(), mine.end(), chosen[game][0]), mine.end()) << game;
    EXPECT_NE(chosen[game][0], drawn[game][0]) << game;  // not chance's draw
    EXPECT_EQ(chosen[game][1], drawn[game][1]) << game;  // the sampler's is chance's
  }
}

// A side's arrangement in the start `fen`, as hidden/setup.h writes one.
hidden::Arrangement arrangement_in(const RuleSetPtr& rules, const std::string& fen, Side side) {
  hidden::Arrangement out = hidden::start_arrangement(*rules, side);
  const Position start = Position::from_fen(fen, rules);
  for (auto& [square, animal] : out) animal = animal_of(start.piece_on(square));
  return out;
}

// The web app's engine seat plays the engine's choice; a person's seat
// starts from a random arrangement, which it then arranges.
TEST(HiddenSetupChoice, TheWebsEngineSeatPlaysASensibleArrangement) {
  const RuleSetPtr rules = load_variant("hidden-stratego");
  const std::vector<hidden::Arrangement> sensible = hidden::sensible_arrangements(rules, kRed);
  const std::vector<hidden::Arrangement> blue = hidden::sensible_arrangements(rules, kBlue);
  std::array<web::PlayerConfig, kSides> players;
  players[kRed].kind = web::PlayerConfig::Kind::kEngine;
  int person_sensible = 0;
  for (uint64_t seed = 1; seed <= 5; ++seed) {
    std::mt19937_64 rng(seed);
    const web::GameSessionBase::Start start =
        web::GameSessionBase::new_start("hidden-stratego", players, rng);
    EXPECT_FALSE(start.ready[kBlue]);
    EXPECT_TRUE(start.ready[kRed]);
    const std::string fen = start.state->fen();
    EXPECT_NE(std::find(sensible.begin(), sensible.end(), arrangement_in(rules, fen, kRed)),
              sensible.end());
    const hidden::Arrangement person = arrangement_in(rules, fen, kBlue);
    person_sensible += std::find(blue.begin(), blue.end(), person) != blue.end() ? 1 : 0;
  }
  EXPECT_EQ(person_sensible, 0);
}

}  // namespace
}  // namespace jungle
