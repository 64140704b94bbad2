#include "game/open_observation.h"

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/movegen.h"
#include "core/notation.h"
#include "core/text_util.h"

namespace jungle::game {

Position open_position_of(const RuleSetPtr& rules, std::string_view position) {
  const std::vector<std::string> args = split(position);
  size_t i = 0;
  Position next(rules);
  if (!args.empty() && args[0] == "startpos") {
    i = 1;
  } else if (!args.empty() && args[0] == "fen") {
    i = size_t(std::find(args.begin(), args.end(), "moves") - args.begin());
    const std::string fen = join_words(args, 1, i);
    try {
      next = Position::from_fen(fen, rules);
    } catch (const FenError& e) {
      throw std::invalid_argument("invalid FEN '" + fen + "': " + e.what());
    }
  } else {
    throw std::invalid_argument("position: expected 'position startpos|fen <FEN> [moves ...]'");
  }
  if (i < args.size() && args[i] != "moves") {
    throw std::invalid_argument("position: expected 'moves' after startpos, not '" + args[i] + "'");
  }
  const Geometry& board = rules->geometry();
  for (size_t j = i + 1; j < args.size(); ++j) {
    const std::string& text = args[j];
    const std::string prefix = "move " + std::to_string(j - i) + " " + text;
    const std::optional<Move> move = board.parse_move_text(text);
    if (!move) {
      throw std::invalid_argument(
          prefix + " is not a move: expected a from-square and a to-square, like a3a4");
    }
    const Square from = move->from(), to = move->to();
    if (!generate_moves_past_draws(next).contains(Move(from, to))) {
      // Past a draw by our rules every move is refused for that reason
      // alone; explain_illegal would name the draw, not the move.
      const bool drawn = next.terminal_state() == GameResult::kDraw;
      throw std::invalid_argument(prefix + " is illegal: " +
                                  (drawn ? "no piece of the side to move can go from " +
                                               board.square_name(from) + " to " +
                                               board.square_name(to)
                                         : explain_illegal(next, from, to)));
    }
    next.do_move(Move(from, to));
  }
  return next;
}

}  // namespace jungle::game
