// The source of every chance outcome people play against (what a flip
// reveals, a secret set-up, a random seat) and of the server's secrets
// (core/secure_random.h), and the reference through which seeded and secure
// generators reach the same drawing code (core/random_bits.h). Issue 29: a
// Flip Jungle game drew its flips from std::mt19937_64 seeded with one
// 32-bit value; trying all 2^32 seeds against a game's first 9 flips found
// it, and every later flip was told before it was played.

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <random>
#include <set>
#include <sstream>
#include <vector>

#include "core/random_bits.h"
#include "core/secure_random.h"
#include "core/variants.h"
#include "game/hidden_engine.h"
#include "hidden/setup.h"
#include "terminal_test_util.h"

namespace jungle {
namespace {

// A generator that gives the values it was given, in order, to see exactly
// which values a draw takes and which it refuses.
class Scripted {
 public:
  using result_type = uint64_t;
  explicit Scripted(std::vector<uint64_t> values) : values_(std::move(values)) {}
  static constexpr result_type min() { return 0; }
  static constexpr result_type max() { return ~result_type(0); }
  result_type operator()() { return values_.at(next_++); }
  size_t used() const { return next_; }

 private:
  std::vector<uint64_t> values_;
  size_t next_ = 0;
};

TEST(SecureRandom, TwoGeneratorsNeverDrawTheSameStream) {
  // No seed, no state: two generators made alike draw different values (the
  // chance that 4 of 64-bit values agree by luck is 2^-256).
  SecureRandom a, b;
  std::array<uint64_t, 4> first{}, second{};
  for (auto& v : first) v = a();
  for (auto& v : second) v = b();
  EXPECT_NE(first, second);
  // Nor does one generator repeat itself.
  std::array<uint64_t, 4> again{};
  for (auto& v : again) v = a();
  EXPECT_NE(first, again);
}

TEST(SecureRandom, BytesAreFilledWhateverTheirNumber) {
  // 1 MiB asks getrandom for more than it answers at once (it reads again).
  std::vector<unsigned char> big(1 << 20, 0);
  secure_random_bytes(big.data(), big.size());
  // Every byte value turns up in a mebibyte of random bytes (a byte value
  // missing has probability below 256 * (255/256)^(2^20), about 10^-1775).
  std::set<unsigned char> values(big.begin(), big.end());
  EXPECT_EQ(values.size(), 256u);
  secure_random_bytes(big.data(), 0);  // nothing asked, nothing done
}

TEST(SecureRandom, DrawsStayWithinTheirBoundsAndReachBothEnds) {
  SecureRandom chance;
  EXPECT_EQ(SecureRandom::min(), 0u);
  EXPECT_EQ(SecureRandom::max(), ~uint64_t(0));
  for (int i = 0; i < 100; ++i) EXPECT_EQ(uniform_below(chance, 1), 0u);
  // Every value of a small range turns up, and nothing outside it (a value
  // of 6 missing in 3000 draws: 6 * (5/6)^3000, about 10^-237).
  std::array<int, 6> seen{};
  std::uniform_int_distribution<int> die(1, 6);
  for (int i = 0; i < 3000; ++i) {
    const int v = die(chance);
    ASSERT_GE(v, 1);
    ASSERT_LE(v, 6);
    ++seen[size_t(v - 1)];
  }
  for (int count : seen) EXPECT_GT(count, 0);
  std::array<int, 3> thirds{};
  for (int i = 0; i < 3000; ++i) {
    const uint64_t v = uniform_below(chance, 3);
    ASSERT_LT(v, 3u);
    ++thirds[size_t(v)];
  }
  for (int count : thirds) EXPECT_GT(count, 0);
  EXPECT_THROW(uniform_below(chance, 0), std::invalid_argument);
}

TEST(SecureRandom, ADrawBelowABoundRefusesTheValuesThatWouldFavourSome) {
  // 2^64 = 3 * k + 1: of the 2^64 values, the one below 2^64 mod 3 = 1 (that
  // is, 0) is drawn again, so that 0, 1 and 2 each keep k values.
  Scripted three({0, 0, 5});
  EXPECT_EQ(uniform_below(three, 3), 2u);  // 5 % 3, after two refusals
  EXPECT_EQ(three.used(), 3u);
  Scripted one({1});
  EXPECT_EQ(uniform_below(one, 3), 1u);
  // 2^64 mod 10 = 6: 0 to 5 are refused, 6 is 6 % 10.
  Scripted ten({5, 6});
  EXPECT_EQ(uniform_below(ten, 10), 6u);
  EXPECT_EQ(ten.used(), 2u);
  // A power of two refuses nothing: every value is kept.
  Scripted eight({0});
  EXPECT_EQ(uniform_below(eight, 8), 0u);
  // The largest bound: only ~0 (2^64 mod (2^64 - 1) = 1, so 0 is refused).
  Scripted largest({0, ~uint64_t(0)});
  EXPECT_EQ(uniform_below(largest, ~uint64_t(0)), 0u);
  EXPECT_EQ(largest.used(), 2u);
}

TEST(RandomBits, ASeededGeneratorDrawsThroughItWhatItDrawsAlone) {
  // Seeded draws are what they were before the reference came in between:
  // matches and tests that ask for a seed play the same games.
  std::mt19937_64 alone(42), behind(42);
  RandomBits bits(behind);
  std::uniform_int_distribution<int> pick(0, 15);
  for (int i = 0; i < 100; ++i) ASSERT_EQ(pick(alone), pick(bits));
  std::vector<int> a(20), b(20);
  for (int i = 0; i < 20; ++i) a[size_t(i)] = b[size_t(i)] = i;
  std::shuffle(a.begin(), a.end(), alone);
  std::shuffle(b.begin(), b.end(), bits);
  EXPECT_EQ(a, b);
  // A copy refers to the same generator.
  RandomBits copy = bits;
  EXPECT_EQ(copy(), alone());
  EXPECT_EQ(bits(), alone());
}

TEST(SecureRandom, TheTerminalDrawsFromItUnlessASeedIsGiven) {
  TerminalOptions flip;
  flip.variant = "flip";
  flip.human = {true, true};
  auto flips_drawn = [&](uint64_t seed) {
    flip.seed = seed;
    const uint64_t before = SecureRandom::drawn_on_this_thread();
    test::play_terminal(flip, "b2?\nc3?\nquit\n");
    return SecureRandom::drawn_on_this_thread() - before;
  };
  EXPECT_GE(flips_drawn(0), 2u);  // each flip draws (a refused value draws again)
  EXPECT_EQ(flips_drawn(5), 0u);  // --seed 5: a game that replays

  TerminalOptions hidden;
  hidden.variant = "hidden";
  hidden.human = {true, true};
  auto set_up_drawn = [&](uint64_t seed) {
    hidden.seed = seed;
    const uint64_t before = SecureRandom::drawn_on_this_thread();
    test::play_terminal(hidden, "\nresign\n");
    return SecureRandom::drawn_on_this_thread() - before;
  };
  EXPECT_GE(set_up_drawn(0), 2u);  // both sides' secret arrangements
  EXPECT_EQ(set_up_drawn(5), 0u);
}

TEST(SecureRandom, TheProtocolEnginesSecretArrangementIsDrawnFromIt) {
  game::HiddenEngine engine;
  engine.set_option("Variant", "hidden-stratego");
  const uint64_t before = SecureRandom::drawn_on_this_thread();
  const std::string placement = engine.choose_setup(kRed);
  EXPECT_GT(SecureRandom::drawn_on_this_thread(), before);
  EXPECT_FALSE(placement.empty());
}

}  // namespace
}  // namespace jungle
