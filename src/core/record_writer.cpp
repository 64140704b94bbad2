#include <algorithm>
#include <charconv>
#include <sstream>

#include "core/dialect_move.h"
#include "core/dialect_position.h"
#include "core/game_record.h"
#include "core/record_tag_section.h"
#include "core/variants.h"

namespace jungle {

namespace {

constexpr size_t kLineWidth = 79;

// Side to move and full move number of a FEN, read from its fields alone so
// that writing a record never needs the rule set.
void fen_numbering(std::string_view fen, Side& side, int& move_number) {
  std::vector<std::string> fields;
  std::istringstream in{std::string(fen)};
  for (std::string f; in >> f;) fields.push_back(f);
  side = fields.size() > 1 && fields[1] == "b" ? kRed : kBlue;
  move_number = 1;
  // "<placement> <side> <plies> <move>" or chess-style "... - - <plies> <move>".
  const size_t index = fields.size() >= 6 ? 5 : 3;
  if (fields.size() > index) {
    // A number Position would refuse numbers the moves from 1, and one it
    // accepts leaves room to count on without overflow.
    const std::string& text = fields[index];
    int n = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (ec == std::errc() && end == text.data() + text.size() && n >= 1 && n <= kMaxFenMoveNumber)
      move_number = n;
  }
}

// Writes `moves`, the first played with `side` to move at full move
// `number`, as words: numbers, moves, comments and each move's side lines
// in parentheses after it. A side line starts from the position before the
// move it stands in for, so it is numbered from there; Red's move after a
// comment or a side line gets its number again ("3..."), as at a line's start.
void write_line(const GameRecord& game, const std::vector<RecordedMove>& moves, Side side,
                int number, notation::Dialect dialect, std::vector<std::string>& words) {
  bool need_number = true;
  for (const RecordedMove& rm : moves) {
    if (side == kBlue) {
      words.push_back(std::to_string(number) + ".");
    } else if (need_number) {
      words.push_back(std::to_string(number) + "...");
    }
    words.push_back(dialect == notation::Dialect::kJungle
                        ? game.board.move_text(rm.move)
                        : notation::write_record_move(dialect, rm.move, side));
    need_number = false;
    if (!rm.comment.empty()) {
      std::string body = rm.comment;
      std::replace(body.begin(), body.end(), '}', ')');
      words.push_back("{" + body + "}");
      need_number = true;
    }
    for (const std::vector<RecordedMove>& line : rm.variations) {
      if (line.empty()) continue;
      std::vector<std::string> inner;
      write_line(game, line, side, number, dialect, inner);
      inner.front() = "(" + inner.front();
      inner.back() += ")";
      words.insert(words.end(), inner.begin(), inner.end());
      need_number = true;
    }
    if (side == kRed) ++number;
    side = opponent(side);
  }
}

// The record in another dialect: the Notation tag naming it and the FEN tag
// in its position format; the moves follow in write_line.
GameRecord in_dialect(const GameRecord& game, notation::Dialect dialect) {
  if (!(game.board == kStandardGeometry)) {
    throw notation::NotationError(
        "the other programs play on the 7x9 board only; this game's board is " +
        std::to_string(game.board.files()) + "x" + std::to_string(game.board.ranks()));
  }
  GameRecord out = game;
  out.set_tag("Notation", std::string(notation::dialect_name(dialect)));
  const std::string fen = game.tag("FEN");
  if (!fen.empty()) {
    out.set_tag("FEN", notation::write_position(
                           dialect, notation::read_position(notation::Dialect::kJungle, fen)));
  }
  return out;
}

std::string write_in(const GameRecord& game, notation::Dialect dialect) {
  std::string out;
  for (const auto& [name, value] : game.tags) {
    out += "[" + name + " \"" + escape_tag_value(value) + "\"]\n";
  }
  if (!game.tags.empty()) out += "\n";

  Side side = kBlue;
  int number = 1;
  std::string fen = game.tag("FEN");
  if (fen.empty()) {
    try {
      fen = load_variant(game.tag("Variant").empty() ? "standard" : game.tag("Variant"))
                ->rules()
                .start_fen;
    } catch (const std::exception&) {
      fen.clear();  // numbering then starts at 1 with Blue, as the standard start does
    }
  }
  fen_numbering(fen, side, number);

  std::vector<std::string> words;
  write_line(game, game.moves, side, number, dialect, words);
  words.push_back(game.result());

  std::string line;
  for (const std::string& w : words) {
    if (!line.empty() && line.size() + 1 + w.size() > kLineWidth) {
      out += line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + w;
  }
  out += line + "\n";
  return out;
}

}  // namespace

std::string write_record(const GameRecord& game) {
  return write_in(game, notation::Dialect::kJungle);
}

std::string write_record(const GameRecord& game, notation::Dialect dialect) {
  if (dialect == notation::Dialect::kJungle) return write_record(game);
  return write_in(in_dialect(game, dialect), dialect);
}

std::string write_records(const std::vector<GameRecord>& games) {
  return write_records(games, notation::Dialect::kJungle);
}

std::string write_records(const std::vector<GameRecord>& games, notation::Dialect dialect) {
  std::string out;
  for (size_t i = 0; i < games.size(); ++i) {
    if (i > 0) out += "\n";
    out += write_record(games[i], dialect);
  }
  return out;
}

}  // namespace jungle
