#include "tablebase/tablebase.h"

#include <algorithm>
#include <utility>

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
    : store_(std::make_shared<const TbRules>(std::move(rules)), dir),
      present_(0x10000, false),
      damaged_(std::make_unique<std::atomic<bool>[]>(0x10000)) {
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) {
    throw TableError(dir.string() + ": no such folder");
  }
  // In name order, so that the damage is told in the same order each time.
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() == ".jtb") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  for (const auto& path : files) open_file(path);
}

void Tablebase::open_file(const std::filesystem::path& path) {
  const TbRules& rules = store_.rules();
  // The material the file's name gives: the one whose probes it answers.
  std::optional<Material> named = Material::parse(path.stem().string());
  if (named && (named->size() > kMaxPieces || !named->count(kBlue) || !named->count(kRed))) {
    named.reset();
  }
  std::string problem;
  std::optional<TableInfo> info;
  try {
    info = read_table_info(path);
  } catch (const TableError& e) {
    problem = e.what();
  }
  if (info && info->rules_hash != rules.hash()) {
    throw TableError(path.string() + ": made under other rules (rules hash " +
                     hash_text(info->rules_hash) + ", rule set '" + rules.rule_set().rules().name +
                     "' has " + hash_text(rules.hash()) + ")");
  }
  if (info && (!named || info->material != *named)) {
    problem = path.string() + ": holds material " + info->material.name() +
              (named ? ", not " + named->name() + " as its name says"
                     : ", but its name is not " + info->material.name() + ".jtb");
  } else if (info && info->entries != rules.layout(*named).entries()) {
    problem = path.string() + ": has " + std::to_string(info->entries) + " entries, expected " +
              std::to_string(rules.layout(*named).entries());
  }
  if (named) {
    present_[named->key()] = true;
    max_pieces_ = std::max(max_pieces_, named->size());
    if (problem.empty()) ++table_count_;
  }
  if (problem.empty()) return;
  if (named) {
    mark_damaged(*named, problem);
  } else {
    std::lock_guard lock(damage_mutex_);
    unreported_.push_back(problem);
  }
}

void Tablebase::mark_damaged(Material representative, const std::string& error) const {
  std::lock_guard lock(damage_mutex_);
  if (!damage_.emplace(representative.key(), error).second) return;
  unreported_.push_back(error);
  damaged_[representative.key()].store(true, std::memory_order_release);
}

std::vector<std::string> Tablebase::new_damage() const {
  std::lock_guard lock(damage_mutex_);
  return std::exchange(unreported_, {});
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

std::optional<Verdict> Tablebase::lookup(const Position& pos, bool quiet) const {
  const std::optional<Material> m = material_of(pos);
  if (!m || board_over(pos)) return std::nullopt;
  const Material rep = store_.rules().representative(*m);
  if (damaged_[rep.key()].load(std::memory_order_acquire)) {
    if (quiet) return std::nullopt;
    std::lock_guard lock(damage_mutex_);
    throw TableError(damage_.at(rep.key()));
  }
  const Layout l = store_.rules().layout(*m);
  Square sq[kMaxPieces];
  for (int k = 0; k < l.n; ++k) sq[k] = lsb(pos.pieces(l.piece[k].side, l.piece[k].animal));
  try {
    return verdict_of(store_.value(l, sq, pos.side_to_move()));
  } catch (const TableError& e) {
    mark_damaged(rep, e.what());
    if (quiet) return std::nullopt;
    throw;
  }
}

std::optional<Verdict> Tablebase::probe(const Position& pos) const {
  return lookup(pos, false);
}

std::optional<Verdict> Tablebase::probe_unless_damaged(const Position& pos) const {
  return lookup(pos, true);
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
