// EngineProcess: the child process an engine of `jungle match` runs in.

#include <gtest/gtest.h>

#include <chrono>
#include <stdexcept>
#include <string>
#include <vector>

#include "match/engine_process.h"

namespace jungle::match {
namespace {

using std::chrono::milliseconds;

TEST(EngineProcess, TalksToAChildAndTimesOut) {
  EngineProcess p;
  std::string error;
  ASSERT_TRUE(p.start({"cat"}, &error)) << error;
  ASSERT_TRUE(p.write_line("hello"));
  std::string line;
  EXPECT_EQ(p.read_line(line, milliseconds(2000)), EngineProcess::ReadResult::kLine);
  EXPECT_EQ(line, "hello");
  const auto t0 = std::chrono::steady_clock::now();
  EXPECT_EQ(p.read_line(line, milliseconds(100)), EngineProcess::ReadResult::kTimeout);
  EXPECT_GE(std::chrono::steady_clock::now() - t0, milliseconds(90));
  p.stop();
  EXPECT_FALSE(p.running());
}

TEST(EngineProcess, ReportsEofAndHowTheChildEnded) {
  EngineProcess p;
  std::string error;
  ASSERT_TRUE(p.start({"sh", "-c", "echo bye; kill -SEGV $$"}, &error)) << error;
  std::string line;
  EXPECT_EQ(p.read_line(line, milliseconds(2000)), EngineProcess::ReadResult::kLine);
  EXPECT_EQ(line, "bye");
  EXPECT_EQ(p.read_line(line, milliseconds(2000)), EngineProcess::ReadResult::kEof);
  EXPECT_NE(p.exit_description(milliseconds(2000)).find("signal 11"), std::string::npos);
  EXPECT_FALSE(p.write_line("anyone there?"));  // no SIGPIPE, just false
}

TEST(EngineProcess, MissingProgramFailsToStart) {
  EngineProcess p;
  std::string error;
  EXPECT_FALSE(p.start({"/nonexistent/engine"}, &error));
  EXPECT_NE(error.find("/nonexistent/engine"), std::string::npos);
}

TEST(EngineProcess, SplitsCommandLines) {
  EXPECT_EQ(split_command_line("a 'b c' \"d\\\"e\" f\\ g"),
            (std::vector<std::string>{"a", "b c", "d\"e", "f g"}));
  EXPECT_THROW(split_command_line("a 'b"), std::invalid_argument);
}

}  // namespace
}  // namespace jungle::match
