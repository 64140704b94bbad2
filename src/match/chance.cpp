#include "match/chance.h"

#include <cmath>
#include <stdexcept>
#include <vector>

namespace jungle::match {

namespace {

uint64_t splitmix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

}  // namespace

uint64_t pair_seed(uint64_t seed, int pair) {
  return splitmix64(splitmix64(seed) ^ uint64_t(pair));
}

namespace {

class PairChance final : public GameChance {
 public:
  explicit PairChance(uint64_t seed) : bits_(seed) {}
  std::unique_ptr<game::State> start(const game::Family& family, const std::string& variant,
                                     const std::string& start) override {
    std::unique_ptr<game::State> state = family.new_state(variant, start, bits_);
    state->deal(bits_);
    return state;
  }
  std::string draw(const game::State& state) override {
    return sample_chance(state.chance_outcomes(), bits_).action;
  }

 private:
  std::mt19937_64 bits_;
};

}  // namespace

class OneStream::Game final : public GameChance {
 public:
  explicit Game(OneStream& stream) : stream_(stream) {}
  std::unique_ptr<game::State> start(const game::Family& family, const std::string& variant,
                                     const std::string& start) override {
    std::unique_ptr<game::State> state = family.new_state(variant, start, stream_.bits_);
    if (stream_.deal_) state->deal(stream_.bits_);
    return state;
  }
  std::string draw(const game::State& state) override {
    const std::vector<game::ChanceOutcome> outcomes = state.chance_outcomes();
    // What the deal fixed was drawn when it was dealt: the stream moves on
    // only for chance the deal left open, so that the next game's deal is
    // the one flip-match always dealt it.
    if (stream_.deal_ && outcomes.size() == 1 && outcomes[0].probability == 1.0)
      return outcomes[0].action;
    return sample_chance(outcomes, stream_.bits_).action;
  }

 private:
  OneStream& stream_;
};

std::unique_ptr<GameChance> OneStream::game(int) {
  return std::make_unique<Game>(*this);
}

std::unique_ptr<GameChance> PairedDeals::game(int index) {
  return std::make_unique<PairChance>(pair_seed(seed_, index / 2));
}

}  // namespace jungle::match
