#include "game/truth_observation.h"

#include <stdexcept>
#include <string>

#include "core/movegen.h"
#include "game/families.h"
#include "game/family.h"
#include "game/rules_of_family.h"

namespace jungle::game {

Observation truth_observation(const State& state) {
  const Actor actor = state.actor();
  if (!actor.is_side() || state.over()) {
    throw std::invalid_argument("the whole board is searched only where a side is to move");
  }
  const Position truth = Position::from_fen(state.fen(), load_board_rules(state.variant()));
  Observation o;
  o.family = std::string(open_family().name());
  o.variant = state.variant();
  o.viewer = actor.side;
  o.position = "fen " + state.fen();
  o.diagram = state.diagram();
  o.start_fen = state.fen();
  o.fen = state.fen();
  o.to_move = actor.side;
  for (const Move m : generate_moves(truth)) {
    o.legal_actions.push_back(truth.rule_set().geometry().move_text(m));
  }
  o.plies = state.plies();
  o.result = state.result();
  o.result_message = state.result_message();
  return o;
}

}  // namespace jungle::game
