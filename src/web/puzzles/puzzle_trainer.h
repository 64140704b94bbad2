#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "rating/glicko2.h"
#include "web/puzzles/puzzle_set.h"

namespace jungle::web {

// A puzzle's deviation when the trainer starts: its database rating is an
// estimate (docs/puzzles.md, "Initial rating"), surer than a new player's
// but not proven, so that the first players' results move it at once.
inline constexpr double kPuzzleInitialDeviation = 150.0;

// The puzzle trainer (docs/puzzles.md, "The trainer"): puzzles served
// without their solutions, attempts judged move by move, and the puzzle
// ratings. Each finished first attempt of a player at a puzzle is a
// Glicko-2 rating period for both (docs/ratings.md): the player's score is
// 1 when every move was right, 0 on a wrong move or "show solution"; the
// puzzle's is the other. Later attempts at the same puzzle are not rated.
//
// Players are kept by the digest of their player key (the browser's
// cookie), never the key; in memory only, so a restart forgets them. The
// ratings live behind one lock here, so that keying them by account later
// changes only who `player` names.
class PuzzleTrainer {
 public:
  using Json = nlohmann::json;
  // `clock`: milliseconds since the epoch (the daily puzzle's day); empty:
  // the wall clock.
  PuzzleTrainer(PuzzleSet set, std::function<int64_t()> clock);

  const PuzzleSet& set() const { return set_; }

  // Each answers JSON as docs/api.md ("Puzzles") gives it; `player` is the
  // player key's digest ("" for none). Bad input throws GameError with a
  // message naming the field.
  Json themes() const;
  Json puzzle(const std::string& id, const std::string& player) const;
  // The unrated puzzle nearest `rating` (default: the player's), of `theme`
  // when one is named, other than `after`.
  Json next(const std::string& player, std::optional<double> rating, const std::string& theme,
            const std::string& after) const;
  // The day's puzzle: `day` ("2026-11-28") or, when empty, today (UTC).
  Json daily(const std::string& player, const std::string& day) const;
  // The player's moves so far, first move first (the replies are the
  // server's), or a give-up. Throws GameError for an unknown puzzle, an
  // illegal move, moves after the end.
  Json attempt(const std::string& id, const std::string& player,
               const std::vector<std::string>& moves, bool give_up);
  Json player(const std::string& player) const;

 private:
  struct PlayerRecord {
    rating::Rating rating;
    std::set<std::string> rated;  // puzzles already rated for this player
  };
  Json public_puzzle(const puzzles::Puzzle& p) const;  // without the solution
  Json player_json(const std::string& player) const;   // mutex_ held
  const puzzles::Puzzle& find(const std::string& id) const;
  std::string today() const;

  PuzzleSet set_;
  std::function<int64_t()> clock_;
  mutable std::mutex mutex_;
  std::map<std::string, rating::Rating> puzzle_ratings_;  // by id, all of the set
  std::map<std::string, PlayerRecord> players_;           // by the player key's digest
};

}  // namespace jungle::web
