#include "core/game_record.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <map>
#include <optional>
#include <sstream>

#include "core/movegen.h"
#include "core/notation.h"
#include "core/variants.h"

namespace jungle {

namespace {

// The seven-tag roster of docs/records.md, in the order a record writes it.
constexpr std::array<std::string_view, 8> kTagOrder = {"Event",  "Date",    "Blue", "Red",
                                                       "Result", "Variant", "FEN",  "Termination"};

constexpr std::array<std::string_view, 4> kResults = {"1-0", "0-1", "1/2-1/2", "*"};

// Values a Termination tag may hold when the game did not end by rule.
constexpr std::array<std::string_view, 4> kOtherTerminations = {"resignation", "time", "agreement",
                                                                "abandoned"};

constexpr size_t kLineWidth = 79;

int tag_rank(std::string_view name) {
  auto it = std::find(kTagOrder.begin(), kTagOrder.end(), name);
  return it == kTagOrder.end() ? int(kTagOrder.size()) : int(it - kTagOrder.begin());
}

bool is_result_token(std::string_view t) {
  return std::find(kResults.begin(), kResults.end(), t) != kResults.end();
}

std::optional<Termination> termination_from_tag(std::string_view value) {
  for (Termination t :
       {Termination::kDenEntered, Termination::kAllCaptured, Termination::kNoLegalMove,
        Termination::kRepetition, Termination::kMoveLimit, Termination::kDenFood}) {
    if (termination_tag(t) == value) return t;
  }
  return std::nullopt;
}

std::string known_terminations() {
  std::string list;
  for (Termination t :
       {Termination::kDenEntered, Termination::kAllCaptured, Termination::kNoLegalMove,
        Termination::kRepetition, Termination::kMoveLimit, Termination::kDenFood}) {
    list += std::string(termination_tag(t)) + ", ";
  }
  for (size_t i = 0; i < kOtherTerminations.size(); ++i) {
    list += std::string(kOtherTerminations[i]) + (i + 1 < kOtherTerminations.size() ? ", " : "");
  }
  return list;
}

std::string in_quotes(std::string_view s) {
  return "\"" + std::string(s) + "\"";
}

std::string escape_tag_value(std::string_view value) {
  std::string out;
  for (char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    out += (c == '\n' || c == '\r') ? ' ' : c;
  }
  return out;
}

std::string_view trim(std::string_view s) {
  auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  while (!s.empty() && space(s.front())) s.remove_prefix(1);
  while (!s.empty() && space(s.back())) s.remove_suffix(1);
  return s;
}

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

// The place of one token in the text, for messages.
struct Token {
  enum Kind { kTag, kComment, kMoveNumber, kMove, kResult, kEnd } kind = kEnd;
  std::string text;   // tag name, comment text, move text or result
  std::string value;  // tag value
  int line = 0;
};

// Splits record text into tokens, skipping whitespace, `;` comments, `%`
// escape lines and `$n` annotations. Throws RecordError on broken syntax;
// `game` is only for the messages.
class Tokenizer {
 public:
  explicit Tokenizer(std::string_view text) : text_(text) {
    // A UTF-8 byte order mark, as some editors write, is not part of the record.
    if (text_.substr(0, 3) == "\xEF\xBB\xBF") pos_ = 3;
  }

  Token next(int game) {
    for (;;) {
      skip_space();
      if (at_end()) return {Token::kEnd, "", "", line_};
      token_pos_ = pos_;
      token_line_ = line_;
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
        throw RecordError(game, line_, "variations in parentheses are not supported");
      } else if (c == '}' || c == ']' || c == '"') {
        throw RecordError(game, line_, std::string("unexpected '") + c + "'");
      } else {
        return read_word();
      }
    }
  }

