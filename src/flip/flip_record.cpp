#include "flip/flip_record.h"

#include <algorithm>
#include <map>
#include <optional>

#include "core/aborted_game.h"
#include "core/game_record.h"
#include "core/record_tag_section.h"
#include "core/record_tokenizer.h"

namespace jungle::flip {

namespace {

constexpr size_t kLineWidth = 79;

// Writes `plies`, the first of them the game's ply `first` (counted from 0
// at the game's start, whoever moved first), as words: each ply with its
// number, then its comment and the side lines that stand in for it, in
// parentheses. A side line starts from the position before its ply, so it
// is numbered from there; the second player's ply at a line's start, after
// a comment or after a side line gets its number again ("3... c2c1").
void write_line(const std::vector<RecordedPly>& plies, size_t first,
                std::vector<std::string>& words) {
  bool need_number = true;
  for (size_t k = 0; k < plies.size(); ++k) {
    const size_t i = first + k;
    const std::string number = std::to_string(i / 2 + 1);
    std::string word = ply_text(plies[k].move);
    if (i % 2 == 0) word = number + ". " + word;
    if (i % 2 == 1 && need_number) word = number + "... " + word;
    words.push_back(word);
    need_number = false;
    if (!plies[k].comment.empty()) {
      // A '}' would end the comment early.
      std::string body = plies[k].comment;
      std::replace(body.begin(), body.end(), '}', ')');
      words.push_back("{" + body + "}");
      need_number = true;
    }
    for (const std::vector<RecordedPly>& line : plies[k].variations) {
      if (line.empty()) continue;
      std::vector<std::string> inner;
      write_line(line, i, inner);
      inner.front() = "(" + inner.front();
      inner.back() += ")";
      words.insert(words.end(), inner.begin(), inner.end());
      need_number = true;
    }
  }
}

std::string write_game(const FlipPosition& pos, const Tags& tags,
                       const std::vector<RecordedPly>& plies,
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
  std::vector<std::string> words;
  write_line(plies, 0, words);
  words.push_back(result_text);
  std::string text = write_tag_section(tags, own);
  std::string line;
  for (const std::string& word : words) {
    if (!line.empty() && line.size() + word.size() + 1 > kLineWidth) {
      text += line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
  }
  return text + line + "\n";
}

}  // namespace

std::string write_flip_record(const FlipPosition& pos, const Tags& tags,
                              const std::vector<std::string>& comments,
                              const std::optional<DeclaredResult>& declared) {
  std::vector<RecordedPly> plies;
  const std::vector<Ply>& history = pos.history();
  for (size_t i = 0; i < history.size(); ++i) {
    plies.push_back({history[i], i < comments.size() ? comments[i] : ""});
  }
  return write_game(pos, tags, plies, declared);
}

std::string write_flip_record(const FlipRecord& record) {
  return write_game(record.position, record.tags, record.plies,
                    recorded_declaration(tag_value(record.tags, "Result"),
                                         tag_value(record.tags, "Termination")));
}

namespace {

// One game as it is being read: its tags, the position (set up at its first
// ply), its plies and the side lines open at the token being read.
class GameReader {
 public:
  GameReader(int game, bool allow_files) : game_(game), allow_files_(allow_files) {}

  // Reads from its tags to its result (or to the end of the text). `empty`
  // tells whether the text held nothing more (the record is then the set's
  // start).
  FlipRecord read(Tokenizer& tokens, bool& empty) {
    empty = true;
    for (;;) {
      Token t = tokens.next(game_);
      if (t.kind == Token::kEnd) break;
      empty = false;
      if (t.kind == Token::kTag) {
        if (pos_) throw RecordError(game_, t.at, "a tag after the moves: [" + t.text + "]");
        // tag_value reads a name's first tag: its place is the one an error names.
        tag_places_.try_emplace(t.text, t.at);
        tags_.emplace_back(t.text, t.value);
        continue;
      }
      if (!pos_) start(t.at);
      if (t.kind == Token::kMoveNumber) continue;
      if (t.kind == Token::kComment) {
        // A comment before the first ply is read and dropped, as the open game's;
        // an empty one adds nothing (joined, it would add a space that the
        // written record's one comment could not keep).
        if (!line_plies().empty() && !t.text.empty()) {
          std::string& c = line_plies().back().comment;
          c += (c.empty() ? "" : " ") + t.text;
        }
        continue;
      }
      if (t.kind == Token::kVariationStart) {
        open_side_line(t.at);
        continue;
      }
      if (t.kind == Token::kVariationEnd) {
        close_side_line(t.at);
        continue;
      }
      if (t.kind == Token::kResult) {
        if (!open_.empty()) {
          throw RecordError(game_, t.at,
                            "the result " + t.text + " comes inside the side line opened at line " +
                                std::to_string(open_.back().at.line) + "; close it with ')'");
        }
        break;
      }
      play(t);
    }
    if (!open_.empty()) {
      throw RecordError(game_, open_.back().at, "the side line opened with '(' is never closed");
    }
    if (!pos_) start({});
    return {std::move(tags_), std::move(*pos_), std::move(plies_)};
  }

