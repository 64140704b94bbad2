#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <random>
#include <string>

#include "hidden/hidden_game.h"
#include "hidden_search/hidden_search.h"
#include "hidden_search/ismcts.h"
#include "hidden_search/pimc.h"
#include "search/evaluation.h"

// The in-process baselines of hidden games (docs/hidden.md, "Strength"):
// each chooses the move to try from its side's view alone, except the
// cheater, the upper bound, which is handed the arbiter's game. They play
// as engines behind the game interface (game/builtin_engines.h), in
// `jungle match` and its alias `jungle hidden-match`.

namespace jungle::hidden {

// Chooses the move to try from the view of the side to move of a game
// that goes on.
using HiddenPlayer = std::function<Move(const PlayerView& view)>;

// Uniformly among the tries of its view ("random-consistent").
HiddenPlayer random_player(uint64_t seed);
// The greedy player: each move it draws one world from its view and tries
// the move that gains the most material in that world, one ply deep, as
// the arbiter would resolve it there (a won game above everything, a lost
// one below); ties broken at random. It trusts its one guess and does not
// look at the enemy's reply.
HiddenPlayer greedy_player(uint64_t seed);
// The sampler: one world drawn from its view, searched by the open engine
// with the whole budget, its best move played, as if the guess were the
// truth (determinization with one world).
HiddenPlayer sampler_player(const HiddenLimits& limits, uint64_t seed);
// PIMC (pimc.h): `worlds` worlds drawn from its view, each searched by
// the open engine with an equal share of the budget, the most voted move.
HiddenPlayer pimc_player(const HiddenLimits& limits, uint64_t seed, int worlds = kPimcWorlds);
// ISMCTS (ismcts.h): one tree of its information sets, a world drawn from
// its view each iteration, the open evaluation at the leaves.
HiddenPlayer ismcts_player(const HiddenLimits& limits, uint64_t seed);
// The cheater's move: the open engine `engine` on the arbiter's board of
// `game`, seeing every animal.
Move cheating_try(const HiddenGame& game, WorldSearch& engine, const HiddenLimits& limits);

}  // namespace jungle::hidden
