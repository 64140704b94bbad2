#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace {

// Runs the built binary with `args`; returns what it wrote and its status.
// `prefix` goes before the binary (a `timeout` for a run that might not end).
std::string run(const std::string& args, int* status, const std::string& prefix = "") {
  const std::string command = prefix + std::string(JUNGLE_BINARY) + " " + args + " 2>&1";
  FILE* p = popen(command.c_str(), "r");
  std::string out;
  char buf[512];
  while (size_t n = fread(buf, 1, sizeof buf, p)) out.append(buf, n);
  *status = pclose(p);
  return out;
}

// FNV-1a of a text: an exact value to pin a long output by.
uint64_t fnv1a(const std::string& text) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (const unsigned char c : text) h = (h ^ c) * 0x100000001b3ULL;
  return h;
}

// `actual` is `expected` with each decimal number within one unit of its
// last printed place: the belief's means are sums of logarithms, whose last
// printed digit can round either way between compilers (the sanitizer
// build, clang, printed -0.9195 where gcc prints -0.9196). Everything else,
// the counts included, must be exact.
void expect_same_but_last_digits(const std::string& actual, const std::string& expected) {
  static const std::regex decimal(R"([-+]?[0-9]+\.[0-9]+)");
  auto numbers = [](const std::string& text) {
    std::vector<std::string> found;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), decimal);
         it != std::sregex_iterator(); ++it)
      found.push_back(it->str());
    return found;
  };
  EXPECT_EQ(std::regex_replace(actual, decimal, "#"), std::regex_replace(expected, decimal, "#"))
      << actual;
  const std::vector<std::string> got = numbers(actual), want = numbers(expected);
  ASSERT_EQ(got.size(), want.size()) << actual;
  for (size_t i = 0; i < got.size(); ++i) {
    const size_t places = want[i].size() - want[i].find('.') - 1;
    EXPECT_NEAR(std::stod(got[i]), std::stod(want[i]), 1.000001 * std::pow(10.0, -double(places)))
        << "number " << i << " of " << actual;
  }
}

// What `args` prints, pinned: its size, its hash and a line of it.
void expect_output(const std::string& args, const std::string& line, size_t size, uint64_t hash) {
  int status = 0;
  const std::string out = run(args, &status);
  EXPECT_EQ(status, 0) << args;
  EXPECT_NE(out.find(line), std::string::npos) << out;
  EXPECT_EQ(out.size(), size) << out;
  EXPECT_EQ(fnv1a(out), hash) << out;
}

TEST(FlipCli, TheAliasesPlayTheGamesTheyPlayedWithTheirOwnLoops) {
  // flip-match and hidden-match are aliases of jungle match with engines in
  // this process; their games on a seed are the ones their own game loops
  // played before (the outputs, records included, of the binary before
  // the change hash to these values), and stay so. The flip games changed
  // once since, on purpose: the flip search now keeps its node limit (300
  // nodes searched as 1,024 or more before), so the engine plays other moves.
  expect_output("flip-match --games 6 --seed 5 --verbose --records --opponent greedy --nodes 300",
                "game 1: engine won, 0-1 (all captured, 35 plies, engine first)\n", 2454,
                0xdb9fd527d7fbce39ULL);
  expect_output(
      "hidden-match --games 6 --seed 7 --verbose --records --engine cheater --opponent sampler "
      "--nodes 200",
      "game 1: cheater won, 1-0 (den, 13 plies, cheater Blue)\n", 3339, 0x3e43270b5b160ec2ULL);
  // hidden-match's engine is the protocol's (game::HiddenEngine), which
  // clears its tables at each new game as over the protocol; its own
  // searcher kept them from game to game. Each move is the same search as
  // before (with the tables kept, every record of the comparison runs was
  // byte-identical), so games 1 and 2 are as before; game 3, played with
  // other tables, was a win in 187 plies. They changed twice since, on
  // purpose: the engine's belief also reads the enemy's pieces that stood
  // still beside its own (docs/hidden.md), and (session 22) it reads them
  // by the guessing model, the reading taking half the move's nodes at
  // most, so it plays other moves (the averaged model, the default until
  // then, too: its reading is held to half the nodes as well). Since
  // session 24 the tree leaves out animals below 2% (Least Share): the
  // default's three games stayed as they were, the second match's changed.
  expect_output(
      "hidden-match --games 3 --seed 2 --opponent sampler --nodes 500 --verbose --records",
      "game 1: engine lost, 0-1 (den, 218 plies, engine Blue)\n", 2760, 0xd5b652cfeb4e9362ULL);
  expect_output(
      "hidden-match --games 3 --seed 2 --opponent sampler --nodes 500 --verbose --records "
      "--read-worlds 0 --read-temperature 100",
      "game 1: engine drew, 1/2-1/2 (repetition, 60 plies, engine Blue)\n", 2273,
      0x88432f9438b79247ULL);
}

