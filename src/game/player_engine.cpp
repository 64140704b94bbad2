#include "game/player_engine.h"

#include <stdexcept>

namespace jungle::game {

std::vector<std::string> PlayerEngine::set_option(std::string_view name, std::string_view) {
  throw std::invalid_argument("unknown option '" + std::string(name) +
                              "': an in-process baseline takes no options");
}

void PlayerEngine::go(const Observation& observation, const Limits& limits, InfoCallback,
                      DoneCallback on_done) {
  validate(observation);
  thread_.start([this, observation, limits, on_done = std::move(on_done)] {
    Answer answer;
    try {
      if (!observation.legal_actions.empty()) answer.action = choose_(observation, limits);
    } catch (const std::exception& e) {
      // No action, and why: the match charges it as an illegal move.
      answer.action.clear();
      answer.warnings.push_back(e.what());
    }
    if (on_done) on_done(answer);
  });
}

}  // namespace jungle::game
