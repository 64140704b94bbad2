#include "hidden_search/ismcts.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/movegen.h"

namespace jungle::hidden {

namespace {

struct Node {
  Move move;           // the move that led here (none for the root)
  Side mover = kBlue;  // the side that made it, for whom `reward` counts
  uint32_t visits = 0;
  uint32_t available = 0;  // iterations in which its move was legal at its parent
  double reward = 0;       // summed over its visits, 0..1 each
  std::vector<uint32_t> children;
};

// What a finished game is worth to `side`.
double result_for(GameResult r, Side side) {
  if (r == GameResult::kDraw) return 0.5;
  return (r == GameResult::kBlueWins) == (side == kBlue) ? 1.0 : 0.0;
}

}  // namespace

IsmctsSearcher::IsmctsSearcher(IsmctsOptions options)
    : options_(options), rng_(options.seed ? options.seed : 1) {
  if (!(options_.exploration > 0) || !std::isfinite(options_.exploration)) {
    throw std::invalid_argument("ismcts: the exploration constant must be a number above 0, not " +
                                std::to_string(options_.exploration));
  }
}

IsmctsSearcher::~IsmctsSearcher() = default;

HiddenSearchResult IsmctsSearcher::search(const PlayerView& view, const HiddenLimits& limits) {
  HiddenSearchResult out;
  const MoveList tries = view.legal_moves();
  if (tries.empty()) return out;
  if (rules_ != view.rule_set_ptr()) {
    rules_ = view.rule_set_ptr();
    evaluator_ = std::make_unique<Evaluator>(*rules_);
  }
  const Side us = view.side_to_move();
  const FailedAttack failed = view.rules().failed_attack;
  const uint64_t budget = limits.nodes > 0 ? limits.nodes
                          : limits.movetime_ms > 0
                              ? 0
                              : uint64_t(std::max(1, limits.depth)) * kIsmctsNodesPerDepth;
  const auto deadline = move_end(limits);

  std::vector<Node> tree(1);
  tree[0].mover = opponent(us);
  std::vector<uint32_t> path;
  std::vector<Move> moves;
  uint64_t nodes = 0;
  int iterations = 0;
  int deepest = 0;
  auto out_of_budget = [&] {
    if (budget > 0) return nodes >= budget;
    // Time: checked every iteration. An iteration replays the game in its
    // world, which costs far more than a clock read; read every 16th, the
    // clock let a move run a fifth past its time at 20 ms.
    return limits.clock.now() >= deadline;
  };
  while (iterations == 0 || !out_of_budget()) {
    ++iterations;
    Position pos = view.determinize(view.sample_arrangement(rng_));
    path.assign(1, 0);
    uint32_t at = 0;
    ++nodes;  // the leaf's evaluation
    for (;;) {
      if (game_result(pos) != GameResult::kOngoing) break;
      // The moves of this node in this world.
      moves.clear();
      if (at == 0) {
        for (Move m : tries) moves.push_back(m);
      } else {
        for (Move m : generate_moves(pos)) moves.push_back(m);
      }
      if (moves.empty()) break;
      Node& node = tree[at];
      // Availability: every child whose move this world allows here.
      std::vector<bool> seen(moves.size(), false);
      for (uint32_t c : node.children) {
        const auto it = std::find(moves.begin(), moves.end(), tree[c].move);
        if (it == moves.end()) continue;
        ++tree[c].available;
        seen[size_t(it - moves.begin())] = true;
      }
      std::vector<Move> fresh;
      for (size_t i = 0; i < moves.size(); ++i) {
        if (!seen[i]) fresh.push_back(moves[i]);
      }
      uint32_t next;
      if (!fresh.empty()) {
        // Expansion: one move of this world not yet in the tree.
        const Move m = fresh[std::uniform_int_distribution<size_t>(0, fresh.size() - 1)(rng_)];
        next = uint32_t(tree.size());
        Node child;
        child.move = m;
        child.mover = pos.side_to_move();
        child.available = 1;
        tree.push_back(std::move(child));
        tree[at].children.push_back(next);
      } else {
        // Selection: UCB1 over the available children.
        double best = -1;
        next = 0;
        for (uint32_t c : tree[at].children) {
          const Node& n = tree[c];
          if (std::find(moves.begin(), moves.end(), n.move) == moves.end()) continue;
          const double value =
              n.reward / n.visits +
              options_.exploration * std::sqrt(std::log(double(n.available)) / n.visits);
          if (value > best) {
            best = value;
            next = c;
          }
        }
      }
      const Move m = tree[next].move;
      if (at == 0 && !is_legal(pos, m)) {
        // One of the view's tries that fails in this world: as it fails.
        if (failed != FailedAttack::kRefused && pos.piece_on(m.to()) != kNoPiece)
          pos.do_failed_attack(m, failed == FailedAttack::kAttackerDies);
        // Refused: nothing happens and the same side moves again.
      } else {
        pos.do_move(m);
      }
      ++nodes;
      path.push_back(next);
      at = next;
      if (tree[at].visits == 0) break;  // just expanded: the leaf
    }
    deepest = std::max(deepest, int(path.size()) - 1);
    // The leaf's value for the side to move there, then for each mover.
    const GameResult r = game_result(pos);
    const Side to_move = pos.side_to_move();
    const double value = r != GameResult::kOngoing ? result_for(r, to_move)
                                                   : expected_result(evaluator_->evaluate(pos));
    for (uint32_t i : path) {
      Node& n = tree[i];
      ++n.visits;
      n.reward += n.mover == to_move ? value : 1.0 - value;
    }
  }

  out.nodes = nodes;
  out.worlds = iterations;
  out.depth = deepest;
  std::vector<uint32_t> children = tree[0].children;
  // The most visited; among as many, the higher mean; then the tries' order.
  std::stable_sort(children.begin(), children.end(), [&](uint32_t a, uint32_t b) {
    const Node &x = tree[a], &y = tree[b];
    if (x.visits != y.visits) return x.visits > y.visits;
    return x.reward * y.visits > y.reward * x.visits;
  });
  for (uint32_t c : children) {
    const Node& n = tree[c];
    if (n.visits == 0) continue;
    out.candidates.push_back({n.move, n.reward / n.visits, c == children[0] ? 1 : 0});
  }
  if (out.candidates.empty()) {
    out.best = tries[0];
    out.candidates.push_back({tries[0], 0.5, 0});
  } else {
    out.best = out.candidates[0].move;
    out.expected = out.candidates[0].expected;
  }
  return out;
}

}  // namespace jungle::hidden
