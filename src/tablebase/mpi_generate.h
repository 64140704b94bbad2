#pragma once

// `mpirun -np K jungle tb gen`: generation spread over the ranks of an MPI
// job (docs/tablebases.md, "Distributed generation"). The MPI part is built
// when CMake finds MPI (option JUNGLE_MPI); without it a build still runs
// every generation in one process and refuses to run under mpirun.

#include <optional>

#include "tablebase/generate.h"

namespace jungle::tb {

// Whether this program was built with MPI.
bool mpi_built();

// This process's place in a job that an MPI launcher (mpirun, mpiexec)
// started, read from the launcher's environment; nothing otherwise.
struct MpiLaunch {
  int rank = 0;
  int size = 1;
};
std::optional<MpiLaunch> mpi_launch();

// The MPI job this process is part of: initialises MPI (one thread calls
// it) and finalises it when destroyed. Throws std::runtime_error when MPI
// is not built in or does not start.
class MpiJob {
 public:
  MpiJob();
  ~MpiJob();
  MpiJob(const MpiJob&) = delete;
  MpiJob& operator=(const MpiJob&) = delete;
  int rank() const { return rank_; }
  int size() const { return size_; }
  // Waits until every rank is here.
  void barrier() const;

 private:
  int rank_ = 0;
  int size_ = 1;
};

// generate() over the ranks of `job`, every rank calling it with the same
// options (--out a folder they all share). Rank 0 hands out the materials
// whose capture successors are finished, `opt.threads` at a time per rank,
// and has those of at least `opt.slice_entries` entries solved by all ranks
// together, each a slice of the index; every table is written once, the
// same file one process writes. Rank 0 returns the report and reports
// progress; the others return an empty report. When a table fails, every
// rank throws TableError once the tables in progress are done, rank 0 with
// the reason.
GenerateReport generate_distributed(const MpiJob& job, const std::shared_ptr<const TbRules>& rules,
                                    const GenerateOptions& opt);

}  // namespace jungle::tb
