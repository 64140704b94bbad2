#include "tablebase/mpi_messages.h"

#if JUNGLE_MPI
#include <algorithm>
#include <climits>
#include <cstdlib>
#include <iostream>

namespace jungle::tb::mpi {

void send_words(MPI_Comm comm, int to, Tag tag, std::vector<uint64_t> words) {
  MPI_Send(words.data(), int(words.size()), MPI_UINT64_T, to, tag, comm);
}

std::vector<uint64_t> receive_words(MPI_Comm comm, const MPI_Status& probed) {
  int n = 0;
  MPI_Get_count(&probed, MPI_UINT64_T, &n);
  std::vector<uint64_t> words(size_t(std::max(n, 0)));
  MPI_Recv(words.data(), n, MPI_UINT64_T, probed.MPI_SOURCE, probed.MPI_TAG, comm,
           MPI_STATUS_IGNORE);
  words.resize(4, 0);  // short messages read as zeros
  return words;
}

std::string receive_text(MPI_Comm comm, const MPI_Status& probed) {
  int n = 0;
  MPI_Get_count(&probed, MPI_CHAR, &n);
  std::string text(size_t(std::max(n, 0)), '\0');
  MPI_Recv(text.data(), n, MPI_CHAR, probed.MPI_SOURCE, probed.MPI_TAG, comm, MPI_STATUS_IGNORE);
  return text;
}

// The first non-empty text of the ranks, in rank order, on every rank.
std::string first_text(MPI_Comm comm, const std::string& mine) {
  int rank = 0, size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  int candidate = mine.empty() ? size : rank, first = size;
  MPI_Allreduce(&candidate, &first, 1, MPI_INT, MPI_MIN, comm);
  if (first == size) return "";
  std::string text = rank == first ? mine : "";
  int length = int(text.size());
  MPI_Bcast(&length, 1, MPI_INT, first, comm);
  text.resize(size_t(length));
  MPI_Bcast(text.data(), length, MPI_CHAR, first, comm);
  return text;
}

[[noreturn]] void abort_job(int rank, const std::string& why) {
  std::cerr << "error: rank " << rank << ": " << why << std::endl;
  MPI_Abort(MPI_COMM_WORLD, 1);
  std::abort();
}

MpiSliceComm::MpiSliceComm(MPI_Comm comm, std::function<void()> on_idle)
    : comm_(comm), on_idle_(std::move(on_idle)) {
  MPI_Comm_rank(comm_, &rank_);
  MPI_Comm_size(comm_, &size_);
}

std::vector<uint32_t> MpiSliceComm::exchange(const std::vector<std::vector<uint32_t> >& out,
                                             std::span<uint64_t> max) {
  const size_t k = size_t(size_), n = max.size() + 2;
  size_t total = 0;
  for (const auto& box : out) total += box.size();
  std::vector<uint64_t> headers(k * n), received_headers(k * n);
  for (size_t r = 0; r < k; ++r) {
    headers[r * n] = out[r].size();
    headers[r * n + 1] = total;
    std::copy(max.begin(), max.end(), headers.begin() + std::ptrdiff_t(r * n + 2));
  }
  MPI_Alltoall(headers.data(), int(n), MPI_UINT64_T, received_headers.data(), int(n), MPI_UINT64_T,
               comm_);
  bool anything = false;
  size_t incoming = 0;
  for (size_t r = 0; r < k; ++r) {
    anything = anything || received_headers[r * n + 1] > 0;
    incoming += size_t(received_headers[r * n]);
    for (size_t i = 0; i < max.size(); ++i) {
      max[i] = std::max(max[i], received_headers[r * n + 2 + i]);
    }
  }
  if (!anything) return {};
  if (total > size_t(INT_MAX) || incoming > size_t(INT_MAX)) {
    abort("too many predecessors in one exchange");
  }
  std::vector<int> send_counts(k), send_at(k), receive_counts(k), receive_at(k);
  std::vector<uint32_t> sending;
  sending.reserve(total);
  for (size_t r = 0, from = 0; r < k; ++r) {
    send_at[r] = int(sending.size());
    send_counts[r] = int(out[r].size());
    sending.insert(sending.end(), out[r].begin(), out[r].end());
    receive_at[r] = int(from);
    receive_counts[r] = int(received_headers[r * n]);
    from += size_t(received_headers[r * n]);
  }
  std::vector<uint32_t> received(incoming);
  MPI_Alltoallv(sending.data(), send_counts.data(), send_at.data(), MPI_UINT32_T, received.data(),
                receive_counts.data(), receive_at.data(), MPI_UINT32_T, comm_);
  return received;
}

void MpiSliceComm::max(std::span<uint64_t> values) {
  MPI_Allreduce(MPI_IN_PLACE, values.data(), int(values.size()), MPI_UINT64_T, MPI_MAX, comm_);
}

void MpiSliceComm::gather(std::span<const Value> mine, std::span<Value> rest) {
  constexpr size_t kPiece = size_t(1) << 26;
  if (rank_ != 0) {
    uint64_t n = mine.size();
    MPI_Send(&n, 1, MPI_UINT64_T, 0, kGatherSize, comm_);
    for (size_t at = 0; at < mine.size(); at += kPiece) {
      MPI_Send(mine.data() + at, int(std::min(kPiece, mine.size() - at)), MPI_UINT16_T, 0,
               kGatherValues, comm_);
    }
    return;
  }
  size_t at = 0;
  for (int r = 1; r < size_; ++r) {
    uint64_t n = 0;
    MPI_Recv(&n, 1, MPI_UINT64_T, r, kGatherSize, comm_, MPI_STATUS_IGNORE);
    if (n > rest.size() - at) abort("rank " + std::to_string(r) + "'s slice does not fit");
    for (size_t got = 0; got < n; got += kPiece) {
      MPI_Recv(rest.data() + at + got, int(std::min(kPiece, size_t(n) - got)), MPI_UINT16_T, r,
               kGatherValues, comm_, MPI_STATUS_IGNORE);
    }
    at += size_t(n);
  }
  if (at != rest.size()) abort("the slices do not cover the table");
}

}  // namespace jungle::tb::mpi

#endif
