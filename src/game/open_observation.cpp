#include "game/open_observation.h"

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/movegen.h"
#include "core/notation.h"
#include "core/text_util.h"

namespace jungle::game {

namespace {

// Where a section of the text ends: at the next keyword or the end.
size_t section_end(const std::vector<std::string>& args, size_t from) {
  size_t i = from;
  while (i < args.size() && args[i] != "moves" && args[i] != "reps") ++i;
  return i;
}

// `reps F1;F2;...`: FENs separated by ';' (each may hold spaces), every one a
// position that occurred twice in the game up to the root.
void seed_repetitions(Position& pos, std::string_view text) {
  int number = 0;
  for (size_t begin = 0; begin <= text.size();) {
    const size_t end = std::min(text.find(';', begin), text.size());
    const std::string fen = trim(text.substr(begin, end - begin));
    begin = end + 1;
    if (fen.empty()) continue;  // "reps" with nothing after it, or a ';' at the end
    ++number;
    try {
      pos.seed_occurrences(Position::from_fen(fen, pos.rule_set_ptr()).board_key(), 2);
    } catch (const FenError& e) {
      throw std::invalid_argument("reps FEN " + std::to_string(number) + " '" + fen +
                                  "': " + e.what());
    }
  }
}

}  // namespace

Position open_position_of(const RuleSetPtr& rules, std::string_view position) {
  const std::vector<std::string> args = split(position);
  size_t i = 0;
  Position next(rules);
  if (!args.empty() && args[0] == "startpos") {
    i = 1;
  } else if (!args.empty() && args[0] == "fen") {
    i = section_end(args, 1);
    const std::string fen = join_words(args, 1, i);
    try {
      next = Position::from_fen(fen, rules);
    } catch (const FenError& e) {
      throw std::invalid_argument("invalid FEN '" + fen + "': " + e.what());
    }
  } else {
    throw std::invalid_argument(
        "position: expected 'position startpos|fen <FEN> [moves ...] [reps <FEN>;<FEN>...]'");
  }
  // The moves and the repetitions in either order, each once.
  std::vector<std::string> moves;
  bool have_moves = false, have_reps = false;
  while (i < args.size()) {
    const std::string& keyword = args[i];
    if (keyword != "moves" && keyword != "reps") {
      throw std::invalid_argument("position: expected 'moves' or 'reps' after the position, not '" +
                                  args[i] + "'");
    }
    bool& seen = keyword == "moves" ? have_moves : have_reps;
    if (seen) throw std::invalid_argument("position: '" + keyword + "' given twice");
    seen = true;
    const size_t end = section_end(args, i + 1);
    if (keyword == "moves") {
      moves.assign(args.begin() + ptrdiff_t(i + 1), args.begin() + ptrdiff_t(end));
    } else {
      seed_repetitions(next, join_words(args, i + 1, end));
    }
    i = end;
  }
  const Geometry& board = rules->geometry();
  for (size_t j = 0; j < moves.size(); ++j) {
    const std::string& text = moves[j];
    const std::string prefix = "move " + std::to_string(j + 1) + " " + text;
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

std::string repetition_seeds_of(std::string_view position) {
  const std::vector<std::string> args = split(position);
  const size_t reps = size_t(std::find(args.begin(), args.end(), "reps") - args.begin());
  if (reps == args.size()) return "";
  return join_words(args, reps, section_end(args, reps + 1));
}

std::vector<SeenPly> open_seen_plies(const RuleSetPtr& rules, std::string_view position) {
  Position pos = open_position_of(rules, position);
  std::vector<Move> moves(size_t(pos.history_plies()));
  for (size_t i = moves.size(); i-- > 0;) {
    moves[i] = pos.last_move();
    pos.undo_move();
  }
  const Geometry& g = rules->geometry();
  std::vector<SeenPly> plies;
  for (const Move m : moves) {
    const Piece piece = pos.piece_on(m.from()), target = pos.piece_on(m.to());
    SeenPly p;
    p.move = p.action = g.move_text(m);
    p.side = side_of(piece);
    p.seat = int(p.side);
    p.piece = std::string(1, piece_letter(piece));
    if (target != kNoPiece) p.captured = std::string(1, piece_letter(target));
    p.jump = std::abs(g.file_of(m.from()) - g.file_of(m.to())) +
                 std::abs(g.rank_of(m.from()) - g.rank_of(m.to())) >
             1;
    pos.do_move(m);
    p.fen = pos.fen();
    plies.push_back(std::move(p));
  }
  return plies;
}

}  // namespace jungle::game
