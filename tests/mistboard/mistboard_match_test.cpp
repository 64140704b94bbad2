// `jungle match` with a mistboard engine (`proto=mistboard`): the position
// sent as mistboard's server sends it (its FEN and the twice-seen positions'
// FENs as `reps`), its moves read back from its squares, and our engine as
// `jungle uci --dialect mistboard` against itself as `jungle uci`.

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "game/observation.h"
#include "game/state.h"
#include "match/match_config.h"
#include "match/match_runner.h"
#include "match/mistboard_engine.h"
#include "short_match_util.h"

namespace jungle::match {
namespace {

TEST(MistboardMatch, SendsItsFenAndThePositionsSeenTwiceAsReps) {
  game::Observation o;
  o.variant = "standard";
  o.position = "startpos";
  EXPECT_EQ(mistboard_position_command(o),
            "position fen t5l/1c3d1/e1w1p1r/7/7/7/R1P1W1E/1D3C1/L5T r 0 1");
  // The start and the position after a3a4 have each occurred twice, the
  // current one included; the FEN of each is its first occurrence's.
  o.position = "startpos moves a3a4 a7a6 a4a3 a6a7 a3a4";
  EXPECT_EQ(mistboard_position_command(o),
            "position fen t5l/1c3d1/e1w1p1r/7/7/6E/R1P1W2/1D3C1/L5T b 5 3 reps "
            "t5l/1c3d1/e1w1p1r/7/7/7/R1P1W1E/1D3C1/L5T r 0 1;"
            "t5l/1c3d1/e1w1p1r/7/7/6E/R1P1W2/1D3C1/L5T b 1 1");
  // A position seen once is no seed.
  o.position = "startpos moves a3a4 a7a6 a4a3 a6a7";
  EXPECT_EQ(mistboard_position_command(o),
            "position fen t5l/1c3d1/e1w1p1r/7/7/7/R1P1W1E/1D3C1/L5T r 4 3 reps "
            "t5l/1c3d1/e1w1p1r/7/7/7/R1P1W1E/1D3C1/L5T r 0 1");
  EXPECT_EQ(move_from_mistboard("standard", "g3g4"), "a3a4");
  EXPECT_EQ(move_from_mistboard("standard", "0000"), "0000");
}

// Flip Jungle as mistboard's server sends it to MistyJungleFlip: the FEN
// alone, in its notation; a flip comes back as its square twice.
TEST(MistboardMatch, AFlipPositionIsSentAsItsFenAlone) {
  game::Observation o;
  o.variant = "flip";
  o.position = "startpos";
  EXPECT_EQ(mistboard_position_command(o),
            "position fen XXXX/XXXX/XXXX/XXXX - R1C1D1W1P1T1L1E1r1c1d1w1p1t1l1e1 0 0");
  o.position = "startpos moves d1?=E c2?=c";
  EXPECT_EQ(mistboard_position_command(o),
            "position fen XXXX/XXXX/XXcX/XXXE r R1C1D1W1P1T1L1r1d1w1p1t1l1e1 0 2");
  EXPECT_EQ(move_from_mistboard("flip", "a0a0"), "a1?");
  EXPECT_EQ(move_from_mistboard("flip", "d0d1"), "d1d2");
  EXPECT_EQ(move_from_mistboard("flip", "0000"), "0000");
}

TEST(MistboardMatch, ProtoMistboardIsReadAndKeptToTheGamesItWrites) {
  EXPECT_EQ(parse_engine_spec("cmd=x proto=mistboard").protocol, EngineSpec::Protocol::kMistboard);
  try {
    (void)parse_engine_spec("cmd=x proto=misty");
    FAIL() << "proto=misty accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(),
                 "engine setting 'proto=misty': the protocols are uci, gtp and mistboard");
  }
  EXPECT_NO_THROW(check_mistboard_variant("standard"));
  EXPECT_NO_THROW(check_mistboard_variant("flip"));
  for (const char* variant : {"animal-checkers", "hidden"}) {
    try {
      check_mistboard_variant(variant);
      FAIL() << variant << " accepted";
    } catch (const std::invalid_argument& e) {
      EXPECT_STREQ(e.what(),
                   "mistboard's engine protocol plays the open game on the 7x9 board and Flip "
                   "Jungle, not this rule set's games");
    }
  }
}

TEST(MistboardMatch, JungleAsAMistboardFlipEnginePlaysFlipJungleToLegalResults) {
  expect_short_match_plays_cleanly(
      std::string("cmd='") + JUNGLE_BINARY + " uci --dialect mistboard' proto=mistboard name=misty",
      std::string("cmd='") + JUNGLE_BINARY + " uci' name=uci", 4,
      [](const GameOutcome&) { return true; }, "flip");
}

// mistboard's engines offer no options, Variant included: MistyJungleFlip
// plays Flip Jungle and nothing else. Our engine in mistboard's dialect,
// told Flip Jungle before the match speaks to it and showing no Variant
// option, stands in for it; the match must play it rather than refuse it.
TEST(MistboardMatch, AMistboardEngineNeedsNoVariantOption) {
  const std::string no_variant_option =
      std::string("cmd='sh -c \"(echo setoption name Variant value flip; cat) | ") + JUNGLE_BINARY +
      " uci --dialect mistboard | grep --line-buffered -v \\\"option name Variant\\\"\"'"
      " proto=mistboard name=misty-flip";
  expect_short_match_plays_cleanly(
      no_variant_option, std::string("cmd='") + JUNGLE_BINARY + " uci' name=uci", 2,
      [](const GameOutcome&) { return true; }, "flip");
}

TEST(MistboardMatch, JungleAsAMistboardEnginePlaysJungleOverUciToLegalResults) {
  // Both report scores, so a win both announce is adjudicated.
  expect_short_match_plays_cleanly(
      std::string("cmd='") + JUNGLE_BINARY +
          " uci --dialect mistboard' proto=mistboard name=misty option.Hash=16",
      std::string("cmd='") + JUNGLE_BINARY + " uci' name=uci", 4, [](const GameOutcome& out) {
        return out.reason.rfind("adjudicated: both engines announce", 0) == 0;
      });
}

}  // namespace
}  // namespace jungle::match
