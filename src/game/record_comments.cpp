// State::record_with_comments for the families that do not write comments
// themselves yet.

#include <algorithm>

#include "core/game_record.h"
#include "game/family.h"

namespace jungle::game {

std::string State::record_with_comments(const Tags& tags,
                                        const std::vector<std::string>& comments) const {
  const std::string text = record(tags);
  if (std::all_of(comments.begin(), comments.end(), [](const std::string& c) { return c.empty(); }))
    return text;
  // TEMPORARY, until OpenState overrides this (open_family.cpp, where Game
  // keeps each move's comment): the open game's record read back and
  // written again with them. Other families' records keep no engine
  // comments yet.
  if (family().name() != "open") return text;
  try {
    std::vector<GameRecord> games = read_records(text);
    if (games.size() != 1) return text;
    GameRecord& r = games[0];
    for (size_t i = 0; i < r.moves.size() && i < comments.size(); ++i) {
      if (!comments[i].empty()) r.moves[i].comment = comments[i];
    }
    return write_record(r);
  } catch (const std::exception&) {
    return text;  // a record whose rule file only its folder names: without comments
  }
}

}  // namespace jungle::game
