// The views along a line of the view search: the root's view as the tree's
// position (exact marginals from the belief), the marginals narrowed by
// what a move or an attack's outcome shows, the odds of an attack, the
// child after a move, and repetition (docs/hidden.md, "The tree").
#include <algorithm>
#include <cmath>

#include "hidden_search/view_search_impl.h"

namespace jungle::hidden {

namespace {

// Takes from a piece's marginals `p` (summing to 1) each animal below
// `least` (ViewSearchOptions::least_share), the others scaled up to sum to
// 1 again; nothing where every animal is below it.
void drop_unlikely(std::array<float, kAnimals>& p, float least) {
  if (least <= 0) return;
  float kept = 0;
  for (float x : p) kept += x >= least ? x : 0;
  if (kept <= 0) return;
  for (float& x : p) x = x >= least ? x / kept : 0;
}

}  // namespace

VState ViewSearch::Impl::state_of(const PlayerView& view) const {
  VState st;
  st.board.fill(-1);
  st.to_move = view.side_to_move();
  st.plies_since_capture = view.plies_since_capture();
  for (Side side : {kBlue, kRed}) {
    const std::vector<int>& ids = view.side_pieces(side);
    const Belief& belief = view.belief(side);
    // Weighted by the engine's soft belief where it holds one (the
    // arrangements' count otherwise: every weight is 1).
    const double total = belief.weighted_arrangements();
    const std::vector<std::array<double, kAnimals>> marginals = belief.marginals();
    for (size_t k = 0; k < ids.size(); ++k) {
      const PieceInfo& info = view.pieces()[size_t(ids[k])];
      if (!info.on_board() || st.count >= kMaxPieces) continue;
      VPiece piece;
      piece.square = info.square;
      piece.side = side;
      piece.id = root_ids[size_t(info.square)];
      piece.shown = info.shown;
      if (info.known) {
        piece.p[*info.known] = 1;
      } else {
        // Exact marginals: the share of the arrangements with each animal here.
        const AnimalSet feasible = belief.feasible(int(k));
        for (int a = 0; a < kAnimals && total > 0; ++a) {
          if (!feasible.contains(Animal(a))) continue;
          piece.p[size_t(a)] = float(marginals[k][size_t(a)]);
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
        drop_unlikely(piece.p, options.least_share);
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

void ViewSearch::Impl::rekey(VState& st) const {
  const Keys& k = keys();
  uint64_t key = st.to_move == kRed ? k.side : 0;
  uint64_t placement = key;
  for (int i = 0; i < st.count; ++i) {
    const VPiece& p = st.pieces[size_t(i)];
    if (p.square == kNoSquare) continue;
    key ^= k.piece[size_t(p.square)][p.side][p.candidates];
    if (options.opponent == OpponentModel::kGuessing && p.shown && p.side == root_side)
      key ^= k.shown[size_t(p.square)];
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

// Marks the pieces of an attack whose animals its outcome shows.
void ViewSearch::Impl::show(VState& c, const VMove& m, Outcome outcome) const {
  const ShownRule shown = shown_rule(rules->rules(), outcome);
  if (shown.attacker) c.pieces[size_t(m.piece)].shown = true;
  if (shown.defender) c.pieces[size_t(m.target)].shown = true;
}

ViewSearch::Impl::GambleOdds ViewSearch::Impl::guessing_odds(const VState& st,
                                                             const VMove& m) const {
  GambleOdds odds;
  if (m.target < 0) {
    odds.take = m.p_move;
    return odds;
  }
  const VPiece& enemy = st.pieces[size_t(m.piece)];
  const VPiece& ours = st.pieces[size_t(m.target)];
  const Square from = m.move.from(), to = m.move.to();
  // What the enemy believes our piece is: its animal once shown, else any
  // of our pieces' animals it has not been shown, alike (it does not see
  // which of them moved where).
  std::array<int, kAnimals> unshown{};
  int count = 0;
  if (!ours.shown) {
    for (int j = 0; j < st.count; ++j) {
      const VPiece& p = st.pieces[size_t(j)];
      if (p.side != ours.side || p.square == kNoSquare || p.shown) continue;
      for (int a = 0; a < kAnimals; ++a) {
        if (p.p[size_t(a)] > kNegligible) {
          ++unshown[size_t(a)];
          ++count;
        }
      }
    }
  }
  for (int y = 0; y < kAnimals; ++y) {
    if (!((m.movers >> y) & 1) || enemy.p[size_t(y)] <= kNegligible) continue;
    double takes = 0;  // that y takes our piece, as it truly is
    for (int x = 0; x < kAnimals; ++x) {
      if (ours.p[size_t(x)] > kNegligible &&
          rules->may_capture(enemy.side, Animal(y), from, Animal(x), to))
        takes += ours.p[size_t(x)];
    }
    double attacks = takes;  // that y attacks: what it believes it takes
    if (count > 0) {
      int guesses = 0;
      for (int x = 0; x < kAnimals; ++x) {
        if (unshown[size_t(x)] && rules->may_capture(enemy.side, Animal(y), from, Animal(x), to))
          guesses += unshown[size_t(x)];
      }
      attacks = double(guesses) / count;
    }
    odds.take += enemy.p[size_t(y)] * attacks * takes;
    odds.fail += enemy.p[size_t(y)] * attacks * (1 - takes);
  }
  return odds;
}

namespace {

// The attacker's and the defender's candidate animals that pair up so that
// the attack from `from` to `to` succeeds (`takes`) or fails (`!takes`).
struct AnimalPairs {
  uint8_t attackers = 0;
  uint8_t defenders = 0;
};

AnimalPairs pairs_where(const RuleSet& rules, const VPiece& attacker, const VPiece& defender,
                        Square from, Square to, bool takes) {
  AnimalPairs pairs;
  for (int x = 0; x < kAnimals; ++x) {
    if (!((attacker.candidates >> x) & 1)) continue;
    for (int y = 0; y < kAnimals; ++y) {
      if (((defender.candidates >> y) & 1) &&
          rules.may_capture(attacker.side, Animal(x), from, Animal(y), to) == takes) {
        pairs.attackers |= uint8_t(1u << x);
        pairs.defenders |= uint8_t(1u << y);
      }
    }
  }
  return pairs;
}

}  // namespace

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
      const AnimalPairs won =
          pairs_where(*rules, attacker, c.pieces[size_t(m.target)], from, to, true);
      narrow(c, m.piece, won.attackers);
      narrow(c, m.target, won.defenders);
      show(c, m, Outcome::kTook);
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
    const AnimalPairs lost =
        pairs_where(*rules, attacker, c.pieces[size_t(m.target)], from, to, false);
    narrow(c, m.piece, lost.attackers);
    narrow(c, m.target, lost.defenders);
    const FailedAttack failed = rules->rules().failed_attack;
    show(c, m,
         failed == FailedAttack::kAttackerDies ? Outcome::kDied
         : failed == FailedAttack::kBounce     ? Outcome::kBounced
                                               : Outcome::kRefused);
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

}  // namespace jungle::hidden
