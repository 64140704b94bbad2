// The terminal's words for an observation, each asked of the observation's
// family (Family::text, game/observation_text.h): the terminal never asks
// which family it plays.

#include "ui/observation_view.h"

#include "game/family.h"
#include "game/observation_text.h"

namespace jungle {

namespace {

const game::ObservationText& text_of(const game::Observation& o) {
  return game::family_of(o).text();
}

}  // namespace

std::string board_text(const game::Observation& o, const BoardStyle& style) {
  return text_of(o).board(o, style);
}

std::string event_words(const game::Observation& after) {
  return text_of(after).event_words(after);
}

std::string viewer_fen(const game::Observation& o) {
  return text_of(o).viewer_fen(o);
}

std::vector<std::string> deductions(const game::Observation& o) {
  return text_of(o).deductions(o);
}

std::vector<std::string> rules_lines(const game::Observation& o) {
  return text_of(o).rules_lines(o.variant);
}

}  // namespace jungle
