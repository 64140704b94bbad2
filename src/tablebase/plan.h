#pragma once

// What one run of `jungle tb gen` makes, in which order, and how it reports
// progress: shared by one process (generate.cpp) and MPI's ranks
// (mpi_generate.cpp), so that both make the same tables.

#include <cstdint>
#include <filesystem>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "tablebase/generate_options.h"
#include "tablebase/material.h"
#include "tablebase/store.h"
#include "tablebase/table.h"

namespace jungle::tb {

// The representatives the options ask for and, recursively, those they
// capture into: fewer pieces first, then by key.
std::vector<Material> tables_to_make(const TbRules& rules, const GenerateOptions& opt);

// Whether every table `m` captures into is finished (keys of representatives).
bool captures_ready(const TbRules& rules, Material m, const std::set<uint16_t>& finished);

// Writes a table just made into the store's folder and, when `keep`, keeps
// it in the store for the materials that capture into it. Returns the
// file's size.
uint64_t write_made_table(TableStore& store, std::shared_ptr<Table> table, bool keep);

// "tables 3/10, 1234/5678 positions, 910 positions/s, about 5s left".
std::string progress_line(size_t tables_done, size_t tables, uint64_t entries_done,
                          uint64_t entries, double seconds);

}  // namespace jungle::tb
