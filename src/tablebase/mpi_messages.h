// The messages and collectives of a distributed tablebase run
// (mpi_generate.cpp): their tags, a communicator of one's own, words and
// texts between ranks, and the SliceComm of a table made by every rank
// together. Only with MPI (JUNGLE_MPI, set for this folder's files alone).
#pragma once

#if JUNGLE_MPI
#include <mpi.h>

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "tablebase/solver.h"

namespace jungle::tb::mpi {

// Messages between rank 0 and the others, of 64-bit words unless said.
enum Tag : int {
  kAssign = 1,    // to a rank: {material key, threads}: make this table
  kSlice,         // to every rank: {material key}: make it together, now
  kStop,          // to every rank: {1 after a failure, else 0}
  kDone,          // to rank 0: {material key, bytes on disk, 1 made / 0 failed, positions done}
  kFail,          // to rank 0, just before a failed table's kDone: why (characters)
  kProgress,      // to rank 0: {positions this rank has finished}
  kGatherSize,    // of a sliced solve: a slice's number of values,
  kGatherValues,  // then its values (16-bit), in pieces
};

// A duplicate of a communicator, so that its messages never meet another's.
class OwnComm {
 public:
  explicit OwnComm(MPI_Comm of) { MPI_Comm_dup(of, &comm_); }
  ~OwnComm() { MPI_Comm_free(&comm_); }
  OwnComm(const OwnComm&) = delete;
  OwnComm& operator=(const OwnComm&) = delete;
  MPI_Comm get() const { return comm_; }

 private:
  MPI_Comm comm_;
};

void send_words(MPI_Comm comm, int to, Tag tag, std::vector<uint64_t> words);
std::vector<uint64_t> receive_words(MPI_Comm comm, const MPI_Status& probed);
std::string receive_text(MPI_Comm comm, const MPI_Status& probed);
// The first non-empty text of the ranks, in rank order, on every rank.
std::string first_text(MPI_Comm comm, const std::string& mine);
[[noreturn]] void abort_job(int rank, const std::string& why);

// The ranks of one sliced solve over MPI: every rank takes part.
class MpiSliceComm final : public SliceComm {
 public:
  MpiSliceComm(MPI_Comm comm, std::function<void()> on_idle);

  int rank() const override { return rank_; }
  int size() const override { return size_; }

  // One MPI_Alltoall of a header per rank (how many entries for it, how
  // many in all, the numbers to take the largest of), then, when any rank
  // sends anything, one MPI_Alltoallv of the entries.
  std::vector<uint32_t> exchange(const std::vector<std::vector<uint32_t> >& out,
                                 std::span<uint64_t> max) override;
  void max(std::span<uint64_t> values) override;
  void gather(std::span<const Value> mine, std::span<Value> rest) override;
  std::string first_error(const std::string& mine) override { return first_text(comm_, mine); }

  void idle() override { on_idle_(); }

  [[noreturn]] void abort(const std::string& why) override { abort_job(rank_, why); }

 private:
  MPI_Comm comm_;
  int rank_ = 0, size_ = 1;
  std::function<void()> on_idle_;
};

}  // namespace jungle::tb::mpi

#endif
