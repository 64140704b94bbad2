// The Flip Jungle endgame tables against the memo solver (FlipSolver, a
// forward search of every line) and hand-made endings.

#include <gtest/gtest.h>

#include <random>

#include "flip/flip_endgame.h"
#include "flip/flip_search.h"

namespace jungle::flip {
namespace {

std::optional<EndgameValue> probe(FlipEndgames& tables, const FlipRulesPtr& rules,
                                  const std::string& fen) {
  return tables.probe(FlipPosition(rules, fen));
}

TEST(FlipEndgames, HandMadeEndings) {
  const FlipRulesPtr rules = load_flip_rules("flip");
  FlipEndgames tables(4);
  // Elephant b1 against Cat d4, Elephant to move: the distance is odd, it
  // drives the Cat into a corner and takes it on the seventh ply.
  std::optional<EndgameValue> v = probe(tables, rules, "3c/4/4/1E2 w - 0 1");
  ASSERT_TRUE(v);
  EXPECT_EQ(v->wdl, 1);
  EXPECT_EQ(v->to_zero, 7);
  // Seven plies need the capture before the fortieth quiet ply: with 33
  // gone it is the 40th ply; with 34 gone the game is drawn first.
  v = probe(tables, rules, "3c/4/4/1E2 w - 33 1");
  ASSERT_TRUE(v);
  EXPECT_EQ(v->wdl, 1);
  v = probe(tables, rules, "3c/4/4/1E2 w - 34 1");
  ASSERT_TRUE(v);
  EXPECT_EQ(v->wdl, 0);
  // The distance even on the Elephant's move: the Cat always escapes.
  v = probe(tables, rules, "3c/4/4/E3 w - 0 1");
  ASSERT_TRUE(v);
  EXPECT_EQ(v->wdl, 0);
  // Boxed in by an enemy Lion and Elephant, Blue's Cat has no action: lost now.
  v = probe(tables, rules, "4/4/e3/Cl2 w - 0 1");
  ASSERT_TRUE(v);
  EXPECT_EQ(v->wdl, -1);
  EXPECT_EQ(v->to_zero, 0);
  // Blue's Lion takes Red's last animal (both die): Blue's Rat is left.
  v = probe(tables, rules, "3R/4/4/lL2 w - 0 1");
  ASSERT_TRUE(v);
  EXPECT_EQ(v->wdl, 1);
  EXPECT_EQ(v->to_zero, 1);
  // Lion against Lion: nobody can win.
  v = probe(tables, rules, "4/4/4/Ll2 w - 0 1");
  ASSERT_TRUE(v);
  EXPECT_EQ(v->wdl, 0);
  // Not the tables': a face-down tile, five animals for a four-animal set.
  EXPECT_FALSE(probe(tables, rules, "3c/4/4/?E2 w R 0 1"));
  EXPECT_FALSE(probe(tables, rules, "3c/2d1/4/1ERL w - 0 1"));
}

// A placement of the given animals (letters as in FEN) on random squares.
std::string random_placement(std::mt19937& rng, const std::string& animals, int quiet, bool blue) {
  std::array<char, kFlipSquares> board;
  board.fill('.');
  std::array<int, kFlipSquares> squares;
  for (int i = 0; i < kFlipSquares; ++i) squares[size_t(i)] = i;
  std::shuffle(squares.begin(), squares.end(), rng);
  for (size_t i = 0; i < animals.size(); ++i) board[size_t(squares[i])] = animals[i];
  std::string fen;
  for (int rank = 3; rank >= 0; --rank) {
    for (int file = 0; file < 4; ++file) fen += board[size_t(rank * 4 + file)];
    if (rank) fen += '/';
  }
  for (char d = '4'; d >= '1'; --d) {
    // Runs of empty squares as digits.
    const std::string dots(size_t(d - '0'), '.');
    for (size_t at; (at = fen.find(dots)) != std::string::npos;) fen.replace(at, dots.size(), 1, d);
  }
  return fen + (blue ? " w - " : " b - ") + std::to_string(quiet) + " 1";
}

// The tables and the forward solver agree on who wins, at every quiet
// count, for placements of these animals (the solver's memo serves every
// placement of one material).
void agree_with_solver(const FlipRulesPtr& rules, const std::string& animals, unsigned seed) {
  std::mt19937 rng(seed);
  FlipEndgames tables(int(animals.size()));
  FlipSolver solver(int(animals.size()));
  std::uniform_int_distribution<int> quiet(0, rules->quiet_limit - 1);
  int decided = 0, checked = 0;
  for (int n = 0; n < 60; ++n) {
    const FlipPosition pos(rules, random_placement(rng, animals, quiet(rng), n % 2 == 0));
    if (pos.end() != FlipEnd::kNone) continue;
    const std::optional<EndgameValue> v = tables.probe(pos);
    const std::optional<int> s = solver.solve(pos);
    ASSERT_TRUE(v) << pos.fen();
    ASSERT_TRUE(s) << pos.fen();
    const int solver_wdl = *s > 0 ? 1 : *s < 0 ? -1 : 0;
    EXPECT_EQ(v->wdl, solver_wdl) << rules->name << " " << pos.fen();
    decided += v->wdl != 0;
    ++checked;
  }
  // The sample must hold decided endings, not only draws.
  EXPECT_GT(checked, 40) << rules->name << " " << animals;
  EXPECT_GT(decided, 5) << rules->name << " " << animals;
}

TEST(FlipEndgames, AgreeWithTheSolverUnderEachSet) {
  const FlipRulesPtr flip = load_flip_rules("flip");
  agree_with_solver(flip, "Ec", 1);
  agree_with_solver(flip, "LDl", 2);
  agree_with_solver(flip, "ERre", 3);
  // flip-jungle: no animal of these outranks all the other side has, so
  // strongest_wins does not end the game at once.
  const FlipRulesPtr jungle = load_flip_rules("flip-jungle");
  agree_with_solver(jungle, "Ltl", 5);
  agree_with_solver(jungle, "PWp", 6);
  // The Elephant taking the Rat, suicide attacks and a shorter quiet limit.
  FlipRules odd = *flip;
  odd.elephant_takes_rat = true;
  odd.suicide = true;
  odd.quiet_limit = 12;
  agree_with_solver(std::make_shared<const FlipRules>(odd), "ERrd", 7);
}

// The value the tables give a position is the best of its actions' values
// (each action played by FlipPosition, its result read from the tables or
// from how the game ended), and its distance one more than the best
// action's: the tables solve the game's own equations. Under the quiet
// count a material's positions form no cycle, so this fixes every value.
void check_equations(FlipEndgames& tables, FlipPosition& pos) {
  const std::optional<EndgameValue> v = tables.probe(pos);
  ASSERT_TRUE(v) << pos.fen();
  int best = -2, to_zero = 0;
  for (Action a : pos.legal_actions()) {
    const bool capture = pos.cell(a.to) != kEmpty;
    pos.play({a, kNoPiece});
    GameResult result;
    int wdl, distance = 1;
    if (pos.end(&result) != FlipEnd::kNone) {
      wdl = result == GameResult::kDraw                                          ? 0
            : (result == GameResult::kBlueWins) == (pos.side_to_move() == kBlue) ? -1
                                                                                 : 1;
    } else {
      const std::optional<EndgameValue> child = tables.probe(pos);
      ASSERT_TRUE(child) << pos.fen();
      wdl = -child->wdl;
      if (!capture) distance = 1 + child->to_zero;
    }
    pos.undo();
    if (wdl > best) {
      best = wdl;
      to_zero = distance;
    } else if (wdl == best && best != 0) {
      to_zero = best > 0 ? std::min(to_zero, distance) : std::max(to_zero, distance);
    }
  }
  if (best == -2) best = -1;  // no action: lost now
  EXPECT_EQ(v->wdl, best) << pos.fen();
  if (best != 0) {
    EXPECT_EQ(v->to_zero, to_zero) << pos.fen();
  }
}

TEST(FlipEndgames, ValuesSolveTheGamesEquations) {
  std::mt19937 rng(2024);
  struct Case {
    const char* set;
    const char* animals;
  };
  // Five animals: a chase two against one can win and a Rat that threatens
  // the Elephant; four under the other sets.
  for (const Case& c : {Case{"flip", "ELcdw"}, Case{"flip", "ERTre"}, Case{"flip-jungle", "LPlwd"},
                        Case{"flip-jungle", "ETtr"}, Case{"flip", "LDlc"}}) {
    const FlipRulesPtr rules = load_flip_rules(c.set);
    FlipEndgames tables(5);
    int decided = 0, checked = 0;
    for (int n = 0; n < 400; ++n) {
      FlipPosition pos(
          rules, random_placement(rng, c.animals, std::uniform_int_distribution<int>(0, 39)(rng),
                                  n % 2 == 0));
      if (pos.end() != FlipEnd::kNone) continue;
      check_equations(tables, pos);
      decided += tables.probe(pos)->wdl != 0;
      ++checked;
    }
    EXPECT_GT(checked, 300) << c.animals;
    EXPECT_GT(decided, 20) << c.set << " " << c.animals;
  }
}

}  // namespace
}  // namespace jungle::flip
