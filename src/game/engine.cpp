#include "game/engine.h"

#include <stdexcept>

namespace jungle::game {

void check_viewer_to_move(const Observation& observation) {
  if (observation.viewer && observation.to_move && *observation.viewer != *observation.to_move) {
    throw std::invalid_argument(side_name(*observation.to_move) +
                                " is to move, and the observation is " +
                                side_name(*observation.viewer) + "'s");
  }
}

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
