// `jungle puzzles generate` as a player runs it: puzzles from the site's own
// finished games, read from the store that `jungle serve --db` writes, and
// the games that make no puzzles refused with the reason.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "pg_test_server.h"
#include "run_command_util.h"
#include "test_folder.h"
#include "web/store/open_game_store.h"
#include "web/store/sqlite_game_store.h"

namespace jungle {
namespace {

// The binary's standard output, its standard error in `errors` and its exit
// status in `status`.
std::string generate(const web::TestFolder& folder, const std::string& args, std::string& errors,
                     int& status) {
  const std::filesystem::path err = folder.path() / "stderr.txt";
  std::string out;
  status = run_command(
      std::string(JUNGLE_BINARY) + " puzzles generate " + args + " 2>" + err.string(), out);
  std::ifstream in(err);
  std::stringstream text;
  text << in.rdbuf();
  errors = text.str();
  return out;
}

web::StoredGame stored(const std::string& variant, const std::string& fen, const std::string& moves,
                       const std::string& result) {
  web::StoredGame g;
  g.variant = variant;
  g.start_fen = fen;
  g.moves = moves;
  g.ply_count = int(std::count(moves.begin(), moves.end(), ' ') + (moves.empty() ? 0 : 1));
  g.blue = g.red = R"({"type":"human"})";
  g.result = result;
  g.termination = result == "*" ? "" : result == "aborted" ? "aborted" : "den";
  return g;
}

// Fills `store` with the hand-set game of puzzle_generator_test.cpp (Blue
// could enter Red's den at once but steps aside, and Red's Elephant walks
// into Blue's den) and, around it, games that are not read: one still played
// (its puzzle would help a player in it), an aborted one, and one of another
// rule set. Answers the finished game's id.
int64_t store_games(web::GameStore& store) {
  web::StoredGame playing = stored("standard", "4W2/7/7/7/7/7/7/3e3/7 w 0 1", "e9e8", "*");
  store.insert(playing);
  web::StoredGame game = stored("standard", "4W2/7/7/7/7/7/7/3e3/7 w 0 1", "e9e8 d2d1", "0-1");
  store.insert(game);
  web::StoredGame aborted = stored("standard", "7/4W2/7/7/7/7/7/3e3/7 b 1 1", "", "aborted");
  store.insert(aborted);
  web::StoredGame other = stored("academic", "4W2/7/7/7/7/7/7/3e3/7 w 0 1", "e9e8 d2d1", "0-1");
  store.insert(other);
  return game.id;
}

// Runs the generator on the store `spec` filled by store_games, and expects
// the finished game's two puzzles, found in its two positions alone.
void expect_the_games_puzzles(const web::TestFolder& folder, const std::string& spec,
                              int64_t finished) {
  std::string errors;
  int status = -1;
  const std::string out = generate(
      folder, "--store " + spec + " --games 0 --nodes 2000 --depth 6 --quiet", errors, status);
  ASSERT_EQ(status, 0) << errors;
  const std::string source = "store game " + std::to_string(finished);
  EXPECT_EQ(out,
            R"({"id":"7bd498f5fcb3","variant":"standard","fen":"4W2/7/7/7/7/7/7/3e3/7 w 0 1",)"
            R"("goal":"win","solution":["e9d9"],"themes":["den-attack","endgame"],"rating":1000,)"
            R"("depth":1,"source":")" +
                source +
                R"( ply 0"})"
                "\n"
                R"({"id":"1f06361c3c73","variant":"standard","fen":"7/4W2/7/7/7/7/7/3e3/7 b 1 1",)"
                R"("goal":"win","solution":["d2d1"],"themes":["den-attack","endgame"],)"
                R"("rating":1000,"depth":1,"source":")" +
                source +
                R"( ply 1"})"
                "\n");
  // The one finished game's two positions before its end, and nothing else.
  EXPECT_NE(errors.find("positions examined: 2 (0 self-play games, 0 record games, 1 stored "
                        "games)\ncandidates: 2 (0 duplicates left out)\nverified puzzles: 2 "),
            std::string::npos)
      << errors;
}

TEST(PuzzlesCommandTest, TheSitesFinishedGamesBecomePuzzles) {
  const web::TestFolder folder("puzzles-store");
  const std::filesystem::path db = folder.path() / "games.db";
  int64_t finished = 0;
  {
    web::SqliteGameStore store(db);
    finished = store_games(store);
  }
  expect_the_games_puzzles(folder, db.string(), finished);

  // A store that is not there is said so, not created and read as empty.
  std::string errors;
  int status = -1;
  const std::string missing = (folder.path() / "nowhere.db").string();
  EXPECT_EQ(generate(folder, "--store " + missing + " --games 0", errors, status), "");
  EXPECT_EQ(status, 2);
  EXPECT_EQ(errors, "error: " + missing +
                        ": no such file (a store is the file that jungle serve --db writes)\n");
  EXPECT_FALSE(std::filesystem::exists(missing));
}

#ifdef JUNGLE_HAS_POSTGRES
// The same from a PostgreSQL store, named by its URL as `jungle serve --db`
// takes it.
TEST(PuzzlesCommandTest, TheFinishedGamesOfAPostgresqlStoreBecomePuzzles) {
  JUNGLE_NEED_POSTGRES(pg);
  const web::TestFolder folder("puzzles-pg-store");
  const std::string url = pg->new_database("puzzles");
  const int64_t finished = store_games(*web::open_game_store(url));
  expect_the_games_puzzles(folder, url, finished);
}
#endif

// Flip Jungle and hidden pieces make no puzzles: the refusal says so, and
// why, asked of the game interface (it used to be "unknown rule set 'flip'"
// for Flip Jungle, whose sets are no rule sets of the open game's loader).
TEST(PuzzlesCommandTest, FlipJungleAndHiddenPiecesAreRefusedWithTheReason) {
  const web::TestFolder folder("puzzles-refused");
  std::string errors;
  int status = -1;
  EXPECT_EQ(generate(folder, "--variant flip --games 1", errors, status), "");
  EXPECT_EQ(status, 2);
  EXPECT_EQ(errors,
            "error: 'flip' is a game of Flip Jungle, which has no puzzles: a puzzle is the one "
            "winning line that a search proves, and in this game pieces are turned face up by "
            "chance, so no line can be proven to win\n");
  EXPECT_EQ(generate(folder, "--variant hidden --games 1", errors, status), "");
  EXPECT_EQ(status, 2);
  EXPECT_EQ(errors,
            "error: 'hidden' is a game of Jungle with hidden pieces, which has no puzzles: a "
            "puzzle shows the whole board, and this game hides pieces from the player who would "
            "solve it\n");
}

}  // namespace
}  // namespace jungle
