#include "tablebase/store.h"

namespace jungle::tb {

TableStore::TableStore(std::shared_ptr<const TbRules> rules, std::filesystem::path dir)
    : rules_(std::move(rules)), dir_(std::move(dir)) {}

std::shared_ptr<const Table> TableStore::table(Material m) const {
  const Material rep = rules_->representative(m);
  {
    std::lock_guard lock(mutex_);
    auto it = tables_.find(rep.key());
    if (it != tables_.end()) return it->second;
  }
  // Read outside the lock: two threads may read the same file once each.
  auto t = std::make_shared<const Table>(
      read_table(table_path(dir_, rep), rules_->hash(), rep, rules_->layout(rep).entries()));
  std::lock_guard lock(mutex_);
  return tables_.emplace(rep.key(), std::move(t)).first->second;
}

bool TableStore::has(Material m) const {
  const Material rep = rules_->representative(m);
  {
    std::lock_guard lock(mutex_);
    if (tables_.count(rep.key())) return true;
  }
  return table_complete(table_path(dir_, rep), rules_->hash(), rep);
}

void TableStore::put(std::shared_ptr<const Table> table) {
  std::lock_guard lock(mutex_);
  tables_[table->material.key()] = std::move(table);
}

void TableStore::drop_larger_than(int pieces) {
  std::lock_guard lock(mutex_);
  for (auto it = tables_.begin(); it != tables_.end();) {
    it = it->second->material.size() > pieces ? tables_.erase(it) : std::next(it);
  }
}

Value TableStore::value(const Layout& l, const Square* squares, Side to_move) const {
  Square sq[kMaxPieces];
  for (int k = 0; k < l.n; ++k) sq[k] = squares[k];
  rules_->canonicalize(l.n, sq);
  const std::shared_ptr<const Table> t = table(l.material);
  return t->values[rules_->index_of(l, sq) * 2 + uint64_t(to_move)];
}

}  // namespace jungle::tb
