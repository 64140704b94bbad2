#include "notation/convert.h"

#include "core/dialect_move.h"
#include "core/dialect_position.h"
#include "core/geometry.h"
#include "core/notation.h"
#include "core/position.h"
#include "core/text_util.h"

namespace jungle::notation {

std::string convert_position(std::string_view text, Dialect from, Dialect to) {
  return write_position(to, read_position(from, text));
}

std::vector<std::string> convert_moves(const std::vector<std::string>& moves, Dialect from,
                                       Dialect to, std::string_view start, RuleSetPtr rules) {
  if (!(rules->geometry() == kStandardGeometry)) {
    throw NotationError("the other programs play on the 7x9 board only; this rule set's board is " +
                        std::to_string(rules->geometry().files()) + "x" +
                        std::to_string(rules->geometry().ranks()));
  }
  Position pos(rules);
  if (!trim(start).empty()) {
    const std::string fen = write_position(Dialect::kJungle, read_position(from, start));
    try {
      pos = Position::from_fen(fen, rules);
    } catch (const FenError& e) {
      throw NotationError(std::string("start position: ") + e.what());
    }
  }
  std::vector<std::string> out;
  for (size_t i = 0; i < moves.size(); ++i) {
    const std::string where = "move " + std::to_string(i + 1) + " (" + in_quotes(moves[i]) + ")";
    const Side mover = pos.side_to_move();
    Move m;
    try {
      m = read_move(from, moves[i], mover);
    } catch (const NotationError& e) {
      throw NotationError(where + ": " + e.what());
    }
    // Legality is judged by our own reader, which says why a move is not legal.
    std::string why;
    const std::optional<Move> legal = parse_move(pos, write_move(Dialect::kJungle, m, mover), &why);
    if (!legal) throw NotationError(where + ": " + why);
    out.push_back(write_move(to, *legal, mover));
    pos.do_move(*legal);
  }
  return out;
}

}  // namespace jungle::notation
