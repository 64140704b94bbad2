// The match's one chance sampler (match/chance.h).

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "game/family.h"
#include "game/state.h"
#include "match/chance.h"

namespace jungle::match {
namespace {

// A generator that gives one value again and again.
struct Constant {
  using result_type = uint64_t;
  uint64_t value;
  static constexpr uint64_t min() { return 0; }
  static constexpr uint64_t max() { return ~uint64_t(0); }
  uint64_t operator()() { return value; }
};

TEST(Chance, DrawsEachOutcomeByItsProbability) {
  const std::vector<game::ChanceOutcome> outcomes = {{"a1?=L", 0.25}, {"a1?=r", 0.75}};
  // The top 53 bits make a number in [0, 1) against the running sum.
  Constant low{0}, quarter{uint64_t(1) << 62}, high{~uint64_t(0)};
  EXPECT_EQ(sample_chance(outcomes, low).action, "a1?=L");
  EXPECT_EQ(sample_chance(outcomes, quarter).action, "a1?=r");  // exactly 0.25
  EXPECT_EQ(sample_chance(outcomes, high).action, "a1?=r");
  std::mt19937_64 rng(1);
  int first = 0;
  for (int i = 0; i < 40000; ++i) first += sample_chance(outcomes, rng).action == "a1?=L";
  EXPECT_EQ(first, 9913);  // 0.248; a seeded draw, the same on every machine
  EXPECT_THROW(sample_chance({}, rng), std::invalid_argument);
  EXPECT_THROW(sample_chance({{"x", 0.0}}, rng), std::invalid_argument);
  // Pairs get unrelated seeds; the same pair, the same seed.
  EXPECT_EQ(pair_seed(1, 0), pair_seed(1, 0));
  EXPECT_NE(pair_seed(1, 0), pair_seed(1, 1));
  EXPECT_NE(pair_seed(1, 0), pair_seed(2, 0));
}

TEST(Chance, PairedDealsGiveBothGamesOfAPairOneStart) {
  // Games 2k and 2k+1 of a match start from one deal (Flip Jungle's tiles,
  // a hidden game's set-up), the colours swapped by the runner; the next
  // pair from another; one stream (the aliases' default) gives each game
  // its own.
  PairedDeals paired(5);
  OneStream stream(5, true);
  for (const char* variant : {"flip", "hidden"}) {
    SCOPED_TRACE(variant);
    const game::Family& family = game::family_of_variant(variant);
    std::vector<std::string> deals, streamed;
    for (int index = 0; index < 4; ++index) {
      for (ChanceSource* source :
           {static_cast<ChanceSource*>(&paired), static_cast<ChanceSource*>(&stream)}) {
        const std::unique_ptr<game::State> s = source->game(index)->start(family, variant, "");
        // A hidden set-up is in the arbiter's FEN; a flip deal in what the
        // first flips reveal.
        std::string deal = s->fen();
        if (family.name() == "flip") {
          for (const char* square : {"a1", "b2", "c3", "d4"}) {
            s->apply(std::string(square) + "?");
            EXPECT_EQ(s->chance_outcomes().size(), 1u);
            deal += " " + s->chance_outcomes()[0].action;
            s->undo();
          }
        }
        (source == &paired ? deals : streamed).push_back(deal);
      }
    }
    EXPECT_EQ(deals[0], deals[1]);
    EXPECT_EQ(deals[2], deals[3]);
    EXPECT_NE(deals[0], deals[2]);
    EXPECT_NE(streamed[0], streamed[1]);
  }
}

}  // namespace
}  // namespace jungle::match
