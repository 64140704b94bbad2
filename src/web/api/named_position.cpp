#include "web/api/named_position.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "game/family.h"
#include "game/named_outcome.h"
#include "game/observation_json.h"
#include "web/games/game_session_base.h"
#include "web/games/help_position.h"
#include "web/server/game_error.h"

namespace jungle::web {

namespace {

// The chance a named position is made with: none is ever drawn, since a
// position given whole starts with nothing left to chance, and a side
// line's flips name what they reveal.
struct NoDraws {
  using result_type = uint64_t;
  static constexpr result_type min() { return 0; }
  static constexpr result_type max() { return std::numeric_limits<result_type>::max(); }
  result_type operator()() { throw std::logic_error("a named position drew a chance outcome"); }
};

}  // namespace

std::unique_ptr<game::State> named_position(const VariantCatalog& catalog, std::string_view variant,
                                            std::string_view fen) {
  const game::Family* family = catalog.family_of(variant);
  if (family == nullptr) catalog.get(variant);  // throws, naming the shipped sets
  if (family == nullptr) throw std::logic_error("a shipped set without a family");
  if (family->capabilities().hidden_information) {
    throw GameError(ErrorKind::kRefused, "hidden_pieces",
                    "in " + std::string(family->title()) +
                        " each player sees only its own animals: a position outside a game, "
                        "with every animal in sight, is not one of its positions");
  }
  NoDraws no_draws;
  try {
    return family->new_state(variant, fen, no_draws);
  } catch (const std::invalid_argument& e) {
    throw GameError(ErrorKind::kRefused, "bad_fen", std::string("invalid position: ") + e.what());
  } catch (const std::runtime_error& e) {
    // The open game's FEN reader says what is wrong as a FenError.
    throw GameError(ErrorKind::kRefused, "bad_fen", std::string("invalid position: ") + e.what());
  }
}

Json play_side_line(game::State& state, const Json& moves) {
  for (const Json& text : moves) {
    require_ongoing(state);
    const std::string action = text.get<std::string>();
    try {
      game::apply_naming_outcome(state, action);
    } catch (const game::ActionError& e) {
      throw GameError(ErrorKind::kRefused, "illegal_move", e.what());
    }
    if (state.actor().is_chance()) {
      std::string outcomes;
      for (const std::string& o : state.legal_actions())
        outcomes += (outcomes.empty() ? "" : ", ") + o;
      throw GameError(ErrorKind::kRefused, "illegal_move",
                      "'" + action +
                          "' leaves chance to act: a side line names its outcome, one of " +
                          outcomes);
    }
  }
  // The plies played, as a spectator's move list has them: nothing of the
  // position is private (named_position refuses games where it would be).
  const game::Observation seen = state.observe(std::nullopt);
  const std::vector<game::SeenPly> plies = state.family().seen_plies(seen);
  Json played = Json::array();
  const size_t first = plies.size() >= moves.size() ? plies.size() - moves.size() : 0;
  for (size_t i = first; i < plies.size(); ++i) {
    played.push_back(game::seen_ply_json(plies[i], int(i - first + 1)));
  }
  return played;
}

Json named_position_json(const game::State& state) {
  const game::Actor actor = state.actor();
  Json legal = Json::array();
  if (actor.is_side()) {
    for (const std::string& a : state.legal_actions()) legal.push_back(a);
  }
  const GameResult r = state.result();
  return Json{
      {"fen", state.fen()},
      // None while chance has not given the colours (a first-flip set's start).
      {"side_to_move",
       actor.is_side() && state.first_player() ? Json(side_json_name(actor.side)) : Json(nullptr)},
      {"legal_moves", legal},
      {"status", r == GameResult::kOngoing ? "ongoing" : "over"},
      {"result", std::string(result_tag(r))},
      {"termination", r == GameResult::kOngoing ? Json(nullptr) : Json(state.termination())},
  };
}

}  // namespace jungle::web
