// docs/perft.md publishes perft counts for other programs to check against.
// Every entry of depth 4 and less (Flip Jungle's to depth 2, whose depth 3 and
// 4 tests/flip_core_test.cpp pins) is counted again here, so the page cannot
// drift from the binary; the deeper entries come from the same command.

#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/perft.h"
#include "core/position.h"
#include "core/text_util.h"
#include "core/variants.h"
#include "flip/flip_perft.h"
#include "flip/flip_position.h"
#include "flip/flip_rules.h"

namespace jungle {
namespace {

struct Row {
  std::string set;
  std::vector<uint64_t> counts;  // depth 1, 2, ...; absent entries ("—") end the row
};

// The rule-set table's rows: "| `name` | c1 | c2 | ... | `command` |".
std::vector<Row> published_rows() {
  std::ifstream in(std::string(JUNGLE_SOURCE_DIR) + "/docs/perft.md");
  std::vector<Row> rows;
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("| `", 0) != 0) continue;
    std::vector<std::string> cells;
    std::stringstream cellstream(line.substr(1));
    std::string cell;
    while (std::getline(cellstream, cell, '|')) cells.push_back(trim(cell));
    Row row;
    row.set = cells[0].substr(1, cells[0].size() - 2);
    for (size_t i = 1; i + 1 < cells.size(); ++i) {
      uint64_t n = 0;
      if (!parse_int(cells[i], n)) break;
      row.counts.push_back(n);
    }
    rows.push_back(row);
  }
  return rows;
}

TEST(PerftTables, EveryShippedSetIsPublished) {
  std::vector<std::string> published;
  for (const Row& r : published_rows()) published.push_back(r.set);
  std::vector<std::string> shipped = builtin_variant_names();
  for (const std::string& name : flip::builtin_flip_names()) shipped.push_back(name);
  EXPECT_EQ(published, shipped);
}

TEST(PerftTables, PublishedCountsAreTheBinarysOwn) {
  for (const Row& row : published_rows()) {
    SCOPED_TRACE(row.set);
    const bool flip = flip::is_flip_variant(row.set);
    ASSERT_EQ(row.counts.size(), 5u);
    const size_t checked = flip ? 2 : 4;
    for (size_t depth = 1; depth <= checked; ++depth) {
      if (flip) {
        flip::FlipPosition pos(flip::load_flip_rules(row.set));
        EXPECT_EQ(flip::flip_perft(pos, int(depth)), row.counts[depth - 1]) << "depth " << depth;
      } else {
        Position pos(load_variant(row.set));
        EXPECT_EQ(perft(pos, int(depth)), row.counts[depth - 1]) << "depth " << depth;
      }
    }
  }
}

}  // namespace
}  // namespace jungle
