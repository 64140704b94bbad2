// `jungle match` of the open game between engine processes: the engines' settings and
// limits, the records, broken engines, the openings book.

#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/game_record.h"
#include "core/movegen.h"
#include "match/match_report.h"
#include "match/match_runner.h"
#include "match_test_util.h"
#include "tune/openings.h"

namespace jungle::match {
namespace {

using namespace match_testing;

TEST(MatchRunner, ParsesEngineSettingsAndClocks) {
  const EngineSpec s =
      parse_engine_spec("cmd='./jungle uci' name=A option.Hash=16 'option.Move Overhead=10'");
  EXPECT_EQ(s.command, "./jungle uci");
  EXPECT_EQ(s.name, "A");
  ASSERT_EQ(s.options.size(), 2u);
  EXPECT_EQ(s.options[1].first, "Move Overhead");
  EXPECT_EQ(s.options[1].second, "10");
  EXPECT_THROW(parse_engine_spec("name=A"), std::invalid_argument);
  EXPECT_THROW(parse_engine_spec("cmd=x colour=blue"), std::invalid_argument);

  const TimeControl a = parse_clock("10+0.1");
  EXPECT_EQ(a.time_ms, 10000);
  EXPECT_EQ(a.inc_ms, 100);
  EXPECT_EQ(a.text(), "10+0.1");
  const TimeControl b = parse_clock("40/60+0.5");
  EXPECT_EQ(b.moves, 40);
  EXPECT_EQ(b.time_ms, 60000);
  EXPECT_EQ(b.text(), "40/60+0.5");
  EXPECT_THROW(parse_clock("ten"), std::invalid_argument);
  EXPECT_THROW(parse_clock("0/10"), std::invalid_argument);
}

TEST(MatchRunner, AnEngineMayHaveItsOwnLimit) {
  const EngineSpec s = parse_engine_spec("cmd=x nodes=500");
  ASSERT_TRUE(s.tc.has_value());
  EXPECT_EQ(s.tc->kind, TimeControl::Kind::kNodes);
  EXPECT_EQ(s.tc->nodes, 500u);
  EXPECT_EQ(parse_engine_spec("cmd=x tc=10+0.1").tc->text(), "10+0.1");
  EXPECT_EQ(parse_engine_spec("cmd=x depth=3").tc->text(), "depth 3");
  EXPECT_FALSE(parse_engine_spec("cmd=x").tc.has_value());
  EXPECT_THROW(parse_engine_spec("cmd=x nodes=0"), std::invalid_argument);
  EXPECT_THROW(parse_engine_spec("cmd=x nodes=5 depth=2"), std::invalid_argument);

  // The fake answers (illegally, at once) only `go nodes 7`, its own limit;
  // sent the match's `go nodes 1000` it would hang and be cut off.
  TempDir dir;
  const std::string fake =
      fake_engine(dir.path(), "own", "[ \"$line\" = 'go nodes 7' ] && echo 'bestmove (none)'");
  MatchConfig c = base_config(random_jungle(), "cmd=" + fake + " name=own nodes=7");
  c.tc.kind = TimeControl::Kind::kNodes;
  c.tc.nodes = 1000;
  c.move_timeout_ms = 3000;
  c.record_path = (dir.path() / "own.pgn").string();
  const MatchResult r = MatchRunner(c).run();
  ASSERT_TRUE(r.error.empty()) << r.error;
  EXPECT_EQ(r.incidents[1][size_t(Incident::kIllegalMove)], 2);
  // The records name the match's limit and, by its colour, the engine's own.
  const std::string records = read_file(c.record_path);
  EXPECT_NE(records.find("[TimeControl \"nodes 1000\"]"), std::string::npos) << records;
  EXPECT_NE(records.find("[RedTimeControl \"nodes 7\"]"), std::string::npos) << records;
  EXPECT_NE(records.find("[BlueTimeControl \"nodes 7\"]"), std::string::npos) << records;
  // The open game's record keeps each move's time (and its evaluation,
  // where the engine gave one): game 1's first move is the random engine's.
  EXPECT_NE(records.find("1. "), std::string::npos) << records;
  EXPECT_NE(records.find(" {[%emt "), std::string::npos) << records;
  EXPECT_NE(match_summary(c, r).find("random nodes 1000, own nodes 7"), std::string::npos)
      << match_summary(c, r);
}

TEST(MatchRunner, EachSideIsToldItsOwnIncrement) {
  // The fake plays 1+0.1 against the match's 1+0: it answers (illegally,
  // at once) only a `go` that gives Blue and Red their own increments, and
  // otherwise lets its clock run out.
  TempDir dir;
  const std::string fake = fake_engine(dir.path(), "inc",
                                       "case \"$line\" in *'winc 0 binc 100'*|*'winc 100 binc "
                                       "0'*) echo 'bestmove (none)' ;; esac");
  MatchConfig c = base_config(random_jungle(), "cmd=" + fake + " name=inc tc=1+0.1");
  c.tc = parse_clock("1");
  c.time_margin_ms = 500;
  const MatchResult r = MatchRunner(c).run();
  ASSERT_TRUE(r.error.empty()) << r.error;
  EXPECT_EQ(r.incidents[1][size_t(Incident::kIllegalMove)], 2) << match_summary(c, r);
  EXPECT_EQ(r.incidents[1][size_t(Incident::kTimeLoss)], 0) << match_summary(c, r);
}

TEST(MatchRunner, RandomAgainstMaterialPlaysRecordedLegalGames) {
  TempDir dir;
  const RuleSetPtr rules = RuleSet::standard();
  BookOptions book;
  book.count = 2;
  book.depth = 3;
  book.threshold_cp = 200;
  MatchConfig c = base_config(random_jungle(),
                              std::string("cmd='") + JUNGLE_BINARY +
                                  "' name=material option.Mode=material 'option.Baseline Depth=1'");
  c.openings = generate_book(rules, book);
  ASSERT_EQ(c.openings.size(), 2u);
  c.games = 4;
  c.concurrency = 2;
  c.tc.kind = TimeControl::Kind::kDepth;
  c.tc.depth = 1;
  c.max_plies = 120;
  c.sprt = SprtConfig{0, 10, 0.05, 0.05};
  c.record_path = (dir.path() / "games.pgn").string();
  int callbacks = 0;
  MatchRunner runner(c);
  const MatchResult r = runner.run([&](const GameOutcome& g, const MatchResult&) {
    ++callbacks;
    EXPECT_EQ(g.incident, Incident::kNone) << g.reason;
  });
  ASSERT_TRUE(r.error.empty()) << r.error;
  EXPECT_EQ(r.games, 4);
  EXPECT_EQ(callbacks, 4);
  EXPECT_EQ(r.wdl.games(), 4);
  EXPECT_EQ(r.penta.pairs(), 2);
  EXPECT_EQ(r.blue_wins + r.red_wins + r.draws, 4);

  std::ifstream in(c.record_path);
  std::stringstream text;
  text << in.rdbuf();
  const std::vector<GameRecord> games = read_records(text.str());
  ASSERT_EQ(games.size(), 4u);
  for (const GameRecord& g : games) {
    const Game game = Game::from_record(g);  // throws on an illegal move
    const Position& end = game.position();
    Termination why = Termination::kNone;
    const GameResult result = game_result(end, &why);
    if (result != GameResult::kOngoing) {
      EXPECT_EQ(g.result(), std::string(result_tag(result)));
      EXPECT_EQ(g.tag("Termination"), std::string(termination_tag(why)));
    } else {
      EXPECT_EQ(g.tag("Termination"), "agreement");  // the 120-ply limit
      EXPECT_EQ(g.result(), "1/2-1/2");
    }
  }
  const std::string summary = match_summary(c, r);
  EXPECT_NE(summary.find("Score of random vs material"), std::string::npos);
  EXPECT_NE(summary.find("SPRT"), std::string::npos);
}

struct BrokenCase {
  const char* name;
  const char* on_go;
  Incident expected;
};

TEST(MatchRunner, BrokenEnginesLoseAndDoNotHang) {
  const BrokenCase cases[] = {
      {"crasher", "kill -SEGV $$", Incident::kCrash},
      {"exiter", "exit 3", Incident::kCrash},
      {"illegal", "echo 'info depth 1 score cp 0'; echo 'bestmove a1a9'", Incident::kIllegalMove},
      {"nomove", "echo 'bestmove (none)'", Incident::kIllegalMove},
      {"sleeper", "sleep 30", Incident::kTimeLoss},
  };
  TempDir dir;
  for (const BrokenCase& bc : cases) {
    SCOPED_TRACE(bc.name);
    const std::string broken = fake_engine(dir.path(), bc.name, bc.on_go);
    MatchConfig c = base_config(random_jungle(), "cmd=" + broken + " name=" + bc.name);
    c.record_path = (dir.path() / "broken.pgn").string();
    const auto t0 = std::chrono::steady_clock::now();
    MatchRunner runner(c);
    const MatchResult r = runner.run();
    ASSERT_TRUE(r.error.empty()) << r.error;
    EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(20));
    EXPECT_EQ(r.games, 2);
    EXPECT_EQ(r.wdl.wins, 2);  // the working engine wins both
    EXPECT_EQ(r.incidents[1][size_t(bc.expected)], 2);
    EXPECT_EQ(r.incident_log.size(), 2u);
    const std::string summary = match_summary(c, r);
    EXPECT_NE(summary.find(std::string("Incidents of ") + bc.name), std::string::npos) << summary;
  }
  // Every game of every case was written and reads back.
  std::ifstream in(dir.path() / "broken.pgn");
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(read_records(text.str()).size(), 10u);
}

TEST(MatchRunner, HungEngineUnderNodeLimitIsCutOff) {
  TempDir dir;
  const std::string hang = fake_engine(dir.path(), "hang", "sleep 30");
  MatchConfig c = base_config(random_jungle(), "cmd=" + hang);
  c.tc.kind = TimeControl::Kind::kNodes;
  c.tc.nodes = 1000;
  // The cut-off applies to both engines: the random one, a whole jungle
  // process (under the sanitizers in CI), must answer within it even on a
  // loaded machine, where one second was once too little.
  c.move_timeout_ms = 5000;
  MatchRunner runner(c);
  const MatchResult r = runner.run();
  ASSERT_TRUE(r.error.empty()) << r.error;
  EXPECT_EQ(r.wdl.wins, 2);
  EXPECT_EQ(r.incidents[1][size_t(Incident::kNoResponse)], 2);
}

TEST(MatchRunner, EngineThatCannotStartStopsTheMatch) {
  MatchConfig c = base_config(random_jungle(), "cmd=/nonexistent/engine");
  MatchRunner runner(c);
  const MatchResult r = runner.run();
  EXPECT_NE(r.error.find("cannot play"), std::string::npos) << r.error;
  EXPECT_EQ(r.games, 0);

  TempDir dir;
  MatchConfig d = base_config(random_jungle(), "cmd=" + fake_engine(dir.path(), "plain", "exit 0"));
  d.engines[1].options.emplace_back("Hash", "16");  // the fake offers no options
  const MatchResult s = MatchRunner(d).run();
  EXPECT_NE(s.error.find("no option 'Hash'"), std::string::npos) << s.error;
}

TEST(Openings, GeneratedBookIsBalancedAndReadsBack) {
  const RuleSetPtr rules = RuleSet::standard();
  BookOptions opt;
  opt.count = 5;
  opt.depth = 3;
  opt.threshold_cp = 150;
  opt.seed = 7;
  const std::vector<std::string> book = generate_book(rules, opt);
  ASSERT_EQ(book.size(), 5u);
  EXPECT_EQ(generate_book(rules, opt), book);  // the seed fixes the book
  const std::vector<std::string> again = parse_book(format_book(book, {"a header"}), rules);
  EXPECT_EQ(again, book);
  EXPECT_THROW(parse_book("not a fen\n", rules), BookError);
  EXPECT_THROW(parse_book("# only comments\n", rules), BookError);
}

}  // namespace
}  // namespace jungle::match
