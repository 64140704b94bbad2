// The table of review jobs both kinds of review share (review_jobs.h):
// which job stands when a review is asked for again, what finishing and
// cancelling leave behind.
#include "web/engines/review_jobs.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "web/server/game_error.h"

namespace jungle::web {
namespace {

EnginePoolLimits tiny_pool() {
  EnginePoolLimits limits;
  limits.workers = 1;
  limits.hash_mb = 1;
  return limits;
}

std::shared_ptr<ReviewJob> job_of(int64_t game_id) {
  return std::make_shared<ReviewJob>(game_id, 100, "client", "127.0.0.1");
}

bool is_running(const ReviewJob& current) {
  return current.state == ReviewJob::State::kRunning;
}

class ReviewJobsTest : public ::testing::Test {
 protected:
  EnginePool pool_{tiny_pool()};
};

TEST_F(ReviewJobsTest, ARunningJobStandsAndAnotherGameGetsItsOwn) {
  ReviewJobs jobs(pool_);
  const auto first = job_of(7);
  EXPECT_TRUE(jobs.open(first, is_running));
  EXPECT_FALSE(jobs.open(job_of(7), is_running));
  const auto other = job_of(8);
  EXPECT_TRUE(jobs.open(other, is_running));
  const auto lock = jobs.lock();
  EXPECT_EQ(jobs.find_locked<ReviewJob>(7), first);
  EXPECT_EQ(jobs.find_locked<ReviewJob>(8), other);
  EXPECT_EQ(jobs.find_locked<ReviewJob>(9), nullptr);
}

TEST_F(ReviewJobsTest, AStoppedJobGivesWayToANewOne) {
  ReviewJobs jobs(pool_);
  const auto first = job_of(7);
  ASSERT_TRUE(jobs.open(first, is_running));
  jobs.finish(first, ReviewJob::State::kStopped, "the game was deleted");
  const auto second = job_of(7);
  EXPECT_TRUE(jobs.open(second, is_running));
  const auto lock = jobs.lock();
  EXPECT_EQ(jobs.find_locked<ReviewJob>(7), second);
}

TEST_F(ReviewJobsTest, CancellingStopsTheJobAndForgetsIt) {
  ReviewJobs jobs(pool_);
  const auto job = job_of(7);
  ASSERT_TRUE(jobs.open(job, is_running));
  jobs.cancel(7);
  EXPECT_FALSE(jobs.running(*job));
  EXPECT_EQ(job->state, ReviewJob::State::kStopped);
  EXPECT_EQ(job->message, kReviewCancelled);
  // Its search coming back later does not undo the cancelling.
  jobs.finish(job, ReviewJob::State::kDone);
  EXPECT_EQ(job->state, ReviewJob::State::kStopped);
  const auto lock = jobs.lock();
  EXPECT_EQ(jobs.find_locked<ReviewJob>(7), nullptr);
}

TEST_F(ReviewJobsTest, ADoneJobIsForgotten) {
  // Its findings are the game's; a review asked for again starts afresh.
  ReviewJobs jobs(pool_);
  const auto job = job_of(7);
  ASSERT_TRUE(jobs.open(job, is_running));
  jobs.finish(job, ReviewJob::State::kDone);
  EXPECT_EQ(job->state, ReviewJob::State::kDone);
  const auto lock = jobs.lock();
  EXPECT_EQ(jobs.find_locked<ReviewJob>(7), nullptr);
}

TEST_F(ReviewJobsTest, AJobStoppedOtherwiseIsKeptForItsMessage) {
  ReviewJobs jobs(pool_);
  const auto job = job_of(7);
  ASSERT_TRUE(jobs.open(job, is_running));
  jobs.finish(job, ReviewJob::State::kStopped, "the game was deleted");
  const auto lock = jobs.lock();
  ASSERT_EQ(jobs.find_locked<ReviewJob>(7), job);
  EXPECT_EQ(job->message, "the game was deleted");
}

TEST_F(ReviewJobsTest, OnlyAFailedStartIsRefused) {
  ReviewJobs jobs(pool_);
  const auto job = job_of(7);
  ASSERT_TRUE(jobs.open(job, is_running));
  EXPECT_NO_THROW(jobs.throw_if_refused(*job));
  jobs.finish(job, ReviewJob::State::kFailed, "every engine is busy");
  try {
    jobs.throw_if_refused(*job);
    FAIL() << "a failed start was not refused";
  } catch (const GameError& e) {
    EXPECT_EQ(e.kind(), ErrorKind::kUnavailable);
    EXPECT_EQ(e.code(), "engine_busy");
    EXPECT_EQ(std::string(e.what()), "the review could not start: every engine is busy");
  }
}

TEST(ReviewStateName, NamesEachState) {
  EXPECT_STREQ(review_state_name(ReviewJob::State::kRunning), "running");
  EXPECT_STREQ(review_state_name(ReviewJob::State::kDone), "done");
  EXPECT_STREQ(review_state_name(ReviewJob::State::kStopped), "stopped");
  EXPECT_STREQ(review_state_name(ReviewJob::State::kFailed), "failed");
}

}  // namespace
}  // namespace jungle::web
