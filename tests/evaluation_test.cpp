#include <gtest/gtest.h>

#include <random>
#include <string>

#include "core/geometry.h"
#include "core/movegen.h"
#include "core/variants.h"
#include "search/evaluation.h"

namespace jungle {
namespace {

// The position turned 180 degrees with the colours swapped: the same game
// seen from the other side, which the evaluation must score the same.
Position mirrored(const Position& pos) {
  const Geometry& g = pos.rule_set().geometry();
  std::string placement;
  for (int rank = 0; rank < g.ranks(); ++rank) {  // rank 1 becomes the last
    int empty = 0;
    for (int file = g.files() - 1; file >= 0; --file) {
      Piece p = pos.piece_on(g.square(file, rank));
      if (p == kNoPiece) {
        ++empty;
        continue;
      }
      if (empty) placement += char('0' + empty);
      empty = 0;
      placement += piece_letter(make_piece(opponent(side_of(p)), animal_of(p)));
    }
    if (empty) placement += char('0' + empty);
    if (rank + 1 < g.ranks()) placement += '/';
  }
  placement += pos.side_to_move() == kBlue ? " b" : " w";
  return Position::from_fen(placement, pos.rule_set_ptr());
}

int trace_total(const Evaluator& ev, const Position& pos) {
  std::string t = ev.trace(pos);
  return std::stoi(t.substr(t.find("Total: ") + 7));
}

TEST(Evaluation, StartPositionIsBalancedUpToTempo) {
  Position pos;
  Evaluator ev(pos.rule_set());
  EXPECT_EQ(ev.evaluate(pos), default_eval_params().tempo);
}

TEST(Evaluation, SymmetricAndEqualToItsTraceInRandomGames) {
  for (const std::string& name : builtin_variant_names()) {
    SCOPED_TRACE(name);
    RuleSetPtr rules = load_variant(name);
    Evaluator ev(*rules);
    std::mt19937 rng(7);
    for (int game = 0; game < 20; ++game) {
      Position pos(rules);
      for (int ply = 0; ply < 120; ++ply) {
        MoveList moves = generate_moves(pos);
        if (moves.empty()) break;
        pos.do_move(moves[int(rng() % unsigned(moves.size()))]);
        ASSERT_EQ(ev.evaluate(pos), trace_total(ev, pos)) << pos.fen();
        if (pos.rules().water_turn_limit == 0 && pos.rules().den_food_limit == 0) {
          ASSERT_EQ(ev.evaluate(pos), ev.evaluate(mirrored(pos))) << pos.fen();
        }
      }
    }
  }
}

// The search keeps the one-piece sum move by move (piece_sum_after) and
// sums the board again only after a piece drowned; both must give what
// summing the board gives, captures included, on every rule set.
TEST(Evaluation, PieceSumKeptMoveByMoveEqualsTheBoardsSum) {
  for (const std::string& name : builtin_variant_names()) {
    SCOPED_TRACE(name);
    RuleSetPtr rules = load_variant(name);
    Evaluator ev(*rules);
    std::mt19937 rng(11);
    int captures = 0;
    for (int game = 0; game < 20; ++game) {
      Position pos(rules);
      int64_t sum = ev.piece_sum(pos);
      for (int ply = 0; ply < 120; ++ply) {
        MoveList moves = generate_moves(pos);
        if (moves.empty()) break;
        const Move m = moves[int(rng() % unsigned(moves.size()))];
        captures += pos.is_capture(m);
        const int64_t after = ev.piece_sum_after(sum, pos, m);
        pos.do_move(m);
        sum = pos.state().drowned ? ev.piece_sum(pos) : after;
        ASSERT_EQ(sum, ev.piece_sum(pos)) << pos.fen();
        ASSERT_EQ(ev.evaluate(pos, sum), ev.evaluate(pos)) << pos.fen();
      }
    }
    EXPECT_GT(captures, 0);
  }
}

TEST(Evaluation, SquareTablesScoreEachSidesRowAndColumnFromItsOwnDen) {
  RuleSetPtr rules = load_variant("standard");
  // Blue's Elephant on a3: row 2 from Blue's den (d1), column 3 from the
  // d-file. Red's Elephant on f8: row 1 from Red's den (d9), column 2.
  const Position pos = Position::from_fen("7/5e1/7/7/7/7/E6/7/7 w", rules);
  EvalParams params = default_eval_params();
  params.square_rank8.fill(0);
  params.square_rank1.fill(0);
  const int base = Evaluator(*rules, params).evaluate(pos);
  params.square_rank8[2 * 4 + 3] += 50;  // Blue's Elephant's square
  params.square_rank8[1 * 4 + 2] += 7;   // Red's Elephant's square
  params.square_rank1[0] += 1000;        // Rats only: no Rat on the board
  const Evaluator ev(*rules, params);
  EXPECT_EQ(ev.evaluate(pos), base + 50 - 7);
  const std::string trace = ev.trace(pos);
  EXPECT_NE(trace.find("squares     Blue 50  Red 7  (Blue - Red 43)"), std::string::npos) << trace;
}

TEST(Evaluation, BoardsWithoutWaterUseTheOpenBoardWeights) {
  const RuleSetPtr open = load_variant("animal-checkers");
  const RuleSetPtr river = load_variant("standard");
  ASSERT_FALSE(open->water());
  EXPECT_EQ(&default_eval_params(*open), &open_board_eval_params());
  EXPECT_EQ(&default_eval_params(*river), &default_eval_params());
  const Evaluator ev(*open);
  const int dog_rank = open->rules().rank[kDog];
  EXPECT_EQ(ev.piece_value(kDog), open_board_eval_params().rank_value[size_t(dog_rank)]);
  // Level start positions: each scores its own weights' tempo bonus.
  EXPECT_EQ(ev.evaluate(Position(open)), open_board_eval_params().tempo);
  EXPECT_EQ(Evaluator(*river).evaluate(Position(river)), default_eval_params().tempo);
  EXPECT_EQ(open_board_eval_params().tempo, 12);
}

TEST(Evaluation, MaterialCountsRankAndAbilities) {
  Position pos;
  Evaluator ev(pos.rule_set());
  const EvalParams& p = default_eval_params();
  EXPECT_EQ(ev.piece_value(kCat), p.rank_value[2]);
  EXPECT_EQ(ev.piece_value(kRat), p.rank_value[1] + p.swimmer_bonus + p.elephant_killer_bonus);
  EXPECT_EQ(ev.piece_value(kLion),
            p.rank_value[7] + p.vertical_jump_bonus + p.horizontal_jump_bonus);
  // Under Bush's ranks the Dog is worth what the Wolf is worth by default.
  Evaluator bush(*load_variant("bush"));
  EXPECT_EQ(bush.piece_value(kDog), p.rank_value[4]);
  EXPECT_EQ(bush.piece_value(kWolf), p.rank_value[3]);
}

TEST(Evaluation, DenDistanceFollowsEachAnimalsMoves) {
  Position pos;
  Evaluator ev(pos.rule_set());
  // Blue's target is d9. A Lion on d3 steps to c3 and jumps to c7: c3 c7 d7 d8 d9.
  EXPECT_EQ(ev.den_distance(kBlue, kLion, kStandardGeometry.parse_square("d3")), 5);
  // A Lion on b3 jumps to b7, then b8 c8 ... : b3 -> b7 (1) -> b8 (2) -> c8 (3) -> c9 (4) -> d9 (5)
  // or b7 -> c7 -> d7 -> d8 -> d9 (5): five either way.
  EXPECT_EQ(ev.den_distance(kBlue, kLion, kStandardGeometry.parse_square("b3")), 5);
  // The Cat cannot jump: b3 -> a3 .. a7 or around the river through d4-d6.
  EXPECT_EQ(ev.den_distance(kBlue, kCat, kStandardGeometry.parse_square("d8")), 1);
  EXPECT_EQ(ev.den_distance(kBlue, kCat, kStandardGeometry.parse_square("d3")), 6);
}

}  // namespace
}  // namespace jungle
