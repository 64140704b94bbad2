#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/position.h"
#include "tablebase/material.h"
#include "tablebase/store.h"
#include "tablebase/table.h"

namespace jungle::tb {

// A folder of tables opened for play under one rule set: what the engine,
// the terminal game, the web app and `jungle tb probe` ask.
class Tablebase {
 public:
  // Throws std::invalid_argument for rules that cannot have tables and
  // TableError when a file in `dir` was made under other rules (every
  // header is read here, so that a wrong folder fails at once).
  Tablebase(RuleSetPtr rules, std::filesystem::path dir);

  const TbRules& rules() const { return store_.rules(); }
  // The most pieces of any table in the folder (0 when it holds none).
  int max_pieces() const { return max_pieces_; }
  int table_count() const { return table_count_; }

  // Whether the folder has the table for this position's material.
  bool covers(const Position& pos) const;
  // The value for the side to move; nothing when the position is not
  // covered (its material has no table, an animal twice, the game over).
  // Throws TableError for a damaged file.
  std::optional<Verdict> probe(const Position& pos) const;

  struct MoveValue {
    Move move;
    Verdict verdict;  // for the side that moves
  };
  // Every legal move with its value, best first (nothing when not covered).
  std::vector<MoveValue> move_values(const Position& pos) const;

 private:
  std::optional<Material> material_of(const Position& pos) const;

  TableStore store_;
  int max_pieces_ = 0;
  int table_count_ = 0;
  std::vector<bool> present_;  // by representative key
};

// "win 7", "draw", "loss 12": a verdict as the protocol and the web app write it.
std::string verdict_text(const Verdict& v);

}  // namespace jungle::tb
