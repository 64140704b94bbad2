#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "core/position.h"
#include "game/strength_model.h"
#include "protocol/flip_uci.h"
#include "protocol/hidden_uci.h"
#include "search/engine.h"

namespace jungle {

// The engine protocol: UCI as chess engines speak it, with Jungle's board.
// Moves are coordinate moves ("a3a4"), `wtime`/`winc` are the first player's
// (Blue's) clock, and the rule set is the Variant option. Searches, `go
// perft` and `bench` run in the background, so the input is always read:
// `stop`, `isready` and `quit` are answered at once; a command that needs the
// engine idle (`go`, `ucinewgame`, `setoption`, `bench`) first stops what
// runs, as `stop` would. Every line written is whole and flushed.
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
  // Blocks until the running search, perft or bench, if any, has ended by itself.
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
  // Ends the running search, perft or bench and waits for its last words:
  // only as long as the stop takes, never for a search that would not end.
  void interrupt();
  void apply_skill();

  static constexpr const char* kBuiltInEval = "<built-in>";
  void set_eval_file(const std::string& path);
  void on_info(const SearchInfo& info, const Geometry& board);
  void on_done(const Position& root, const SearchResult& result);

  std::istream& in_;
  std::ostream& out_;
  std::mutex out_mutex_;
  Engine engine_;
  EngineOptions options_;
  std::string variant_ = "standard";
  std::string eval_file_ = kBuiltInEval;  // the file the weights were read from
  Position pos_;
  // The last `position` was rejected: `go` answers 0000 rather than search
  // a position the interface did not ask for.
  bool position_rejected_ = false;
  std::thread task_;  // `go perft` and `bench`
  std::atomic<bool> task_stop_{false};
  int skill_level_ = 20;         // the Skill Level option
  bool limit_strength_ = false;  // UCI_LimitStrength: UCI_Elo sets the skill level
  int elo_;                      // UCI_Elo
  bool show_wdl_ = false;        // UCI_ShowWDL
  bool ponder_ = false;          // Ponder: only announced; `go ponder` works either way
  // Set while the Variant is a Flip Jungle set: position, go, d, stop and
  // ucinewgame are then its (protocol/flip_uci.h).
  std::unique_ptr<FlipUciSession> flip_;
  // Set while the Variant hides pieces: position, go, setup, d, stop and
  // ucinewgame are then its (protocol/hidden_uci.h).
  std::unique_ptr<HiddenUciSession> hidden_;
};

// `bench`: a fixed set of positions searched to a fixed depth with one
// thread and 16 MB of hash, each after a new game. The total node count is
// the search's signature: it changes only when the search's behaviour does.
inline constexpr int kDefaultBenchDepth = 13;

struct BenchResult {
  uint64_t nodes = 0;
  int64_t time_ms = 0;
  bool stopped = false;  // `stop` came before the last position
};

// Writes one line per position, then `Nodes searched: N` and `Nodes/second: N`;
// once `stop` is set, ends at once and writes no totals.
BenchResult run_bench(int depth, const std::function<void(const std::string&)>& write_line,
                      const std::atomic<bool>* stop = nullptr);

}  // namespace jungle
