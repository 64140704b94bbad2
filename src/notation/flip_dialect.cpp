#include "notation/flip_dialect.h"

#include <array>
#include <string_view>
#include <vector>

#include "core/dialect.h"
#include "core/text_util.h"

namespace jungle::notation {

namespace {

constexpr int kSide = 4;  // the 4x4 board
// The animals in rank order, Rat to Elephant, as both notations letter them.
constexpr std::string_view kLetters = "RCDWPTLE";
constexpr int kMaxCounter = 1000000;

// The index (0..15: Blue's/red's Rat .. Elephant, then Red's/black's) of an
// animal letter, upper case the first ink; -1 for another character.
int piece_index(char c) {
  const bool upper = c >= 'A' && c <= 'Z';
  const char u = upper ? c : char(c - 'a' + 'A');
  const size_t at = kLetters.find(u);
  if (at == std::string_view::npos || !((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))) {
    return -1;
  }
  return int(at) + (upper ? 0 : 8);
}

char piece_letter(int index) {
  const char c = kLetters[size_t(index % 8)];
  return index < 8 ? c : char(c - 'A' + 'a');
}

// A placement's ranks checked (four of four squares each, animal letters,
// `hidden` for a face-down tile, digits for empty squares) and rewritten
// with `to_hidden` for a face-down tile; `what` names the notation.
std::string placement(std::string_view text, char hidden, char to_hidden, std::string_view what,
                      int* face_down) {
  const std::vector<std::string> ranks = [&] {
    std::vector<std::string> out(1);
    for (const char c : text) {
      if (c == '/') {
        out.emplace_back();
      } else {
        out.back() += c;
      }
    }
    return out;
  }();
  if (ranks.size() != size_t(kSide)) {
    throw NotationError(std::string(what) + " board " + in_quotes(text) + " has " +
                        std::to_string(ranks.size()) + " ranks; expected 4 (rank 4 first)");
  }
  std::string out;
  *face_down = 0;
  for (size_t r = 0; r < ranks.size(); ++r) {
    const std::string where = std::string(what) + " board rank " + std::to_string(kSide - int(r)) +
                              " " + in_quotes(ranks[r]);
    int squares = 0;
    for (const char c : ranks[r]) {
      if (c >= '1' && c <= '4') {
        squares += c - '0';
        out += c;
      } else if (c == hidden) {
        ++squares;
        ++*face_down;
        out += to_hidden;
      } else if (piece_index(c) >= 0) {
        ++squares;
        out += c;
      } else {
        throw NotationError(where + ": " + in_quotes(std::string(1, c)) +
                            " is no animal letter (RCDWPTLE, upper or lower case), '" +
                            std::string(1, hidden) + "' or digit 1-4");
      }
    }
    if (squares != kSide) {
      throw NotationError(where + " has " + std::to_string(squares) + " squares; expected 4");
    }
    if (r + 1 < ranks.size()) out += '/';
  }
  return out;
}

int counter(std::string_view text, std::string_view what, int least) {
  int value = 0;
  if (!parse_int(text, value) || value < least || value > kMaxCounter) {
    throw NotationError(std::string(what) + " " + in_quotes(text) + " is not a whole number from " +
                        std::to_string(least) + " to " + std::to_string(kMaxCounter));
  }
  return value;
}

void check_pool_size(int pooled, int face_down, std::string_view what) {
  if (pooled != face_down) {
    throw NotationError(std::string(what) + " pool holds " + std::to_string(pooled) +
                        " animals for " + std::to_string(face_down) + " face-down tiles");
  }
}

// A square of mistboard's ("a0".."d3") as ours ("a1".."d4").
std::string square_from_mistboard(std::string_view sq, std::string_view move) {
  if (sq.size() != 2 || sq[0] < 'a' || sq[0] > 'd' || sq[1] < '0' || sq[1] > '3') {
    throw NotationError("mistboard flip move " + in_quotes(move) + ": " + in_quotes(sq) +
                        " is no square (a0 to d3)");
  }
  return std::string{sq[0], char(sq[1] + 1)};
}

std::string square_to_mistboard(std::string_view sq, std::string_view action) {
  if (sq.size() != 2 || sq[0] < 'a' || sq[0] > 'd' || sq[1] < '1' || sq[1] > '4') {
    throw NotationError("flip action " + in_quotes(action) + ": " + in_quotes(sq) +
                        " is no square (a1 to d4)");
  }
  return std::string{sq[0], char(sq[1] - 1)};
}

}  // namespace

std::string flip_fen_from_mistboard(std::string_view theirs) {
  const std::vector<std::string> f = split(theirs);
  if (f.size() < 4 || f.size() > 5) {
    throw NotationError("mistboard flip FEN has " + std::to_string(f.size()) +
                        " fields; expected <board> <r|b|-> <pool> <clock> [<ply>]");
  }
  int face_down = 0;
  const std::string board = placement(f[0], 'X', '?', "mistboard flip FEN", &face_down);
  if (f[1] != "r" && f[1] != "b" && f[1] != "-") {
    throw NotationError("mistboard flip FEN turn " + in_quotes(f[1]) +
                        " is not 'r' (red ink), 'b' (black ink) or '-' (before the first flip)");
  }
  std::array<int, 16> pool{};
  int pooled = 0;
  if (f[2] != "-") {
    const std::string& p = f[2];
    for (size_t i = 0; i < p.size();) {
      const int piece = piece_index(p[i]);
      size_t end = i + 1;
      while (end < p.size() && p[end] >= '0' && p[end] <= '9') ++end;
      if (piece < 0 || end == i + 1) {
        throw NotationError("mistboard flip FEN pool " + in_quotes(p) + " at " +
                            in_quotes(p.substr(i, end - i)) +
                            ": expected an animal letter and its count, as R1 or e2");
      }
      const int n = counter(std::string_view(p).substr(i + 1, end - i - 1),
                            "mistboard flip FEN pool count", 0);
      pool[size_t(piece)] += n;
      pooled += n;
      i = end;
    }
  }
  check_pool_size(pooled, face_down, "mistboard flip FEN");
  const int clock = counter(f[3], "mistboard flip FEN clock", 0);
  const int ply = f.size() == 5 ? counter(f[4], "mistboard flip FEN ply", 0) : 0;
  std::string our_pool;
  for (int p = 0; p < 16; ++p) our_pool.append(size_t(pool[size_t(p)]), piece_letter(p));
  const std::string side = f[1] == "r" ? "w" : f[1];
  return board + " " + side + " " + (our_pool.empty() ? "-" : our_pool) + " " +
         std::to_string(clock) + " " + std::to_string(ply / 2 + 1);
}

std::string flip_fen_to_mistboard(std::string_view ours) {
  const std::vector<std::string> f = split(ours);
  if (f.size() < 3 || f.size() > 5) {
    throw NotationError("flip FEN has " + std::to_string(f.size()) +
                        " fields; expected <board> <w|b|-> <pool> [<quiet plies> <move number>]");
  }
  int face_down = 0;
  const std::string board = placement(f[0], '?', 'X', "flip FEN", &face_down);
  if (f[1] != "w" && f[1] != "b" && f[1] != "-") {
    throw NotationError("flip FEN side to move " + in_quotes(f[1]) +
                        " is not 'w' (Blue), 'b' (Red) or '-' (before the first flip)");
  }
  std::array<int, 16> pool{};
  int pooled = 0;
  if (f[2] != "-") {
    for (const char c : f[2]) {
      const int piece = piece_index(c);
      if (piece < 0) {
        throw NotationError("flip FEN pool " + in_quotes(f[2]) + ": " +
                            in_quotes(std::string(1, c)) + " is no animal letter");
      }
      ++pool[size_t(piece)];
      ++pooled;
    }
  }
  check_pool_size(pooled, face_down, "flip FEN");
  const int quiet = f.size() >= 4 ? counter(f[3], "flip FEN quiet plies", 0) : 0;
  const int move = f.size() >= 5 ? counter(f[4], "flip FEN move number", 1) : 1;
  std::string their_pool;
  for (int p = 0; p < 16; ++p) {
    if (pool[size_t(p)]) their_pool += piece_letter(p) + std::to_string(pool[size_t(p)]);
  }
  const int ply = 2 * (move - 1) + (f[1] == "b" ? 1 : 0);
  const std::string turn = f[1] == "w" ? "r" : f[1];
  return board + " " + turn + " " + (their_pool.empty() ? "-" : their_pool) + " " +
         std::to_string(quiet) + " " + std::to_string(ply);
}

std::string flip_action_from_mistboard(std::string_view theirs) {
  if (theirs.size() != 4) {
    throw NotationError("mistboard flip move " + in_quotes(theirs) +
                        " is not two squares (a0a1; a flip is its square twice, a0a0)");
  }
  const std::string from = square_from_mistboard(theirs.substr(0, 2), theirs);
  const std::string to = square_from_mistboard(theirs.substr(2, 2), theirs);
  return from == to ? from + "?" : from + to;
}

std::string flip_action_to_mistboard(std::string_view ours) {
  if (ours.size() >= 3 && ours[2] == '?') {
    // A flip, with or without what it revealed ("a1?", "a1?=L").
    const std::string sq = square_to_mistboard(ours.substr(0, 2), ours);
    if (ours.size() != 3 && !(ours.size() == 5 && ours[3] == '=' && piece_index(ours[4]) >= 0)) {
      throw NotationError("flip action " + in_quotes(ours) +
                          " is not a flip (a1?, or a1?=L with what it revealed)");
    }
    return sq + sq;
  }
  if (ours.size() != 4) {
    throw NotationError("flip action " + in_quotes(ours) + " is not a move (a1a2) or a flip (a1?)");
  }
  return square_to_mistboard(ours.substr(0, 2), ours) +
         square_to_mistboard(ours.substr(2, 2), ours);
}

}  // namespace jungle::notation
