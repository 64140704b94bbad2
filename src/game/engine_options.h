#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "game/engine.h"
#include "game/time_plan.h"

// Making and reading the engines' options (OptionSpec), so that every
// engine announces them and refuses bad values in the same words.

namespace jungle::game {

OptionSpec spin_option(std::string name, int64_t default_value, int64_t min, int64_t max);
OptionSpec check_option(std::string name, bool default_value);
OptionSpec combo_option(std::string name, std::string default_value,
                        std::vector<std::string> values);
OptionSpec string_option(std::string name, std::string default_value);
OptionSpec button_option(std::string name);

// The option called `name` (case-insensitive), or nullptr.
const OptionSpec* find_option(const std::vector<OptionSpec>& options, std::string_view name);
// The option called `name`; throws std::invalid_argument "unknown option 'X'".
OptionSpec option_named(const std::vector<OptionSpec>& options, std::string_view name);

// A value for `spec`, checked: throws std::invalid_argument, "Hash must be
// an integer from 1 to 65536, not 'x'", "UCI_ShowWDL must be true or
// false, not 'maybe'", "Mode must be full, random or material, not 'x'".
int64_t spin_value(const OptionSpec& spec, std::string_view value);
bool check_value(const OptionSpec& spec, std::string_view value);
std::string combo_value(const OptionSpec& spec, std::string_view value);  // lower case

// How the protocol's `uci` announces it: "option name Hash type spin
// default 64 min 1 max 65536".
std::string option_uci_text(const OptionSpec& spec);

}  // namespace jungle::game

namespace jungle::game {

// The options of the engines that answer on a thread of their own (flip,
// hidden): how many lines to value, the time kept back for the interface,
// the search's strength (skill_choice.h), who plays (the search, or one of
// the family's baselines) and the seed of the baselines' and the weakened
// search's choices. One place announces and sets them, in the same words.
struct PlayOptions {
  int multipv = 1;
  int64_t move_overhead_ms = kDefaultMoveOverheadMs;
  int skill = 20;  // Skill Level: 20 full strength
  std::string mode = "full";
  int64_t seed = 0;

  // MultiPV, Move Overhead, Skill Level, Mode (`modes`, "full" first) and
  // Seed, in the order `uci` announces them.
  std::vector<OptionSpec> specs(const std::vector<std::string>& modes) const;
  // Sets the one `key` (lower case) names from `value`, checked against
  // `spec`; `before_change` (waiting for a running search) runs once the
  // value is good. False, changing nothing, for an option not of these.
  bool set(std::string_view key, const OptionSpec& spec, std::string_view value,
           const std::function<void()>& before_change);
};

}  // namespace jungle::game
