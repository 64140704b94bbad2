#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "flip/flip_match.h"
#include "flip/flip_position.h"
#include "flip/flip_search.h"

// PIMC for Flip Jungle, perfect-information Monte Carlo (Long, Sturtevant,
// Buro and Furtak, "Understanding the Success of Perfect Information Monte
// Carlo Sampling in Game Tree Search", AAAI 2010), the field's standard
// baseline for games with hidden chance (docs/flip.md, "The baselines"):
// `worlds` deals of the face-down tiles drawn from the pool, which is all a
// player knows of them (deal_tiles, as a dealt game is dealt), each game
// so determinized searched by the seer's search (FlipSearcher::know_tiles)
// with an equal share of the move's budget, and the action that is best in
// the most worlds played (a vote; among as many votes, the higher mean
// expected result). It is given the position alone, never the game's deal.
//
// Its known weakness is the reason it is a baseline: in each world it
// plays as if it knew what lies under every tile (strategy fusion), so it
// values a flip as the best of its outcomes' lines, not as the gamble it is.

namespace jungle::flip {

// The deals PIMC draws a move, as hidden pieces' PIMC draws its worlds
// (hidden_search/pimc.h, kPimcWorlds): at a node budget each world more
// halves the depth of the others.
inline constexpr int kFlipPimcWorlds = 8;
// Each world's search clears its transposition table (a new deal makes its
// values wrong), so a small one: a 60,000-node search fills no more.
inline constexpr int kFlipPimcHashMb = 4;
// The most memory its endgame tables may keep from move to move: past it,
// those of five animals or more (2 MB each) are dropped, and all of them if
// the rest still take more (FlipSearcher::bound_tables). It kept every
// table it built for a whole match, its memory growing game after game.
inline constexpr size_t kFlipPimcTableBytes = size_t(64) << 20;

struct FlipPimcOptions {
  int worlds = kFlipPimcWorlds;  // 1 or more; one where no tile is face down
  uint64_t seed = 1;
  int hash_mb = kFlipPimcHashMb;
  size_t table_bytes = kFlipPimcTableBytes;
};

// An action some world voted for.
struct FlipPimcVote {
  Action action;
  int votes = 0;
  double expected = 0;  // the mean expected result (0..1) of the worlds that voted for it
};

struct FlipPimcResult {
  Action best;
  bool has_move = false;
  int worlds = 0;                   // the worlds searched
  uint64_t nodes = 0;               // over every world
  int depth = 0;                    // the deepest world's completed depth
  std::vector<FlipPimcVote> votes;  // the most votes first; votes[0] is best
};

class FlipPimcSearcher {
 public:
  // Throws std::invalid_argument naming the option when `options` is bad.
  explicit FlipPimcSearcher(FlipPimcOptions options = {});
  // The action to play in `pos` (a position that has not ended, else no
  // move): `limits`' nodes or movetime shared equally among the worlds, its
  // depth each world's. `pos` is left as it was.
  FlipPimcResult search(FlipPosition& pos, const FlipLimits& limits);
  const FlipEndgames& endgames() const { return searcher_.endgames(); }

 private:
  FlipPimcOptions options_;
  FlipSearcher searcher_;
  std::mt19937_64 rng_;
};

// PIMC as a player, one searcher for the game (its deals drawn from one
// seeded generator, move after move).
FlipPlayer pimc_player(const FlipLimits& limits, FlipPimcOptions options = {});

}  // namespace jungle::flip
