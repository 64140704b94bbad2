#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <random>
#include <string>

#include "hidden/hidden_game.h"
#include "hidden_search/hidden_search.h"
#include "search/evaluation.h"

// Hidden games played in-process between the engine and a baseline
// (`jungle hidden-match`, docs/hidden.md "Strength"). A player chooses from
// its own view; only the "cheating" baseline, the upper bound, is handed
// the arbiter's truth.

namespace jungle::hidden {

// Chooses the move to try for the side to move of a game that goes on.
// `game` is there for the cheating baseline alone: every other player
// reads only game.view(side).
using HiddenPlayer = std::function<Move(const HiddenGame& game)>;

// Uniformly among the tries of its view ("random-consistent").
HiddenPlayer random_player(uint64_t seed);
// The random and greedy players' choices from the view alone (below), for
// engines that are given nothing else (game/hidden_engine.h). `values` is
// an evaluator of the view's rule set, whose piece values greedy counts.
Move random_try(const PlayerView& view, std::mt19937_64& rng);
Move greedy_try(const PlayerView& view, std::mt19937_64& rng, const Evaluator& values);
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
// The engine of hidden_search.h.
HiddenPlayer engine_player(const HiddenLimits& limits, HiddenSearchOptions options = {});
// The open engine on the arbiter's board: it sees every animal.
HiddenPlayer cheating_player(const HiddenLimits& limits, uint64_t seed);

struct HiddenMatchResult {
  int wins = 0, draws = 0, losses = 0;  // the first player's (the engine's)
  int games() const { return wins + draws + losses; }
  bool operator==(const HiddenMatchResult&) const = default;
  // The score, its interval and its text are the match statistics'
  // (match/elo.h, score_text), as `jungle match` reports them.
};

// `games` games, `a` Blue in the even ones; the set-ups (and the chosen
// arrangements of a "chosen" set, which both players leave to chance) are
// drawn with `seed`. `on_game` sees each finished game and a's points.
HiddenMatchResult play_hidden_match(
    const RuleSetPtr& rules, const std::string& variant, const HiddenPlayer& a,
    const HiddenPlayer& b, int games, uint64_t seed,
    const std::function<void(int, const HiddenGame&, double)>& on_game = {});

}  // namespace jungle::hidden
