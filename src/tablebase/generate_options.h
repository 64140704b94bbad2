#pragma once

// What one run of `jungle tb gen` is asked to make and what it reports:
// shared by the run (generate.h, mpi_generate.h) and its plan (plan.h).

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "tablebase/material.h"

namespace jungle::tb {

struct GenerateOptions {
  std::filesystem::path out;
  int pieces = 0;                   // every material up to this many pieces, or
  std::vector<Material> materials;  // these and what they capture into
  int threads = 1;                  // per rank under MPI
  // Under MPI (mpi_generate.h), materials of at least this many index
  // entries are solved by every rank together, each a slice of the index.
  uint64_t slice_entries = uint64_t(1) << 26;
  // Called about once a second, and once at the end, with a progress line.
  std::function<void(const std::string&)> progress;
};

struct GenerateReport {
  int generated = 0;  // tables made by this run
  int reused = 0;     // finished tables found in the folder
  uint64_t entries = 0;
  double seconds = 0;
  uint64_t bytes = 0;  // size on disk of the tables made
  int ranks = 1;       // MPI ranks that made them
  int sliced = 0;      // tables made by every rank together, each a slice
};

}  // namespace jungle::tb
