#pragma once

#include <optional>
#include <string_view>

#include "core/types.h"

// An aborted game (a game ended before each side had moved, termination
// "aborted") is a result of its own: nobody won and nobody drew. The rules
// hold it as a declared end without a winner (GameResult::kDraw inside, so
// that nothing asking who won finds anyone), and every outward form names it
// apart from a draw: a record writes Result "*" with Termination "aborted"
// (docs/records.md), the game store and the web API write the result
// "aborted" (docs/api.md, "Aborting").

namespace jungle {

inline constexpr std::string_view kAbortedTermination = "aborted";
inline constexpr std::string_view kAbortedResult = "aborted";

// The Result tag a record writes for a game that ended `r` by `termination`:
// "*" for an aborted game, result_tag(r) for any other.
inline std::string_view record_result_tag(GameResult r, std::string_view termination) {
  return termination == kAbortedTermination ? "*" : result_tag(r);
}

// The result a game ended by `termination` is declared with, given the
// result text a record, the store or the API wrote for it: an aborted game's
// ("*" as records write it, "aborted" as the store does, "1/2-1/2" as both
// did before aborting was a result of its own) is kDraw; any other's is
// result_from_tag(text). Nothing for a text that names no result.
inline std::optional<GameResult> declared_result(std::string_view result_text,
                                                 std::string_view termination) {
  if (termination == kAbortedTermination &&
      (result_text == "*" || result_text == kAbortedResult || result_text == "1/2-1/2")) {
    return GameResult::kDraw;
  }
  return result_from_tag(result_text);
}

}  // namespace jungle
