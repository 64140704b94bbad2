#include "search/search.h"

#include <algorithm>
#include <cmath>

#include "search/move_scores.h"
#include "search/pick_best.h"
#include "search/search_params.h"
#include "tablebase/tablebase.h"

namespace jungle {

namespace {

// Late-move reductions by depth and move number, computed once.
struct ReductionTable {
  int r[64][64];
  ReductionTable() {
    for (int d = 0; d < 64; ++d) {
      for (int m = 0; m < 64; ++m) {
        r[d][m] = (d == 0 || m == 0) ? 0
                                     : int(search_params::kLmrBase +
                                           std::log(d) * std::log(m) / search_params::kLmrDivisor);
      }
    }
  }
};
const ReductionTable kReductions;

int reduction(int depth, int move_number) {
  return kReductions.r[std::min(depth, 63)][std::min(move_number, 63)];
}

int score_to_tt(int score, int ply) {
  if (score >= kMateBound) return score + ply;
  if (score <= -kMateBound) return score - ply;
  return score;
}

int score_from_tt(int score, int ply) {
  if (score >= kMateBound) return score - ply;
  if (score <= -kMateBound) return score + ply;
  return score;
}

// A move's history score in a side's table, kept at [to][from] with the
// table's 4,096 ints read as one array: the offset to * 64 + from is the
// move's own bits (from | to << 6), so scoring a move computes no index
// (GCC does not see that through to() and from(); the bench ran 2% more
// instructions). Every use goes through here but the scoring's, which
// reads the table at the same index (QuietOrder, move_scores.h).
template <typename Int>
inline Int& history_of(Int (&side_table)[64][64], Move m) {
  static_assert(sizeof(side_table) == 4096 * sizeof(Int));
  return (&side_table[0][0])[m.raw()];
}

}  // namespace

std::string score_text(int score) {
  if (const int moves = mate_in_moves(score)) return "mate " + std::to_string(moves);
  return "cp " + std::to_string(score);
}

void plan_time(SearchShared& shared, Side us) {
  const SearchLimits& l = shared.limits;
  const int64_t overhead = shared.settings.move_overhead_ms;
  shared.optimum_ms = shared.maximum_ms = 0;
  if (l.movetime_ms > 0) {
    shared.optimum_ms = shared.maximum_ms = std::max<int64_t>(1, l.movetime_ms - overhead);
    return;
  }
  if (l.time_ms[us] < 0 || l.infinite) return;
  const int64_t left = std::max<int64_t>(1, l.time_ms[us] - overhead);
  using namespace search_params;
  const int moves_to_go =
      l.movestogo > 0 ? std::min(l.movestogo, kMaxMovesToGo) : kDefaultMovesToGo;
  int64_t optimum = left / moves_to_go + l.inc_ms[us] * kIncrementPercent / 100;
  int64_t maximum =
      std::min<int64_t>(left / kMaximumLeftDivisor + l.inc_ms[us], optimum * kMaximumOverOptimum);
  optimum = std::min(optimum, left * kOptimumMaxPercentOfLeft / 100);
  shared.optimum_ms = std::max<int64_t>(1, optimum);
  shared.maximum_ms = std::max<int64_t>(1, std::min(maximum, left - 1));
}

SearchWorker::SearchWorker(SearchShared& shared, int id) : shared_(shared), id_(id) {
  clear_history();
}

void SearchWorker::clear_history() {
  for (auto& k : killers_) k[0] = k[1] = Move();
  for (auto& side : history_)
    for (auto& row : side)
      for (int& h : row) h = 0;
  for (auto& row : counter_moves_)
    for (Move& m : row) m = Move();
}

int SearchWorker::evaluate(int ply) const {
  switch (shared_.settings.eval) {
    case EvalKind::kMaterial:
      return shared_.evaluator->material(pos_);
    case EvalKind::kDefender:
      return shared_.evaluator->defender(pos_);
    case EvalKind::kFull:
      break;
  }
  return shared_.evaluator->evaluate(pos_, piece_sums_[ply]);
}

// Inline: a call at every move cost more than the sum it keeps.
[[gnu::always_inline]] inline void SearchWorker::do_move(Move m, int ply) {
  const Evaluator& ev = *shared_.evaluator;
  const int64_t sum = ev.piece_sum_after(piece_sums_[ply], pos_, m);
  pos_.do_move(m);
  // A piece that drowned at the end of the move (water-turn rules) is
  // more than the move's own change: sum the board again then.
  piece_sums_[ply + 1] = pos_.state().drowned ? ev.piece_sum(pos_) : sum;
}

int SearchWorker::terminal_score(GameResult r, int ply) const {
  if (r == GameResult::kDraw) return draw_score(ply);
  const bool we_win = (r == GameResult::kBlueWins) == (pos_.side_to_move() == kBlue);
  return we_win ? kMateScore - ply : -kMateScore + ply;
}

void SearchWorker::check_limits() {
  if (id_ != 0) return;
  const SearchLimits& l = shared_.limits;
  if (l.nodes && shared_.total_nodes.load(std::memory_order_relaxed) >= l.nodes) {
    shared_.stop = true;
  }
  if (shared_.maximum_ms && shared_.elapsed_ms() >= shared_.maximum_ms) shared_.stop = true;
}

void SearchWorker::update_pv(int ply, Move m) {
  pv_[ply][ply] = m;
  for (int i = ply + 1; i < pv_length_[ply + 1]; ++i) pv_[ply][i] = pv_[ply + 1][i];
  pv_length_[ply] = std::max(pv_length_[ply + 1], ply + 1);
}

void SearchWorker::score_moves(const Move* moves, int count, int* scores, int ply) const {
  const Move previous = pos_.last_move();
  const QuietOrder order{
      &history_[pos_.side_to_move()][0][0], killers_[ply][0], killers_[ply][1],
      previous.is_none() ? Move() : counter_moves_[pos_.piece_on(previous.to())][previous.to()]};
  const Evaluator& ev = *shared_.evaluator;
  // Most valuable victim first, cheapest attacker breaking ties.
  auto capture_score = [&](Move m) {
    return (1 << 28) + ev.piece_value(animal_of(pos_.piece_on(m.to()))) * 16 -
           ev.piece_value(animal_of(pos_.piece_on(m.from()))) / 16;
  };
  jungle::score_moves(moves, count, scores, pos_.occupied(), order, capture_score);
}

void SearchWorker::update_quiet_stats(Move best, const Move* quiets, int quiet_count, int depth,
                                      int ply) {
  const Side us = pos_.side_to_move();
  const int bonus =
      std::min(depth * depth * search_params::kHistoryBonusScale, search_params::kHistoryBonusMax);
  auto adjust = [](int& h, int delta) {
    h += delta - h * std::abs(delta) / search_params::kHistoryMax;
  };
  adjust(history_of(history_[us], best), bonus);
  for (int i = 0; i < quiet_count; ++i) {
    if (quiets[i] != best) adjust(history_of(history_[us], quiets[i]), -bonus);
  }
  if (killers_[ply][0] != best) {
    killers_[ply][1] = killers_[ply][0];
    killers_[ply][0] = best;
  }
  const Move previous = pos_.last_move();
  if (!previous.is_none()) counter_moves_[pos_.piece_on(previous.to())][previous.to()] = best;
}

int SearchWorker::qsearch(int alpha, int beta, int ply, int qply) {
  pv_length_[ply] = ply;
  count_node();
  seldepth_ = std::max(seldepth_, ply);

  const GameResult result = pos_.terminal_state();
  if (result != GameResult::kOngoing) return terminal_score(result, ply);
  if (pos_.state().repetitions >= 2) return draw_score(ply);
  if (ply >= kMaxPly) return evaluate(ply);
  return qsearch_ongoing(alpha, beta, ply, qply);
}

int SearchWorker::qsearch_ongoing(int alpha, int beta, int ply, int qply) {
  // A legal den entry wins at once (and means there are legal moves).
  if (!den_entry(pos_).is_none()) return kMateScore - ply - 1;

  const Side them = opponent(pos_.side_to_move());
  // A piece next to our den must be answered now; standing pat would miss it.
  const bool threatened =
      qply < search_params::kQsearchEvasionPlies && can_enter_enemy_den(pos_, them);

  // Standing pat needs a legal move: a side without one has lost or drawn.
  // A capture in the list is one, so the test waits until the list is
  // known empty, unless standing pat already cuts off.
  int best = -kInfinite;
  if (!threatened) {
    best = evaluate(ply);
    if (best >= beta) return has_legal_move_ongoing(pos_) ? best : no_move_score(ply);
    alpha = std::max(alpha, best);
  }
  // The game goes on (terminal_state above), so the move generators need not ask.
  MoveList moves =
      threatened ? generate_moves_ongoing(pos_) : generate_tactical_moves_ongoing(pos_);
  if (moves.empty()) {
    return threatened || !has_legal_move_ongoing(pos_) ? no_move_score(ply) : best;
  }

  int scores[MoveList::kCapacity];
  score_moves(moves.begin(), moves.size(), scores, ply);
  for (int i = 0; i < moves.size(); ++i) {
    const int pick = pick_best(scores, i, moves.size());
    std::swap(moves[i], moves[pick]);
    std::swap(scores[i], scores[pick]);
    const Move m = moves[i];
    const Piece victim = pos_.piece_on(m.to());
    if (!threatened) {
      if (victim == kNoPiece) continue;
      if (best + shared_.evaluator->piece_value(animal_of(victim)) + search_params::kDeltaMargin <
          alpha)
        continue;
    }
    do_move(m, ply);
    const int score = -qsearch(-beta, -alpha, ply + 1, qply + 1);
    pos_.undo_move();
    if (shared_.stop.load(std::memory_order_relaxed)) return 0;
    if (score > best) {
      best = score;
      if (score > alpha) {
        alpha = score;
        update_pv(ply, m);
        if (alpha >= beta) break;
      }
    }
  }
  if (best == -kInfinite) best = alpha;  // threatened, but every reply was pruned
  return best;
}

std::optional<int> SearchWorker::tablebase_score(int ply) {
  // A damaged table counts as absent here: the engine tells it after the search.
  const std::optional<tb::Verdict> v = shared_.tablebase->probe_unless_damaged(pos_);
  if (!v) return std::nullopt;
  shared_.tb_hits.fetch_add(1, std::memory_order_relaxed);
  // The distance counts plies to the end of the game, as mate scores do.
  if (v->wdl == tb::Wdl::kWin) return kMateScore - ply - v->distance;
  if (v->wdl == tb::Wdl::kLoss) return -kMateScore + ply + v->distance;
  return draw_score(ply);
}

int SearchWorker::search(int alpha, int beta, int depth, int ply, bool cut_node) {
  const bool pv_node = beta - alpha > 1;
  pv_length_[ply] = ply;

  if (nodes() >= next_check_) {
    // Every thread adds its work to the shared count now and then, so that
    // node limits and reports cover all threads.
    shared_.total_nodes.fetch_add(nodes() - reported_nodes_, std::memory_order_relaxed);
    reported_nodes_ = nodes();
    next_check_ = nodes() + search_params::kNodesBetweenChecks;
    check_limits();
  }
  if (shared_.stop.load(std::memory_order_relaxed)) return 0;

  const GameResult result = pos_.terminal_state();
  if (result != GameResult::kOngoing) return terminal_score(result, ply);
  if (pos_.state().repetitions >= 2) return draw_score(ply);
  if (ply >= kMaxPly) return evaluate(ply);
  if (shared_.tablebase && popcount(pos_.occupied()) <= shared_.tb_pieces) {
    if (const std::optional<int> score = tablebase_score(ply)) return *score;
  }

  // Mate distance pruning: no line from here can beat a win found nearer the root.
  alpha = std::max(alpha, -kMateScore + ply);
  beta = std::min(beta, kMateScore - ply - 1);
  if (alpha >= beta) return alpha;

  if (depth <= 0) {
    // The tests qsearch begins with were made above, with the same answers.
    count_node();
    seldepth_ = std::max(seldepth_, ply);
    return qsearch_ongoing(alpha, beta, ply, 0);
  }

  count_node();
  seldepth_ = std::max(seldepth_, ply);

  TTHit tt;
  const uint64_t key = pos_.key();
  const bool tt_hit = shared_.tt->probe(key, tt);
  const int tt_score = tt_hit ? score_from_tt(tt.score, ply) : 0;
  if (tt_hit && !pv_node && tt.depth >= depth &&
      (tt.bound == kBoundExact || (tt.bound == kBoundLower && tt_score >= beta) ||
       (tt.bound == kBoundUpper && tt_score <= alpha))) {
    return tt_score;
  }
  // Children at depth 0 go to quiescence search, which does not probe the
  // table; deeper ones do, so start loading the likely first one's bucket.
  const bool prefetch_children = depth > 1;
  if (prefetch_children && tt_hit && !tt.move.is_none()) {
    shared_.tt->prefetch(pos_.key_after(tt.move));
  }

  // A legal den entry wins at once; it is also a legal move, so this comes
  // before the test for having none without changing any result.
  if (const Move den = den_entry(pos_); !den.is_none()) {
    update_pv(ply, den);
    return kMateScore - ply - 1;
  }

  const Side us = pos_.side_to_move();
  const bool threatened = can_enter_enemy_den(pos_, opponent(us));
  const int static_eval = tt_hit ? tt.eval : evaluate(ply);
  // Answering a den threat is forced, so look one ply further (like a check extension).
  if (threatened && ply < 2 * root_depth_) ++depth;

  // The move list waits until the pruning below has let the node through: a
  // node that it cuts off needs to know only that a legal move exists (with
  // none, the side to move has lost or drawn, as before any pruning). A
  // quarter of the lists were made for nodes cut off here. The game goes on
  // (terminal_state above), so the move generators need not ask.
  if (!pv_node && !threatened) {
    // Reverse futility: far above beta and too shallow to lose it all.
    if (depth <= search_params::kRfpDepth &&
        static_eval - search_params::kRfpMargin * depth >= beta && std::abs(beta) < kMateBound) {
      return has_legal_move_ongoing(pos_) ? static_eval : no_move_score(ply);
    }
    // Null move: if passing still holds beta, a real move will too.
    if (depth >= search_params::kNullMoveMinDepth && static_eval >= beta &&
        !pos_.last_move().is_none() && popcount(pos_.pieces(us)) > 1 &&
        std::abs(beta) < kMateBound) {
      if (!has_legal_move_ongoing(pos_)) return no_move_score(ply);
      const int r =
          search_params::kNullMoveBaseReduction + depth / search_params::kNullMoveDepthDivisor;
      pos_.do_null_move();
      piece_sums_[ply + 1] = piece_sums_[ply];
      const int score = -search(-beta, -beta + 1, depth - r - 1, ply + 1, !cut_node);
      pos_.undo_null_move();
      if (shared_.stop.load(std::memory_order_relaxed)) return 0;
      if (score >= beta) return score >= kMateBound ? beta : score;
    }
  }
  MoveList moves = generate_moves_ongoing(pos_);
  if (moves.empty()) return no_move_score(ply);

  int picked = 0;  // moves[0, picked) are in their final order
  // The table's move goes first, where picking it by a score above every
  // other would put it, without scoring it or picking: the rest are scored
  // in the order that swap leaves them. A list holds each move once.
  if (tt_hit && !tt.move.is_none()) {
    for (int i = 0; i < moves.size(); ++i) {
      if (moves[i] == tt.move) {
        std::swap(moves[0], moves[i]);
        picked = 1;
        break;
      }
    }
  }
  int scores[MoveList::kCapacity];
  score_moves(moves.begin() + picked, moves.size() - picked, scores + picked, ply);
  MoveList quiets;  // the quiet moves searched so far
  int best = -kInfinite;
  Move best_move;
  const int original_alpha = alpha;
  int searched = 0;

  for (int i = 0; i < moves.size(); ++i) {
    if (picked == i) {
      const int pick = pick_best(scores, i, moves.size());
      std::swap(moves[i], moves[pick]);
      std::swap(scores[i], scores[pick]);
      ++picked;
    }
    const Move m = moves[i];
    const bool quiet = !pos_.is_capture(m);

    if (!pv_node && !threatened && quiet && best > -kMateBound && searched > 0) {
      // Nothing these tests read changes while moves are skipped, so once
      // they prune one quiet move they prune every later one: stop picking
      // when no capture is left.
      if ((depth <= search_params::kLmpDepth &&
           searched >= search_params::kLmpBase + depth * depth) ||
          (depth <= search_params::kFutilityDepth &&
           static_eval + search_params::kFutilityMargin * depth <= alpha)) {
        bool capture_left = false;
        for (int j = i + 1; j < moves.size(); ++j) capture_left |= pos_.is_capture(moves[j]);
        if (!capture_left) break;
        continue;
      }
    }

    if (prefetch_children) {
      // The order does not change while a move is searched, so the next
      // move is picked now and its bucket loads during this one's search.
      if (i == 0) shared_.tt->prefetch(pos_.key_after(m));
      if (i + 1 < moves.size()) {
        const int pick = pick_best(scores, i + 1, moves.size());
        std::swap(moves[i + 1], moves[pick]);
        std::swap(scores[i + 1], scores[pick]);
        picked = i + 2;
        shared_.tt->prefetch(pos_.key_after(moves[i + 1]));
      }
    }
    do_move(m, ply);
    int score;
    if (searched == 0) {
      score = -search(-beta, -alpha, depth - 1, ply + 1, false);
    } else {
      int r = 0;
      // Whether the move threatens to enter the den is asked last: it was a
      // call after every move, where most moves never reach this test.
      if (depth >= search_params::kLmrMinDepth && quiet && !threatened &&
          !can_enter_enemy_den(pos_, us)) {
        r = reduction(depth, searched + 1);
        if (pv_node) --r;
        if (cut_node) ++r;
        r -= history_of(history_[us], m) / search_params::kLmrHistoryDivisor;
        r = std::clamp(r, 0, depth - 2);
      }
      score = -search(-alpha - 1, -alpha, depth - 1 - r, ply + 1, true);
      if (score > alpha && r > 0)
        score = -search(-alpha - 1, -alpha, depth - 1, ply + 1, !cut_node);
      if (pv_node && score > alpha && score < beta) {
        score = -search(-beta, -alpha, depth - 1, ply + 1, false);
      }
    }
    pos_.undo_move();
    if (shared_.stop.load(std::memory_order_relaxed)) return 0;
    ++searched;

    if (score > best) {
      best = score;
      if (score > alpha) {
        best_move = m;
        alpha = score;
        if (pv_node) update_pv(ply, m);
        if (alpha >= beta) {
          if (quiet) update_quiet_stats(m, quiets.begin(), quiets.size(), depth, ply);
          break;
        }
      }
    }
    if (quiet) quiets.push(m);
  }

  if (searched == 0) best = alpha;  // every move was pruned; keep the window's word
  const Bound bound = best >= beta                                            ? kBoundLower
                      : (pv_node && best_move.raw() && best > original_alpha) ? kBoundExact
                                                                              : kBoundUpper;
  shared_.tt->store(key, best_move, score_to_tt(best, ply), static_eval, depth, bound);
  return best;
}

int SearchWorker::search_root(int alpha, int beta, int depth) {
  pv_length_[0] = 0;
  int best = -kInfinite;
  const int original_alpha = alpha;
  Move best_move;
  for (size_t i = pv_index_; i < root_moves_.size(); ++i) {
    RootMove& rm = root_moves_[i];
    seldepth_ = 0;
    do_move(rm.move, 0);
    int score;
    if (i == size_t(pv_index_)) {
      score = -search(-beta, -alpha, depth - 1, 1, false);
    } else {
      score = -search(-alpha - 1, -alpha, depth - 1, 1, true);
      if (score > alpha && score < beta) score = -search(-beta, -alpha, depth - 1, 1, false);
    }
    pos_.undo_move();
    count_node();
    if (shared_.stop.load(std::memory_order_relaxed)) break;

    if (i == size_t(pv_index_) || score > alpha) {
      rm.score = score;
      rm.seldepth = seldepth_;
      rm.pv.assign(1, rm.move);
      for (int j = 1; j < pv_length_[1]; ++j) rm.pv.push_back(pv_[1][j]);
    } else {
      rm.score = -kInfinite;  // only known to be worse than the best
    }
    if (score > best) {
      best = score;
      if (score > alpha) {
        alpha = score;
        best_move = rm.move;
        if (alpha >= beta) break;
      }
    }
  }
  if (!best_move.is_none() && best > original_alpha && best < beta) {
    shared_.tt->store(pos_.key(), best_move, score_to_tt(best, 0), 0, depth, kBoundExact);
  }
  return best;
}

void SearchWorker::report(int depth, int multipv_count) {
  if (!shared_.on_info) return;
  for (int i = 0; i < multipv_count && i < int(root_moves_.size()); ++i) {
    const RootMove& rm = root_moves_[i];
    SearchInfo info;
    info.depth = depth;
    info.seldepth = std::max(rm.seldepth, depth);
    info.multipv = i + 1;
    info.score = rm.score == -kInfinite ? rm.previous_score : rm.score;
    info.nodes = shared_.total_nodes.load() + (nodes() - reported_nodes_);
    info.time_ms = shared_.elapsed_ms();
    info.hashfull = shared_.tt->hashfull();
    info.tablebase = shared_.tablebase != nullptr;
    info.tbhits = shared_.tb_hits.load(std::memory_order_relaxed);
    info.pv = rm.pv;
    shared_.on_info(info);
  }
}

void SearchWorker::run(const Position& root) {
  pos_ = root;
  nodes_ = 0;
  next_check_ = 0;
  reported_nodes_ = 0;
  completed_depth_ = 0;
  root_moves_.clear();
  // The root may be drawn by a rule the interface plays past (Engine::run_search).
  for (Move m : generate_moves_past_draws(pos_)) {
    const auto& only = shared_.limits.search_moves;
    if (only.empty() || std::find(only.begin(), only.end(), m) != only.end()) {
      root_moves_.push_back({m, -kInfinite, -kInfinite, 0, {m}});
    }
  }
  if (root_moves_.empty()) return;
  for (auto& k : killers_) k[0] = k[1] = Move();
  piece_sums_[0] = shared_.evaluator->piece_sum(pos_);

  const int max_depth =
      shared_.limits.depth > 0 ? std::min(shared_.limits.depth, kMaxPly - 1) : kMaxPly - 1;
  const int multipv = std::min<int>(shared_.settings.multipv, int(root_moves_.size()));
  // Helper threads start one ply deeper on odd ids, so threads spread out.
  for (int depth = 1 + (id_ % 2); depth <= max_depth; ++depth) {
    root_depth_ = depth;
    // Scores start unknown each iteration, so that an interrupted one never
    // ranks a move by an older, shallower score.
    for (RootMove& rm : root_moves_) {
      if (rm.score != -kInfinite) rm.previous_score = rm.score;
      rm.score = -kInfinite;
    }
    for (pv_index_ = 0; pv_index_ < multipv; ++pv_index_) {
      int previous = root_moves_[pv_index_].previous_score;
      int delta = search_params::kAspirationWindow;
      int alpha = -kInfinite, beta = kInfinite;
      if (depth >= search_params::kAspirationMinDepth && std::abs(previous) < kMateBound) {
        alpha = std::max(previous - delta, -kInfinite);
        beta = std::min(previous + delta, kInfinite);
      }
      while (true) {
        const int score = search_root(alpha, beta, depth);
        std::stable_sort(root_moves_.begin() + pv_index_, root_moves_.end(),
                         [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
        if (shared_.stop.load(std::memory_order_relaxed)) break;
        if (score <= alpha) {
          beta = (alpha + beta) / 2;
          alpha = std::max(score - delta, -kInfinite);
        } else if (score >= beta) {
          beta = std::min(score + delta, kInfinite);
        } else {
          break;
        }
        delta += delta / search_params::kAspirationGrowthDivisor;
      }
      std::stable_sort(root_moves_.begin(), root_moves_.begin() + pv_index_ + 1,
                       [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
    }
    if (shared_.stop.load(std::memory_order_relaxed)) break;
    completed_depth_ = depth;
    if (id_ != 0) continue;

    report(depth, multipv);
    const int best = root_moves_[0].score;
    if (shared_.limits.mate > 0 && best >= kMateBound &&
        (kMateScore - best + 1) / 2 <= shared_.limits.mate)
      break;
    // A proven result will not change with more depth.
    if (std::abs(best) >= kMateBound && depth >= 2 * (kMateScore - std::abs(best)) + 2 &&
        !shared_.limits.infinite)
      break;
    if (root_moves_.size() == 1 && depth >= search_params::kSingleMoveDepth &&
        shared_.optimum_ms > 0)
      break;
    if (shared_.optimum_ms > 0 &&
        shared_.elapsed_ms() >= shared_.optimum_ms * search_params::kNewIterationPercent / 100)
      break;
  }
}

}  // namespace jungle
