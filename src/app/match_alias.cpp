// The helpers both families' players of the match aliases are made with
// (declared, and described, in match_alias.h).

#include "app/match_alias.h"

#include <memory>
#include <string>
#include <utility>

#include "game/fixed_limits_engine.h"

namespace jungle::app::alias {

int movetime_of(const AliasOptions& opt, bool second) {
  return second && opt.opponent_movetime > 0 ? opt.opponent_movetime : opt.movetime;
}

SearchClock clock_of(const AliasOptions& opt) {
  return opt.cpu_time ? SearchClock::thread_cpu() : SearchClock::wall();
}

std::string time_text(const AliasOptions& opt, bool second) {
  return std::to_string(movetime_of(opt, second)) + " ms" + (opt.cpu_time ? " of CPU time" : "") +
         " a move";
}

game::BuiltinEngine protocol_engine(std::unique_ptr<game::Engine> engine,
                                    const std::string& variant, const Settings& settings,
                                    const game::Limits& per_move) {
  engine->set_option("Variant", variant);
  engine->set_option("Move Overhead", "0");
  for (const auto& [option, value] : settings) engine->set_option(option, value);
  game::BuiltinEngine out;
  out.engine = game::at_fixed_limits(std::move(engine), per_move);
  return out;
}

}  // namespace jungle::app::alias
