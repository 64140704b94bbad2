#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>

// The operating system's cryptographic random generator (getrandom(2)),
// for every chance outcome people play against and every secret the server
// hands out. Each value is read from the kernel when it is drawn: there is
// no seed to find and no state in the process from which a later value
// could be told (a generator seeded with 32 bits, as std::mt19937_64 from
// one std::random_device value, is found by trying every seed against a
// few outcomes, and then tells every later one).

namespace jungle {

// Fills `size` bytes at `out`. Throws std::runtime_error saying why when
// the system's generator fails (never for a short read: it reads again).
void secure_random_bytes(void* out, std::size_t size);

// A UniformRandomBitGenerator over secure_random_bytes: std::uniform_int_distribution,
// std::shuffle and RandomBits (random_bits.h) take it. Holds nothing, so
// copies and separate instances draw from the same kernel generator.
class SecureRandom {
 public:
  using result_type = uint64_t;
  static constexpr result_type min() { return 0; }
  static constexpr result_type max() { return std::numeric_limits<result_type>::max(); }
  result_type operator()();

  // How many values this thread has drawn through SecureRandom: lets a test
  // see that a game's draw came from here and not from a seeded generator.
  static uint64_t drawn_on_this_thread();
};

}  // namespace jungle
