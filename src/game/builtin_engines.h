#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "flip/flip_match.h"
#include "game/engine.h"
#include "game/state.h"
#include "hidden_search/hidden_match.h"

// The engines a match can play in this process (`jungle match --engine
// builtin=NAME`, and the aliases `jungle flip-match`, `jungle
// hidden-match`): each family's engine as make_engine gives it, and the
// in-process baselines (flip/flip_match.h, hidden_search/hidden_match.h)
// behind the same facade (player_engine.h).
//
// The one exception to "an engine is given only what its side observes"
// (docs/game-interface.md) is here: the seer of Flip Jungle, which knows
// what every face-down tile holds, and the cheater of hidden games, which
// plays the open engine on the arbiter's board. They are upper bounds, and
// are made privileged: given a TruthLink, through which the match runner
// shows them the arbiter's State of the game being played. No other engine
// is given one.

namespace jungle::game {

// The arbiter's state of the game a privileged engine plays: set by the
// match runner at each game's start, before the engine is asked to act.
struct TruthLink {
  const State* state = nullptr;
  // Counts the games shown, so that a new one is told from the last even
  // where its state lies where the last one's did.
  uint64_t game = 0;
};

struct BuiltinEngine {
  std::unique_ptr<Engine> engine;
  // The privileged engines' link to the truth; null for every other.
  std::shared_ptr<TruthLink> truth;
};

// A Flip Jungle player as an engine: each observation's position is read
// under `rules` and given to `player`.
BuiltinEngine flip_player_engine(flip::FlipRulesPtr rules, flip::FlipPlayer player);
// The seer: the flip engine at `limits`, knowing the deal of the game the
// link shows (a match's dealt games: State::deal), read from the arbiter's
// state at each move. A game not dealt is an error it answers with.
BuiltinEngine flip_seer_engine(flip::FlipRulesPtr rules, const flip::FlipLimits& limits,
                               flip::FlipSearchOptions options = {});
// A hidden-pieces player as an engine: each observation's view is read
// under `rules` and given to `player`.
BuiltinEngine hidden_player_engine(RuleSetPtr rules, hidden::HiddenPlayer player);
// The cheater: the open engine at `limits` on the arbiter's board of the
// game the link shows.
BuiltinEngine hidden_cheater_engine(RuleSetPtr rules, const hidden::HiddenLimits& limits);

// The baselines of Flip Jungle (random, greedy, careful, pimc, seer) and of hidden
// pieces (random, greedy, sampler, pimc, ismcts, cheater), `name` one of them, as their
// families' make_baseline makes them.
BuiltinEngine flip_baseline(std::string_view variant, std::string_view name, uint64_t seed,
                            const Limits& per_move);
BuiltinEngine hidden_baseline(std::string_view variant, std::string_view name, uint64_t seed,
                              const Limits& per_move);
// Refuses (std::invalid_argument) limits a searching baseline cannot search
// with: it searches a depth, nodes or movetime a move, and a clock is the
// family's engine's to plan.
void require_per_move_limits(std::string_view name, const Limits& per_move);

// The names builtin= takes under `variant`'s family: "engine" (the
// family's engine, as make_engine gives it: it takes option.NAME=VALUE)
// and its baselines (flip: random, greedy, careful, pimc, seer; hidden: random,
// greedy, sampler, pimc, ismcts, cheater).
std::vector<std::string> builtin_names(std::string_view variant);
// The engine `name` under `variant`. The baselines' generators are seeded
// with `seed`; the searching ones (careful aside) search with `per_move`'s
// depth, nodes or movetime. Throws std::invalid_argument naming the name
// and the names there are, or why the limits do not do.
BuiltinEngine make_builtin_engine(std::string_view variant, std::string_view name, uint64_t seed,
                                  const Limits& per_move);

}  // namespace jungle::game
