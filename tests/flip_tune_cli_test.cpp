#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "run_command_util.h"

namespace {

// Runs the built binary with `args`; what it wrote (both streams) and its status.
std::string run_flip_tune_cli(const std::string& args, int* status) {
  std::string out;
  *status = jungle::run_command(std::string(JUNGLE_BINARY) + " " + args + " 2>&1", out);
  return out;
}

// A file under the test's temporary folder holding `text`; its path.
std::string flip_tune_file(const std::string& name, const std::string& text) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("jungle_flip_tune_cli_" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  std::ofstream(dir / name) << text;
  return (dir / name).string();
}

// The output less its first line (the title, which names the weights file).
std::string after_title(const std::string& out) {
  return out.substr(out.find('\n') + 1);
}

TEST(FlipTuneCli, EvalWeightsAtTheDefaultsPlayTheProtocolEnginesGames) {
  const std::string defaults = flip_tune_file(
      "defaults.txt", "hidden_share 0.9\nmobility 1.5\nown_threat 0.8\nenemy_threat 0.3\n");
  const std::string match =
      "flip-match --opponent pimc --games 4 --nodes 300 --paired --seed 3 --verbose";
  int status = 0;
  const std::string protocol = run_flip_tune_cli(match, &status);
  ASSERT_EQ(status, 0) << protocol;
  const std::string in_process = run_flip_tune_cli(match + " --eval-weights " + defaults, &status);
  ASSERT_EQ(status, 0) << in_process;
  EXPECT_NE(in_process.find("evaluation weights from " + defaults), std::string::npos);
  EXPECT_EQ(after_title(in_process), after_title(protocol));
  // Other weights play other games.
  const std::string other = flip_tune_file("other.txt", "mobility 6\nhunt 0\n");
  EXPECT_NE(after_title(run_flip_tune_cli(match + " --eval-weights " + other, &status)),
            after_title(protocol));
}

TEST(FlipTuneCli, DatagenPlaysTheEngineWithTheGivenWeights) {
  const std::string defaults = flip_tune_file("datagen_defaults.txt", "value_lion 65\nhunt 0.06\n");
  const std::string other = flip_tune_file("datagen_other.txt", "value_lion 20\nmobility 6\n");
  const std::string gen = "flip-datagen --games 2 --nodes 200 --seed 77";
  int status = 0;
  const std::string plain = run_flip_tune_cli(gen, &status);
  ASSERT_EQ(status, 0) << plain;
  EXPECT_EQ(run_flip_tune_cli(gen + " --eval-weights " + defaults, &status), plain);
  EXPECT_EQ(status, 0);
  EXPECT_NE(run_flip_tune_cli(gen + " --eval-weights " + other, &status), plain);
  EXPECT_EQ(status, 0);
  const std::string bad = flip_tune_file("datagen_bad.txt", "value_lion lots\n");
  const std::string out = run_flip_tune_cli(gen + " --eval-weights " + bad, &status);
  EXPECT_NE(status, 0);
  EXPECT_NE(out.find("--eval-weights: " + bad + ":1: 'lots' is not a finite number"),
            std::string::npos)
      << out;
}

TEST(FlipTuneCli, BadWeightsAndDataAreNamed) {
  int status = 0;
  const std::string bad = flip_tune_file("bad.txt", "mobility 1\nspeed 2\n");
  std::string out =
      run_flip_tune_cli("flip-match --games 2 --depth 1 --eval-weights " + bad, &status);
  EXPECT_NE(status, 0);
  EXPECT_NE(out.find(bad + ":2: unknown weight 'speed'"), std::string::npos) << out;
  const std::string data = flip_tune_file("data.txt", "4/4/2c1/L3 w - 0 1;1\n4/4/2c1/L3 w;1\n");
  out = run_flip_tune_cli("flip-tune --data " + data, &status);
  EXPECT_NE(status, 0);
  EXPECT_NE(out.find(data + ":2: invalid FEN"), std::string::npos) << out;
  out = run_flip_tune_cli("flip-tune --data /nonexistent/data.txt", &status);
  EXPECT_NE(status, 0);
  EXPECT_NE(out.find("cannot read /nonexistent/data.txt"), std::string::npos) << out;
}

}  // namespace
