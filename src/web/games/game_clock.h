#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "web/server/json_fields.h"

// Time controls and the clocks of a game. The server is the clock's
// authority: it stamps each move when it arrives, charges the mover, and
// decides a loss on time itself (game_service: on any read of the game and
// from a timer, so that a watcher hears of it even when no move comes).
// Seats, not colours: seat 0 is the first player ("blue"), seat 1 the
// second ("red"); in Jungle they are the sides.

namespace jungle::web {

struct TimeControl {
  enum class Kind {
    kNone,         // untimed
    kSuddenDeath,  // `initial_ms` for the whole game
    kIncrement,    // Fischer: `initial_ms`, and `increment_ms` added after each move
    kPerMove,      // each move within `per_move_ms`; time not used is not kept
    // Correspondence: each move within `days` days (kCorrespondenceDays),
    // a limit per move as kPerMove's, kept by the server across restarts.
    kCorrespondence,
  };
  Kind kind = Kind::kNone;
  int64_t initial_ms = 0;
  int64_t increment_ms = 0;
  int64_t per_move_ms = 0;
  int days = 0;  // kCorrespondence's; per_move_ms is as many days

  bool timed() const { return kind != Kind::kNone; }
  // Whether each move has its own allowance (kPerMove, kCorrespondence).
  bool per_move() const { return kind == Kind::kPerMove || kind == Kind::kCorrespondence; }
  // {"kind": "sudden_death", "initial_ms": 300000}, {"kind": "increment",
  // "initial_ms": 180000, "increment_ms": 2000}, {"kind": "per_move",
  // "per_move_ms": 30000}, {"kind": "correspondence", "days": 3}; null or
  // {"kind": "none"} is untimed. Throws
  // GameError kBadRequest naming what is wrong.
  static TimeControl from_json(const Json& j);
  Json to_json() const;
  // As a record's TimeControl tag writes it: "300", "180+2", "1/30"; "" untimed.
  std::string tag() const;
  // For people: "5 min", "3+2", "30 s per move".
  std::string text() const;
};

// The limits a time control must keep.
inline constexpr int64_t kMinInitialMs = 1000;
inline constexpr int64_t kMaxInitialMs = 3 * 3600 * 1000;
inline constexpr int64_t kMaxIncrementMs = 180 * 1000;
inline constexpr int64_t kMinPerMoveMs = 1000;
inline constexpr int64_t kMaxPerMoveMs = 24 * 3600 * 1000;
// The days a correspondence move may take: the choices players know from
// correspondence sites, no others (a rating class is one of them).
inline constexpr int kCorrespondenceDays[] = {1, 2, 3, 5, 7, 14};
inline constexpr int64_t kDayMs = 24 * 3600 * 1000;

class GameClock {
 public:
  GameClock() = default;
  explicit GameClock(TimeControl control);

  bool timed() const { return control_.timed(); }
  const TimeControl& control() const { return control_; }
  // The seat whose clock runs, or -1.
  int running() const { return running_; }
  // Time left to `seat` at `now`, its clock charged while it runs (may be
  // negative: the flag has fallen and nobody has said so yet).
  int64_t left(int seat, int64_t now) const;
  // Whether the running clock is out of time at `now`.
  bool flagged(int64_t now) const { return running_ >= 0 && left(running_, now) <= 0; }
  // When the running clock reaches zero.
  std::optional<int64_t> deadline() const;
  // When the running clock started: since when its seat has been to move.
  int64_t since() const { return since_; }

  // Starts `seat`'s clock (charging a clock that ran, which stops). For a
  // per-move control the seat gets a fresh allowance.
  void start(int seat, int64_t now);
  // Stops the clocks, charging the one that ran.
  void stop(int64_t now);
  // A move by `seat` arrived at `now`: charges it and adds the increment
  // (or, per move, readies the next allowance), then starts `next` (-1:
  // none, the game is over or an engine is to move and starts its own).
  // False, changing nothing, when `seat`'s time had already run out.
  bool moved(int seat, int64_t now, int next);

  // {"control": ..., "blue_ms": N, "red_ms": N, "running": "blue"|"red"|null, "now_ms": now}
  Json to_json(int64_t now) const;
  std::string to_stored() const;
  // "" or anything unreadable: untimed.
  static GameClock from_stored(const std::string& text);

 private:
  TimeControl control_;
  std::array<int64_t, 2> left_{0, 0};  // for the running seat: at `since_`
  int running_ = -1;
  int64_t since_ = 0;
};

// How long an engine may think on `seat` with this clock: its own movetime,
// cut to what the clock can spare (a share of what is left plus most of the
// increment, or the move's allowance less a margin), never below a few ms.
int64_t engine_think_ms(const GameClock& clock, int seat, int64_t movetime_ms, int64_t now);

}  // namespace jungle::web