TEST(FlipCli, HiddenMatchScoresTheFirstPlayersBeliefOnTheSameGames) {
  // --belief-stats: the engine's belief of the sampler's animals before
  // each of its moves, under its own reading (the guessing model's
  // default since session 22, 20:0.2:8), the deductions alone and each
  // --belief-reading (the last with the enemy's learnt activity at power
  // 0.5), on the games played (the same as without it); then how often
  // each of the sampler's animals moved while the engine did not know it
  // (what the reading's learnt activity is fitted to), in all and by where
  // each move took the piece.
  int status = 0;
  const std::string out =
      run("hidden-match --games 2 --seed 2 --opponent sampler --nodes 500 --belief-stats "
          "--belief-reading 100:0.2:4 --belief-reading 20:0.2:8:0.5",
          &status);
  EXPECT_EQ(status, 0);
  expect_same_but_last_digits(
      out,
      "Hidden pieces (hidden): engine (500 nodes a move) against sampler, 2 games\n"
      "W 0 D 0 L 2, score 0.000 +- 0.000 (95%)\n"
      "belief 20:0.2:8: 113 positions, 603 pieces, mean log p -2.6030, mean p 0.2744, "
      "brier 0.9116, model nodes a move 1249\n"
      "belief deductions alone: 113 positions, 603 pieces, mean log p -1.6890, mean p "
      "0.1881, brier 0.8119, model nodes a move 0, log p against the first +0.9140 +- "
      "0.1990\n"
      "belief 100:0.2:4: 113 positions, 603 pieces, mean log p -2.1502, mean p 0.1938, "
      "brier 0.9353, model nodes a move 623, log p against the first +0.4528 +- 0.0917\n"
      "belief 20:0.2:8:0.5: 113 positions, 603 pieces, mean log p -1.9730, mean p 0.3590, "
      "brier 0.7822, model nodes a move 1249, log p against the first +0.6300 +- 0.1103\n"
      "enemy activity: R 0.39 C 0.10 D 1.05 W 1.62 P 2.24 T 2.86 L 1.23 E 1.96 (101 moves of "
      "unknown pieces)\n"
      "  beside: R 0.77 C 0.29 D 0.29 W 0.59 P 2.29 T 2.91 L 1.30 E 1.32 (13 moves)\n"
      "  closer: R 0.65 C 0.13 D 1.43 W 1.82 P 1.62 T 0.80 L 0.52 E 2.40 (36 moves)\n"
      "  level: R 0.24 C 0.24 D 0.24 W 0.96 P 0.86 T 1.00 L 3.36 E 1.00 (16 moves)\n"
      "  farther: R 0.30 C 0.23 D 1.37 W 1.95 P 2.07 T 1.78 L 0.59 E 0.79 (36 moves)\n");
  EXPECT_EQ(run("hidden-match --games 2 --seed 2 --opponent sampler --nodes 500", &status),
            out.substr(0, out.find("belief ")));
  const std::string bad =
      run("hidden-match --games 2 --belief-stats --belief-reading 100:x", &status);
  EXPECT_NE(status, 0);
  EXPECT_NE(bad.find("--belief-reading: reading '100:x': the uniform share 'x' is not a number\n"),
            std::string::npos)
      << bad;
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

TEST(FlipCli, PerftAtDepthZeroCountsTheRootInEveryFamily) {
  // Every family counts through the game interface: at depth 0 the position
  // is the one leaf, and --divide has no root action to show it under
  // (Flip Jungle's own loop once recursed below depth 0 here and never
  // ended; `timeout` turns that into a failure).
  for (const char* variant : {"standard", "flip", "hidden"}) {
    int status = 0;
    const std::string v = std::string(" --variant ") + variant;
    EXPECT_NE(run("perft 0" + v, &status).find("Nodes searched: 1\n"), std::string::npos) << v;
    EXPECT_EQ(status, 0) << v;
    const std::string divide = run("perft 0 --divide" + v, &status, "timeout 20 ");
    EXPECT_EQ(status, 0) << v;
    EXPECT_NE(divide.find("Nodes searched: 0\n"), std::string::npos) << v << ": " << divide;
  }
  int status = 0;
  // The arbiter's tree of a hidden set (docs/perft.md), and its bad input.
  EXPECT_NE(run("perft 3 --variant hidden", &status).find("Nodes searched: 12240\n"),
            std::string::npos);
  EXPECT_EQ(run("perft 2 --variant flip --moves b2?", &status),
            "error: move 1: b2? is not legal here\n");
  EXPECT_NE(status, 0);
}

TEST(FlipCli, FlipMatchJudgesGamesByTheEndgameTables) {
  // At a fixed depth the games are the same on any machine: a draw the
  // tables call lost for the engine when they first hold it (it held the
  // draw), two they call drawn, and a win.
  int status = 0;
  const std::string out =
      run("flip-match --opponent careful --games 4 --depth 2 --tables 4 --verbose", &status);
  EXPECT_EQ(status, 0);
  EXPECT_NE(out.find("game 2: engine drew, 1/2-1/2 (repetition, 78 plies, engine second)\n"
                     "  tables: last flip at ply 42 (6 animals); at ply 50 (4 animals) the engine "
                     "draws\n"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("W 1 D 3 L 0, score 0.625 +- 0.245 (95%)\n"
                     "Endgame tables (every tile up, at most 4 animals) at the first position "
                     "after the last flip that they hold:\n"
                     "  engine won 1: the tables say it wins 1, draws 0, loses 0 (1 of these right "
                     "after the last flip); ended with tiles face down 0, never within the tables "
                     "0\n"
                     "  engine drew 3: the tables say it wins 0, draws 2, loses 1 (1 of these "
                     "right after the last flip); ended with tiles face down 0, never within the "
                     "tables 0\n"),
            std::string::npos)
      << out;
  EXPECT_NE(run("flip-match --tables 7", &status).find("--tables"), std::string::npos);
  EXPECT_NE(status, 0);
}

TEST(FlipCli, FlipMatchPlaysTheSeerOnDealtTiles) {
  // The seer at a fixed depth: the same games, record for record, on each run.
  int status = 0;
  const std::string args =
      "flip-match --engine seer --opponent careful --games 2 --depth 2 --seed 3 --verbose "
      "--records";
  const std::string out = run(args, &status);
  EXPECT_EQ(status, 0);
  EXPECT_EQ(out.find("Flip Jungle (flip): seer (depth 2, every face-down tile known) against "
                     "careful, 2 games, the tiles dealt at each game's start\n"),
            0u)
      << out;
  EXPECT_NE(out.find("game 2: seer "), std::string::npos) << out;
  EXPECT_EQ(run(args, &status), out);
  // The engine on dealt tiles; the greedy player as the first player.
  EXPECT_EQ(run("flip-match --dealt --games 2 --depth 1", &status)
                .find("Flip Jungle (flip): engine (depth 1) against greedy, 2 games, the tiles "
                      "dealt at each game's start\n"),
            0u);
  EXPECT_EQ(run("flip-match --engine greedy --games 2", &status)
                .find("Flip Jungle (flip): greedy (one ply) against greedy, 2 games\n"),
            0u);
  EXPECT_NE(run("flip-match --engine oracle", &status).find("--engine"), std::string::npos);
  EXPECT_NE(status, 0);
}

TEST(FlipCli, FlipMatchPlaysTheEngineAgainstItselfAtAnotherBudget) {
  // The in-process match `jungle match --variant flip` is checked against:
  // the opponent is the search at its own node budget.
  int status = 0;
  const std::string out = run(
      "flip-match --opponent engine --nodes 300 --opponent-nodes 50 --games 2 --dealt", &status);
  EXPECT_EQ(status, 0);
  EXPECT_EQ(out.find("Flip Jungle (flip): engine (300 nodes a move) against engine (50 nodes a "
                     "move), 2 games, the tiles dealt at each game's start\n"),
            0u)
      << out;
  EXPECT_NE(out.find(", score "), std::string::npos) << out;
  const std::string hidden =
      run("hidden-match --opponent engine --nodes 300 --opponent-nodes 50 --games 2", &status);
  EXPECT_EQ(status, 0);
  EXPECT_EQ(hidden.find("Hidden pieces (hidden): engine (300 nodes a move) against engine (50 "
                        "nodes a move), 2 games\n"),
            0u)
      << hidden;
}

// An alias's --verbose --records output, game by game: each game's line
// ("game 1: engine won, ...") and its record.
std::vector<std::string> games_in(const std::string& out) {
  std::vector<std::string> games;
  for (size_t at = out.find("game 1: "); at != std::string::npos;) {
    const size_t next = out.find("\ngame ", at);
    games.push_back(out.substr(at, next == std::string::npos ? std::string::npos : next - at));
    at = next == std::string::npos ? next : next + 1;
  }
  return games;
}

// What each flip of a Flip Jungle record revealed, by square ("b2?=L").
std::map<std::string, char> revealed(const std::string& record) {
  std::map<std::string, char> out;
  const std::regex flip("([a-d][1-8])\\?=([A-Za-z])");
  for (auto it = std::sregex_iterator(record.begin(), record.end(), flip);
       it != std::sregex_iterator(); ++it)
    out[(*it)[1]] = (*it)[2].str()[0];
  return out;
}

// Whether two flip games revealed the same animal on every square both
// flipped, and flipped a square in common.
bool same_deal(const std::string& a, const std::string& b) {
  const std::map<std::string, char> first = revealed(a), second = revealed(b);
  int common = 0;
  for (const auto& [square, animal] : first) {
    const auto it = second.find(square);
    if (it == second.end()) continue;
    if (it->second != animal) return false;
    ++common;
  }
  return common > 0;
}

// The [FEN "..."] tag of a record: a hidden game's set-up.
std::string fen_of(const std::string& record) {
  const size_t at = record.find("[FEN \"");
  return at == std::string::npos ? "" : record.substr(at, record.find('\n', at) - at);
}

TEST(FlipCli, PairedAliasesPlayEachDealTwiceWithColoursSwapped) {
  // --paired: jungle match's sampler (match/chance.h PairedDeals) in the
  // aliases: games 2k and 2k+1 share their deal (flip) or set-up (hidden),
  // the first player's colour swapped; the next pair has another.
  int status = 0;
  const std::vector<std::string> flip = games_in(
      run("flip-match --paired --games 4 --seed 3 --depth 1 --verbose --records", &status));
  EXPECT_EQ(status, 0);
  ASSERT_EQ(flip.size(), 4u);
  for (size_t k = 0; k < 4; ++k) {
    EXPECT_NE(flip[k].find(k % 2 ? ", engine second)" : ", engine first)"), std::string::npos)
        << flip[k];
  }
  EXPECT_TRUE(same_deal(flip[0], flip[1])) << flip[0] << flip[1];
  EXPECT_TRUE(same_deal(flip[2], flip[3])) << flip[2] << flip[3];
  EXPECT_FALSE(same_deal(flip[0], flip[2])) << flip[0] << flip[2];

  const std::vector<std::string> hidden =
      games_in(run("hidden-match --paired --games 4 --seed 3 --opponent random --depth 1 --verbose "
                   "--records",
                   &status));
  EXPECT_EQ(status, 0);
  ASSERT_EQ(hidden.size(), 4u);
  for (size_t k = 0; k < 4; ++k) {
    EXPECT_NE(hidden[k].find(k % 2 ? ", engine Red)" : ", engine Blue)"), std::string::npos)
        << hidden[k];
  }
  EXPECT_FALSE(fen_of(hidden[0]).empty()) << hidden[0];
  EXPECT_EQ(fen_of(hidden[0]), fen_of(hidden[1]));
  EXPECT_EQ(fen_of(hidden[2]), fen_of(hidden[3]));
  EXPECT_NE(fen_of(hidden[0]), fen_of(hidden[2]));
  // Without --paired each game draws its own set-up from one stream.
  const std::vector<std::string> stream = games_in(run(
      "hidden-match --games 2 --seed 3 --opponent random --depth 1 --verbose --records", &status));
  ASSERT_EQ(stream.size(), 2u);
  EXPECT_NE(fen_of(stream[0]), fen_of(stream[1]));
}

// The moves of each game in a text of records (an alias's --records
// output, or a `jungle match --pgn` file), in order: tags, comments, move
// numbers, results and an alias's own lines left out.
std::vector<std::string> moves_of(const std::string& records) {
  std::vector<std::string> games;
  std::istringstream lines(std::regex_replace(records, std::regex("\\{[^}]*\\}"), ""));
  const std::regex skipped("[0-9]+\\.+|1-0|0-1|1/2-1/2|\\*");
  // A record's tags, then its moves up to the first empty line.
  enum class Part { kOutside, kTags, kMoves } part = Part::kOutside;
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("[", 0) == 0) {
      part = Part::kTags;
    } else if (line.empty()) {
      if (part == Part::kMoves) part = Part::kOutside;
    } else if (part != Part::kOutside) {
      if (part == Part::kTags) games.emplace_back();
      part = Part::kMoves;
      std::istringstream words(line);
      for (std::string word; words >> word;) {
        if (!std::regex_match(word, skipped)) games.back() += word + " ";
      }
    }
  }
  return games;
}

