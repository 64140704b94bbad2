#include "notation/record_text.h"

#include "core/game_record.h"

namespace jungle::notation {

std::string convert_records(std::string_view text, Dialect from, Dialect to) {
  // The one record reader reads every dialect (a game's Notation tag, else
  // `from`) and gives the games back in ours; the writer writes them in `to`.
  RecordSource source;
  source.notation = from;
  std::vector<GameRecord> games;
  try {
    games = read_records(text, source);
  } catch (const RecordError& e) {
    throw NotationError(e.what());
  }
  std::string out;
  for (size_t i = 0; i < games.size(); ++i) {
    try {
      const std::string game = write_record(games[i], to);
      if (i > 0) out += "\n";
      out += game;
    } catch (const NotationError& e) {
      throw NotationError("game " + std::to_string(i + 1) + ": " + e.what());
    }
  }
  return out;
}

}  // namespace jungle::notation
