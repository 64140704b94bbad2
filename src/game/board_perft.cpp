#include "game/board_perft.h"

#include <optional>
#include <stdexcept>
#include <string>

#include "core/notation.h"
#include "core/perft.h"

namespace jungle::game {

std::vector<PerftLine> board_perft(const RuleSetPtr& rules, std::string_view start,
                                   const std::vector<std::string>& moves, int depth) {
  Position pos(rules);
  if (!start.empty()) {
    try {
      pos = Position::from_fen(start, rules);
    } catch (const FenError& e) {
      throw std::invalid_argument(e.what());
    }
  }
  for (size_t i = 0; i < moves.size(); ++i) {
    std::string why;
    const std::optional<Move> m = parse_move(pos, moves[i], &why);
    if (!m) throw std::invalid_argument("move " + std::to_string(i + 1) + ": " + why);
    pos.do_move(*m);
  }
  std::vector<PerftLine> out;
  for (const auto& [m, count] : perft_divide(pos, depth)) {
    out.push_back({pos.rule_set().geometry().move_text(m), count});
  }
  return out;
}

}  // namespace jungle::game
