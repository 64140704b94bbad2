#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/position.h"
#include "puzzles/puzzle.h"
#include "search/engine.h"

namespace jungle::puzzles {

// What makes a move win, hold or lose, in the search's centipawns for the
// side to move (a forced win scores beyond kMateBound). A rank-4 animal is
// worth about 300 (weights/): winning means at least a piece of that size
// or a forced den entry; a second move under kNotWinningScore leaves the
// player no clear win.
inline constexpr int kWinningScore = 400;
inline constexpr int kNotWinningScore = 150;
// Defence: the one move keeps the score above -kHoldingScore while every
// other move falls to -kWinningScore or below.
inline constexpr int kHoldingScore = 150;

// The initial puzzle rating from what it took to find the solution:
// kRatingBase + kRatingPerDepth per ply of the depth from which the first
// move is found (first, with a winning or holding score), + kRatingPerMove
// per further move of the player, + kRatingQuiet when the first move
// neither captures nor enters the den (such a move is the harder to see),
// within [kRatingMin, kRatingMax]. The trainer's Glicko-2 updates move it
// from there.
inline constexpr int kRatingBase = 900;
inline constexpr int kRatingPerDepth = 100;
inline constexpr int kRatingPerMove = 75;
inline constexpr int kRatingQuiet = 200;
inline constexpr int kRatingMin = 600;
inline constexpr int kRatingMax = 2800;
int initial_rating(int found_depth, int player_moves, bool quiet_first_move);

struct VerifyOptions {
  // The verification search's depth in plies: the shipped set's, so that
  // `puzzles check` without --depth checks it as it was made.
  int depth = 14;
  int max_player_moves = 6;  // the longest solution, in moves of the player
  int hash_mb = 16;
  // A folder of endgame tables; positions they cover are judged by them
  // instead of the search. Empty: none.
  std::string tablebase_path;
};

// The judgement of one position: its best move and what the best other
// move scores, from the side to move's view.
struct Judgement {
  Move best;
  int best_score = 0;
  Move second;  // none when there is only one legal move
  int second_score = 0;
  // The depth from which `best` stayed first with a score that meets the
  // goal (from the tables: the plies of the win, or 1).
  int found_depth = 0;
  bool tablebase = false;
  // The goal this position is a puzzle for, when exactly one move meets it.
  std::optional<Goal> goal;
  std::string why_not;  // when no goal: why ("two moves win: ...")
};

struct Verified {
  Puzzle puzzle;  // id, variant, fen, goal, solution, themes, rating, depth; not source
  bool tablebase = false;
};

// Decides whether positions are puzzles: a deeper search of the best move
// and then of every other move (the equivalent of MultiPV 2), or the
// endgame tables where they cover the position. Every search starts from a
// cleared hash table, so that the same position gets the same answer in
// `generate` and in `check`.
class Verifier {
 public:
  Verifier(RuleSetPtr rules, const VerifyOptions& options);

  Judgement judge(const Position& pos);
  // The puzzle at `pos` (its counters and history are the FEN's), or why not.
  std::optional<Verified> verify(const Position& pos, std::string* why_not = nullptr);
  // Whether a stored solution is still the unique win (or hold): each move
  // of the player the one move that meets the goal there, or, last, a den
  // entry. Empty when it is; otherwise why not ("move 3 b2b3: ...").
  std::string check(const Puzzle& puzzle);

  const tb::Tablebase* tablebase() const { return engine_.tablebase(); }

 private:
  std::optional<Judgement> judge_by_tables(const Position& pos);
  Move reply(const Position& pos);

  RuleSetPtr rules_;
  VerifyOptions options_;
  Engine engine_;
};

}  // namespace jungle::puzzles
