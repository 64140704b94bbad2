#include "web/games/game_clock.h"

#include <algorithm>
#include <limits>
#include <sstream>

#include "web/games/seats.h"

namespace jungle::web {

namespace {

// An engine plans as if this many moves were still to come in what is left.
constexpr int64_t kEngineMovesToGo = 30;
// What an engine keeps in hand for the answer to reach the clock.
constexpr int64_t kEngineSafetyMs = 150;
constexpr int64_t kEngineMinThinkMs = 10;

const char* kind_name(TimeControl::Kind k) {
  switch (k) {
    case TimeControl::Kind::kSuddenDeath:
      return "sudden_death";
    case TimeControl::Kind::kIncrement:
      return "increment";
    case TimeControl::Kind::kPerMove:
      return "per_move";
    case TimeControl::Kind::kCorrespondence:
      return "correspondence";
    case TimeControl::Kind::kNone:
      break;
  }
  return "none";
}

std::string seconds_text(int64_t ms) {
  std::ostringstream out;
  if (ms % 1000 == 0) {
    out << ms / 1000;
  } else {
    out << double(ms) / 1000.0;
  }
  return out.str();
}

}  // namespace

TimeControl TimeControl::from_json(const Json& j) {
  TimeControl tc;
  if (j.is_null()) return tc;
  if (!j.is_object()) {
    throw GameError(ErrorKind::kBadRequest, "bad_field",
                    "'time_control' must be an object like {\"kind\": \"increment\", "
                    "\"initial_ms\": 180000, \"increment_ms\": 2000}");
  }
  const std::string kind = string_field(j, "kind", "none");
  try {
    if (kind == "none") return tc;
    if (kind == "sudden_death" || kind == "increment") {
      tc.kind = kind == "increment" ? Kind::kIncrement : Kind::kSuddenDeath;
      if (!j.contains("initial_ms")) {
        throw GameError(ErrorKind::kBadRequest, "bad_field", "'initial_ms' is required");
      }
      tc.initial_ms = int_field(j, "initial_ms", 0, kMinInitialMs, kMaxInitialMs);
      if (tc.kind == Kind::kIncrement) {
        tc.increment_ms = int_field(j, "increment_ms", 0, 0, kMaxIncrementMs);
      } else if (j.contains("increment_ms") && !j["increment_ms"].is_null()) {
        throw GameError(ErrorKind::kBadRequest, "bad_field",
                        "sudden death has no 'increment_ms': use \"kind\": \"increment\"");
      }
      return tc;
    }
    if (kind == "per_move") {
      tc.kind = Kind::kPerMove;
      if (!j.contains("per_move_ms")) {
        throw GameError(ErrorKind::kBadRequest, "bad_field", "'per_move_ms' is required");
      }
      tc.per_move_ms = int_field(j, "per_move_ms", 0, kMinPerMoveMs, kMaxPerMoveMs);
      return tc;
    }
    if (kind == "correspondence") {
      tc.kind = Kind::kCorrespondence;
      const Json days = j.value("days", Json());
      const bool allowed = days.is_number_integer() &&
                           std::find(std::begin(kCorrespondenceDays), std::end(kCorrespondenceDays),
                                     days.get<int64_t>()) != std::end(kCorrespondenceDays);
      if (days.is_null()) {
        throw GameError(ErrorKind::kBadRequest, "bad_field",
                        "'days' is required: 1, 2, 3, 5, 7 or 14 (days a move)");
      }
      if (!allowed) {
        throw GameError(ErrorKind::kBadRequest, "bad_field",
                        "'days' must be 1, 2, 3, 5, 7 or 14 (days a move), not " + days.dump());
      }
      tc.days = days.get<int>();
      tc.per_move_ms = tc.days * kDayMs;
      return tc;
    }
  } catch (const GameError& e) {
    std::string message = e.what();
    message.insert(message.rfind('\'', 0) == 0 ? 1 : 0, "time_control.");
    throw GameError(e.kind(), e.code(), message);
  }
  throw GameError(ErrorKind::kBadRequest, "bad_field",
                  "'time_control.kind' must be \"none\", \"sudden_death\", \"increment\", "
                  "\"per_move\" or \"correspondence\", not \"" +
                      kind + "\"");
}

Json TimeControl::to_json() const {
  Json j{{"kind", kind_name(kind)}};
  if (kind == Kind::kSuddenDeath || kind == Kind::kIncrement) j["initial_ms"] = initial_ms;
  if (kind == Kind::kIncrement) j["increment_ms"] = increment_ms;
  if (kind == Kind::kPerMove) j["per_move_ms"] = per_move_ms;
  if (kind == Kind::kCorrespondence) j["days"] = days;
  j["text"] = text();
  return j;
}

std::string TimeControl::tag() const {
  switch (kind) {
    case Kind::kSuddenDeath:
      return seconds_text(initial_ms);
    case Kind::kIncrement:
      return seconds_text(initial_ms) + "+" + seconds_text(increment_ms);
    case Kind::kPerMove:
    case Kind::kCorrespondence:
      return "1/" + seconds_text(per_move_ms);
    case Kind::kNone:
      break;
  }
  return "";
}

std::string TimeControl::text() const {
  // Minutes as players say them ("3+2", "10 min"); under a minute, seconds.
  const auto start = [](int64_t ms) {
    if (ms < 60000) return seconds_text(ms) + " s";
    if (ms % 60000 == 0) return std::to_string(ms / 60000);
    std::ostringstream out;
    out.precision(2);
    out << double(ms) / 60000.0;
    return out.str();
  };
  switch (kind) {
    case Kind::kSuddenDeath:
      return initial_ms < 60000 ? start(initial_ms) : start(initial_ms) + " min";
    case Kind::kIncrement:
      return start(initial_ms) + "+" + seconds_text(increment_ms);
    case Kind::kPerMove:
      return seconds_text(per_move_ms) + " s per move";
    case Kind::kCorrespondence:
      return std::to_string(days) + (days == 1 ? " day" : " days") + " per move";
    case Kind::kNone:
      break;
  }
  return "untimed";
}

GameClock::GameClock(TimeControl control) : control_(control) {
  const int64_t start = control_.per_move() ? control_.per_move_ms : control_.initial_ms;
  left_ = {start, start};
}

int64_t GameClock::left(int seat, int64_t now) const {
  const int64_t stored = left_[size_t(seat)];
  return seat == running_ ? stored - std::max<int64_t>(0, now - since_) : stored;
}

std::optional<int64_t> GameClock::deadline() const {
  if (running_ < 0) return std::nullopt;
  return since_ + left_[size_t(running_)];
}

void GameClock::start(int seat, int64_t now) {
  if (!timed()) return;
  stop(now);
  if (control_.per_move()) left_[size_t(seat)] = control_.per_move_ms;
  running_ = seat;
  since_ = now;
}

void GameClock::stop(int64_t now) {
  if (running_ < 0) return;
  left_[size_t(running_)] = left(running_, now);
  running_ = -1;
}

bool GameClock::moved(int seat, int64_t now, int next) {
  if (!timed()) return true;
  if (seat == running_) {
    if (left(seat, now) <= 0) return false;
    stop(now);
  }
  if (control_.kind == TimeControl::Kind::kIncrement) left_[size_t(seat)] += control_.increment_ms;
  if (control_.per_move()) left_[size_t(seat)] = control_.per_move_ms;
  if (next >= 0) start(next, now);
  return true;
}

Json GameClock::to_json(int64_t now) const {
  return Json{{"control", control_.to_json()},
              {"blue_ms", std::max<int64_t>(0, left(0, now))},
              {"red_ms", std::max<int64_t>(0, left(1, now))},
              {"running", running_ < 0 ? Json(nullptr) : Json(seat_name(running_))},
              {"now_ms", now}};
}

std::string GameClock::to_stored() const {
  if (!timed()) return "";
  return Json{{"control", control_.to_json()},
              {"left", {left_[0], left_[1]}},
              {"running", running_},
              {"since", since_}}
      .dump();
}

GameClock GameClock::from_stored(const std::string& text) {
  if (text.empty()) return GameClock();
  const Json j = Json::parse(text, nullptr, false);
  try {
    GameClock c(TimeControl::from_json(j.at("control")));
    c.left_ = {j.at("left").at(0).get<int64_t>(), j.at("left").at(1).get<int64_t>()};
    c.running_ = std::clamp(j.at("running").get<int>(), -1, 1);
    c.since_ = j.at("since").get<int64_t>();
    return c;
  } catch (const std::exception&) {
    return GameClock();  // a clock is not worth refusing the game for
  }
}

int64_t engine_think_ms(const GameClock& clock, int seat, int64_t movetime_ms, int64_t now) {
  if (!clock.timed()) return movetime_ms;
  const int64_t left = clock.left(seat, now);
  int64_t budget = 0;
  if (clock.control().per_move()) {
    budget = left - kEngineSafetyMs;
  } else {
    budget = left / kEngineMovesToGo + clock.control().increment_ms * 3 / 4;
    budget = std::min(budget, left - kEngineSafetyMs);
  }
  return std::clamp(budget, kEngineMinThinkMs, std::max(kEngineMinThinkMs, movetime_ms));
}

}  // namespace jungle::web
