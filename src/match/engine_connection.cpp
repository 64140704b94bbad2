#include "match/engine_connection.h"

namespace jungle::match {

int64_t ms_since(Clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t).count();
}

std::string_view incident_name(Incident i) {
  switch (i) {
    case Incident::kCrash:
      return "crash";
    case Incident::kTimeLoss:
      return "time loss";
    case Incident::kNoResponse:
      return "no response";
    case Incident::kIllegalMove:
      return "illegal move";
    case Incident::kStartFailure:
      return "start failure";
    case Incident::kNone:
      break;
  }
  return "none";
}

bool EngineConnection::fail(Incident kind, const std::string& why, Incident* incident,
                            std::string* reason) {
  *incident = kind;
  *reason = why;
  proc.kill();
  ready = false;
  return false;
}

bool EngineConnection::start_process(Incident* incident, std::string* reason) {
  proc.kill();
  std::string error;
  if (!proc.start(split_command_line(spec->command), &error, spec->stderr_path))
    return fail(Incident::kStartFailure, spec->name + ": " + error, incident, reason);
  return true;
}

EngineProcess::ReadResult EngineConnection::read_line_within(Clock::time_point start,
                                                             int64_t timeout_ms,
                                                             std::string& line) {
  const int64_t left = timeout_ms - ms_since(start);
  if (left <= 0) return EngineProcess::ReadResult::kTimeout;
  return proc.read_line(line, std::chrono::milliseconds(left));
}

bool EngineConnection::answered(EngineProcess::ReadResult read, const std::string& ended,
                                const std::string& asked, int64_t timeout_ms, Incident* incident,
                                std::string* reason) {
  switch (read) {
    case EngineProcess::ReadResult::kEof:
      return fail(Incident::kCrash, spec->name + " " + ended + " (" + proc.exit_description() + ")",
                  incident, reason);
    case EngineProcess::ReadResult::kTimeout:
      return fail(
          Incident::kNoResponse,
          spec->name + " did not answer " + asked + " within " + std::to_string(timeout_ms) + " ms",
          incident, reason);
    case EngineProcess::ReadResult::kLine:
      break;
  }
  return true;
}

}  // namespace jungle::match
