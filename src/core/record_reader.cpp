#include <algorithm>
#include <map>
#include <optional>

#include "core/game_record.h"
#include "core/position.h"
#include "core/record_rules.h"
#include "core/record_tokenizer.h"

namespace jungle {

namespace {

std::string known_terminations() {
  std::string list;
  for (Termination t :
       {Termination::kDenEntered, Termination::kAllCaptured, Termination::kNoLegalMove,
        Termination::kRepetition, Termination::kMoveLimit, Termination::kDenFood}) {
    list += std::string(termination_tag(t)) + ", ";
  }
  for (size_t i = 0; i < kDeclaredTerminations.size(); ++i) {
    list +=
        std::string(kDeclaredTerminations[i]) + (i + 1 < kDeclaredTerminations.size() ? ", " : "");
  }
  return list;
}

// Reads games one token at a time. Without an error list the first problem
// throws; with one, each bad game adds its first problem and reading goes on
// at the next game.
class RecordReader {
 public:
  RecordReader(std::string_view text, std::vector<RecordError>* errors, const RecordSource& source)
      : tokens_(text, /*variations=*/true),
        errors_(errors),
        cache_(source),
        max_plies_(source.max_plies),
        notation_(source.notation) {}

  std::vector<GameRecord> run() {
    for (;;) {
      Token t;
      try {
        // netcan's moves are bare numbers (24656), which elsewhere are move
        // numbers written without their dot.
        tokens_.set_numbers_are_moves(dialect() == notation::Dialect::kNetcan);
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
    std::map<std::string, TextPlace> tag_places;
    std::optional<Position> pos;  // set up at the first move
    std::string result_token;
    TextPlace result_at;                       // the result token's place
    TextPlace last_at;                         // the last token's place
    std::optional<notation::Dialect> dialect;  // from the Notation tag
    bool started = false;                      // any token seen
    bool had_moves = false;
    int plies = 0;  // every move read, side lines' too
    // The side lines being read, innermost last: where their moves go, how
    // many of them the position has played, and the place of their '('. A
    // line's vector stays where it is while it is open: only the innermost
    // line grows.
    struct OpenLine {
      std::vector<RecordedMove>* moves;
      int played = 0;
      TextPlace at;
    };
    std::vector<OpenLine> open;
  };

  // The moves of the line being read: the innermost open side line's, or the game's.
  std::vector<RecordedMove>& line_moves() {
    return g_.open.empty() ? g_.record.moves : *g_.open.back().moves;
  }

  std::vector<GameRecord> done() {
    games_read_ = int(games_.size()) + bad_games_;
    return std::move(games_);
  }

  int game_no() const { return int(games_.size()) + bad_games_ + 1; }

  // The dialect of the game being read: its Notation tag's, else the source's.
  notation::Dialect dialect() const { return g_.dialect.value_or(notation_); }

  // The start position, once the tags are read. A game in another dialect
  // comes back in ours: its FEN tag rewritten, its Notation tag dropped.
  void set_up() {
    if (g_.pos) return;
    g_.pos = start_position(g_.record, cache_, game_no(), g_.tag_places, dialect());
    std::erase_if(g_.record.tags, [](const auto& tag) { return tag.first == "Notation"; });
    if (dialect() != notation::Dialect::kJungle && !g_.record.tag("FEN").empty()) {
      g_.record.set_tag("FEN", g_.pos->fen());
    }
  }

  void take(const Token& t) {
    // Tags after moves begin the next game, even when a result token is missing.
    if (t.kind == Token::kTag && g_.had_moves) close_game();
    // A comment alone is not a game.
    if (t.kind != Token::kComment) g_.started = true;
    g_.last_at = t.at;
    switch (t.kind) {
      case Token::kTag:
        add_tag(t);
        break;
      case Token::kComment:
        if (!line_moves().empty()) {
          std::string& c = line_moves().back().comment;
          c += (c.empty() ? "" : " ") + t.text;
        }
        break;
      case Token::kMove: {
        g_.had_moves = true;
        // Checked before the move is played, so that an overlong game costs
        // no more than one of the longest allowed; side lines count too.
        if (g_.plies >= max_plies_) {
          throw RecordError(game_no(), t.at,
                            "the game has more than " + std::to_string(max_plies_) +
                                " moves (plies), the most a record may hold");
        }
        set_up();
        g_.record.board = g_.pos->rule_set().geometry();
        Move m = play_move(*g_.pos, t.text, game_no(), t.at, dialect());
        ++g_.plies;
        line_moves().push_back({m, ""});
        if (!g_.open.empty()) ++g_.open.back().played;
        break;
      }
      case Token::kVariationStart:
        open_side_line(t.at);
        break;
      case Token::kVariationEnd:
        close_side_line(t.at);
        break;
      case Token::kResult:
        if (!g_.open.empty()) {
          throw RecordError(game_no(), t.at,
                            "the result " + t.text + " comes inside the side line opened at line " +
                                std::to_string(g_.open.back().at.line) + "; close it with ')'");
        }
        g_.result_token = t.text;
        g_.result_at = t.at;
        close_game();
        break;
      case Token::kMoveNumber:
      case Token::kEnd:
        break;
    }
  }

  // '(': a side line in place of the line's last move, from the position
  // before it.
  void open_side_line(TextPlace at) {
    std::vector<RecordedMove>& moves = line_moves();
    if (moves.empty()) {
      throw RecordError(game_no(), at,
                        "a side line '(' must follow the move it is played instead of");
    }
    g_.pos->undo_move();
    g_.open.push_back({&moves.back().variations.emplace_back(), 0, at});
  }

  // ')': back to the line the side line left, after its move.
  void close_side_line(TextPlace at) {
    if (g_.open.empty()) throw RecordError(game_no(), at, "')' closes no side line");
    const PendingGame::OpenLine side = g_.open.back();
    if (side.moves->empty()) throw RecordError(game_no(), at, "a side line '()' has no moves");
    for (int i = 0; i < side.played; ++i) g_.pos->undo_move();
    g_.open.pop_back();
    g_.pos->do_move(line_moves().back().move);
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
    if (g_.tag_places.count(t.text)) {
      throw RecordError(game_no(), t.at, "tag " + t.text + " appears twice");
    }
    g_.tag_places[t.text] = t.at;
    if (t.text == "Notation") {
      GameRecord named;
      named.tags.emplace_back(t.text, t.value);
      g_.dialect = record_dialect(named, notation_, game_no(), t.at);
    }
    if (t.text == "Result" && !is_result_text(t.value)) {
      throw RecordError(
          game_no(), t.at,
          "Result " + in_double_quotes(t.value) + " is not one of 1-0, 0-1, 1/2-1/2, *");
    }
    if (t.text == "Termination" && !termination_from_tag(t.value) &&
        !is_declared_termination(t.value)) {
      throw RecordError(
          game_no(), t.at,
          "Termination " + in_double_quotes(t.value) + " is not one of " + known_terminations());
    }
    g_.record.tags.emplace_back(t.text, t.value);
  }

  void finish() {
    if (!g_.started) return;
    if (!g_.open.empty()) {
      throw RecordError(game_no(), g_.open.back().at,
                        "the side line opened with '(' is never closed");
    }
    set_up();
    const std::string tag = g_.record.tag("Result");
    const TextPlace at = g_.result_at.line ? g_.result_at : g_.last_at;
    if (!g_.result_token.empty() && !tag.empty() && tag != g_.result_token) {
      throw RecordError(game_no(), at,
                        "the result " + g_.result_token +
                            " after the moves does not match [Result " + in_double_quotes(tag) +
                            "]");
    }
    if (tag.empty() && !g_.result_token.empty() && g_.result_token != "*") {
      g_.record.set_tag("Result", g_.result_token);
    }
    check_outcome(g_.record, *g_.pos, game_no(), at);
    games_.push_back(std::move(g_.record));
    g_ = PendingGame();
  }

  Tokenizer tokens_;
  std::vector<RecordError>* errors_;
  RuleSetCache cache_;
  int max_plies_;
  notation::Dialect notation_;  // of a game without a Notation tag
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

}  // namespace jungle
