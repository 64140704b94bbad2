#pragma once

#include <cstdint>
#include <functional>
#include <random>
#include <string>

#include "flip/flip_endgame.h"
#include "flip/flip_position.h"
#include "flip/flip_search.h"

// Flip Jungle games played in-process between the engine and a baseline
// (the match runner of src/match speaks to engine processes about 7x9
// positions; this game needs neither). Chance outcomes are drawn from the
// pool with a seeded generator, so a match replays exactly.

namespace jungle::flip {

// Chooses an action in a position that has not ended.
using FlipPlayer = std::function<Action(FlipPosition&)>;

// Uniformly among the legal actions.
FlipPlayer random_player(uint64_t seed);
// The action with the best expected evaluation one ply ahead (a flip's
// value is the pool-weighted mean over what it may reveal).
FlipPlayer greedy_player();
// The engine with these limits.
FlipPlayer engine_player(const FlipLimits& limits, FlipSearchOptions options = {});

struct FlipMatchResult {
  int wins = 0, draws = 0, losses = 0;  // the first player's (the engine's)
  int games() const { return wins + draws + losses; }
  double score() const;      // (W + D/2) / games
  double error() const;      // half the width of the 95% interval of the score
  std::string text() const;  // "W 190 D 6 L 4, score 0.965 +- 0.022 (95%)"
};

// `games` games, `a` moving first in the even ones; what each flip reveals
// is drawn with `seed`. `on_game` sees each finished game and `a`'s points
// in it (1, 0.5 or 0).
FlipMatchResult play_flip_match(
    const FlipRulesPtr& rules, const FlipPlayer& a, const FlipPlayer& b, int games, uint64_t seed,
    const std::function<void(int, const FlipPosition&, double)>& on_game = {});

// What the endgame tables say of a finished game, for one side: at the
// first position after the last flip that they cover (every tile is then
// face up; the first with few enough animals, quiet count included). Where
// a drawn or lost game was still winnable is where the play went wrong:
// before it (in the middle game, or by the flips' luck) when the tables
// already call it drawn or lost.
struct TableVerdict {
  enum class Kind {
    kFaceDown,    // the game ended with tiles still face down
    kJudged,      // the tables (or the game's end) judged a position
    kNotCovered,  // it ended with more animals than the tables hold
  };
  Kind kind = Kind::kFaceDown;
  int last_flip_ply = 0;         // plies played when the last tile was flipped
  int animals_at_last_flip = 0;  // face-up animals right after it
  int ply = 0;                   // plies played at the judged position
  int animals = 0;               // animals there
  int wdl = 0;                   // for the side asked about: +1 won, 0 drawn, -1 lost
};
TableVerdict judge_by_tables(const FlipPosition& finished, Side side, FlipEndgames& tables);

// The colour of the side that moved first in a game: the side to move at
// its start when the colours were known then (Blue in a fixed set), else
// the colour the first flip revealed.
Side first_player_colour(const FlipPosition& pos);

}  // namespace jungle::flip
