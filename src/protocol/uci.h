#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "core/dialect.h"
#include "core/position.h"
#include "game/engine.h"
#include "game/family.h"
#include "game/strength_model.h"

namespace jungle {

// The engine protocol: UCI as chess engines speak it, with Jungle's boards,
// for every family of game (docs/engine.md, "Protocol"). The rule set is the Variant
// option; its family (game/family.h) makes the engine that plays it, and
// `position`, `go`, `stop`, `d`, `eval`, `setup` and `ucinewgame` go to that
// engine through game::Engine, so that one `go` parser, one time plan, one
// score writer and one info writer serve the open game, Flip Jungle and
// hidden pieces alike. `uci` announces the options the engine offers.
// Moves are coordinate moves ("a3a4"), `wtime`/`winc` are the first
// player's (Blue's) clock. Searches, `go perft` and `bench` run in the
// background, so the input is always read: `stop`, `isready` and `quit` are
// answered at once; a command that needs the engine idle (`go`,
// `ucinewgame`, `setoption`, `bench`) first stops what runs, as `stop`
// would. Every line written is whole and flushed.
// In mistboard's dialect (`jungle uci --dialect mistboard`, or the Dialect
// option) `position` takes mistboard's FEN, squares and `reps`, and the
// moves of `info ... pv` and `bestmove` are written in its squares
// (uci_dialect.h); the open game on the 7x9 board only.
class UciProtocol {
 public:
  UciProtocol(std::istream& in, std::ostream& out,
              notation::Dialect dialect = notation::Dialect::kJungle);
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

  // For the open game's tests: the position the last accepted `position`
  // set (the rule set's start before one). Throws std::invalid_argument
  // under another family, whose observations are no Position.
  Position position() const;

 private:
  void send(std::string_view text);  // one or more lines, written under the output lock
  void error(std::string_view message);

  void cmd_uci();
  void cmd_setoption(const std::vector<std::string>& args);
  void cmd_variant(const std::string& value);
  void cmd_dialect(const std::string& value);
  void cmd_position(const std::vector<std::string>& args);
  void cmd_go(const std::vector<std::string>& args);
  void cmd_setup(const std::vector<std::string>& args);
  void cmd_perft(int depth);
  void cmd_bench(const std::vector<std::string>& args);
  // Ends the running search, perft or bench and waits for its last words:
  // only as long as the stop takes, never for a search that would not end.
  void interrupt();
  // Takes `family`'s engine and the observation of `variant`'s start.
  void use_family(const game::Family& family, const std::string& variant,
                  std::unique_ptr<game::Engine> engine);

  void on_info(const game::SearchInfo& info);
  void on_done(const game::Answer& answer);

  std::istream& in_;
  std::ostream& out_;
  std::mutex out_mutex_;
  std::string variant_ = "standard";
  notation::Dialect dialect_ = notation::Dialect::kJungle;
  const game::Family* family_ = nullptr;
  std::unique_ptr<game::Engine> engine_;
  // The engine's options as set, in order: a new engine (another family's)
  // is given those it offers too.
  std::vector<std::pair<std::string, std::string>> settings_;
  // The last observation `position` gave (the start after a Variant change,
  // where the family has one everybody knows).
  std::optional<game::Observation> observation_;
  // The last `position` was rejected: `go` answers 0000 rather than search
  // a position the interface did not ask for.
  bool position_rejected_ = false;
  std::thread task_;  // `go perft` and `bench`
  std::atomic<bool> task_stop_{false};
  bool ponder_ = false;  // Ponder: only announced; `go ponder` works either way
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
