#pragma once

// The retrograde analysis of one material: in one process, or by several
// ranks each holding a slice of the index (docs/tablebases.md, "Generation"
// and "Distributed generation").

#include <atomic>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "tablebase/material.h"
#include "tablebase/store.h"
#include "tablebase/table.h"

namespace jungle::tb {

// The retrograde analysis of one material whose capture successors are in
// `store`; `threads` share the first pass. `done` counts positions finished.
Table solve(const TbRules& rules, Material m, const TableStore& store, int threads,
            std::atomic<uint64_t>* done = nullptr);

// What the ranks solving one material together say to each other. Every
// call is collective: each rank makes the same calls in the same order.
// MPI's is in mpi_generate.cpp; the tests have one over threads.
class SliceComm {
 public:
  virtual ~SliceComm() = default;
  virtual int rank() const = 0;
  virtual int size() const = 0;
  // Sends out[r] (entries rank r owns) to each rank r; returns what every
  // rank sent this one. On the way each number of `max` becomes its
  // largest value over the ranks.
  virtual std::vector<uint32_t> exchange(const std::vector<std::vector<uint32_t>>& out,
                                         std::span<uint64_t> max) = 0;
  // Each number becomes its largest value over the ranks.
  virtual void max(std::span<uint64_t> values) = 0;
  // The other ranks send `mine`; rank 0 receives theirs, ranks 1, 2, ...
  // one after another, into `rest` (which they fill exactly).
  virtual void gather(std::span<const Value> mine, std::span<Value> rest) = 0;
  // Each rank gives its error, "" for none; all get the first one in rank
  // order, "" when there is none.
  virtual std::string first_error(const std::string& mine) = 0;
  // Called on each rank about every 50 ms while the first pass's threads
  // work, so that progress can be passed on.
  virtual void idle() {}
  // Ends every rank after an error that would leave the others waiting.
  [[noreturn]] virtual void abort(const std::string& why) = 0;
};

// Rank r of `ranks` owns the positions [bounds[r], bounds[r + 1]) of an
// index of `positions` (both sides to move of each).
std::vector<uint64_t> slice_bounds(uint64_t positions, int ranks);

// Rank comm.rank()'s part of solving `m` with the other ranks of `comm`:
// the first pass over its slice with `threads` threads, then the walk back
// distance by distance, each predecessor that another rank owns sent to it.
// Rank 0 returns the whole table (the same values as solve()); the others
// a table without values. When any rank cannot start (a smaller table
// missing or damaged), every rank throws TableError with that rank's reason;
// an error after the start ends every rank (SliceComm::abort).
Table solve_sliced(const TbRules& rules, Material m, const TableStore& store, int threads,
                   std::atomic<uint64_t>* done, SliceComm& comm);

}  // namespace jungle::tb
