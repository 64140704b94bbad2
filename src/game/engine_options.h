#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "game/engine.h"

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
