#pragma once

#include <optional>

// SQL that both account stores speak alike (SQLite 3.25 and PostgreSQL
// both have window functions), written once; each store adds its own
// placeholders.

// An account's rating history (AccountStore::rating_history), newest
// first, with each game's result, the account's seat and the opponent.
#define JUNGLE_RATING_HISTORY(ACCOUNT)                                                        \
  "SELECT h.game_id, h.category, h.rating, COALESCE(h.deviation, -1), h.counted_ms, "         \
  "CASE WHEN g.blue_account = h.account_id THEN 0 ELSE 1 END, g.result, COALESCE((SELECT "    \
  "a.name FROM accounts a WHERE a.deleted_ms = 0 AND a.id = CASE WHEN g.blue_account = "      \
  "h.account_id THEN g.red_account ELSE g.blue_account END), '') FROM rating_history h JOIN " \
  "rated_games g ON g.game_id = h.game_id WHERE h.account_id = " ACCOUNT                      \
  " ORDER BY h.counted_ms DESC, h.game_id DESC"

// The live accounts owning seats of some games, each with its ratings
// (AccountStore::seat_accounts); the games' condition follows.
#define JUNGLE_SEAT_ACCOUNTS                                                                 \
  "SELECT o.game_id, o.seat, a.name, COALESCE(r.category, ''), COALESCE(r.rating, 0), "      \
  "COALESCE(r.deviation, 0), COALESCE(r.volatility, 0), COALESCE(r.games, 0), "              \
  "COALESCE(r.updated_ms, 0) FROM seat_owners o JOIN accounts a ON a.id = o.account_id AND " \
  "a.deleted_ms = 0 LEFT JOIN ratings r ON r.account_id = o.account_id AND r.games > 0 WHERE "

// The colours an account played in an owned game, a bit set (1: Blue,
// 2: Red), from its seats (m.mask, 1: the first seat, 2: the second) and
// the colour the first seat played (games.first_seat_colour: Red only where
// Flip Jungle's first flip gave it Red). The result says who won by colour.
#define JUNGLE_OWNED_COLOURS                                                                 \
  "(CASE WHEN g.first_seat_colour = 'red' AND m.mask IN (1, 2) THEN 3 - m.mask ELSE m.mask " \
  "END)"

// The seat (0 the first, 1 the second) that played a colour of game g.
#define JUNGLE_SEAT_OF_BLUE "(CASE WHEN g.first_seat_colour = 'red' THEN 1 ELSE 0 END)"
#define JUNGLE_SEAT_OF_RED "(CASE WHEN g.first_seat_colour = 'red' THEN 0 ELSE 1 END)"

// An owned game's outcome for the account, as game_outcome_word
// (account_service.cpp) says it of one game from the colours the account
// played: "ongoing", "aborted", "" for a finished game of both seats,
// "draw", "win", "loss".
#define JUNGLE_OWNED_OUTCOME                                                               \
  "CASE WHEN g.result = '*' THEN 'ongoing' WHEN g.termination = 'aborted' THEN 'aborted' " \
  "WHEN " JUNGLE_OWNED_COLOURS                                                             \
  " NOT IN (1, 2) THEN '' WHEN g.result = '1/2-1/2' THEN 'draw' "                          \
  "WHEN (" JUNGLE_OWNED_COLOURS " = 1) = (g.result = '1-0') THEN 'win' ELSE 'loss' END"

// The profile's filters (OwnedGameFilter) over the owned games, in the
// query: RATED -1 for any, 0 casual, 1 rated; CATEGORY and OUTCOME '' for any.
#define JUNGLE_OWNED_FILTER(RATED, CATEGORY, OUTCOME)                               \
  " WHERE (" RATED " < 0 OR (CASE WHEN g.category = '' THEN 0 ELSE 1 END) = " RATED \
  ") AND (" CATEGORY " = '' OR g.category = " CATEGORY ") AND (" OUTCOME            \
  " = '' OR (" JUNGLE_OWNED_OUTCOME ") = " OUTCOME ")"

namespace jungle::web {

// OwnedGameFilter::rated as JUNGLE_OWNED_FILTER's RATED.
inline int rated_filter_value(const std::optional<bool>& rated) {
  return rated ? int(*rated) : -1;
}

// The account schema's step to version 4 gives the rated games counted
// before it their ratings after (table rating_history). Nothing stored
// before it says a rating after a game, but the rating the account's next
// game in the category started from is it (rated_games keeps each player's
// rating before; idle time only widens a deviation), and the last game's is
// the rating now. Only that last game's deviation is known: the others'
// stay NULL.
inline constexpr const char* kRatingHistoryBackfill = R"sql(
INSERT INTO rating_history (account_id, game_id, category, rating, deviation, counted_ms)
SELECT p.account_id, p.game_id, p.category, COALESCE(p.next_before, r.rating),
       CASE WHEN p.next_before IS NULL THEN r.deviation END, p.counted_ms
FROM (SELECT u.account_id, u.game_id, u.category, u.counted_ms,
             LEAD(u.before) OVER (PARTITION BY u.account_id, u.category
                                  ORDER BY u.counted_ms, u.game_id) AS next_before
      FROM (SELECT blue_account AS account_id, game_id, category, counted_ms, blue_before AS before
              FROM rated_games
            UNION ALL
            SELECT red_account, game_id, category, counted_ms, red_before FROM rated_games) AS u) AS p
JOIN ratings r ON r.account_id = p.account_id AND r.category = p.category;
)sql";

}  // namespace jungle::web
