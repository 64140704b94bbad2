#pragma once

#include <time.h>

#include <chrono>
#include <cstdint>

// The clock a search's time is counted on, carried by its limits.
//
// Wall time (std::chrono::steady_clock) is what a move's time means to the
// protocol, the web app and a player's clock, and is the default. The
// searching thread's CPU time (CLOCK_THREAD_CPUTIME_ID) counts only the
// time that thread ran: a match run beside other work (a build, another
// match, a nice-19 process on a loaded machine) then gives each player the
// same CPU a move, where wall time gave the one that was scheduled less
// less search (docs/flip.md, "Equal CPU time under load").
//
// A moment on the thread CPU clock means something only in the thread that
// read it: a deadline on it is set and checked by the searching thread
// (each search sets its own from its movetime when it starts).

namespace jungle {

class SearchClock {
 public:
  enum class Kind : uint8_t { kWall, kThreadCpu };
  using duration = std::chrono::nanoseconds;
  // A moment on one of the two clocks; the epoch (a default time_point)
  // stands for "none" where a deadline may be unset.
  using time_point = std::chrono::time_point<SearchClock, duration>;

  constexpr SearchClock() = default;
  constexpr explicit SearchClock(Kind kind) : kind_(kind) {}
  static constexpr SearchClock wall() { return SearchClock(Kind::kWall); }
  static constexpr SearchClock thread_cpu() { return SearchClock(Kind::kThreadCpu); }

  constexpr Kind kind() const { return kind_; }
  constexpr bool is_thread_cpu() const { return kind_ == Kind::kThreadCpu; }

  // Now on this clock (in the calling thread, for the thread CPU clock).
  // Never the epoch: a moment read is never mistaken for "no deadline".
  time_point now() const {
    if (kind_ == Kind::kThreadCpu) {
      timespec ts{};
      clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
      // + 1 ns: a thread's first moment may be 0.
      return time_point(duration(int64_t(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec + 1));
    }
    return time_point(
        std::chrono::duration_cast<duration>(std::chrono::steady_clock::now().time_since_epoch()));
  }
  // Whole milliseconds from `since` (a moment of this clock) to now.
  int64_t ms_since(time_point since) const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(now() - since).count();
  }

  friend constexpr bool operator==(SearchClock a, SearchClock b) { return a.kind_ == b.kind_; }

 private:
  Kind kind_ = Kind::kWall;
};

}  // namespace jungle
