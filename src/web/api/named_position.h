#pragma once

#include <memory>
#include <string_view>

#include "game/state.h"
#include "web/games/variant_catalog.h"
#include "web/server/json_fields.h"

// A position a request names by its rule set and FEN, outside any game: the
// editor's check, the analysis board's side lines and the analysis of
// their positions. Read through the game interface (the family's
// new_state) for every family alike: an open FEN, a Flip Jungle FEN with
// its face-down tiles and pool.

namespace jungle::web {

// The game that starts at `fen` under the shipped set `variant`. Throws
// GameError: kBadRequest naming the shipped sets for another name;
// kRefused `hidden_pieces` where the players of the set know different
// things (a position outside a game has nobody to be shown to, and a side
// line would turn on animals a player does not see); kRefused `bad_fen`
// saying what is wrong with the FEN.
std::unique_ptr<game::State> named_position(const VariantCatalog& catalog, std::string_view variant,
                                            std::string_view fen);

// Plays `moves` (a JSON array of texts) on from there, a side line: each a
// side's action, a flip with the outcome the explorer chose ("b2?=L"),
// since exploring asks what would follow it. Answers one entry per ply as
// a game's move list has it (docs/api.md, "Game state": "move", "side",
// "piece", "captured", a flip's "revealed", "fen"). Throws GameError
// kRefused: `position_over` for a move after the end, `illegal_move` for
// one the game does not allow or a flip whose outcome is not named.
Json play_side_line(game::State& state, const Json& moves);

// What the position is, as the validate route answers it: its FEN, the
// side to move, the legal actions, whether the game is over there.
Json named_position_json(const game::State& state);

}  // namespace jungle::web
