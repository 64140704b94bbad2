#include "tablebase/material.h"

#include <algorithm>
#include <stdexcept>

namespace jungle::tb {

namespace {

// Strongest animal first by identity: the order of names and of the index.
constexpr Animal kOrder[kAnimals] = {kElephant, kLion, kTiger, kLeopard, kWolf, kDog, kCat, kRat};

uint64_t mix(uint64_t h, uint64_t v) {
  // FNV-1a over the value's eight bytes.
  for (int i = 0; i < 8; ++i) {
    h ^= (v >> (8 * i)) & 0xFF;
    h *= 0x100000001b3ULL;
  }
  return h;
}

}  // namespace

std::optional<Material> Material::parse(std::string_view text, std::string* why) {
  auto fail = [&](std::string message) -> std::optional<Material> {
    if (why) *why = "material '" + std::string(text) + "': " + message;
    return std::nullopt;
  };
  const size_t dash = text.find('-');
  if (dash == std::string_view::npos || text.find('-', dash + 1) != std::string_view::npos) {
    return fail("write Blue's animals, '-', Red's animals, e.g. LR-e");
  }
  uint16_t key = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    if (i == dash) continue;
    const char c = text[i];
    Animal a;
    if (!parse_animal_letter(c, a)) return fail(std::string("'") + c + "' is not an animal letter");
    const Side s = i < dash ? kBlue : kRed;
    const bool upper = c >= 'A' && c <= 'Z';
    if (upper != (s == kBlue)) {
      return fail("Blue's animals are upper case and come before '-', Red's lower case after it");
    }
    const uint16_t bit = uint16_t(1u << (8 * s + a));
    if (key & bit) return fail("each side has at most one of each animal");
    key |= bit;
  }
  if (!(key & 0xFF) || !(key & 0xFF00)) return fail("each side needs at least one piece");
  return from_key(key);
}

std::string Material::name() const {
  std::string out;
  for (Side s : {kBlue, kRed}) {
    if (s == kRed) out += '-';
    for (Animal a : kOrder) {
      if (!has(s, a)) continue;
      const char c = animal_letter(a);
      out += s == kBlue ? c : char(c - 'A' + 'a');
    }
  }
  return out;
}

std::vector<TbPiece> Material::pieces() const {
  std::vector<TbPiece> out;
  for (Side s : {kBlue, kRed}) {
    for (Animal a : kOrder) {
      if (has(s, a)) out.push_back({s, a});
    }
  }
  return out;
}

Material Material::without(int i) const {
  const TbPiece p = pieces()[size_t(i)];
  return from_key(uint16_t(key_ & ~(1u << (8 * p.side + p.animal))));
}

std::vector<Material> materials_up_to(int pieces) {
  std::vector<Material> out;
  for (unsigned key = 1; key < 0x10000; ++key) {
    const Material m = Material::from_key(uint16_t(key));
    if (m.count(kBlue) && m.count(kRed) && m.size() <= pieces) out.push_back(m);
  }
  std::stable_sort(out.begin(), out.end(),
                   [](Material a, Material b) { return a.size() < b.size(); });
  return out;
}

std::string unsupported_reason(const RuleSet& rs) {
  const Rules& r = rs.rules();
  if (r.water_turn_limit > 0 || r.den_food_limit > 0) {
    return "rule set '" + r.name +
           "' counts turns in the water or in the own den (drowning, den food): a position's "
           "value depends on its history, so it has no tablebase";
  }
  return "";
}

uint64_t rules_hash(const RuleSet& rs) {
  const Geometry& g = rs.geometry();
  uint64_t h = 0xcbf29ce484222325ULL;
  h = mix(h, uint64_t(g.files()));
  h = mix(h, uint64_t(g.ranks()));
  h = mix(h, rs.water());
  for (Side s : {kBlue, kRed}) {
    h = mix(h, uint64_t(rs.den(s)));
    h = mix(h, rs.weakening_traps(s));
    h = mix(h, rs.weakened_origins(s));
    for (int a = 0; a < kAnimals; ++a) {
      h = mix(h, rs.standable(s, Animal(a)));
      for (Square sq = 0; sq < g.squares(); ++sq) {
        h = mix(h, rs.steps(s, Animal(a), sq));
        for (const Jump& j : rs.jumps_from(s, Animal(a), sq)) {
          h = mix(h, uint64_t(j.to));
          h = mix(h, j.blockers);
        }
      }
    }
  }
  for (int a = 0; a < kAnimals; ++a) {
    h = mix(h, rs.capture_targets(Animal(a)));
    h = mix(h, rs.capture_targets_from_water(Animal(a)));
    h = mix(h, rs.capture_targets_on_trap(Animal(a)));
    h = mix(h, rs.capture_targets_weakened(Animal(a)));
  }
  for (Square sq = 0; sq < g.squares(); ++sq) h = mix(h, rs.capture_zone(sq));
  h = mix(h, uint64_t(rs.rules().no_legal_move == NoMoveRule::kLoses));
  return h;
}

