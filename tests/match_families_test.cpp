// `jungle match` of Flip Jungle and hidden games between engine processes: paired
// deals, colours, records, and each family's options.

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "game/family.h"
#include "game/state.h"
#include "match/chance.h"
#include "match/match_report.h"
#include "match/match_runner.h"
#include "match_test_util.h"

namespace jungle::match {
namespace {

using namespace match_testing;

// Four games of `variant` between two `jungle` processes at depth 1, two
// at once, drawn at `max_plies`, written to `records`.
MatchConfig two_processes(const std::string& variant, int max_plies, uint64_t seed,
                          const fs::path& records) {
  MatchConfig c = base_config(jungle_engine("one"), jungle_engine("two"));
  c.variant = variant;
  c.games = 4;
  c.concurrency = 2;
  c.tc.kind = TimeControl::Kind::kDepth;
  c.tc.depth = 1;
  c.max_plies = max_plies;
  c.seed = seed;
  c.record_path = records.string();
  return c;
}

TEST(MatchRunner, FlipMatchBetweenTwoProcessesPlaysPairedDeals) {
  TempDir dir;
  MatchConfig c = two_processes("flip", 80, 7, dir.path() / "flip.pgn");
  c.sprt = SprtConfig{0, 10, 0.05, 0.05};
  MatchRunner runner(c);
  const MatchResult r = runner.run([&](const GameOutcome& g, const MatchResult&) {
    EXPECT_EQ(g.incident, Incident::kNone) << g.reason;
    EXPECT_EQ(g.first_engine, g.index % 2);
  });
  ASSERT_TRUE(r.error.empty()) << r.error;
  EXPECT_EQ(r.games, 4);
  EXPECT_EQ(r.penta.pairs(), 2);
  EXPECT_EQ(r.blue_wins + r.red_wins + r.draws, 4);
  EXPECT_NE(match_summary(c, r).find("variant flip"), std::string::npos);

  // Four records in one file, each read back as a game that ended by the
  // rules or by the ply limit.
  const std::string text = read_file(c.record_path);
  const game::Family& flip = game::family_of_variant("flip");
  ASSERT_EQ(flip.read_records(text).size(), 4u);
  const std::vector<WrittenGame> written = games_by_round(text, flip);
  ASSERT_EQ(written.size(), 4u);
  std::vector<const game::State*> games;
  for (const WrittenGame& g : written) {
    ASSERT_TRUE(g.state);
    games.push_back(g.state.get());
    EXPECT_TRUE(g.state->over());
    if (g.state->termination() == "agreement") {
      EXPECT_EQ(g.state->plies(), 80);
    }
  }
  // Both games of a pair flip the tiles of one deal: a square flipped in
  // both revealed the same animal; the two pairs were dealt apart.
  auto same_deal = [&](size_t a, size_t b) {
    int common = 0;
    bool differ = false;
    for (const auto& [square, piece] : revealed(*games[a])) {
      const auto other = revealed(*games[b]);
      const auto it = other.find(square);
      if (it == other.end()) continue;
      ++common;
      differ = differ || it->second != piece;
    }
    EXPECT_GT(common, 0);
    return !differ;
  };
  // Each ply's evaluation and time, as the engine reported them.
  int timed = 0;
  for (size_t at = written[0].text.find("[%emt "); at != std::string::npos;
       at = written[0].text.find("[%emt ", at + 1))
    ++timed;
  EXPECT_EQ(timed, games[0]->plies()) << written[0].text;
  EXPECT_NE(written[0].text.find(" {[%eval "), std::string::npos) << written[0].text;
  EXPECT_TRUE(same_deal(0, 1));
  EXPECT_TRUE(same_deal(2, 3));
  EXPECT_FALSE(same_deal(0, 2));
  // The seed makes the deals: the same match again writes the same games.
  c.record_path = (dir.path() / "again.pgn").string();
  c.concurrency = 1;
  MatchRunner again(c);
  ASSERT_TRUE(again.run().error.empty());
  const std::vector<WrittenGame> replayed = games_by_round(read_file(c.record_path), flip);
  ASSERT_EQ(replayed.size(), 4u);
  for (size_t i = 0; i < 4; ++i) {
    ASSERT_TRUE(replayed[i].state);
    EXPECT_EQ(replayed[i].state->actions(), games[i]->actions()) << i;
  }
}

TEST(MatchRunner, FlipIllegalMoveIsChargedToItsEngineWhateverItsColour) {
  // The fake flips a1 on its first turn of a game, then answers nonsense.
  // In the game it starts, the colour a1 reveals becomes its own; the
  // game is lost by it all the same, and the record names the colours so.
  TempDir dir;
  const fs::path path = dir.path() / "flipper";
  {
    std::ofstream out(path);
    out << "#!/bin/sh\n"
           "n=0\n"
           "while read -r line; do\n"
           "  case \"$line\" in\n"
           "    uci) echo 'id name flipper'; echo 'option name Variant type string default "
           "standard'; echo uciok ;;\n"
           "    isready) echo readyok ;;\n"
           "    ucinewgame) n=0 ;;\n"
           "    go*) n=$((n+1)); if [ $n -eq 1 ]; then echo 'info depth 1 score cp 50'; echo "
           "'bestmove a1?'; else echo 'bestmove "
           "a1a9'; fi ;;\n"
           "    quit) exit 0 ;;\n"
           "  esac\n"
           "done\n";
  }
  chmod(path.c_str(), 0755);
  MatchConfig c = base_config(jungle_engine("jungle"), "cmd=" + path.string() + " name=flipper");
  c.variant = "flip";
  // A seed whose first deal holds a Red animal under a1: the flipper, first
  // to act as the state's Blue, turns out Red.
  const game::Family& flip = game::family_of_variant("flip");
  for (c.seed = 1;; ++c.seed) {
    std::mt19937_64 chance(pair_seed(c.seed, 0));
    const std::unique_ptr<game::State> s = flip.new_state("flip", "", chance);
    s->deal(chance);
    ASSERT_EQ(s->actor(), game::Actor::of(kBlue));
    s->apply("a1?");
    if (std::islower(static_cast<unsigned char>(s->chance_outcomes().at(0).action.back()))) break;
  }
  c.tc.kind = TimeControl::Kind::kDepth;
  c.tc.depth = 1;
  c.record_path = (dir.path() / "flip.pgn").string();
  std::vector<GameOutcome> outcomes(2);
  MatchRunner runner(c);
  const MatchResult r =
      runner.run([&](const GameOutcome& g, const MatchResult&) { outcomes[size_t(g.index)] = g; });
  ASSERT_TRUE(r.error.empty()) << r.error;
  EXPECT_EQ(r.games, 2);
  EXPECT_EQ(r.wdl.wins, 2);
  EXPECT_EQ(r.incidents[1][size_t(Incident::kIllegalMove)], 2);
  EXPECT_EQ(r.incidents[0][size_t(Incident::kIllegalMove)], 0);
  const std::vector<WrittenGame> games =
      games_by_round(read_file(c.record_path), game::family_of_variant("flip"));
  ASSERT_EQ(games.size(), 2u);
  ASSERT_TRUE(games[1].state);
  // Game 2: the flipper moved first, and a1 gave it its colour.
  const GameOutcome& second = outcomes[1];
  EXPECT_EQ(second.first_engine, 1);
  EXPECT_EQ(second.offender, 1);
  const std::string a1 = revealed(*games[1].state).at("a1");
  ASSERT_TRUE(std::islower(static_cast<unsigned char>(a1[0]))) << a1;
  const Side flipper = kRed;
  EXPECT_EQ(second.first_side, flipper);
  EXPECT_EQ(second.result, flipper == kBlue ? GameResult::kRedWins : GameResult::kBlueWins);
  EXPECT_EQ(games[1].state->result(), second.result);
  const std::string& record = games[1].text;
  EXPECT_NE(record.find(std::string("[") + (flipper == kBlue ? "Blue" : "Red") + " \"flipper\"]"),
            std::string::npos)
      << record;
  // Its score for the first flip, +0.50 from its own side, is written from
  // Blue's once a1 has made it Red.
  EXPECT_NE(record.find("1. a1?=" + a1 + " {[%eval -0.50/1] [%emt "), std::string::npos) << record;
  EXPECT_NE(second.reason.find("flipper played an illegal move 'a1a9'"), std::string::npos)
      << second.reason;
}

TEST(MatchRunner, HiddenMatchBetweenTwoProcessesPlaysPairedSetups) {
  TempDir dir;
  MatchConfig c = two_processes("hidden", 40, 3, dir.path() / "hidden.pgn");
  MatchRunner runner(c);
  const MatchResult r = runner.run([&](const GameOutcome& g, const MatchResult&) {
    EXPECT_EQ(g.incident, Incident::kNone) << g.reason;
    EXPECT_EQ(g.first_side, kBlue);
    EXPECT_EQ(g.first_engine, g.index % 2);  // the colours swapped within a pair
  });
  ASSERT_TRUE(r.error.empty()) << r.error;
  EXPECT_EQ(r.games, 4);
  EXPECT_EQ(r.penta.pairs(), 2);
  const std::vector<WrittenGame> games =
      games_by_round(read_file(c.record_path), game::family_of_variant("hidden"));
  ASSERT_EQ(games.size(), 4u);
  for (const WrittenGame& g : games) {
    ASSERT_TRUE(g.state);
    EXPECT_TRUE(g.state->over());
  }
  // A pair plays one secret set-up twice; the next pair another.
  EXPECT_FALSE(fen_tag(games[0].text).empty());
  EXPECT_EQ(fen_tag(games[0].text), fen_tag(games[1].text));
  EXPECT_EQ(fen_tag(games[2].text), fen_tag(games[3].text));
  EXPECT_NE(fen_tag(games[0].text), fen_tag(games[2].text));
}

TEST(MatchRunner, AProcessTakesItsFamilysOptionsUnderItsVariant) {
  // The Variant is set before an engine's options and `uci` asked again, so
  // that Flip Jungle's own options reach its engine: Mode=careful plays the
  // in-process careful player's games exactly. It was sent after them, to
  // the open game's engine, which refused careful with an info string the
  // match did not read, and the full search played in its place; an option
  // only the flip engine has (Draw Cost) stopped the match.
  std::vector<GameOutcome> over_protocol, in_process;
  const MatchResult a =
      builtin_match("flip", jungle_engine("careful") + " option.Mode=careful 'option.Draw Cost=0'",
                    "builtin=random", 4, "depth=1", &over_protocol);
  ASSERT_EQ(a.error, "");
  const MatchResult b =
      builtin_match("flip", "builtin=careful", "builtin=random", 4, "depth=1", &in_process);
  ASSERT_EQ(b.error, "");
  ASSERT_EQ(over_protocol.size(), 4u);
  ASSERT_EQ(in_process.size(), 4u);
  for (std::vector<GameOutcome>* games : {&over_protocol, &in_process}) {
    std::sort(games->begin(), games->end(),
              [](const GameOutcome& x, const GameOutcome& y) { return x.index < y.index; });
  }
  for (size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(over_protocol[i].state->actions(), in_process[i].state->actions()) << i;
  }
  const MatchResult unknown = builtin_match("flip", jungle_engine("j") + " option.Worlds=4",
                                            "builtin=random", 2, "depth=1");
  EXPECT_EQ(unknown.error, "engine j cannot play: j has no option 'Worlds' under Variant flip");
}

}  // namespace
}  // namespace jungle::match
