#include "core/record_tokenizer.h"

#include <algorithm>
#include <cctype>

#include "core/game_record.h"

namespace jungle {

bool is_result_text(std::string_view t) {
  return result_from_tag(t).has_value();
}

TextPlace Tokenizer::here() const {
  // Counted on from the last token of the same line, so that a record
  // written on one long line is not counted from its start at every token.
  if (counted_to_ < line_start_ || counted_to_ > pos_) {
    counted_to_ = line_start_;
    counted_column_ = 1;
  }
  // UTF-8 continuation bytes (10xxxxxx) are no characters of their own: a
  // comment's "é" before a move counts once, as an editor counts it.
  for (; counted_to_ < pos_; ++counted_to_) {
    if ((static_cast<unsigned char>(text_[counted_to_]) & 0xC0) != 0x80) ++counted_column_;
  }
  return {line_, counted_column_};
}

Token Tokenizer::next(int game) {
  for (;;) {
    skip_space();
    if (at_end()) return {Token::kEnd, "", "", here()};
    token_pos_ = pos_;
    token_line_ = line_;
    token_line_start_ = line_start_;
    const char c = text_[pos_];
    if (c == ';') {
      skip_line();
    } else if (c == '%' && at_line_start()) {
      skip_line();
    } else if (c == '$') {
      ++pos_;
      while (!at_end() && is_digit(text_[pos_])) ++pos_;
    } else if (c == '[') {
      return read_tag(game);
    } else if (c == '{') {
      return read_comment(game);
    } else if (c == '(' || c == ')') {
      if (!variations_) {
        throw RecordError(game, here(), "variations in parentheses are not supported here");
      }
      const TextPlace at = here();
      ++pos_;
      return {c == '(' ? Token::kVariationStart : Token::kVariationEnd, std::string(1, c), "", at};
    } else if (c == '}' || c == ']' || c == '"') {
      throw RecordError(game, here(), std::string("unexpected '") + c + "'");
    } else {
      return read_word();
    }
  }
}

bool Tokenizer::resync() {
  pos_ = token_pos_;
  line_ = token_line_;
  line_start_ = token_line_start_;
  auto ends_with_result = [](std::string_view line) {
    const size_t space = line.find_last_of(" \t");
    return is_result_text(space == std::string_view::npos ? line : line.substr(space + 1));
  };
  auto rest_of_line = [&] {
    const size_t end = std::min(text_.find('\n', pos_), text_.size());
    return trim_view(text_.substr(pos_, end - pos_));
  };
  // Whether the line before was blank or ended with a result; the line of
  // the error counts from the error on.
  bool game_ended = ends_with_result(rest_of_line());
  while (!at_end()) {
    while (!at_end() && text_[pos_] != '\n') ++pos_;
    if (at_end()) break;
    advance();
    const std::string_view line = rest_of_line();
    if (game_ended && !line.empty() && line.front() == '[') return true;
    game_ended = line.empty() || ends_with_result(line);
  }
  return false;
}

Token Tokenizer::read_tag(int game) {
  const TextPlace at = here();
  ++pos_;  // '['
  skip_space();
  std::string name;
  while (!at_end() &&
         (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_')) {
    name += text_[pos_++];
  }
  if (name.empty()) throw RecordError(game, at, "malformed tag pair: expected a tag name");
  skip_space();
  if (at_end() || text_[pos_] != '"') {
    throw RecordError(
        game, at,
        "malformed tag pair [" + name + "]: expected a quoted value, like [" + name + " \"...\"]");
  }
  ++pos_;
  std::string value;
  for (;;) {
    if (at_end() || text_[pos_] == '\n') {
      throw RecordError(game, at, "tag " + name + " has an unterminated value");
    }
    char c = text_[pos_++];
    if (c == '"') break;
    if (c == '\\' && !at_end() && (text_[pos_] == '"' || text_[pos_] == '\\')) c = text_[pos_++];
    value += c;
  }
  skip_space();
  if (at_end() || text_[pos_] != ']') {
    throw RecordError(game, at, "tag " + name + " is not closed with ']'");
  }
  ++pos_;
  return {Token::kTag, name, value, at};
}

Token Tokenizer::read_comment(int game) {
  const TextPlace at = here();
  ++pos_;  // '{'
  std::string body;
  while (!at_end() && text_[pos_] != '}') {
    if (text_[pos_] != '\r') body += text_[pos_];
    advance();
  }
  if (at_end()) throw RecordError(game, at, "comment opened with '{' is never closed");
  ++pos_;
  return {Token::kComment, trim(body), "", at};
}

Token Tokenizer::read_word() {
  const TextPlace at = here();
  const size_t start = pos_;
  while (!at_end() && !ends_word(text_[pos_])) ++pos_;
  std::string_view word = text_.substr(start, pos_ - start);
  if (is_result_text(word)) return {Token::kResult, std::string(word), "", at};
  if (word.find_first_not_of('.') == std::string_view::npos) {
    return {Token::kMoveNumber, std::string(word), "", at};  // "3 ... e7e8"
  }
  if (is_digit(word.front())) {
    // A move number, with or without dots; "12.a3a4" carries its move too.
    size_t i = 0;
    while (i < word.size() && is_digit(word[i])) ++i;
    size_t digits = i;
    while (i < word.size() && word[i] == '.') ++i;
    if ((i == word.size() && !(numbers_are_moves_ && i == digits)) || i > digits) {
      if (i < word.size()) pos_ = start + i;  // the move is read as the next token
      return {Token::kMoveNumber, std::string(word.substr(0, i)), "", at};
    }
  }
  // Annotation marks are read and dropped: "a3a4!" is the move a3a4.
  while (word.size() > 1 && (word.back() == '!' || word.back() == '?')) word.remove_suffix(1);
  return {Token::kMove, std::string(word), "", at};
}

}  // namespace jungle
