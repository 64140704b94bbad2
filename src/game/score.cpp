// One score for every family, and the one curve between centipawns and an
// expected result.

#include "game/score.h"

#include <algorithm>
#include <cmath>

namespace jungle::game {

namespace {

// The curve: expected = 1 / (1 + 10^(-cp / kCurveScale)), the logistic that
// hidden_search's expected_result reads the open engine's scores with (its
// kExpectationScale), so that a hidden game's expected result and the open
// engine's centipawns agree; its inverse writes an expectation as
// centipawns. (The open game's `wdl` line, strength_model.cpp, splits the
// same scores into wins, draws and losses by a model fitted to self-play;
// an expectation has no draw share to split, hence this simpler curve.)
constexpr double kCurveScale = 400.0;
// Expectations are clamped to [kMinExpected, 1 - kMinExpected] before the
// inverse, which would be infinite at 0 and 1: +-1200 cp, beyond any
// evaluation's ordinary range, as the hidden protocol wrote them.
constexpr double kMinExpected = 0.001;
// A table's win or loss, for programs that read only `cp` and `mate`: above
// every curve value (1200) and every evaluation, below the open search's
// mate scores, which are written as `mate` anyway.
constexpr int kTablebaseCentipawns = 10000;

}  // namespace

Score Score::centipawns(int cp) {
  return {Kind::kCentipawns, cp, expected_of_centipawns(cp)};
}

Score Score::of_expected(double e) {
  e = std::clamp(e, 0.0, 1.0);
  return {Kind::kExpected, centipawns_of_expected(e), e};
}

// `mate 0` is the side to move lost already (no move, or its den entered),
// as the protocol writes a finished game.
Score Score::mate(int moves) {
  return {Kind::kMate, moves, moves > 0 ? 1.0 : 0.0};
}

Score Score::tablebase(int wdl) {
  const int v = wdl > 0 ? 1 : wdl < 0 ? -1 : 0;
  return {Kind::kTablebase, v, v > 0 ? 1.0 : v < 0 ? 0.0 : 0.5};
}

double Score::expected_result() const {
  switch (kind) {
    case Kind::kCentipawns:
      return expected_of_centipawns(value);
    case Kind::kExpected:
      return expected;
    case Kind::kMate:
      return value > 0 ? 1.0 : 0.0;
    case Kind::kTablebase:
      return value > 0 ? 1.0 : value < 0 ? 0.0 : 0.5;
  }
  return 0.5;
}

std::string Score::uci_text() const {
  switch (kind) {
    case Kind::kMate:
      return "mate " + std::to_string(value);
    case Kind::kTablebase:
      return "cp " + std::to_string(value * kTablebaseCentipawns);
    case Kind::kCentipawns:
    case Kind::kExpected:
      break;
  }
  return "cp " + std::to_string(value);
}

int centipawns_of_expected(double expected) {
  const double e = std::clamp(expected, kMinExpected, 1 - kMinExpected);
  return int(std::lround(kCurveScale * std::log10(e / (1 - e))));
}

double expected_of_centipawns(int cp) {
  return 1.0 / (1.0 + std::pow(10.0, -cp / kCurveScale));
}

}  // namespace jungle::game
