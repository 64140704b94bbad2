// The thread CPU clock a search's limits may carry (core/search_clock.h):
// a move's time counted in the CPU its thread ran, not in wall time, so
// that a match beside other work gives each player the same CPU a move
// (`--cpu-time`, docs/flip.md "Equal CPU time under load").

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <random>
#include <string>
#include <thread>

#include "core/search_clock.h"
#include "core/variants.h"
#include "flip/flip_bench.h"
#include "flip/flip_rules.h"
#include "flip/flip_search.h"
#include "hidden/hidden_game.h"
#include "hidden/setup.h"
#include "hidden_search/hidden_search.h"
#include "hidden_search/ismcts.h"
#include "hidden_search/pimc.h"
#include "run_command_util.h"

namespace jungle {
namespace {

using namespace std::chrono_literals;

TEST(SearchClock, ThreadCpuTimeDoesNotPassWhileTheThreadSleeps) {
  const SearchClock cpu = SearchClock::thread_cpu();
  const SearchClock wall = SearchClock::wall();
  EXPECT_TRUE(cpu.is_thread_cpu());
  EXPECT_FALSE(wall.is_thread_cpu());
  EXPECT_EQ(SearchClock(), wall);  // the default: wall time, the protocol's
  const SearchClock::time_point cpu_before = cpu.now(), wall_before = wall.now();
  std::this_thread::sleep_for(50ms);
  EXPECT_GE(wall.now() - wall_before, 50ms);
  EXPECT_LT(cpu.now() - cpu_before, 10ms);
  EXPECT_NE(cpu.now(), SearchClock::time_point());  // never "no deadline"
}

// Bench position 34 (one tile face down, few animals), searched with a
// deadline 100 ms from now on `clock` after sleeping 150 ms, and at most
// 3,000 nodes.
flip::FlipSearchResult flip_search_after_sleeping(SearchClock clock) {
  flip::FlipPosition pos = flip::flip_bench_positions(flip::load_flip_rules("flip"))[34];
  flip::FlipSearcher searcher;
  flip::FlipLimits limits;
  limits.nodes = 3000;
  limits.clock = clock;
  limits.deadline = clock.now() + 100ms;
  std::this_thread::sleep_for(150ms);
  return searcher.search(pos, limits);
}

TEST(SearchClock, AFlipSearchsCpuDeadlinePassesByCpuSpentNotBySleeping) {
  // The same search at its node limit alone.
  flip::FlipPosition pos = flip::flip_bench_positions(flip::load_flip_rules("flip"))[34];
  flip::FlipSearcher untimed;
  flip::FlipLimits nodes_only;
  nodes_only.nodes = 3000;
  const flip::FlipSearchResult full = untimed.search(pos, nodes_only);
  EXPECT_EQ(full.nodes, 3001u);
  EXPECT_EQ(full.depth, 6);
  // On the thread's CPU clock the 100 ms are still ahead after the sleep:
  // the search runs to its node limit, the tree it searches without one.
  const flip::FlipSearchResult cpu = flip_search_after_sleeping(SearchClock::thread_cpu());
  EXPECT_EQ(cpu.nodes, full.nodes);
  EXPECT_EQ(cpu.depth, full.depth);
  EXPECT_EQ(cpu.best, full.best);
  // On the wall clock the sleep spent them: the first look at the clock
  // ends it (FlipTimeUse's count for this position).
  const flip::FlipSearchResult wall = flip_search_after_sleeping(SearchClock::wall());
  EXPECT_EQ(wall.nodes, 64u);
  EXPECT_EQ(wall.depth, 2);
}

TEST(SearchClock, AFlipSearchsCpuMovetimeIsSpentAsCpu) {
  // A 30 ms CPU move: at least 30 ms of this thread's CPU went into it.
  flip::FlipPosition pos = flip::flip_bench_positions(flip::load_flip_rules("flip"))[10];
  flip::FlipSearcher searcher;
  flip::FlipLimits limits;
  limits.movetime_ms = 30;
  limits.clock = SearchClock::thread_cpu();
  const SearchClock::time_point before = limits.clock.now();
  const flip::FlipSearchResult r = searcher.search(pos, limits);
  EXPECT_TRUE(r.has_move);
  EXPECT_GE(limits.clock.now() - before, 30ms);
  EXPECT_GE(r.time_ms, 30);  // its time is the CPU clock's too
}

hidden::PlayerView opening_view(uint64_t seed) {
  const RuleSetPtr rules = load_variant("hidden");
  std::mt19937_64 chance(seed);
  const hidden::HiddenGame game(hidden::default_start(rules, chance), "hidden");
  return game.view(kBlue);
}

// A move of 200 ms whose deadline, 200 ms from now on `clock`, the thread
// then sleeps past in wall time.
hidden::HiddenLimits slept_past(SearchClock clock) {
  hidden::HiddenLimits l;
  l.movetime_ms = 200;
  l.clock = clock;
  l.deadline = clock.now() + 200ms;
  std::this_thread::sleep_for(250ms);
  return l;
}

TEST(SearchClock, HiddenSearchersCountTheirMoveInCpuTime) {
  // PIMC: every world searched on the CPU clock, where the wall clock's
  // deadline, passed, leaves the one world it always searches
  // (HiddenTime.PimcSearchesOneWorldPastTheMovesDeadline).
  const hidden::HiddenSearchResult cpu =
      hidden::PimcSearcher().search(opening_view(7), slept_past(SearchClock::thread_cpu()));
  EXPECT_EQ(cpu.worlds, hidden::kPimcWorlds);
  EXPECT_GT(cpu.depth, 1);
  const hidden::HiddenSearchResult wall =
      hidden::PimcSearcher().search(opening_view(7), slept_past(SearchClock::wall()));
  EXPECT_EQ(wall.worlds, 1);
  EXPECT_EQ(wall.depth, 1);
  // ISMCTS: its iterations go on; on the wall clock, one.
  const hidden::HiddenSearchResult tree =
      hidden::IsmctsSearcher().search(opening_view(7), slept_past(SearchClock::thread_cpu()));
  EXPECT_GT(tree.worlds, 1);
  const hidden::HiddenSearchResult one =
      hidden::IsmctsSearcher().search(opening_view(7), slept_past(SearchClock::wall()));
  EXPECT_EQ(one.worlds, 1);
  // The engine's searcher (its tree, through move_end).
  const hidden::HiddenSearchResult engine =
      hidden::HiddenSearcher().search(opening_view(7), slept_past(SearchClock::thread_cpu()));
  EXPECT_FALSE(engine.best.is_none());
  EXPECT_GT(engine.depth, 1);
  const hidden::HiddenSearchResult engine_wall =
      hidden::HiddenSearcher().search(opening_view(7), slept_past(SearchClock::wall()));
  EXPECT_LE(engine_wall.depth, 1);
}

// Runs the built binary with `args`; returns what it wrote and its status.
std::string run_binary(const std::string& args, int* status) {
  std::string out;
  *status = jungle::run_command(std::string(JUNGLE_BINARY) + " " + args + " 2>&1", out);
  return out;
}

TEST(CpuTimeCli, TheMatchesAndTheFlipBenchTakeCpuTimeAndAnOpponentsMovetime) {
  int status = 0;
  std::string out = run_binary(
      "flip-match --opponent pimc --movetime 4 --opponent-movetime 2 --cpu-time --games 2 --paired",
      &status);
  EXPECT_EQ(status, 0) << out;
  EXPECT_EQ(out.find("Flip Jungle (flip): engine (4 ms of CPU time a move) against pimc (2 ms of "
                     "CPU time a move), 2 games, the tiles dealt at each game's start, paired "
                     "deals"),
            0u)
      << out;
  out = run_binary(
      "hidden-match --opponent pimc --movetime 4 --opponent-movetime 2 --cpu-time --games 2",
      &status);
  EXPECT_EQ(status, 0) << out;
  EXPECT_EQ(out.find("Hidden pieces (hidden): engine (4 ms of CPU time a move) against pimc (2 ms "
                     "of CPU time a move), 2 games\n"),
            0u)
      << out;
  out = run_binary("bench --flip --movetime 1 --cpu-time", &status);
  EXPECT_EQ(status, 0) << out;
  EXPECT_EQ(out.find("Flip Jungle (flip), 36 positions, 1 ms of CPU time a move, one thread\n"), 0u)
      << out;
  // Where nodes or a depth replace a move's time, there is none to count.
  for (const char* args :
       {"flip-match --nodes 100 --cpu-time", "flip-match --opponent-movetime 5",
        "hidden-match --depth 2 --cpu-time", "hidden-match --nodes 50 --opponent-movetime 5"}) {
    out = run_binary(args, &status);
    EXPECT_NE(status, 0) << args;
    EXPECT_NE(out.find("error: --cpu-time and --opponent-movetime count a move's time"),
              std::string::npos)
        << args << ": " << out;
  }
  out = run_binary("bench --cpu-time", &status);
  EXPECT_NE(status, 0);
  EXPECT_NE(out.find("error: --cpu-time is for jungle bench --flip --movetime"), std::string::npos)
      << out;
  out = run_binary("bench --flip --cpu-time", &status);
  EXPECT_NE(status, 0);
  EXPECT_NE(out.find("error: --cpu-time counts a move's time"), std::string::npos) << out;
}

}  // namespace
}  // namespace jungle
