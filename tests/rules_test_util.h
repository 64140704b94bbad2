#pragma once

// Small helpers for the hand-written rule tests (rules_*_test.cpp, bad_input_test.cpp).

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <initializer_list>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/geometry.h"
#include "core/movegen.h"
#include "core/position.h"
#include "core/rule_set.h"
#include "core/rules.h"
#include "core/types.h"

namespace jungle::test {

inline std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// Every legal move of the side to move as "a3a4" strings, sorted.
inline std::vector<std::string> moves_of(const Position& pos) {
  std::vector<std::string> out;
  for (Move m : generate_moves(pos)) out.push_back(pos.rule_set().geometry().move_text(m));
  return sorted(std::move(out));
}

// The legal moves of the piece on `square` ("c3"), sorted.
inline std::vector<std::string> moves_from(const Position& pos, std::string_view square) {
  std::vector<std::string> out;
  for (const std::string& m : moves_of(pos))
    if (std::string_view(m).substr(0, 2) == square) out.push_back(m);
  return out;
}

inline bool has_move(const Position& pos, std::string_view move) {
  for (const std::string& m : moves_of(pos))
    if (m == move) return true;
  return false;
}

// A square of the standard 7x9 board.
inline Square sq(std::string_view name) {
  return kStandardGeometry.parse_square(name);
}

inline Position fen_pos(std::string_view fen, RuleSetPtr rules = RuleSet::standard()) {
  return Position::from_fen(fen, std::move(rules));
}

// A position and the exact moves expected in it: those of the piece on
// `piece` ("c3"), or every move of the side to move when `piece` is "".
struct MoveCase {
  const char* fen;
  const char* piece;
  std::vector<std::string> expected;
};

inline void check_cases(const RuleSetPtr& rules, const std::vector<MoveCase>& cases) {
  for (const MoveCase& c : cases) {
    SCOPED_TRACE(c.fen);
    Position pos = fen_pos(c.fen, rules);
    if (std::string_view(c.piece).empty())
      EXPECT_EQ(moves_of(pos), sorted(c.expected));
    else
      EXPECT_EQ(moves_from(pos, c.piece), sorted(c.expected));
  }
}

inline void check_cases(const std::vector<MoveCase>& cases) {
  check_cases(RuleSet::standard(), cases);
}

// The default rules with some fields changed by `change(Rules&)`.
template <class Change>
RuleSetPtr rules_with(Change&& change) {
  Rules r;
  change(r);
  return RuleSet::make(r);
}

// Plays space-separated moves ("g1g2 a9a8"); each must be among the legal
// moves at that point. Stops at the first one that is not.
inline ::testing::AssertionResult play(Position& pos, std::string_view moves) {
  std::istringstream in{std::string(moves)};
  std::string text;
  int ply = 0;
  while (in >> text) {
    ++ply;
    bool found = false;
    for (Move m : generate_moves(pos)) {
      if (pos.rule_set().geometry().move_text(m) == text) {
        pos.do_move(m);
        found = true;
        break;
      }
    }
    if (!found) {
      std::string legal;
      for (const std::string& m : moves_of(pos)) legal += m + " ";
      return ::testing::AssertionFailure() << "move " << ply << " (" << text << ") is not legal in "
                                           << pos.fen() << "; legal: " << legal;
    }
  }
  return ::testing::AssertionSuccess();
}

struct Outcome {
  GameResult result = GameResult::kOngoing;
  Termination why = Termination::kNone;
  bool operator==(const Outcome&) const = default;
};

inline Outcome outcome(const Position& pos) {
  Outcome o;
  o.result = game_result(pos, &o.why);
  return o;
}

inline std::ostream& operator<<(std::ostream& os, const Outcome& o) {
  static const char* const kResults[] = {"ongoing", "Blue wins", "Red wins", "draw"};
  return os << kResults[int(o.result)] << " (" << termination_tag(o.why) << ")";
}

inline constexpr Outcome kOngoing{GameResult::kOngoing, Termination::kNone};

inline std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// Case-insensitive substring test, for error messages.
inline bool mentions(std::string_view text, std::string_view word) {
  return lower(text).find(lower(word)) != std::string::npos;
}

inline bool mentions_any(std::string_view text, std::initializer_list<std::string_view> words) {
  for (std::string_view w : words)
    if (mentions(text, w)) return true;
  return false;
}

// The FenError message for `fen`, or "" (with a test failure) when it is accepted.
inline std::string fen_error(std::string_view fen, RuleSetPtr rules = RuleSet::standard()) {
  try {
    Position::from_fen(fen, std::move(rules));
  } catch (const FenError& e) {
    return e.what();
  } catch (const std::exception& e) {
    ADD_FAILURE() << "FEN \"" << fen << "\" threw something other than FenError: " << e.what();
    return "";
  }
  ADD_FAILURE() << "FEN \"" << fen << "\" was accepted";
  return "";
}

}  // namespace jungle::test
