#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/position.h"

namespace jungle::puzzles {

// What the player of a puzzle must do: find the one move that wins, or the
// one move that holds when every other loses.
enum class Goal { kWin, kDefend };
std::string_view goal_name(Goal g);  // "win", "defend"

// The themes a solution is tagged with (themes.h), by their names in the
// database: "den-attack", "trap", "river-jump", "rat-elephant", "defence",
// "endgame" (docs/puzzles.md).
inline constexpr std::string_view kThemeNames[] = {"den-attack",   "trap",    "river-jump",
                                                   "rat-elephant", "defence", "endgame"};
bool is_theme_name(std::string_view name);

// One puzzle: a line of the database (docs/puzzles.md), one JSON object.
struct Puzzle {
  std::string id;       // 12 hex digits of the variant and the position (puzzle_id)
  std::string variant;  // a shipped rule set's name
  std::string fen;
  Goal goal = Goal::kWin;
  // The player's moves and the replies between them, first move first; it
  // ends with a move of the player.
  std::vector<std::string> solution;
  std::vector<std::string> themes;
  int rating = 1500;   // the initial puzzle rating (Glicko-2 scale)
  int depth = 0;       // the search depth from which the first move is found
  std::string source;  // "selfplay seed 1 game 3 ply 25", "record FILE game 2 ply 40"
};

// The id of a position under a rule set: the variant, the placement and the
// side to move, hashed (the counters are left out, so a position reached
// at another move number is the same puzzle).
std::string puzzle_id(std::string_view variant, const Position& pos);

// A database line that cannot be read: the message names the line and the
// field ("line 3: field 'fen': FEN rank 3 has 8 files").
class PuzzleFormatError : public std::runtime_error {
 public:
  PuzzleFormatError(int line, const std::string& message);
  int line() const { return line_; }

 private:
  int line_;
};

// The puzzle as one line of JSON, without the newline.
std::string puzzle_json(const Puzzle& p);

// Reads one line (`line` numbers it in errors): every field present and of
// its type, the variant shipped, the FEN valid and not a finished game, the
// solution legal move by move, the themes known. Throws PuzzleFormatError.
Puzzle parse_puzzle_line(std::string_view text, int line);

// A whole database: each line read by parse_puzzle_line; blank lines are
// skipped. Lines that cannot be read are returned as errors, not thrown, so
// that one bad line does not hide the others.
struct Database {
  struct Entry {
    int line = 0;
    Puzzle puzzle;
  };
  std::vector<Entry> puzzles;
  std::vector<PuzzleFormatError> errors;
};
Database read_database(std::string_view text);

}  // namespace jungle::puzzles
