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

}  // namespace jungle::game
