#include "hidden_search/view_search.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "search/engine.h"
#include "search/evaluation.h"
#include "search/search.h"

namespace jungle::hidden {

namespace {

using Clock = std::chrono::steady_clock;

// A win at ply p scores kWin - p, as the open search's mates do, so that
// expected_result() reads the tree's scores as it reads the worlds'.
constexpr int kWin = kMateScore;
constexpr int kWinBound = kMateBound;
constexpr int kMaxDepth = 64;
constexpr int kMaxTreePly = 100;
constexpr int kMaxPieces = 16;
// The logistic scale of expected results: centipawns at which a side is
// expected to score about 0.76 (hidden_search's expected_result).
constexpr double kUtilityScale = 400.0;
// A probability below this is none: the marginals are narrowed in floats.
constexpr float kNegligible = 1e-6f;
// A first move whose value at an unfinished depth fell this far below its
// value at the last depth gives way to the last depth's next move.
constexpr int kFirstMoveFails = 150;
// Quiescence plies that answer a den threat with every move.
constexpr int kEvasionPlies = 6;
// Null move: a pass searched this many plies shallower, and a ply more per four.
constexpr int kNullMoveReduction = 3;
// Pruning near the leaves, as the open search does (search/search_params.h).
constexpr int kFutileDepth = 7;          // reverse futility up to this depth
constexpr int kFutileMargin = 90;        // per ply
constexpr int kLateMovesDepth = 4;       // late quiet moves skipped up to this depth
constexpr int kLateMovesBase = 4;        // after base + depth^2 moves
constexpr int kQuietFutileDepth = 3;     // quiet moves that cannot reach alpha
constexpr int kQuietFutileMargin = 160;  // per ply
constexpr int kDeltaMargin = 150;        // captures in quiescence
// Late-move reductions: log(depth) * log(move number) / divisor + base,
// less a ply for every kLmrHistoryDivisor of the move's history.
constexpr double kLmrBase = 0.75;
constexpr double kLmrDivisor = 2.25;
constexpr int kLmrHistoryDivisor = 6000;
constexpr int kHistoryMax = 16384;

struct VPiece {
  Square square = kNoSquare;  // kNoSquare: off the board
  Side side = kBlue;
  uint8_t candidates = 0;  // animals with a probability (bit per Animal)
  uint8_t id = 0;          // which piece of the game it is (for repetition)
  std::array<float, kAnimals> p{};
};

// A position of the tree: a view, pieces by index, each with its marginals.
struct VState {
  std::array<VPiece, kMaxPieces> pieces;
  int count = 0;
  std::array<int8_t, 64> board;
  std::array<Bitboard, kSides> occupied{};
  Side to_move = kBlue;
  int plies_since_capture = 0;
  uint64_t key = 0;        // the table's: squares, sides and candidates
  uint64_t placement = 0;  // repetition's: squares, the searcher's animals
};

// A move of the tree and what the view knows of it.
struct VMove {
  Move move;
  int8_t piece = -1;
  int8_t target = -1;  // the enemy piece attacked, or -1
  uint8_t movers = 0;  // the piece's animals that can make the move
  float p_move = 1;    // probability that the piece is one of them
  float p_took = 1;    // for an attack by the movers: that it takes
  int order = 0;
};

struct TTEntry {
  uint64_t key = 0;
  int16_t value = 0;
  uint16_t move = 0;
  int8_t depth = -1;
  uint8_t bound = 0;  // 1 lower, 2 upper, 3 exact
};

// Wins in the table count from the node, not from the root.
int to_table(int v, int ply) {
  return v >= kWinBound ? v + ply : v <= -kWinBound ? v - ply : v;
}
int from_table(int v, int ply) {
  return v >= kWinBound ? v - ply : v <= -kWinBound ? v + ply : v;
}

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

uint64_t splitmix(uint64_t& x) {
  uint64_t z = (x += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// Keys of a piece of a side on a square with a set of candidates.
struct Keys {
  std::array<std::array<std::array<uint64_t, 256>, kSides>, 64> piece;
  uint64_t side;
  Keys() {
    uint64_t seed = 0x6A756E676C65ull;
    for (auto& by_square : piece)
      for (auto& by_side : by_square)
        for (uint64_t& k : by_side) k = splitmix(seed);
    side = splitmix(seed);
  }
};
const Keys& keys() {
  static const Keys k;
  return k;
}

int popcount8(uint8_t b) {
  return std::popcount(unsigned(b));
}

}  // namespace

double tree_utility(int score) {
  if (score >= kWinBound) return 1;
  if (score <= -kWinBound) return 0;
  return 1 / (1 + std::pow(10.0, -score / kUtilityScale));
}

int tree_score(double utility, int beyond) {
  // Outside (0, 1) (a window's bound that no mix can reach): `beyond`.
  if (utility <= 0) return beyond != 0 ? beyond : -(kWinBound - 1);
  if (utility >= 1) return beyond != 0 ? beyond : kWinBound - 1;
  const double score = -kUtilityScale * std::log10(1 / utility - 1);
  return int(std::clamp(std::lround(score), long(-(kWinBound - 1)), long(kWinBound - 1)));
}

struct ViewSearch::Impl {
  ViewSearchOptions options;
  RuleSetPtr rules;
  // The evaluation's one-piece terms (value, advance, square table, water)
  // by side, animal and square, and whether the piece is within three moves
  // of the enemy den: the open evaluation's tables (search/evaluation.cpp).
  std::array<std::array<std::array<float, 64>, kAnimals>, kSides> piece_square{};
  std::array<std::array<std::array<float, 64>, kAnimals>, kSides> threat{};
  std::array<Bitboard, kSides> guard_zone{};
  EvalParams params;
  std::vector<TTEntry> table;
  int last_plies = 0;      // the plies of the view last searched
  RuleSetPtr table_rules;  // the rules the table's entries were found under
  void clear_table() { std::fill(table.begin(), table.end(), TTEntry()); }
  std::array<std::array<Move, 2>, kMaxTreePly + 2> killers{};
  std::array<std::array<std::array<int, 64>, 64>, kSides> history{};
  std::array<uint64_t, kMaxTreePly + 2> path{};  // keys along the line
  Side root_side = kBlue;
  int root_depth = 1;  // the iteration's depth
  // The placements of the game since its last capture, the root's last.
  std::vector<uint64_t> game_placements;
  // Which piece of the game stands on each square at the root (read_history).
  std::array<uint8_t, 64> root_ids{};
  uint64_t nodes = 0;
  ViewSearchLimits limits;
  const std::atomic<bool>* stop = nullptr;
  bool aborted = false;

  void set_rules(const RuleSetPtr& r);
  // A new search from `view`: empty tables, the game's placements.
  void prepare(const PlayerView& view, const ViewSearchLimits& l,
               const std::atomic<bool>* stop_flag);
  VState state_of(const PlayerView& view) const;
  void narrow(VState& st, int id, uint8_t allowed) const;
  void remove(VState& st, int id) const;
  void rekey(VState& st) const;
  void read_history(const PlayerView& view);
  bool repeats(const VState& st, int ply) const;
  void generate(const VState& st, std::vector<VMove>& out, bool tactical) const;
  int evaluate(const VState& st) const;
  double took_chance(const VState& st, int attacker, uint8_t movers, int target, Square from,
                     Square to) const;
  bool out_of_budget();
  // A draw for the side to move: the open engine's contempt, so that the
  // searcher avoids draws as the open engine does.
  int draw(const VState& st) const { return st.to_move == root_side ? -contempt : contempt; }
  int contempt = EngineOptions().contempt;
  int search(const VState& st, int depth, int alpha, int beta, int ply, bool null_ok);
  int quiesce(const VState& st, int alpha, int beta, int ply, int qply);
  // The value for the side to move of a move that is not the enemy's
  // informed gamble: chance nodes for attacks whose outcome is unknown.
  int move_value(const VState& st, const VMove& m, int depth, int alpha, int beta, int ply,
                 int qply);
  // The child after `m` (with outcome `took` for an attack, narrowing as
  // the outcome says); whether the same side moves again (a refusal).
  VState child(const VState& st, const VMove& m, bool took, bool& same_side) const;
  int child_value(const VState& c, bool same_side, int depth, int alpha, int beta, int ply,
                  int qply);
  // Whether a piece of `side` stands next to the enemy den and some
  // animal it may be can step in: a threat to answer at once.
  bool threatens_den(const VState& st, Side side) const;
  void order(const VState& st, std::vector<VMove>& moves, Move tt_move, int ply) const;
  bool informed_gamble(const VState& st, const VMove& m) const {
    return options.opponent == OpponentModel::kInformed && st.to_move != root_side &&
           m.p_move * (m.target >= 0 ? m.p_took : 1.0f) < 1.0f - kNegligible;
  }
};

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

void ViewSearch::Impl::set_rules(const RuleSetPtr& r) {
  if (rules == r) return;
  rules = r;
  const RuleSet& rs = *rules;
  const Evaluator evaluator(rs);
  params = default_eval_params(rs);
  const Rules& rr = rs.rules();
  const Geometry& g = rs.geometry();
  for (Side side : {kBlue, kRed}) {
    Bitboard zone = rs.den_bb(side);
    for (int i = 0; i < 2; ++i) zone |= g.neighbours(zone);
    guard_zone[side] = zone;
    for (int ai = 0; ai < kAnimals; ++ai) {
      const Animal a = Animal(ai);
      const int strength = 100 + params.advance_strength_percent * std::max(0, rr.rank[a] - 1);
      const auto& squares = params.square_table(rr.rank[a]);
      for (Square s = 0; s < g.squares(); ++s) {
        const int d = evaluator.den_distance(side, a, s);
        const int bonus = d < int(params.advance.size()) ? params.advance[size_t(d)] : 0;
        const int value = evaluator.piece_value(a) + bonus * strength / 100 +
                          squares[square_table_index(rs, side, s)] +
                          ((rs.water() & square_bb(s)) ? params.swimmer_in_water : 0);
        piece_square[side][a][size_t(s)] = float(value);
        threat[side][a][size_t(s)] = d <= 3 ? 1.0f : 0.0f;
      }
    }
  }
}

VState ViewSearch::Impl::state_of(const PlayerView& view) const {
  VState st;
  st.board.fill(-1);
  st.to_move = view.side_to_move();
  st.plies_since_capture = view.plies_since_capture();
  for (Side side : {kBlue, kRed}) {
    const std::vector<int>& ids = view.side_pieces(side);
    const Belief& belief = view.belief(side);
    const double total = double(std::max<uint64_t>(1, belief.arrangements()));
    for (size_t k = 0; k < ids.size(); ++k) {
      const PieceInfo& info = view.pieces()[size_t(ids[k])];
      if (!info.on_board() || st.count >= kMaxPieces) continue;
      VPiece piece;
      piece.square = info.square;
      piece.side = side;
      piece.id = root_ids[size_t(info.square)];
      if (info.known) {
        piece.p[*info.known] = 1;
      } else {
        // Exact marginals: the share of the arrangements with each animal here.
        const AnimalSet feasible = belief.feasible(int(k));
        for (int a = 0; a < kAnimals; ++a) {
          if (!feasible.contains(Animal(a))) continue;
          Belief one = belief;
          one.restrict(int(k), AnimalSet{Animal(a)});
          piece.p[size_t(a)] = float(double(one.arrangements()) / total);
        }
        float sum = 0;
        for (float x : piece.p) sum += x;
        if (sum <= 0) {
          // No arrangement counted (cannot happen in a consistent view):
          // every candidate alike.
          const AnimalSet c = view.candidates(ids[k]);
          for (int a = 0; a < kAnimals; ++a) piece.p[size_t(a)] = c.contains(Animal(a)) ? 1 : 0;
          sum = 0;
          for (float x : piece.p) sum += x;
        }
        for (float& x : piece.p) x /= sum > 0 ? sum : 1;
      }
      for (int a = 0; a < kAnimals; ++a) {
        if (piece.p[size_t(a)] > kNegligible) piece.candidates |= uint8_t(1u << a);
      }
      st.board[size_t(info.square)] = int8_t(st.count);
      st.occupied[side] |= square_bb(info.square);
      st.pieces[size_t(st.count++)] = piece;
    }
  }
  rekey(st);
  return st;
}

// A placement as repetition sees it: each piece of the game (followed from
// square to square, so that its animal, known or not, is its own) on its
// square. It repeats when the truth's placement does.
uint64_t placement_part(Square s, Side side, uint8_t id) {
  return keys().piece[size_t(s)][side][id];
}

void ViewSearch::Impl::rekey(VState& st) const {
  const Keys& k = keys();
  uint64_t key = st.to_move == kRed ? k.side : 0;
  uint64_t placement = key;
  for (int i = 0; i < st.count; ++i) {
    const VPiece& p = st.pieces[size_t(i)];
    if (p.square == kNoSquare) continue;
    key ^= k.piece[size_t(p.square)][p.side][p.candidates];
    placement ^= placement_part(p.square, p.side, p.id);
  }
  st.key = key;
  st.placement = placement;
}

void ViewSearch::Impl::read_history(const PlayerView& view) {
  game_placements.clear();
  const PlayerView start =
      PlayerView::from_fen(view.rule_set_ptr(), view.start_fen(), view.viewer());
  std::array<int8_t, 64> side{};  // -1 empty
  side.fill(-1);
  root_ids.fill(0);
  uint8_t next = 1;
  for (const PieceInfo& p : start.pieces()) {
    if (!p.on_board()) continue;
    side[size_t(p.square)] = int8_t(p.side);
    root_ids[size_t(p.square)] = next++;
  }
  Side to_move = start.side_to_move();
  auto placement = [&] {
    uint64_t key = to_move == kRed ? keys().side : 0;
    for (Square s = 0; s < 64; ++s) {
      if (side[size_t(s)] >= 0)
        key ^= placement_part(s, Side(side[size_t(s)]), root_ids[size_t(s)]);
    }
    return key;
  };
  game_placements.push_back(placement());
  for (const Observation& o : view.history()) {
    if (!o.is_ply()) continue;
    const size_t from = size_t(o.move.from()), to = size_t(o.move.to());
    bool reset = false;
    if (o.outcome == Outcome::kMove || o.outcome == Outcome::kTook) {
      reset = o.outcome == Outcome::kTook;
      side[to] = side[from];
      root_ids[to] = root_ids[from];
      side[from] = -1;
    } else if (o.outcome == Outcome::kDied) {
      reset = true;
      side[from] = -1;
    }
    for (const auto& [s, piece] : o.drowned) {
      side[size_t(s)] = -1;
      reset = true;
    }
    to_move = opponent(to_move);
    if (reset) game_placements.clear();
    game_placements.push_back(placement());
  }
}

// Whether the line repeats a placement of the game or of the line itself
// since the last capture: a draw, as the open search counts one.
bool ViewSearch::Impl::repeats(const VState& st, int ply) const {
  for (int back = 2; back <= std::min(ply, st.plies_since_capture); back += 2) {
    if (path[size_t(ply - back)] == st.placement) return true;
  }
  if (st.plies_since_capture < ply) return false;  // a capture on the line
  for (uint64_t key : game_placements) {
    if (key == st.placement) return true;
  }
  return false;
}

// Narrows a piece to `allowed`; an animal that became certain is taken
// from its side's other pieces (each animal once), which may in turn
// become certain. A narrowing that would leave nothing is not made: the
// marginals only approximate the belief along a line.
void ViewSearch::Impl::narrow(VState& st, int id, uint8_t allowed) const {
  VPiece& piece = st.pieces[size_t(id)];
  const uint8_t left = piece.candidates & allowed;
  if (left == piece.candidates || left == 0) return;
  float sum = 0;
  for (int a = 0; a < kAnimals; ++a) {
    if (!((left >> a) & 1)) piece.p[size_t(a)] = 0;
    sum += piece.p[size_t(a)];
  }
  if (sum <= 0) return;
  for (float& x : piece.p) x /= sum;
  piece.candidates = left;
  if (popcount8(left) != 1) return;
  for (int j = 0; j < st.count; ++j) {
    const VPiece& other = st.pieces[size_t(j)];
    if (j == id || other.side != piece.side || other.square == kNoSquare) continue;
    if ((other.candidates & left) && popcount8(other.candidates) > 1) narrow(st, j, uint8_t(~left));
  }
}

void ViewSearch::Impl::remove(VState& st, int id) const {
  VPiece& piece = st.pieces[size_t(id)];
  st.board[size_t(piece.square)] = -1;
  st.occupied[piece.side] &= ~square_bb(piece.square);
  piece.square = kNoSquare;
}

double ViewSearch::Impl::took_chance(const VState& st, int attacker, uint8_t movers, int target,
                                     Square from, Square to) const {
  const VPiece& a = st.pieces[size_t(attacker)];
  const VPiece& d = st.pieces[size_t(target)];
  double took = 0, mass = 0;
  for (int x = 0; x < kAnimals; ++x) {
    if (!((movers >> x) & 1)) continue;
    mass += a.p[size_t(x)];
    for (int y = 0; y < kAnimals; ++y) {
      if (!((d.candidates >> y) & 1)) continue;
      if (rules->may_capture(a.side, Animal(x), from, Animal(y), to))
        took += double(a.p[size_t(x)]) * d.p[size_t(y)];
    }
  }
  return mass > 0 ? took / mass : 0;
}

void ViewSearch::Impl::generate(const VState& st, std::vector<VMove>& out, bool tactical) const {
  out.clear();
  const RuleSet& rs = *rules;
  const Side us = st.to_move;
  const Bitboard occupied = st.occupied[kBlue] | st.occupied[kRed];
  const Bitboard enemy_den = rs.den_bb(opponent(us));
  for (int i = 0; i < st.count; ++i) {
    const VPiece& piece = st.pieces[size_t(i)];
    if (piece.side != us || piece.square == kNoSquare) continue;
    const Square from = piece.square;
    // Destinations, each with the animals that can reach it.
    std::array<uint8_t, 64> movers{};
    Bitboard reach = 0;
    for (int a = 0; a < kAnimals; ++a) {
      if (!((piece.candidates >> a) & 1)) continue;
      Bitboard to = rs.steps(us, Animal(a), from);
      if (rs.jumps(Animal(a)) && (rs.jump_origins(us, Animal(a)) & square_bb(from))) {
        for (const Jump& j : rs.jumps_from(us, Animal(a), from)) {
          if (j.to != kNoSquare && !(j.blockers & occupied)) to |= square_bb(j.to);
        }
      }
      to &= ~st.occupied[us];
      reach |= to;
      for (Bitboard b = to; b;) movers[size_t(pop_lsb(b))] |= uint8_t(1u << a);
    }
    if (tactical) reach &= st.occupied[opponent(us)] | enemy_den;
    for (Bitboard b = reach; b;) {
      const Square to = pop_lsb(b);
      VMove m;
      m.move = Move(from, to);
      m.piece = int8_t(i);
      m.movers = movers[size_t(to)];
      float mass = 0;
      for (int a = 0; a < kAnimals; ++a) {
        if ((m.movers >> a) & 1) mass += piece.p[size_t(a)];
      }
      m.p_move = std::min(1.0f, mass);
      const int target = st.board[size_t(to)];
      if (target >= 0) {
        m.target = int8_t(target);
        m.p_took = float(took_chance(st, i, m.movers, target, from, to));
        // A try no arrangement allows is no move; one that can only fail
        // is left out too: it gives a piece away (or the turn) for nothing.
        if (m.p_took <= kNegligible) continue;
      }
      out.push_back(m);
    }
  }
}

int ViewSearch::Impl::evaluate(const VState& st) const {
  const RuleSet& rs = *rules;
  const Geometry& g = rs.geometry();
  const Bitboard occupied = st.occupied[kBlue] | st.occupied[kRed];
  std::array<float, kSides> score{}, threats{};
  std::array<int, kSides> defenders{};
  // The chance that some Rat of the side is next to an enemy Elephant it
  // may take (at most one such pair counts, as in the open evaluation).
  std::array<float, kSides> rat_misses = {1, 1};
  for (int i = 0; i < st.count; ++i) {
    const VPiece& piece = st.pieces[size_t(i)];
    if (piece.square == kNoSquare) continue;
    const Side side = piece.side;
    const size_t s = size_t(piece.square);
    float value = 0, near = 0;
    for (int a = 0; a < kAnimals; ++a) {
      if (!((piece.candidates >> a) & 1)) continue;
      const float p = piece.p[size_t(a)];
      value += p * piece_square[side][size_t(a)][s];
      near += p * threat[side][size_t(a)][s];
      if (params.jump_lane_open && rs.water() && (a == kTiger || a == kLion || a == kLeopard) &&
          rs.jumps(Animal(a)) && (rs.jump_origins(side, Animal(a)) & square_bb(piece.square))) {
        int lanes = 0;
        for (const Jump& j : rs.jumps_from(side, Animal(a), piece.square)) {
          if (j.to != kNoSquare && !(j.blockers & occupied) &&
              !(st.occupied[side] & square_bb(j.to)))
            ++lanes;
        }
        value += p * float(params.jump_lane_open * lanes);
      }
    }
    const float rat = piece.p[kRat];
    if (rat > 0 && params.rat_attacks_elephant) {
      const uint8_t targets = (rs.water() & square_bb(piece.square))
                                  ? rs.capture_targets_from_water(kRat)
                                  : rs.capture_targets(kRat);
      if ((targets >> kElephant) & 1) {
        for (Bitboard b = g.neighbours(square_bb(piece.square)) & st.occupied[opponent(side)] &
                          rs.capture_zone(piece.square);
             b;) {
          const VPiece& prey = st.pieces[size_t(st.board[size_t(pop_lsb(b))])];
          rat_misses[side] *= 1 - rat * prey.p[kElephant];
        }
      }
    }
    score[side] += value;
    threats[opponent(side)] += near;
    if (guard_zone[side] & square_bb(piece.square)) ++defenders[side];
  }
  for (Side side : {kBlue, kRed}) {
    score[side] += float(params.den_guard) * std::min(threats[side], float(defenders[side]));
    for (Bitboard b = st.occupied[opponent(side)] & rs.weakening_traps(side); b;) {
      if (g.neighbours(square_bb(pop_lsb(b))) & st.occupied[side])
        score[side] += float(params.trapped_enemy);
    }
    score[side] += float(params.rat_attacks_elephant) * (1 - rat_misses[side]);
  }
  const Side us = st.to_move;
  return int(std::lround(score[us] - score[opponent(us)])) + params.tempo;
}

bool ViewSearch::Impl::out_of_budget() {
  if (aborted) return true;
  if (limits.nodes && nodes >= limits.nodes) aborted = true;
  if ((nodes & 255) == 0) {
    if (stop && stop->load(std::memory_order_relaxed)) aborted = true;
    if (limits.deadline != Clock::time_point() && Clock::now() >= limits.deadline) aborted = true;
  }
  return aborted;
}

VState ViewSearch::Impl::child(const VState& st, const VMove& m, bool took, bool& same_side) const {
  VState c = st;
  same_side = false;
  const Square from = m.move.from(), to = m.move.to();
  narrow(c, m.piece, m.movers);
  const VPiece& attacker = c.pieces[size_t(m.piece)];
  if (m.target < 0 || took) {
    if (m.target >= 0) {
      // Narrowed to the animals that take the defender here, and the
      // defender to those it can take.
      uint8_t winners = 0, victims = 0;
      const VPiece& defender = c.pieces[size_t(m.target)];
      for (int x = 0; x < kAnimals; ++x) {
        if (!((attacker.candidates >> x) & 1)) continue;
        for (int y = 0; y < kAnimals; ++y) {
          if (((defender.candidates >> y) & 1) &&
              rules->may_capture(attacker.side, Animal(x), from, Animal(y), to)) {
            winners |= uint8_t(1u << x);
            victims |= uint8_t(1u << y);
          }
        }
      }
      narrow(c, m.piece, winners);
      narrow(c, m.target, victims);
      remove(c, m.target);
      c.plies_since_capture = 0;
    } else {
      ++c.plies_since_capture;
    }
    c.board[size_t(from)] = -1;
    c.board[size_t(to)] = m.piece;
    c.occupied[attacker.side] ^= square_bb(from) | square_bb(to);
    c.pieces[size_t(m.piece)].square = to;
  } else {
    // Failed: the defender is an animal the attacker cannot take (and the
    // attacker one that cannot take it).
    uint8_t losers = 0, survivors = 0;
    const VPiece& defender = c.pieces[size_t(m.target)];
    for (int x = 0; x < kAnimals; ++x) {
      if (!((attacker.candidates >> x) & 1)) continue;
      for (int y = 0; y < kAnimals; ++y) {
        if (((defender.candidates >> y) & 1) &&
            !rules->may_capture(attacker.side, Animal(x), from, Animal(y), to)) {
          losers |= uint8_t(1u << x);
          survivors |= uint8_t(1u << y);
        }
      }
    }
    narrow(c, m.piece, losers);
    narrow(c, m.target, survivors);
    switch (rules->rules().failed_attack) {
      case FailedAttack::kAttackerDies:
        remove(c, m.piece);
        c.plies_since_capture = 0;
        break;
      case FailedAttack::kBounce:
        ++c.plies_since_capture;
        break;
      case FailedAttack::kRefused:
        same_side = true;
        break;
    }
  }
  if (!same_side) c.to_move = opponent(c.to_move);
  rekey(c);
  return c;
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
    const int v = child_value(c, same, depth, std::max(a, -kInfinite + 1),
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

void ViewSearch::Impl::order(const VState& st, std::vector<VMove>& moves, Move tt_move,
                             int ply) const {
  const Bitboard enemy_den = rules->den_bb(opponent(st.to_move));
  for (VMove& m : moves) {
    int o = history[st.to_move][size_t(m.move.from())][size_t(m.move.to())];
    if (m.move == tt_move) {
      o = 1 << 30;
    } else if (enemy_den & square_bb(m.move.to())) {
      o = 1 << 29;
    } else if (m.target >= 0) {
      // Expected material won: the victim's value if it takes, the
      // attacker's lost if it dies.
      const VPiece& a = st.pieces[size_t(m.piece)];
      const VPiece& d = st.pieces[size_t(m.target)];
      float victim = 0, attacker = 0;
      const size_t to = size_t(m.move.to()), from = size_t(m.move.from());
      for (int x = 0; x < kAnimals; ++x) {
        victim += d.p[size_t(x)] * piece_square[d.side][size_t(x)][to];
        attacker += a.p[size_t(x)] * piece_square[a.side][size_t(x)][from];
      }
      o = (1 << 27) + int(m.p_took * victim - (1 - m.p_took) * attacker);
    } else if (m.move == killers[size_t(ply)][0]) {
      o = 1 << 26;
    } else if (m.move == killers[size_t(ply)][1]) {
      o = (1 << 26) - 1;
    }
    m.order = o;
  }
  std::stable_sort(moves.begin(), moves.end(),
                   [](const VMove& a, const VMove& b) { return a.order > b.order; });
}

bool ViewSearch::Impl::threatens_den(const VState& st, Side side) const {
  const RuleSet& rs = *rules;
  const Bitboard den = rs.den_bb(opponent(side));
  for (Bitboard b = st.occupied[side] & rs.den_neighbours(opponent(side)); b;) {
    const Square s = pop_lsb(b);
    const VPiece& piece = st.pieces[size_t(st.board[size_t(s)])];
    for (int a = 0; a < kAnimals; ++a) {
      if (((piece.candidates >> a) & 1) && (rs.steps(side, Animal(a), s) & den)) return true;
    }
  }
  return false;
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
  std::vector<VMove> moves;
  generate(st, moves, !threatened);
  order(st, moves, Move(), ply);
  std::vector<const VMove*> gambles;
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
  const int static_eval = evaluate(st);
  const bool no_prune = !options.leaf_pruning;
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

  std::vector<VMove> moves;
  generate(st, moves, false);
  if (moves.empty()) {
    return rules->rules().no_legal_move == NoMoveRule::kDraw ? 0 : -kWin + ply;
  }
  order(st, moves, tt_move, ply);
  int best = -kInfinite;
  Move best_move;
  std::vector<const VMove*> gambles;
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
      const double q = double(m->p_move) * double(m->p_took);
      int a = 0, b = 0;
      gamble_window(q, others, alpha, beta, a, b);
      const int v = (enemy_den & square_bb(m->move.to()))
                        ? kWin - ply - 1
                        : move_value(st, *m, depth - 1, a, b, ply, -1);
      if (aborted) return 0;
      const int mixed = gamble_value(q, v, others);
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
      } else if (k == 0) {
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
