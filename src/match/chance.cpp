#include "match/chance.h"

#include <cmath>
#include <stdexcept>

namespace jungle::match {

namespace {

uint64_t splitmix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

}  // namespace

const game::ChanceOutcome& sample_chance(const std::vector<game::ChanceOutcome>& outcomes,
                                         RandomBits bits) {
  if (outcomes.empty()) throw std::invalid_argument("chance acts but offers no outcome");
  double total = 0;
  for (const game::ChanceOutcome& o : outcomes) {
    if (!(o.probability > 0) || !std::isfinite(o.probability))
      throw std::invalid_argument("chance outcome '" + o.action + "' has probability " +
                                  std::to_string(o.probability));
    total += o.probability;
  }
  // Scaled by the sum, which is 1 up to rounding: the last outcome is then
  // reached exactly at the end of the range, never past it.
  const double u = double(bits() >> 11) * 0x1p-53 * total;
  double sum = 0;
  for (const game::ChanceOutcome& o : outcomes) {
    sum += o.probability;
    if (u < sum) return o;
  }
  return outcomes.back();
}

uint64_t pair_seed(uint64_t seed, int pair) {
  return splitmix64(splitmix64(seed) ^ uint64_t(pair));
}

}  // namespace jungle::match
