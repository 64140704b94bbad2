#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "flip/flip_position.h"
#include "flip/flip_search.h"
#include "game/engine.h"
#include "game/engine_options.h"
#include "game/search_thread.h"

// Flip Jungle's engine behind the facade: the expectimax search
// (flip/flip_search.h), or one of the in-process baselines (Mode random,
// greedy, careful: flip/flip_match.h) so that a match can play them over
// the protocol. Options: Hash (the search's transposition table; its
// default is the size the search always had), MultiPV (the search's root
// lines), Move Overhead (the time plan, time_plan.h), Skill Level (below 20
// a search cut to 1 + level/2 plies that plays one of its best four
// actions, skill_choice.h), Mode, Seed (the random and greedy baselines'
// generator, and the weakened search's choices), the search's own settings
// (Quiescence, Transposition Table, Draw Cost, Chance Scale, Boxed In, Lead
// Draw Cost: FlipSearchOptions, what `jungle flip-match` sets with
// --no-quiescence, --no-tt, --contempt, --chance-scale, --boxed-in and
// --lead-draw-cost) and Clear Hash. Scores are expected results written
// as centipawns by the one curve (score.h); a win the tree sees to its end is a mate, one the
// endgame tables prove a tablebase score. Set "Variant" (not announced) to change the rule set; a
// go under another variant changes it too.

namespace jungle::game {

class FlipEngine final : public Engine {
 public:
  FlipEngine();
  ~FlipEngine() override;

  std::vector<OptionSpec> options() const override;
  std::vector<std::string> set_option(std::string_view name, std::string_view value) override;
  void new_game() override;
  void validate(const Observation& observation) const override;
  void go(const Observation& observation, const Limits& limits, InfoCallback on_info,
          DoneCallback on_done) override;
  void stop() override;
  void wait() override;
  bool searching() const override { return thread_.busy(); }
  std::string describe(const Observation& observation) const override;
  std::string eval_text(const Observation& observation) const override;

 private:
  flip::FlipRulesPtr rules_of(std::string_view variant) const;
  void use_variant(std::string_view variant);
  // A searcher with `options` and the table size Hash asked for.
  void use_search_options(const flip::FlipSearchOptions& options);

  std::string variant_ = "flip";
  flip::FlipRulesPtr rules_;
  flip::FlipSearchOptions search_options_;
  std::unique_ptr<flip::FlipSearcher> searcher_;
  SearchThread thread_;
  PlayOptions play_;
  int hash_mb_ = flip::FlipSearcher::default_hash_mb();
};

// A new FlipEngine, as the flip family's make_engine gives it.
std::unique_ptr<Engine> make_flip_engine();

}  // namespace jungle::game
