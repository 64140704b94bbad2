#include "game/flip_observation.h"

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/text_util.h"

namespace jungle::game {

flip::FlipPosition flip_position_of(const flip::FlipRulesPtr& rules, std::string_view position) {
  const std::vector<std::string> args = split(position);
  size_t i = 0;
  std::optional<flip::FlipPosition> next;
  try {
    if (!args.empty() && args[0] == "startpos") {
      i = 1;
      next.emplace(rules);
    } else if (!args.empty() && args[0] == "fen") {
      i = size_t(std::find(args.begin(), args.end(), "moves") - args.begin());
      next.emplace(rules, join_words(args, 1, i));
    } else {
      throw std::invalid_argument("position: expected 'position startpos|fen <FEN> [moves ...]'");
    }
  } catch (const flip::FlipFenError& e) {
    throw std::invalid_argument("invalid FEN '" + join_words(args, 1, i) + "': " + e.what());
  }
  if (i < args.size() && args[i] != "moves") {
    throw std::invalid_argument("position: expected 'moves' after startpos, not '" + args[i] + "'");
  }
  for (size_t j = i + 1; j < args.size(); ++j) {
    const std::string prefix = "move " + std::to_string(j - i) + " " + args[j];
    if (next->end() != flip::FlipEnd::kNone) {
      throw std::invalid_argument(prefix + " comes after the game ended");
    }
    flip::Ply ply;
    if (!next->parse_ply(args[j], ply)) {
      // A flip needs its outcome: the position after it depends on it.
      flip::Action a;
      throw std::invalid_argument(prefix +
                                  (next->parse_action(args[j], a) && a.is_flip()
                                       ? " is a flip without what it revealed: write it like b2?=L"
                                       : " is not legal here"));
    }
    next->play(ply);
  }
  return std::move(*next);
}

std::string cell_text(flip::Cell c) {
  if (c == flip::kHidden) return "?";
  if (c == flip::kEmpty) return "";
  return std::string(1, piece_letter(Piece(c)));
}

std::vector<SeenPly> flip_seen_plies(const flip::FlipRulesPtr& rules, std::string_view position) {
  const flip::FlipPosition end = flip_position_of(rules, position);
  const std::vector<flip::Ply>& history = end.history();
  flip::FlipPosition p(end.rules_ptr(), end.initial_fen());
  // The first player plays Blue unless the first flip gave it Red.
  const Side first =
      !p.colours_known() && !history.empty() ? side_of(history.front().revealed) : kBlue;
  std::vector<SeenPly> plies;
  for (const flip::Ply& ply : history) {
    SeenPly s;
    s.move = flip::ply_text(ply);
    s.action = flip::action_text(ply.action);
    s.seat = p.colours_known() && p.side_to_move() != first ? 1 : 0;
    if (ply.action.is_flip()) {
      s.side = side_of(ply.revealed);
      s.revealed = cell_text(flip::Cell(ply.revealed));
      p.play(ply);
    } else {
      const flip::Cell mover = p.cell(ply.action.from), target = p.cell(ply.action.to);
      s.side = side_of(Piece(mover));
      s.piece = cell_text(mover);
      p.play(ply);
      const flip::Cell after = p.cell(ply.action.to);
      if (target != flip::kEmpty && after != target) s.captured = cell_text(target);
      if (after != mover) s.lost = cell_text(mover);
    }
    s.fen = p.fen();
    plies.push_back(std::move(s));
  }
  return plies;
}

}  // namespace jungle::game
