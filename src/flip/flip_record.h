#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/game.h"
#include "core/game_record.h"
#include "flip/flip_position.h"

// Flip Jungle games in the record format of docs/records.md: the same tags
// and move numbers, a flip written with what it revealed ("b2?=L") so that
// the game replays exactly, and a FEN tag in the flip FEN when the game did
// not start from the set's start.

namespace jungle::flip {

using Tags = std::vector<std::pair<std::string, std::string>>;

// A ply of a flip record with its comment and the side lines played instead
// of it, as the open game's RecordedMove (core/game_record.h).
using RecordedPly = RecordedAction<Ply>;

// The record of the game `pos` holds (its initial FEN and its plies). `tags`
// gives Event, Blue, Red and any others; Result, Variant, FEN and
// Termination are written from the game.
// `comments`, when given, holds one per ply (empty for none), written in
// braces after its ply.
// `declared`, when given and the board has not ended the game, is its
// Result and Termination (a resignation, a loss on time, an agreed draw).
std::string write_flip_record(const FlipPosition& pos, const Tags& tags = {},
                              const std::vector<std::string>& comments = {},
                              const std::optional<DeclaredResult>& declared = std::nullopt);

struct FlipRecord {
  Tags tags;
  FlipPosition position;  // after every ply of the game (its side lines' not played)
  // The game's plies (position.history()) with their comments and side lines.
  std::vector<RecordedPly> plies = {};
};

// A record as read, written back: its tags, and its plies with their
// comments and side lines in parentheses after the ply each stands in for
// (docs/records.md, "Side lines"). A record's Result that the board does
// not show (a resignation, a result given) is written again as read.
std::string write_flip_record(const FlipRecord& record);

// Reads the first game of a record. Its Variant must name a flip set (a
// shipped one, or a .toml path when `allow_files`). Side lines are replayed
// from the position before the ply they stand in for: each of their plies
// must be legal there, a flip's animal one the pool holds. Throws
// RecordError (core/game_record.h) with the line and, for a bad ply, its
// number counted from the game's start.
FlipRecord read_flip_record(std::string_view text, bool allow_files = false);

// Every game of a record (a file may hold several, each ending with its
// result), each read as read_flip_record reads the first. Throws RecordError
// naming the game and the line.
std::vector<FlipRecord> read_flip_records(std::string_view text, bool allow_files = false);
// Every problem in a record text, the first one of each bad game (reading
// goes on at the next game); `games` receives how many games were found,
// bad ones included. Never throws.
std::vector<RecordError> check_flip_records(std::string_view text, int* games = nullptr,
                                            bool allow_files = false);

// True when the first game of a record names a flip set in its Variant tag
// (so that `jungle play --load` knows which game to start); false for any
// other record, or text that is no record.
bool is_flip_record(std::string_view text);

}  // namespace jungle::flip
