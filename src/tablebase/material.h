#pragma once

#include <bit>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/geometry.h"
#include "core/rule_set.h"
#include "core/types.h"

namespace jungle::tb {

// The most pieces one table may hold (the index is 64-bit, the generator's
// counters a byte).
inline constexpr int kMaxPieces = 6;

struct TbPiece {
  Side side = kBlue;
  Animal animal = kRat;
};

// The animals on the board, each side at most one of each: bit a of the low
// byte is Blue's animal a, of the high byte Red's. Its pieces come in a fixed
// order, Blue's first, each side strongest animal first (E L T P W D C R by
// identity, not by the rule set's ranks), and so does its name: "LR-e".
class Material {
 public:
  constexpr Material() = default;
  static constexpr Material from_key(uint16_t key) {
    Material m;
    m.key_ = key;
    return m;
  }
  // Upper case Blue, lower case Red, one '-' between the sides ("LR-e"); the
  // letters in any order. Nothing, with the reason in `why`, for other text.
  static std::optional<Material> parse(std::string_view text, std::string* why = nullptr);

  uint16_t key() const { return key_; }
  std::string name() const;
  int size() const { return std::popcount(unsigned(key_)); }
  int count(Side s) const { return std::popcount(unsigned((key_ >> (8 * s)) & 0xFF)); }
  bool has(Side s, Animal a) const { return (key_ >> (8 * s + a)) & 1; }
  // The pieces in index order.
  std::vector<TbPiece> pieces() const;
  // The material after piece `i` (index order) is taken.
  Material without(int i) const;
  bool operator==(const Material&) const = default;
  bool operator<(const Material& o) const { return key_ < o.key_; }

 private:
  uint16_t key_ = 0;
};

// Every material with at least one piece a side and at most `pieces` in all,
// smaller ones first.
std::vector<Material> materials_up_to(int pieces);

// Why these rules cannot have tables (history counters decide games), or "".
std::string unsupported_reason(const RuleSet& rs);

// A 64-bit digest of everything in a rule set that decides a tablebase
// value: the board, where each animal may stand and move, what takes what
// where, and the no-legal-move rule; not names, descriptions, start
// positions or draw counters. The same rules always give the same hash.
uint64_t rules_hash(const RuleSet& rs);

// How the positions of one material are numbered. Piece k stands on one of
// its squares (where its animal may stand, never the enemy den); with the
// board's left-right mirror, piece 0 only on the left half (centre file
// included), and a position with piece 0 on the centre file only when the
// first piece off the centre stands on the left. Entry = index * 2 + side to move.
struct Layout {
  Material material;
  int n = 0;
  TbPiece piece[kMaxPieces];
  const std::vector<Square>* squares[kMaxPieces] = {};  // piece 0: its half list with the mirror
  const int8_t* local[kMaxPieces] = {};                 // square -> position in its list, or -1
  uint64_t radix[kMaxPieces] = {};                      // number of squares of each piece
  uint64_t positions = 0;
  uint64_t entries() const { return positions * 2; }
};

// The tablebase view of one rule set: square lists, the mirror, the mini move
// generator shared by the generator, the verifier and the prober, and the
// equivalence of materials that behave alike.
class TbRules {
 public:
  // Throws std::invalid_argument with unsupported_reason() for rules that
  // cannot have tables.
  explicit TbRules(RuleSetPtr rules);

  const RuleSet& rule_set() const { return *rules_; }
  const RuleSetPtr& rule_set_ptr() const { return rules_; }
  const Geometry& geometry() const { return geometry_; }
  uint64_t hash() const { return hash_; }
  bool mirrored() const { return mirror_; }
  Square mirror(Square s) const { return mirror_square_[s]; }

  Layout layout(Material m) const;

  // Puts a position (squares in index order) into its canonical mirror image.
  void canonicalize(int n, Square* sq) const;
  bool is_canonical(int n, const Square* sq) const;
  // The index of a canonical position; its squares must be allowed.
  uint64_t index_of(const Layout& l, const Square* sq) const {
    uint64_t idx = 0;
    for (int k = 0; k < l.n; ++k) idx = idx * l.radix[k] + uint64_t(l.local[k][sq[k]]);
    return idx;
  }
  // Whether every piece stands on an allowed square (not the index's holes).
  bool allowed(const Layout& l, const Square* sq) const;
  // Squares of position `index`; false for a hole (two pieces on a square,
  // a non-canonical mirror image).
  bool decode(const Layout& l, uint64_t index, Square* sq) const;

  // Where a piece could go from `from` with `occupied` squares filled (steps
  // and unblocked jumps, own pieces not removed).
  Bitboard reach(Side s, Animal a, Square from, Bitboard occupied) const {
    const RuleSet& rs = *rules_;
    Bitboard targets = rs.steps(s, a, from);
    if (rs.jump_origins(s, a) & (Bitboard(1) << from)) {
      for (const Jump& jump : rs.jumps_from(s, a, from)) {
        if (jump.to == kNoSquare) break;
        if (!(occupied & jump.blockers)) targets |= Bitboard(1) << jump.to;
      }
    }
    return targets;
  }
  // The capture rule of src/core/movegen.cpp.
  bool can_capture(Side s, Animal a, Square from, Square to, Animal target) const {
    const RuleSet& rs = *rules_;
    const Bitboard to_bb = Bitboard(1) << to, from_bb = Bitboard(1) << from;
    if (!(rs.capture_zone(from) & to_bb)) return false;
    const uint8_t beatable = (rs.weakening_traps(s) & to_bb)      ? rs.capture_targets_on_trap(a)
                             : (rs.weakened_origins(s) & from_bb) ? rs.capture_targets_weakened(a)
                             : (rs.water() & from_bb)             ? rs.capture_targets_from_water(a)
                                                                  : rs.capture_targets(a);
    return (beatable >> target) & 1;
  }

  // The material whose table holds this one's values: the first, in key
  // order, of those with the same signature (same sides, movement and
  // capture tables piece by piece in index order).
  Material representative(Material m) const;
  // Every material of the same piece counts that shares `m`'s table.
  std::vector<Material> group(Material m) const;

  // A FEN of a position (squares in index order), for reports.
  std::string fen(const Layout& l, const Square* sq, Side to_move) const;

 private:
  std::string signature(Material m) const;

  RuleSetPtr rules_;
  Geometry geometry_;
  uint64_t hash_ = 0;
  bool mirror_ = false;
  Square mirror_square_[64] = {};
  std::vector<Square> squares_[kSides][kAnimals];
  std::vector<Square> half_squares_[kSides][kAnimals];
  int8_t local_[kSides][kAnimals][64] = {};
  int8_t half_local_[kSides][kAnimals][64] = {};
  int movement_id_[kSides][kAnimals] = {};
  mutable std::mutex mutex_;
  mutable std::map<uint16_t, uint16_t> representative_;
};

}  // namespace jungle::tb
