// The bench's node count is the search's signature (docs/engine.md): it moves
// only when the search's behaviour does, and then the commit says the new
// value as "Bench: N" (scripts/check_bench.sh compares the two in CI).

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "protocol/uci.h"
#include "search/move_scores.h"
#include "search/pick_best.h"

namespace jungle {
namespace {

// Update together with the "Bench: N" line of the commit that changes it.
constexpr uint64_t kBenchSignature = 4519333;

TEST(BenchSignature, MatchesThePinnedNodeCount) {
  const BenchResult result = run_bench(kDefaultBenchDepth, [](const std::string&) {});
  EXPECT_EQ(result.nodes, kBenchSignature)
      << "the search's behaviour changed: if that is intended, set kBenchSignature to "
      << result.nodes << " and write 'Bench: " << result.nodes << "' in the commit message";
}

// The search tries its moves in the order pick_best gives, the first of the
// highest scores; the vectorised pick must give the same index as the plain
// two passes, or ties among quiet moves would reorder and the signature move.
TEST(BenchSignature, PickBestTakesTheFirstOfTheHighestScores) {
  // Indices:           0  1  2  3  4  5  6  7  8  9 10 11 12 13 14 15 16 17 18 19
  const int scores[] = {3, 9, 1, 9, 0, 2, 9, 4, 5, 5, 7, 7, 1, 8, 8, 2, 6, 6, 3, 3};
  EXPECT_EQ(pick_best(scores, 0, 20), 1);
  EXPECT_EQ(pick_best(scores, 2, 20), 3);
  EXPECT_EQ(pick_best(scores, 4, 20), 6);
  EXPECT_EQ(pick_best(scores, 7, 20), 13);   // 13 items: the last block overlaps
  EXPECT_EQ(pick_best(scores, 14, 20), 14);  // fewer than a block
  EXPECT_EQ(pick_best(scores, 15, 16), 15);
  EXPECT_EQ(pick_best(scores, 8, 16), 13);  // one whole block
  EXPECT_EQ(pick_best(scores, 8, 17), 13);  // the last block sees 13 and 14 again
}

TEST(BenchSignature, PickBestAgreesWithThePlainPassesOnEveryRange) {
  std::mt19937 random(35);
  for (int size = 1; size <= 128; ++size) {
    // Few distinct values, as history scores of untried quiet moves tie.
    std::uniform_int_distribution<int> value(-3, 3);
    std::vector<int> scores(size);
    for (int& s : scores) s = value(random) * (1 << 26);
    for (int begin = 0; begin < size; ++begin) {
      ASSERT_EQ(pick_best(scores.data(), begin, size), pick_best_scalar(scores.data(), begin, size))
          << "size " << size << ", begin " << begin;
    }
  }
}

// The search's ordering scores, eight moves at a time where the processor
// allows (move_scores.h), must be those of one move at a time: a different
// score reorders the moves, and with them the tree.
struct ScoringCase {
  Bitboard occupied = 0;
  std::vector<int> history = std::vector<int>(4096, 0);
  std::vector<Move> moves;
  QuietOrder order{};
};

int capture_score_for_test(Move m) {
  return (1 << 28) + m.to() * 16 + m.from();
}

std::vector<int> vector_scores(const ScoringCase& c, int count) {
  std::vector<int> scores(count + 1, -1);
  score_moves(c.moves.data(), count, scores.data(), c.occupied, c.order, capture_score_for_test);
  return scores;
}

TEST(BenchSignature, ScoreMovesGivesEachKindItsScore) {
  ScoringCase c;
  c.occupied = square_bb(Square(20));
  c.history[Move(1, 2).raw()] = 17;
  c.history[Move(3, 4).raw()] = -5;
  // Nine moves: one block of eight and one move after it.
  c.moves = {Move(1, 2),  Move(3, 4),   Move(5, 6),   Move(7, 8),  Move(9, 20),
             Move(9, 10), Move(11, 12), Move(13, 14), Move(15, 20)};
  c.order = {c.history.data(), Move(5, 6), Move(7, 8), Move(11, 12)};
  const std::vector<int> expected = {17,
                                     -5,
                                     kKiller0Score,
                                     kKiller1Score,
                                     (1 << 28) + 20 * 16 + 9,
                                     0,
                                     kCounterScore,
                                     0,
                                     (1 << 28) + 20 * 16 + 15,
                                     -1};  // past the count: not written
  EXPECT_EQ(vector_scores(c, 9), expected);
  // A killer that is also the counter move scores as the killer; a killer
  // onto a piece scores as the capture.
  c.order = {c.history.data(), Move(5, 6), Move(9, 20), Move(5, 6)};
  const std::vector<int> scores = vector_scores(c, 9);
  EXPECT_EQ(scores[2], kKiller0Score);
  EXPECT_EQ(scores[4], (1 << 28) + 20 * 16 + 9);
}

TEST(BenchSignature, ScoreMovesAgreesWithOneMoveAtATimeOnEveryLength) {
  std::mt19937 random(35);
  std::uniform_int_distribution<int> square(0, 62), history(-3000, 3000), piece(0, 3);
  for (int trial = 0; trial < 20; ++trial) {
    ScoringCase c;
    for (int s = 0; s < 63; ++s) {
      if (piece(random) == 0) c.occupied |= square_bb(Square(s));
    }
    for (int& h : c.history) h = history(random);
    for (int i = 0; i < 128; ++i) c.moves.push_back(Move(square(random), square(random)));
    c.order = {c.history.data(), c.moves[trial], c.moves[trial + 9], c.moves[trial * 3]};
    for (int count = 0; count <= 128; ++count) {
      std::vector<int> expected(count + 1, -1);
      score_moves_scalar(c.moves.data(), count, expected.data(), c.occupied, c.order,
                         capture_score_for_test);
      ASSERT_EQ(vector_scores(c, count), expected) << "trial " << trial << ", count " << count;
    }
  }
}

}  // namespace
}  // namespace jungle
