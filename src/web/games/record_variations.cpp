#include "web/games/record_variations.h"

namespace jungle::web {

namespace {

nlohmann::json variation_lines_json(const std::vector<std::vector<RecordedMove>>& lines,
                                    const Geometry& geometry);

nlohmann::json variation_line_json(const std::vector<RecordedMove>& line,
                                   const Geometry& geometry) {
  nlohmann::json moves = nlohmann::json::array();
  for (const RecordedMove& m : line) {
    moves.push_back({{"move", geometry.move_text(m.move)},
                     {"variations", variation_lines_json(m.variations, geometry)}});
  }
  return moves;
}

nlohmann::json variation_lines_json(const std::vector<std::vector<RecordedMove>>& lines,
                                    const Geometry& geometry) {
  nlohmann::json list = nlohmann::json::array();
  for (const std::vector<RecordedMove>& line : lines)
    list.push_back(variation_line_json(line, geometry));
  return list;
}

}  // namespace

nlohmann::json record_variations_json(const GameRecord& record, const Geometry& geometry) {
  nlohmann::json list = nlohmann::json::array();
  for (size_t ply = 0; ply < record.moves.size(); ++ply) {
    const RecordedMove& m = record.moves[ply];
    if (!m.variations.empty())
      list.push_back({{"ply", ply}, {"lines", variation_lines_json(m.variations, geometry)}});
  }
  return list;
}

}  // namespace jungle::web