 private:
  // A side line being read: where its plies go, how many of them the
  // position has played, and the place of its '('. Its vector stays where it
  // is while it is open: only the innermost line grows.
  struct OpenLine {
    std::vector<RecordedPly>* plies;
    int played = 0;
    TextPlace at;
  };

  // The plies of the line being read: the innermost open side line's, or the game's.
  std::vector<RecordedPly>& line_plies() { return open_.empty() ? plies_ : *open_.back().plies; }

  // The game's start, from its Variant and FEN tags, at the place of its
  // first ply (`at`); a bad tag is an error at the tag, as the open game's.
  void start(TextPlace at) {
    const std::string variant =
        tag_value(tags_, "Variant").empty() ? "flip" : tag_value(tags_, "Variant");
    const TextPlace variant_at = place_of("Variant", at);
    const bool shipped = is_flip_variant(variant) && !variant.ends_with(".toml");
    if (!shipped && !(allow_files_ && is_flip_variant(variant))) {
      throw RecordError(game_, variant_at,
                        "Variant '" + variant + "' is not a Flip Jungle rule set");
    }
    FlipRulesPtr rules;
    try {
      rules = load_flip_rules(variant);
    } catch (const std::exception& e) {
      throw RecordError(game_, variant_at, e.what());
    }
    const std::string fen = tag_value(tags_, "FEN");
    try {
      pos_.emplace(rules, fen.empty() ? FlipPosition::start_fen(*rules) : fen);
    } catch (const std::exception& e) {
      throw RecordError(game_, fen.empty() ? variant_at : place_of("FEN", at), e.what());
    }
  }

  // Where the tag `name` begins, or `otherwise` when the game has none.
  TextPlace place_of(const std::string& name, TextPlace otherwise) const {
    const auto it = tag_places_.find(name);
    return it == tag_places_.end() ? otherwise : it->second;
  }

  // A ply of the line being read, checked in its own position; a ply's
  // number counts from the game's start, through the side lines it is in.
  void play(const Token& t) {
    const std::string number = "ply " + std::to_string(pos_->history().size() + 1) + " ";
    Ply ply;
    if (!pos_->parse_ply(t.text, ply)) {
      throw RecordError(game_, t.at, number + t.text + " " + why_refused(t.text));
    }
    if (pos_->end() != FlipEnd::kNone) {
      throw RecordError(game_, t.at, number + t.text + " comes after the game ended");
    }
    pos_->play(ply);
    line_plies().push_back({ply, ""});
    if (!open_.empty()) ++open_.back().played;
  }

  // Why parse_ply refused `text` in the position: a flip without its
  // animal, an animal no face-down tile can hold here, or an illegal action.
  std::string why_refused(const std::string& text) const {
    // The tokenizer reads a trailing '?' as an annotation: "b2?" arrives as "b2".
    if (text.size() == 2) return "is a flip without what it revealed (write it b2?=L)";
    const size_t equals = text.find("?=");
    Action action;
    if (equals != std::string::npos && text.size() == equals + 3 &&
        pos_->parse_action(text.substr(0, equals + 1), action) && pos_->is_legal(action)) {
      // The flip itself is legal: its animal is not in the pool.
      return "reveals an animal no face-down tile holds here (the pool: " + pos_->pool_letters() +
             ")";
    }
    return "is illegal here";
  }

  // '(': a side line in place of the line's last ply, from the position
  // before it.
  void open_side_line(TextPlace at) {
    std::vector<RecordedPly>& plies = line_plies();
    if (plies.empty()) {
      throw RecordError(game_, at, "a side line '(' must follow the ply it is played instead of");
    }
    pos_->undo();
    open_.push_back({&plies.back().variations.emplace_back(), 0, at});
  }

  // ')': back to the line the side line left, after its ply.
  void close_side_line(TextPlace at) {
    if (open_.empty()) throw RecordError(game_, at, "')' closes no side line");
    const OpenLine side = open_.back();
    if (side.plies->empty()) throw RecordError(game_, at, "a side line '()' has no plies");
    for (int i = 0; i < side.played; ++i) pos_->undo();
    open_.pop_back();
    pos_->play(line_plies().back().move);
  }

  int game_;
  bool allow_files_;
  Tags tags_;
  std::map<std::string, TextPlace> tag_places_;
  std::optional<FlipPosition> pos_;
  std::vector<RecordedPly> plies_;
  std::vector<OpenLine> open_;
};

FlipRecord read_game(Tokenizer& tokens, int game, bool allow_files, bool& empty) {
  return GameReader(game, allow_files).read(tokens, empty);
}

}  // namespace

FlipRecord read_flip_record(std::string_view text, bool allow_files) {
  Tokenizer tokens(text, /*variations=*/true);
  bool empty = false;
  return read_game(tokens, 1, allow_files, empty);
}

std::vector<FlipRecord> read_flip_records(std::string_view text, bool allow_files) {
  Tokenizer tokens(text, /*variations=*/true);
  std::vector<FlipRecord> games;
  for (;;) {
    bool empty = false;
    FlipRecord record = read_game(tokens, int(games.size()) + 1, allow_files, empty);
    if (empty) return games;
    games.push_back(std::move(record));
  }
}

std::vector<RecordError> check_flip_records(std::string_view text, int* games, bool allow_files) {
  Tokenizer tokens(text, /*variations=*/true);
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
