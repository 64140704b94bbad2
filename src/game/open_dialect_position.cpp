#include "game/open_dialect_position.h"

#include <map>
#include <utility>
#include <vector>

#include "core/text_util.h"
#include "core/variants.h"
#include "game/open_observation.h"
#include "notation/convert.h"

namespace jungle::game {

std::string mistboard_open_position(const Observation& observation) {
  using notation::Dialect;
  Position pos = open_position_of(load_variant(observation.variant), observation.position);
  // Every position from the current one back to the start, newest first.
  std::vector<std::string> fens;
  for (;;) {
    fens.push_back(notation::convert_position(pos.fen(), Dialect::kJungle, Dialect::kMistboard));
    if (pos.history_plies() == 0) break;
    pos.undo_move();
  }
  // By board and side to move (the FEN's first two fields): how often, and
  // the earliest FEN, in the order first seen.
  std::map<std::string, std::pair<int, size_t>> seen;
  std::vector<std::string> order;
  for (size_t i = fens.size(); i-- > 0;) {
    const std::vector<std::string> fields = split(fens[i]);
    const std::string key = fields[0] + " " + fields[1];
    auto [entry, added] = seen.try_emplace(key, 0, i);
    if (added) order.push_back(key);
    ++entry->second.first;
  }
  std::vector<std::string> reps;
  for (const std::string& key : order) {
    const auto& [count, index] = seen[key];
    if (count >= 2) reps.push_back(fens[index]);
  }
  std::string line = "fen " + fens.front();
  if (!reps.empty()) line += " reps " + join(reps, ";");
  return line;
}

}  // namespace jungle::game
