// Perft counts: the start position, and tests/perft/positions.epd, whose
// counts were computed with the reference implementation (tests/reference/).
// The fast perft must match every count; the reference is re-checked against
// the file up to depth 3, so both stay tied to the data.
//
// To recompute the file's counts after editing its positions:
//   jungle_tests --gtest_also_run_disabled_tests
//       --gtest_filter=Perft.DISABLED_PrintReferenceCounts
// prints every line again with the reference's counts (D5 where D4 is small).

#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/geometry.h"
#include "core/movegen.h"
#include "core/perft.h"
#include "core/position.h"
#include "core/reply_counter.h"
#include "core/rule_set.h"
#include "core/variants.h"
#include "named_rules.h"
#include "reference/reference_game.h"

namespace jungle {
namespace {

using test::rules_named;

using reference::EpdEntry;
using reference::ReferenceGame;

// Depth 5 is recorded when depth 4 has at most this many leaves.
constexpr uint64_t kMaxD4ForD5 = 400'000;
constexpr int kReferenceCheckDepth = 3;

std::vector<EpdEntry> load_positions() {
  std::ifstream in(std::string(JUNGLE_SOURCE_DIR) + "/tests/perft/positions.epd");
  if (!in) throw std::runtime_error("cannot open tests/perft/positions.epd");
  return reference::read_epd(in);
}

// Our own square names (index = rank * files + file), not core's Geometry.
std::string square_text(int files, Square s) {
  std::string text(1, char('a' + s % files));
  text += std::to_string(s / files + 1);  // appended: GCC 12 -Wrestrict warns on "+"
  return text;
}

std::string describe(const EpdEntry& e) {
  return "positions.epd line " + std::to_string(e.line) + ": " + e.fen + " ; variant " + e.variant +
         (e.id.empty() ? "" : " ; id " + e.id);
}

// Per root move, fast against reference, for a failure message.
std::string divide_report(Position& pos, ReferenceGame& ref, int depth) {
  std::ostringstream out;
  std::vector<std::pair<Move, uint64_t>> fast = perft_divide(pos, depth);
  std::vector<std::string> ref_moves = ref.legal_moves();
  std::set<std::string> seen;
  for (const auto& [m, n] : fast) {
    const int files = pos.rules().files;
    std::string text = square_text(files, m.from()) + square_text(files, m.to());
    seen.insert(text);
    uint64_t want = 0;
    bool known = false;
    for (const std::string& r : ref_moves) {
      if (r != text) continue;
      ref.play(r);
      want = ref.perft(depth - 1);
      ref.undo();
      known = true;
    }
    if (!known) {
      out << "  " << text << ": fast " << n << ", not legal in the reference\n";
    } else if (want != n) {
      out << "  " << text << ": fast " << n << ", reference " << want << "\n";
    }
  }
  for (const std::string& r : ref_moves) {
    if (!seen.count(r)) out << "  " << r << ": missing from the fast generator\n";
  }
  return out.str();
}

TEST(Perft, StartPositionFast) {
  const uint64_t expected[] = {24, 576, 12'240, 260'099, 5'111'620};
  Position pos(RuleSet::standard());
  for (int depth = 1; depth <= 5; ++depth) {
    EXPECT_EQ(perft(pos, depth), expected[depth - 1]) << "depth " << depth;
  }
}

// Perft by do_move at every ply, the repetition index kept throughout.
uint64_t keyed_perft(Position& pos, int depth) {
  if (depth == 0) return 1;
  uint64_t n = 0;
  for (Move m : generate_moves(pos)) {
    pos.do_move(m);
    n += keyed_perft(pos, depth - 1);
    pos.undo_move();
  }
  return n;
}

// Perft plays unindexed moves (no repetition index) only where no
// repetition can reach the draw count within its depth. Here the game before the root
// already holds each position twice, and two plies below the root the
// start recurs a third time, a draw with no moves: perft must see it.
TEST(Perft, RepetitionsBeforeTheRootCount) {
  Position pos(RuleSet::standard());
  ASSERT_EQ(pos.rule_set().draw_at_repetition(), 3);
  const Move blue = generate_moves(pos)[0];
  pos.do_move(blue);
  const Move red = generate_moves(pos)[0];
  const Move plies[] = {red, Move(blue.to(), blue.from()), Move(red.to(), red.from()), blue, red};
  for (Move m : plies) {
    ASSERT_TRUE(generate_moves(pos).contains(m));
    pos.do_move(m);
  }
  ASSERT_EQ(pos.state().repetitions, 2);
  const uint64_t want = keyed_perft(pos, 3);
  EXPECT_EQ(perft(pos, 3), want);
  uint64_t divided = 0;
  for (const auto& [m, n] : perft_divide(pos, 3)) divided += n;
  EXPECT_EQ(divided, want);
  // Without the history, the same position's tree has no draw in it.
  Position fresh = Position::from_fen(pos.fen(), RuleSet::standard());
  EXPECT_GT(perft(fresh, 3), want);
  EXPECT_EQ(perft(fresh, 3), keyed_perft(fresh, 3));
}

// Below a root without history, the root recurs a third time eight plies
// down, a draw with no moves: perft 9 keeps the repetition index.
TEST(Perft, RepetitionsBelowTheRootCount) {
  Position pos = Position::from_fen("r6/7/7/7/7/7/7/7/6R w 0 1", RuleSet::standard());
  const uint64_t want = keyed_perft(pos, 9);
  EXPECT_EQ(perft(pos, 9), want);
  uint64_t divided = 0;
  for (const auto& [m, n] : perft_divide(pos, 9)) divided += n;
  EXPECT_EQ(divided, want);
}

TEST(Perft, StartPositionReference) {
  const uint64_t expected[] = {24, 576, 12'240, 260'099};
  ReferenceGame g{Rules{}};
  for (int depth = 1; depth <= 4; ++depth) {
    EXPECT_EQ(g.perft(depth), expected[depth - 1]) << "depth " << depth;
  }
}

TEST(Perft, PositionsFileCoversEveryOption) {
  std::vector<EpdEntry> entries = load_positions();
  EXPECT_GE(entries.size(), 40u);
  std::set<std::string> fens, variants;
  for (const EpdEntry& e : entries) {
    SCOPED_TRACE(describe(e));
    EXPECT_GE(e.counts.size(), 4u) << "every line needs D1 to D4";
    EXPECT_NO_THROW(rules_named(e.variant));
    fens.insert(e.fen);
    variants.insert(e.variant);
  }
  EXPECT_GE(fens.size(), 40u) << "at least 40 different positions";
  for (const reference::NamedRules& n : reference::option_rule_sets()) {
    EXPECT_TRUE(variants.count(n.name)) << "no position is tagged with " << n.name;
  }
}

TEST(Perft, FastMatchesPositionsFile) {
  for (const EpdEntry& e : load_positions()) {
    SCOPED_TRACE(describe(e));
    Rules rules = rules_named(e.variant);
    RuleSetPtr set = RuleSet::make(rules);
    Position pos = Position::from_fen(e.fen, set);
    for (int depth = 1; depth <= int(e.counts.size()); ++depth) {
      uint64_t n = perft(pos, depth);
      if (n != e.counts[depth - 1]) {
        ReferenceGame ref(rules, e.fen);
        uint64_t want = ref.perft(depth);
        if (want == n) {
          ADD_FAILURE() << "depth " << depth << ": fast perft and reference both " << n
                        << ", the file says " << e.counts[depth - 1]
                        << ": the rule set changed? Recompute the file (see the top of "
                           "tests/perft_test.cpp) if the change was meant";
        } else {
          ADD_FAILURE() << "depth " << depth << ": fast perft " << n << ", reference " << want
                        << ", file " << e.counts[depth - 1] << "\n"
                        << divide_report(pos, ref, depth);
        }
        break;
      }
    }
    EXPECT_EQ(pos.fen(), Position::from_fen(e.fen, set).fen()) << "perft changed the position";
  }
}

std::vector<uint16_t> raw_moves(const MoveList& list) {
  std::vector<uint16_t> raws;
  for (Move m : list) raws.push_back(m.raw());
  return raws;
}

// The counts below `pos` to `depth` plies, checking on the way that the
// generators for a game known to go on (the search's *_ongoing ones) give
// what the checked ones give wherever the game goes on.
uint64_t checked_ongoing_perft(Position& pos, int depth) {
  if (pos.terminal_state() == GameResult::kOngoing) {
    EXPECT_EQ(raw_moves(generate_moves_ongoing(pos)), raw_moves(generate_moves(pos))) << pos.fen();
    EXPECT_EQ(raw_moves(generate_tactical_moves_ongoing(pos)),
              raw_moves(generate_tactical_moves(pos)))
        << pos.fen();
    EXPECT_EQ(has_legal_move_ongoing(pos), has_legal_move(pos)) << pos.fen();
    // The tactical moves are the legal moves onto an enemy or the enemy den,
    // in the same order (the generator walks only the pieces that can reach one).
    const Side them = opponent(pos.side_to_move());
    const Bitboard wanted = pos.pieces(them) | pos.rule_set().den_bb(them);
    std::vector<uint16_t> tactical;
    for (Move m : generate_moves(pos)) {
      if (wanted & square_bb(m.to())) tactical.push_back(m.raw());
    }
    EXPECT_EQ(raw_moves(generate_tactical_moves(pos)), tactical) << pos.fen();
  }
  if (depth == 0) return 1;
  uint64_t n = 0;
  for (Move m : generate_moves(pos)) {
    pos.do_move(m);
    n += checked_ongoing_perft(pos, depth - 1);
    pos.undo_move();
  }
  return n;
}

TEST(Perft, OngoingGeneratorsMatchTheCheckedOnes) {
  for (const EpdEntry& e : load_positions()) {
    SCOPED_TRACE(describe(e));
    Position pos = Position::from_fen(e.fen, RuleSet::make(rules_named(e.variant)));
    // The count shows that the walk visited what perft counts.
    EXPECT_EQ(checked_ongoing_perft(pos, 2), e.counts.at(1));
  }
}

// The tactical generator walks only the pieces beside an enemy or the enemy
// den, and the jumpers on a river bank: a Tiger whose only capture is across
// the river has no wanted square beside it (the positions above never
// jump onto a piece within two plies).
TEST(Perft, TacticalMovesKeepACaptureAcrossTheRiver) {
  const Position pos = Position::from_fen("7/7/1c5/7/7/7/1T5/7/7 w", RuleSet::standard());
  const Geometry& board = pos.rule_set().geometry();
  const MoveList tactical = generate_tactical_moves(pos);
  ASSERT_EQ(tactical.size(), 1);
  EXPECT_EQ(tactical[0], Move(board.parse_square("b3"), board.parse_square("b7")));
}

// Two plies from a FEN never reach a third occurrence, so the walk above
// never meets a move that David Bush's rule forbids; this chase does
// (RULES.md's first example: c2b2 would make the set-up a third time).
TEST(Perft, OngoingGeneratorsKeepBushsRule) {
  Position pos = Position::from_fen("7/7/7/7/7/7/7/1e5/1D5 w", RuleSet::make(rules_named("bush")));
  const Geometry& board = pos.rule_set().geometry();
  for (const char* m : {"b1c1", "b2c2", "c1b1", "c2b2", "b1c1", "b2c2", "c1b1"}) {
    pos.do_move(Move(board.parse_square(std::string(m, 2)), board.parse_square(m + 2)));
  }
  const Move forbidden(board.parse_square("c2"), board.parse_square("b2"));
  ASSERT_EQ(pos.terminal_state(), GameResult::kOngoing);
  EXPECT_FALSE(generate_moves_ongoing(pos).contains(forbidden));
  EXPECT_EQ(raw_moves(generate_moves_ongoing(pos)), raw_moves(generate_moves(pos)));
  EXPECT_EQ(generate_moves_ongoing(pos).size(), 3);
}

TEST(Perft, ReferenceMatchesPositionsFile) {
  for (const EpdEntry& e : load_positions()) {
    SCOPED_TRACE(describe(e));
    ReferenceGame ref(rules_named(e.variant), e.fen);
    for (int depth = 1; depth <= kReferenceCheckDepth && depth <= int(e.counts.size()); ++depth) {
      EXPECT_EQ(ref.perft(depth), e.counts[depth - 1]) << "depth " << depth;
    }
  }
}

TEST(Perft, DISABLED_PrintReferenceCounts) {
  for (const EpdEntry& e : load_positions()) {
    ReferenceGame ref(rules_named(e.variant), e.fen);
    std::cout << e.fen << " ; variant " << e.variant;
    if (!e.id.empty()) std::cout << " ; id " << e.id;
    uint64_t d4 = 0;
    for (int depth = 1; depth <= 4; ++depth) {
      uint64_t n = ref.perft(depth);
      std::cout << " ; D" << depth << " " << n;
      d4 = n;
    }
    if (d4 <= kMaxD4ForD5) std::cout << " ; D5 " << ref.perft(5);
    std::cout << std::endl;
  }
}

// ReplyCounter (core/reply_counter.h), which perft's unkeyed plies use,
// against playing the move: at every position within two plies of each
// position of the file whose rules it serves, each count it gives for a
// move is the number of legal moves after do_move.
struct Tally {
  uint64_t counted = 0;  // moves whose replies the counter gave
  uint64_t played = 0;   // moves it left to be played (kPlayIt)
  uint64_t captures = 0;
};

// Compares the counter with do_move at `pos` and the positions below it
// to `depth` plies.
void compare_below(Position& pos, int depth, Tally& tally) {
  if (pos.terminal_state() != GameResult::kOngoing) return;
  const ReplyCounter replies(pos);
  for (Move m : generate_moves(pos)) {
    const int counted = replies.replies_after(m);
    const bool capture = pos.is_capture(m);
    pos.do_move(m);
    if (counted == ReplyCounter::kPlayIt) {
      ++tally.played;
    } else {
      ++tally.counted;
      ASSERT_FALSE(capture) << "a capture must be played";
      ASSERT_EQ(counted, count_moves(pos))
          << "after " << pos.rule_set().geometry().move_text(m) << ", in " << pos.fen();
    }
    tally.captures += capture;
    if (depth > 1) compare_below(pos, depth - 1, tally);
    pos.undo_move();
    if (testing::Test::HasFatalFailure()) return;
  }
}

TEST(ReplyCounter, CountsWhatPlayingTheMoveFinds) {
  Tally tally;
  int positions = 0;
  for (const EpdEntry& e : load_positions()) {
    RuleSetPtr rules = RuleSet::make(rules_named(e.variant));
    // The rules the counter serves (perft checks the repetitions).
    if (rules->tracks_water_turns() || rules->tracks_den_food() ||
        rules->rules().repetition == RepetitionRule::kBush)
      continue;
    SCOPED_TRACE(describe(e));
    Position pos = Position::from_fen(e.fen, rules);
    compare_below(pos, 2, tally);
    if (HasFatalFailure()) return;
    ++positions;
  }
  // Exact figures of the file as it stands: a change of the file or of
  // what the counter leaves to play shows here.
  EXPECT_EQ(positions, 142);
  EXPECT_EQ(tally.counted, 19'857u);
  EXPECT_EQ(tally.played, 2'104u);  // the captures and 1,089 moves that change a jump
  EXPECT_EQ(tally.captures, 1'015u);
}

}  // namespace
}  // namespace jungle
