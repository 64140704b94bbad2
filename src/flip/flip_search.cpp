#include "flip/flip_search.h"

#include <algorithm>
#include <cmath>

#include "flip/flip_boxed_in.h"

namespace jungle::flip {

namespace {

// Points per animal in rank order; the Rat is worth more than its rank
// while it may take the Elephant, and the Elephant less while an enemy Rat
// that may take it is left.
constexpr double kValue[kAnimals] = {10, 10, 20, 30, 40, 50, 65, 80};
constexpr double kRatHunter = 25;
constexpr double kHuntedElephant = 70;
constexpr double kHiddenShare = 0.9;  // an animal still face down is not yet in play
constexpr double kMobility = 1.5;
constexpr double kOwnThreat = 0.8;    // the side to move takes what it threatens, mostly
constexpr double kEnemyThreat = 0.3;  // it can often step away from what is threatened
// An animal closer to an enemy it may take presses it toward the edge and
// a capture before the quiet limit draws: a share of the prey's value per
// step saved out of the board's longest distance (6).
constexpr double kHunt = 0.06;

}  // namespace

double flip_piece_value(const FlipRules& r, Animal a, bool enemy_rat) {
  if (a == kRat && r.rat_takes_elephant) return kRatHunter;
  if (a == kElephant && r.rat_takes_elephant && enemy_rat) return kHuntedElephant;
  return kValue[a];
}

std::array<bool, kSides> flip_rats_left(const FlipPosition& pos) {
  std::array<bool, kSides> rat_left{};
  for (Side s : {kBlue, kRed}) rat_left[s] = pos.pool_count(make_piece(s, kRat)) > 0;
  for (Square sq = 0; sq < kFlipSquares; ++sq) {
    const Cell c = pos.cell(sq);
    if (c < kEmpty && animal_of(Piece(c)) == kRat) rat_left[side_of(Piece(c))] = true;
  }
  return rat_left;
}

namespace {

// Terminal score for the side to move, a win sooner being worth more;
// `draw` is a draw's.
double terminal_score(const FlipPosition& pos, GameResult r, int ply, double draw = 0) {
  if (r == GameResult::kDraw || r == GameResult::kOngoing) return draw;
  const Side winner = r == GameResult::kBlueWins ? kBlue : kRed;
  return winner == pos.side_to_move() ? kFlipWin - ply : -kFlipWin + ply;
}

// Each side's animals in the pool at `hidden_share` of their values.
std::array<double, kSides> pool_material(const FlipPosition& pos,
                                         const std::array<bool, kSides>& rat_left,
                                         double hidden_share) {
  std::array<double, kSides> material{};
  for (int p = 0; p < kPieceKinds; ++p) {
    const Side s = side_of(Piece(p));
    material[s] += pos.pool_count(Piece(p)) * hidden_share *
                   flip_piece_value(pos.rules(), animal_of(Piece(p)), rat_left[opponent(s)]);
  }
  return material;
}

}  // namespace

double flip_material(const FlipPosition& pos, double hidden_share) {
  if (!pos.colours_known()) return 0;
  const std::array<bool, kSides> rat_left = flip_rats_left(pos);
  std::array<double, kSides> material = pool_material(pos, rat_left, hidden_share);
  for (Square sq = 0; sq < kFlipSquares; ++sq) {
    const Cell c = pos.cell(sq);
    if (c >= kEmpty) continue;
    const Side s = side_of(Piece(c));
    material[s] += flip_piece_value(pos.rules(), animal_of(Piece(c)), rat_left[opponent(s)]);
  }
  return material[pos.side_to_move()] - material[opponent(pos.side_to_move())];
}

double flip_evaluate(const FlipPosition& pos) {
  if (!pos.colours_known()) return 0;
  const FlipRules& r = pos.rules();
  const std::array<bool, kSides> rat_left = flip_rats_left(pos);
  // The face-up animals are added in the one pass over the board below.
  std::array<double, kSides> material = pool_material(pos, rat_left, kHiddenShare);
  std::array<double, kSides> mobility{}, threat{}, hunt{};
  for (Square sq = 0; sq < kFlipSquares; ++sq) {
    const Cell c = pos.cell(sq);
    if (c >= kEmpty) continue;
    const Side s = side_of(Piece(c));
    const Animal a = animal_of(Piece(c));
    const double mine = flip_piece_value(r, a, rat_left[opponent(s)]);
    material[s] += mine;
    for (Square other = 0; other < kFlipSquares; ++other) {
      const Cell prey = pos.cell(other);
      if (prey >= kEmpty || side_of(Piece(prey)) == s ||
          pos.combat(a, animal_of(Piece(prey))) != Combat::kTakes)
        continue;
      const int distance = std::abs(kFlipGeometry.file_of(sq) - kFlipGeometry.file_of(other)) +
                           std::abs(kFlipGeometry.rank_of(sq) - kFlipGeometry.rank_of(other));
      hunt[s] = std::max(hunt[s], kHunt * (6 - distance) *
                                      flip_piece_value(r, animal_of(Piece(prey)), rat_left[s]));
    }
    for (Bitboard t = kFlipGeometry.neighbours(Bitboard(1) << sq); t; t &= t - 1) {
      const Cell target = pos.cell(std::countr_zero(t));
      if (target == kEmpty) {
        mobility[s] += 1;
        continue;
      }
      if (target == kHidden || side_of(Piece(target)) == s) continue;
      const Animal victim = animal_of(Piece(target));
      const double theirs = flip_piece_value(r, victim, rat_left[s]);
      double gain = 0;
      switch (pos.combat(a, victim)) {
        case Combat::kTakes:
          gain = theirs;
          break;
        case Combat::kBothDie:
          gain = theirs - mine;
          break;
        default:
          continue;
      }
      mobility[s] += 1;
      threat[s] = std::max(threat[s], gain);
    }
  }
  const Side us = pos.side_to_move(), them = opponent(us);
  const double score = material[us] - material[them] + kMobility * (mobility[us] - mobility[them]) +
                       kOwnThreat * threat[us] - kEnemyThreat * threat[them] + hunt[us] -
                       hunt[them];
  return std::clamp(score, -kFlipEvalMax, kFlipEvalMax);
}

// ---------------------------------------------------------------------------

namespace {
constexpr size_t kMaxSolverMemo = 4'000'000;
}  // namespace

bool FlipSolver::can_solve(const FlipPosition& pos) const {
  return pos.hidden_count() == 0 && pos.colours_known() && pos.rules().quiet_limit > 0 &&
         pos.face_up_count(kBlue) + pos.face_up_count(kRed) <= max_pieces_;
}

FlipSolver::Key FlipSolver::key_of(const FlipPosition& pos) {
  Key k{0, 0, uint32_t(pos.side_to_move()) << 20 | uint32_t(pos.quiet_plies())};
  for (Square s = 0; s < 12; ++s) k.cells_low |= uint64_t(pos.cell(s)) << (5 * s);
  for (Square s = 12; s < kFlipSquares; ++s)
    k.cells_high |= uint64_t(pos.cell(s)) << (5 * (s - 12));
  return k;
}

std::optional<int> FlipSolver::known(const FlipPosition& pos) const {
  if (!can_solve(pos)) return std::nullopt;
  if (auto it = memo_.find(key_of(pos)); it != memo_.end()) return it->second;
  return std::nullopt;
}

std::optional<int> FlipSolver::solve(const FlipPosition& pos) {
  if (!can_solve(pos)) return std::nullopt;
  if (auto it = memo_.find(key_of(pos)); it != memo_.end()) return it->second;
  // Each set of animals solved fills it anew: bound the memory, not the speed.
  if (memo_.size() > kMaxSolverMemo) memo_.clear();
  // A copy without history and without the repetition rule, so that the
  // value depends on the memo's key alone.
  FlipRules rules = pos.rules();
  rules.repetitions = 0;
  FlipPosition copy(std::make_shared<const FlipRules>(rules), pos.fen());
  return solve_rec(copy);
}

int FlipSolver::solve_rec(FlipPosition& pos) {
  const Key key = key_of(pos);
  if (auto it = memo_.find(key); it != memo_.end()) return it->second;
  GameResult result;
  int best;
  if (pos.end(&result) != FlipEnd::kNone) {
    best = int(terminal_score(pos, result, 0));
  } else {
    best = -int(kFlipWin) - 1;
    for (Action a : pos.legal_actions()) {
      pos.play({a, kNoPiece});
      int v = -solve_rec(pos);
      pos.undo();
      v -= (v > 0) - (v < 0);  // one ply further from the end
      best = std::max(best, v);
    }
  }
  memo_.emplace(key, best);
  return best;
}

// ---------------------------------------------------------------------------

namespace {
constexpr size_t kTTSize = size_t(1) << 18;
constexpr double kProbeWidth = 1e-7;
constexpr int kQuiescencePlies = 8;
// Tables of this many animals or fewer are built inside the tree when met.
constexpr int kCheapTablePieces = 4;
constexpr double kDrawnTableEval = 0.05;
// flip_boxed_in's weights: the side to move may free its own boxed animal
// first; the enemy's is the side to move's to take.
constexpr double kBoxedInOwn = 0.4;
constexpr double kBoxedInEnemy = 0.6;
}  // namespace

double FlipSearcher::evaluate(const FlipPosition& pos) const {
  const int limit = pos.rules().quiet_limit;
  double v = flip_evaluate(pos);
  if (options_.boxed_in) {
    v = std::clamp(v + flip_boxed_in(pos, kBoxedInOwn, kBoxedInEnemy), -kFlipEvalMax, kFlipEvalMax);
  }
  if (options_.quiet_fade <= 0 || limit <= 0) return v;
  const double gone = std::min(1.0, double(pos.quiet_plies()) / limit);
  return v * (1 - options_.quiet_fade * gone);
}

double FlipSearcher::draw_score(const FlipPosition& pos) const {
  if (!root_side_known_ || !pos.colours_known()) return 0;
  return pos.side_to_move() == root_side_ ? -options_.contempt : options_.contempt;
}

std::optional<double> FlipSearcher::table_score(const FlipPosition& pos, int ply) {
  if (options_.endgame_pieces <= 0 || !endgames_.covers(pos)) return std::nullopt;
  std::optional<EndgameValue> v = endgames_.probe_built(pos);
  if (!v && pos.face_up_count(kBlue) + pos.face_up_count(kRed) <= kCheapTablePieces) {
    v = endgames_.probe(pos);
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
  if (std::optional<double> v = table_score(pos, ply)) return *v;
  double best = evaluate(pos);
  if (best >= beta || left == 0) return best;
  alpha = std::max(alpha, best);
  ActionList list = pos.legal_actions();
  order(pos, list);
  for (Action a : list) {
    if (a.is_flip() || pos.cell(a.to) == kEmpty) continue;
    const Combat c =
        pos.combat(animal_of(Piece(pos.cell(a.from))), animal_of(Piece(pos.cell(a.to))));
    if (c == Combat::kAttackerDies) continue;
    pos.play({a, kNoPiece});
    ++nodes_;
    GameResult result;
    const double v = pos.end(&result) != FlipEnd::kNone
                         ? -terminal_score(pos, result, ply + 1, draw_score(pos))
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

bool FlipSearcher::out_of_time() {
  if (stop_) return true;
  if (node_limit_ && nodes_ >= node_limit_) return true;
  return has_deadline_ && std::chrono::steady_clock::now() >= deadline_;
}

void FlipSearcher::order(const FlipPosition& pos, ActionList& list) const {
  // Captures first, the most valuable victim first; then flips; then steps.
  auto rank = [&pos](Action a) {
    if (a.is_flip()) return 100;
    const Cell target = pos.cell(a.to);
    if (target == kEmpty) return 200;
    return 50 - int(animal_of(Piece(target))) * 4 + int(animal_of(Piece(pos.cell(a.from))));
  };
  std::stable_sort(list.items.begin(), list.items.begin() + list.size,
                   [&rank](Action x, Action y) { return rank(x) < rank(y); });
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
  if ((node_limit_ && nodes_ > node_limit_) || ((nodes_ & 1023) == 0 && out_of_time()))
    aborted_ = true;
  if (aborted_) return 0;
  GameResult result;
  if (pos.end(&result) != FlipEnd::kNone) return terminal_score(pos, result, ply, draw_score(pos));
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

double FlipSearcher::probe_bound(FlipPosition& pos, int depth, double threshold, int ply) {
  // A lower bound on the value of this decision node from its first action
  // alone, searched with a window just around `threshold`; -kFlipWin when
  // the probe fails low and so bounds nothing.
  GameResult result;
  if (pos.end(&result) != FlipEnd::kNone || depth <= 0 ||
      (options_.endgame_pieces > 0 && endgames_.built(pos))) {
    return search_node(pos, depth, -kFlipWin, kFlipWin, ply);
  }
  ActionList list = pos.legal_actions();
  order(pos, list);
  const double lo = std::clamp(threshold, -kFlipWin, kFlipWin) - kProbeWidth;
  const double v = action_value(pos, list.items[0], depth, lo, lo + 2 * kProbeWidth, ply);
  return v > lo ? v : -kFlipWin;
}

void FlipSearcher::know_tiles(const std::optional<FlipDeal>& tiles) {
  if (tiles == tiles_) return;
  tiles_ = tiles;
  std::fill(tt_.begin(), tt_.end(), TTEntry{});
}

Outcomes FlipSearcher::flip_outcomes(const FlipPosition& pos, Square square) const {
  if (tiles_) {
    const Piece known = (*tiles_)[square];
    if (known != kNoPiece && pos.pool_count(known) > 0) {
      Outcomes one;
      one.piece[0] = known;
      one.count[0] = 1;
      one.size = 1;
      one.total = 1;
      return one;
    }
  }
  return pos.outcomes();
}

namespace {

// A value in points as an expected result 0..1 and back (chance_scale):
// the logistic curve inside the evaluation's range, and beyond it a line
// to 1 at a won end (0 at a lost one), so that the map is one to one over
// [-kFlipWin, kFlipWin] and keeps the order of every value.
struct ResultCurve {
  double scale;
  double edge;  // the share at kFlipEvalMax

  explicit ResultCurve(double s) : scale(s), edge(1 / (1 + std::exp(-kFlipEvalMax / s))) {}
  double share(double v) const {
    if (v < 0) return 1 - share(-v);
    if (v <= kFlipEvalMax) return 1 / (1 + std::exp(-v / scale));
    return std::min(1.0, edge + (1 - edge) * (v - kFlipEvalMax) / (kFlipWin - kFlipEvalMax));
  }
  double points(double e) const {
    if (e < 0.5) return -points(1 - e);
    if (e >= 1) return kFlipWin;
    if (e <= edge) return scale * std::log(e / (1 - e));
    return kFlipEvalMax + (e - edge) / (1 - edge) * (kFlipWin - kFlipEvalMax);
  }
};

}  // namespace

double FlipSearcher::outcome_value(FlipPosition& pos, const Ply& flip, int depth, double lo,
                                   double hi, int ply) {
  pos.play(flip);
  const double v = -search_node(pos, depth - 1, -hi, -lo, ply + 1);
  pos.undo();
  return v;
}

double FlipSearcher::chance_value(FlipPosition& pos, Action a, int depth, double alpha, double beta,
                                  int ply) {
  if (options_.chance_scale > 0) return result_chance_value(pos, a, depth, alpha, beta, ply);
  const Outcomes o = flip_outcomes(pos, a.from);
  const double total = o.total;
  std::array<double, kPieceKinds> p{}, upper{};
  for (int i = 0; i < o.size; ++i) {
    p[size_t(i)] = o.count[size_t(i)] / total;
    upper[size_t(i)] = kFlipWin;
  }
  auto child = [&](int i, double lo, double hi) {
    return outcome_value(pos, {a, o.piece[size_t(i)]}, depth, lo, hi, ply);
  };
  if (!options_.star1) {
    double sum = 0;
    for (int i = 0; i < o.size; ++i) sum += p[size_t(i)] * child(i, -kFlipWin, kFlipWin);
    return sum;
  }
  if (options_.star2) {
    // Star2: probe each outcome's reply for an upper bound on our value;
    // when the bounds together cannot reach alpha the flip fails low unsearched.
    double known = 0, rest = 1;
    for (int i = 0; i < o.size; ++i) {
      const size_t k = size_t(i);
      rest -= p[k];
      const double threshold = (alpha - known - rest * kFlipWin) / p[k];
      pos.play({a, o.piece[k]});
      const double lower = probe_bound(pos, depth - 1, -threshold, ply + 1);
      pos.undo();
      if (aborted_) return 0;
      upper[k] = std::min(kFlipWin, -lower);
      known += p[k] * upper[k];
    }
    if (known <= alpha) return known;
  }
  // Star1: each outcome searched with the window that could still move the
  // expectation across alpha or beta, the others at their bounds.
  double done = 0, rest_upper = 0, rest_p = 1;
  for (int i = 0; i < o.size; ++i) rest_upper += p[size_t(i)] * upper[size_t(i)];
  for (int i = 0; i < o.size; ++i) {
    const size_t k = size_t(i);
    rest_upper -= p[k] * upper[k];
    rest_p -= p[k];
    const double lo = (alpha - done - rest_upper) / p[k];
    const double hi = (beta - done + rest_p * kFlipWin) / p[k];
    // What the probe proved caps a fail-soft answer above the window.
    const double v = std::min(upper[k], child(i, std::max(-kFlipWin, lo), std::min(upper[k], hi)));
    if (aborted_) return 0;
    if (v <= lo) return done + p[k] * v + rest_upper;
    if (v >= hi) return done + p[k] * v - rest_p * kFlipWin;
    done += p[k] * v;
  }
  return done;
}

// chance_value with each outcome's value an expected result (chance_scale):
// the same Star1 windows, worked out in shares and searched in points.
double FlipSearcher::result_chance_value(FlipPosition& pos, Action a, int depth, double alpha,
                                         double beta, int ply) {
  const ResultCurve curve(options_.chance_scale);
  const Outcomes o = flip_outcomes(pos, a.from);
  const double total = o.total;
  auto child = [&](int i, double lo, double hi) {
    return outcome_value(pos, {a, o.piece[size_t(i)]}, depth, lo, hi, ply);
  };
  if (!options_.star1) {
    double sum = 0;
    for (int i = 0; i < o.size; ++i) {
      sum += o.count[size_t(i)] / total * curve.share(child(i, -kFlipWin, kFlipWin));
    }
    return curve.points(sum);
  }
  const double alpha_share = curve.share(alpha), beta_share = curve.share(beta);
  double done = 0, rest_p = 1;
  for (int i = 0; i < o.size; ++i) {
    const double p = o.count[size_t(i)] / total;
    rest_p -= p;
    // The others at most a won end (1), at least a lost one (0).
    const double lo_share = (alpha_share - done - rest_p) / p;
    const double hi_share = (beta_share - done) / p;
    const double lo = lo_share <= 0 ? -kFlipWin : curve.points(lo_share);
    const double hi = hi_share >= 1 ? kFlipWin : curve.points(hi_share);
    const double v = child(i, lo, hi);
    if (aborted_) return 0;
    const double e = curve.share(v);
    if (lo_share > 0 && v <= lo) return curve.points(done + p * e + rest_p);
    if (hi_share < 1 && v >= hi) return curve.points(done + p * e);
    done += p * e;
  }
  return curve.points(done);
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
  const auto start = std::chrono::steady_clock::now();
  aborted_ = false;
  root_side_known_ = pos.colours_known();
  root_side_ = pos.side_to_move();
  nodes_ = 0;
  // The first depth is searched whole whatever the node limit, so that a
  // small budget plays the best action of one ply, not the first in order.
  node_limit_ = 0;
  has_deadline_ = limits.movetime_ms > 0;
  deadline_ = start + std::chrono::milliseconds(limits.movetime_ms);
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
    if (aborted_) break;
    out.best = found.front().action;
    out.score = found.front().score;
    set_verdict(out, pos);
    out.lines = found;
    out.depth = depth;
    out.nodes = nodes_;
    out.time_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::steady_clock::now() - start)
                      .count();
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
  out.time_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                    std::chrono::steady_clock::now() - start)
                    .count();
  return out;
}

double expected_of_points(double points) {
  if (points > kFlipEvalMax) return 1.0;
  if (points < -kFlipEvalMax) return 0.0;
  return 1.0 / (1.0 + std::exp(-points / FlipSearchOptions().chance_scale));
}

}  // namespace jungle::flip
