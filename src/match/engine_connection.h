#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

#include "match/engine_process.h"
#include "match/match_config.h"

namespace jungle::match {

using Clock = std::chrono::steady_clock;

// Milliseconds since `t`, for deadlines.
int64_t ms_since(Clock::time_point t);

// What went wrong with an engine, each a loss for it.
enum class Incident { kNone, kCrash, kTimeLoss, kNoResponse, kIllegalMove, kStartFailure };
inline constexpr int kIncidentKinds = 6;
std::string_view incident_name(Incident i);  // "crash", "time loss", ...

// What every protocol's side of the runner holds for one engine process,
// and the start-up steps they share: starting the process from its command
// line, turning a read that gave no line into the incident it is, and
// failing (the incident recorded, the process killed).
struct EngineConnection {
  int index = 0;
  const EngineSpec* spec = nullptr;
  EngineProcess proc;
  bool ready = false;  // handshake done and options sent

  // Records the incident, kills the process and returns false.
  bool fail(Incident kind, const std::string& why, Incident* incident, std::string* reason);
  // Starts the engine's command afresh (a running process is killed first);
  // false, with a start failure, when it cannot be started.
  bool start_process(Incident* incident, std::string* reason);
  // Reads one line within what is left of `timeout_ms` since `start`
  // (kTimeout once nothing is left).
  EngineProcess::ReadResult read_line_within(Clock::time_point start, int64_t timeout_ms,
                                             std::string& line);
  // True for a line; for the end of its output a crash ("<name> <ended>
  // (<how it exited>)"), for a timeout no response ("<name> did not answer
  // <asked> within N ms"); both fail.
  bool answered(EngineProcess::ReadResult read, const std::string& ended, const std::string& asked,
                int64_t timeout_ms, Incident* incident, std::string* reason);
};

}  // namespace jungle::match