  // After broken syntax: moves on to the next line that begins with '[' after
  // a blank line or after a line ending with a result, where the next game's
  // tags begin; false when there is none.
  bool resync() {
    pos_ = token_pos_;
    line_ = token_line_;
    auto ends_with_result = [](std::string_view line) {
      const size_t space = line.find_last_of(" \t");
      return is_result_token(space == std::string_view::npos ? line : line.substr(space + 1));
    };
    auto rest_of_line = [&] {
      const size_t end = std::min(text_.find('\n', pos_), text_.size());
      return trim(text_.substr(pos_, end - pos_));
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

 private:
  static bool is_digit(char c) { return c >= '0' && c <= '9'; }
  static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
  static bool ends_word(char c) {
    return is_space(c) || std::string_view("{}[]();\"").find(c) != std::string_view::npos;
  }
  bool at_end() const { return pos_ >= text_.size(); }
  bool at_line_start() const { return pos_ == 0 || text_[pos_ - 1] == '\n'; }

  void advance() {
    if (text_[pos_] == '\n') ++line_;
    ++pos_;
  }
  void skip_space() {
    while (!at_end() && is_space(text_[pos_])) advance();
  }
  void skip_line() {
    while (!at_end() && text_[pos_] != '\n') ++pos_;
  }

  Token read_tag(int game) {
    const int line = line_;
    ++pos_;  // '['
    skip_space();
    std::string name;
    while (!at_end() &&
           (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_')) {
      name += text_[pos_++];
    }
    if (name.empty()) throw RecordError(game, line, "malformed tag pair: expected a tag name");
    skip_space();
    if (at_end() || text_[pos_] != '"') {
      throw RecordError(game, line,
                        "malformed tag pair [" + name + "]: expected a quoted value, like [" +
                            name + " \"...\"]");
    }
    ++pos_;
    std::string value;
    for (;;) {
      if (at_end() || text_[pos_] == '\n') {
        throw RecordError(game, line, "tag " + name + " has an unterminated value");
      }
      char c = text_[pos_++];
      if (c == '"') break;
      if (c == '\\' && !at_end() && (text_[pos_] == '"' || text_[pos_] == '\\')) c = text_[pos_++];
      value += c;
    }
    skip_space();
    if (at_end() || text_[pos_] != ']') {
      throw RecordError(game, line, "tag " + name + " is not closed with ']'");
    }
    ++pos_;
    return {Token::kTag, name, value, line};
  }

  Token read_comment(int game) {
    const int line = line_;
    ++pos_;  // '{'
    std::string body;
    while (!at_end() && text_[pos_] != '}') {
      if (text_[pos_] != '\r') body += text_[pos_];
      advance();
    }
    if (at_end()) throw RecordError(game, line, "comment opened with '{' is never closed");
    ++pos_;
    return {Token::kComment, std::string(trim(body)), "", line};
  }

  Token read_word() {
    const int line = line_;
    const size_t start = pos_;
    while (!at_end() && !ends_word(text_[pos_])) ++pos_;
    std::string_view word = text_.substr(start, pos_ - start);
    if (is_result_token(word)) return {Token::kResult, std::string(word), "", line};
    if (word.find_first_not_of('.') == std::string_view::npos) {
      return {Token::kMoveNumber, std::string(word), "", line};  // "3 ... e7e8"
    }
    if (is_digit(word.front())) {
      // A move number, with or without dots; "12.a3a4" carries its move too.
      size_t i = 0;
      while (i < word.size() && is_digit(word[i])) ++i;
      size_t digits = i;
      while (i < word.size() && word[i] == '.') ++i;
      if (i == word.size() || i > digits) {
        if (i < word.size()) pos_ = start + i;  // the move is read as the next token
        return {Token::kMoveNumber, std::string(word.substr(0, i)), "", line};
      }
    }
    // Annotation marks are read and dropped: "a3a4!" is the move a3a4.
    while (word.size() > 1 && (word.back() == '!' || word.back() == '?')) word.remove_suffix(1);
    return {Token::kMove, std::string(word), "", line};
  }

  std::string_view text_;
  size_t pos_ = 0;
  int line_ = 1;
  size_t token_pos_ = 0;  // where the token being read began
  int token_line_ = 1;
};

// Rule sets by the Variant tag's text, loaded once per read.
class RuleSetCache {
 public:
  explicit RuleSetCache(const RecordSource& source) : folder_(source.folder) {}

  RuleSetPtr get(const std::string& name, int game, int line) {
    auto it = sets_.find(name);
    if (it != sets_.end()) return it->second;
    try {
      RuleSetPtr set = load_record_variant(name, folder_);
      sets_.emplace(name, set);
      return set;
    } catch (const VariantError& e) {
      std::string why = e.issues().empty() ? "unknown rule set" : e.issues().front().message;
      throw RecordError(game, line, "Variant " + in_quotes(name) + ": " + why);
    } catch (const std::invalid_argument& e) {
      throw RecordError(game, line, "Variant " + in_quotes(name) + ": " + e.what());
    }
  }

 private:
  std::optional<std::filesystem::path> folder_;
  std::map<std::string, RuleSetPtr> sets_;
};

std::string move_label(const Position& pos, const std::string& text) {
  return "move " + std::to_string(pos.move_number()) + (pos.side_to_move() == kRed ? "... " : " ") +
         text;
}

// Plays one written move, or throws the error that names it.
Move play_move(Position& pos, const std::string& text, int game, int line) {
  std::string why;
  std::optional<Move> m = parse_move(pos, text, &why);
  if (m) {
    pos.do_move(*m);
    return *m;
  }
  const std::string_view t = trim(text);
  const Square from = t.size() == 4 ? parse_square(t.substr(0, 2)) : kNoSquare;
  const Square to = t.size() == 4 ? parse_square(t.substr(2, 2)) : kNoSquare;
  if (from == kNoSquare || to == kNoSquare) {
    throw RecordError(game, line,
                      move_label(pos, "'" + text + "'") +
                          " is malformed: expected a from-square and a to-square, like a3a4");
  }
  throw RecordError(game, line,
                    move_label(pos, text) + " is illegal: " + explain_illegal(pos, from, to));
}

// The position a record starts from, after checking its tags.
Position start_position(const GameRecord& game, RuleSetCache& cache, int game_no,
                        const std::map<std::string, int>& tag_lines) {
  auto line_of = [&](const std::string& name) {
    auto it = tag_lines.find(name);
    return it == tag_lines.end() ? 0 : it->second;
  };
  const std::string variant = game.tag("Variant").empty() ? "standard" : game.tag("Variant");
  RuleSetPtr rules = cache.get(variant, game_no, line_of("Variant"));
  const std::string fen = game.tag("FEN");
  if (fen.empty()) return Position(rules);
  try {
    return Position::from_fen(fen, rules);
  } catch (const FenError& e) {
    throw RecordError(game_no, line_of("FEN"), "FEN tag: " + std::string(e.what()));
  }
}

std::string describe_end(GameResult r, Termination t) {
  std::string who = r == GameResult::kBlueWins  ? "Blue won"
                    : r == GameResult::kRedWins ? "Red won"
                                                : "drawn";
  return who + " (" + std::string(termination_tag(t)) + ")";
}

// Checks the Result and Termination tags against the position the moves reached.
void check_outcome(const GameRecord& game, const Position& end, int game_no, int line) {
  const std::string result = game.result();
  const std::string term = game.tag("Termination");
  Termination why = Termination::kNone;
  const GameResult outcome = game_result(end, &why);
  if (outcome != GameResult::kOngoing) {
    if (result != result_tag(outcome)) {
      throw RecordError(game_no, line,
                        "Result " + result + " does not match the game, which ended by rule: " +
                            describe_end(outcome, why) + ", so the result is " +
                            std::string(result_tag(outcome)));
    }
    if (!term.empty() && term != termination_tag(why)) {
      throw RecordError(
          game_no, line,
          "Termination " + in_quotes(term) +
              " does not match the game, which ended by rule: " + describe_end(outcome, why));
    }
    return;
  }
  if (std::optional<Termination> t = termination_from_tag(term)) {
    throw RecordError(game_no, line,
                      "Termination " + in_quotes(term) + " says the game ended by rule (" +
                          std::string(termination_tag(*t)) + "), but the final position is not " +
                          "a finished game");
  }
  if ((term == "resignation" || term == "time") && result != "1-0" && result != "0-1") {
    throw RecordError(game_no, line,
                      "Termination " + in_quotes(term) + " needs a decisive Result, not " + result);
  }
}

}  // namespace

std::string_view result_tag(GameResult r) {
  switch (r) {
    case GameResult::kBlueWins:
      return "1-0";
    case GameResult::kRedWins:
      return "0-1";
    case GameResult::kDraw:
      return "1/2-1/2";
    case GameResult::kOngoing:
      return "*";
  }
  return "*";
}

std::string_view termination_tag(Termination t) {
  switch (t) {
    case Termination::kDenEntered:
      return "den";
    case Termination::kAllCaptured:
      return "all captured";
    case Termination::kNoLegalMove:
      return "no moves";
    case Termination::kRepetition:
      return "repetition";
    case Termination::kMoveLimit:
      return "move limit";
    case Termination::kDenFood:
      return "den food";
    case Termination::kNone:
      return "";
  }
  return "";
}

std::string GameRecord::tag(std::string_view name) const {
  for (const auto& [key, value] : tags) {
    if (key == name) return value;
  }
  return {};
}

void GameRecord::set_tag(std::string_view name, std::string value) {
  for (auto& [key, old] : tags) {
    if (key == name) {
      old = std::move(value);
      return;
    }
  }
  // A roster tag goes to its place among the roster; any other tag goes last.
  const int rank = tag_rank(name);
  auto it = std::find_if(tags.begin(), tags.end(),
                         [&](const auto& t) { return tag_rank(t.first) > rank; });
  if (rank == int(kTagOrder.size())) it = tags.end();
  tags.insert(it, {std::string(name), std::move(value)});
}

RecordError::RecordError(int game, int line, const std::string& message)
    : std::runtime_error([&] {
        std::string place;
        if (game > 0) place += "game " + std::to_string(game);
        if (line > 0)
          place += (place.empty() ? "" : ", ") + std::string("line ") + std::to_string(line);
        return place.empty() ? message : place + ": " + message;
      }()),
      game_(game),
      line_(line) {}

namespace {

// Reads games one token at a time. Without an error list the first problem
// throws; with one, each bad game adds its first problem and reading goes on
// at the next game.
class RecordReader {
 public:
  RecordReader(std::string_view text, std::vector<RecordError>* errors, const RecordSource& source)
      : tokens_(text), errors_(errors), cache_(source), max_plies_(source.max_plies) {}

  std::vector<GameRecord> run() {
    for (;;) {
      Token t;
      try {
        t = tokens_.next(game_no());
      } catch (const RecordError& e) {
        // Broken syntax: this game is lost; the next one begins with tags
        // after a blank line.
        if (!errors_) throw;
        if (!skipping_) errors_->push_back(e);
        end_skipped_game();
        if (!tokens_.resync()) return done();
        continue;
      }
      if (t.kind == Token::kEnd) break;
      try {
        if (skipping_) {
          skip(t);
        } else {
          take(t);
        }
      } catch (const RecordError& e) {
        if (!errors_) throw;
        errors_->push_back(e);
        skipping_ = true;
        g_.had_moves = g_.had_moves || t.kind == Token::kMove;
      }
    }
    if (skipping_) {
      end_skipped_game();
    } else {
      close_game();
    }
    return done();
  }

  int games_read() const { return games_read_; }

 private:
  // One game as it is being read.
  struct PendingGame {
    GameRecord record;
    std::map<std::string, int> tag_lines;
    std::optional<Position> pos;  // set up at the first move
    std::string result_token;
    int result_line = 0;
    int last_line = 0;
    bool started = false;  // any token seen
    bool had_moves = false;
  };

  std::vector<GameRecord> done() {
    games_read_ = int(games_.size()) + bad_games_;
    return std::move(games_);
  }

  int game_no() const { return int(games_.size()) + bad_games_ + 1; }

  void set_up() {
    if (!g_.pos) g_.pos = start_position(g_.record, cache_, game_no(), g_.tag_lines);
  }

  void take(const Token& t) {
    // Tags after moves begin the next game, even when a result token is missing.
    if (t.kind == Token::kTag && g_.had_moves) close_game();
    // A comment alone is not a game.
    if (t.kind != Token::kComment) g_.started = true;
    g_.last_line = t.line;
    switch (t.kind) {
      case Token::kTag:
        add_tag(t);
        break;
      case Token::kComment:
        if (!g_.record.moves.empty()) {
          std::string& c = g_.record.moves.back().comment;
          c += (c.empty() ? "" : " ") + t.text;
        }
        break;
      case Token::kMove: {
        g_.had_moves = true;
        // Checked before the move is played, so that an overlong game costs
        // no more than one of the longest allowed.
        if (int(g_.record.moves.size()) >= max_plies_) {
          throw RecordError(game_no(), t.line,
                            "the game has more than " + std::to_string(max_plies_) +
                                " moves (plies), the most a record may hold");
        }
        set_up();
        Move m = play_move(*g_.pos, t.text, game_no(), t.line);
        g_.record.moves.push_back({m, ""});
        break;
      }
      case Token::kResult:
        g_.result_token = t.text;
        g_.result_line = t.line;
        close_game();
        break;
      case Token::kMoveNumber:
      case Token::kEnd:
        break;
    }
  }

  // After an error: drop the rest of the game, up to its result or the next
  // game's tags.
  void skip(const Token& t) {
    if (t.kind == Token::kTag && g_.had_moves) {
      end_skipped_game();
      take(t);
      return;
    }
    if (t.kind == Token::kMove) g_.had_moves = true;
    if (t.kind == Token::kResult) end_skipped_game();
  }

  // Finishes the game being read; a problem in it is this game's, not the next one's.
  void close_game() {
    try {
      finish();
    } catch (const RecordError& e) {
      if (!errors_) throw;
      errors_->push_back(e);
      end_skipped_game();
    }
  }

  void end_skipped_game() {
    ++bad_games_;
    g_ = PendingGame();
    skipping_ = false;
  }

  void add_tag(const Token& t) {
    if (g_.tag_lines.count(t.text)) {
      throw RecordError(game_no(), t.line, "tag " + t.text + " appears twice");
    }
    g_.tag_lines[t.text] = t.line;
    if (t.text == "Result" && !is_result_token(t.value)) {
      throw RecordError(game_no(), t.line,
                        "Result " + in_quotes(t.value) + " is not one of 1-0, 0-1, 1/2-1/2, *");
    }
    if (t.text == "Termination" && !termination_from_tag(t.value) &&
        std::find(kOtherTerminations.begin(), kOtherTerminations.end(), t.value) ==
            kOtherTerminations.end()) {
      throw RecordError(
          game_no(), t.line,
          "Termination " + in_quotes(t.value) + " is not one of " + known_terminations());
    }
    g_.record.tags.emplace_back(t.text, t.value);
  }

  void finish() {
    if (!g_.started) return;
    set_up();
    const std::string tag = g_.record.tag("Result");
    const int line = g_.result_line ? g_.result_line : g_.last_line;
    if (!g_.result_token.empty() && !tag.empty() && tag != g_.result_token) {
      throw RecordError(game_no(), line,
                        "the result " + g_.result_token +
                            " after the moves does not match [Result " + in_quotes(tag) + "]");
    }
    if (tag.empty() && !g_.result_token.empty() && g_.result_token != "*") {
      g_.record.set_tag("Result", g_.result_token);
    }
    check_outcome(g_.record, *g_.pos, game_no(), line);
    games_.push_back(std::move(g_.record));
    g_ = PendingGame();
  }

  Tokenizer tokens_;
  std::vector<RecordError>* errors_;
  RuleSetCache cache_;
  int max_plies_;
  std::vector<GameRecord> games_;
  PendingGame g_;
  int bad_games_ = 0;
  int games_read_ = 0;
  bool skipping_ = false;
};

}  // namespace

RecordSource RecordSource::of_file(const std::filesystem::path& file) {
  RecordSource source;
  source.folder = file.has_parent_path() ? file.parent_path() : std::filesystem::path(".");
  return source;
}

std::vector<GameRecord> read_records(std::string_view text, const RecordSource& source) {
  return RecordReader(text, nullptr, source).run();
}

std::vector<RecordError> check_records(std::string_view text, int* games,
                                       const RecordSource& source) {
  std::vector<RecordError> errors;
  RecordReader reader(text, &errors, source);
  reader.run();
  if (games) *games = reader.games_read();
  return errors;
}

std::string write_record(const GameRecord& game) {
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
  bool need_number = true;  // at the start and after a comment, Red's move gets "N..."
  for (const RecordedMove& rm : game.moves) {
    if (side == kBlue) {
      words.push_back(std::to_string(number) + ".");
    } else if (need_number) {
      words.push_back(std::to_string(number) + "...");
    }
    words.push_back(move_text(rm.move));
    need_number = false;
    if (!rm.comment.empty()) {
      std::string body = rm.comment;
      std::replace(body.begin(), body.end(), '}', ')');
      words.push_back("{" + body + "}");
      need_number = true;
    }
    if (side == kRed) ++number;
    side = opponent(side);
  }
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

std::string write_records(const std::vector<GameRecord>& games) {
  std::string out;
  for (size_t i = 0; i < games.size(); ++i) {
    if (i > 0) out += "\n";
    out += write_record(games[i]);
  }
  return out;
}

namespace {

void check_length(const GameRecord& game, const RecordSource& source) {
  if (int(game.moves.size()) > source.max_plies) {
    throw RecordError(0, 0,
                      "the game has more than " + std::to_string(source.max_plies) +
                          " moves (plies), the most a record may hold");
  }
}

}  // namespace

std::vector<Position> replay(const GameRecord& game, const RecordSource& source) {
  check_length(game, source);
  RuleSetCache cache(source);
  std::vector<Position> positions;
  positions.push_back(start_position(game, cache, 0, {}));
  for (const RecordedMove& rm : game.moves) {
    Position next = positions.back();
    play_move(next, move_text(rm.move), 0, 0);
    positions.push_back(std::move(next));
  }
  return positions;
}

ReplayedEnds replay_ends(const GameRecord& game, const RecordSource& source) {
  check_length(game, source);
  RuleSetCache cache(source);
  ReplayedEnds ends{start_position(game, cache, 0, {}), Position()};
  ends.end = ends.start;
  for (const RecordedMove& rm : game.moves) play_move(ends.end, move_text(rm.move), 0, 0);
  return ends;
}

}  // namespace jungle
