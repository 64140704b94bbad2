#pragma once

#include <string>

// One score for every family's engine, from the side to move's view, as
// the protocol writes it and the match runner reads it: centipawns in the
// open game; an expected result (0 a loss, 1 a win) where chance or hidden
// pieces make a score an expectation, written as centipawns by one curve
// so that `score cp` means the same thing in every family; a proven win or
// loss in moves; an endgame table's verdict.

namespace jungle::game {

struct Score {
  enum class Kind {
    kCentipawns,  // value: centipawns
    kExpected,    // expected: 0..1; value: its centipawns (centipawns_of_expected)
    kMate,        // value: moves to a won end (negative: to a lost one)
    kTablebase,   // value: +1 won, 0 drawn, -1 lost by the tables
  };
  Kind kind = Kind::kCentipawns;
  int value = 0;
  double expected = 0.5;

  static Score centipawns(int cp);
  static Score of_expected(double e);
  static Score mate(int moves);
  static Score tablebase(int wdl);

  // The expected result this score stands for, 0..1: the open engine's
  // curve for centipawns, 1 or 0 for a decided game, 0.5 a table draw.
  double expected_result() const;
  // The protocol's words: "cp 35", "mate 4", "mate -3" (a table verdict
  // writes as a large centipawn score, as engines without tables read it).
  std::string uci_text() const;
  bool operator==(const Score&) const = default;
};

// The centipawns an expected result stands for, by the inverse of the
// open engine's curve (expected_of_centipawns), clamped where it leaves the
// evaluation's range.
int centipawns_of_expected(double expected);
double expected_of_centipawns(int cp);

}  // namespace jungle::game
