#pragma once

#include <atomic>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
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
  // TableError when `dir` is not a folder or a file in it was made under
  // other rules (every header is read here, so that a wrong folder fails at
  // once). A file that is damaged in a way its header and length show (not
  // a table, not a regular file, the wrong length, entry count or material
  // for its name) is left out instead and counts as damaged: new_damage()
  // names it, and probes of its material throw its error.
  Tablebase(RuleSetPtr rules, std::filesystem::path dir);
  Tablebase(const Tablebase&) = delete;
  Tablebase& operator=(const Tablebase&) = delete;

  const TbRules& rules() const { return store_.rules(); }
  // The most pieces of any table in the folder (0 when it holds none).
  int max_pieces() const { return max_pieces_; }
  int table_count() const { return table_count_; }

  // Whether the folder has the table for this position's material.
  bool covers(const Position& pos) const;
  // The value for the side to move; nothing when the position is not
  // covered (its material has no table, an animal twice, the game over).
  // Throws TableError for a damaged table. A table is read once: a damaged
  // one throws the same error at every later probe without being read again.
  std::optional<Verdict> probe(const Position& pos) const;
  // For the search, which plays on without a damaged table: as probe, but
  // nothing for a position whose table is damaged (new_damage() tells it).
  std::optional<Verdict> probe_unless_damaged(const Position& pos) const;

  struct MoveValue {
    Move move;
    Verdict verdict;  // for the side that moves
  };
  // Every legal move with its value, best first (nothing when not covered).
  // Throws TableError when the position's table or a table one of the
  // moves leads to is damaged.
  std::vector<MoveValue> move_values(const Position& pos) const;

  // The errors of the tables found damaged since the last call, each
  // naming its file ("DIR/R-e.jtb: damaged (...)"), so that whoever uses
  // the tables says each once.
  std::vector<std::string> new_damage() const;

 private:
  // The representative of the position's material, when a table of the folder has it.
  std::optional<Material> material_of(const Position& pos) const;
  std::optional<Verdict> lookup(const Position& pos, bool quiet) const;
  void mark_damaged(Material representative, const std::string& error) const;
  // Looks at one *.jtb file of the folder when it is opened.
  void open_file(const std::filesystem::path& path);

  TableStore store_;
  int max_pieces_ = 0;
  int table_count_ = 0;
  std::vector<bool> present_;  // by representative key
  // Tables found damaged, by representative key: the flags for the
  // search's probes without a lock, the errors for the later ones.
  std::unique_ptr<std::atomic<bool>[]> damaged_;
  mutable std::mutex damage_mutex_;
  mutable std::map<uint16_t, std::string> damage_;
  mutable std::vector<std::string> unreported_;
};

// "win 7", "draw", "loss 12": a verdict as the protocol and the web app write it.
std::string verdict_text(const Verdict& v);

}  // namespace jungle::tb
