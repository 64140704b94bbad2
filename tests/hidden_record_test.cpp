// Hidden games' records (docs/hidden.md, "Records"): the arbiter's record
// and each player's round trip, what a player's record may hold, errors
// that say where and why, and `jungle pgn` on them.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>

#include "core/variants.h"
#include "hidden/hidden_record.h"
#include "hidden/setup.h"
#include "run_command_util.h"

namespace jungle {
namespace {

using hidden::HiddenGame;
using hidden::PlayerView;

HiddenGame random_game(const std::string& variant, uint64_t seed, int plies) {
  const RuleSetPtr rules = load_variant(variant);
  std::mt19937_64 rng(seed);
  HiddenGame game(hidden::default_start(rules, rng), variant);
  for (int i = 0; i < plies && !game.over(); ++i) {
    const MoveList tries = game.view(game.side_to_move()).legal_moves();
    game.play(tries[int(rng() % uint64_t(tries.size()))]);
  }
  return game;
}

std::string error_of(const std::string& text) {
  try {
    hidden::read_hidden_records(text);
  } catch (const RecordError& e) {
    return e.what();
  }
  return "";
}

TEST(HiddenRecords, TheArbitersRecordRoundTrips) {
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    const HiddenGame game = random_game(seed % 2 ? "hidden" : "hidden-stratego", seed, 400);
    const std::string text = hidden::write_hidden_record(game, {{"Event", "test"}});
    const std::vector<hidden::HiddenRecord> back = hidden::read_hidden_records(text);
    ASSERT_EQ(back.size(), 1u);
    ASSERT_TRUE(back[0].game.has_value());
    EXPECT_EQ(back[0].game->start().fen(), game.start().fen());
    EXPECT_EQ(back[0].game->announcements(), game.announcements());
    EXPECT_EQ(back[0].game->result(), game.result());
    EXPECT_EQ(back[0].tag("FEN"), game.start().fen());  // the secret set-up
    EXPECT_EQ(hidden::write_hidden_record(*back[0].game, back[0].tags), text);
  }
}

// A player's name is text from outside (the web's seats): a line break in it
// must not end its tag and start another, such as a result of its choosing.
TEST(HiddenRecords, ALineBreakInATagCannotWriteAnotherTag) {
  const HiddenGame game = random_game("hidden", 1, 0);
  const std::string text = hidden::write_hidden_record(game, {{"Blue", "Ann\n[Result \"1-0\"]"}});
  EXPECT_EQ(text.substr(0, text.find('\n') + 1), "[Blue \"Ann [Result \\\"1-0\\\"]\"]\n");
  const std::vector<hidden::HiddenRecord> back = hidden::read_hidden_records(text);
  ASSERT_EQ(back.size(), 1u);
  EXPECT_EQ(back[0].tag("Result"), "*");
  EXPECT_EQ(back[0].tag("Blue"), "Ann [Result \"1-0\"]");
}

TEST(HiddenRecords, APlayersRecordHoldsOnlyItsView) {
  const HiddenGame game = random_game("hidden", 3, 60);
  for (hidden::Viewer v : {hidden::Viewer(kBlue), hidden::Viewer(kRed), hidden::Viewer()}) {
    const std::string text = hidden::write_view_record(game, v);
    const std::vector<hidden::HiddenRecord> back = hidden::read_hidden_records(text);
    ASSERT_EQ(back.size(), 1u);
    ASSERT_TRUE(back[0].view.has_value());
    EXPECT_EQ(back[0].view->fen(), game.view(v).fen());
    EXPECT_EQ(back[0].view->history(), game.view(v).history());
    EXPECT_EQ(back[0].tag("View"), v ? side_name(*v) : "spectator");
    // Its set-up is the view's: the other side's animals are X or x.
    EXPECT_EQ(back[0].tag("FEN"), PlayerView::of_start(game.start(), v).fen());
    if (v) {
      const std::string fen = back[0].tag("FEN");
      const std::string placement = fen.substr(0, fen.find(' '));
      for (char c : placement) {
        const bool enemy_letter =
            *v == kBlue ? (c >= 'a' && c <= 'z' && c != 'x') : (c >= 'A' && c <= 'Z' && c != 'X');
        EXPECT_FALSE(enemy_letter) << fen;
      }
    }
  }
}

TEST(HiddenRecords, AnnouncementsMustBeTheArbiters) {
  const std::string head =
      "[Result \"*\"]\n[Variant \"hidden\"]\n[FEN \"c5e/7/7/7/7/3w3/3T3/7/6R w 0 1\"]\n\n";
  EXPECT_EQ(error_of(head + "1. d3d4:took=Tw *\n"), "");
  EXPECT_EQ(error_of(head + "1. d3d4 *\n"), "");  // the arbiter's record may leave it to the rules
  EXPECT_EQ(
      error_of(head + "1. d3d4:died=Tw *\n"),
      "game 1, line 5, column 4: announcement 1 d3d4:died=Tw does not match the arbiter, which "
      "announces d3d4:took=Tw");
  EXPECT_EQ(error_of(head + "1. d3d5 *\n"),
            "game 1, line 5, column 4: announcement 1 d3d5 is not a move Blue may try: d3d5: a "
            "Tiger moves "
            "one square along a file or rank or jumps straight across a river; d3d5 is neither");
  EXPECT_EQ(error_of(head + "1. d3d4:won *\n"),
            "game 1, line 5, column 4: 'd3d4:won': unknown outcome 'won' (took, died, bounced or "
            "refused)");
  EXPECT_EQ(
      error_of(head + "1. d3d4:took=tw *\n"),
      "game 1, line 5, column 4: 'd3d4:took=tw': attacker 't' is Red's letter; the attacker is "
      "Blue's (FEN case: Blue upper, Red lower)");
  EXPECT_EQ(
      error_of("[Variant \"standard\"]\n\n1. a3a4 *\n"),
      "game 1, line 1, column 1: Variant \"standard\" does not hide pieces: a file of hidden games "
      "holds hidden games only");
}

TEST(HiddenRecords, AnErrorNamesTheColumnWhereTheBadAnnouncementBegins) {
  const std::string head =
      "[Result \"*\"]\n[Variant \"hidden\"]\n[FEN \"c5e/7/7/7/7/3w3/3T3/7/6R w 0 1\"]\n\n";
  EXPECT_EQ(error_of(head + "1. g1g2 a9a8 2. d3d5 *\n"),
            "game 1, line 5, column 17: announcement 3 d3d5 is not a move Blue may try: d3d5: a "
            "Tiger moves one square along a file or rank or jumps straight across a river; d3d5 "
            "is neither");
  int games = 0;
  const std::vector<RecordError> errors = hidden::check_hidden_records(
      head + "1. g1g2 *\n\n" + head + "1. g1g2 a9a8 2. d3d4:won *\n", &games);
  EXPECT_EQ(games, 2);
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(std::string(errors[0].what()),
            "game 2, line 11, column 17: 'd3d4:won': unknown outcome 'won' (took, died, bounced or "
            "refused)");
}

TEST(HiddenRecords, APlayersRecordMustBeExplainable) {
  const std::string head =
      "[Result \"*\"]\n[Variant \"hidden\"]\n[View \"Blue\"]\n"
      "[FEN \"x5x/7/7/7/7/3x3/3T3/7/6R w 0 1 cwe\"]\n\n";
  EXPECT_EQ(error_of(head + "1. d3d4:took=Tw *\n"), "");
  EXPECT_EQ(
      error_of(head + "1. d3d4:took=Te *\n"),
      "game 1, line 6, column 4: announcement 1 d3d4:took=Te: the Blue Tiger cannot take the Red "
      "Elephant on d4");
  EXPECT_EQ(error_of(head + "1. d3d4 *\n"),
            "game 1, line 6, column 4: announcement 1 d3d4: d4 is occupied: an attack is written "
            "with its "
            "outcome (d3d4:took, :died, :bounced or :refused)");
  EXPECT_EQ(
      error_of(head + "1. d3d4:took=?w *\n"),
      "game 1, line 6, column 4: announcement 1 d3d4:took=?w: under this rule set's reveal option "
      "the arbiter shows both animals here");
  EXPECT_EQ(
      error_of("[Variant \"hidden\"]\n[View \"Green\"]\n[FEN \"7/7/7/7/7/7/7/7/6R w\"]\n\n*\n"),
      "game 1, line 2, column 1: View \"Green\" is not \"Blue\", \"Red\" or \"spectator\"");
  EXPECT_EQ(error_of("[Variant \"hidden\"]\n[View \"Blue\"]\n\n*\n"),
            "game 1, line 2, column 1: a player's record needs its view FEN as the FEN tag");
  EXPECT_EQ(error_of("[Variant \"hidden\"]\n[View \"Red\"]\n[FEN \"x6/7/7/7/7/7/7/7/6X w 0 1\"]"
                     "\n\n*\n"),
            "game 1, line 3, column 1: FEN tag: view FEN: the viewer's own side (Red) must be "
            "written with "
            "its animals, not X/x");
}

// Issue 31: a bad tag, or a tag's bad value, is an error at the tag, as
// in the open game's records; these named the game's first token (line 1,
// column 1) before.
TEST(HiddenRecords, AnErrorInATagNamesTheTagsLineAndColumn) {
  const std::string fen = "[FEN \"c5e/7/7/7/7/3w3/3T3/7/6R w 0 1\"]\n";
  EXPECT_EQ(error_of("[Event \"e\"]\n  [Variant \"standard\"]\n\n1. a3a4 *\n"),
            "game 1, line 2, column 3: Variant \"standard\" does not hide pieces: a file of hidden "
            "games holds hidden games only");
  EXPECT_EQ(error_of("[Variant \"hidden\"]\n[Event \"e\"] [FEN \"x\"]\n\n*\n"),
            "game 1, line 2, column 13: FEN tag: FEN has 1 field; expected placement, side to "
            "move and optionally the plies since the last capture and the move number");
  EXPECT_EQ(error_of("[Variant \"hidden\"]\n" + fen + "[Termination \"bored\"]\n\n1. d3d4 *\n"),
            "game 1, line 3, column 1: Termination \"bored\" is unknown");
  EXPECT_EQ(error_of("[Variant \"hidden\"]\n" + fen + "[Result \"2-0\"]\n\n1. d3d4\n"),
            "game 1, line 3, column 1: Result \"2-0\" is not one of 1-0, 0-1, 1/2-1/2, *");
}

TEST(HiddenRecords, PgnCheckAndReplay) {
  const HiddenGame game = random_game("hidden", 9, 40);
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "jungle_hidden_pgn";
  std::filesystem::create_directories(dir);
  const std::filesystem::path truth = dir / "truth.pgn", view = dir / "view.pgn",
                              bad = dir / "bad.pgn";
  std::ofstream(truth) << hidden::write_hidden_record(game);
  std::ofstream(view) << hidden::write_view_record(game, kRed);
  std::string text = hidden::write_hidden_record(game);
  text.replace(text.find(":took"), 5, ":died");
  std::ofstream(bad) << text;
  std::string out;
  EXPECT_EQ(run_command(std::string(JUNGLE_BINARY) + " pgn check " + truth.string(), out), 0);
  EXPECT_NE(out.find("1 game ok"), std::string::npos) << out;
  out.clear();
  EXPECT_EQ(run_command(std::string(JUNGLE_BINARY) + " pgn check " + bad.string(), out), 1);
  EXPECT_NE(out.find("does not match the arbiter, which announces"), std::string::npos) << out;
  out.clear();
  EXPECT_EQ(run_command(std::string(JUNGLE_BINARY) + " pgn replay " + view.string(), out), 0);
  EXPECT_NE(out.find("Red's view"), std::string::npos) << out;
  EXPECT_NE(out.find(game.view(kRed).diagram()), std::string::npos) << out;
  out.clear();
  EXPECT_EQ(run_command(std::string(JUNGLE_BINARY) + " pgn replay " + truth.string(), out), 0);
  EXPECT_NE(out.find(game.truth().diagram()), std::string::npos) << out;
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace jungle
