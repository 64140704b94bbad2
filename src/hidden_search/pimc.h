#pragma once

#include <cstdint>
#include <random>

#include "hidden/player_view.h"
#include "hidden_search/hidden_search.h"
#include "hidden_search/world_search.h"

// PIMC, perfect-information Monte Carlo (Long, Sturtevant, Buro and Furtak,
// "Understanding the Success of Perfect Information Monte Carlo Sampling
// in Game Tree Search", AAAI 2010), the field's standard baseline for
// hidden information (docs/hidden.md, "The baselines"): `worlds`
// arrangements drawn uniformly from the player's Belief (as the sampler
// draws its one), each searched by the open engine (WorldSearch) with an
// equal share of the move's budget, and the move that is best in the most
// worlds played (a vote). It never sees anything but the view.
//
// Not the engine's `--method worlds`, which is PIMC refined: it plays one
// world out of contact, deepens the worlds together, and values a short
// list of candidates in every world, failures included.

namespace jungle::hidden {

// The worlds PIMC draws a move when no option says otherwise; Long et al.
// and the card-game programs after them draw a few dozen at a time budget,
// but at a node budget every world halves the depth of the others, and the
// engine's own worlds measured best at 4 to 8 (docs/hidden.md).
inline constexpr int kPimcWorlds = 8;

struct PimcOptions {
  int worlds = kPimcWorlds;  // 1 or more; fewer when fewer arrangements remain
  uint64_t seed = 1;
  int hash_mb = 16;
};

class PimcSearcher {
 public:
  // Throws std::invalid_argument naming the option when `options` is bad.
  explicit PimcSearcher(PimcOptions options = {});
  // The move to try in `view`, whose viewer is to move. `candidates` holds
  // every move some world voted for, the most voted first, with the votes
  // (`best_in`) and the mean expected result of the worlds that cast them.
  HiddenSearchResult search(const PlayerView& view, const HiddenLimits& limits);

 private:
  PimcOptions options_;
  WorldSearch engine_;
  std::mt19937_64 rng_;
};

}  // namespace jungle::hidden
