// The game interface (src/game) checked the same way for every family, as
// OpenSpiel checks its games: random games walked through State, with
// apply/undo symmetry, records read back into equal states, each viewer's
// observation against what its own record shows, and observations that do
// not change with what their viewer may not know. What each family offers
// and refuses, one capability at a time, is
// game_family_capabilities_test.cpp's.

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "core/position.h"
#include "core/variants.h"
#include "game/family.h"
#include "game/observation_json.h"
#include "game/state.h"
#include "game_playout.h"
#include "hidden/hidden_record.h"
#include "hidden/setup.h"

namespace jungle::game {
namespace {

using playout::kViewers;
using playout::observe_all;
using playout::pick;

// What `viewer`'s own record of `s` shows, read back by the family, is what
// its observation shows: the same observation where the record reads back
// into a game (the open game, Flip Jungle), else the same board after the
// same number of steps (a hidden game's view, which holds no truth).
void expect_record_shows_observation(const Family& family, const State& s, Viewer viewer) {
  SCOPED_TRACE(viewer_name(viewer));
  const Observation o = s.observe(viewer);
  const std::vector<RecordedGame> read = family.read_records(s.record_seen_by(viewer));
  ASSERT_EQ(read.size(), 1u);
  if (read[0].state) {
    EXPECT_EQ(read[0].state->observe(viewer), o);
    return;
  }
  ASSERT_TRUE(read[0].seen.has_value());
  const Replay& seen = *read[0].seen;
  EXPECT_EQ(seen.steps.empty() ? seen.start_diagram : seen.steps.back().diagram, o.diagram);
}

// A family with nothing private shows every viewer the same game: the
// observations differ only in whom they are for and what they may do.
void expect_nothing_private(const State& s) {
  std::vector<Observation> all = observe_all(s);
  for (Observation& o : all) {
    o.viewer.reset();
    o.legal_actions.clear();
  }
  EXPECT_EQ(all[0], all[2]);
  EXPECT_EQ(all[1], all[2]);
  EXPECT_EQ(s.record_seen_by(kBlue), s.record_seen_by(std::nullopt));
  EXPECT_EQ(s.record_seen_by(kRed), s.record_seen_by(std::nullopt));
}

// Walks `games` random games of `variant` to their end or `max_actions`,
// checking every step.
void walk(const std::string& variant, int games, int max_actions, uint64_t seed) {
  const Family& family = family_of_variant(variant);
  std::mt19937_64 rng(seed);
  for (int g = 0; g < games; ++g) {
    SCOPED_TRACE(variant + " game " + std::to_string(g));
    std::unique_ptr<State> s = family.new_state(variant, "", rng);
    EXPECT_EQ(&s->family(), &family);
    for (int n = 0; n < max_actions && !s->over(); ++n) {
      const Actor actor = s->actor();
      ASSERT_NE(actor.kind, Actor::Kind::kNobody);
      const std::vector<std::string> legal = s->legal_actions();
      ASSERT_FALSE(legal.empty());
      if (actor.is_chance()) {
        std::vector<std::string> outcome_actions;
        for (const ChanceOutcome& o : s->chance_outcomes()) outcome_actions.push_back(o.action);
        EXPECT_EQ(outcome_actions, legal);
      } else {
        EXPECT_TRUE(s->chance_outcomes().empty());
        // Only the side to act is offered actions, and exactly the legal ones.
        for (Viewer v : kViewers) {
          const Observation o = s->observe(v);
          EXPECT_EQ(o.to_move, std::optional<Side>(actor.side));
          EXPECT_EQ(o.legal_actions, v == actor.side ? legal : std::vector<std::string>{});
        }
      }
      const std::string action = pick(*s, rng);

      // Apply and undo give back the same state, seen by everyone.
      const std::vector<Observation> before = observe_all(*s);
      const std::string record_before = s->serialize();
      const std::vector<std::string> actions_before = s->actions();
      const std::string event = s->apply(action);
      EXPECT_FALSE(event.empty());
      EXPECT_EQ(s->actions().size(), actions_before.size() + 1);
      ASSERT_TRUE(s->undo());
      EXPECT_EQ(observe_all(*s), before);
      EXPECT_EQ(s->serialize(), record_before);
      EXPECT_EQ(s->actions(), actions_before);
      EXPECT_EQ(s->apply(action), event);

      // A clone is an equal, separate state.
      std::unique_ptr<State> copy = s->clone();
      EXPECT_EQ(observe_all(*copy), observe_all(*s));

      // Where no chance is pending, the arbiter's record reads back into an
      // equal state (a record holds no flip whose outcome is still to come).
      if (!s->actor().is_chance()) {
        const std::string record = s->serialize();
        std::vector<RecordedGame> read = family.read_records(record);
        ASSERT_EQ(read.size(), 1u);
        ASSERT_NE(read[0].state, nullptr);
        EXPECT_EQ(read[0].state->serialize(), record);
        EXPECT_EQ(observe_all(*read[0].state), observe_all(*s));
        EXPECT_EQ(read[0].state->actions(), s->actions());
        EXPECT_EQ(read[0].state->fen(), s->fen());
        EXPECT_EQ(&family_of_record(record), &family);
        for (Viewer v : kViewers) expect_record_shows_observation(family, *s, v);
      }
      if (!family.capabilities().hidden_information) expect_nothing_private(*s);
    }
    // Undoing every action returns to the start, and the game replays.
    const std::vector<std::string> played = s->actions();
    const std::vector<Observation> end = observe_all(*s);
    while (s->undo()) {
    }
    EXPECT_TRUE(s->actions().empty());
    for (const std::string& a : played) s->apply(a);
    EXPECT_EQ(observe_all(*s), end);
  }
}

// No observation or record of Flip Jungle tells what a face-down tile
// holds: a game whose tiles were dealt at its start looks, to every viewer
// and at every step, like the same game drawn flip by flip.
TEST(GameInterface, FlipObservationsDoNotTellTheDeal) {
  std::mt19937_64 rng(61);
  int compared = 0;
  for (const char* variant : {"flip", "flip-fixed"}) {
    for (int g = 0; g < 3; ++g) {
      SCOPED_TRACE(std::string(variant) + " game " + std::to_string(g));
      std::unique_ptr<State> dealt = family_of_variant(variant).new_state(variant, "", rng);
      std::unique_ptr<State> plain = dealt->clone();
      dealt->deal(rng);
      for (int n = 0; n < 120 && !dealt->over(); ++n) {
        ASSERT_EQ(observe_all(*dealt), observe_all(*plain));
        for (Viewer v : kViewers) ASSERT_EQ(dealt->record_seen_by(v), plain->record_seen_by(v));
        ++compared;
        // Chance plays the deal's one outcome in both games.
        const std::string action = pick(*dealt, rng);
        ASSERT_EQ(dealt->apply(action), plain->apply(action));
      }
    }
  }
  EXPECT_GT(compared, 300);
}

TEST(GameInterface, RandomGamesOfTheOpenGame) {
  walk("standard", 3, 60, 11);
  walk("animal-checkers", 2, 60, 12);
}

TEST(GameInterface, RandomGamesOfFlipJungle) {
  walk("flip", 4, 120, 21);
  walk("flip-fixed", 2, 120, 22);
  walk("flip-jungle", 2, 120, 23);
}

TEST(GameInterface, RandomGamesWithHiddenPieces) {
  walk("hidden", 3, 60, 31);
  walk("hidden-stratego", 2, 60, 32);
}

// Each side's observation is what its own record shows: the record a side
// may read, read back, is that side's view at the same point.
TEST(GameInterface, HiddenObservationEqualsWhatTheSidesRecordShows) {
  std::mt19937_64 rng(41);
  const Family& family = family_of_variant("hidden");
  std::unique_ptr<State> s = family.new_state("hidden", "", rng);
  for (int n = 0; n < 40 && !s->over(); ++n) {
    s->apply(pick(*s, rng));
    for (Viewer v : kViewers) {
      const std::vector<hidden::HiddenRecord> read =
          hidden::read_hidden_records(s->record_seen_by(v));
      ASSERT_EQ(read.size(), 1u);
      ASSERT_TRUE(read[0].view.has_value());
      const Observation o = s->observe(v);
      EXPECT_EQ(read[0].view->diagram(), o.diagram);
      EXPECT_EQ(read[0].view->plies(), o.plies);
      EXPECT_NE(o.position.find(" fen " + read[0].view->start_fen()), std::string::npos);
    }
  }
}

// No observation depends on what its viewer may not know: two hidden games
// whose truths differ only in Red's secret arrangement look the same to
// Blue and to a spectator for as long as the arbiter announces the same.
TEST(GameInterface, HiddenObservationsDoNotDependOnTheEnemysSecret) {
  const RuleSetPtr rules = load_variant("hidden");
  std::mt19937_64 rng(51);
  int compared = 0;
  for (int g = 0; g < 4; ++g) {
    const hidden::Arrangement blue = hidden::random_arrangement(*rules, kBlue, rng);
    const Position truth_a =
        hidden::start_with(rules, blue, hidden::random_arrangement(*rules, kRed, rng));
    const Position truth_b =
        hidden::start_with(rules, blue, hidden::random_arrangement(*rules, kRed, rng));
    ASSERT_NE(truth_a.fen(), truth_b.fen());
    const Family& family = family_of_variant("hidden");
    std::unique_ptr<State> a = family.new_state("hidden", truth_a.fen(), rng);
    std::unique_ptr<State> b = family.new_state("hidden", truth_b.fen(), rng);
    for (int n = 0; n < 80 && !a->over() && !b->over(); ++n) {
      ASSERT_EQ(a->observe(kBlue), b->observe(kBlue));
      ASSERT_EQ(a->observe(std::nullopt), b->observe(std::nullopt));
      ASSERT_EQ(a->record_seen_by(kBlue), b->record_seen_by(kBlue));
      ++compared;
      // Blue picks from its own view; Red from a's (b's Red may differ).
      const std::string action =
          a->actor().side == kBlue
              ? a->observe(kBlue).legal_actions.at(
                    std::uniform_int_distribution<size_t>(0, a->legal_actions().size() - 1)(rng))
              : pick(*a, rng);
      const std::vector<std::string> b_legal = b->legal_actions();
      if (std::find(b_legal.begin(), b_legal.end(), action) == b_legal.end()) break;
      if (a->apply(action) != b->apply(action)) break;  // the announcements part
    }
  }
  EXPECT_GT(compared, 40);
}

// Observations go to clients as JSON and come back equal; a malformed one
// is refused naming its field.
TEST(GameInterface, ObservationsRoundTripThroughJson) {
  std::mt19937_64 rng(61);
  for (const char* variant : {"standard", "flip", "hidden"}) {
    std::unique_ptr<State> s = family_of_variant(variant).new_state(variant, "", rng);
    for (int n = 0; n < 6; ++n) s->apply(pick(*s, rng));
    for (Viewer v : kViewers) {
      const Observation o = s->observe(v);
      EXPECT_EQ(observation_from_json(observation_json(o)), o);
    }
  }
  std::mt19937_64 rng2(1);
  const Observation start =
      family_of_variant("standard").new_state("standard", "", rng2)->observe(kBlue);
  const nlohmann::json j = observation_json(start);
  EXPECT_EQ(j["viewer"], "blue");
  EXPECT_EQ(j["toMove"], "blue");
  EXPECT_EQ(j["position"], "startpos");
  EXPECT_EQ(j["result"], "*");
  EXPECT_EQ(j["legalActions"].size(), 24u);
  nlohmann::json bad = j;
  bad["plies"] = -1;
  try {
    observation_from_json(bad);
    FAIL() << "a negative ply count was read";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "observation: 'plies' must be a whole number, 0 or more");
  }
  bad = j;
  bad.erase("viewer");
  EXPECT_THROW(observation_from_json(bad), std::invalid_argument);
}

}  // namespace
}  // namespace jungle::game
