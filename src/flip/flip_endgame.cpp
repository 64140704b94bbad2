#include "flip/flip_endgame.h"

#include <algorithm>
#include <bit>

// A table's index: the side to move, then for each piece of the material in
// code order (Blue Rat first, Red Elephant last) its square in four bits:
// side << 4k | square(p_{k-1}) << 4(k-1) | ... | square(p_0). Indexes that put
// two pieces on one square are unused; the waste (about half at five
// animals) buys an index that costs a shift per piece.

namespace jungle::flip {

namespace {

// Values are stored as +-(t + 1) in an int8_t.
constexpr int kMaxQuietLimit = 126;

// The squares one step from each square.
struct Steps {
  std::array<std::array<int8_t, 4>, kFlipSquares> to{};
  std::array<int, kFlipSquares> count{};
  Steps() {
    for (Square s = 0; s < kFlipSquares; ++s) {
      for (Bitboard b = kFlipGeometry.neighbours(Bitboard(1) << s); b; b &= b - 1) {
        to[size_t(s)][size_t(count[size_t(s)]++)] = int8_t(std::countr_zero(b));
      }
    }
  }
};

const Steps& steps() {
  static const Steps s;
  return s;
}

// The pieces of a material in code order.
int pieces_of(uint16_t material, std::array<Piece, kPieceKinds>& out) {
  int k = 0;
  for (uint16_t m = material; m; m &= uint16_t(m - 1))
    out[size_t(k++)] = Piece(std::countr_zero(m));
  return k;
}

uint32_t index_of(uint16_t material, const std::array<int8_t, kPieceKinds>& square_of, Side side) {
  uint32_t idx = 0;
  int shift = 0;
  for (uint16_t m = material; m; m &= uint16_t(m - 1), shift += 4) {
    idx |= uint32_t(square_of[size_t(std::countr_zero(m))]) << shift;
  }
  return idx | uint32_t(side) << shift;
}

}  // namespace

uint16_t face_up_material(const FlipPosition& pos) {
  uint16_t m = 0;
  for (Square s = 0; s < kFlipSquares; ++s) {
    const Cell c = pos.cell(s);
    if (c < kEmpty) m |= uint16_t(1u << c);
  }
  return m;
}

FlipEndgames::FlipEndgames(int max_pieces)
    : max_pieces_(std::clamp(max_pieces, 0, kMaxEndgameAnimals)) {}

void FlipEndgames::clear() {
  tables_.clear();
  bytes_ = 0;
  dropped_.clear();
}

void FlipEndgames::keep_smaller(int pieces, size_t max_bytes) {
  for (auto it = tables_.begin(); it != tables_.end();) {
    if (it->second.pieces > pieces) {
      bytes_ -= it->second.value.size();
      it = tables_.erase(it);
    } else {
      ++it;
    }
  }
  if (bytes_ > max_bytes) {
    tables_.clear();
    bytes_ = 0;
  }
}

void FlipEndgames::drop_larger(int pieces, size_t max_bytes) {
  if (dropped_.empty()) dropped_.assign(size_t(1) << 16, false);
  for (const auto& entry : tables_) dropped_[entry.first] = true;
  keep_smaller(pieces, max_bytes);
  for (const auto& entry : tables_) dropped_[entry.first] = false;  // those kept
}

bool FlipEndgames::was_dropped(const FlipPosition& pos) const {
  return !dropped_.empty() && covers(pos) && same_rules(pos.rules()) &&
         dropped_[face_up_material(pos)];
}

bool FlipEndgames::same_rules(const FlipRules& r) const {
  return has_rules_ && r.equal_ranks == rules_.equal_ranks &&
         r.rat_takes_elephant == rules_.rat_takes_elephant &&
         r.elephant_takes_rat == rules_.elephant_takes_rat && r.suicide == rules_.suicide &&
         r.quiet_limit == rules_.quiet_limit && r.strongest_wins == rules_.strongest_wins;
}

void FlipEndgames::adopt_rules(const FlipRules& r) {
  if (same_rules(r)) return;
  clear();
  rules_ = r;
  has_rules_ = true;
}

Combat FlipEndgames::combat(Animal attacker, Animal defender) const {
  // As FlipPosition::combat (the tables hold no position to ask).
  if (attacker == kRat && defender == kElephant && rules_.rat_takes_elephant) return Combat::kTakes;
  if (attacker == kElephant && defender == kRat) {
    return rules_.elephant_takes_rat ? Combat::kTakes : Combat::kIllegal;
  }
  if (attacker == defender) {
    return rules_.equal_ranks == EqualRanks::kBothDie ? Combat::kBothDie : Combat::kTakes;
  }
  if (attacker > defender) return Combat::kTakes;
  return rules_.suicide ? Combat::kAttackerDies : Combat::kIllegal;
}

std::optional<int> FlipEndgames::material_result(uint16_t material) const {
  const bool blue = (material & 0x00FF) != 0, red = (material & 0xFF00) != 0;
  if (!blue || !red) return blue ? 1 : red ? -1 : 0;
  if (!rules_.strongest_wins) return std::nullopt;
  // As FlipPosition::end: Blue is looked at first.
  for (Side s : {kBlue, kRed}) {
    for (int a = 0; a < kAnimals; ++a) {
      if (!(material >> make_piece(s, Animal(a)) & 1)) continue;
      bool outranks = true;
      for (int b = 0; b < kAnimals && outranks; ++b) {
        if (!(material >> make_piece(opponent(s), Animal(b)) & 1)) continue;
        const Combat attack = combat(Animal(a), Animal(b));
        const Combat defence = combat(Animal(b), Animal(a));
        outranks = attack == Combat::kTakes &&
                   (defence == Combat::kIllegal || defence == Combat::kAttackerDies);
      }
      if (outranks) return s == kBlue ? 1 : -1;
    }
  }
  return std::nullopt;
}

bool FlipEndgames::covers(const FlipPosition& pos) const {
  const FlipRules& r = pos.rules();
  return pos.hidden_count() == 0 && pos.colours_known() && r.quiet_limit > 0 &&
         r.quiet_limit <= kMaxQuietLimit &&
         pos.face_up_count(kBlue) + pos.face_up_count(kRed) <= max_pieces_ &&
         pos.quiet_plies() < r.quiet_limit;
}

bool FlipEndgames::built(const FlipPosition& pos) const {
  return covers(pos) && same_rules(pos.rules()) && tables_.count(face_up_material(pos));
}

std::optional<EndgameValue> FlipEndgames::read(const Table& t, const FlipPosition& pos) const {
  std::array<int8_t, kPieceKinds> square_of{};
  for (Square s = 0; s < kFlipSquares; ++s) {
    if (pos.cell(s) < kEmpty) square_of[pos.cell(s)] = int8_t(s);
  }
  const int8_t v = t.value[index_of(face_up_material(pos), square_of, pos.side_to_move())];
  const int decided_up_to = std::abs(v) - 1;
  if (v == 0 || pos.quiet_plies() > decided_up_to) return EndgameValue{};
  return EndgameValue{v > 0 ? 1 : -1, rules_.quiet_limit - decided_up_to};
}

std::optional<EndgameValue> FlipEndgames::probe(const FlipPosition& pos) {
  if (!covers(pos)) return std::nullopt;
  adopt_rules(pos.rules());
  const uint16_t material = face_up_material(pos);
  if (material_result(material)) return std::nullopt;  // the game is over: end() says how
  return read(table(material), pos);
}

std::optional<EndgameValue> FlipEndgames::probe_built(const FlipPosition& pos) const {
  if (!covers(pos) || !same_rules(pos.rules())) return std::nullopt;
  auto it = tables_.find(face_up_material(pos));
  if (it == tables_.end()) return std::nullopt;
  return read(it->second, pos);
}

const FlipEndgames::Table& FlipEndgames::table(uint16_t material) {
  if (auto it = tables_.find(material); it != tables_.end()) return it->second;
  Table t;
  build(material, t);
  bytes_ += t.value.size();
  return tables_.emplace(material, std::move(t)).first->second;
}

void FlipEndgames::build(uint16_t material, Table& out) {
  std::array<Piece, kPieceKinds> piece{};
  const int k = pieces_of(material, piece);
  out.pieces = k;
  const int side_shift = 4 * k;
  const uint32_t size = uint32_t(2) << side_shift;
  const int limit = rules_.quiet_limit;
  out.value.assign(size, 0);
  // Quiet moves whose child is not yet known to win for the other side;
  // kCannotLose marks a position with a capture that does not lose.
  constexpr uint8_t kCannotLose = 255;
  std::vector<uint8_t> open(size, 0);
  // Positions decided at each q (t), to walk back from.
  std::vector<std::vector<uint32_t>> decided(size_t(limit) + 1);
  const Steps& st = steps();

  auto set = [&](uint32_t idx, int t, bool win) {
    out.value[idx] = int8_t(win ? t + 1 : -(t + 1));
    decided[size_t(t)].push_back(idx);
  };

  // What each attack (piece a on piece v) leaves: the smaller material's
  // table, or the game's end when that material ends it, and which of the
  // index's fields go. Built first, so that the loop below only reads.
  struct Capture {
    Combat combat = Combat::kIllegal;
    const Table* table = nullptr;
    int result = 0;  // with no table: +1 the attacker's side wins, -1 loses, 0 drawn
    int removed_low = 0, removed_high = -1;  // fields removed (removed_high -1: one)
  };
  std::array<std::array<Capture, kPieceKinds>, kPieceKinds> capture{};
  for (int a = 0; a < k; ++a) {
    for (int v = 0; v < k; ++v) {
      const Piece attacker = piece[size_t(a)], victim = piece[size_t(v)];
      if (side_of(attacker) == side_of(victim)) continue;
      Capture& c = capture[size_t(a)][size_t(v)];
      c.combat = combat(animal_of(attacker), animal_of(victim));
      if (c.combat == Combat::kIllegal) continue;
      uint16_t left = material;
      if (c.combat == Combat::kTakes) {
        left = uint16_t(left & ~(1u << victim));
        c.removed_low = v;
      } else if (c.combat == Combat::kBothDie) {
        left = uint16_t(left & ~(1u << victim) & ~(1u << attacker));
        c.removed_low = std::min(a, v);
        c.removed_high = std::max(a, v);
      } else {
        left = uint16_t(left & ~(1u << attacker));
        c.removed_low = a;
      }
      if (std::optional<int> r = material_result(left)) {
        c.result = side_of(attacker) == kBlue ? *r : -*r;
      } else {
        c.table = &table(left);
      }
    }
  }
  // The index of the position an attack leaves, the other side to move.
  auto child_index = [k](uint32_t idx, const Capture& c, int a, int to, Side mover) {
    uint32_t placement = idx & ((uint32_t(1) << (4 * k)) - 1);
    if (c.combat == Combat::kTakes) {
      placement = (placement & ~(uint32_t(15) << (4 * a))) | uint32_t(to) << (4 * a);
    }
    auto drop = [](uint32_t bits, int field) {
      const uint32_t low = bits & ((uint32_t(1) << (4 * field)) - 1);
      return low | (bits >> (4 * (field + 1))) << (4 * field);
    };
    int left = k - 1;
    if (c.removed_high >= 0) {
      placement = drop(placement, c.removed_high);
      --left;
    }
    placement = drop(placement, c.removed_low);
    return placement | uint32_t(opponent(mover)) << (4 * left);
  };

  // Each position's own moves: captures are decided by the smaller tables.
  for (uint32_t idx = 0; idx < size; ++idx) {
    uint32_t occupied = 0;
    bool valid = true;
    std::array<int, kFlipSquares> on{};
    for (int i = 0; i < k; ++i) {
      const int sq = int(idx >> (4 * i) & 15);
      if (occupied >> sq & 1) {
        valid = false;
        break;
      }
      occupied |= 1u << sq;
      on[size_t(sq)] = i;
    }
    if (!valid) continue;
    const Side side = Side(idx >> side_shift);
    int quiet = 0, moves = 0;
    bool win = false, safe_capture = false;
    for (int i = 0; i < k && !win; ++i) {
      if (side_of(piece[size_t(i)]) != side) continue;
      const int from = int(idx >> (4 * i) & 15);
      for (int n = 0; n < st.count[size_t(from)]; ++n) {
        const int to = st.to[size_t(from)][size_t(n)];
        if (!(occupied >> to & 1)) {
          ++quiet;
          ++moves;
          continue;
        }
        const int v = on[size_t(to)];
        if (side_of(piece[size_t(v)]) == side) continue;
        const Capture& c = capture[size_t(i)][size_t(v)];
        if (c.combat == Combat::kIllegal) continue;
        ++moves;
        int theirs = -c.result;
        if (c.table) {
          // At q = 0 every position the table decides is decided.
          const int8_t after = c.table->value[child_index(idx, c, i, to, side)];
          theirs = after > 0 ? 1 : after < 0 ? -1 : 0;
        }
        if (theirs < 0) {
          win = true;
          break;
        }
        if (theirs == 0) safe_capture = true;
      }
    }
    if (win) {
      set(idx, limit - 1, true);
    } else if (moves == 0) {
      set(idx, limit, false);  // no actions: lost, even at the quiet limit
    } else if (quiet == 0 && !safe_capture) {
      set(idx, limit - 1, false);  // every action is a losing capture
    } else {
      open[idx] = safe_capture ? kCannotLose : uint8_t(quiet);
    }
  }

  // Back one quiet ply at a time: a child decided while q <= t decides its
  // predecessors while q <= t - 1 (the step is one more quiet ply).
  for (int t = limit; t >= 1; --t) {
    // The list grows only at t - 1 while t is walked.
    for (size_t n = 0; n < decided[size_t(t)].size(); ++n) {
      const uint32_t child = decided[size_t(t)][n];
      const bool child_wins = out.value[child] > 0;
      const Side child_side = Side(child >> side_shift);
      const Side mover = opponent(child_side);
      uint32_t occupied = 0;
      for (int i = 0; i < k; ++i) occupied |= 1u << (child >> (4 * i) & 15);
      for (int i = 0; i < k; ++i) {
        if (side_of(piece[size_t(i)]) != mover) continue;
        const int at = int(child >> (4 * i) & 15);
        for (int s = 0; s < st.count[size_t(at)]; ++s) {
          const int from = st.to[size_t(at)][size_t(s)];
          if (occupied >> from & 1) continue;
          const uint32_t parent = (child ^ uint32_t(at ^ from) << (4 * i)) ^ (1u << side_shift);
          if (out.value[parent] != 0) continue;
          if (!child_wins) {
            set(parent, t - 1, true);
          } else if (open[parent] != kCannotLose && --open[parent] == 0) {
            set(parent, t - 1, false);
          }
        }
      }
    }
    std::vector<uint32_t>().swap(decided[size_t(t)]);
  }
}

}  // namespace jungle::flip
