// Reading the enemy's moves (docs/hidden.md, "Reading the enemy's moves"):
// how likely each animal of the moving piece makes the move it made, by a
// one-ply model of the enemy over the view.
#include <algorithm>
#include <cmath>
#include <random>

#include "hidden_search/view_search_impl.h"

namespace jungle::hidden {

namespace {

// Move values beyond this many centipawns count as this: a win is no
// likelier than a move far ahead.
constexpr int kReadingClamp = 1000;

// The most nodes one reading of one move may take, over all the animals
// its piece may be: a one-ply model with quiescence takes a few thousand
// at most, so a reading that runs past this says nothing (its values are
// cut short) and gives way to no reading at all, rather than hold up the
// move that asked for it.
constexpr uint64_t kReadingNodes = 200'000;

// The guessing model at this temperature or below plays the best move of
// its guess, ties shared alike; above, a softmax of its guess's values.
constexpr double kBestOnly = 1.0;

// The guessing model's worlds are drawn from a generator seeded by the
// position and the move read, so that a move reads the same wherever it
// is read (in the match, and again by `hidden-match --belief-stats`).
uint64_t worlds_seed(const PlayerView& before, Move played) {
  uint64_t x = (uint64_t(before.plies()) << 16) ^ played.raw();
  return splitmix(x);
}

// How well the move `played` explains `moves` valued `values` when the
// enemy plays its best move: 1 when it is the best, a share when it ties
// with others, 0 otherwise.
double best_share(const std::vector<VMove>& moves, const std::vector<double>& values, Move played) {
  const double top = *std::max_element(values.begin(), values.end());
  int ties = 0;
  bool best = false;
  for (size_t i = 0; i < moves.size(); ++i) {
    if (values[i] < top) continue;
    ++ties;
    if (moves[i].move == played) best = true;
  }
  return best ? 1.0 / double(ties) : 0.0;
}

}  // namespace

std::array<double, kAnimals> ViewSearch::move_likelihoods(const PlayerView& before, Move played,
                                                          double temperature, double uniform,
                                                          int read_piece, int worlds) {
  const std::vector<PieceReading> read =
      read_pieces(before, played, temperature, uniform, {read_piece}, worlds);
  impl_->nodes = read.front().nodes;
  return read.front().likelihood;
}

std::vector<ViewSearch::PieceReading> ViewSearch::read_pieces(const PlayerView& before, Move played,
                                                              double temperature, double uniform,
                                                              const std::vector<int>& read_pieces,
                                                              int worlds,
                                                              const ViewSearchLimits& budget) {
  Impl& s = *impl_;
  std::vector<PieceReading> out(read_pieces.size());
  s.set_rules(before.rule_set_ptr());
  // The model searches quiescence only (depth 0), which neither probes the
  // table nor judges repetition, and leaves the killers and history as it
  // finds them: so the game's placements (read_history, a replay of the
  // whole game) are not needed, and the view's marginals, the costliest
  // part of a short reading, are the same for every piece read.
  for (auto& k : s.killers) k = {Move(), Move()};
  for (auto& by_from : s.history)
    for (auto& row : by_from) row.fill(0);
  s.stop = nullptr;
  s.root_side = before.side_to_move();
  s.limits = ViewSearchLimits();
  s.limits.nodes = kReadingNodes;
  s.limits.clock = budget.clock;
  s.limits.deadline = budget.deadline;
  VState base = s.state_of(before);
  // The enemy does not know the searcher's unshown animals: each such
  // piece may be any of them to it (a piece in the water is a swimmer, as
  // the enemy sees; it keeps its animal).
  const Side enemy = before.side_to_move();
  const Side us = opponent(enemy);
  uint8_t unshown = 0;
  for (int id : before.side_pieces(us)) {
    const PieceInfo& p = before.pieces()[size_t(id)];
    if (!p.shown && p.known) unshown |= uint8_t(1u << *p.known);
  }
  for (int i = 0; i < base.count; ++i) {
    VPiece& p = base.pieces[size_t(i)];
    if (p.side != us || p.shown || p.square == kNoSquare) continue;
    if (s.rules->water() & square_bb(p.square)) continue;
    p.candidates = unshown;
    p.p.fill(0);
    for (int a = 0; a < kAnimals; ++a) {
      if ((unshown >> a) & 1) p.p[size_t(a)] = 1.0f / float(popcount8(unshown));
    }
  }
  s.rekey(base);
  // The guessing model (worlds > 0): the enemy guesses our unshown
  // animals, a world each, and chooses by its values in its guess. Each
  // world gives our unshown pieces on land the animals not yet shown, in
  // a random order (a piece in the water keeps its animal, a swimmer as
  // the enemy sees); every animal read is valued in the same worlds.
  std::vector<VState> guesses;
  if (worlds > 0) {
    std::vector<int> guessed;
    std::vector<int> pool;
    uint8_t kept = 0;
    for (int i = 0; i < base.count; ++i) {
      const VPiece& p = base.pieces[size_t(i)];
      if (p.side != us || p.shown || p.square == kNoSquare) continue;
      if (s.rules->water() & square_bb(p.square)) {
        kept |= p.candidates;
      } else {
        guessed.push_back(i);
      }
    }
    for (int a = 0; a < kAnimals; ++a) {
      if (((unshown & ~kept) >> a) & 1) pool.push_back(a);
    }
    // More pieces than animals to guess cannot be drawn: the averaged
    // model reads them then.
    if (pool.size() >= guessed.size()) {
      std::mt19937_64 rng(worlds_seed(before, played));
      for (int w = 0; w < worlds; ++w) {
        std::shuffle(pool.begin(), pool.end(), rng);
        VState world = base;
        for (size_t k = 0; k < guessed.size(); ++k) {
          VPiece& p = world.pieces[size_t(guessed[k])];
          p.candidates = uint8_t(1u << pool[k]);
          p.p.fill(0);
          p.p[size_t(pool[k])] = 1;
        }
        guesses.push_back(world);
      }
    }
  }
  if (guesses.empty()) guesses.push_back(base);
  const bool guessing = worlds > 0;
  std::vector<VMove> moves;
  std::vector<double> values;
  uint64_t spent = 0;
  for (size_t r = 0; r < read_pieces.size(); ++r) {
    s.nodes = 0;
    s.aborted = false;
    // What the budget leaves this piece (at most one reading's own limit);
    // none left, it is not read.
    const ViewSearchLimits left = budget.after(spent);
    s.limits.nodes = left.nodes > 0 ? std::min(kReadingNodes, left.nodes) : kReadingNodes;
    s.aborted = budget.used_up(spent);
    const int read_id = read_pieces[r] >= 0 ? read_pieces[r] : before.piece_at(played.from());
    if (read_id < 0) continue;
    const Square read_square = before.pieces()[size_t(read_id)].square;
    if (read_square == kNoSquare) continue;
    const AnimalSet may_be = before.candidates(read_id);
    std::array<double, kAnimals>& likelihood = out[r].likelihood;
    const int read_index = base.board[size_t(read_square)];
    for (int a = 0; a < kAnimals; ++a) {
      if (!may_be.contains(Animal(a)) || s.aborted) continue;
      // The move's mean probability over the worlds (the averaged model:
      // one world, the softmax's probability of the move), and the moves
      // the random choice is among (the first world's).
      double chosen_share = 0;
      size_t choices = 0;
      for (const VState& world : guesses) {
        // The piece is that animal, which no other piece of its side is then.
        VState st = world;
        s.narrow(st, read_index, uint8_t(1u << a));
        VPiece& piece = st.pieces[size_t(read_index)];
        piece.p.fill(0);
        piece.p[size_t(a)] = 1;
        piece.candidates = uint8_t(1u << a);
        s.rekey(st);
        s.generate(st, moves, false);
        if (choices == 0) choices = moves.size();
        if (moves.empty()) continue;
        values.clear();
        double chosen = -1e300;
        for (const VMove& m : moves) {
          const int v = std::clamp(s.move_value(st, m, 0, -kInfinite, kInfinite, 0, 0),
                                   -kReadingClamp, kReadingClamp);
          values.push_back(double(v));
          if (m.move == played) chosen = double(v);
        }
        double share = 0;
        if (guessing && temperature <= kBestOnly) {
          share = best_share(moves, values, played);
        } else {
          const double top = *std::max_element(values.begin(), values.end());
          double sum = 0;
          for (double v : values) sum += std::exp((v - top) / temperature);
          share = chosen > -1e299 ? std::exp((chosen - top) / temperature) / sum : 0.0;
        }
        chosen_share += share / double(guesses.size());
      }
      if (choices == 0) continue;
      likelihood[size_t(a)] = (1 - uniform) * chosen_share + uniform / double(choices);
    }
    if (s.aborted) {
      // Cut short: every animal the piece may be explains the move alike.
      for (int a = 0; a < kAnimals; ++a)
        likelihood[size_t(a)] = may_be.contains(Animal(a)) ? 1.0 : 0.0;
    }
    out[r].nodes = s.nodes;
    spent += s.nodes;
  }
  return out;
}

uint64_t ViewSearch::last_nodes() const {
  return impl_->nodes;
}

}  // namespace jungle::hidden
