#pragma once

// What the tests of `jungle match` share (match_runner_test, match_families_test,
// builtin_engines_test, engine_process_test): temporary folders, engines
// written in sh, the configurations and the records the runner writes.

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "game/family.h"
#include "game/state.h"
#include "match/match_runner.h"

namespace jungle::match::match_testing {

namespace fs = std::filesystem;

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
inline std::string fake_engine(const fs::path& dir, const std::string& name,
                               const std::string& on_go) {
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

inline MatchConfig base_config(const std::string& first, const std::string& second) {
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

inline std::string random_jungle() {
  return std::string("cmd='") + JUNGLE_BINARY + "' name=random option.Mode=random";
}

inline std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The games of a record file written by the runner, by their Round tag
// (games finish, and are written, in any order when several play at once),
// each as its text and as the family reads it back.
struct WrittenGame {
  std::string text;
  std::unique_ptr<game::State> state;
};
inline std::vector<WrittenGame> games_by_round(const std::string& text,
                                               const game::Family& family) {
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
inline std::map<std::string, std::string> revealed(const game::State& state) {
  std::map<std::string, std::string> tiles;
  for (const std::string& a : state.actions()) {
    const size_t mark = a.find("?=");
    if (mark != std::string::npos) tiles[a.substr(0, mark)] = a.substr(mark + 2);
  }
  return tiles;
}

inline std::string jungle_engine(const std::string& name) {
  return std::string("cmd='") + JUNGLE_BINARY + "' name=" + name;
}

// The FEN tag of a record: a hidden game's set-up, as the arbiter knows it.
inline std::string fen_tag(const std::string& record) {
  std::smatch m;
  return std::regex_search(record, m, std::regex("\\[FEN \"([^\"]*)\"\\]")) ? m[1].str() : "";
}

// A `jungle match` of builtin engines under `variant` at `tc`, with the
// match's own chance (paired deals), as its command line would make it.
inline MatchResult builtin_match(const std::string& variant, const std::string& a,
                                 const std::string& b, int games, const std::string& tc,
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

}  // namespace jungle::match::match_testing
