// Playing hidden games: the terminal (vs the engine, hot-seat with its
// hand-over screens, the set-up of a "chosen" set), the engine's choices
// under uncertainty, and the in-process match.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <sstream>

#include "core/variants.h"
#include "game/builtin_engines.h"
#include "hidden/hidden_record.h"
#include "hidden_search/hidden_match.h"
#include "hidden_test_util.h"
#include "in_process_match_util.h"
#include "rules_test_util.h"
#include "terminal_test_util.h"
#include "ui/setup_screen.h"

namespace jungle {
namespace {

TerminalOptions hidden_options() {
  TerminalOptions o;
  o.variant = "hidden";
  return o;
}

std::string play(const TerminalOptions& options, const std::string& input, int* code = nullptr) {
  return test::play_terminal(options, input, code);
}

// The rows of the board diagrams written before `until` (or all).
std::string board_rows(const std::string& out, const std::string& until = "") {
  std::istringstream in(until.empty() ? out : out.substr(0, out.find(until)));
  std::string rows, line;
  while (std::getline(in, line)) {
    if (line.size() > 3 && line[0] >= '1' && line[0] <= '9' && line.find(" |") == 1)
      rows += line + "\n";
  }
  return rows;
}

bool has_letter_of(const std::string& rows, Side side) {
  for (char c : std::string("RCDWPTLE")) {
    if (rows.find(side == kBlue ? c : char(c - 'A' + 'a')) != std::string::npos) return true;
  }
  return false;
}

TEST(HiddenTerminal, AgainstTheEngineThePersonSeesOnlyItsView) {
  TerminalOptions o = hidden_options();
  o.movetime_ms = 5;
  o.seed = 1;
  const std::string out = play(o, "moves\nboard\npieces\nresign\n");
  const std::string before_end = board_rows(out, "Game over");
  ASSERT_FALSE(before_end.empty()) << out;
  EXPECT_FALSE(has_letter_of(before_end, kRed)) << before_end;
  EXPECT_TRUE(has_letter_of(before_end, kBlue));
  EXPECT_NE(before_end.find("9 | x . # * # . x |\n8 | . x . # . x . |\n7 | x . x . x . x |\n"),
            std::string::npos)
      << before_end;
  EXPECT_NE(out.find("Legal moves (24): "), std::string::npos);
  EXPECT_NE(out.find("a9: Rat Cat Dog Wolf Leopard Tiger Lion Elephant\n"), std::string::npos)
      << out;
  EXPECT_NE(out.find("Game over: Red wins: Blue resigned. Result 0-1\nThe truth (every animal "
                     "shown). Start: "),
            std::string::npos)
      << out;
  // At the end every animal is shown.
  EXPECT_TRUE(has_letter_of(board_rows(out.substr(out.find("Game over"))), kRed));
}

TEST(HiddenTerminal, HotSeatHandsTheDeviceOver) {
  TerminalOptions o = hidden_options();
  o.human = {true, true};
  o.seed = 2;
  const std::string out = play(o, "\nmoves\nquit\n");
  EXPECT_EQ(out.find("Pass the device to Blue (your move). Blue, press Enter when Red is not "
                     "looking.\n"),
            out.find("Pass the device"));
  // Blue's screen: Blue's letters, Red as x.
  const std::string rows = board_rows(out);
  EXPECT_FALSE(has_letter_of(rows, kRed)) << rows;
}

TEST(HiddenTerminal, HotSeatNeitherSeesTheOther) {
  TerminalOptions o = hidden_options();
  o.human = {true, true};
  o.seed = 2;
  // Blue moves a front piece forward, then Red's screen comes.
  std::string out = play(o, "\nmoves\nquit\n");
  const size_t at = out.find("Legal moves (25): ");
  ASSERT_NE(at, std::string::npos) << out;
  const std::string first = out.substr(at + 18, 4);
  out = play(o, "\n" + first + "\n\nboard\nquit\n");
  const size_t red_turn = out.find("Pass the device to Red (your move)");
  ASSERT_NE(red_turn, std::string::npos) << out;
  const std::string red_rows = board_rows(out.substr(red_turn));
  EXPECT_FALSE(has_letter_of(red_rows, kBlue)) << red_rows;
  EXPECT_TRUE(has_letter_of(red_rows, kRed)) << red_rows;
  EXPECT_NE(out.find("Blue moves "), std::string::npos) << out;  // told what Blue did
}

TEST(HiddenTerminal, ChosenSetUpAndSave) {
  TerminalOptions o;
  o.variant = "hidden-stratego";
  o.human = {true, false};
  o.movetime_ms = 5;
  o.seed = 3;
  const std::filesystem::path file =
      std::filesystem::temp_directory_path() / "jungle_hidden_terminal.pgn";
  o.save_file = file.string();
  const std::string out = play(o,
                               "set a1=L g1=T b2=D f2=C a3=R c3=W e3=P g3=E\nswap a1 g1\n"
                               "swap a1 d5\ndone\nresign\n");
  EXPECT_NE(out.find("Blue, arrange your animals"), std::string::npos) << out;
  EXPECT_NE(out.find("error: d5 holds none of Blue's animals"), std::string::npos) << out;
  EXPECT_NE(out.find("3 | R . W . P . E |\n2 | . D . # . C . |\n1 | T . # * # . L |\n"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("Saved the game to " + file.string() + ".\n"), std::string::npos) << out;
  std::ifstream in(file);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto records = hidden::read_hidden_records(text);
  ASSERT_EQ(records.size(), 1u);
  ASSERT_TRUE(records[0].game.has_value());
  EXPECT_EQ(records[0].game->start().piece_on(test::sq("a1")), make_piece(kBlue, kTiger));
  EXPECT_EQ(records[0].tag("Termination"), "resignation");
  std::filesystem::remove(file);
}

// `flip` turns the view around (Red's end at the bottom) as it does the
// open game's board; the animals Blue has not been shown stay x. `level`
// and `skill` set the engine's Skill Level.
TEST(HiddenTerminal, FlipTurnsTheViewAroundAndLevelsAreTheEngines) {
  TerminalOptions o = hidden_options();
  o.movetime_ms = 5;
  o.seed = 1;
  const std::string out = play(o, "flip\nlevel 3\nskill 5\nquit\n");
  // The levels are the engine's Skill Level, as in every family.
  EXPECT_NE(out.find("Engine strength: Level 3 · casual.\nEngine strength: skill 5.\n"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("  +---------------+\n"
                     "1 | R . # * # . C |\n"
                     "2 | . D . # . P . |\n"
                     "3 | L . W . E . T |\n"
                     "4 | . ~ ~ . ~ ~ . |\n"
                     "5 | . ~ ~ . ~ ~ . |\n"
                     "6 | . ~ ~ . ~ ~ . |\n"
                     "7 | x . x . x . x |\n"
                     "8 | . x . # . x . |\n"
                     "9 | x . # * # . x |\n"
                     "  +---------------+\n"
                     "    g f e d c b a\n"
                     "Blue to move (Human).\n"),
            std::string::npos)
      << out;
}

// The set-up screen asks the game whether it has a set-up to choose, so a
// game of any family without one passes through it untouched: nothing
// read, nothing written, no start chosen.
TEST(HiddenTerminal, TheSetUpScreenAsksTheGameWhetherItHasASetUp) {
  SetupScreen screen;
  screen.person = {true, true};
  int lines_read = 0;
  screen.read_line = [&lines_read](std::string&) {
    ++lines_read;
    return false;
  };
  screen.hand_over = [](Side) {};
  std::mt19937_64 rng(1);
  for (const char* variant : {"standard", "flip", "flip-fixed", "hidden"}) {
    std::ostringstream out;
    EXPECT_EQ(choose_setup(variant, screen, rng, out), "") << variant;
    EXPECT_EQ(out.str(), "") << variant;
  }
  EXPECT_EQ(lines_read, 0);
  std::ostringstream out;
  EXPECT_NE(choose_setup("hidden-stratego", screen, rng, out), "");
  EXPECT_EQ(lines_read, 2);  // each side's screen, ended by the input's end
}

TEST(HiddenTerminal, BadInputIsExplained) {
  TerminalOptions o = hidden_options();
  o.movetime_ms = 5;
  o.seed = 1;
  const std::string out = play(o, "a1a3\nzz\nd9d8\nquit\n");
  EXPECT_NE(out.find("Refused: 'a1a3' may not be tried: a"), std::string::npos) << out;
  EXPECT_NE(out.find("Refused: 'zz' is not a move: write its from- and to-square (\"e3e4\")\n"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("Refused: 'd9d8' may not be tried: no piece on d9\n"), std::string::npos)
      << out;
  int code = 0;
  TerminalOptions bad = hidden_options();
  bad.variant = "no-such-rules";
  EXPECT_NE(play(bad, "", &code).find("error: "), std::string::npos);
  EXPECT_EQ(code, 2);
}

// What a hidden game gains from the one terminal: a hint from the engine,
// which sees only the person's view; `fen` as the person sees it, never the
// truth; undo of the person's try with the engine's reply; and load of the
// arbiter's record, where a player's record, which holds only its view,
// cannot go on.
TEST(HiddenTerminal, HintFenUndoAndLoad) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path();
  const std::string arbiter = (dir / "jungle_hidden_arbiter.pgn").string();
  const std::string view = (dir / "jungle_hidden_view.pgn").string();
  TerminalOptions o = hidden_options();
  o.movetime_ms = 5;
  o.seed = 1;
  o.save_file = arbiter;
  const std::string out = play(o, "fen\nhint\na3a4\nsave " + view + "\nundo\na3a4\nquit\n");
  // Seed 1's set-up: Red's animals are x to Blue.
  EXPECT_NE(out.find("\nx5x/1x3x1/x1x1x1x/7/7/7/T1E1W1L/1P3D1/C5R w 0 1 rcdwptle\n"),
            std::string::npos)
      << out;
  EXPECT_EQ(out.find("d5l/1e3c1/p1t1r1w"), std::string::npos) << out;  // the truth
  const size_t hint = out.find("Hint: ");
  ASSERT_NE(hint, std::string::npos) << out;
  EXPECT_EQ(out.substr(hint + 10, 13), " (evaluation ") << out;
  EXPECT_NE(out.find("Human plays 1. a3a4: Blue moves a3 to a4 (a3a4)\n"), std::string::npos)
      << out;
  EXPECT_NE(out.find("jungle engine, Level 8 · full strength plays 1... "), std::string::npos)
      << out;
  EXPECT_NE(out.find("Saved Blue's view of the game to " + view + ".\n"), std::string::npos) << out;
  EXPECT_NE(out.find("Took back 2 moves.\n"), std::string::npos) << out;
  EXPECT_NE(out.find("Saved the game to " + arbiter + ".\n"), std::string::npos) << out;

  o.save_file.clear();
  const std::string loaded = play(o, "load " + view + "\nload " + arbiter + "\nfen\nquit\n");
  EXPECT_NE(loaded.find("error: " + view +
                        " holds Blue's view, not the whole game: only the arbiter's record of a "
                        "game can go on\n"),
            std::string::npos)
      << loaded;
  EXPECT_NE(loaded.find("Loaded game 1 of " + arbiter + " (2 plies).\n"), std::string::npos)
      << loaded;
  EXPECT_NE(loaded.find("Last move 1... "), std::string::npos) << loaded;
  EXPECT_NE(loaded.find("; Blue to move (Human).\n"), std::string::npos) << loaded;
  EXPECT_EQ(loaded.find("d5l/1e3c1/p1t1r1w"), std::string::npos) << loaded;
  std::filesystem::remove(arbiter);
  std::filesystem::remove(view);
}

TEST(HiddenEngine, AvoidsAGambleThatLosesOnAverage) {
  // A Blue Cat on d5 beside a Red piece that is the Rat in one arrangement
  // in three (Red has a Rat, a Lion and a Tiger): attacking it loses the
  // Cat twice in three. Blue is ahead, so the Cat matters: the engine
  // steps back, where the sampler, whose one world may put the Rat there,
  // would take the gamble.
  const RuleSetPtr rules = test::hidden_rules();
  hidden::HiddenGame game = test::hidden_game_at("t5l/7/7/3r3/3C3/7/7/7/TL4E w 0 1", rules);
  hidden::HiddenLimits limits;
  limits.depth = 4;
  // Both methods: the tree (the default) and the worlds.
  for (const hidden::HiddenMethod method :
       {hidden::HiddenMethod::kTree, hidden::HiddenMethod::kWorlds}) {
    hidden::HiddenSearchOptions options;
    options.method = method;
    hidden::HiddenSearcher searcher(options);
    const hidden::HiddenSearchResult r = searcher.search(game.view(kBlue), limits);
    EXPECT_NE(rules->geometry().move_text(r.best), "d5d6");
    bool valued = false;
    for (const hidden::MoveValue& v : r.candidates) {
      if (rules->geometry().move_text(v.move) == "d5d6") {
        EXPECT_LT(v.expected, r.expected);
        valued = true;
      }
    }
    if (method == hidden::HiddenMethod::kTree) {
      EXPECT_TRUE(valued);
    }
    // As many worlds as arrangements of three animals; the tree weighs them all.
    EXPECT_EQ(r.worlds, 6);
  }
  int gambles = 0;
  for (uint64_t seed = 1; seed <= 12; ++seed) {
    hidden::HiddenSearchOptions options;
    options.seed = seed;
    hidden::HiddenSearcher sampler(options);
    gambles += rules->geometry().move_text(
                   sampler.search_one_world(game.view(kBlue), limits).best) == "d5d6";
  }
  EXPECT_GT(gambles, 0);
}

TEST(HiddenEngine, TakesAWinThatHoldsInEveryWorld) {
  // Blue's Lion beside Red's den: entering wins whatever Red has.
  hidden::HiddenGame game =
      test::hidden_game_at("t1L4/7/l6/7/7/7/7/7/6E w 0 1", test::hidden_rules());
  hidden::HiddenSearcher searcher;
  hidden::HiddenLimits limits;
  limits.depth = 3;
  const hidden::HiddenSearchResult r = searcher.search(game.view(kBlue), limits);
  EXPECT_EQ(game.rule_set().geometry().move_text(r.best), "c9d9");
}

// The greedy player's move from Blue's view of `game` with its generator seeded `seed`.
std::string greedy_move(const hidden::HiddenGame& game, uint64_t seed) {
  return game.rule_set().geometry().move_text(hidden::greedy_player(seed)(game.view(kBlue)));
}

TEST(HiddenMatch, TheGreedyPlayerTakesTheMostValuableCapture) {
  // Every animal known (a fixed set-up): Blue's Elephant on d5 may take
  // the Tiger on d6 or the Cat on d4.
  const hidden::HiddenGame game = test::hidden_game_at(
      "6l/7/7/3t3/3E3/3c3/7/7/R6 w 0 1",
      test::hidden_rules(HiddenReveal::kBoth, FailedAttack::kAttackerDies, HiddenSetup::kFixed));
  for (uint64_t seed = 1; seed <= 10; ++seed) EXPECT_EQ(greedy_move(game, seed), "d5d6");
}

TEST(HiddenMatch, TheGreedyPlayerEntersTheDenBeforeTakingAPiece) {
  const hidden::HiddenGame game = test::hidden_game_at(
      "r6/3Lt2/7/7/7/7/7/7/6E w 0 1",
      test::hidden_rules(HiddenReveal::kBoth, FailedAttack::kAttackerDies, HiddenSetup::kFixed));
  for (uint64_t seed = 1; seed <= 10; ++seed) EXPECT_EQ(greedy_move(game, seed), "d8d9");
}

TEST(HiddenMatch, TheGreedyPlayerBreaksTiesAtRandom) {
  // The start: no try gains anything, so its seed picks among them all.
  const RuleSetPtr rules =
      test::hidden_rules(HiddenReveal::kBoth, FailedAttack::kAttackerDies, HiddenSetup::kFixed);
  const hidden::HiddenGame game(Position::from_fen(rules->rules().start_fen, rules), "x-hidden");
  std::set<std::string> chosen;
  for (uint64_t seed = 1; seed <= 20; ++seed) chosen.insert(greedy_move(game, seed));
  EXPECT_GE(chosen.size(), 8u);
}

TEST(HiddenMatch, TheGreedyPlayerTrustsItsOneWorld) {
  // Blue's Cat beside a Red piece that is the Rat in one arrangement in
  // three (Red has a Rat, a Lion and a Tiger). The Cat takes it exactly
  // when the world it draws (the first draw of its generator) puts the Rat
  // there; otherwise it makes one of its quiet moves: under attacker_dies
  // the attack would cost the Cat, and a refusal is worth less than a step.
  for (const FailedAttack failed : {FailedAttack::kAttackerDies, FailedAttack::kRefused}) {
    const hidden::HiddenGame game = test::hidden_game_at(
        "t5l/7/7/3r3/3C3/7/7/7/TL4E w 0 1",
        test::hidden_rules(HiddenReveal::kBoth, failed, HiddenSetup::kShuffled));
    const hidden::PlayerView& view = game.view(kBlue);
    const Square d6 = game.rule_set().geometry().parse_square("d6");
    int gambles = 0;
    for (uint64_t seed = 1; seed <= 30; ++seed) {
      std::mt19937_64 rng(seed);
      const Position world = view.determinize(view.sample_arrangement(rng));
      const bool rat = world.piece_on(d6) == make_piece(kRed, kRat);
      const std::string move = greedy_move(game, seed);
      EXPECT_EQ(move == "d5d6", rat) << "seed " << seed << ": " << move;
      gambles += rat;
    }
    // Both kinds of world came up.
    EXPECT_GT(gambles, 0);
    EXPECT_LT(gambles, 30);
  }
}

TEST(HiddenMatch, PlaysGamesBetweenPlayers) {
  const RuleSetPtr rules = load_variant("hidden");
  hidden::HiddenLimits limits;
  limits.depth = 1;
  game::Limits per_move;
  per_move.depth = 1;
  const test::InProcessMatch r = test::play_in_process(
      "hidden", [&] { return test::family_engine_at("hidden", per_move); },
      [&] { return game::hidden_player_engine(rules, hidden::random_player(5)); }, 2, 1);
  EXPECT_EQ(r.result.games, 2);
  ASSERT_EQ(r.games.size(), 2u);
  for (const match::GameOutcome& g : r.games) EXPECT_TRUE(g.state->over());
  const test::InProcessMatch c = test::play_in_process(
      "hidden", [&] { return game::hidden_cheater_engine(rules, limits); },
      [&] { return game::hidden_player_engine(rules, hidden::sampler_player(limits, 2)); }, 2, 3);
  EXPECT_EQ(c.result.games, 2);
  EXPECT_TRUE(c.result.incident_log.empty());
}

}  // namespace
}  // namespace jungle
