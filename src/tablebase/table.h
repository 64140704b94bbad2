#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "tablebase/material.h"

namespace jungle::tb {

// A stored value, for the side to move: 0 a draw (endless play), kInvalid a
// hole of the index, otherwise the distance to the end of the game in plies
// plus one. The parity tells the result: the side to move wins in an odd
// number of plies (it makes the last move) and loses in an even one.
using Value = uint16_t;
inline constexpr Value kDrawValue = 0;
inline constexpr Value kInvalid = 0xFFFF;
inline constexpr Value kMaxDistance = 0x7FFD;

enum class Wdl { kLoss, kDraw, kWin };

struct Verdict {
  Wdl wdl = Wdl::kDraw;
  int distance = 0;  // plies to the end of the game; 0 for a draw
  bool operator==(const Verdict&) const = default;
};

inline Verdict verdict_of(Value v) {
  if (v == kDrawValue) return {Wdl::kDraw, 0};
  const int d = v - 1;
  return {d % 2 ? Wdl::kWin : Wdl::kLoss, d};
}
inline Value value_of(const Verdict& v) {
  return v.wdl == Wdl::kDraw ? kDrawValue : Value(v.distance + 1);
}
// The value of a position one ply before one of value `child` (the opponent to move).
inline Verdict parent_view(const Verdict& child) {
  if (child.wdl == Wdl::kDraw) return child;
  return {child.wdl == Wdl::kWin ? Wdl::kLoss : Wdl::kWin, child.distance + 1};
}
// Whether `a` is better than `b` for the side to move: a shorter win, a
// draw over a loss, a longer loss.
bool better(const Verdict& a, const Verdict& b);
std::string wdl_text(Wdl w);

// Counts a table file's header carries (per side to move).
struct TableCounts {
  uint64_t positions[kSides] = {};  // valid positions
  uint64_t wins[kSides] = {};
  uint64_t draws[kSides] = {};
  uint64_t losses[kSides] = {};
  uint32_t longest_win = 0;
  uint64_t longest_win_entry = 0;
};

// One material's values, in entry order (Layout).
struct Table {
  Material material;
  uint64_t rules_hash = 0;
  std::string rules_name;
  std::vector<Value> values;
  TableCounts counts;
  uint64_t checksum = 0;  // of the values as stored
};

// Thrown for a file that is not a table, is damaged, or is for other rules;
// the message names the file and what is wrong.
class TableError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

inline constexpr uint32_t kFormatVersion = 1;

uint64_t values_checksum(const std::vector<Value>& values);
TableCounts count_values(const std::vector<Value>& values);

// DIR/NAME.jtb, NAME the representative material's name.
std::filesystem::path table_path(const std::filesystem::path& dir, Material m);

// Writes atomically (a temporary file renamed), so that an interrupted run
// leaves either the whole file or none.
void write_table(const std::filesystem::path& path, const Table& table);
// Reads and checks the header (format version, the rules' hash, the
// material), decompresses, and checks the size and checksum. Throws TableError.
Table read_table(const std::filesystem::path& path, uint64_t expected_rules_hash, Material expected,
                 uint64_t expected_entries);
// What a file's header says, for listing a folder. Throws TableError for a
// file that is not a table of this format.
struct TableInfo {
  Material material;
  uint64_t rules_hash = 0;
  uint64_t entries = 0;
  uint64_t file_bytes = 0;
  uint64_t checksum = 0;
  std::string rules_name;
  TableCounts counts;
};
TableInfo read_table_info(const std::filesystem::path& path);
std::string hash_text(uint64_t hash);

// Only the header, for a resumed run: whether a finished table is there.
bool table_complete(const std::filesystem::path& path, uint64_t rules_hash, Material m);

}  // namespace jungle::tb
