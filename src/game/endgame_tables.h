#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

// A family's endgame tables as a front end asks them (Family::endgame_tables):
// the exact value of a position the tables cover and of each legal action
// from it. Each family says what its distance counts; the front end shows
// the verdict in its words without knowing which family answered.

namespace jungle::game {

// What a verdict's distance counts, in plies from the position.
enum class EndgameDistance {
  kToEnd,      // to the end of the game (the open game's tables: moves to mate)
  kToCapture,  // to the capture that decides it (Flip Jungle's: a quiet limit runs)
};

// "end" or "capture", as the web API writes it.
std::string_view distance_text(EndgameDistance d);

struct EndgameVerdict {
  int wdl = 0;       // for the side to move: +1 it wins, 0 a draw, -1 it loses
  int distance = 0;  // plies, as EndgameTables::distance() counts them; 0 for a draw
  bool operator==(const EndgameVerdict&) const = default;
};

// "win", "draw" or "loss".
std::string_view wdl_word(int wdl);

struct EndgameMoveValue {
  std::string action;      // "b1c1", as records write it
  EndgameVerdict verdict;  // for the side that plays it
};

struct EndgameAnswer {
  // Empty when the tables answer; otherwise why they do not, for the
  // person who asked ("no table covers this position").
  std::string refusal;
  EndgameVerdict verdict;
  // Every legal action, best first for the side to move.
  std::vector<EndgameMoveValue> moves;
};

// An answer that says why the tables have none.
EndgameAnswer endgame_refusal(std::string why);

// Where the tables a family reads are kept; a family whose tables are
// built in memory ignores it.
struct EndgameTableSource {
  std::filesystem::path folder;  // `jungle serve --tb DIR`; empty: none
};

// A table the position needs is damaged: the server's fault, not the asker's.
class EndgameTableDamage : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Safe to ask from any number of threads at once.
class EndgameTables {
 public:
  virtual ~EndgameTables() = default;
  virtual EndgameDistance distance() const = 0;
  // The tables' value of `fen` under `variant` (one of the family's rule
  // sets), or a refusal saying why they have none. Throws
  // std::invalid_argument for a FEN that is not a position of the variant,
  // EndgameTableDamage for a damaged table.
  virtual EndgameAnswer probe(std::string_view variant, std::string_view fen) const = 0;
  // The damaged tables found since the last call, each named once, for the
  // server's log.
  virtual std::vector<std::string> new_damage() const { return {}; }
};

}  // namespace jungle::game
