#pragma once

#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/dialect.h"
#include "core/position.h"

namespace jungle {

// One action of a recorded game with what was written after it: its comment
// and the side lines that could have been played in its place, each a line
// of actions from the position before it (written in parentheses after it,
// docs/records.md); a side line's actions may have side lines of their own.
// `Action` is the family's: the open game's Move, Flip Jungle's Ply (a flip
// with what it revealed), or its text as records write it.
template <typename Action>
struct RecordedAction {
  Action move;
  std::string comment;  // text of a {comment}, without the braces; may hold "[%eval ...]"
  std::vector<std::vector<RecordedAction>> variations = {};

  bool operator==(const RecordedAction&) const = default;
};
using RecordedMove = RecordedAction<Move>;
// A recorded action as records write it ("a3a4", "b2?=L"), for front ends
// that show any family's side lines.
using RecordedText = RecordedAction<std::string>;

// `line` with each action written by `text_of` (as records write it), its
// comments and side lines kept.
template <typename Action, typename TextOf>
std::vector<RecordedText> line_as_text(const std::vector<RecordedAction<Action>>& line,
                                       const TextOf& text_of) {
  std::vector<RecordedText> out;
  out.reserve(line.size());
  for (const RecordedAction<Action>& a : line) {
    RecordedText& t = out.emplace_back(RecordedText{text_of(a.move), a.comment});
    for (const std::vector<RecordedAction<Action>>& side : a.variations)
      t.variations.push_back(line_as_text(side, text_of));
  }
  return out;
}

// A game in the project's record format, JGN (docs/records.md): tag pairs,
// then numbered moves in coordinate form with optional {comments} and
// (side lines), then the result.
struct GameRecord {
  // Tags in the order they are written; Event, Date, Blue, Red, Result,
  // Variant, FEN (only when not the rule set's start), Termination.
  std::vector<std::pair<std::string, std::string>> tags;
  std::vector<RecordedMove> moves;
  // The board the moves are played on, for writing their squares: set by
  // the reader and by Game::to_record from the game's rule set.
  Geometry board = kStandardGeometry;

  std::string tag(std::string_view name) const;  // "" when absent
  void set_tag(std::string_view name, std::string value);

  // Result as written: "1-0" (Blue won), "0-1" (Red won), "1/2-1/2" or "*".
  std::string result() const { return tag("Result").empty() ? "*" : tag("Result"); }
};

// Where in a record's text a problem lies: the line and the column where
// the offending token begins, both counted from 1 (the column in characters,
// so that it matches what an editor shows); 0 where there is no token to
// point at (a record built in code).
struct TextPlace {
  int line = 0;
  int column = 0;

  bool operator==(const TextPlace&) const = default;
};

// A record that cannot be read; the message names the game, the line, the
// column and, for an illegal move, its number and why ("game 2, line 14,
// column 9: move 7 c3c5 is illegal: Leopard may not enter the water at c5").
// Every family's reader writes its errors so.
class RecordError : public std::runtime_error {
 public:
  RecordError(int game, TextPlace at, const std::string& message);
  int game() const { return game_; }
  int line() const { return at_.line; }
  int column() const { return at_.column; }

 private:
  int game_;
  TextPlace at_;
};

// The most moves (plies) one game of a record may hold: far more than a
// game of any shipped rule set lasts, and few enough to read at once.
inline constexpr int kMaxRecordPlies = 10000;

// Where a record came from, which decides what its Variant tag may name
// (docs/records.md): without a folder only a shipped rule set; with one,
// also a .toml file inside that folder, by a relative path. `notation` is
// the dialect of a game that has no Notation tag (`jungle convert --from D`
// reads with D); a game's own Notation tag wins.
struct RecordSource {
  std::optional<std::filesystem::path> folder;
  int max_plies = kMaxRecordPlies;
  notation::Dialect notation = notation::Dialect::kJungle;

  // For a record read from `file`: its folder.
  static RecordSource of_file(const std::filesystem::path& file);
};

// Reads every game in the text; tolerant of whitespace, comments and move
// numbers, strict about legality. A game whose Notation tag names another
// program's dialect (core/dialect.h) has its FEN tag and moves read in that
// dialect, on the 7x9 board; the game comes back in ours (its FEN tag ours,
// the Notation tag dropped). Throws RecordError.
std::vector<GameRecord> read_records(std::string_view text, const RecordSource& source = {});
// Every problem in a record text, the first one of each bad game (reading
// goes on at the next game); `games` receives how many games were found, bad
// ones included. Never throws.
std::vector<RecordError> check_records(std::string_view text, int* games = nullptr,
                                       const RecordSource& source = {});

std::string write_record(const GameRecord& game);
std::string write_records(const std::vector<GameRecord>& games);
// The same in another program's dialect: a Notation tag naming it, the FEN
// tag in its position format and the moves as it writes them, one word each
// (KataGo's two vertices "A3A4"); the reader reads it back. Only for the 7x9
// board; Bush has no position format, so a game with a FEN tag cannot be
// written in his. Throws notation::NotationError.
std::string write_record(const GameRecord& game, notation::Dialect dialect);
std::string write_records(const std::vector<GameRecord>& games, notation::Dialect dialect);

// A record's positions come from Game::from_record (core/game.h), which
// replays the moves into one Position. The Result and Termination tags use
// the vocabulary of core/types.h: result_tag, termination_tag.

}  // namespace jungle