TbRules::TbRules(RuleSetPtr rules) : rules_(std::move(rules)), geometry_(rules_->geometry()) {
  const std::string why = unsupported_reason(*rules_);
  if (!why.empty()) throw std::invalid_argument(why);
  const RuleSet& rs = *rules_;
  const Geometry& g = geometry_;
  hash_ = rules_hash(rs);

  for (Square sq = 0; sq < 64; ++sq) {
    mirror_square_[sq] =
        g.contains(sq) ? g.square(g.files() - 1 - g.file_of(sq), g.rank_of(sq)) : sq;
  }
  auto mirror_bb = [&](Bitboard b) {
    Bitboard out = 0;
    for (; b; b &= b - 1) out |= Bitboard(1) << mirror_square_[std::countr_zero(b)];
    return out;
  };
  // The mirror is a symmetry when every table the rules derive maps onto itself.
  mirror_ = mirror_bb(rs.water()) == rs.water();
  for (Side s : {kBlue, kRed}) {
    mirror_ = mirror_ && mirror_square_[rs.den(s)] == rs.den(s) &&
              mirror_bb(rs.weakening_traps(s)) == rs.weakening_traps(s) &&
              mirror_bb(rs.weakened_origins(s)) == rs.weakened_origins(s);
    for (int a = 0; a < kAnimals; ++a) {
      mirror_ = mirror_ && mirror_bb(rs.standable(s, Animal(a))) == rs.standable(s, Animal(a));
      for (Square sq = 0; sq < g.squares(); ++sq) {
        mirror_ = mirror_ && mirror_bb(rs.steps(s, Animal(a), sq)) ==
                                 rs.steps(s, Animal(a), mirror_square_[sq]);
        mirror_ = mirror_ && mirror_bb(reach(s, Animal(a), sq, 0)) ==
                                 reach(s, Animal(a), mirror_square_[sq], 0);
      }
    }
  }
  for (Square sq = 0; sq < g.squares(); ++sq) {
    mirror_ = mirror_ && mirror_bb(rs.capture_zone(sq)) == rs.capture_zone(mirror_square_[sq]);
  }

  // Non-capturing moves are walked backwards by the same tables, which needs
  // every step and jump to be reversible.
  for (Side s : {kBlue, kRed}) {
    for (int ai = 0; ai < kAnimals; ++ai) {
      const Animal a = Animal(ai);
      for (Square from = 0; from < g.squares(); ++from) {
        if (!(rs.standable(s, a) & (Bitboard(1) << from))) continue;
        for (Bitboard t = rs.steps(s, a, from); t; t &= t - 1) {
          const Square to = std::countr_zero(t);
          if (!(rs.steps(s, a, to) & (Bitboard(1) << from))) {
            throw std::invalid_argument("tablebase: a step of the rule set cannot be reversed");
          }
        }
        for (const Jump& j : rs.jumps_from(s, a, from)) {
          if (j.to == kNoSquare) break;
          bool back = false;
          for (const Jump& r : rs.jumps_from(s, a, j.to)) {
            back = back || (r.to == from && r.blockers == j.blockers);
          }
          if (!back) throw std::invalid_argument("tablebase: a jump cannot be reversed");
        }
      }
    }
  }

  std::vector<std::vector<uint64_t>> movements;
  for (Side s : {kBlue, kRed}) {
    const Bitboard enemy_den = Bitboard(1) << rs.den(opponent(s));
    for (int ai = 0; ai < kAnimals; ++ai) {
      const Animal a = Animal(ai);
      std::fill(std::begin(local_[s][a]), std::end(local_[s][a]), int8_t(-1));
      std::fill(std::begin(half_local_[s][a]), std::end(half_local_[s][a]), int8_t(-1));
      const Bitboard allowed = rs.standable(s, a) & g.all() & ~enemy_den;
      for (Square sq = 0; sq < g.squares(); ++sq) {
        if (!(allowed & (Bitboard(1) << sq))) continue;
        local_[s][a][sq] = int8_t(squares_[s][a].size());
        squares_[s][a].push_back(sq);
        if (!mirror_ || 2 * g.file_of(sq) <= g.files() - 1) {
          half_local_[s][a][sq] = int8_t(half_squares_[s][a].size());
          half_squares_[s][a].push_back(sq);
        }
      }
      std::vector<uint64_t> movement = {uint64_t(s), allowed};
      for (Square sq = 0; sq < g.squares(); ++sq) {
        movement.push_back(rs.steps(s, a, sq));
        for (const Jump& j : rs.jumps_from(s, a, sq)) {
          movement.push_back(uint64_t(j.to));
          movement.push_back(j.blockers);
        }
      }
      auto it = std::find(movements.begin(), movements.end(), movement);
      movement_id_[s][a] = int(it - movements.begin());
      if (it == movements.end()) movements.push_back(std::move(movement));
    }
  }
}

