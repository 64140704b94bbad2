// What a family says of other programs' languages when it speaks none:
// ours only (Family::speaks and the conversions, family.h).

#include <string>

#include "game/family.h"

namespace jungle::game {

namespace {

std::string only_ours(const Family& family, notation::Dialect dialect, std::string_view text) {
  if (dialect == notation::Dialect::kJungle) return std::string(text);
  throw notation::NotationError(std::string(family.title()) + " is not written in " +
                                std::string(notation::dialect_name(dialect)) +
                                "'s notation (docs/dialects.md)");
}

}  // namespace

bool Family::speaks(notation::Dialect dialect, std::string_view /*variant*/) const {
  return dialect == notation::Dialect::kJungle;
}

std::string Family::fen_to_ours(notation::Dialect dialect, std::string_view fen) const {
  return only_ours(*this, dialect, fen);
}

std::string Family::fen_to_theirs(notation::Dialect dialect, std::string_view fen) const {
  return only_ours(*this, dialect, fen);
}

std::string Family::action_to_ours(notation::Dialect dialect, std::string_view action) const {
  return only_ours(*this, dialect, action);
}

std::string Family::action_to_theirs(notation::Dialect dialect, std::string_view action) const {
  return only_ours(*this, dialect, action);
}

std::string Family::position_in(notation::Dialect dialect, const Observation& observation) const {
  return only_ours(*this, dialect, observation.position);
}

}  // namespace jungle::game
