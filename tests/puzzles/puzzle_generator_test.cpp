// The generator over a record file: its positions scanned, the candidates
// verified, the puzzles written with where they came from, and positions
// met again left out as duplicates.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "core/rule_set.h"
#include "puzzles/generator.h"
#include "test_folder.h"

namespace jungle::puzzles {
namespace {

TEST(PuzzleGeneratorTest, ARecordsMissedDenEntriesBecomePuzzlesOnce) {
  const web::TestFolder folder("puzzle-generator");
  // Blue could enter Red's den at once but steps aside, and Red's Elephant
  // walks into Blue's den.
  const std::filesystem::path file = folder.path() / "missed.jgn";
  std::ofstream(file) << "[Event \"hand-set\"]\n[Result \"0-1\"]\n[Variant \"standard\"]\n"
                         "[FEN \"4W2/7/7/7/7/7/7/3e3/7 w 0 1\"]\n[Termination \"den\"]\n\n"
                         "1. e9e8 1... d2d1 0-1\n";
  GeneratorOptions options;
  options.games = 0;
  options.nodes = 2000;
  options.verify.depth = 6;
  options.verify.hash_mb = 4;
  options.records = {file, file};
  std::ostringstream out;
  const GeneratorStats stats = generate(RuleSet::standard(), options, out);
  EXPECT_EQ(out.str(),
            R"({"id":"7bd498f5fcb3","variant":"standard","fen":"4W2/7/7/7/7/7/7/3e3/7 w 0 1",)"
            R"("goal":"win","solution":["e9d9"],"themes":["den-attack","endgame"],"rating":1000,)"
            R"("depth":1,"source":"record missed.jgn game 1 ply 0"})"
            "\n"
            // Red's Elephant must go in now: Blue's Wolf is two steps from Red's den.
            R"({"id":"1f06361c3c73","variant":"standard","fen":"7/4W2/7/7/7/7/7/3e3/7 b 1 1",)"
            R"("goal":"win","solution":["d2d1"],"themes":["den-attack","endgame"],"rating":1000,)"
            R"("depth":1,"source":"record missed.jgn game 1 ply 1"})"
            "\n");
  EXPECT_EQ(stats.record_games, 2);
  EXPECT_EQ(stats.positions, 4);  // two positions a game: the last one is the game's end
  EXPECT_EQ(stats.candidates, 2);
  EXPECT_EQ(stats.duplicates, 2);
  EXPECT_EQ(stats.verified, 2);
  EXPECT_TRUE(stats.rejections.empty());
  EXPECT_EQ(stats.themes.at("den-attack"), 2);
}

}  // namespace
}  // namespace jungle::puzzles
