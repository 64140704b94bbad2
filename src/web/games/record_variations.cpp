#include "web/games/record_variations.h"

namespace jungle::web {

namespace {

nlohmann::json variation_lines_json(const std::vector<std::vector<RecordedText>>& lines);

nlohmann::json variation_line_json(const std::vector<RecordedText>& line) {
  nlohmann::json moves = nlohmann::json::array();
  for (const RecordedText& m : line) {
    moves.push_back({{"move", m.move}, {"variations", variation_lines_json(m.variations)}});
  }
  return moves;
}

nlohmann::json variation_lines_json(const std::vector<std::vector<RecordedText>>& lines) {
  nlohmann::json list = nlohmann::json::array();
  for (const std::vector<RecordedText>& line : lines) list.push_back(variation_line_json(line));
  return list;
}

}  // namespace

nlohmann::json record_variations_json(
    const std::vector<std::vector<std::vector<RecordedText>>>& by_ply) {
  nlohmann::json list = nlohmann::json::array();
  for (size_t ply = 0; ply < by_ply.size(); ++ply) {
    if (!by_ply[ply].empty())
      list.push_back({{"ply", ply}, {"lines", variation_lines_json(by_ply[ply])}});
  }
  return list;
}

nlohmann::json record_variations_json(const GameRecord& record, const Geometry& geometry) {
  const auto move_text = [&geometry](const Move& m) { return geometry.move_text(m); };
  std::vector<std::vector<std::vector<RecordedText>>> by_ply;
  for (const RecordedMove& m : record.moves) {
    std::vector<std::vector<RecordedText>>& lines = by_ply.emplace_back();
    for (const std::vector<RecordedMove>& line : m.variations)
      lines.push_back(line_as_text(line, move_text));
  }
  return record_variations_json(by_ply);
}

}  // namespace jungle::web
