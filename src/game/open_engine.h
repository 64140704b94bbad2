#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/position.h"
#include "game/engine.h"
#include "search/engine.h"

// The open game's engine behind the facade: the alpha-beta search
// (search/engine.h) with every option the protocol has offered it (Hash,
// Threads, MultiPV, Skill Level, UCI_LimitStrength and UCI_Elo,
// UCI_ShowWDL, Contempt, Mode, Baseline Depth, Seed, Move Overhead, Eval
// File, TablebasePath, Clear Hash). It plans its own time from the clocks
// (search.cpp plan_time). Set "Variant" (not announced: the protocol
// chooses the family by it) to change the rule set before a go; a go under
// another variant changes it too.

namespace jungle::game {

class OpenEngine final : public Engine {
 public:
  OpenEngine();
  ~OpenEngine() override;

  std::vector<OptionSpec> options() const override;
  std::vector<std::string> set_option(std::string_view name, std::string_view value) override;
  void new_game() override;
  void validate(const Observation& observation) const override;
  void go(const Observation& observation, const Limits& limits, InfoCallback on_info,
          DoneCallback on_done) override;
  void stop() override;
  void wait() override;
  bool searching() const override;
  std::string describe(const Observation& observation) const override;
  std::string eval_text(const Observation& observation) const override;

  // The search itself, for what only the open game has (the protocol's
  // perft and bench run without it).
  const jungle::Engine& search() const { return engine_; }

 private:
  // The rule set of `variant`: the engine's own when it is the one set.
  RuleSetPtr rules_of(std::string_view variant) const;
  void use_variant(std::string_view variant);
  void apply_skill();
  void set_eval_file(std::string_view path);

  jungle::Engine engine_;
  EngineOptions options_;
  std::string variant_ = "standard";
  std::string eval_file_;
  int skill_level_ = 20;         // the Skill Level option
  bool limit_strength_ = false;  // UCI_LimitStrength: UCI_Elo sets the skill level
  int elo_;                      // UCI_Elo
  bool show_wdl_ = false;        // UCI_ShowWDL
};

// A new OpenEngine, as the open family's make_engine gives it.
std::unique_ptr<Engine> make_open_engine();

// The Modes that make the engine one of the open game's baselines
// (random, material, defender): the Mode option's values besides "full",
// and the names `jungle match --engine builtin=NAME` takes for them.
const std::vector<std::string>& open_baseline_modes();
// The baseline `mode` (one of open_baseline_modes): the open engine with
// that Mode, its Seed `seed` (folded into the option's range; 0 stays 0,
// a seed from the clock).
std::unique_ptr<Engine> make_open_baseline(std::string_view mode, uint64_t seed);

}  // namespace jungle::game
