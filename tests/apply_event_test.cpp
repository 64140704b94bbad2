// A state plays an action from its recorded event alone (State::apply_event),
// as a stored game is read back: the open game's move, a flip with what it
// revealed, a hidden try's announcement. A word that is no event the state
// can play now is refused, the state as it was.
#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <string>
#include <vector>

#include "game/families.h"
#include "game/state.h"

namespace jungle::game {
namespace {

std::unique_ptr<State> new_game(const Family& family, const std::string& variant,
                                const std::string& start = "") {
  std::mt19937_64 rng(1);
  return family.new_state(variant, start, rng);
}

// Each word refused, the state's position and actions as they were.
void expect_refused(State& s, const std::vector<std::string>& words) {
  const std::string fen = s.fen();
  const std::vector<std::string> actions = s.actions();
  for (const std::string& word : words) {
    EXPECT_FALSE(s.apply_event(word)) << word;
    EXPECT_EQ(s.fen(), fen) << word;
    EXPECT_EQ(s.actions(), actions) << word;
  }
}

TEST(ApplyEvent, TheOpenGamePlaysAMoveAsTheGameWritesIt) {
  std::unique_ptr<State> s = new_game(open_family(), "standard");
  EXPECT_TRUE(s->apply_event("a3a4"));
  EXPECT_EQ(s->actions(), std::vector<std::string>{"a3a4"});
  EXPECT_EQ(s->fen(), "l5t/1d3c1/r1p1w1e/7/7/E6/2W1P1R/1C3D1/T5L b 1 1");
  // Not legal there, not a move, not as the game writes it, a flip's form.
  expect_refused(*s, {"a7a5", "a3a4", "zz", "", "A7A6", " a7a6", "a7?=L", "a7a6:took=Tw"});
  EXPECT_TRUE(s->apply_event("a7a6"));
  EXPECT_EQ(s->actions(), (std::vector<std::string>{"a3a4", "a7a6"}));
}

const std::string kFlipStart = "\?\?\?\?/\?\?\?\?/\?\?\?\?/\?\?\?\? - RCDWPTLErcdwptle 0 1";

// A flip's event is the side's flip and chance's outcome in one word.
TEST(ApplyEvent, FlipJunglePlaysAFlipWithWhatItRevealed) {
  std::unique_ptr<State> s = new_game(flip_family(), "flip");
  ASSERT_EQ(s->fen(), kFlipStart);
  EXPECT_TRUE(s->apply_event("b2?=l"));
  EXPECT_EQ(s->actions(), (std::vector<std::string>{"b2?", "b2?=l"}));
  EXPECT_EQ(s->fen(), R"(????/????/?l??/???? w RCDWPTLErcdwpte 0 2)");
  // The Red Lion is no longer face down; b2 is face up; c3 is no square's
  // flip with a letter of no animal; the flip alone but written otherwise.
  expect_refused(*s, {"b3?=l", "b2?=L", "b3?=X", "b3?=", "b3?=LL", "B3?=L", "b3b2", "b2b3"});
  EXPECT_TRUE(s->actor().is_side());
  // The side's flip alone leaves chance to act; its outcome is then the event.
  EXPECT_TRUE(s->apply_event("b3?"));
  EXPECT_TRUE(s->actor().is_chance());
  expect_refused(*s, {"c3?=E", "b3?=l", "b3?", "a1a2"});
  EXPECT_TRUE(s->apply_event("b3?=E"));
  EXPECT_EQ(s->actions(), (std::vector<std::string>{"b2?", "b2?=l", "b3?", "b3?=E"}));
  EXPECT_EQ(s->fen(), R"(????/?E??/?l??/???? b RCDWPTLrcdwpte 0 2)");
  // Red's Rat turned over, and a move: the Elephant takes the Lion.
  EXPECT_TRUE(s->apply_event("c2?=r"));
  EXPECT_TRUE(s->apply_event("b3b2"));
  EXPECT_EQ(s->actions(),
            (std::vector<std::string>{"b2?", "b2?=l", "b3?", "b3?=E", "c2?", "c2?=r", "b3b2"}));
  EXPECT_EQ(s->fen(), R"(????/?1??/?Er?/???? b RCDWPTLcdwpte 0 3)");
}

// Once dealt, a flip reveals only what the deal holds under the tile.
TEST(ApplyEvent, ADealtFlipRevealsOnlyWhatTheDealHolds) {
  std::unique_ptr<State> s = new_game(flip_family(), "flip");
  std::mt19937_64 rng(7);
  s->deal(rng);
  std::unique_ptr<State> probe = s->clone();
  probe->apply("c3?");
  const std::vector<ChanceOutcome> dealt = probe->chance_outcomes();
  ASSERT_EQ(dealt.size(), 1u);
  const std::string other = dealt[0].action == "c3?=L" ? "c3?=E" : "c3?=L";
  expect_refused(*s, {other});
  EXPECT_TRUE(s->apply_event(dealt[0].action));
  EXPECT_EQ(s->actions(), (std::vector<std::string>{"c3?", dealt[0].action}));
}

// Blue's Tiger tries d4, where Red's Wolf stands: the arbiter announces
// that it took, both animals shown.
const std::string kHiddenStart = "c5e/7/7/7/7/3w3/3T3/7/6R w 0 1";

TEST(ApplyEvent, AHiddenTryIsPlayedFromItsAnnouncement) {
  std::unique_ptr<State> s = new_game(hidden_family(), "hidden", kHiddenStart);
  // Another outcome, other animals shown, a try Blue may not make, no try.
  expect_refused(*s, {"d3d4:died=Tw", "d3d4:took=Te", "d3d4:took", "d3d4:bounced=T?", "d3d5",
                      "d3d4:won", "zz", ""});
  EXPECT_TRUE(s->apply_event("d3d4:took=Tw"));
  EXPECT_EQ(s->actions(), std::vector<std::string>{"d3d4"});
  EXPECT_EQ(s->fen(), "c5e/7/7/7/7/3T3/7/7/6R b 0 1");
  // A refusal after a ply leaves that ply (a take-back replays the game).
  expect_refused(*s, {"a9a8:took", "g9g8:bounced=e?", "g9g8:took=Tw"});
  EXPECT_TRUE(s->apply_event("a9a8"));
  EXPECT_EQ(s->actions(), (std::vector<std::string>{"d3d4", "a9a8"}));
}

// The arbiter's record may leave a try's outcome to the rules: a bare try
// is played whatever the arbiter announces.
TEST(ApplyEvent, ABareHiddenTryIsPlayedWhateverItsOutcome) {
  std::unique_ptr<State> s = new_game(hidden_family(), "hidden", kHiddenStart);
  EXPECT_TRUE(s->apply_event("d3d4"));
  EXPECT_EQ(s->actions(), std::vector<std::string>{"d3d4"});
  EXPECT_EQ(s->fen(), "c5e/7/7/7/7/3T3/7/7/6R b 0 1");
}

// A finished game plays no event.
TEST(ApplyEvent, AFinishedGamePlaysNone) {
  std::unique_ptr<State> s = new_game(open_family(), "standard");
  s->declare(GameResult::kBlueWins, "resignation");
  expect_refused(*s, {"a3a4"});
}

}  // namespace
}  // namespace jungle::game
