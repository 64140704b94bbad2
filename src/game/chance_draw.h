#pragma once

#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/random_bits.h"
#include "game/state.h"

// Chance's draw, the one way every front end makes it (the web, the
// terminal, the match): what a flip reveals is drawn here from the source
// the caller gives (a cryptographic one where people play).

namespace jungle::game {

// One of `outcomes`, each as likely as its probability says: a uniform
// number in [0, 1) from 53 bits of `bits`, against the running sum of the
// probabilities. Throws std::invalid_argument when there is no outcome or
// the probabilities are not positive numbers.
inline const ChanceOutcome& sample_chance(const std::vector<ChanceOutcome>& outcomes,
                                          RandomBits bits) {
  if (outcomes.empty()) throw std::invalid_argument("chance acts but offers no outcome");
  double total = 0;
  for (const ChanceOutcome& o : outcomes) {
    if (!(o.probability > 0) || !std::isfinite(o.probability))
      throw std::invalid_argument("chance outcome '" + o.action + "' has probability " +
                                  std::to_string(o.probability));
    total += o.probability;
  }
  // Scaled by the sum, which is 1 up to rounding: the last outcome is then
  // reached exactly at the end of the range, never past it.
  const double u = double(bits() >> 11) * 0x1p-53 * total;
  double sum = 0;
  for (const ChanceOutcome& o : outcomes) {
    sum += o.probability;
    if (u < sum) return o;
  }
  return outcomes.back();
}

}  // namespace jungle::game