Layout TbRules::layout(Material m) const {
  Layout l;
  l.material = m;
  const std::vector<TbPiece> pieces = m.pieces();
  l.n = int(pieces.size());
  l.positions = 1;
  for (int k = 0; k < l.n; ++k) {
    const TbPiece p = pieces[size_t(k)];
    l.piece[k] = p;
    l.squares[k] = k == 0 ? &half_squares_[p.side][p.animal] : &squares_[p.side][p.animal];
    l.local[k] = k == 0 ? half_local_[p.side][p.animal] : local_[p.side][p.animal];
    l.radix[k] = l.squares[k]->size();
    l.positions *= l.radix[k];
  }
  return l;
}

void TbRules::canonicalize(int n, Square* sq) const {
  if (!mirror_) return;
  const int twice_centre = geometry_.files() - 1;
  for (int k = 0; k < n; ++k) {
    const int f2 = 2 * geometry_.file_of(sq[k]);
    if (f2 == twice_centre) continue;
    if (f2 > twice_centre) {
      for (int j = 0; j < n; ++j) sq[j] = mirror_square_[sq[j]];
    }
    return;
  }
}

bool TbRules::is_canonical(int n, const Square* sq) const {
  if (!mirror_) return true;
  const int twice_centre = geometry_.files() - 1;
  for (int k = 0; k < n; ++k) {
    const int f2 = 2 * geometry_.file_of(sq[k]);
    if (f2 != twice_centre) return f2 < twice_centre;
  }
  return true;
}

bool TbRules::allowed(const Layout& l, const Square* sq) const {
  for (int k = 0; k < l.n; ++k) {
    if (l.local[k][sq[k]] < 0) return false;
  }
  return true;
}

bool TbRules::decode(const Layout& l, uint64_t index, Square* sq) const {
  Bitboard seen = 0;
  for (int k = l.n - 1; k >= 0; --k) {
    sq[k] = (*l.squares[k])[index % l.radix[k]];
    index /= l.radix[k];
    const Bitboard b = Bitboard(1) << sq[k];
    if (seen & b) return false;
    seen |= b;
  }
  return is_canonical(l.n, sq);
}

std::string TbRules::signature(Material m) const {
  const RuleSet& rs = *rules_;
  const std::vector<TbPiece> p = m.pieces();
  std::string sig;
  for (const TbPiece& x : p) {
    sig += char('0' + x.side);
    sig += std::to_string(movement_id_[x.side][x.animal]) + ",";
  }
  for (const TbPiece& x : p) {
    for (const TbPiece& y : p) {
      if (x.side == y.side) continue;
      const int bits = ((rs.capture_targets(x.animal) >> y.animal) & 1) |
                       (((rs.capture_targets_from_water(x.animal) >> y.animal) & 1) << 1) |
                       (((rs.capture_targets_on_trap(x.animal) >> y.animal) & 1) << 2) |
                       (((rs.capture_targets_weakened(x.animal) >> y.animal) & 1) << 3);
      sig += char('a' + bits);
    }
  }
  return sig;
}

Material TbRules::representative(Material m) const {
  {
    std::lock_guard lock(mutex_);
    auto it = representative_.find(m.key());
    if (it != representative_.end()) return Material::from_key(it->second);
  }
  const std::vector<Material> same = group(m);
  const Material rep = same.front();
  std::lock_guard lock(mutex_);
  for (Material x : same) representative_[x.key()] = rep.key();
  return rep;
}

std::vector<Material> TbRules::group(Material m) const {
  const std::string sig = signature(m);
  std::vector<Material> out;
  for (unsigned blue = 1; blue < 256; ++blue) {
    if (std::popcount(blue) != m.count(kBlue)) continue;
    for (unsigned red = 1; red < 256; ++red) {
      if (std::popcount(red) != m.count(kRed)) continue;
      const Material x = Material::from_key(uint16_t(blue | (red << 8)));
      if (signature(x) == sig) out.push_back(x);
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string TbRules::fen(const Layout& l, const Square* sq, Side to_move) const {
  const Geometry& g = geometry_;
  std::string out;
  for (int r = g.ranks() - 1; r >= 0; --r) {
    int empty = 0;
    for (int f = 0; f < g.files(); ++f) {
      const Square s = g.square(f, r);
      int k = 0;
      while (k < l.n && sq[k] != s) ++k;
      if (k == l.n) {
        ++empty;
        continue;
      }
      if (empty) out += std::to_string(empty);
      empty = 0;
      out += piece_letter(make_piece(l.piece[k].side, l.piece[k].animal));
    }
    if (empty) out += std::to_string(empty);
    if (r > 0) out += '/';
  }
  out += to_move == kBlue ? " w" : " b";
  return out;
}

}  // namespace jungle::tb
