#pragma once

#include <stdexcept>
#include <string>

// What a game, the game service or a request's reader refuses, in the
// game's own terms: the kind of refusal and a short code for programs, with
// a message a person can act on. Nothing here knows HTTP; the routes map
// each kind to a status in one place (json_http: http_status).

namespace jungle::web {

enum class ErrorKind {
  kBadRequest,   // malformed: not JSON, a field of the wrong type, a move not written like a3a4
  kForbidden,    // not this requester's to do: another player's seat
  kNotFound,     // no such game, code or record game
  kConflict,     // does not fit the game's current state: reload and try again
  kRefused,      // well formed but not allowed by the rules: an illegal move, a game over
  kTooManyJobs,  // this client has its share of engine work already
  kUnavailable,  // the server cannot now: engines busy, stopping, too many streams
  kServerFault,  // the server's fault: a damaged game, a failed write
};

class GameError : public std::runtime_error {
 public:
  GameError(ErrorKind kind, std::string code, const std::string& message)
      : std::runtime_error(message), kind_(kind), code_(std::move(code)) {}
  ErrorKind kind() const { return kind_; }
  const std::string& code() const { return code_; }

 private:
  ErrorKind kind_;
  std::string code_;
};

}  // namespace jungle::web
