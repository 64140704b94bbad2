#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "core/game_record.h"
#include "flip/flip_perft.h"
#include "flip/flip_position.h"
#include "flip/flip_record.h"
#include "flip/flip_rules.h"
#include "flip_reference.h"

namespace jungle::flip {
namespace {

FlipRulesPtr rules(const std::string& name) {
  return load_flip_rules(name);
}

FlipRulesPtr with(FlipRules r) {
  return std::make_shared<const FlipRules>(std::move(r));
}

Ply ply(const FlipPosition& pos, const std::string& text) {
  Ply p;
  EXPECT_TRUE(pos.parse_ply(text, p)) << text << " in " << pos.fen();
  return p;
}

// A middle game: three Blue and three Red animals up, seven tiles down.
constexpr const char* kMiddle = "L?e1/?r?1/1?W?/c??E b RCDTdwp 3 9";

TEST(FlipRules, ShippedSetsLoadWithTheirReadings) {
  EXPECT_EQ(builtin_flip_names(), (std::vector<std::string>{"flip", "flip-fixed", "flip-jungle"}));
  const FlipRulesPtr flip = rules("flip");
  EXPECT_EQ(flip->colours, Colours::kFirstFlip);
  EXPECT_EQ(flip->equal_ranks, EqualRanks::kBothDie);
  EXPECT_FALSE(flip->suicide);
  EXPECT_EQ(flip->quiet_limit, 40);
  EXPECT_EQ(flip->repetitions, 3);
  EXPECT_EQ(rules("flip-fixed")->colours, Colours::kFixed);
  const FlipRulesPtr jungle = rules("flip-jungle");
  EXPECT_EQ(jungle->equal_ranks, EqualRanks::kAttackerTakes);
  EXPECT_TRUE(jungle->suicide);
  EXPECT_TRUE(jungle->strongest_wins);
  EXPECT_TRUE(is_flip_variant("flip"));
  EXPECT_FALSE(is_flip_variant("standard"));
}

TEST(FlipRules, BadKeysAreReportedWithTheirLine) {
  const std::string text = "[game]\nkind = \"flip\"\n[flip]\ncolours = \"banqi\"\n";
  try {
    parse_flip_rules(text, "x.toml");
    FAIL();
  } catch (const FlipRulesError& e) {
    EXPECT_EQ(std::string(e.what()),
              "x.toml:4:11: 'colours' must be one of \"first-flip\", \"fixed\"");
  }
  EXPECT_THROW(parse_flip_rules("[flip]\nsuicide = true\n", "y.toml"), FlipRulesError);
  EXPECT_THROW(parse_flip_rules("[game]\nkind = \"flip\"\n[flip]\nqueen = 1\n", "z.toml"),
               FlipRulesError);
  EXPECT_THROW(load_flip_rules("standard"), FlipRulesError);
}

TEST(FlipPosition, StartHasSixteenTilesAndTheWholePool) {
  FlipPosition pos(rules("flip"));
  EXPECT_EQ(pos.fen(), FlipPosition::start_fen(pos.rules()));
  EXPECT_EQ(pos.fen().substr(20), "- RCDWPTLErcdwptle 0 1");
  EXPECT_FALSE(pos.colours_known());
  EXPECT_EQ(pos.legal_actions().size, 16);
  const Outcomes o = pos.outcomes();
  EXPECT_EQ(o.size, 16);
  EXPECT_EQ(o.total, 16);
  EXPECT_EQ(FlipPosition(rules("flip-fixed")).fen().substr(20), "w RCDWPTLErcdwptle 0 1");
}

TEST(FlipPosition, PoolLettersAreThePoolAsTheFenWritesIt) {
  FlipPosition pos(rules("flip"));
  EXPECT_EQ(pos.pool_letters(), "RCDWPTLErcdwptle");
  pos.play(ply(pos, "b2?=l"));
  EXPECT_EQ(pos.pool_letters(), "RCDWPTLErcdwpte");
  pos.play(ply(pos, "c3?=E"));
  EXPECT_EQ(pos.pool_letters(), "RCDWPTLrcdwpte");
  EXPECT_EQ(FlipPosition(rules("flip"), "3c/4/4/1E2 w - 0 1").pool_letters(), "");
}

TEST(FlipPosition, FirstFlipDecidesTheFirstPlayersColour) {
  FlipPosition pos(rules("flip"));
  pos.play(ply(pos, "b2?=l"));  // a Red Lion: the first player is Red, Blue moves next
  EXPECT_TRUE(pos.colours_known());
  EXPECT_EQ(pos.side_to_move(), kBlue);
  EXPECT_EQ(pos.pool_count(make_piece(kRed, kLion)), 0);
  EXPECT_EQ(pos.hidden_count(), 15);
  pos.undo();
  EXPECT_EQ(pos.fen(), FlipPosition::start_fen(pos.rules()));
  pos.play(ply(pos, "b2?=L"));
  EXPECT_EQ(pos.side_to_move(), kRed);
}

TEST(FlipPosition, FenRoundTripsAndRefusesInconsistentPools) {
  FlipPosition pos(rules("flip"), kMiddle);
  EXPECT_EQ(pos.fen(), kMiddle);
  EXPECT_EQ(pos.pieces_left(kBlue), 7);
  EXPECT_EQ(pos.pieces_left(kRed), 6);
  EXPECT_THROW(FlipPosition(rules("flip"), "L?e1/?r?1/1?W?/c??E b RCDT 3 9"), FlipFenError);
  EXPECT_THROW(FlipPosition(rules("flip"), "L?e1/?r?1/1?W?/c??E b RCDTdwL 3 9"), FlipFenError);
  EXPECT_THROW(FlipPosition(rules("flip"), "L?e1/?r?1/1?W?/c??E - RCDTdwp 3 9"), FlipFenError);
  EXPECT_THROW(FlipPosition(rules("flip"), "L?e1/?r?1/1?W?/c??E x RCDTdwp"), FlipFenError);
}

TEST(FlipPosition, CaptureRulesFollowTheSet) {
  FlipRules r;
  // Equal ranks: both die by default (同归于尽), and the attacker does not advance.
  FlipPosition pos(with(r), "4/4/4/Ll2 b - 0 1");
  pos.play(ply(pos, "b1a1"));
  EXPECT_EQ(pos.fen(), "4/4/4/4 w - 0 2");
  GameResult result;
  EXPECT_EQ(pos.end(&result), FlipEnd::kAllCaptured);
  EXPECT_EQ(result, GameResult::kDraw);
  r.equal_ranks = EqualRanks::kAttackerTakes;
  FlipPosition takes(with(r), "4/4/4/Ll2 b - 0 1");
  takes.play(ply(takes, "b1a1"));
  EXPECT_EQ(takes.fen(), "4/4/4/l3 w - 0 2");
  EXPECT_EQ(takes.end(&result), FlipEnd::kAllCaptured);
  EXPECT_EQ(result, GameResult::kRedWins);
  // The Rat takes the Elephant; the Elephant never takes the Rat; a Cat may not attack a Dog.
  FlipRules d;
  EXPECT_TRUE(FlipPosition(with(d), "4/4/4/Er1C b - 0 1").is_legal(Action::move(1, 0)));
  EXPECT_FALSE(FlipPosition(with(d), "4/4/4/eR1C b - 0 1").is_legal(Action::move(0, 1)));
  EXPECT_FALSE(FlipPosition(with(d), "4/4/4/cD2 b - 0 1").is_legal(Action::move(0, 1)));
  d.suicide = true;
  FlipPosition suicide(with(d), "4/4/4/cD2 b - 0 1");
  suicide.play({Action::move(0, 1), kNoPiece});
  EXPECT_EQ(suicide.fen(), "4/4/4/1D2 w - 0 2");
  d.elephant_takes_rat = true;
  EXPECT_TRUE(FlipPosition(with(d), "4/4/4/eR1C b - 0 1").is_legal(Action::move(0, 1)));
}

TEST(FlipPosition, AdjacentFlipTilesOnlyBesideOwnPieces) {
  FlipRules r;
  r.flip_tiles = FlipTiles::kAdjacent;
  FlipPosition pos(with(r), "?3/4/4/L2? w Cr 0 1");
  EXPECT_EQ(pos.legal_actions().size, 2);  // no tile beside the Lion: only a1a2 and a1b1
  FlipPosition beside(with(r), "?3/4/4/L?2 w Cr 0 1");
  EXPECT_TRUE(beside.is_legal(Action::flip(1)));
  EXPECT_FALSE(beside.is_legal(Action::flip(12)));
}

TEST(FlipPosition, GameEnds) {
  GameResult result;
  // No legal action: Blue's Cat boxed in by the Red Lion and Elephant.
  FlipPosition boxed(rules("flip"), "4/4/e3/Cl2 w - 0 1");
  EXPECT_EQ(boxed.end(&result), FlipEnd::kNoActions);
  EXPECT_EQ(result, GameResult::kRedWins);
  // Forty quiet plies draw.
  FlipPosition quiet(rules("flip"), "4/4/e3/2L1 w - 40 30");
  EXPECT_EQ(quiet.end(&result), FlipEnd::kQuietLimit);
  EXPECT_EQ(result, GameResult::kDraw);
  // The third occurrence draws.
  FlipPosition rep(rules("flip"), "e3/4/4/3L w - 0 1");
  for (int i = 0; i < 2; ++i) {
    for (const char* m : {"d1d2", "a4a3", "d2d1", "a3a4"}) {
      EXPECT_EQ(rep.end(), FlipEnd::kNone);
      rep.play(ply(rep, m));
    }
  }
  EXPECT_EQ(rep.end(&result), FlipEnd::kRepetition);
  EXPECT_EQ(result, GameResult::kDraw);
  // Strongest piece: Blue's Lion outranks Red's last Cat and Dog (flip-jungle only).
  FlipPosition strong(rules("flip-jungle"), "c3/4/4/?2L w d 0 1");
  EXPECT_EQ(strong.end(&result), FlipEnd::kStrongest);
  EXPECT_EQ(result, GameResult::kBlueWins);
  EXPECT_EQ(FlipPosition(rules("flip"), "c3/4/4/?2L w d 0 1").end(), FlipEnd::kNone);
  // An Elephant does not outrank a Rat that takes it, but the Rat outranks
  // an Elephant that may not take it: Red wins.
  EXPECT_EQ(FlipPosition(rules("flip-jungle"), "r3/4/4/3E w - 0 1").end(&result),
            FlipEnd::kStrongest);
  EXPECT_EQ(result, GameResult::kRedWins);
  EXPECT_EQ(FlipPosition(rules("flip-jungle"), "rl2/4/4/2LE w - 0 1").end(), FlipEnd::kNone);
}

TEST(FlipNotation, PliesParseAndPrint) {
  FlipPosition pos(rules("flip"));
  Ply p;
  EXPECT_TRUE(pos.parse_ply("b2?=L", p));
  EXPECT_EQ(ply_text(p), "b2?=L");
  EXPECT_EQ(action_text(p.action), "b2?");
  EXPECT_FALSE(pos.parse_ply("b2?", p));    // a record's flip needs its outcome
  EXPECT_FALSE(pos.parse_ply("e2?=L", p));  // off the 4x4 board
  EXPECT_FALSE(pos.parse_ply("b2?=X", p));
  pos.play(ply(pos, "b2?=L"));
  EXPECT_FALSE(pos.parse_ply("c2?=L", p));  // the Blue Lion is no longer in the pool
  Action a;
  EXPECT_TRUE(pos.parse_action("c3?", a));
  EXPECT_EQ(a, Action::flip(kFlipGeometry.parse_square("c3")));
}

TEST(FlipRecord, GamesSaveAndLoadExactly) {
  FlipPosition pos(rules("flip"));
  for (const char* t : {"b2?=L", "c2?=l", "a1?=r", "c2b2", "b1?=W"}) pos.play(ply(pos, t));
  const std::string text = write_flip_record(pos, {{"Blue", "Ann"}, {"Red", "Bo"}});
  EXPECT_EQ(text,
            "[Blue \"Ann\"]\n[Red \"Bo\"]\n[Result \"*\"]\n[Variant \"flip\"]\n\n"
            "1. b2?=L c2?=l 2. a1?=r c2b2 3. b1?=W *\n");
  const FlipRecord back = read_flip_record(text);
  EXPECT_EQ(back.position.fen(), pos.fen());
  EXPECT_EQ(back.position.history(), pos.history());

  // A game from a FEN to its end.
  FlipPosition end(rules("flip-fixed"), "4/4/4/Ll2 b - 0 7");
  end.play(ply(end, "b1a1"));
  const std::string done = write_flip_record(end);
  EXPECT_EQ(done,
            "[Result \"1/2-1/2\"]\n[Variant \"flip-fixed\"]\n[FEN \"4/4/4/Ll2 b - 0 7\"]\n"
            "[Termination \"all captured\"]\n\n1. b1a1 1/2-1/2\n");
  EXPECT_EQ(read_flip_record(done).position.fen(), end.fen());
}

// A player's name is text from outside (the web's seats): a line break in it
// must not end its tag and start another, such as a result of its choosing.
TEST(FlipRecord, ALineBreakInATagCannotWriteAnotherTag) {
  FlipPosition pos(rules("flip"));
  pos.play(ply(pos, "b2?=L"));
  const std::string text = write_flip_record(pos, {{"Blue", "Ann\n[Result \"1-0\"]"}});
  EXPECT_EQ(text,
            "[Blue \"Ann [Result \\\"1-0\\\"]\"]\n[Result \"*\"]\n[Variant \"flip\"]\n\n"
            "1. b2?=L *\n");
  EXPECT_EQ(read_flip_record(text).position.history(), pos.history());
}

TEST(FlipRecord, BadPliesAreRefusedWithTheirNumber) {
  try {
    read_flip_record("[Variant \"flip\"]\n\n1. b2?=L c2? *\n");
    FAIL();
  } catch (const RecordError& e) {
    EXPECT_EQ(
        std::string(e.what()),
        "game 1, line 3, column 10: ply 2 c2 is a flip without what it revealed (write it b2?=L)");
  }
  EXPECT_THROW(read_flip_record("[Variant \"flip\"]\n\n1. b2?=L c2?=L *\n"), RecordError);
  EXPECT_THROW(read_flip_record("[Variant \"standard\"]\n\n1. a3a4 *\n"), RecordError);
}

TEST(FlipPerft, StartPositionCounts) {
  FlipPosition pos(rules("flip"));
  EXPECT_EQ(flip_perft(pos, 1), 256u);
  EXPECT_EQ(flip_perft(pos, 2), 57600u);
  EXPECT_EQ(flip_perft(pos, 3), 11293056u);
  EXPECT_EQ(flip_perft(pos, 4), 1910651904u);
  EXPECT_EQ(pos.fen(), FlipPosition::start_fen(pos.rules()));
}

TEST(FlipPerft, OtherSetsAtDepthThree) {
  // Depth 4 (docs/flip.md): flip-fixed 1910651904, flip-jungle 1912686624.
  FlipPosition fixed(rules("flip-fixed"));
  EXPECT_EQ(flip_perft(fixed, 3), 11293056u);
  FlipPosition jungle(rules("flip-jungle"));
  EXPECT_EQ(flip_perft(jungle, 3), 11295648u);
}

// The published depth-4 counts from the start, by the reference generator.
// The 256 first plies are 16 squares by 16 animals. The rules know no
// special square, so the board's eight symmetries give equal counts to a
// square's class: the corners (a1, four of them), the edges (b1, eight) and
// the centre (b2, four). The reference counts depth 3 below each animal
// revealed on a1, b1 and b2; the fast generator checks that the other
// squares of each class count the same.
void check_depth_four_by_the_reference(const char* set, uint64_t depth4) {
  const struct {
    const char* square;
    uint64_t squares;
    std::vector<std::string> same;
  } classes[] = {{"a1", 4, {"d1", "a4", "d4"}},
                 {"b1", 8, {"c1", "a2", "a3", "d2", "d3", "b4", "c4"}},
                 {"b2", 4, {"c2", "b3", "c3"}}};
  const FlipRulesPtr r = rules(set);
  uint64_t total = 0;
  for (const auto& c : classes) {
    for (int p = 0; p < kPieceKinds; ++p) {
      const std::string letter(1, piece_letter(Piece(p)));
      FlipPosition pos(r);
      Ply ply;
      ASSERT_TRUE(pos.parse_ply(std::string(c.square) + "?=" + letter, ply));
      pos.play(ply);
      const uint64_t below = flip_reference::perft(*r, flip_reference::from_fen(pos.fen()), 3);
      EXPECT_EQ(flip_perft(pos, 3), below) << set << " " << c.square << "?=" << letter;
      for (const std::string& other : c.same) {
        FlipPosition twin(r);
        ASSERT_TRUE(twin.parse_ply(other + "?=" + letter, ply));
        twin.play(ply);
        EXPECT_EQ(flip_perft(twin, 3), below) << set << " " << other << "?=" << letter;
      }
      total += c.squares * below;
    }
  }
  EXPECT_EQ(total, depth4) << set;
}

// About 8 s of CPU in a Release build; many times that under the sanitizers.
TEST(FlipPerft, StartDepthFourByTheReference) {
  if (std::getenv("JUNGLE_SANITIZED")) {
    GTEST_SKIP() << "depth 4 by the reference is too slow under the sanitizers";
  }
  check_depth_four_by_the_reference("flip", 1910651904u);
}

// The other two sets (as long again each), not in every run:
//   jungle_tests --gtest_also_run_disabled_tests
//       --gtest_filter=FlipPerft.DISABLED_OtherSetsDepthFourByTheReference
TEST(FlipPerft, DISABLED_OtherSetsDepthFourByTheReference) {
  check_depth_four_by_the_reference("flip-fixed", 1910651904u);
  check_depth_four_by_the_reference("flip-jungle", 1912686624u);
}

TEST(FlipPerft, AgreesWithTheReferenceGenerator) {
  for (const char* name : {"flip", "flip-fixed", "flip-jungle"}) {
    const FlipRulesPtr r = rules(name);
    FlipPosition start(r);
    EXPECT_EQ(flip_perft(start, 3),
              flip_reference::perft(*r, flip_reference::from_fen(start.fen()), 3))
        << name;
    FlipPosition opened(r, "\?\?e\?/\?r\?\?/\?\?\?\?/\?P\?\? w RCDWTLEcdwptl 0 1");
    EXPECT_EQ(flip_perft(opened, 3),
              flip_reference::perft(*r, flip_reference::from_fen(opened.fen()), 3));
    for (const char* fen :
         {kMiddle, "L2e/1r2/2W1/c2E w - 0 20", "1p?c/t?2/?1LD/?W2 b TEre 12 10"}) {
      FlipPosition pos(r, fen);
      EXPECT_EQ(flip_perft(pos, 4), flip_reference::perft(*r, flip_reference::from_fen(fen), 4))
          << name << " " << fen;
    }
  }
  // Adjacent flips and the Elephant taking the Rat, with suicide.
  FlipRules odd;
  odd.flip_tiles = FlipTiles::kAdjacent;
  odd.elephant_takes_rat = true;
  odd.rat_takes_elephant = false;
  odd.suicide = true;
  for (const char* fen : {kMiddle, "1p?c/t?2/?1LD/?W2 b TEre 12 10"}) {
    FlipPosition pos(with(odd), fen);
    EXPECT_EQ(flip_perft(pos, 4), flip_reference::perft(odd, flip_reference::from_fen(fen), 4))
        << fen;
  }
}

}  // namespace
}  // namespace jungle::flip