TEST(FlipCli, PairedAliasesPlayTheGamesOfAMatchBetweenProcesses) {
  // With --paired, an alias plays its family's engine (the protocol's) on
  // jungle match's paired deals: the very games `jungle match` plays
  // between two `jungle` processes at the same limits, seed and engine
  // seeds (hidden-match seeds its first engine 2 S + 1, its second
  // 7919 S + 3).
  const std::string jungle = JUNGLE_BINARY;
  const std::string records =
      (std::filesystem::temp_directory_path() / ("paired_" + std::to_string(::getpid()) + ".pgn"))
          .string();
  for (const char* family : {"flip", "hidden"}) {
    SCOPED_TRACE(family);
    const std::string seeds[2] = {family == std::string("hidden") ? " option.Seed=7" : "",
                                  family == std::string("hidden") ? " option.Seed=23760" : ""};
    int status = 0;
    const std::string alias = run(std::string(family) +
                                      "-match --paired --opponent engine --nodes 300 "
                                      "--opponent-nodes 50 --games 4 --seed 3 --verbose --records",
                                  &status);
    EXPECT_EQ(status, 0) << alias;
    std::filesystem::remove(records);
    run(std::string("match --variant ") + family + " --engine \"cmd=" + jungle +
            " name=a nodes=300" + seeds[0] + "\" --engine \"cmd=" + jungle + " name=b nodes=50" +
            seeds[1] +
            "\" --games 4 --concurrency 1 --seed 3 --max-plies 0 --no-adjudication --pgn " +
            records,
        &status);
    EXPECT_EQ(status, 0);
    std::ifstream in(records);
    std::stringstream written;
    written << in.rdbuf();
    const std::vector<std::string> games = moves_of(alias);
    ASSERT_EQ(games.size(), 4u) << alias;
    EXPECT_EQ(moves_of(written.str()), games) << written.str();
  }
  std::filesystem::remove(records);
}

