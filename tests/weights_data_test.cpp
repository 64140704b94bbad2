// The evaluation's weights are data: the files of weights/, embedded at build
// time and read by the Eval File parser; `jungle tune --apply` writes them.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "core/geometry.h"
#include "core/variants.h"
#include "run_command_util.h"
#include "search/eval_params.h"
#include "search/evaluation.h"

namespace jungle {
namespace {

namespace fs = std::filesystem;

std::string read_text(const fs::path& path) {
  std::ifstream in(path);
  EXPECT_TRUE(in) << path;
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::string shipped_text(const std::string& name) {
  return read_text(fs::path(JUNGLE_SOURCE_DIR) / "weights" / (name + ".txt"));
}

std::vector<int> values_of(EvalParams params) {
  std::vector<int> values;
  for (const auto& [name, value] : eval_param_list(params)) values.push_back(*value);
  return values;
}

// The '#' lines a file starts with, without "# ".
std::vector<std::string> header_of(const std::string& text) {
  std::vector<std::string> header;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line) && line.starts_with("# ");)
    header.push_back(line.substr(2));
  return header;
}

TEST(WeightsData, CompiledInWeightsAreTheFilesOfTheSourceTree) {
  EXPECT_EQ(values_of(default_eval_params()),
            values_of(parse_eval_params(shipped_text("river-board"), EvalParams{})));
  EXPECT_EQ(values_of(open_board_eval_params()),
            values_of(parse_eval_params(shipped_text("open-board"), EvalParams{})));
  EXPECT_THROW(shipped_eval_params("no-such-board"), std::runtime_error);
}

// A weight a shipped file forgot would silently be 0.
TEST(WeightsData, ShippedFilesNameEveryWeight) {
  for (const std::string name : {"river-board", "open-board"}) {
    EvalParams sentinel;
    for (const auto& [weight, value] : eval_param_list(sentinel)) *value = -77777;
    EvalParams read = parse_eval_params(shipped_text(name), sentinel);
    for (const auto& [weight, value] : eval_param_list(read))
      EXPECT_NE(*value, -77777) << name << " lacks " << weight;
  }
}

// The shipped files are exactly what the tuner writes, so that applying new
// weights changes only the numbers that moved.
TEST(WeightsData, ShippedFilesAreInTheTunersFormat) {
  const std::string river = shipped_text("river-board");
  EXPECT_EQ(format_eval_params(default_eval_params(), header_of(river)), river);
  const std::string open = shipped_text("open-board");
  EXPECT_EQ(format_eval_params(open_board_eval_params(), header_of(open)), open);
}

// The values of before the move to data: turn 2's fit and the hand-set
// open-board weights (the bench's node count pins the rest).
TEST(WeightsData, FilesHoldTheFittedAndHandSetValues) {
  const EvalParams& river = default_eval_params();
  EXPECT_EQ(river.rank_value, (std::array<int, 9>{0, 152, 187, 206, 293, 360, 555, 741, 861}));
  EXPECT_EQ(river.advance_strength_percent, 24);
  EXPECT_EQ(river.swimmer_in_water, -16);
  EXPECT_EQ(river.tempo, 0);
  EXPECT_EQ(river.square_rank7[2 * 4 + 1], 168);  // the Lion on c3 (Blue)
  EXPECT_EQ(river.square_rank8[3 * 4 + 0], -118);
  const EvalParams& open = open_board_eval_params();
  EXPECT_EQ(open.rank_value, (std::array<int, 9>{0, 150, 200, 250, 300, 400, 600, 700, 800}));
  EXPECT_EQ(open.advance,
            (std::array<int, 16>{0, 140, 70, 40, 26, 18, 13, 9, 6, 4, 3, 2, 1, 0, 0, 0}));
  EXPECT_EQ(open.den_guard, 30);
  EXPECT_EQ(open.swimmer_in_water, 15);
  for (int rank = 1; rank <= 8; ++rank) {
    for (int v : open.square_table(rank)) EXPECT_EQ(v, 0);
  }
}

// The tables were indexed by (ranks from the own den, at most 8) * 4 +
// (files from the dens' file, at most 3); by distance to the dens and to the
// edge they must score every square of today's board the same.
TEST(WeightsData, SquareTableIndexIsTheOldRowAndColumnOnTheStandardBoard) {
  const RuleSetPtr rules = load_variant("standard");
  for (Side side : {kBlue, kRed}) {
    const Square den = rules->den(side);
    for (Square s = 0; s < kStandardGeometry.squares(); ++s) {
      const int row =
          std::min(8, std::abs(kStandardGeometry.rank_of(s) - kStandardGeometry.rank_of(den)));
      const int column =
          std::min(3, std::abs(kStandardGeometry.file_of(s) - kStandardGeometry.file_of(den)));
      EXPECT_EQ(square_table_index(*rules, side, s), size_t(row * 4 + column))
          << "side " << int(side) << " square " << int(s);
    }
  }
  // Blue's back corner, the enemy back rank's edge, a square beside the own den.
  EXPECT_EQ(square_table_index(*rules, kBlue, kStandardGeometry.square(0, 0)), 3u);
  EXPECT_EQ(square_table_index(*rules, kBlue, kStandardGeometry.square(6, 8)), size_t(8 * 4 + 3));
  EXPECT_EQ(square_table_index(*rules, kRed, kStandardGeometry.square(4, 8)), 1u);
}

#ifdef JUNGLE_BINARY
// Runs `jungle ARGS` in `dir`; returns the exit status and the output.
int run_jungle(const fs::path& dir, const std::string& args, std::string& output) {
  return run_command("cd '" + dir.string() + "' && timeout 60 " + std::string(JUNGLE_BINARY) + " " +
                         args + " 2>&1",
                     output);
}

TEST(WeightsData, TuneApplyWritesTheBoardsShippedWeightsFile) {
  const fs::path dir = fs::path(testing::TempDir()) / "weights_data_apply";
  fs::remove_all(dir);
  fs::create_directories(dir / "weights");
  // A change of one weight, with the note of where it came from.
  std::ofstream(dir / "tuned.txt") << "# Texel fit over 10 positions\n# data: x.txt\ntempo = 5\n";
  std::string output;
  ASSERT_EQ(run_jungle(dir, "tune --apply tuned.txt", output), 0) << output;
  EXPECT_EQ(output, "weights written to weights/river-board.txt\n");
  EvalParams expected = default_eval_params();
  expected.tempo = 5;
  EXPECT_EQ(read_text(dir / "weights" / "river-board.txt"),
            format_eval_params(expected, {"The evaluation's weights for boards with water, "
                                          "compiled into jungle (docs/tuning.md).",
                                          "Texel fit over 10 positions", "data: x.txt"}));

  // Open boards have their own file; applying a shipped file reproduces it.
  output.clear();
  fs::copy_file(fs::path(JUNGLE_SOURCE_DIR) / "weights" / "open-board.txt", dir / "open.txt");
  ASSERT_EQ(run_jungle(dir, "tune --variant animal-checkers --apply open.txt", output), 0)
      << output;
  EXPECT_EQ(output, "weights written to weights/open-board.txt\n");
  EXPECT_EQ(read_text(dir / "weights" / "open-board.txt"), shipped_text("open-board"));

  // Away from a weights/ folder the target must be named.
  fs::remove_all(dir / "weights");
  output.clear();
  EXPECT_EQ(run_jungle(dir, "tune --apply tuned.txt", output), 2);
  EXPECT_EQ(output,
            "error: no weights/ folder here: run from the repository root or give --out FILE\n");
  // The source is no longer rewritten.
  output.clear();
  EXPECT_NE(run_jungle(dir, "tune --apply tuned.txt --write-source eval_params.h", output), 0);
  EXPECT_NE(output.find("--write-source"), std::string::npos) << output;
  fs::remove_all(dir);
}
#endif

}  // namespace
}  // namespace jungle
