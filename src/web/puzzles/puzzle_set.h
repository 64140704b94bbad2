#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "puzzles/puzzle.h"

namespace jungle::web {

// A puzzle database the server cannot serve: the message names the file,
// the line and the field ("data/puzzles/standard.jsonl: line 3: field
// 'fen' is not a position: ..."), so that `jungle serve` stops at start
// with it rather than serve half a set.
class PuzzleSetError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The puzzles the trainer serves (docs/puzzles.md), read once at start and
// never changed: sorted by id, so that every choice made from them (the
// daily puzzle, the next one at a rating) is the same on every server.
class PuzzleSet {
 public:
  PuzzleSet() = default;
  // Reads a database; `where` names it in errors. Throws PuzzleSetError at
  // the first malformed line, or when it holds no puzzle or one id twice.
  static PuzzleSet parse(std::string_view text, const std::string& where);
  // The shipped set: data/puzzles/*.jsonl, embedded at build time.
  static PuzzleSet shipped();
  // A database file (`jungle serve --puzzles FILE`). Throws PuzzleSetError.
  static PuzzleSet from_file(const std::filesystem::path& path);

  const std::vector<puzzles::Puzzle>& all() const { return puzzles_; }
  // Null when there is no such id.
  const puzzles::Puzzle* find(std::string_view id) const;
  // Every theme with the number of puzzles tagged with it, in the order of
  // puzzles::kThemeNames (themes no puzzle has included, with 0).
  std::vector<std::pair<std::string, int>> theme_counts() const;
  // The puzzle of a UTC day ("2026-11-28"): FNV-1a of the day, modulo the
  // number of puzzles, so the same for everyone and on every server.
  const puzzles::Puzzle& daily(std::string_view day) const;

 private:
  void add(const std::vector<puzzles::Puzzle>& more, const std::string& where);
  std::vector<puzzles::Puzzle> puzzles_;
};

}  // namespace jungle::web
