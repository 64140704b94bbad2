#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>

#include "core/game_record.h"

// What reading a record checks against the rules: the rule set its Variant
// tag names, the position it starts from, each move's legality and the
// outcome it claims. Shared by the reader and by Game; not public API. A
// TextPlace argument is where an error points: the line and column of the
// token it is about ({} for a record built in code).

namespace jungle {

// Rule sets by the Variant tag's text, loaded once per read.
class RuleSetCache {
 public:
  explicit RuleSetCache(const RecordSource& source) : folder_(source.folder) {}

  // Throws RecordError naming the game and `at`, the Variant tag's place.
  RuleSetPtr get(const std::string& name, int game, TextPlace at);

 private:
  std::optional<std::filesystem::path> folder_;
  std::map<std::string, RuleSetPtr> sets_;
};

// The dialect a game's moves and FEN tag are written in: its Notation tag's,
// else `fallback`. Throws RecordError for a name that is no dialect.
notation::Dialect record_dialect(const GameRecord& game, notation::Dialect fallback, int game_no,
                                 TextPlace at);

// The position a record starts from, after checking its tags; `tag_places`
// gives the place of each tag for messages. The FEN tag is read in `dialect`;
// another program's dialect needs the 7x9 board.
Position start_position(const GameRecord& game, RuleSetCache& cache, int game_no,
                        const std::map<std::string, TextPlace>& tag_places,
                        notation::Dialect dialect = notation::Dialect::kJungle);

// Plays one written move, in `dialect`, or throws the error that names it.
Move play_move(Position& pos, const std::string& text, int game, TextPlace at,
               notation::Dialect dialect = notation::Dialect::kJungle);

// Checks the Result and Termination tags against the position the moves reached.
void check_outcome(const GameRecord& game, const Position& end, int game_no, TextPlace at);

// Throws RecordError when the game holds more moves than the source allows.
void check_length(const GameRecord& game, const RecordSource& source);

}  // namespace jungle
