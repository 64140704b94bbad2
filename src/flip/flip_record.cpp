#include "flip/flip_record.h"

#include <optional>

#include "core/aborted_game.h"
#include "core/game_record.h"
#include "core/record_tag_section.h"
#include "core/record_tokenizer.h"

namespace jungle::flip {

std::string write_flip_record(const FlipPosition& pos, const Tags& tags,
                              const std::vector<std::string>& comments,
                              const std::optional<DeclaredResult>& declared) {
  GameResult result = GameResult::kOngoing;
  const FlipEnd end = pos.end(&result);
  // A declared end (a resignation, a flag fall) stands only where the board
  // has not ended the game first.
  const bool use_declared = end == FlipEnd::kNone && declared;
  if (use_declared) result = declared->result;
  Tags own;
  const std::string result_text(
      record_result_tag(result, use_declared ? declared->termination : std::string_view()));
  own.emplace_back("Result", result_text);
  own.emplace_back("Variant", pos.rules().name);
  if (pos.initial_fen() != FlipPosition::start_fen(pos.rules())) {
    own.emplace_back("FEN", pos.initial_fen());
  }
  if (end != FlipEnd::kNone) own.emplace_back("Termination", std::string(flip_end_tag(end)));
  if (use_declared && !declared->termination.empty()) {
    own.emplace_back("Termination", declared->termination);
  }
  std::string text = write_tag_section(tags, own);
  std::string line;
  const std::vector<Ply>& plies = pos.history();
  auto put = [&](const std::string& word) {
    if (!line.empty() && line.size() + word.size() + 1 > 79) {
      text += line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
  };
  bool after_comment = false;
  for (size_t i = 0; i < plies.size(); ++i) {
    std::string word = ply_text(plies[i]);
    const std::string number = std::to_string(i / 2 + 1);
    // After a comment the second player's ply gets its number again.
    if (i % 2 == 0) word = number + ". " + word;
    if (i % 2 == 1 && after_comment) word = number + "... " + word;
    put(word);
    after_comment = i < comments.size() && !comments[i].empty();
    if (after_comment) put("{" + comments[i] + "}");
  }
  if (!line.empty() && line.size() + result_text.size() + 1 > 79) {
    text += line + "\n";
    line.clear();
  }
  line += (line.empty() ? "" : " ") + result_text;
  return text + line + "\n";
}

namespace {

// Reads one game from its tags to its result (or to the end of the text);
// `game` numbers it in the messages. `empty` tells whether the text held
// nothing more (the record is then the set's start).
FlipRecord read_game(Tokenizer& tokens, int game, bool allow_files, bool& empty) {
  Tags tags;
  std::optional<FlipPosition> pos;
  int ply_number = 0;
  empty = true;
  auto start = [&](int line) {
    const std::string variant =
        tag_value(tags, "Variant").empty() ? "flip" : tag_value(tags, "Variant");
    const bool shipped = is_flip_variant(variant) && !variant.ends_with(".toml");
    if (!shipped && !(allow_files && is_flip_variant(variant))) {
      throw RecordError(game, line, "Variant '" + variant + "' is not a Flip Jungle rule set");
    }
    try {
      FlipRulesPtr rules = load_flip_rules(variant);
      const std::string fen = tag_value(tags, "FEN");
      pos.emplace(rules, fen.empty() ? FlipPosition::start_fen(*rules) : fen);
    } catch (const std::exception& e) {
      throw RecordError(game, line, e.what());
    }
  };
  for (;;) {
    Token t = tokens.next(game);
    if (t.kind == Token::kEnd) break;
    empty = false;
    if (t.kind == Token::kTag) {
      if (pos) throw RecordError(game, t.line, "a tag after the moves: [" + t.text + "]");
      tags.emplace_back(t.text, t.value);
      continue;
    }
    if (!pos) start(t.line);
    if (t.kind == Token::kComment || t.kind == Token::kMoveNumber) continue;
    if (t.kind == Token::kResult) break;
    ++ply_number;
    Ply ply;
    if (!pos->parse_ply(t.text, ply)) {
      std::string why = "is illegal here";
      // The tokenizer reads a trailing '?' as an annotation: "b2?" arrives as "b2".
      if (t.text.size() == 2) why = "is a flip without what it revealed (write it b2?=L)";
      throw RecordError(game, t.line,
                        "ply " + std::to_string(ply_number) + " " + t.text + " " + why);
    }
    if (pos->end() != FlipEnd::kNone) {
      throw RecordError(
          game, t.line,
          "ply " + std::to_string(ply_number) + " " + t.text + " comes after the game ended");
    }
    pos->play(ply);
  }
  if (!pos) start(0);
  return {std::move(tags), std::move(*pos)};
}

}  // namespace

FlipRecord read_flip_record(std::string_view text, bool allow_files) {
  Tokenizer tokens(text);
  bool empty = false;
  return read_game(tokens, 1, allow_files, empty);
}

std::vector<FlipRecord> read_flip_records(std::string_view text, bool allow_files) {
  Tokenizer tokens(text);
  std::vector<FlipRecord> games;
  for (;;) {
    bool empty = false;
    FlipRecord record = read_game(tokens, int(games.size()) + 1, allow_files, empty);
    if (empty) return games;
    games.push_back(std::move(record));
  }
}

std::vector<RecordError> check_flip_records(std::string_view text, int* games, bool allow_files) {
  Tokenizer tokens(text);
  std::vector<RecordError> errors;
  int count = 0;
  for (;;) {
    bool empty = false;
    try {
      read_game(tokens, count + 1, allow_files, empty);
      if (empty) break;
      ++count;
    } catch (const RecordError& e) {
      ++count;
      errors.push_back(e);
      // The rest of a bad game is skipped: reading goes on at the next one.
      if (!tokens.resync()) break;
    }
  }
  if (games) *games = count;
  return errors;
}

bool is_flip_record(std::string_view text) {
  Tokenizer tokens(text);
  try {
    for (;;) {
      const Token t = tokens.next(1);
      if (t.kind != Token::kTag) return false;  // the moves began: no flip Variant
      if (t.text == "Variant") return is_flip_variant(t.value);
    }
  } catch (const RecordError&) {
    return false;
  }
}

}  // namespace jungle::flip
