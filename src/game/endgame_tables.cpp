#include "game/endgame_tables.h"

namespace jungle::game {

std::string_view distance_text(EndgameDistance d) {
  return d == EndgameDistance::kToEnd ? "end" : "capture";
}

std::string_view wdl_word(int wdl) {
  return wdl > 0 ? "win" : wdl < 0 ? "loss" : "draw";
}

EndgameAnswer endgame_refusal(std::string why) {
  EndgameAnswer answer;
  answer.refusal = std::move(why);
  return answer;
}

}  // namespace jungle::game
