#pragma once

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <type_traits>

// What the code that draws a game's chance outcomes (what a flip reveals, a
// secret set-up, a random seat) is given: a reference to a 64-bit random
// generator of any type, itself a UniformRandomBitGenerator so that
// std::uniform_int_distribution and std::shuffle take it. A game people play
// gives it the operating system's cryptographic generator (SecureRandom,
// secure_random.h); a test or a match that asks for a seed gives it a seeded
// std::mt19937_64, whose values pass through unchanged, so a seeded draw is
// the same with or without this reference in between.

namespace jungle {

class RandomBits {
 public:
  using result_type = uint64_t;

  // Refers to `generator`, which must outlive this reference. Implicit, as
  // binding a reference is: a function that takes RandomBits is called with
  // the generator itself.
  template <class G>
  requires(!std::is_same_v<std::remove_cv_t<G>, RandomBits>)
      RandomBits(G& generator)  // NOLINT(google-explicit-constructor)
      : generator_(&generator),
        next_([](void* g) -> uint64_t { return uint64_t((*static_cast<G*>(g))()); }) {
    // A narrower generator would need its values combined, which changes
    // what a seeded draw gives; every generator the project uses is 64-bit.
    static_assert(G::min() == 0 && G::max() == std::numeric_limits<uint64_t>::max(),
                  "RandomBits takes generators of full 64-bit values");
  }

  static constexpr result_type min() { return 0; }
  static constexpr result_type max() { return std::numeric_limits<result_type>::max(); }
  result_type operator()() { return next_(generator_); }

 private:
  void* generator_;
  uint64_t (*next_)(void*);
};

// A value in [0, bound), every one equally likely: values of `bits` below
// 2^64 mod bound are drawn again, so that the ones kept are a whole number
// of rounds of `bound` (taking `% bound` of every value would favour the
// low results). Throws std::invalid_argument for a bound of 0.
inline uint64_t uniform_below(RandomBits bits, uint64_t bound) {
  if (bound == 0) throw std::invalid_argument("uniform_below: the bound must be positive");
  const uint64_t rejected = (0 - bound) % bound;  // 2^64 mod bound
  uint64_t value = bits();
  while (value < rejected) value = bits();
  return value % bound;
}

}  // namespace jungle
