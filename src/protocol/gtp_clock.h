#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "core/types.h"
#include "game/limits.h"

namespace jungle {

// The clock `jungle gtp` plans on (docs/dialects.md): GTP's own
// `time_settings MAIN BYO STONES` (Canadian byo-yomi), KGS's
// `kgs-time_settings` with its four systems (as www.gokgs.com's help on time
// systems defines them), and `time_left`, after which the engine counts what
// it spends itself until the controller says again. Times in milliseconds.
class GtpClock {
 public:
  enum class System {
    kNone,      // no limit: the clock is off
    kAbsolute,  // the main time alone; when it is spent the game is lost
    kCanadian,  // then BYO seconds for each STONES moves, period after period
    kByoyomi,   // then PERIODS periods of BYO seconds: a move within one keeps it
  };

  // A new setting for both sides. `count` is the stones of a Canadian period
  // or the number of Japanese periods; main and byo-yomi of an absolute or
  // no-limit clock are ignored as KGS ignores them.
  void set(System system, int64_t main_ms, int64_t byo_ms, int count);
  // GTP's time_left: `ms` left to `side` and `count`, which is 0 in the main
  // time and otherwise the stones left in the Canadian period or the
  // Japanese periods left (KGS's meaning). Turns the clock on: with no
  // setting given, a Canadian one when `count` is not 0, else an absolute one.
  void time_left(Side side, int64_t ms, int count);
  // After `side` has thought `elapsed_ms`: what its clock keeps.
  void charge(Side side, int64_t elapsed_ms);

  bool on() const { return system_ != System::kNone; }
  // The clocks and moves to go for a search by `side`; nothing when off.
  void fill(Side side, game::Limits& limits) const;
  // "Clock: byoyomi 600.0 30.0 5; b 590.5 s main time; w 30.0 s, 4 periods
  // left", for showboard; "" when off.
  std::string describe() const;

 private:
  System system_ = System::kNone;
  int64_t byo_ms_ = 0;
  int count_ = 0;  // stones of a Canadian period, or Japanese periods
  int64_t main_ms_ = 0;
  std::array<int64_t, kSides> left_{0, 0};
  // 0 in the main time; else stones left in the period (Canadian) or
  // periods left (Japanese).
  std::array<int, kSides> in_byo_{0, 0};
};

}  // namespace jungle
