#pragma once

#include <array>
#include <cstdint>
#include <random>
#include <vector>

#include "core/random_bits.h"
#include "core/rules.h"
#include "core/types.h"

namespace jungle::hidden {

// What an observer can deduce about the animals of one side's pieces: each
// piece's candidates (the animals it may be by what it was seen to do) and
// the one rule that ties them together, that a side's pieces are its
// animals, each once. An arrangement is a choice of one candidate per piece,
// all different, using every animal of the side: a perfect matching of
// pieces to animals. With at most eight animals a side, every question below
// is answered exactly by counting over subsets of animals (2^8 states).
class Belief {
 public:
  Belief() = default;
  // `animals` are the side's animals; one piece per animal, each with its
  // candidates (pieces that left the board unseen still count: they were
  // some animal). Throws std::invalid_argument when the counts differ.
  Belief(AnimalSet animals, std::vector<AnimalSet> candidates);

  int pieces() const { return int(candidates_.size()); }
  AnimalSet animals() const { return animals_; }
  // The piece's own constraints, before the all-different rule.
  AnimalSet candidates(int piece) const { return candidates_[size_t(piece)]; }
  // Narrows a piece's candidates to `allowed`.
  void restrict(int piece, AnimalSet allowed);

  // Whether some arrangement fits every constraint.
  bool consistent() const;
  // The animals the piece is in at least one arrangement (empty when none fits).
  AnimalSet feasible(int piece) const;
  // How many arrangements fit (at most 8! = 40320).
  uint64_t arrangements() const;

  // Relative likelihoods of each animal for each piece (default 1), for an
  // engine that holds soft beliefs on top of the exact ones; sampling draws
  // an arrangement with probability proportional to the product of its
  // pieces' weights. A weight must be positive and finite.
  void set_weight(int piece, Animal a, double weight);
  // One arrangement (animal by piece), drawn with the probability above
  // (uniformly without weights). The belief must be consistent.
  std::vector<Animal> sample(RandomBits rng) const;
  // The arrangements that fit, each counted as the product of its pieces'
  // weights: arrangements() when no weight was set. A piece's probability
  // of an animal is this total with the piece restricted to the animal,
  // divided by this total.
  double weighted_arrangements() const;
  // Each piece's probability of each animal: that total with the piece
  // restricted to the animal, over the whole (all 0 when nothing fits).
  // One pass over the subsets gives every piece's, where a solve per piece
  // and animal would cost up to 64 of them.
  std::vector<std::array<double, kAnimals>> marginals() const;

 private:
  void solve() const;

  AnimalSet animals_;
  std::vector<AnimalSet> candidates_;
  std::vector<std::array<double, kAnimals>> weights_;
  // Solved lazily after a change: for every subset of animals used by the
  // first k pieces (k = its size), the weighted number of ways to finish
  // the arrangement (`completions_`) and of reaching it (`reach_`).
  mutable bool solved_ = false;
  mutable std::array<double, 256> completions_{};
  mutable std::array<double, 256> reach_{};
  mutable std::array<uint64_t, 256> count_completions_{};
  mutable std::vector<AnimalSet> feasible_;
};

}  // namespace jungle::hidden
