#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "game/engine.h"
#include "game/search_thread.h"

// An engine behind the facade made of one function that chooses an action
// for an observation: how the in-process baselines (builtin_engines.h)
// become engines a match plays like any other. The function keeps its own
// state (a baseline's generator, a search's table) from one call to the
// next and across games: new_game changes nothing, so that a match of the
// baselines replays exactly for its seed, as their own game loop did.

namespace jungle::game {

class PlayerEngine final : public Engine {
 public:
  // The action's text for the observation's viewer, who is to move and has
  // an action; `limits` is the match's, which a chooser with its own budget
  // (the aliases' players) ignores. Runs on the engine's thread.
  using Chooser = std::function<std::string(const Observation&, const Limits&)>;

  explicit PlayerEngine(Chooser choose) : choose_(std::move(choose)) {}
  ~PlayerEngine() override { wait(); }

  // None: what a baseline plays is fixed when it is made.
  std::vector<OptionSpec> options() const override { return {}; }
  std::vector<std::string> set_option(std::string_view name, std::string_view value) override;
  void new_game() override { wait(); }
  void validate(const Observation& observation) const override {
    check_viewer_to_move(observation);
  }
  void go(const Observation& observation, const Limits& limits, InfoCallback on_info,
          DoneCallback on_done) override;
  // A baseline answers at once and a search player within its own budget:
  // there is nothing to interrupt, and the answer comes as it would.
  void stop() override {}
  void wait() override { thread_.join(); }
  bool searching() const override { return thread_.busy(); }
  std::string describe(const Observation& observation) const override {
    return observation.diagram;
  }

 private:
  Chooser choose_;
  SearchThread thread_;
};

}  // namespace jungle::game
