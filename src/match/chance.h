#pragma once

// The match's one chance sampler (as OpenSpiel's evaluate_bots has one):
// whenever chance acts in a game of any family, the runner draws its
// outcome here, with a generator seeded by the match, so that a match
// replays exactly for a seed and both games of a pair share their deal.

#include <cstdint>
#include <vector>

#include "core/random_bits.h"
#include "game/state.h"

namespace jungle::match {

// One of `outcomes`, each as likely as its probability says: a uniform
// number in [0, 1) from 53 bits of `bits`, against the running sum of the
// probabilities. Throws std::invalid_argument when there is no outcome or
// the probabilities are not positive numbers.
const game::ChanceOutcome& sample_chance(const std::vector<game::ChanceOutcome>& outcomes,
                                         RandomBits bits);

// The seed of the generator of pair `pair` (games 2 pair and 2 pair + 1)
// in a match seeded `seed`: the two mixed by SplitMix64, so that the pairs'
// streams are unrelated however alike their numbers.
uint64_t pair_seed(uint64_t seed, int pair);

}  // namespace jungle::match
