#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <ostream>
#include <random>
#include <string>

#include "core/random_bits.h"
#include "flip/flip_endgame.h"
#include "flip/flip_position.h"
#include "flip/flip_search.h"

// The in-process players of Flip Jungle: the baselines (random, greedy,
// careful), the engine, and the seer, the engine knowing what every
// face-down tile holds, an upper bound on what search can get out of the
// game (docs/flip.md, "The seer", gives the model and why it is the fair
// one). They play as engines behind the game interface
// (game/builtin_engines.h), in `jungle match` and its alias `jungle
// flip-match`; what follows here judges finished games.

namespace jungle::flip {

// Chooses an action in a position that has not ended.
using FlipPlayer = std::function<Action(FlipPosition&)>;

// Uniformly among the legal actions.
FlipPlayer random_player(uint64_t seed);
// The greedy one-ply player of game-playing baselines: the action that
// leaves it the most material (a capture's gain; a flip is worth the
// pool-weighted mean of what it may reveal, and with the pool counted at
// full value a flip changes no material), a won game above everything and
// a lost one below; ties, most of its moves, broken uniformly at random.
// It does not look at what the enemy may take next.
FlipPlayer greedy_player(uint64_t seed);
// A stronger baseline, named greedy before it (docs/flip.md, "Strength"):
// one ply over the engine's whole evaluation (material, mobility, the
// captures each side threatens) with a capture search after it, a flip
// valued as the mean of its outcomes' points. It avoids leaving an animal
// where the next capture takes it.
FlipPlayer careful_player();
// The engine with these limits.
FlipPlayer engine_player(const FlipLimits& limits, FlipSearchOptions options = {});
// The engine with these limits as the protocol's engine plays a match:
// its searcher told of each new game (FlipSearcher::new_game), seen as a
// position with no more plies than the last one had or from another start.
// Over a node limit it plays the protocol engine's games; `jungle
// flip-match --eval-weights` plays it with the weights in `options`.
FlipPlayer engine_match_player(const FlipLimits& limits, FlipSearchOptions options = {});
// The engine with these limits, knowing the tiles of the game's deal
// (`tiles`, read at each move: the game's whole deal, deal_tiles').
FlipPlayer seer_player(const FlipLimits& limits, std::shared_ptr<const FlipDeal> tiles,
                       FlipSearchOptions options = {});

// A game's deal: each face-down square of `pos` drawn in turn (square
// order) from its pool with `chance`; kNoPiece on the other squares.
FlipDeal deal_tiles(const FlipPosition& pos, RandomBits chance);

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

// A verdict in words, for the side called `who`: "tables: last flip at ply
// 42 (6 animals); at ply 50 (4 animals) the engine draws".
std::string verdict_text(const TableVerdict& v, int max_animals, const std::string& who);

// The tables' verdicts on a match's games, counted by the games' results.
class TableTally {
 public:
  // One game's verdict; `points` what the side judged scored (0, 1/2, 1).
  void add(double points, const TableVerdict& v);
  // The summary, by result, for the side called `who`.
  void print(std::ostream& out, int max_animals, const std::string& who) const;

 private:
  // [lost, drew, won][the tables say it loses, draws, wins; it ended with
  // tiles face down; never within the tables]
  int count_[3][5] = {};
  int at_last_flip_[3] = {};  // verdicts given right after the last flip, by result
};

// The colour of the side that moved first in a game: the side to move at
// its start when the colours were known then (Blue in a fixed set), else
// the colour the first flip revealed.
Side first_player_colour(const FlipPosition& pos);

}  // namespace jungle::flip
