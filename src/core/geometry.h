#pragma once

#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/types.h"

namespace jungle {

using Bitboard = uint64_t;

// The shape of a board: `files` columns (a, b, ...) by `ranks` rows (1, 2,
// ...), at most 64 squares so that a bitboard holds the whole board. Square
// index = rank * files + file, so a1 = 0 and the first rank comes first.
// Everything else about a board (water, traps, dens, start squares) belongs
// to the rule set; this is only what "a square" and "a step" mean.
class Geometry {
 public:
  static constexpr int kMaxSquares = 64;
  static constexpr int kMaxFiles = 26;  // files are named by one letter a..z

  // The 7x9 board of the standard game.
  constexpr Geometry() : Geometry(7, 9) {}
  // Callers check `valid(files, ranks)` first; an invalid shape gives a 1x1 board.
  constexpr Geometry(int files, int ranks) {
    if (!valid(files, ranks)) files = ranks = 1;
    files_ = files;
    ranks_ = ranks;
    const int n = files * ranks;
    all_ = n == 64 ? ~Bitboard(0) : (Bitboard(1) << n) - 1;
    Bitboard first = 0;
    for (int r = 0; r < ranks; ++r) first |= Bitboard(1) << (r * files);
    first_file_ = first;
    last_file_ = first << (files - 1);
  }
  static constexpr bool valid(int files, int ranks) {
    return files >= 1 && ranks >= 1 && files <= kMaxFiles && files * ranks <= kMaxSquares;
  }

  constexpr int files() const { return files_; }
  constexpr int ranks() const { return ranks_; }
  constexpr int squares() const { return files_ * ranks_; }

  constexpr Square square(int file, int rank) const { return rank * files_ + file; }
  constexpr int file_of(Square s) const { return s % files_; }
  constexpr int rank_of(Square s) const { return s / files_; }
  constexpr bool contains(Square s) const { return s >= 0 && s < squares(); }
  constexpr bool contains(int file, int rank) const {
    return file >= 0 && file < files_ && rank >= 0 && rank < ranks_;
  }

  // Every square of the board, and one file or rank of it.
  constexpr Bitboard all() const { return all_; }
  constexpr Bitboard file_mask(int file) const { return first_file_ << file; }
  constexpr Bitboard rank_mask(int rank) const {
    return (all_ >> (squares() - files_)) << (rank * files_);
  }

  // One step in each direction; steps off the board vanish.
  constexpr Bitboard north(Bitboard b) const { return (b << files_) & all_; }
  constexpr Bitboard south(Bitboard b) const { return b >> files_; }
  constexpr Bitboard east(Bitboard b) const { return (b & ~last_file_) << 1; }
  constexpr Bitboard west(Bitboard b) const { return (b & ~first_file_) >> 1; }
  constexpr Bitboard neighbours(Bitboard b) const {
    return north(b) | south(b) | east(b) | west(b);
  }

  // "a1", "g9", "a10" on a board of ten ranks or more; "--" off the board.
  std::string square_name(Square s) const;
  // The square a name gives, or kNoSquare when the text is not exactly a
  // square of this board.
  Square parse_square(std::string_view text) const;
  // A move in coordinate form, "a3a4" ("b9b10" on a board of ten ranks or more).
  std::string move_text(Move m) const { return square_name(m.from()) + square_name(m.to()); }
  // The two squares of a move in coordinate form, legal or not; nothing when
  // the text is not exactly two square names of this board.
  std::optional<Move> parse_move_text(std::string_view text) const;
  // The file and rank a square name gives ("d9" is file 3, rank 8) on a board
  // of any size: what a rule file writes before the board's size is known.
  static bool parse_coordinates(std::string_view text, int& file, int& rank);
  // The longest square name on this board ("a1" is 2; "a10" is 3).
  int square_name_length() const { return ranks_ >= 10 ? 3 : 2; }

  constexpr bool operator==(const Geometry& o) const {
    return files_ == o.files_ && ranks_ == o.ranks_;
  }

 private:
  int files_ = 7;
  int ranks_ = 9;
  Bitboard all_ = 0;
  Bitboard first_file_ = 0;
  Bitboard last_file_ = 0;
};

inline constexpr Geometry kStandardGeometry{7, 9};

}  // namespace jungle
