#include "game/engine_options.h"

#include <stdexcept>
#include <utility>

#include "core/text_util.h"
#include "game/option_limits.h"

namespace jungle::game {

OptionSpec spin_option(std::string name, int64_t default_value, int64_t min, int64_t max) {
  OptionSpec s;
  s.name = std::move(name);
  s.type = OptionSpec::Type::kSpin;
  s.default_value = std::to_string(default_value);
  s.min = min;
  s.max = max;
  return s;
}

OptionSpec check_option(std::string name, bool default_value) {
  OptionSpec s;
  s.name = std::move(name);
  s.type = OptionSpec::Type::kCheck;
  s.default_value = default_value ? "true" : "false";
  return s;
}

OptionSpec combo_option(std::string name, std::string default_value,
                        std::vector<std::string> values) {
  OptionSpec s;
  s.name = std::move(name);
  s.type = OptionSpec::Type::kCombo;
  s.default_value = std::move(default_value);
  s.values = std::move(values);
  return s;
}

OptionSpec string_option(std::string name, std::string default_value) {
  OptionSpec s;
  s.name = std::move(name);
  s.type = OptionSpec::Type::kString;
  s.default_value = std::move(default_value);
  return s;
}

OptionSpec button_option(std::string name) {
  OptionSpec s;
  s.name = std::move(name);
  s.type = OptionSpec::Type::kButton;
  return s;
}

const OptionSpec* find_option(const std::vector<OptionSpec>& options, std::string_view name) {
  const std::string wanted = lower(name);
  for (const OptionSpec& o : options) {
    if (lower(o.name) == wanted) return &o;
  }
  return nullptr;
}

int64_t spin_value(const OptionSpec& spec, std::string_view value) {
  int64_t v = 0;
  if (!parse_int(value, v) || v < spec.min || v > spec.max) {
    throw std::invalid_argument(spec.name + " must be an integer from " + std::to_string(spec.min) +
                                " to " + std::to_string(spec.max) + ", not '" + std::string(value) +
                                "'");
  }
  return v;
}

bool check_value(const OptionSpec& spec, std::string_view value) {
  const std::string v = lower(value);
  if (v != "true" && v != "false") {
    throw std::invalid_argument(spec.name + " must be true or false, not '" + std::string(value) +
                                "'");
  }
  return v == "true";
}

std::string combo_value(const OptionSpec& spec, std::string_view value) {
  const std::string v = lower(value);
  std::string choices;
  for (size_t i = 0; i < spec.values.size(); ++i) {
    if (spec.values[i] == v) return v;
    if (i > 0) choices += i + 1 == spec.values.size() ? " or " : ", ";
    choices += spec.values[i];
  }
  throw std::invalid_argument(spec.name + " must be " + choices + ", not '" + std::string(value) +
                              "'");
}

std::string option_uci_text(const OptionSpec& spec) {
  std::string s = "option name " + spec.name + " type ";
  switch (spec.type) {
    case OptionSpec::Type::kSpin:
      return s + "spin default " + spec.default_value + " min " + std::to_string(spec.min) +
             " max " + std::to_string(spec.max);
    case OptionSpec::Type::kCheck:
      return s + "check default " + spec.default_value;
    case OptionSpec::Type::kCombo:
      s += "combo default " + spec.default_value;
      for (const std::string& v : spec.values) s += " var " + v;
      return s;
    case OptionSpec::Type::kString:
      return s + "string default " + spec.default_value;
    case OptionSpec::Type::kButton:
      break;
  }
  return s + "button";
}

}  // namespace jungle::game

namespace jungle::game {

std::vector<OptionSpec> PlayOptions::specs(const std::vector<std::string>& modes) const {
  using namespace option_limits;
  return {spin_option("MultiPV", multipv, 1, kMaxMultiPv),
          spin_option("Move Overhead", move_overhead_ms, 0, kMaxMoveOverheadMs),
          spin_option("Skill Level", skill, 0, kMaxSkillLevel), combo_option("Mode", mode, modes),
          spin_option("Seed", seed, 0, kMaxSeed)};
}

bool PlayOptions::set(std::string_view key, const OptionSpec& spec, std::string_view value,
                      const std::function<void()>& before_change) {
  if (key == "multipv") {
    const int v = int(spin_value(spec, value));
    before_change();
    multipv = v;
  } else if (key == "move overhead") {
    const int64_t v = spin_value(spec, value);
    before_change();
    move_overhead_ms = v;
  } else if (key == "skill level") {
    const int v = int(spin_value(spec, value));
    before_change();
    skill = v;
  } else if (key == "mode") {
    std::string v = combo_value(spec, value);
    before_change();
    mode = std::move(v);
  } else if (key == "seed") {
    const int64_t v = spin_value(spec, value);
    before_change();
    seed = v;
  } else {
    return false;
  }
  return true;
}

}  // namespace jungle::game

namespace jungle::game {

OptionSpec option_named(const std::vector<OptionSpec>& options, std::string_view name) {
  const OptionSpec* spec = find_option(options, name);
  if (!spec) throw std::invalid_argument("unknown option '" + std::string(name) + "'");
  return *spec;
}

}  // namespace jungle::game
