#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <functional>

#include "flip/flip_rules.h"
#include "flip/flip_search.h"
#include "game/flip_observation.h"
#include "uci_session.h"

namespace jungle {
namespace {

using testing_uci::Session;
using testing_uci::starts_with;

std::string last(const std::vector<std::string>& lines) {
  return lines.empty() ? "" : lines.back();
}

TEST(FlipUci, SelectsAFlipSetAndAnswersAFlipFromTheStart) {
  Session s;
  EXPECT_TRUE(s.send("setoption name Variant value flip").empty());
  EXPECT_TRUE(s.send("position startpos").empty());
  const std::vector<std::string> out = s.send("go depth 2");
  ASSERT_FALSE(out.empty());
  EXPECT_TRUE(starts_with(out[0], "info depth 1 multipv 1 score cp ")) << out[0];
  EXPECT_TRUE(starts_with(out[1], "info string expected score ")) << out[1];
  const std::string best = last(out);
  ASSERT_EQ(best.size(), std::string("bestmove a1?").size()) << best;
  EXPECT_TRUE(starts_with(best, "bestmove ")) << best;
  EXPECT_EQ(best.back(), '?');
}

TEST(FlipUci, PlaysMovesAndFlipsWithTheirOutcomes) {
  Session s;
  s.send("setoption name Variant value flip");
  EXPECT_TRUE(s.send("position startpos moves b2?=L c2?=l a1?=r").empty());
  const std::vector<std::string> d = s.send("d");
  ASSERT_GE(d.size(), 7u);
  EXPECT_EQ(d[0], " 4  ? ? ? ?");
  EXPECT_EQ(d[2], " 2  ? L l ?");
  EXPECT_EQ(d[3], " 1  r ? ? ?");
  EXPECT_EQ(d[5], "Fen: \?\?\?\?/\?\?\?\?/?Ll?/r??? b RCDWPTEcdwpte 0 2");
  const std::vector<std::string> out = s.send("go depth 2");
  EXPECT_TRUE(starts_with(last(out), "bestmove ")) << last(out);
}

TEST(FlipUci, ReportsAWinAsMateAndTheExpectedScore) {
  Session s;
  s.send("setoption name Variant value flip");
  s.send("position fen 3R/4/4/lL2 w - 0 1");
  const std::vector<std::string> out = s.send("go depth 4");
  ASSERT_GE(out.size(), 3u);
  EXPECT_TRUE(starts_with(out[0], "info depth 1 multipv 1 score mate 1 nodes ")) << out[0];
  EXPECT_EQ(out[1], "info string expected score +999.00");
  EXPECT_EQ(last(out), "bestmove b1a1");
}

TEST(FlipUci, ReportsTheTablesVerdictWithoutAMateDistance) {
  // The tables prove the Lion wins against the Cat, but not in how many
  // moves: this was reported as "score mate 98".
  Session s;
  s.send("setoption name Variant value flip");
  s.send("position fen L3/4/4/2c1 w - 0 1");
  const std::vector<std::string> out = s.send("go depth 3");
  ASSERT_EQ(out.size(), 3u);
  EXPECT_TRUE(starts_with(out[0], "info depth 1 multipv 1 score cp ")) << out[0];
  EXPECT_EQ(out[1], "info string a win by the endgame tables");
  EXPECT_TRUE(starts_with(last(out), "bestmove ")) << last(out);
}

TEST(FlipUci, RejectsFlipsWithoutOutcomeAndUnknownPlies) {
  Session s;
  s.send("setoption name Variant value flip");
  EXPECT_EQ(
      last(s.send("position startpos moves b2?")),
      "info string error: move 1 b2? is a flip without what it revealed: write it like b2?=L");
  EXPECT_EQ(last(s.send("position startpos moves b2?=L b2a2")),
            "info string error: move 2 b2a2 is not legal here");
  EXPECT_EQ(last(s.send("go depth 1")), "bestmove 0000");
  // A finished game: no action to give.
  s.send("position fen 4/4/e3/Cl2 w - 0 1");
  EXPECT_EQ(last(s.send("go depth 3")), "bestmove 0000");
}

TEST(FlipUci, TheSearchsSettingsAreOptions) {
  // What `jungle flip-match` sets with --no-quiescence, --no-tt, --contempt,
  // --chance-scale, --boxed-in and --lead-draw-cost, offered over the
  // protocol by the flip engine alone.
  Session s;
  s.send("setoption name Variant value flip");
  const std::vector<std::string> uci = s.send("uci");
  for (const char* line : {"option name Quiescence type check default true",
                           "option name Transposition Table type check default true",
                           "option name Draw Cost type spin default 0 min 0 max 500",
                           "option name Chance Scale type spin default 25 min 0 max 1000",
                           "option name Boxed In type check default false",
                           "option name Lead Draw Cost type spin default 0 min 0 max 500"}) {
    EXPECT_NE(std::find(uci.begin(), uci.end(), line), uci.end()) << line;
  }
  EXPECT_EQ(last(s.send("setoption name Draw Cost value 600")),
            "info string error: setoption: Draw Cost must be an integer from 0 to 500, not '600'");
  Session open;
  EXPECT_EQ(last(open.send("setoption name Quiescence value false")),
            "info string error: setoption: unknown option 'Quiescence'");

  // Each set over the protocol searches as the searcher with that setting:
  // its depth-2 line reports the searcher's nodes and expected score.
  const std::string position = "startpos moves b2?=L c2?=l a1?=r";
  struct Setting {
    const char* option;
    const char* value;
    std::function<void(flip::FlipSearchOptions&)> set;
  };
  const std::vector<Setting> settings = {
      {"Quiescence", "false", [](flip::FlipSearchOptions& o) { o.quiescence = false; }},
      {"Transposition Table", "false",
       [](flip::FlipSearchOptions& o) { o.transposition_table = false; }},
      {"Draw Cost", "30", [](flip::FlipSearchOptions& o) { o.contempt = 30; }},
      {"Chance Scale", "0", [](flip::FlipSearchOptions& o) { o.chance_scale = 0; }},
      {"Boxed In", "true", [](flip::FlipSearchOptions& o) { o.boxed_in = true; }},
      {"Lead Draw Cost", "30", [](flip::FlipSearchOptions& o) { o.lead_draw_cost = 30; }},
  };
  std::vector<std::string> reports;
  for (const Setting& setting : settings) {
    Session t;
    t.send("setoption name Variant value flip");
    EXPECT_TRUE(
        t.send(std::string("setoption name ") + setting.option + " value " + setting.value).empty())
        << setting.option;
    t.send("position " + position);
    const std::vector<std::string> out = t.send("go depth 2");
    flip::FlipSearchOptions options;
    setting.set(options);
    flip::FlipSearcher searcher(options);
    flip::FlipPosition pos = game::flip_position_of(flip::load_flip_rules("flip"), position);
    flip::FlipLimits limits;
    limits.depth = 2;
    const flip::FlipSearchResult r = searcher.search(pos, limits);
    char expected[64];
    std::snprintf(expected, sizeof expected, "info string expected score %+.2f", r.score);
    const auto depth2 = std::find_if(out.begin(), out.end(), [](const std::string& l) {
      return starts_with(l, "info depth 2 ");
    });
    ASSERT_NE(depth2, out.end()) << setting.option;
    EXPECT_NE(depth2->find(" nodes " + std::to_string(r.nodes) + " "), std::string::npos)
        << setting.option << ": " << *depth2;
    EXPECT_EQ(*(depth2 + 1), expected) << setting.option;
    reports.push_back(*depth2 + " " + *(depth2 + 1));
  }
  // Each changes what the search does here, but Draw Cost (no draw in sight).
  EXPECT_NE(reports[0], reports[1]);
  EXPECT_NE(reports[0], reports[3]);
  EXPECT_NE(reports[1], reports[3]);
}

TEST(FlipUci, SwitchingBackToTheBoardGameWorks) {
  Session s;
  s.send("setoption name Variant value flip-fixed");
  s.send("position startpos");
  EXPECT_EQ(s.send("d")[5], "Fen: \?\?\?\?/\?\?\?\?/\?\?\?\?/\?\?\?\? w RCDWPTLErcdwptle 0 1");
  s.send("setoption name Variant value standard");
  s.send("position startpos moves a3a4");
  EXPECT_TRUE(starts_with(last(s.send("go depth 2")), "bestmove "));
}

}  // namespace
}  // namespace jungle
