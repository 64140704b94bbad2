#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

namespace {

// Runs the built binary with `args`; returns what it wrote and its status.
std::string run(const std::string& args, int* status) {
  const std::string command = std::string(JUNGLE_BINARY) + " " + args + " 2>&1";
  FILE* p = popen(command.c_str(), "r");
  std::string out;
  char buf[512];
  while (size_t n = fread(buf, 1, sizeof buf, p)) out.append(buf, n);
  *status = pclose(p);
  return out;
}

TEST(FlipCli, VariantsListsTheFlipSetsAndChecksFlipFiles) {
  int status = 0;
  const std::string list = run("variants", &status);
  EXPECT_EQ(status, 0);
  EXPECT_NE(list.find("\nflip - Flip Jungle 4x4: first flip decides colours, equal ranks both die\n"
                      "flip-fixed - "),
            std::string::npos)
      << list;
  const std::filesystem::path file =
      std::filesystem::temp_directory_path() / "flip_cli_test_bad.toml";
  std::ofstream(file) << "[game]\nkind = \"flip\"\n\n[flip]\nequal_ranks = \"both\"\n";
  const std::string bad = run("variants check " + file.string(), &status);
  EXPECT_NE(status, 0);
  EXPECT_EQ(bad, file.string() +
                     ":5:15: 'equal_ranks' must be one of \"both-die\", \"attacker-takes\"\n");
  std::filesystem::remove(file);
}

TEST(FlipCli, PerftCountsFlipsByOutcome) {
  int status = 0;
  const std::string out = run("perft 2 --variant flip-fixed --moves b2?=L", &status);
  EXPECT_EQ(status, 0);
  // Red flips one of 15 tiles (15 outcomes each); Blue replies with 14
  // flips of 14 outcomes, or a capture where a Red animal beside its Lion
  // may be taken: 225 * 196 = 44100 and the captures.
  EXPECT_NE(out.find("Nodes searched: 44128\n"), std::string::npos) << out;
  const std::string divide = run("perft 1 --variant flip --divide", &status);
  EXPECT_NE(divide.find("a1?=R: 1\n"), std::string::npos) << divide;
  EXPECT_NE(divide.find("Nodes searched: 256\n"), std::string::npos);
}

}  // namespace
