#include "tablebase/tablebase.h"

#include <algorithm>

#include "core/movegen.h"

namespace jungle::tb {

namespace {

// The game ended on the board: a piece in the enemy den or a side with none.
bool board_over(const Position& pos) {
  const RuleSet& rs = pos.rule_set();
  return (pos.pieces(kBlue) & (Bitboard(1) << rs.den(kRed))) ||
         (pos.pieces(kRed) & (Bitboard(1) << rs.den(kBlue))) || !pos.pieces(kBlue) ||
         !pos.pieces(kRed);
}

}  // namespace

Tablebase::Tablebase(RuleSetPtr rules, std::filesystem::path dir)
    : store_(std::make_shared<const TbRules>(std::move(rules)), dir), present_(0x10000, false) {
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) {
    throw TableError(dir.string() + ": no such folder");
  }
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".jtb") continue;
    const TableInfo info = read_table_info(entry.path());
    if (info.rules_hash != store_.rules().hash()) {
      throw TableError(entry.path().string() + ": made under other rules (rules hash " +
                       hash_text(info.rules_hash) + ", rule set '" +
                       store_.rules().rule_set().rules().name + "' has " +
                       hash_text(store_.rules().hash()) + ")");
    }
    present_[info.material.key()] = true;
    max_pieces_ = std::max(max_pieces_, info.material.size());
    ++table_count_;
  }
}

std::optional<Material> Tablebase::material_of(const Position& pos) const {
  if (popcount(pos.occupied()) > max_pieces_) return std::nullopt;
  uint16_t key = 0;
  for (Side s : {kBlue, kRed}) {
    for (int a = 0; a < kAnimals; ++a) {
      const int n = popcount(pos.pieces(s, Animal(a)));
      if (n > 1) return std::nullopt;
      if (n) key |= uint16_t(1u << (8 * s + a));
    }
  }
  const Material m = Material::from_key(key);
  if (!m.count(kBlue) || !m.count(kRed)) return std::nullopt;
  if (!present_[store_.rules().representative(m).key()]) return std::nullopt;
  return m;
}

bool Tablebase::covers(const Position& pos) const {
  return material_of(pos).has_value() && !board_over(pos);
}

std::optional<Verdict> Tablebase::probe(const Position& pos) const {
  const std::optional<Material> m = material_of(pos);
  if (!m || board_over(pos)) return std::nullopt;
  const Layout l = store_.rules().layout(*m);
  Square sq[kMaxPieces];
  for (int k = 0; k < l.n; ++k) sq[k] = lsb(pos.pieces(l.piece[k].side, l.piece[k].animal));
  return verdict_of(store_.value(l, sq, pos.side_to_move()));
}

std::vector<Tablebase::MoveValue> Tablebase::move_values(const Position& pos) const {
  std::vector<MoveValue> out;
  if (!probe(pos)) return out;
  for (Move m : generate_moves_past_draws(pos)) {
    Position next = pos;
    next.do_move(m);
    Verdict v{Wdl::kWin, 1};
    if (!board_over(next)) {
      const std::optional<Verdict> child = probe(next);
      if (!child) continue;  // cannot happen: captures lead to smaller tables
      v = parent_view(*child);
    }
    out.push_back({m, v});
  }
  std::stable_sort(out.begin(), out.end(), [](const MoveValue& a, const MoveValue& b) {
    return better(a.verdict, b.verdict);
  });
  return out;
}

std::string verdict_text(const Verdict& v) {
  if (v.wdl == Wdl::kDraw) return "draw";
  return wdl_text(v.wdl) + " " + std::to_string(v.distance);
}

}  // namespace jungle::tb
