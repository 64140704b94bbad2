#include "ui/setup_screen.h"

#include <stdexcept>

#include "core/text_util.h"
#include "core/variants.h"
#include "game/family.h"
#include "hidden/player_view.h"
#include "hidden/setup.h"

namespace jungle {

std::string choose_setup(const std::string& variant, const SetupScreen& screen, RandomBits chance,
                         std::ostream& out) {
  // The game says whether it has a set-up to choose; the rule set is read
  // only for one that has (a hidden game's: the arrangements below are its).
  if (!game::family_of_variant(variant).setup_to_choose(variant)) return "";
  const RuleSetPtr rules = load_variant(variant);
  const Geometry& g = rules->geometry();
  std::array<hidden::Arrangement, kSides> arrangement = {
      hidden::random_arrangement(*rules, kBlue, chance),
      hidden::random_arrangement(*rules, kRed, chance)};
  for (Side s : {kBlue, kRed}) {
    if (!screen.person[s]) continue;
    screen.hand_over(s);
    out << side_name(s) << ", arrange your animals on your start squares; the other side "
        << "cannot see them. Commands: swap SQ SQ, random, standard, set PLACEMENT, done.\n";
    std::string line;
    for (bool done = false; !done;) {
      // The other side's animals stand where they always start: nothing of its choice shows.
      const Position shown = hidden::start_with(
          rules, s == kBlue ? arrangement[kBlue] : hidden::start_arrangement(*rules, kBlue),
          s == kRed ? arrangement[kRed] : hidden::start_arrangement(*rules, kRed));
      out << hidden::PlayerView::of_start(shown, s).diagram() << "> ";
      out.flush();
      if (!screen.read_line(line)) break;
      const std::vector<std::string> words = split(line);
      if (words.empty()) continue;
      try {
        if (words[0] == "done") {
          done = true;
        } else if (words[0] == "random") {
          arrangement[s] = hidden::random_arrangement(*rules, s, chance);
        } else if (words[0] == "standard") {
          arrangement[s] = hidden::start_arrangement(*rules, s);
        } else if (words[0] == "swap" && words.size() == 3) {
          const Square a = g.parse_square(words[1]), b = g.parse_square(words[2]);
          if (a == kNoSquare || b == kNoSquare)
            throw std::invalid_argument("swap needs two squares, like swap a1 g1");
          arrangement[s] = hidden::swap_squares(*rules, s, arrangement[s], a, b);
        } else if (words[0] == "set" && words.size() > 1) {
          arrangement[s] = hidden::parse_arrangement(*rules, s, join_words(words, 1, words.size()));
        } else {
          out << "Commands: swap a1 g1 (exchange two of your animals), random, standard (the "
                 "usual places), set PLACEMENT (a1=L g1=T ... or a FEN placement), done\n";
        }
      } catch (const std::invalid_argument& e) {
        out << "error: " << e.what() << "\n";
      }
    }
  }
  return hidden::start_with(rules, arrangement[kBlue], arrangement[kRed]).fen();
}

}  // namespace jungle
