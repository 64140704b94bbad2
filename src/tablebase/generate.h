#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "tablebase/generate_options.h"
#include "tablebase/material.h"
#include "tablebase/solver.h"
#include "tablebase/store.h"
#include "tablebase/table.h"

namespace jungle::tb {

// Re-checks every value of `table` by a one-ply search over itself and the
// tables it captures into, on each position and on its mirror image; holes
// must be marked as such. Calls `mismatch` with a FEN and what was found.
// Returns the number of mismatches.
uint64_t verify_table(const TableStore& store, const Table& table, int threads,
                      const std::function<void(const std::string&)>& mismatch);

// Makes every representative table the options ask for, smaller materials
// first, skipping those already finished. Throws TableError.
GenerateReport generate(const std::shared_ptr<const TbRules>& rules, const GenerateOptions& opt);

}  // namespace jungle::tb
