#include "hidden/belief.h"

#include <bit>
#include <cmath>
#include <stdexcept>

namespace jungle::hidden {

Belief::Belief(AnimalSet animals, std::vector<AnimalSet> candidates)
    : animals_(animals), candidates_(std::move(candidates)) {
  if (std::popcount(unsigned(animals_.bits())) != int(candidates_.size())) {
    throw std::invalid_argument("a belief needs one piece per animal");
  }
  for (AnimalSet& c : candidates_) c = AnimalSet::from_bits(c.bits() & animals_.bits());
  weights_.assign(candidates_.size(), {});
  for (auto& w : weights_) w.fill(1.0);
}

void Belief::restrict(int piece, AnimalSet allowed) {
  AnimalSet& c = candidates_[size_t(piece)];
  const AnimalSet narrowed = AnimalSet::from_bits(c.bits() & allowed.bits());
  if (narrowed == c) return;
  c = narrowed;
  solved_ = false;
}

void Belief::set_weight(int piece, Animal a, double weight) {
  if (!(weight > 0) || !std::isfinite(weight)) {
    throw std::invalid_argument("a belief weight must be positive and finite");
  }
  weights_[size_t(piece)][a] = weight;
  solved_ = false;
}

void Belief::solve() const {
  if (solved_) return;
  const unsigned all = animals_.bits();
  const int n = pieces();
  completions_.fill(0);
  count_completions_.fill(0);
  reach_.fill(0);
  // Subsets of the side's animals, largest first: the ways to give pieces
  // k..n-1 the animals a subset of size k leaves.
  completions_[all] = 1;
  count_completions_[all] = 1;
  for (int size = n - 1; size >= 0; --size) {
    for (unsigned mask = all;; mask = (mask - 1) & all) {
      if (std::popcount(mask) == size) {
        double ways = 0;
        uint64_t count = 0;
        const unsigned open = candidates_[size_t(size)].bits() & all & ~mask;
        for (unsigned bits = open; bits; bits &= bits - 1) {
          const int a = std::countr_zero(bits);
          ways += weights_[size_t(size)][a] * completions_[mask | (1u << a)];
          count += count_completions_[mask | (1u << a)];
        }
        completions_[mask] = ways;
        count_completions_[mask] = count;
      }
      if (mask == 0) break;
    }
  }
  // Forwards: the subsets the first pieces can use, and what each piece can be.
  feasible_.assign(size_t(n), AnimalSet());
  reach_[0] = 1;
  for (int size = 0; size < n; ++size) {
    for (unsigned mask = all;; mask = (mask - 1) & all) {
      if (std::popcount(mask) == size && reach_[mask] > 0) {
        const unsigned open = candidates_[size_t(size)].bits() & all & ~mask;
        for (unsigned bits = open; bits; bits &= bits - 1) {
          const int a = std::countr_zero(bits);
          const unsigned next = mask | (1u << a);
          if (count_completions_[next] == 0) continue;
          reach_[next] += reach_[mask];
          feasible_[size_t(size)].insert(Animal(a));
        }
      }
      if (mask == 0) break;
    }
  }
  solved_ = true;
}

bool Belief::consistent() const {
  solve();
  return count_completions_[0] > 0;
}

AnimalSet Belief::feasible(int piece) const {
  solve();
  return feasible_[size_t(piece)];
}

uint64_t Belief::arrangements() const {
  solve();
  return count_completions_[0];
}

double Belief::weighted_arrangements() const {
  solve();
  return completions_[0];
}

std::vector<std::array<double, kAnimals>> Belief::marginals() const {
  solve();
  const int n = pieces();
  std::vector<std::array<double, kAnimals>> out(static_cast<size_t>(n));
  const double total = completions_[0];
  if (!(total > 0)) return out;
  const unsigned all = animals_.bits();
  // Forwards, the weighted ways to give the first pieces a subset; piece
  // k's animal a then counts every way through a subset of size k, times
  // its weight, times the ways to finish from the subset with a.
  std::array<double, 256> reach{};
  reach[0] = 1;
  for (int size = 0; size < n; ++size) {
    for (unsigned mask = all;; mask = (mask - 1) & all) {
      if (std::popcount(mask) == size && reach[mask] > 0) {
        const unsigned open = candidates_[size_t(size)].bits() & all & ~mask;
        for (unsigned bits = open; bits; bits &= bits - 1) {
          const int a = std::countr_zero(bits);
          const unsigned next = mask | (1u << a);
          const double through = reach[mask] * weights_[size_t(size)][a];
          out[size_t(size)][size_t(a)] += through * completions_[next];
          reach[next] += through;
        }
      }
      if (mask == 0) break;
    }
  }
  for (auto& piece : out)
    for (double& p : piece) p /= total;
  return out;
}

std::vector<Animal> Belief::sample(RandomBits rng) const {
  solve();
  if (count_completions_[0] == 0) throw std::logic_error("sampling an inconsistent belief");
  std::vector<Animal> out;
  const unsigned all = animals_.bits();
  unsigned mask = 0;
  for (int k = 0; k < pieces(); ++k) {
    const unsigned open = candidates_[size_t(k)].bits() & all & ~mask;
    double total = 0;
    for (unsigned bits = open; bits; bits &= bits - 1) {
      const int a = std::countr_zero(bits);
      if (count_completions_[mask | (1u << a)] > 0)
        total += weights_[size_t(k)][a] * completions_[mask | (1u << a)];
    }
    double pick = std::uniform_real_distribution<double>(0, total)(rng);
    int chosen = -1;
    for (unsigned bits = open; bits; bits &= bits - 1) {
      const int a = std::countr_zero(bits);
      if (count_completions_[mask | (1u << a)] == 0) continue;
      chosen = a;  // the last possible one takes what rounding leaves
      pick -= weights_[size_t(k)][a] * completions_[mask | (1u << a)];
      if (pick < 0) break;
    }
    out.push_back(Animal(chosen));
    mask |= 1u << chosen;
  }
  return out;
}

}  // namespace jungle::hidden
