#include "game/engine.h"

#include <stdexcept>

namespace jungle::game {

std::string Engine::eval_text(const Observation& observation) const {
  throw std::invalid_argument("a game of the " + observation.family +
                              " family has no one position to evaluate; 'd' shows what the "
                              "engine reads");
}

Answer Engine::think(const Observation& observation, const Limits& limits, InfoCallback on_info) {
  Answer answer;
  // on_done runs before wait() returns: the engines deliver, then end.
  go(observation, limits, std::move(on_info), [&answer](const Answer& a) { answer = a; });
  wait();
  return answer;
}

}  // namespace jungle::game
