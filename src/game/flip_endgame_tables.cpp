#include "game/flip_endgame_tables.h"

#include <algorithm>
#include <chrono>
#include <mutex>
#include <stdexcept>
#include <string>

#include "flip/flip_endgame.h"
#include "flip/flip_position.h"

namespace jungle::game {

namespace {

using flip::FlipEnd;
using flip::FlipPosition;

// The value of an ended game for the side that just moved: the ply that
// ended it is the deciding one.
EndgameVerdict ended_for_mover(GameResult result, Side mover) {
  if (result == GameResult::kDraw) return {};
  const bool blue_won = result == GameResult::kBlueWins;
  return {blue_won == (mover == kBlue) ? 1 : -1, 1};
}

// Wins soonest first, then draws, then losses longest first.
int rank_of(const EndgameVerdict& v) {
  return v.wdl > 0 ? v.distance : v.wdl == 0 ? 1 << 20 : (1 << 21) - v.distance;
}

class FlipEndgameTables final : public EndgameTables {
 public:
  FlipEndgameTables(std::function<flip::FlipRulesPtr(std::string_view)> rules_of, int max_animals,
                    size_t max_bytes, std::chrono::milliseconds longest_wait,
                    std::shared_ptr<std::timed_mutex> lock)
      : rules_of_(std::move(rules_of)),
        max_animals_(std::min(max_animals, flip::kMaxEndgameAnimals)),
        max_bytes_(max_bytes),
        longest_wait_(longest_wait),
        mutex_(lock ? std::move(lock) : std::make_shared<std::timed_mutex>()),
        tables_(max_animals_) {}

  EndgameDistance distance() const override { return EndgameDistance::kToCapture; }

  EndgameAnswer probe(std::string_view variant, std::string_view fen) const override {
    const flip::FlipRulesPtr rules = rules_of_(variant);
    FlipPosition pos = position_of(rules, fen);
    if (pos.end() != FlipEnd::kNone) return endgame_refusal("the game is over");
    if (pos.hidden_count() > 0 || !pos.colours_known()) {
      return endgame_refusal("the tables need every tile face up");
    }
    const int animals = pos.face_up_count(kBlue) + pos.face_up_count(kRed);
    if (animals > max_animals_) {
      return endgame_refusal("the tables hold at most " + std::to_string(max_animals_) +
                             " animals; this position has " + std::to_string(animals));
    }
    // One probe at a time builds; a request never waits long behind another's
    // build (the server's threads are few).
    const std::unique_lock lock(*mutex_, longest_wait_);
    if (!lock.owns_lock()) {
      return endgame_refusal("the tables are busy with another position; ask again");
    }
    if (tables_.bytes() > max_bytes_) tables_.clear();
    const std::optional<flip::EndgameValue> value = tables_.probe(pos);
    if (!value) return endgame_refusal("no table covers this position");
    EndgameAnswer answer;
    answer.verdict = {value->wdl, value->wdl ? value->to_zero : 0};
    const Side mover = pos.side_to_move();
    for (const flip::Action action : pos.legal_actions()) {
      pos.play(flip::Ply{action});
      answer.moves.push_back({flip::action_text(action), value_after(pos, mover)});
      pos.undo();
    }
    std::stable_sort(answer.moves.begin(), answer.moves.end(),
                     [](const EndgameMoveValue& a, const EndgameMoveValue& b) {
                       return rank_of(a.verdict) < rank_of(b.verdict);
                     });
    return answer;
  }

 private:
  static FlipPosition position_of(const flip::FlipRulesPtr& rules, std::string_view fen) {
    try {
      return FlipPosition(rules, fen);
    } catch (const flip::FlipFenError& e) {
      throw std::invalid_argument(e.what());
    }
  }

  // An action's value for `mover`, who just played it: the game's end, or
  // the tables' value of the position it left. A quiet move puts the
  // deciding capture one ply further off; a capture that leaves a decided
  // ending is itself the deciding capture (as the tables count: the ending
  // after it has its own distance, from a quiet count of zero).
  EndgameVerdict value_after(const FlipPosition& after, Side mover) const {
    GameResult result = GameResult::kOngoing;
    if (after.end(&result) != FlipEnd::kNone) return ended_for_mover(result, mover);
    const std::optional<flip::EndgameValue> v = tables_.probe(after);
    if (!v || v->wdl == 0) return {};
    const bool captured = after.quiet_plies() == 0;
    return {-v->wdl, captured ? 1 : v->to_zero + 1};
  }

  std::function<flip::FlipRulesPtr(std::string_view)> rules_of_;
  int max_animals_;
  size_t max_bytes_;
  std::chrono::milliseconds longest_wait_;
  // FlipEndgames builds as it is asked: one probe at a time.
  std::shared_ptr<std::timed_mutex> mutex_;
  mutable flip::FlipEndgames tables_;
};

}  // namespace

std::unique_ptr<EndgameTables> flip_endgame_tables(
    std::function<flip::FlipRulesPtr(std::string_view)> rules_of, int max_animals, size_t max_bytes,
    std::chrono::milliseconds longest_wait, std::shared_ptr<std::timed_mutex> lock) {
  return std::make_unique<FlipEndgameTables>(std::move(rules_of), max_animals, max_bytes,
                                             longest_wait, std::move(lock));
}

}  // namespace jungle::game
