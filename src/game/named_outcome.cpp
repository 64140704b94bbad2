#include "game/named_outcome.h"

#include <vector>

namespace jungle::game {

std::string apply_naming_outcome(State& state, std::string_view text) {
  try {
    state.apply(text);
    return state.actions().back();
  } catch (const ActionError& refused) {
    for (const std::string& action : state.legal_actions()) {
      if (text.size() <= action.size() || text.substr(0, action.size()) != action) continue;
      state.apply(action);
      if (!state.actor().is_chance()) {
        state.undo();
        continue;
      }
      std::string outcomes;
      for (const std::string& o : state.legal_actions()) {
        if (o == text) {
          state.apply(text);
          return action;
        }
        outcomes += (outcomes.empty() ? "" : ", ") + o;
      }
      state.undo();
      // The action is allowed, and what its text names of chance is not.
      throw ActionError("'" + std::string(text) + "' is none of what '" + action +
                        "' may give here: " + outcomes);
    }
    throw refused;
  }
}

}  // namespace jungle::game
