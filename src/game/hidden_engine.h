#pragma once

#include <atomic>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "core/position.h"
#include "core/secure_random.h"
#include "game/engine.h"
#include "game/engine_options.h"
#include "game/search_thread.h"
#include "hidden_search/hidden_search.h"

// The engine of hidden pieces behind the facade: it is given one side's
// view (its own animals, the announcements) and never the truth. Mode
// full is the searcher of hidden_search.h; random, greedy and sampler are
// the in-process baselines (hidden_search/hidden_match.h), which choose
// from the view alone. The cheating baseline is not offered: it needs the
// arbiter's truth, which no Observation carries.
// Options: Hash (each world's search), MultiPV (the candidates reported,
// best first; above one the tree values each exactly, not as a bound), Move Overhead (the time
// plan, time_plan.h), Skill Level (below 20 one of the candidates is played, skill_choice.h; the
// search itself is not cut: its depth is each world's, and its time is shared among worlds), Mode,
// Seed (the worlds drawn, the baselines' choices and the weakened search's), the search's own
// settings (Method, Model, Tree Pruning, Worlds, Candidates, Contact, World Lines, First Share,
// Risk, Anchor: HiddenSearchOptions, as `jungle hidden-match` sets them) and Clear Hash. Scores are
// expected results written as centipawns by the one curve (score.h). Set
// "Variant" (not announced) to change the rule set; a go under another
// variant changes it too.

namespace jungle::game {

class HiddenEngine final : public Engine {
 public:
  HiddenEngine();
  ~HiddenEngine() override;

  std::vector<OptionSpec> options() const override;
  std::vector<std::string> set_option(std::string_view name, std::string_view value) override;
  void new_game() override;
  // Also refuses a view whose viewer is not to move (or is a spectator).
  void validate(const Observation& observation) const override;
  void go(const Observation& observation, const Limits& limits, InfoCallback on_info,
          DoneCallback on_done) override;
  void stop() override;
  void wait() override;
  bool searching() const override { return thread_.busy(); }
  // A secret arrangement for `side`: one of the sensible arrangements
  // (hidden_search/setup_choice.h) drawn from the system's cryptographic
  // generator (on the calling thread), so that its opponent cannot tell it
  // from anything it saw; once the Seed option is set, from a generator
  // seeded by it, so that a match or a seeded game replays.
  std::string choose_setup(Side side) override;
  std::string describe(const Observation& observation) const override;
  std::string eval_text(const Observation& observation) const override;

 private:
  RuleSetPtr rules_of(std::string_view variant) const;
  void use_variant(std::string_view variant);

  std::string variant_ = "hidden";
  RuleSetPtr rules_;
  hidden::HiddenSearchOptions search_options_;
  std::unique_ptr<hidden::HiddenSearcher> searcher_;
  SearchThread thread_;
  PlayOptions play_;
  SecureRandom setup_rng_;
  std::optional<std::mt19937_64> seeded_setup_rng_;
};

// A new HiddenEngine, as the hidden family's make_engine gives it.
std::unique_ptr<Engine> make_hidden_engine();

}  // namespace jungle::game
