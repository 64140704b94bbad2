#include "web/games/stored_summary.h"

#include <vector>

#include "core/text_util.h"
#include "web/games/game_session_base.h"

namespace jungle::web {

int full_moves(const std::string& start_fen, int plies) {
  if (plies == 0) return 0;
  const std::vector<std::string> fields = split(start_fen);
  const bool red_first = fields.size() > 1 && fields[1] == "b";
  return red_first ? 1 + plies / 2 : (plies + 1) / 2;
}

Json stored_summary_json(const StoredGame& g) {
  return Json{
      {"id", g.id},
      {"variant", g.variant},
      {"ply", g.ply_count},
      {"moves", full_moves(g.start_fen, g.ply_count)},
      {"players",
       {{"blue", Json::parse(g.blue, nullptr, false)},
        {"red", Json::parse(g.red, nullptr, false)}}},
      // The players are seats and the result names a colour: in Flip
      // Jungle the first flip may give the first seat Red.
      {"first_player_colour", g.first_seat_colour},
      {"result", api_result(g.result, g.termination)},
      {"status", g.result == "*" ? "ongoing" : "over"},
      {"termination", g.termination.empty() ? Json(nullptr) : Json(g.termination)},
      {"created_ms", g.created_ms},
      {"updated_ms", g.updated_ms},
  };
}

}  // namespace jungle::web
