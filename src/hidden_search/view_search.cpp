#include "hidden_search/view_search.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <random>

#include "hidden_search/view_search_impl.h"

namespace jungle::hidden {

namespace {

// The enemy's gamble (OpponentModel::kInformed): with probability q the
// move `v`, else its best other move `others`, mixed as expected results.
int gamble_value(double q, int v, int others) {
  if (std::abs(v) >= kWinBound && std::abs(others) >= kWinBound && (v > 0) == (others > 0))
    return int(std::lround(q * v + (1 - q) * others));
  return tree_score(q * tree_utility(v) + (1 - q) * tree_utility(others), 0);
}
// The window in which the gamble's move must be searched for the mix to
// fall inside (alpha, beta).
void gamble_window(double q, int others, int alpha, int beta, int& a, int& b) {
  const double rest = (1 - q) * tree_utility(others);
  a = std::max(tree_score((tree_utility(alpha) - rest) / q, -kInfinite), -kInfinite + 1);
  b = std::min(tree_score((tree_utility(beta) - rest) / q, kInfinite), kInfinite - 1);
}

}  // namespace

void ViewSearch::Impl::prepare(const PlayerView& view, const ViewSearchLimits& l,
                               const std::atomic<bool>* stop_flag) {
  // The table is kept from move to move of a game, as the open engine
  // keeps its own: what the last move's search found orders this one's.
  // A view earlier than the last one searched is a new game.
  const size_t size = size_t(1) << std::clamp(options.hash_bits, 8, 26);
  if (table.size() != size) table.assign(size, TTEntry());
  if (view.plies() < last_plies || view.rule_set_ptr() != table_rules) clear_table();
  last_plies = view.plies();
  table_rules = view.rule_set_ptr();
  for (auto& k : killers) k = {Move(), Move()};
  for (auto& by_from : history)
    for (auto& row : by_from) row.fill(0);
  limits = l;
  stop = stop_flag;
  nodes = 0;
  aborted = false;
  root_side = view.side_to_move();
  read_history(view);
}

bool ViewSearch::Impl::out_of_budget() {
  if (aborted) return true;
  if (limits.nodes && nodes >= limits.nodes) aborted = true;
  if ((nodes & 255) == 0) {
    if (stop && stop->load(std::memory_order_relaxed)) aborted = true;
    if (limits.past_deadline()) aborted = true;
  }
  return aborted;
}

int ViewSearch::Impl::child_value(const VState& c, bool same_side, int depth, int alpha, int beta,
                                  int ply, int qply) {
  if (same_side) {
    return qply >= 0 ? quiesce(c, alpha, beta, ply + 1, qply + 1)
                     : search(c, depth, alpha, beta, ply + 1, true);
  }
  return qply >= 0 ? -quiesce(c, -beta, -alpha, ply + 1, qply + 1)
                   : -search(c, depth, -beta, -alpha, ply + 1, true);
}

int ViewSearch::Impl::gamble_mix(const VState& st, const VMove& m, int others, int depth, int alpha,
                                 int beta, int ply, int qply) {
  const GambleOdds odds = guessing_odds(st, m);
  const double q = odds.take + odds.fail;
  if (q <= double(kNegligible)) return others;  // never made
  int a = 0, b = 0;
  gamble_window(q, others, alpha, beta, a, b);
  int v;
  if (odds.fail <= double(kNegligible) * q || odds.take <= double(kNegligible) * q) {
    // One outcome only: the child it gives.
    bool same = false;
    const VState c = child(st, m, odds.fail <= double(kNegligible) * q, same);
    v = child_value(c, same, depth, a, b, ply, qply);
  } else {
    // Made, it takes or fails as the enemy's true animal decides: the
    // searcher's chance node, with the odds given that it is made.
    VMove made = m;
    made.p_took = float(odds.take / q);
    v = move_value(st, made, depth, a, b, ply, qply);
  }
  if (aborted) return 0;
  return gamble_value(std::min(q, 1.0), v, others);
}

int ViewSearch::Impl::move_value(const VState& st, const VMove& m, int depth, int alpha, int beta,
                                 int ply, int qply) {
  const bool chance = m.target >= 0 && m.p_took < 1.0f - kNegligible;
  if (!chance) {
    bool same = false;
    const VState c = child(st, m, true, same);
    return child_value(c, same, depth, alpha, beta, ply, qply);
  }
  // A chance node (Star1 over expected results): the outcomes' scores
  // are averaged as expected results (tree_utility), so that a chance to
  // win the game at once is worth that chance, not a share of the win's
  // score; each outcome is searched in the window that could still move
  // the weighted sum across alpha or beta, those not yet searched taken
  // at their bounds (0 and 1).
  const double p[2] = {double(m.p_took), 1.0 - double(m.p_took)};
  const double low = tree_utility(alpha), high = tree_utility(beta);
  double sum = 0, rest = 1, linear = 0;
  bool all_decided = true;  // every outcome so far a win or a loss
  for (int k = 0; k < 2; ++k) {
    rest -= p[k];
    if (rest < 1e-9) rest = 0;
    const int a = tree_score((low - sum - rest) / p[k], -kInfinite);
    const int b = tree_score((high - sum) / p[k], kInfinite);
    bool same = false;
    const VState c = child(st, m, k == 0, same);
    // In quiescence, an attack that fails without a loss (the attacker
    // bounces back, or the try is refused) ends the line where it stands:
    // it takes nothing, so a line of such tries never quiets down, and
    // following them ran the reading's unlimited searches out of all
    // bounds (both sides trying into each other up to kMaxTreePly).
    const bool lossless_failure =
        k == 1 && qply >= 0 && rules->rules().failed_attack != FailedAttack::kAttackerDies;
    const int v = lossless_failure ? (same ? evaluate(c) : -evaluate(c))
                                   : child_value(c, same, depth, std::max(a, -kInfinite + 1),
                                                 std::min(b, kInfinite - 1), ply, qply);
    if (aborted) return 0;
    sum += p[k] * tree_utility(v);
    linear += p[k] * v;
    all_decided = all_decided && std::abs(v) >= kWinBound;
    if (rest > 0 && sum + rest <= low) return tree_score(sum + rest, -kInfinite);
    if (rest > 0 && sum >= high) return tree_score(sum, kInfinite);
  }
  // Wins and losses only: their mean keeps the nearer win first.
  if (all_decided && (linear >= kWinBound || linear <= -kWinBound)) return int(std::lround(linear));
  return tree_score(sum, 0);
}

int ViewSearch::Impl::quiesce(const VState& st, int alpha, int beta, int ply, int qply) {
  ++nodes;
  if (out_of_budget()) return 0;
  const Side us = st.to_move;
  if (!st.occupied[us] || (st.occupied[opponent(us)] & rules->den_bb(us))) return -kWin + ply;
  if (!st.occupied[opponent(us)]) return kWin - ply;
  const int stand = evaluate(st);
  if (ply >= kMaxTreePly) return stand;
  // With the enemy next to the den, standing pat means nothing: every move
  // is looked at, and none that stops it loses.
  const bool threatened = qply < kEvasionPlies && threatens_den(st, opponent(us));
  int best = threatened ? -kWin + ply : stand;
  if (best >= beta) return best;
  alpha = std::max(alpha, best);
  std::vector<VMove>& moves = move_buffers[size_t(ply)];
  generate(st, moves, !threatened);
  order(st, moves, Move(), ply);
  std::vector<const VMove*>& gambles = gamble_buffers[size_t(ply)];
  gambles.clear();
  for (const VMove& m : moves) {
    if (informed_gamble(st, m)) {
      gambles.push_back(&m);
      continue;
    }
    if (rules->den_bb(opponent(us)) & square_bb(m.move.to())) return kWin - ply - 1;
    if (!threatened && m.target >= 0) {
      // Delta: even the expected capture cannot lift the score to alpha.
      const VPiece& victim = st.pieces[size_t(m.target)];
      float gain = 0;
      for (int a = 0; a < kAnimals; ++a)
        gain += victim.p[size_t(a)] * piece_square[victim.side][size_t(a)][size_t(victim.square)];
      if (float(best) + m.p_took * gain + float(kDeltaMargin) < float(alpha)) continue;
    }
    const int v = move_value(st, m, 0, alpha, beta, ply, qply);
    if (aborted) return 0;
    if (v > best) {
      best = v;
      if (v >= beta) return v;
      alpha = std::max(alpha, v);
    }
  }
  const int others = best;
  for (const VMove* m : gambles) {
    if (options.opponent == OpponentModel::kGuessing) {
      const int mixed = gamble_mix(st, *m, others, 0, alpha, beta, ply, qply);
      if (aborted) return 0;
      if (mixed > best) {
        best = mixed;
        if (mixed >= beta) return mixed;
        alpha = std::max(alpha, mixed);
      }
      continue;
    }
    const double q = double(m->p_move) * double(m->p_took);
    int a = 0, b = 0;
    gamble_window(q, others, alpha, beta, a, b);
    const int v = move_value(st, *m, 0, a, b, ply, qply);
    if (aborted) return 0;
    const int mixed = gamble_value(q, v, others);
    if (mixed > best) {
      best = mixed;
      if (mixed >= beta) return mixed;
      alpha = std::max(alpha, mixed);
    }
  }
  return best;
}

int ViewSearch::Impl::search(const VState& st, int depth, int alpha, int beta, int ply,
                             bool null_ok) {
  if (depth <= 0) return quiesce(st, alpha, beta, ply, 0);
  ++nodes;
  if (out_of_budget()) return 0;
  const Side us = st.to_move;
  if (!st.occupied[us] || (st.occupied[opponent(us)] & rules->den_bb(us))) return -kWin + ply;
  if (!st.occupied[opponent(us)]) return kWin - ply;
  if (st.plies_since_capture >= rules->draw_after_plies_without_capture()) return draw(st);
  if (ply >= kMaxTreePly) return evaluate(st);
  path[size_t(ply)] = st.placement;
  if (repeats(st, ply)) return draw(st);
  // No line from here beats a win found nearer the root.
  alpha = std::max(alpha, -kWin + ply);
  beta = std::min(beta, kWin - ply - 1);
  if (alpha >= beta) return alpha;

  const int original_alpha = alpha;
  TTEntry& entry = table[size_t(st.key & (table.size() - 1))];
  Move tt_move;
  if (entry.key == st.key) {
    tt_move = Move::from_raw(entry.move);
    if (ply > 0 && entry.depth >= depth) {
      const int v = from_table(entry.value, ply);
      if (entry.bound == 3 || (entry.bound == 1 && v >= beta) || (entry.bound == 2 && v <= alpha))
        return v;
    }
  }

  // A den threat is answered a ply deeper (as a check is), a pass is no answer.
  const bool threatened = threatens_den(st, opponent(us));
  if (threatened && ply < 2 * root_depth) ++depth;
  const bool pv_node = beta - alpha > 1;
  const bool bounded = beta < kWinBound && beta > -kWinBound;
  const bool no_prune = !options.leaf_pruning;
  // Only the pruning near the leaves and the null move read it.
  const int static_eval = !no_prune || options.null_move ? evaluate(st) : 0;
  if (!pv_node && !threatened && bounded) {
    // Reverse futility: far above beta and too shallow to lose it all.
    if (!no_prune && depth <= kFutileDepth && static_eval - kFutileMargin * depth >= beta)
      return static_eval;
    // Null move: passing still holds beta, so a real move would too.
    if (options.null_move && null_ok && depth >= 3 && static_eval >= beta &&
        std::popcount(st.occupied[us]) > 1) {
      VState passed = st;
      passed.to_move = opponent(us);
      rekey(passed);
      const int r = kNullMoveReduction + depth / 4;
      const int v = -search(passed, depth - 1 - r, -beta, -beta + 1, ply + 1, false);
      if (aborted) return 0;
      if (v >= beta) return v >= kWinBound ? beta : v;
    }
  }

  std::vector<VMove>& moves = move_buffers[size_t(ply)];
  generate(st, moves, false);
  if (moves.empty()) {
    return rules->rules().no_legal_move == NoMoveRule::kDraw ? 0 : -kWin + ply;
  }
  order(st, moves, tt_move, ply);
  int best = -kInfinite;
  Move best_move;
  std::vector<const VMove*>& gambles = gamble_buffers[size_t(ply)];
  gambles.clear();
  int searched = 0;
  bool pruned = false;
  const Bitboard enemy_den = rules->den_bb(opponent(us));
  for (const VMove& m : moves) {
    if (informed_gamble(st, m)) {
      gambles.push_back(&m);
      continue;
    }
    if (enemy_den & square_bb(m.move.to())) {
      best = kWin - ply - 1;
      best_move = m.move;
      break;
    }
    const bool quiet = m.target < 0;
    if (!no_prune && !pv_node && !threatened && quiet && searched > 0 && best > -kWinBound &&
        ((depth <= kLateMovesDepth && searched >= kLateMovesBase + depth * depth) ||
         (depth <= kQuietFutileDepth && static_eval + kQuietFutileMargin * depth <= alpha))) {
      pruned = true;
      continue;
    }
    int v;
    if (searched == 0) {
      v = move_value(st, m, depth - 1, alpha, beta, ply, -1);
    } else {
      int reduction = 0;
      const bool gives_threat = (rules->den_neighbours(opponent(us)) & square_bb(m.move.to())) != 0;
      if (options.reductions && quiet && !threatened && !gives_threat && depth >= 3 &&
          m.move != killers[size_t(ply)][0] && m.move != killers[size_t(ply)][1]) {
        reduction =
            int(kLmrBase + std::log(double(depth)) * std::log(double(searched + 1)) / kLmrDivisor);
        if (pv_node) --reduction;
        reduction -= history[us][size_t(m.move.from())][size_t(m.move.to())] / kLmrHistoryDivisor;
        reduction = std::clamp(reduction, 0, depth - 2);
      }
      v = move_value(st, m, depth - 1 - reduction, alpha, alpha + 1, ply, -1);
      if (!aborted && v > alpha && reduction > 0)
        v = move_value(st, m, depth - 1, alpha, alpha + 1, ply, -1);
      if (!aborted && pv_node && v > alpha && v < beta)
        v = move_value(st, m, depth - 1, alpha, beta, ply, -1);
    }
    if (aborted) return 0;
    ++searched;
    if (v > best) {
      best = v;
      best_move = m.move;
      if (v > alpha) alpha = v;
      if (v >= beta) {
        if (quiet) {
          auto& k = killers[size_t(ply)];
          if (k[0] != m.move) {
            k[1] = k[0];
            k[0] = m.move;
          }
          int& h = history[us][size_t(m.move.from())][size_t(m.move.to())];
          h = std::min(h + depth * depth * 16, kHistoryMax);
        }
        break;
      }
    }
  }
  // Every quiet move pruned: the window's word stands for them.
  if (pruned && best < alpha) best = alpha;
  if (best < beta && !gambles.empty()) {
    // The enemy's moves that only some of its piece's animals can make:
    // made when the piece is one of them, and otherwise its best other
    // move (or none: a loss).
    const int others = best == -kInfinite ? -kWin + ply : best;
    for (const VMove* m : gambles) {
      int mixed;
      if (options.opponent == OpponentModel::kGuessing && !(enemy_den & square_bb(m->move.to()))) {
        mixed = gamble_mix(st, *m, others, depth - 1, alpha, beta, ply, -1);
      } else {
        const double q = double(m->p_move) * double(m->p_took);
        int a = 0, b = 0;
        gamble_window(q, others, alpha, beta, a, b);
        const int v = (enemy_den & square_bb(m->move.to()))
                          ? kWin - ply - 1
                          : move_value(st, *m, depth - 1, a, b, ply, -1);
        mixed = gamble_value(q, v, others);
      }
      if (aborted) return 0;
      if (mixed > best) {
        best = mixed;
        best_move = m->move;
        if (mixed > alpha) alpha = mixed;
        if (mixed >= beta) break;
      }
    }
  }
  if (best == -kInfinite) best = -kWin + ply;
  entry.key = st.key;
  entry.value = int16_t(std::clamp(to_table(best, ply), -kInfinite, kInfinite));
  entry.move = best_move.raw();
  entry.depth = int8_t(depth);
  entry.bound = uint8_t(best >= beta ? 1 : best > original_alpha ? 3 : 2);
  return best;
}

ViewSearch::ViewSearch(ViewSearchOptions options)
    : options_(options), impl_(std::make_unique<Impl>()) {
  impl_->options = options;
}

ViewSearch::~ViewSearch() = default;

void ViewSearch::set_options(const ViewSearchOptions& options) {
  options_ = options;
  impl_->options = options;
}

void ViewSearch::new_game() {
  impl_->clear_table();
}

int ViewSearch::evaluate(const PlayerView& view) {
  impl_->set_rules(view.rule_set_ptr());
  return impl_->evaluate(impl_->state_of(view));
}

int ViewSearch::value_of(const PlayerView& view, Move m, int depth) {
  Impl& s = *impl_;
  s.set_rules(view.rule_set_ptr());
  s.prepare(view, ViewSearchLimits(), nullptr);
  s.clear_table();
  s.root_depth = depth;
  const VState root = s.state_of(view);
  s.path[0] = root.placement;
  std::vector<VMove> moves;
  s.generate(root, moves, false);
  for (const VMove& vm : moves) {
    if (vm.move == m) return s.move_value(root, vm, depth - 1, -kInfinite, kInfinite, 0, -1);
  }
  return -kInfinite;
}

AttackOdds ViewSearch::odds(const PlayerView& view, Move m) {
  impl_->set_rules(view.rule_set_ptr());
  const VState st = impl_->state_of(view);
  const int attacker = st.board[size_t(m.from())];
  const int target = st.board[size_t(m.to())];
  AttackOdds out;
  if (attacker < 0 || target < 0) return out;
  out.took = impl_->took_chance(st, attacker, st.pieces[size_t(attacker)].candidates, target,
                                m.from(), m.to());
  out.failed = 1 - out.took;
  return out;
}

AttackOdds ViewSearch::guessed_attack(const PlayerView& view, Move m) {
  Impl& s = *impl_;
  s.set_rules(view.rule_set_ptr());
  const VState st = s.state_of(view);
  std::vector<VMove> moves;
  s.generate(st, moves, true);
  AttackOdds out;
  for (const VMove& vm : moves) {
    if (vm.move != m || vm.target < 0) continue;
    const Impl::GambleOdds g = s.guessing_odds(st, vm);
    out.took = g.take;
    out.failed = g.fail;
  }
  return out;
}

ViewSearchResult ViewSearch::search(const PlayerView& view, const ViewSearchLimits& limits,
                                    const std::atomic<bool>* stop) {
  Impl& s = *impl_;
  s.set_rules(view.rule_set_ptr());
  s.prepare(view, limits, stop);
  const VState root = s.state_of(view);
  s.path[0] = root.placement;
  ViewSearchResult out;
  const MoveList tries = view.legal_moves();
  std::vector<VMove> moves;
  s.generate(root, moves, false);
  std::erase_if(moves, [&](const VMove& m) { return !tries.contains(m.move); });
  if (moves.empty()) {
    if (!tries.empty()) out.best = tries[0];
    return out;
  }
  // A move that repeats the game's position for the last time draws: the
  // view's history decides, read from any world (repetition compares
  // placements, whose animals are the same in every world).
  std::vector<bool> draws(moves.size(), false);
  if (view.rules().repetition == RepetitionRule::kDraw) {
    std::mt19937_64 rng(1);
    const Position world = view.determinize(view.sample_arrangement(rng));
    for (size_t i = 0; i < moves.size(); ++i) {
      if (moves[i].target < 0 &&
          world.occurrences_after(moves[i].move) + 1 >= view.rule_set().draw_at_repetition())
        draws[i] = true;
    }
  }
  std::vector<int> scores(moves.size(), -kInfinite);
  std::vector<size_t> index(moves.size());
  for (size_t i = 0; i < index.size(); ++i) index[i] = i;
  {
    // The first order: captures by expected gain, den entries first.
    std::vector<VMove> ordered = moves;
    s.order(root, ordered, Move(), 0);
    for (size_t i = 0; i < ordered.size(); ++i) {
      for (size_t j = 0; j < moves.size(); ++j) {
        if (moves[j].move == ordered[i].move) index[i] = j;
      }
    }
  }
  out.best = moves[index[0]].move;
  const int max_depth = limits.depth > 0 ? std::min(limits.depth, kMaxDepth) : kMaxDepth;
  for (int depth = 1; depth <= max_depth; ++depth) {
    s.root_depth = depth;
    int alpha = -kInfinite, best = -kInfinite;
    size_t best_index = index[0];
    std::vector<int> now(moves.size(), -kInfinite);
    bool complete = true;
    for (size_t k = 0; k < index.size(); ++k) {
      const size_t i = index[k];
      int v;
      if (draws[i]) {
        v = -s.contempt;
      } else if (s.rules->den_bb(opponent(root.to_move)) & square_bb(moves[i].move.to())) {
        v = kWin - 1;
      } else if (k == 0 || limits.exact_root) {
        v = s.move_value(root, moves[i], depth - 1, -kInfinite, kInfinite, 0, -1);
      } else {
        v = s.move_value(root, moves[i], depth - 1, alpha, alpha + 1, 0, -1);
        if (!s.aborted && v > alpha) {
          v = s.move_value(root, moves[i], depth - 1, alpha, kInfinite, 0, -1);
        }
      }
      if (s.aborted) {
        complete = false;
        break;
      }
      now[i] = v;
      if (v > best) {
        best = v;
        best_index = i;
        alpha = std::max(alpha, v);
      }
    }
    // A depth cut short still counts where its first move was searched:
    // each move keeps its newest value, this depth's or the last one's
    // (so that a first move found to fail gives way).
    if (!complete && now[index[0]] == -kInfinite) break;
    if (!complete && now[index[0]] < scores[index[0]] - kFirstMoveFails && best_index == index[0]) {
      // The first move fell far below its last value and nothing searched
      // at this depth beat it: the move the last depth ranked next instead
      // (its value a bound from the last depth).
      for (size_t k = 1; k < index.size(); ++k) {
        const size_t i = index[k];
        if (now[i] == -kInfinite && scores[i] > best) {
          best = scores[i];
          best_index = i;
          break;
        }
      }
    }
    out.best = moves[best_index].move;
    out.score = best;
    if (complete) {
      out.depth = depth;
      scores = now;
    } else {
      for (size_t i = 0; i < moves.size(); ++i) {
        if (now[i] != -kInfinite) scores[i] = now[i];
      }
    }
    // The next depth begins with this one's best, then by score.
    std::stable_sort(index.begin(), index.end(),
                     [&](size_t a, size_t b) { return scores[a] > scores[b]; });
    if (!complete || std::abs(best) >= kWinBound) break;
  }
  out.nodes = s.nodes;
  for (size_t k = 0; k < index.size(); ++k) {
    if (scores[index[k]] != -kInfinite)
      out.scores.push_back({moves[index[k]].move, scores[index[k]]});
  }
  return out;
}

}  // namespace jungle::hidden
