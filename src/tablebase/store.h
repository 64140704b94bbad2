#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <mutex>

#include "tablebase/material.h"
#include "tablebase/table.h"

namespace jungle::tb {

// The tables of one folder under one rule set, read on first use and kept.
// Safe to share between threads.
class TableStore {
 public:
  TableStore(std::shared_ptr<const TbRules> rules, std::filesystem::path dir);

  const TbRules& rules() const { return *rules_; }
  const std::shared_ptr<const TbRules>& rules_ptr() const { return rules_; }
  const std::filesystem::path& dir() const { return dir_; }

  // The table holding `m`'s values (its representative's). Throws
  // TableError when the file is missing, damaged or for other rules.
  std::shared_ptr<const Table> table(Material m) const;
  // Whether `m`'s table is present (in memory or as a finished file).
  bool has(Material m) const;
  // A table just made, so that later materials read it without the disk.
  void put(std::shared_ptr<const Table> table);
  // Forgets the tables of materials with more than `pieces` pieces.
  void drop_larger_than(int pieces);

  // The value of a position of material `l` (squares in index order, any
  // mirror image) with `to_move` to move; the table must exist.
  Value value(const Layout& l, const Square* squares, Side to_move) const;

 private:
  std::shared_ptr<const TbRules> rules_;
  std::filesystem::path dir_;
  mutable std::mutex mutex_;
  mutable std::map<uint16_t, std::shared_ptr<const Table>> tables_;
};

}  // namespace jungle::tb
