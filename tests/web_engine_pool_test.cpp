// The engine pool on its own (src/web/engines/engine_pool.h): its queue is
// bounded, and each client has its share of it.
#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <thread>

#include "engine_job_start.h"
#include "web/engines/engine_pool.h"

namespace jungle::web {
namespace {

TEST(EnginePoolTest, BoundsTheQueueAndEachClientsShare) {
  EnginePoolLimits limits;
  limits.workers = 1;
  limits.queue_capacity = 3;
  limits.per_client = 2;
  limits.hash_mb = 1;
  std::atomic<int> done{0}, completed{0};
  // Searches that would run for a long time; the test cancels them.
  auto job = [&](const std::string& client) {
    EngineJob j;
    search_the_standard_start(j);
    j.limits.movetime_ms = limits.max_movetime_ms;
    j.client = client;
    j.on_done = [&](const SearchResult&, bool c) {
      ++done;
      if (c) ++completed;
    };
    return j;
  };
  EnginePool pool(limits);
  EnginePool::Refusal why = EnginePool::Refusal::kNone;
  auto a1 = pool.submit(job("a"), &why);
  ASSERT_TRUE(a1);
  while (pool.stats().busy == 0) std::this_thread::yield();  // a1 is running
  auto a2 = pool.submit(job("a"), &why);
  ASSERT_TRUE(a2);
  EXPECT_FALSE(pool.submit(job("a"), &why));
  EXPECT_EQ(why, EnginePool::Refusal::kClientBusy);
  auto b1 = pool.submit(job("b"));
  auto c1 = pool.submit(job("c"));
  ASSERT_TRUE(b1 && c1);
  EXPECT_EQ(pool.stats().queued, 3);
  EXPECT_FALSE(pool.submit(job("d"), &why));
  EXPECT_EQ(why, EnginePool::Refusal::kQueueFull);
  EXPECT_EQ(pool.stats().refused, 2u);
  a1->cancel();  // the running search stops; the next one starts
  b1->cancel();  // a queued one is dropped when its turn comes
  pool.shutdown();
  EXPECT_EQ(done.load(), 4);
  EXPECT_EQ(completed.load(), 0);
  EXPECT_FALSE(pool.submit(job("a"), &why));
  EXPECT_EQ(why, EnginePool::Refusal::kStopping);
}

}  // namespace
}  // namespace jungle::web
