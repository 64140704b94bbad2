#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/game_record.h"
#include "hidden/hidden_game.h"

// Hidden games in the record format of docs/records.md (docs/hidden.md,
// "Records"): the moves are the arbiter's announcements ("e3e4:took=Tw").
// The arbiter's record holds the truth: its FEN tag is the secret set-up.
// A player's record holds what that player was shown: a View tag naming the
// player ("Blue", "Red" or "spectator") and, as FEN, the view FEN of the
// start, with the other side's animals as X/x.

namespace jungle::hidden {

using Tags = std::vector<std::pair<std::string, std::string>>;

// The arbiter's record. `tags` gives Event, Date, Blue, Red and any others;
// Result, Variant, FEN and Termination are written from the game.
std::string write_hidden_record(const HiddenGame& game, const Tags& tags = {});
// What `viewer` was shown of the game: the same announcements from its view
// of the start. Nothing in it names an animal the viewer was not shown.
std::string write_view_record(const HiddenGame& game, Viewer viewer, const Tags& tags = {});

// One game read back.
struct HiddenRecord {
  Tags tags;
  // The arbiter's record: the game replayed, each announcement checked
  // against the arbiter's own.
  std::optional<HiddenGame> game;
  // A player's record: its view with every announcement applied.
  std::optional<PlayerView> view;
  std::string tag(std::string_view name) const;
};

// Reads every game of a record text whose games are hidden games; throws
// RecordError (game, line and reason) at the first problem. An
// announcement that does not match what the arbiter announces, or that a
// view cannot explain, is an error that says why.
std::vector<HiddenRecord> read_hidden_records(std::string_view text,
                                              const RecordSource& source = {});
// Every game's first problem, reading on at the next game; `games` receives
// how many games were found. Never throws.
std::vector<RecordError> check_hidden_records(std::string_view text, int* games = nullptr,
                                              const RecordSource& source = {});
// Whether the first game's Variant tag names a rule set with hidden pieces
// (which `jungle pgn` then reads with the functions above).
bool is_hidden_record(std::string_view text, const RecordSource& source = {});

}  // namespace jungle::hidden
