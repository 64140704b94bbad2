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
#include "web/store/account_store.h"

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
// An anonymous player is kept by the digest of its player key (the
// browser's cookie), never the key, in memory only: a restart forgets it. A
// logged-in player ("account N", account_player) is kept in the account
// store once the server gives the trainer one (keep_in): its puzzle rating
// and its history of rated attempts, as are the puzzles' ratings, so that a
// restart, or another server on the same database, knows them.
class PuzzleTrainer {
 public:
  using Json = nlohmann::json;
  // `clock`: milliseconds since the epoch (the daily puzzle's day); empty:
  // the wall clock.
  PuzzleTrainer(PuzzleSet set, std::function<int64_t()> clock);

  const PuzzleSet& set() const { return set_; }

  // From now on the accounts' ratings and histories, and the puzzles'
  // ratings, are read from and written to `store` (it outlives the
  // trainer); the puzzles' ratings it holds replace the set's. Throws
  // StoreError.
  void keep_in(AccountStore& store);
  // How `player` names an account's player.
  static std::string account_player(int64_t account_id);

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
  // {"history": [{"puzzle", "solved", "rating_before", "rating_after",
  // "at_ms"}, ...]}: an account's rated attempts, newest first, at most
  // `limit`; empty for an anonymous player (it keeps none).
  Json history(const std::string& player, int limit) const;

 private:
  struct PlayerRecord {
    rating::Rating rating;
    std::set<std::string> rated;  // puzzles already rated for this player
  };
  // The account `player` names; 0 for an anonymous player, or while there
  // is no store.
  int64_t stored_account(const std::string& player) const;
  // The player as it stands: from the store for an account, else from
  // memory (none: a new player). mutex_ held.
  PlayerRecord record_of(const std::string& player) const;
  Json public_puzzle(const puzzles::Puzzle& p) const;  // without the solution
  Json player_json(const std::string& player) const;   // mutex_ held
  const puzzles::Puzzle& find(const std::string& id) const;
  std::string today() const;
  int64_t now_ms() const;
  // The most of an account's history read to know which puzzles it was
  // rated on.
  static constexpr int kMaxHistory = 100000;

  PuzzleSet set_;
  std::function<int64_t()> clock_;
  mutable std::mutex mutex_;
  std::map<std::string, rating::Rating> puzzle_ratings_;  // by id, all of the set
  std::map<std::string, PlayerRecord> players_;           // by the player key's digest
  AccountStore* store_ = nullptr;
};

}  // namespace jungle::web
