#include "flip/flip_search.h"

#include <algorithm>
#include <cmath>
#include <tuple>

#include "flip/flip_boxed_in.h"

namespace jungle::flip {

namespace {
constexpr size_t kTTSize = size_t(1) << 18;
constexpr int kQuiescencePlies = 8;
// Tables of this many animals or fewer are built inside the tree when met.
constexpr int kCheapTablePieces = 4;
// The most memory the tables kept from game to game may take (new_game):
// a four-animal table takes 128 KB.
constexpr size_t kKeptTableBytes = size_t(64) << 20;
constexpr double kDrawnTableEval = 0.05;
// flip_boxed_in's weights: the side to move may free its own boxed animal
// first; the enemy's is the side to move's to take.
constexpr double kBoxedInOwn = 0.4;
constexpr double kBoxedInEnemy = 0.6;
// The material lead (a Cat) from which lead_draw_cost applies.
constexpr double kLeadForDrawCost = 10;
}  // namespace

double FlipSearcher::evaluate(const FlipPosition& pos) const {
  const int limit = pos.rules().quiet_limit;
  double v = flip_evaluate(pos, options_.weights);
  if (options_.boxed_in) {
    v = std::clamp(v + flip_boxed_in(pos, kBoxedInOwn, kBoxedInEnemy), -kFlipEvalMax, kFlipEvalMax);
  }
  if (options_.quiet_fade <= 0 || limit <= 0) return v;
  const double gone = std::min(1.0, double(pos.quiet_plies()) / limit);
  return v * (1 - options_.quiet_fade * gone);
}

double FlipSearcher::draw_score(const FlipPosition& pos) const {
  if (!root_side_known_ || !pos.colours_known()) return 0;
  double cost = options_.contempt;
  if (options_.lead_draw_cost > 0 && pos.hidden_count() > 0) {
    const double lead = flip_material(pos, 1.0) * (pos.side_to_move() == root_side_ ? 1 : -1);
    if (lead >= kLeadForDrawCost) cost += options_.lead_draw_cost;
  }
  return pos.side_to_move() == root_side_ ? -cost : cost;
}

std::optional<double> FlipSearcher::table_score(const FlipPosition& pos, int ply) {
  if (options_.endgame_pieces <= 0 || !endgames_.covers(pos)) return std::nullopt;
  std::optional<EndgameValue> v = endgames_.probe_built(pos);
  if (!v && (pos.face_up_count(kBlue) + pos.face_up_count(kRed) <= kCheapTablePieces ||
             (!has_deadline_ && endgames_.was_dropped(pos)))) {
    // Building a table takes milliseconds (and the smaller ones it needs,
    // more) without a node counted or a look at the clock: a timed search
    // builds none once its time is up, and looks at the clock after each.
    // Without this a 20 ms search among the endings took 26 to 28 ms, its
    // first look at the clock only at 1,024 nodes (docs/flip.md, session 19).
    // A table bound_tables dropped (five animals: a fraction of a second) is
    // built again in an untimed search only, so that node-limited trees are
    // those of every table kept and a timed one keeps to its time.
    if (time_is_up()) {
      aborted_ = true;
      return std::nullopt;
    }
    const size_t built = endgames_.tables();
    v = endgames_.probe(pos);
    if (endgames_.tables() != built && time_is_up()) aborted_ = true;
  }
  if (!v) return std::nullopt;
  if (v->wdl == 0) {
    // Every drawing line is worth the same; a small share of the evaluation
    // prefers those that leave the other side more ways to go wrong.
    return draw_score(pos) + kDrawnTableEval * evaluate(pos);
  }
  // Lexicographic: fewer animals, then fewer plies to the deciding capture.
  const int stride = pos.rules().quiet_limit + 1;
  const int animals = pos.face_up_count(kBlue) + pos.face_up_count(kRed);
  const double distance =
      double(animals * stride + v->to_zero) / ((kMaxEndgameAnimals + 1) * stride);
  const double win = kFlipWin - kFlipTableMargin - ply - kFlipTableBand * distance;
  return v->wdl > 0 ? win : -win;
}

void FlipSearcher::prepare_tables(FlipPosition& pos) {
  // The game's own ending, and the five-animal endings one capture away,
  // which the tree would otherwise meet without a table.
  if (options_.endgame_pieces <= 0 || pos.hidden_count() > 0 || !pos.colours_known()) return;
  const int pieces = pos.face_up_count(kBlue) + pos.face_up_count(kRed);
  if (pieces > options_.endgame_pieces + 2) return;
  for (Action a : pos.legal_actions()) {
    if (pos.cell(a.to) == kEmpty) continue;
    pos.play({a, kNoPiece});
    if (pos.end() == FlipEnd::kNone) endgames_.probe(pos);
    pos.undo();
  }
  if (pos.end() == FlipEnd::kNone) endgames_.probe(pos);
}

double FlipSearcher::quiescence(FlipPosition& pos, double alpha, double beta, int ply, int left) {
  // The side to move may stand on the evaluation or take something; the
  // position has not ended (the caller looked).
  if (aborted_) return 0;
  if (std::optional<double> v = table_score(pos, ply)) return *v;
  double best = evaluate(pos);
  if (best >= beta || left == 0) return best;
  alpha = std::max(alpha, best);
  // The captures that do not lose the attacker, ordered (kept before
  // ordering: the same order as ordering every action and skipping the rest).
  ActionList list = pos.legal_actions();
  int captures = 0;
  for (Action a : list) {
    if (a.is_flip() || pos.cell(a.to) == kEmpty ||
        pos.combat(animal_of(Piece(pos.cell(a.from))), animal_of(Piece(pos.cell(a.to)))) ==
            Combat::kAttackerDies) {
      continue;
    }
    list.items[size_t(captures++)] = a;
  }
  list.size = captures;
  order(pos, list);
  for (Action a : list) {
    pos.play({a, kNoPiece});
    ++nodes_;
    GameResult result;
    const double v = pos.end(&result) != FlipEnd::kNone
                         ? -flip_terminal_score(pos, result, ply + 1, draw_score(pos))
                         : -quiescence(pos, -beta, -alpha, ply + 1, left - 1);
    pos.undo();
    if (v > best) {
      best = v;
      alpha = std::max(alpha, v);
      if (alpha >= beta) break;
    }
  }
  return best;
}

FlipSearcher::FlipSearcher(FlipSearchOptions options)
    : options_(options), endgames_(options.endgame_pieces) {
  if (options_.transposition_table) {
    tt_.resize(kTTSize);
    tt_mask_ = kTTSize - 1;
  }
}

// The default table is a whole number of megabytes, so that Hash at its
// default gives the same table, and the same search, as before it existed.
int FlipSearcher::default_hash_mb() {
  static_assert(kTTSize * sizeof(TTEntry) % (size_t(1) << 20) == 0);
  return int(kTTSize * sizeof(TTEntry) >> 20);
}

void FlipSearcher::set_hash_mb(int mb) {
  if (!options_.transposition_table) return;
  const size_t fit = (size_t(std::max(mb, 1)) << 20) / sizeof(TTEntry);
  size_t entries = 1;
  while (entries * 2 <= fit) entries *= 2;
  std::vector<TTEntry> table(entries);
  tt_.swap(table);
  tt_mask_ = entries - 1;
}

void FlipSearcher::clear() {
  std::fill(tt_.begin(), tt_.end(), TTEntry{});
  endgames_.clear();
}

void FlipSearcher::new_game() {
  std::fill(tt_.begin(), tt_.end(), TTEntry{});
  endgames_.keep_smaller(kCheapTablePieces, kKeptTableBytes);
}

void FlipSearcher::bound_tables(size_t max_bytes) {
  if (endgames_.bytes() > max_bytes) endgames_.drop_larger(kCheapTablePieces, max_bytes);
}

bool FlipSearcher::time_is_up() const {
  return stop_ || (has_deadline_ && clock_.now() >= deadline_);
}

bool FlipSearcher::out_of_time() {
  if (stop_) return true;
  if (node_limit_ && nodes_ >= node_limit_) return true;
  return has_deadline_ && clock_.now() >= deadline_;
}

void FlipSearcher::order(const FlipPosition& pos, ActionList& list) const {
  // Captures first, the most valuable victim first; then flips; then steps.
  // Each action's rank once, then a stable insertion sort by it (the lists
  // are short): the order std::stable_sort gave, at a fraction of its cost.
  std::array<int, std::tuple_size_v<decltype(list.items)>> rank;
  for (int i = 0; i < list.size; ++i) {
    const Action a = list.items[size_t(i)];
    int r = 200;
    if (a.is_flip()) {
      r = 100;
    } else if (const Cell target = pos.cell(a.to); target != kEmpty) {
      r = 50 - int(animal_of(Piece(target))) * 4 + int(animal_of(Piece(pos.cell(a.from))));
    }
    int j = i;
    for (; j > 0 && rank[size_t(j - 1)] > r; --j) {
      rank[size_t(j)] = rank[size_t(j - 1)];
      list.items[size_t(j)] = list.items[size_t(j - 1)];
    }
    rank[size_t(j)] = r;
    list.items[size_t(j)] = a;
  }
}

void FlipSearcher::drop_equivalent_flips(const FlipPosition& pos, ActionList& list) {
  // A tile's neighbourhood: its four neighbours' cells, sorted (off the
  // board counts as a cell of its own), packed in a word.
  std::array<uint32_t, 16> seen{};
  int seen_count = 0;
  int kept = 0;
  for (int i = 0; i < list.size; ++i) {
    const Action a = list.items[size_t(i)];
    if (a.is_flip()) {
      std::array<uint8_t, 4> around;
      around.fill(255);
      int n = 0;
      for (Bitboard b = kFlipGeometry.neighbours(Bitboard(1) << a.from); b; b &= b - 1) {
        around[size_t(n++)] = pos.cell(std::countr_zero(b));
      }
      std::sort(around.begin(), around.end());
      const uint32_t key = uint32_t(around[0]) | uint32_t(around[1]) << 8 |
                           uint32_t(around[2]) << 16 | uint32_t(around[3]) << 24;
      if (std::find(seen.begin(), seen.begin() + seen_count, key) != seen.begin() + seen_count) {
        continue;
      }
      seen[size_t(seen_count++)] = key;
    }
    list.items[size_t(kept++)] = a;
  }
  list.size = kept;
}

double FlipSearcher::search_node(FlipPosition& pos, int depth, double alpha, double beta, int ply) {
  ++nodes_;
  // The node limit at every node (the capture search counts nodes too, so
  // that a check at multiples of 1,024 alone let 100 nodes search as 1,024
  // and 1,000 as 2,048 or more); the clock and `stop` every 1,024.
  if ((node_limit_ && nodes_ > node_limit_) || ((nodes_ & 1023) == 0 && out_of_time())) {
    aborted_ = true;
  } else if (nodes_ >= next_check_) {
    // The clock and `stop` once past each 1,024 nodes as well: the capture
    // search counts nodes without looking, so the count passed most
    // multiples of 1,024 there and the test above, on them alone, let a
    // 2 ms search (a PIMC world at 20 ms a move) run several times as long.
    // Nothing here sees a node limit, so node-limited searches are as they were.
    next_check_ = nodes_ + 1024;
    if (time_is_up()) aborted_ = true;
  }
  if (aborted_) return 0;
  GameResult result;
  if (pos.end(&result) != FlipEnd::kNone)
    return flip_terminal_score(pos, result, ply, draw_score(pos));
  // A repeated position inside the search is scored as the draw it can be
  // made into: a side that is ahead must make progress, not circle.
  if (ply > 0 && pos.rules().repetitions > 0 && pos.occurrences() >= 2) return draw_score(pos);
  if (std::optional<double> v = table_score(pos, ply)) return *v;
  if (depth <= 0) {
    return options_.quiescence ? quiescence(pos, alpha, beta, ply, kQuiescencePlies)
                               : evaluate(pos);
  }

  // The quiet count decides draws, so it is part of what the table keys.
  const uint64_t key = pos.key() ^ (uint64_t(pos.quiet_plies()) * 0x9E3779B97F4A7C15ULL);
  TTEntry* entry = nullptr;
  if (!tt_.empty()) {
    entry = &tt_[key & tt_mask_];
    if (entry->bound && entry->key == key && entry->depth >= depth) {
      if (entry->bound == kExact) return entry->value;
      if (entry->bound == kLower && entry->value >= beta) return entry->value;
      if (entry->bound == kUpper && entry->value <= alpha) return entry->value;
    }
  }
  ActionList list = pos.legal_actions();
  if (options_.group_flips && ply > 0) drop_equivalent_flips(pos, list);
  order(pos, list);
  if (entry && entry->bound && entry->key == key && entry->has_best) {
    auto it = std::find(list.items.begin(), list.items.begin() + list.size, entry->best);
    if (it != list.items.begin() + list.size) std::rotate(list.items.begin(), it, it + 1);
  }
  const double alpha_in = alpha;
  double best = -kFlipWin - 1;
  Action best_action;
  for (Action a : list) {
    const double v = action_value(pos, a, depth, alpha, beta, ply);
    if (aborted_) return 0;
    if (v > best) {
      best = v;
      best_action = a;
      alpha = std::max(alpha, v);
      if (alpha >= beta) break;
    }
  }
  if (entry) {
    *entry = {key,
              best,
              int8_t(std::min(depth, 127)),
              best <= alpha_in ? kUpper
              : best >= beta   ? kLower
                               : kExact,
              true,
              best_action};
  }
  return best;
}

double FlipSearcher::action_value(FlipPosition& pos, Action a, int depth, double alpha, double beta,
                                  int ply) {
  if (a.is_flip()) return chance_value(pos, a, depth, alpha, beta, ply);
  pos.play({a, kNoPiece});
  const double v = -search_node(pos, depth - 1, -beta, -alpha, ply + 1);
  pos.undo();
  return v;
}

std::vector<Action> FlipSearcher::principal_line(FlipPosition& pos, Action first,
                                                 int max_plies) const {
  std::vector<Action> line;
  if (!pos.is_legal(first)) return line;
  line.push_back(first);
  int played = 0;
  Action next = first;
  while (!next.is_flip() && int(line.size()) < max_plies) {
    pos.play({next, kNoPiece});
    ++played;
    if (pos.end() != FlipEnd::kNone || tt_.empty()) break;
    const uint64_t key = pos.key() ^ (uint64_t(pos.quiet_plies()) * 0x9E3779B97F4A7C15ULL);
    const TTEntry& entry = tt_[key & tt_mask_];
    if (!entry.bound || entry.key != key || !entry.has_best || !pos.is_legal(entry.best)) break;
    next = entry.best;
    line.push_back(next);
  }
  for (; played > 0; --played) pos.undo();
  return line;
}

double FlipSearcher::value(FlipPosition& pos, int depth) {
  aborted_ = false;
  root_side_known_ = pos.colours_known();
  root_side_ = pos.side_to_move();
  has_deadline_ = false;
  next_check_ = 1024;
  node_limit_ = 0;
  return search_node(pos, depth, -kFlipWin, kFlipWin, 0);
}

namespace {

void set_verdict(FlipSearchResult& r, const FlipPosition& root) {
  const double size = std::abs(r.score);
  const double margin = kFlipWin - size;
  r.proven = size > kFlipEvalMax && (root.hidden_count() == 0 || margin <= 1.5);
  // A win the tree sees scores kFlipWin less its plies; the tables' wins
  // score below kFlipWin - kFlipTableMargin.
  const int plies = r.proven && margin < kFlipTableMargin ? int(std::lround(margin)) : 0;
  r.plies_to_end = r.score > 0 ? plies : -plies;
}

}  // namespace

FlipSearchResult FlipSearcher::search(
    FlipPosition& pos, const FlipLimits& limits,
    const std::function<void(const FlipSearchResult&)>& on_iteration) {
  clock_ = limits.clock;
  const SearchClock::time_point start = clock_.now();
  aborted_ = false;
  root_side_known_ = pos.colours_known();
  root_side_ = pos.side_to_move();
  nodes_ = 0;
  // The first depth is searched whole whatever the node limit, so that a
  // small budget plays the best action of one ply, not the first in order.
  node_limit_ = 0;
  next_check_ = 1024;
  has_deadline_ = limits.movetime_ms > 0 || limits.deadline != kNoDeadline;
  deadline_ = limits.deadline != kNoDeadline
                  ? limits.deadline
                  : start + std::chrono::milliseconds(limits.movetime_ms);
  FlipSearchResult out;
  ActionList list = pos.legal_actions();
  if (list.size == 0 || pos.end() != FlipEnd::kNone) return out;
  order(pos, list);
  out.best = list.items[0];
  out.has_move = true;
  prepare_tables(pos);
  const size_t wanted = size_t(std::clamp(limits.lines, 1, list.size));
  for (int depth = 1; depth <= std::max(1, limits.depth); ++depth) {
    // The best `wanted` values so far, best first: each further action is
    // searched with alpha at the last of them, so those that enter are exact.
    std::vector<FlipLine> found;
    for (Action a : list) {
      const double alpha = found.size() < wanted ? -kFlipWin - 1 : found.back().score;
      const double v = action_value(pos, a, depth, alpha, kFlipWin + 1, 0);
      if (aborted_) break;
      if (v > alpha || found.size() < wanted) {
        // Earlier first among equals, as the single line keeps its first best.
        auto at = std::find_if(found.begin(), found.end(),
                               [v](const FlipLine& l) { return v > l.score; });
        found.insert(at, FlipLine{a, v});
        if (found.size() > wanted) found.pop_back();
      }
    }
    if (aborted_) {
      if (limits.cut_short_counts && wanted == 1 && !found.empty()) {
        // The first action searched was the last depth's best (the list is
        // reordered below), and each later one entered only by beating it.
        out.best = found.front().action;
        out.score = found.front().score;
        set_verdict(out, pos);
        out.lines = found;
      }
      break;
    }
    out.best = found.front().action;
    out.score = found.front().score;
    set_verdict(out, pos);
    out.lines = found;
    out.depth = depth;
    out.nodes = nodes_;
    out.time_ms = clock_.ms_since(start);
    if (on_iteration) on_iteration(out);
    node_limit_ = limits.nodes;
    // The best actions first at the next depth, in their order.
    for (size_t i = found.size(); i-- > 0;) {
      auto it = std::find(list.items.begin(), list.items.begin() + list.size, found[i].action);
      std::rotate(list.items.begin(), it, it + 1);
    }
    // One action, or a result the tree or the tables proved.
    if (list.size == 1 || out.proven) break;
  }
  out.nodes = nodes_;
  out.time_ms = clock_.ms_since(start);
  return out;
}

double expected_of_points(double points) {
  if (points > kFlipEvalMax) return 1.0;
  if (points < -kFlipEvalMax) return 0.0;
  return 1.0 / (1.0 + std::exp(-points / FlipSearchOptions().chance_scale));
}

}  // namespace jungle::flip