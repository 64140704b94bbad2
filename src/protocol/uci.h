#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "core/position.h"
#include "search/engine.h"

namespace jungle {

// The engine protocol: UCI as chess engines speak it, with Jungle's board.
// Moves are coordinate moves ("a3a4"), `wtime`/`winc` are the first player's
// (Blue's) clock, and the rule set is the Variant option. The engine searches
// in the background, so `stop`, `isready` and `quit` are answered while it
// thinks; every line written is whole and flushed.
class UciProtocol {
 public:
  UciProtocol(std::istream& in, std::ostream& out);
  ~UciProtocol();
  UciProtocol(const UciProtocol&) = delete;
  UciProtocol& operator=(const UciProtocol&) = delete;

  // Reads and runs commands until `quit` or the end of the input, then stops
  // any search and waits for its `bestmove`. Returns the process exit status.
  int run();
  // Runs one command line; returns false when it was `quit`.
  bool execute(std::string_view line);
  // Blocks until the running search, if any, has written its `bestmove`.
  void wait_for_search();

  const Position& position() const { return pos_; }

 private:
  void send(std::string_view text);  // one or more lines, written under the output lock
  void error(std::string_view message);

  void cmd_uci();
  void cmd_setoption(const std::vector<std::string>& args);
  void cmd_position(const std::vector<std::string>& args);
  void cmd_go(const std::vector<std::string>& args);
  void cmd_perft(int depth);
  void cmd_display();
  void cmd_bench(const std::vector<std::string>& args);
  // Commands that change the engine need it idle. They wait for a search that
  // will end by itself or has been told to stop, and refuse during one that
  // would never end (`go infinite` and the like), which would hang the input.
  bool engine_idle(std::string_view command);

  static constexpr const char* kBuiltInEval = "<built-in>";
  void set_eval_file(const std::string& path);
  void on_info(const SearchInfo& info);
  void on_done(const Position& root, const SearchResult& result);

  std::istream& in_;
  std::ostream& out_;
  std::mutex out_mutex_;
  Engine engine_;
  EngineOptions options_;
  std::string variant_ = "standard";
  std::string eval_file_ = kBuiltInEval;  // the file the weights were read from
  Position pos_;
  std::atomic<bool> stop_requested_{false};
  bool search_bounded_ = false;  // the running search has a depth, node or time limit
};

// `bench`: a fixed set of positions searched to a fixed depth with one
// thread and 16 MB of hash, each after a new game. The total node count is
// the search's signature: it changes only when the search's behaviour does.
inline constexpr int kDefaultBenchDepth = 13;

struct BenchResult {
  uint64_t nodes = 0;
  int64_t time_ms = 0;
};

// Writes one line per position, then `Nodes searched: N` and `Nodes/second: N`.
BenchResult run_bench(int depth, const std::function<void(const std::string&)>& write_line);

}  // namespace jungle