// The first fenced block after `heading` in a file of docs/.
std::string docs_example(const std::string& file, const std::string& heading) {
  std::ifstream in(std::string(JUNGLE_SOURCE_DIR) + "/docs/" + file);
  std::stringstream whole;
  whole << in.rdbuf();
  const std::string text = whole.str();
  const size_t section = text.find("\n" + heading + "\n");
  if (section == std::string::npos) return "";
  const size_t open = text.find("```\n", section);
  const size_t close = text.find("```\n", open + 4);
  if (open == std::string::npos || close == std::string::npos) return "";
  return text.substr(open + 4, close - open - 4);
}

// Issue 29, item 12: the flip record docs/records.md shows is checked and
// replayed (it was "unknown rule set 'flip'"), and so is the hidden one of
// docs/hidden.md.
TEST(FlipCli, PgnCheckAndReplayReadTheDocumentedFlipRecord) {
  const std::string record = docs_example("records.md", "## Flip Jungle records and FEN");
  ASSERT_NE(record.find("[Variant \"flip\"]"), std::string::npos) << record;
  const std::string file =
      (std::filesystem::temp_directory_path() / ("flip_cli_record_" + std::to_string(::getpid())))
          .string();
  std::ofstream(file) << record;
  int status = 0;
  EXPECT_EQ(run("pgn check " + file, &status), file + ": 1 game ok\n");
  EXPECT_EQ(status, 0);
  const std::string replay = run("pgn replay " + file, &status);
  EXPECT_EQ(status, 0) << replay;
  // Four face-down rows (written so, not as "????/", which is a trigraph).
  const std::string rows = std::string(4, '?') + "/" + std::string(4, '?') + "/" +
                           std::string(4, '?') + "/" + std::string(4, '?');
  EXPECT_EQ(replay.find("Game 1: Ann (Blue) - Bo (Red), flip\n\nStart: " + rows +
                        " - RCDWPTLErcdwptle 0 1\n"),
            0u)
      << replay;
  // The Lions of 1. b2?=L c2?=l meet on b2 and both die (equal ranks, flip's rule).
  const std::string end =
      "\n2... c2b2\n 4  ? ? ? ?\n 3  ? ? ? ?\n 2  ? . . ?\n 1  r ? ? ?\n    a b c d\n"
      "\n3. b1?=W\n 4  ? ? ? ?\n 3  ? ? ? ?\n 2  ? . . ?\n 1  r W ? ?\n    a b c d\n"
      "\nResult: *\n";
  ASSERT_GE(replay.size(), end.size()) << replay;
  EXPECT_EQ(replay.substr(replay.size() - end.size()), end) << replay;

  // Several games: each checked, a bad one named, the others read.
  std::string bad = record;
  bad.replace(bad.find("c2b2"), 4, "c2c4");
  std::ofstream(file) << record << "\n" << bad << "\n" << record;
  EXPECT_EQ(run("pgn check " + file, &status),
            file + ": game 2, line 13, column 25: ply 4 c2c4 is illegal here\n" + file +
                ": 1 of 3 games have errors\n");
  EXPECT_NE(status, 0);
  std::ofstream(file) << record << "\n" << record;
  EXPECT_EQ(run("pgn replay --game 2 " + file, &status).find("Game 2: Ann (Blue) - Bo (Red), flip"),
            0u);
  EXPECT_EQ(status, 0);

  const std::string hidden = docs_example("hidden.md", "## Records");
  ASSERT_NE(hidden.find("[Variant \"hidden\"]"), std::string::npos) << hidden;
  std::ofstream(file) << hidden;
  EXPECT_EQ(run("pgn check " + file, &status), file + ": 1 game ok\n");
  EXPECT_EQ(status, 0);
  EXPECT_NE(run("pgn replay " + file, &status).find("\n1. d3d4:took=Tw\n"), std::string::npos);
  EXPECT_EQ(status, 0);
  std::filesystem::remove(file);
}

}  // namespace
