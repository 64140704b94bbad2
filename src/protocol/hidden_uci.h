#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "core/secure_random.h"
#include "hidden/player_view.h"
#include "hidden_search/hidden_search.h"

namespace jungle {

// The engine protocol for a rule set with hidden pieces (setoption name
// Variant value hidden; docs/hidden.md, "Protocol"). The engine is told
// only what its side was shown:
//   position hidden blue|red fen <view FEN> [moves <announcement> ...]
//   position hidden blue|red startpos [moves ...]   (setup = "fixed" only)
// where each announcement is the arbiter's ("e3e4", "e3e4:took=Tw",
// "c3c4:refused"); `go [movetime MS] [depth N] [wtime/btime MS] [infinite]`
// answers `bestmove MOVE`, the move to try, after `info` lines with its
// score and `info string worlds K expected E candidates M E ...`;
// `setup blue|red` answers `setup <placement>`, its own secret
// arrangement (setup = "chosen"); `d` shows its view and what it deduced.
// The open game's `position startpos|fen` is refused: the engine never
// takes the truth.
class HiddenUciSession {
 public:
  using Writer = std::function<void(std::string_view)>;
  HiddenUciSession(RuleSetPtr rules, Writer send, Writer error);
  ~HiddenUciSession();

  void position(const std::vector<std::string>& args);
  void go(const std::vector<std::string>& args);
  void setup(const std::vector<std::string>& args);
  void display();
  void new_game();
  void stop();
  void wait();

 private:
  RuleSetPtr rules_;
  Writer send_, error_;
  std::optional<hidden::PlayerView> view_;
  std::unique_ptr<hidden::HiddenSearcher> searcher_;
  std::thread thread_;
  // The engine's secret arrangement (`setup`), which its opponent must not
  // be able to tell: from the system's cryptographic generator.
  SecureRandom setup_rng_;
};

}  // namespace jungle
