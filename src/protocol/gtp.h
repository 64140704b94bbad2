#pragma once

#include <array>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "game/engine.h"
#include "game/family.h"
#include "protocol/gtp_clock.h"

namespace jungle {

// The open game's engine over GTP, in the dialect KataGo-AnimalChess speaks
// (docs/dialects.md, "KataGo-AnimalChess"), so that the Dandelion GUI and
// KataGo's match tools can drive it: `setfen` takes its FEN (J for the
// Leopard), a vertex is our square in upper case (A1..G9), the colour `b`
// is Blue (the first player) and `w` Red, and a move is two stages, the
// piece then its square, each one `play` or one `genmove` answer. `undo`
// takes back one stage. The engine is the family's game::Engine, searched
// once per move: the first `genmove` of a move searches and answers the
// piece, the second answers the square it chose (a piece chosen by `play`
// is searched for its best square alone). How long it thinks:
// `kata-set-param maxVisits N` (nodes) and `maxTime S` (seconds per
// `genmove`), as KataGo's drivers send them, GTP's `time_settings` and
// `time_left` and KGS's `kgs-time_settings` (GtpClock); with none of these,
// kDefaultMoveTimeMs. `clear_cache` empties the engine's hash table, as
// KataGo's empties its search cache. Every command gets
// one answer, `= ...` or `? reason`, then a blank line; nothing read
// crashes or stops it but `quit` and the end of the input.
class GtpProtocol {
 public:
  // Throws std::invalid_argument when `variant` is not a rule set of the
  // open game on the 7x9 board (the only board the dialect names).
  GtpProtocol(std::istream& in, std::ostream& out, std::string variant = "standard");
  GtpProtocol(const GtpProtocol&) = delete;
  GtpProtocol& operator=(const GtpProtocol&) = delete;

  // Reads and answers commands until `quit` or the end of the input.
  // Returns the process exit status.
  int run();
  // Answers one line (nothing for an empty or comment line); returns false
  // once it was `quit`.
  bool execute(std::string_view line);

  // With no time given at all, a `genmove` searches this long: GTP's
  // genmove must answer, and a second keeps a GUI responsive.
  static constexpr int64_t kDefaultMoveTimeMs = 1000;

 private:
  struct Reply {
    bool ok = true;
    std::string text;
  };
  Reply dispatch(const std::string& command, const std::vector<std::string>& args);
  Reply cmd_boardsize(const std::vector<std::string>& args);
  Reply cmd_setfen(const std::vector<std::string>& args);
  Reply cmd_play(const std::vector<std::string>& args);
  Reply cmd_genmove(const std::vector<std::string>& args);
  Reply cmd_undo();
  Reply cmd_showboard() const;
  Reply cmd_set_param(const std::vector<std::string>& args);
  Reply cmd_time_settings(const std::vector<std::string>& args);
  Reply cmd_kgs_time_settings(const std::vector<std::string>& args);
  Reply cmd_time_left(const std::vector<std::string>& args);

  // A new game from `fen` (ours; "" for the rule set's start). Throws
  // std::invalid_argument saying what is wrong with it.
  void start(const std::string& fen);
  // The side to move's search for its move (from `from` alone when given).
  std::string search(Side side, const std::optional<std::string>& from);
  game::Limits limits_for(Side side) const;
  // After `side` has thought `elapsed_ms`: what its own clock keeps.
  void charge_clock(Side side, int64_t elapsed_ms);

  std::istream& in_;
  std::ostream& out_;
  std::string variant_;
  const game::Family* family_ = nullptr;
  std::unique_ptr<game::Engine> engine_;
  std::unique_ptr<game::State> state_;
  // The first stage of the move being made: the square (ours, "a3") of the
  // piece chosen; none between moves.
  std::optional<std::string> selected_;
  // The move the engine chose when it answered the first stage, played at
  // the second; "" when the piece was chosen by `play`.
  std::string pending_;

  uint64_t max_visits_ = 0;  // kata-set-param maxVisits; 0: none
  int64_t max_time_ms_ = 0;  // kata-set-param maxTime; 0: none
  GtpClock clock_;           // time_settings, kgs-time_settings, time_left
};

}  // namespace jungle
