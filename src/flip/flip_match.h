#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <random>
#include <string>

#include "core/random_bits.h"
#include "flip/flip_endgame.h"
#include "flip/flip_position.h"
#include "flip/flip_search.h"

// Flip Jungle games played in-process between the engine and a baseline
// (`jungle flip-match`). `jungle match` plays Flip Jungle between engine
// processes (src/match); these games are for the players no protocol
// engine can be: the seer, and baselines measured without a process in
// between. Chance outcomes are drawn from the pool with a seeded
// generator, so a match replays exactly.
//
// The seer is the engine knowing what every face-down tile holds, an upper
// bound on what search can get out of the game: each game's tiles are
// dealt at its start and a flip reveals what was dealt there, which for a
// player who does not know the deal is the same game in distribution
// (docs/flip.md, "The seer", gives the model and why it is the fair one).

namespace jungle::flip {

// Chooses an action in a position that has not ended.
using FlipPlayer = std::function<Action(FlipPosition&)>;

// Uniformly among the legal actions.
FlipPlayer random_player(uint64_t seed);
// The greedy one-ply player of game-playing baselines: the action that
// leaves it the most material (a capture's gain; a flip is worth the
// pool-weighted mean of what it may reveal, and with the pool counted at
// full value a flip changes no material), a won game above everything and
// a lost one below; ties, most of its moves, broken uniformly at random.
// It does not look at what the enemy may take next.
FlipPlayer greedy_player(uint64_t seed);
// A stronger baseline, named greedy before it (docs/flip.md, "Strength"):
// one ply over the engine's whole evaluation (material, mobility, the
// captures each side threatens) with a capture search after it, a flip
// valued as the mean of its outcomes' points. It avoids leaving an animal
// where the next capture takes it.
FlipPlayer careful_player();
// The engine with these limits.
FlipPlayer engine_player(const FlipLimits& limits, FlipSearchOptions options = {});
// The engine with these limits, knowing the tiles of the match's deal
// (`tiles`, the object play_flip_match deals into; read at each move).
FlipPlayer seer_player(const FlipLimits& limits, std::shared_ptr<const FlipDeal> tiles,
                       FlipSearchOptions options = {});

struct FlipMatchResult {
  int wins = 0, draws = 0, losses = 0;  // the first player's (the engine's)
  int games() const { return wins + draws + losses; }
  bool operator==(const FlipMatchResult&) const = default;
  // The score, its interval and its text are the match statistics'
  // (match/elo.h, score_text), as `jungle match` reports them.
};

// `games` games, `a` moving first in the even ones; what each flip reveals
// is drawn with `seed`: from the pool when the tile is flipped, or, with
// `deal`, dealt into *deal at each game's start (every face-down square,
// kNoPiece elsewhere), a flip revealing what was dealt there. The same seed
// plays other games under the two, alike in distribution. `on_game` sees
// each finished game and `a`'s points in it (1, 0.5 or 0); *deal still
// holds that game's deal then.
FlipMatchResult play_flip_match(
    const FlipRulesPtr& rules, const FlipPlayer& a, const FlipPlayer& b, int games, uint64_t seed,
    const std::function<void(int, const FlipPosition&, double)>& on_game = {},
    FlipDeal* deal = nullptr);

// A game's deal: each face-down square of `pos` drawn in turn (square
// order) from its pool with `chance`; kNoPiece on the other squares.
FlipDeal deal_tiles(const FlipPosition& pos, RandomBits chance);

// What the endgame tables say of a finished game, for one side: at the
// first position after the last flip that they cover (every tile is then
// face up; the first with few enough animals, quiet count included). Where
// a drawn or lost game was still winnable is where the play went wrong:
// before it (in the middle game, or by the flips' luck) when the tables
// already call it drawn or lost.
struct TableVerdict {
  enum class Kind {
    kFaceDown,    // the game ended with tiles still face down
    kJudged,      // the tables (or the game's end) judged a position
    kNotCovered,  // it ended with more animals than the tables hold
  };
  Kind kind = Kind::kFaceDown;
  int last_flip_ply = 0;         // plies played when the last tile was flipped
  int animals_at_last_flip = 0;  // face-up animals right after it
  int ply = 0;                   // plies played at the judged position
  int animals = 0;               // animals there
  int wdl = 0;                   // for the side asked about: +1 won, 0 drawn, -1 lost
};
TableVerdict judge_by_tables(const FlipPosition& finished, Side side, FlipEndgames& tables);

// The colour of the side that moved first in a game: the side to move at
// its start when the colours were known then (Blue in a fixed set), else
// the colour the first flip revealed.
Side first_player_colour(const FlipPosition& pos);

}  // namespace jungle::flip
