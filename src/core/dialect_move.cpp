#include "core/dialect_move.h"

#include <vector>

#include "core/bush_notation.h"
#include "core/dialect_board.h"
#include "core/geometry.h"
#include "core/text_util.h"

namespace jungle::notation {

namespace {

int file_of(Square s) {
  return int(s) % kFiles;
}
int rank_of(Square s) {
  return int(s) / kFiles;
}

// netcan's POS byte: row (0 = the top, our rank 9) in the high nibble, column
// (0 = our file a) in the low one (board.rs: get_pos, to_pos).
int netcan_byte(Square s) {
  return (kRanks - 1 - rank_of(s)) << 4 | file_of(s);
}
Square netcan_square(int byte) {
  const int row = byte >> 4, col = byte & 15;
  if (row >= kRanks || col >= kFiles) return kNoSquare;
  return standard_square(col, kRanks - 1 - row);
}

char gtp_colour(Side mover) {
  return mover == kBlue ? 'b' : 'w';
}

// "play b A3; play b A4", "A3 A4" or "A3A4": the two vertices, in order.
Move read_katago(std::string_view text, Side mover) {
  std::string spaced;
  for (char c : text) spaced += (c == ';' || c == ',') ? ' ' : c;
  std::vector<std::string> words = split(spaced);
  std::vector<std::string> vertices;
  for (size_t i = 0; i < words.size(); ++i) {
    if (lower(words[i]) == "play") {
      if (i + 1 >= words.size()) break;
      const std::string colour = lower(words[i + 1]);
      if (colour != "b" && colour != "w" && colour != "black" && colour != "white") {
        throw NotationError("KataGo move " + in_quotes(text) + ": " + in_quotes(words[i + 1]) +
                            " is not a GTP colour (b or w)");
      }
      if (colour[0] != gtp_colour(mover)) {
        throw NotationError("KataGo move " + in_quotes(text) + " plays colour " +
                            in_quotes(words[i + 1]) + ", but " + side_name(mover) +
                            " is to move, which KataGo calls '" + gtp_colour(mover) + "'");
      }
      ++i;
      continue;
    }
    vertices.push_back(words[i]);
  }
  if (vertices.size() == 1 && vertices[0].size() == 4) {
    vertices = {vertices[0].substr(0, 2), vertices[0].substr(2)};
  }
  if (vertices.size() != 2) {
    throw NotationError("KataGo move " + in_quotes(text) +
                        " is not two vertices (\"play b A3; play b A4\" or \"A3 A4\")");
  }
  const Square from = read_square(Dialect::kKatago, vertices[0]);
  const Square to = read_square(Dialect::kKatago, vertices[1]);
  if (from == kNoSquare || to == kNoSquare) {
    throw NotationError("KataGo move " + in_quotes(text) + ": " +
                        in_quotes(from == kNoSquare ? vertices[0] : vertices[1]) +
                        " is not a vertex of the 7x9 board (A1..G9)");
  }
  return Move(from, to);
}

Move read_netcan(std::string_view text) {
  const std::string t = lower(trim(text));
  unsigned value = 0;
  bool ok = false;
  if (t.size() > 2 && t.rfind("0x", 0) == 0) {
    ok = true;
    for (size_t i = 2; i < t.size() && ok; ++i) {
      const char c = t[i];
      const int digit = (c >= '0' && c <= '9')   ? c - '0'
                        : (c >= 'a' && c <= 'f') ? c - 'a' + 10
                                                 : -1;
      if (digit < 0 || value > 0xfff)
        ok = false;
      else
        value = value * 16 + unsigned(digit);
    }
  } else {
    ok = parse_int(t, value);
  }
  if (!ok || value > 0xffff) {
    throw NotationError("netcan move " + in_quotes(text) +
                        " is not a 16-bit number (decimal, or hexadecimal with 0x)");
  }
  const Square from = netcan_square(int(value >> 8)), to = netcan_square(int(value & 0xff));
  if (from == kNoSquare || to == kNoSquare) {
    throw NotationError("netcan move " + in_quotes(text) + ": its " +
                        (from == kNoSquare ? "source" : "destination") +
                        " byte is not a square (row 0..8 in the high nibble, column 0..6 in "
                        "the low one)");
  }
  return Move(from, to);
}

// "7g-7f" or "7g7f" (core/bush_notation.h).
Move read_bush(std::string_view text) {
  const std::optional<Move> m = parse_bush_move(kStandardGeometry, trim(text));
  if (!m) {
    throw NotationError("Bush move " + in_quotes(text) +
                        " is not two squares such as \"7g-7f\" (column 1-7, row a-i)");
  }
  return *m;
}

Move read_square_pair(Dialect d, std::string_view text, std::string_view what) {
  const std::string t = trim(text);
  const Square from = t.size() == 4 ? read_square(d, t.substr(0, 2)) : kNoSquare;
  const Square to = t.size() == 4 ? read_square(d, t.substr(2)) : kNoSquare;
  if (from == kNoSquare || to == kNoSquare) {
    throw NotationError(std::string(what) + " move " + in_quotes(text) +
                        " is not two squares of the 7x9 board such as \"a3a4\"");
  }
  return Move(from, to);
}

}  // namespace

Square read_square(Dialect d, std::string_view text) {
  if (text.size() != 2) return kNoSquare;
  const char a = text[0], b = text[1];
  switch (d) {
    case Dialect::kJungle:
    case Dialect::kMistboard: {
      if (a < 'a' || a > 'g' || b < '1' || b > '9') return kNoSquare;
      const int file = a - 'a';
      // mistboard's board is ours mirrored: its a1 is our g1.
      return standard_square(d == Dialect::kMistboard ? kFiles - 1 - file : file, b - '1');
    }
    case Dialect::kKatago: {
      // KataGo's vertex is our square name in upper case (its board is ours;
      // mistboard's jungle-katago-gtp.ts maps its own mirrored squares onto it).
      const char f = (a >= 'a' && a <= 'g') ? char(a - 'a' + 'A') : a;
      if (f < 'A' || f > 'G' || b < '1' || b > '9') return kNoSquare;
      return standard_square(f - 'A', b - '1');
    }
    case Dialect::kBush:
      return parse_bush_square(kStandardGeometry, text);
    case Dialect::kNetcan:
      break;
  }
  return kNoSquare;
}

std::string write_square(Dialect d, Square s) {
  const int file = file_of(s), rank = rank_of(s);
  switch (d) {
    case Dialect::kJungle:
      return standard_square_name(s);
    case Dialect::kMistboard:
      return std::string(1, char('a' + kFiles - 1 - file)) + char('1' + rank);
    case Dialect::kKatago:
      return std::string(1, char('A' + file)) + char('1' + rank);
    case Dialect::kBush:
      return bush_square_name(kStandardGeometry, s);
    case Dialect::kNetcan:
      return std::to_string(netcan_byte(s));
  }
  return "--";
}

Move read_move(Dialect d, std::string_view text, Side mover) {
  switch (d) {
    case Dialect::kJungle:
      return read_square_pair(d, text, "jungle");
    case Dialect::kMistboard:
      return read_square_pair(d, text, "mistboard");
    case Dialect::kKatago:
      return read_katago(text, mover);
    case Dialect::kNetcan:
      return read_netcan(text);
    case Dialect::kBush:
      return read_bush(text);
  }
  throw NotationError("unknown dialect");
}

std::string write_move(Dialect d, Move m, Side mover) {
  switch (d) {
    case Dialect::kKatago: {
      const std::string play = std::string("play ") + gtp_colour(mover) + " ";
      return play + write_square(d, m.from()) + "; " + play + write_square(d, m.to());
    }
    case Dialect::kNetcan:
      return std::to_string(netcan_byte(m.from()) << 8 | netcan_byte(m.to()));
    case Dialect::kBush:
      return bush_move_text(kStandardGeometry, m);
    case Dialect::kJungle:
    case Dialect::kMistboard:
      break;
  }
  return write_square(d, m.from()) + write_square(d, m.to());
}

std::string write_record_move(Dialect d, Move m, Side mover) {
  if (d == Dialect::kKatago) return write_square(d, m.from()) + write_square(d, m.to());
  return write_move(d, m, mover);
}

}  // namespace jungle::notation
