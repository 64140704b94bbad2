#include "puzzles/themes.h"

namespace jungle::puzzles {

std::vector<std::string> tag_themes(const Position& start, const std::vector<Move>& solution,
                                    Goal goal) {
  const RuleSet& rs = start.rule_set();
  const Side player = start.side_to_move();
  bool den = false, trap = false, jump = false, rat_elephant = false;
  Position pos = start;
  for (size_t i = 0; i < solution.size(); ++i) {
    const Move m = solution[i];
    if (i % 2 == 0) {
      const Piece mover = pos.piece_on(m.from());
      const Piece taken = pos.piece_on(m.to());
      // A move that is no step of its animal from there crossed the water.
      if (!(rs.steps(player, animal_of(mover), m.from()) & square_bb(m.to()))) jump = true;
      if (taken != kNoPiece) {
        if (rs.all_traps() & square_bb(m.to())) trap = true;
        if (animal_of(mover) == kRat && animal_of(taken) == kElephant) rat_elephant = true;
      }
      if (i + 1 == solution.size() && (rs.den_bb(opponent(player)) & square_bb(m.to()))) {
        den = true;
      }
    }
    pos.do_move(m);
  }
  const bool flags[] = {den,
                        trap,
                        jump,
                        rat_elephant,
                        goal == Goal::kDefend,
                        popcount(start.occupied()) <= kEndgamePieces};
  std::vector<std::string> themes;
  for (size_t i = 0; i < std::size(flags); ++i) {
    if (flags[i]) themes.emplace_back(kThemeNames[i]);
  }
  return themes;
}

}  // namespace jungle::puzzles
