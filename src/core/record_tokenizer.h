#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "core/game_record.h"
#include "core/text_util.h"

// The lexical layer of the record format (docs/records.md), shared by the
// reader's files; not part of the public API in core/game_record.h.

namespace jungle {

// "1-0", "0-1", "1/2-1/2" or "*".
bool is_result_text(std::string_view t);

// The place of one token in the text, for messages.
struct Token {
  enum Kind {
    kTag,
    kComment,
    kMoveNumber,
    kMove,
    kResult,
    kVariationStart,  // '(' (only when the reader reads side lines)
    kVariationEnd,    // ')'
    kEnd
  } kind = kEnd;
  std::string text;   // tag name, comment text, move text or result
  std::string value;  // tag value
  TextPlace at;       // where the token begins
};

// Splits record text into tokens, skipping whitespace, `;` comments, `%`
// escape lines and `$n` annotations. Throws RecordError on broken syntax;
// `game` is only for the messages. Parentheses are tokens for a reader that
// reads side lines (`variations`), and broken syntax for the others.
class Tokenizer {
 public:
  explicit Tokenizer(std::string_view text, bool variations = false)
      : text_(text), variations_(variations) {
    // A UTF-8 byte order mark, as some editors write, is not part of the record.
    if (text_.substr(0, 3) == "\xEF\xBB\xBF") pos_ = line_start_ = 3;
  }

  Token next(int game);

  // Whether a word of digits alone is a move (netcan's 16-bit moves) rather
  // than a move number without its dot; a number with dots stays a number.
  void set_numbers_are_moves(bool on) { numbers_are_moves_ = on; }

  // After broken syntax: moves on to the next line that begins with '[' after
  // a blank line or after a line ending with a result, where the next game's
  // tags begin; false when there is none.
  bool resync();

 private:
  static bool is_digit(char c) { return c >= '0' && c <= '9'; }
  static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
  static bool ends_word(char c) {
    return is_space(c) || std::string_view("{}[]();\"").find(c) != std::string_view::npos;
  }
  bool at_end() const { return pos_ >= text_.size(); }
  bool at_line_start() const { return pos_ == 0 || text_[pos_ - 1] == '\n'; }

  void advance() {
    if (text_[pos_] == '\n') {
      ++line_;
      line_start_ = pos_ + 1;
    }
    ++pos_;
  }
  // Where the text at the reading position is: its line and column.
  TextPlace here() const;
  void skip_space() {
    while (!at_end() && is_space(text_[pos_])) advance();
  }
  void skip_line() {
    while (!at_end() && text_[pos_] != '\n') ++pos_;
  }

  Token read_tag(int game);
  Token read_comment(int game);
  Token read_word();

  std::string_view text_;
  bool variations_;
  bool numbers_are_moves_ = false;
  size_t pos_ = 0;
  int line_ = 1;
  size_t line_start_ = 0;  // where the line being read begins
  size_t token_pos_ = 0;   // where the token being read began
  int token_line_ = 1;
  size_t token_line_start_ = 0;
  // here()'s count so far: the column of the text at `counted_to_`.
  mutable size_t counted_to_ = 0;
  mutable int counted_column_ = 1;
};

}  // namespace jungle
