#include "ui/setup_screen.h"

#include <memory>
#include <stdexcept>

#include "core/text_util.h"
#include "game/family.h"

namespace jungle {

std::string choose_setup(const std::string& variant, const SetupScreen& screen, RandomBits chance,
                         std::ostream& out) {
  // The game says whether it has a set-up to choose and keeps it: this
  // screen only reads the commands and shows what the family draws.
  const std::unique_ptr<game::Setup> setup =
      game::family_of_variant(variant).new_setup(variant, chance);
  if (!setup) return "";
  for (Side s : {kBlue, kRed}) {
    if (!screen.person[s]) continue;
    screen.hand_over(s);
    out << side_name(s) << ", arrange your animals on your start squares; the other side "
        << "cannot see them. Commands: swap SQ SQ, random, standard, set PLACEMENT, done.\n";
    std::string line;
    for (bool done = false; !done;) {
      out << setup->diagram(s) << "> ";
      out.flush();
      if (!screen.read_line(line)) break;
      const std::vector<std::string> words = split(line);
      if (words.empty()) continue;
      try {
        if (words[0] == "done") {
          done = true;
        } else if (words[0] == "random") {
          setup->set_random(s, chance);
        } else if (words[0] == "standard") {
          setup->set_standard(s);
        } else if (words[0] == "swap" && words.size() == 3) {
          setup->swap(s, words[1], words[2]);
        } else if (words[0] == "set" && words.size() > 1) {
          setup->set(s, join_words(words, 1, words.size()));
        } else {
          out << "Commands: swap a1 g1 (exchange two of your animals), random, standard (the "
                 "usual places), set PLACEMENT (a1=L g1=T ... or a FEN placement), done\n";
        }
      } catch (const std::invalid_argument& e) {
        out << "error: " << e.what() << "\n";
      }
    }
  }
  return setup->start();
}

}  // namespace jungle
