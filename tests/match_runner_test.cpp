#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <random>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/game_record.h"
#include "core/movegen.h"
#include "game/builtin_engines.h"
#include "game/family.h"
#include "game/state.h"
#include "match/chance.h"
#include "match/engine_process.h"
#include "match/match_report.h"
#include "match/match_runner.h"
#include "tune/openings.h"

namespace jungle::match {
namespace {

namespace fs = std::filesystem;
using std::chrono::milliseconds;

// A directory of its own for each test, removed afterwards.
class TempDir {
 public:
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "jungle_match_XXXXXX").string();
    path_ = mkdtemp(pattern.data());
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  fs::path path() const { return path_; }

 private:
  fs::path path_;
};

// A protocol engine written in sh that handshakes properly and then does
// `on_go` when asked to move.
std::string fake_engine(const fs::path& dir, const std::string& name, const std::string& on_go) {
  const fs::path path = dir / name;
  std::ofstream out(path);
  out << "#!/bin/sh\n"
         "while read -r line; do\n"
         "  case \"$line\" in\n"
         "    uci) echo 'id name "
      << name
      << "'; echo uciok ;;\n"
         "    isready) echo readyok ;;\n"
         "    go*) "
      << on_go
      << " ;;\n"
         "    quit) exit 0 ;;\n"
         "  esac\n"
         "done\n";
  out.close();
  chmod(path.c_str(), 0755);
  return path.string();
}

MatchConfig base_config(const std::string& first, const std::string& second) {
  MatchConfig c;
  c.engines[0] = parse_engine_spec(first);
  c.engines[1] = parse_engine_spec(second);
  c.games = 2;
  c.concurrency = 1;
  c.tc.kind = TimeControl::Kind::kMoveTime;
  c.tc.movetime_ms = 20;
  // Generous, so that a loaded machine (sanitizers, parallel tests) never
  // makes the working engine lose on time; only the broken ones do.
  c.time_margin_ms = 1500;
  c.handshake_timeout_ms = 5000;
  return c;
}

std::string random_jungle() {
  return std::string("cmd='") + JUNGLE_BINARY + "' name=random option.Mode=random";
}

TEST(EngineProcess, TalksToAChildAndTimesOut) {
  EngineProcess p;
  std::string error;
  ASSERT_TRUE(p.start({"cat"}, &error)) << error;
  ASSERT_TRUE(p.write_line("hello"));
  std::string line;
  EXPECT_EQ(p.read_line(line, milliseconds(2000)), EngineProcess::ReadResult::kLine);
  EXPECT_EQ(line, "hello");
  const auto t0 = std::chrono::steady_clock::now();
  EXPECT_EQ(p.read_line(line, milliseconds(100)), EngineProcess::ReadResult::kTimeout);
  EXPECT_GE(std::chrono::steady_clock::now() - t0, milliseconds(90));
  p.stop();
  EXPECT_FALSE(p.running());
}

TEST(EngineProcess, ReportsEofAndHowTheChildEnded) {
  EngineProcess p;
  std::string error;
  ASSERT_TRUE(p.start({"sh", "-c", "echo bye; kill -SEGV $$"}, &error)) << error;
  std::string line;
  EXPECT_EQ(p.read_line(line, milliseconds(2000)), EngineProcess::ReadResult::kLine);
  EXPECT_EQ(line, "bye");
  EXPECT_EQ(p.read_line(line, milliseconds(2000)), EngineProcess::ReadResult::kEof);
  EXPECT_NE(p.exit_description(milliseconds(2000)).find("signal 11"), std::string::npos);
  EXPECT_FALSE(p.write_line("anyone there?"));  // no SIGPIPE, just false
}

TEST(EngineProcess, MissingProgramFailsToStart) {
  EngineProcess p;
  std::string error;
  EXPECT_FALSE(p.start({"/nonexistent/engine"}, &error));
  EXPECT_NE(error.find("/nonexistent/engine"), std::string::npos);
}

TEST(EngineProcess, SplitsCommandLines) {
  EXPECT_EQ(split_command_line("a 'b c' \"d\\\"e\" f\\ g"),
            (std::vector<std::string>{"a", "b c", "d\"e", "f g"}));
  EXPECT_THROW(split_command_line("a 'b"), std::invalid_argument);
}

// A generator that gives one value again and again.
struct Constant {
  using result_type = uint64_t;
  uint64_t value;
  static constexpr uint64_t min() { return 0; }
  static constexpr uint64_t max() { return ~uint64_t(0); }
  uint64_t operator()() { return value; }
};

TEST(Chance, DrawsEachOutcomeByItsProbability) {
  const std::vector<game::ChanceOutcome> outcomes = {{"a1?=L", 0.25}, {"a1?=r", 0.75}};
  // The top 53 bits make a number in [0, 1) against the running sum.
  Constant low{0}, quarter{uint64_t(1) << 62}, high{~uint64_t(0)};
  EXPECT_EQ(sample_chance(outcomes, low).action, "a1?=L");
  EXPECT_EQ(sample_chance(outcomes, quarter).action, "a1?=r");  // exactly 0.25
  EXPECT_EQ(sample_chance(outcomes, high).action, "a1?=r");
  std::mt19937_64 rng(1);
  int first = 0;
  for (int i = 0; i < 40000; ++i) first += sample_chance(outcomes, rng).action == "a1?=L";
  EXPECT_EQ(first, 9913);  // 0.248; a seeded draw, the same on every machine
  EXPECT_THROW(sample_chance({}, rng), std::invalid_argument);
  EXPECT_THROW(sample_chance({{"x", 0.0}}, rng), std::invalid_argument);
  // Pairs get unrelated seeds; the same pair, the same seed.
  EXPECT_EQ(pair_seed(1, 0), pair_seed(1, 0));
  EXPECT_NE(pair_seed(1, 0), pair_seed(1, 1));
  EXPECT_NE(pair_seed(1, 0), pair_seed(2, 0));
}

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

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
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
  c.move_timeout_ms = 1000;
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

// The games of a record file written by the runner, by their Round tag
// (games finish, and are written, in any order when several play at once),
// each as its text and as the family reads it back.
struct WrittenGame {
  std::string text;
  std::unique_ptr<game::State> state;
};
std::vector<WrittenGame> games_by_round(const std::string& text, const game::Family& family) {
  std::vector<WrittenGame> games;
  std::vector<size_t> starts;
  for (size_t at = text.find("[Event "); at != std::string::npos; at = text.find("[Event ", at + 1))
    starts.push_back(at);
  for (size_t i = 0; i < starts.size(); ++i) {
    const std::string one = text.substr(
        starts[i], i + 1 < starts.size() ? starts[i + 1] - starts[i] : std::string::npos);
    std::smatch m;
    if (!std::regex_search(one, m, std::regex("\\[Round \"([0-9]+)\"\\]"))) {
      ADD_FAILURE() << "no Round tag in " << one;
      continue;
    }
    const size_t round = std::stoul(m[1].str());
    if (games.size() < round) games.resize(round);
    std::vector<game::RecordedGame> read = family.read_records(one);
    EXPECT_EQ(read.size(), 1u) << one;
    if (read.empty()) continue;
    EXPECT_EQ(read[0].tag("Round"), m[1].str());  // the runner's tags read back
    games[round - 1] = {one, std::move(read[0].state)};
  }
  for (const WrittenGame& g : games) EXPECT_TRUE(g.state) << "a round is missing";
  return games;
}

// What a Flip Jungle game's flips revealed, by square: chance's actions
// ("b2?=L") in the arbiter's record.
std::map<std::string, std::string> revealed(const game::State& state) {
  std::map<std::string, std::string> tiles;
  for (const std::string& a : state.actions()) {
    const size_t mark = a.find("?=");
    if (mark != std::string::npos) tiles[a.substr(0, mark)] = a.substr(mark + 2);
  }
  return tiles;
}

std::string jungle_engine(const std::string& name) {
  return std::string("cmd='") + JUNGLE_BINARY + "' name=" + name;
}

TEST(MatchRunner, FlipMatchBetweenTwoProcessesPlaysPairedDeals) {
  TempDir dir;
  MatchConfig c = base_config(jungle_engine("one"), jungle_engine("two"));
  c.variant = "flip";
  c.games = 4;
  c.concurrency = 2;
  c.tc.kind = TimeControl::Kind::kDepth;
  c.tc.depth = 1;
  c.max_plies = 80;
  c.seed = 7;
  c.sprt = SprtConfig{0, 10, 0.05, 0.05};
  c.record_path = (dir.path() / "flip.pgn").string();
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

// The FEN tag of a record: a hidden game's set-up, as the arbiter knows it.
std::string fen_tag(const std::string& record) {
  std::smatch m;
  return std::regex_search(record, m, std::regex("\\[FEN \"([^\"]*)\"\\]")) ? m[1].str() : "";
}

TEST(MatchRunner, HiddenMatchBetweenTwoProcessesPlaysPairedSetups) {
  TempDir dir;
  MatchConfig c = base_config(jungle_engine("one"), jungle_engine("two"));
  c.variant = "hidden";
  c.games = 4;
  c.concurrency = 2;
  c.tc.kind = TimeControl::Kind::kDepth;
  c.tc.depth = 1;
  c.max_plies = 40;
  c.seed = 3;
  c.record_path = (dir.path() / "hidden.pgn").string();
  MatchRunner runner(c);
  const MatchResult r = runner.run([&](const GameOutcome& g, const MatchResult&) {
    EXPECT_EQ(g.incident, Incident::kNone) << g.reason;
    EXPECT_EQ(g.first_side, kBlue);
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

// `jungle match` with engines made in this process (builtin=NAME): the
// in-process baselines behind the engine facade, the seer and the cheater
// given the arbiter's state and no other engine, and the match's paired
// deals serving them as they serve engine processes.

// A `jungle match` of builtin engines under `variant` at `tc`, with the
// match's own chance (paired deals), as its command line would make it.
MatchResult builtin_match(const std::string& variant, const std::string& a, const std::string& b,
                          int games, const std::string& tc,
                          std::vector<GameOutcome>* outcomes = nullptr) {
  MatchConfig config;
  config.variant = variant;
  config.games = games;
  config.seed = 11;
  config.engines[0] = parse_engine_spec(a + " " + tc);
  config.engines[1] = parse_engine_spec(b + " " + tc);
  config.tc = *config.engines[0].tc;
  MatchRunner runner(config);
  return runner.run([outcomes](const GameOutcome& g, const MatchResult&) {
    if (outcomes) outcomes->push_back(g);
  });
}

TEST(BuiltinEngines, ASpecNamesABuiltinInPlaceOfACommand) {
  const EngineSpec spec = parse_engine_spec("builtin=careful option.Seed=3");
  EXPECT_EQ(spec.builtin, "careful");
  EXPECT_EQ(spec.name, "careful");
  EXPECT_EQ(spec.command, "");
  EXPECT_EQ(parse_engine_spec("builtin=seer name=S").name, "S");
  try {
    parse_engine_spec("cmd=./jungle builtin=seer");
    FAIL() << "both cmd= and builtin= were taken";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "engine has both cmd= and builtin=: give one");
  }
  try {
    parse_engine_spec("name=A");
    FAIL() << "an engine with neither was taken";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "engine needs cmd=COMMAND or builtin=NAME");
  }
}

TEST(BuiltinEngines, OnlyTheSeerAndTheCheaterAreGivenTheTruth) {
  game::Limits depth1;
  depth1.depth = 1;
  for (const char* name : {"engine", "random", "greedy", "careful", "pimc"})
    EXPECT_EQ(game::make_builtin_engine("flip", name, 1, depth1).truth, nullptr) << name;
  EXPECT_NE(game::make_builtin_engine("flip", "seer", 1, depth1).truth, nullptr);
  for (const char* name : {"engine", "random", "greedy", "sampler", "pimc", "ismcts"})
    EXPECT_EQ(game::make_builtin_engine("hidden", name, 1, depth1).truth, nullptr) << name;
  EXPECT_NE(game::make_builtin_engine("hidden", "cheater", 1, depth1).truth, nullptr);
  EXPECT_EQ(game::make_builtin_engine("standard", "engine", 1, depth1).truth, nullptr);
}

TEST(BuiltinEngines, AnUnknownNameOrAClockForASearchingBaselineIsTheMatchsMistake) {
  const MatchResult r = builtin_match("flip", "builtin=oracle", "builtin=random", 2, "depth=1");
  EXPECT_EQ(r.error,
            "engine oracle cannot play: oracle: builtin=oracle: Flip Jungle has the builtin "
            "engines engine, random, greedy, careful, pimc, seer");
  const MatchResult c =
      builtin_match("hidden", "builtin=sampler", "builtin=random", 2, "tc=10+0.1");
  EXPECT_EQ(c.error,
            "engine sampler cannot play: sampler: builtin=sampler searches a depth, nodes or "
            "movetime a move, not a clock");
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

TEST(BuiltinEngines, TheSeerPlaysPairedDealsAndKnowsThem) {
  // Both games of a pair have one deal: the first flips' outcomes of the
  // two games come from the same tiles. The seer, who knows them, is at
  // least the careful player's equal.
  std::vector<GameOutcome> games;
  const MatchResult r =
      builtin_match("flip", "builtin=seer", "builtin=careful", 4, "depth=2", &games);
  EXPECT_EQ(r.error, "");
  EXPECT_TRUE(r.incident_log.empty());
  ASSERT_EQ(games.size(), 4u);
  for (size_t pair = 0; pair < 2; ++pair) {
    std::vector<std::string> deals;
    for (size_t g = 2 * pair; g < 2 * pair + 2; ++g) {
      const std::unique_ptr<game::State> start = game::start_of(*games[g].state);
      std::string deal;
      for (const char* sq : {"a1", "b2", "c3", "d4"}) {
        start->apply(std::string(sq) + "?");
        ASSERT_EQ(start->chance_outcomes().size(), 1u);
        deal += start->chance_outcomes()[0].action + " ";
        start->undo();
      }
      deals.push_back(deal);
    }
    EXPECT_EQ(deals[0], deals[1]) << "pair " << pair;
  }
  // Pinned: the same games for this seed, whatever else changes.
  EXPECT_EQ(r.wdl.wins, 3);
  EXPECT_EQ(r.wdl.draws, 1);
  EXPECT_EQ(r.wdl.losses, 0);
}

TEST(BuiltinEngines, TheCheaterBeatsTheRandomPlayer) {
  std::vector<GameOutcome> games;
  const MatchResult r =
      builtin_match("hidden", "builtin=cheater", "builtin=random", 2, "depth=2", &games);
  EXPECT_EQ(r.error, "");
  EXPECT_EQ(r.wdl.wins, 2);
  ASSERT_EQ(games.size(), 2u);
  // Each pair shares its set-up: the arbiter's start is the same.
  EXPECT_EQ(game::start_of(*games[0].state)->fen(), game::start_of(*games[1].state)->fen());
}

TEST(BuiltinEngines, TheFamilysEngineTakesItsOptions) {
  const MatchResult r =
      builtin_match("flip", "builtin=engine option.Mode=greedy", "builtin=random", 2, "depth=1");
  EXPECT_EQ(r.error, "");
  EXPECT_EQ(r.games, 2);
  const MatchResult bad =
      builtin_match("flip", "builtin=engine option.Threads=2", "builtin=random", 2, "depth=1");
  EXPECT_NE(bad.error.find("engine cannot play: engine: "), std::string::npos) << bad.error;
}

}  // namespace
}  // namespace jungle::match
