#include "hidden/hidden_record.h"

#include <algorithm>
#include <map>

#include "core/aborted_game.h"
#include "core/record_rules.h"
#include "core/record_tag_section.h"
#include "core/record_tokenizer.h"
#include "core/text_util.h"
#include "core/variants.h"

namespace jungle::hidden {

namespace {

std::string viewer_word(Viewer v) {
  return v ? side_name(*v) : "spectator";
}

std::string write(const HiddenGame& game, const Tags& given, const std::string& fen,
                  std::optional<Viewer> view) {
  Tags own;
  const std::string result(record_result_tag(game.result(), game.termination()));
  own.emplace_back("Result", result);
  own.emplace_back("Variant", game.variant());
  own.emplace_back("FEN", fen);
  if (view) own.emplace_back("View", viewer_word(*view));
  if (!game.termination().empty()) own.emplace_back("Termination", game.termination());
  std::string text = write_tag_section(given, own);
  const Geometry& g = game.rule_set().geometry();
  std::string line;
  auto add = [&](const std::string& word) {
    if (!line.empty() && line.size() + word.size() + 1 > 79) {
      text += line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
  };
  int move_number = game.start().move_number();
  std::optional<Side> previous;
  for (const Observation& o : game.announcements()) {
    std::string word = observation_text(o, g);
    if (o.mover == kBlue && previous != kBlue) {
      word = std::to_string(move_number) + ". " + word;
    } else if (o.mover == kRed && !previous) {
      word = std::to_string(move_number) + "... " + word;
    }
    if (o.mover == kRed && o.is_ply()) ++move_number;
    previous = o.mover;
    add(word);
  }
  add(result);
  return text + line + "\n";
}

// A game's tokens as read, before they are played.
struct PendingGame {
  Tags tags;
  std::map<std::string, TextPlace> tag_places;           // where each tag begins
  std::vector<std::pair<std::string, TextPlace>> moves;  // text, place
  std::string result_token;
  TextPlace first_at;
  TextPlace last_at;
  bool started = false;
};

class Reader {
 public:
  Reader(std::string_view text, std::vector<RecordError>* errors, const RecordSource& source)
      : tokens_(text), errors_(errors), source_(source), cache_(source) {}

  std::vector<HiddenRecord> run() {
    for (;;) {
      Token t;
      try {
        t = tokens_.next(game_no());
      } catch (const RecordError& e) {
        if (!errors_) throw;
        errors_->push_back(e);
        ++bad_;
        pending_ = PendingGame();
        if (!tokens_.resync()) {
          read_ = int(games_.size()) + bad_;
          return std::move(games_);
        }
        continue;
      }
      if (t.kind == Token::kEnd) break;
      if (t.kind == Token::kTag && !pending_.moves.empty()) close();
      if (t.kind != Token::kComment && !pending_.started) {
        pending_.started = true;
        pending_.first_at = t.at;
      }
      pending_.last_at = t.at;
      switch (t.kind) {
        case Token::kTag:
          if (!tag_value(pending_.tags, t.text).empty()) {
            fail(t.at, "tag " + t.text + " appears twice");
          } else {
            pending_.tags.emplace_back(t.text, t.value);
            pending_.tag_places[t.text] = t.at;
          }
          break;
        case Token::kMove:
          pending_.moves.emplace_back(t.text, t.at);
          break;
        case Token::kResult:
          pending_.result_token = t.text;
          close();
          break;
        default:
          break;
      }
    }
    close();
    read_ = int(games_.size()) + bad_;
    return std::move(games_);
  }

  int games_read() const { return read_; }

 private:
  int game_no() const { return int(games_.size()) + bad_ + 1; }

  void fail(TextPlace at, const std::string& message) {
    failed_ = RecordError(game_no(), at, message);
  }

  void close() {
    if (!pending_.started) {
      pending_ = PendingGame();
      return;
    }
    try {
      if (failed_) throw *failed_;
      games_.push_back(finish());
    } catch (const RecordError& e) {
      if (!errors_) throw;
      errors_->push_back(e);
      ++bad_;
    }
    failed_.reset();
    pending_ = PendingGame();
  }

  HiddenRecord finish() {
    const PendingGame& g = pending_;
    HiddenRecord record;
    record.tags = g.tags;
    const TextPlace first_at = g.first_at;
    // A bad tag is an error at the tag, as the open game's.
    const auto place_of = [&](const std::string& name) {
      const auto it = g.tag_places.find(name);
      return it == g.tag_places.end() ? first_at : it->second;
    };
    const std::string variant = record.tag("Variant").empty() ? "hidden" : record.tag("Variant");
    const RuleSetPtr rules = cache_.get(variant, game_no(), place_of("Variant"));
    if (!rules->rules().hidden_pieces) {
      throw RecordError(
          game_no(), place_of("Variant"),
          "Variant " + in_double_quotes(variant) +
              " does not hide pieces: a file of hidden games holds hidden games only");
    }
    if (int(g.moves.size()) > source_.max_plies) {
      throw RecordError(game_no(), first_at,
                        "the game has more than " + std::to_string(source_.max_plies) +
                            " announcements, the most a record may hold");
    }
    const std::string view_tag = record.tag("View");
    const std::string fen = record.tag("FEN");
    const Geometry& board = rules->geometry();
    if (!view_tag.empty()) {
      Viewer viewer;
      if (view_tag == "Blue") {
        viewer = kBlue;
      } else if (view_tag == "Red") {
        viewer = kRed;
      } else if (view_tag != "spectator") {
        throw RecordError(
            game_no(), place_of("View"),
            "View " + in_double_quotes(view_tag) + " is not \"Blue\", \"Red\" or \"spectator\"");
      }
      if (fen.empty()) {
        throw RecordError(game_no(), place_of("View"),
                          "a player's record needs its view FEN as the FEN tag");
      }
      try {
        record.view = PlayerView::from_fen(rules, fen, viewer);
      } catch (const ViewError& e) {
        throw RecordError(game_no(), place_of("FEN"), std::string("FEN tag: ") + e.what());
      }
      PlayerView& view = *record.view;
      for (const auto& [text, at] : g.moves) {
        std::string why;
        bool given = false;
        const std::optional<Observation> o =
            parse_observation(text, view.side_to_move(), board, &given, &why);
        if (!o) throw RecordError(game_no(), at, why);
        try {
          view.apply(*o);
        } catch (const ViewError& e) {
          throw RecordError(game_no(), at, e.what());
        }
      }
      check_result(record, view.visible_result(), Termination::kNone, g);
      return record;
    }
    Position start(rules);
    if (!fen.empty()) {
      try {
        start = Position::from_fen(fen, rules);
      } catch (const FenError& e) {
        throw RecordError(game_no(), place_of("FEN"), std::string("FEN tag: ") + e.what());
      }
    }
    record.game.emplace(start, variant);
    HiddenGame& game = *record.game;
    int number = 0;
    for (const auto& [text, at] : g.moves) {
      ++number;
      const std::string label = "announcement " + std::to_string(number) + " " + text;
      std::string why;
      bool given = false;
      const std::optional<Observation> o =
          parse_observation(text, game.side_to_move(), board, &given, &why);
      if (!o) throw RecordError(game_no(), at, why);
      if (game.over()) throw RecordError(game_no(), at, label + " comes after the game ended");
      try {
        const Observation& made = game.play(o->move);
        if (given && !(made == *o)) {
          throw RecordError(game_no(), at,
                            label + " does not match the arbiter, which announces " +
                                observation_text(made, board));
        }
      } catch (const std::invalid_argument& e) {
        throw RecordError(
            game_no(), at,
            label + " is not a move " + side_name(o->mover) + " may try: " + e.what());
      }
    }
    check_result(record, game.result(), game.board_termination(), g);
    return record;
  }

  // The Result and Termination tags against what the board shows. `shown`
  // is the end the game or view sees by itself; a player's view cannot see
  // an opponent without a move to try, which the arbiter announces.
  void check_result(HiddenRecord& record, GameResult shown, Termination board_why,
                    const PendingGame& g) {
    const TextPlace last_at = g.last_at;
    // A tag's bad value is an error at the tag; a tag against the game, at
    // the game's end.
    const auto place_of = [&](const std::string& name) {
      const auto it = g.tag_places.find(name);
      return it == g.tag_places.end() ? last_at : it->second;
    };
    std::string result = record.tag("Result").empty() ? "*" : record.tag("Result");
    if (!g.result_token.empty() && !record.tag("Result").empty() && g.result_token != result) {
      throw RecordError(game_no(), last_at,
                        "the result " + g.result_token +
                            " after the moves does not match [Result " + in_double_quotes(result) +
                            "]");
    }
    if (record.tag("Result").empty() && !g.result_token.empty()) result = g.result_token;
    const std::string term = record.tag("Termination");
    Termination why = board_why;
    if (record.view) record.view->visible_result(&why);
    if (shown != GameResult::kOngoing) {
      if (result != result_tag(shown)) {
        throw RecordError(game_no(), last_at,
                          "Result " + result + " does not match the game, which ended by rule (" +
                              std::string(termination_tag(why)) +
                              "): " + std::string(result_tag(shown)));
      }
      if (!term.empty() && term != termination_tag(why)) {
        throw RecordError(game_no(), last_at,
                          "Termination " + in_double_quotes(term) +
                              " does not match the game, which ended by rule (" +
                              std::string(termination_tag(why)) + ")");
      }
      return;
    }
    const std::optional<Termination> t = termination_from_tag(term);
    if (t && !(record.view && *t == Termination::kNoLegalMove)) {
      throw RecordError(
          game_no(), last_at,
          "Termination " + in_double_quotes(term) + " says the game ended by rule, but it has not");
    }
    if (!t && !term.empty() && !is_declared_termination(term)) {
      throw RecordError(game_no(), place_of("Termination"),
                        "Termination " + in_double_quotes(term) + " is unknown");
    }
    const std::optional<GameResult> declared = declared_result(result, term);
    if (!declared) {
      throw RecordError(
          game_no(), place_of("Result"),
          "Result " + in_double_quotes(result) + " is not one of 1-0, 0-1, 1/2-1/2, *");
    }
    if (record.game && *declared != GameResult::kOngoing) {
      record.game->declare(*declared, term);
    }
  }

  Tokenizer tokens_;
  std::vector<RecordError>* errors_;
  RecordSource source_;
  RuleSetCache cache_;
  std::vector<HiddenRecord> games_;
  PendingGame pending_;
  std::optional<RecordError> failed_;
  int bad_ = 0;
  int read_ = 0;
};

}  // namespace

std::string HiddenRecord::tag(std::string_view name) const {
  return tag_value(tags, name);
}

std::string write_hidden_record(const HiddenGame& game, const Tags& tags) {
  return write(game, tags, game.start().fen(), std::nullopt);
}

std::string write_view_record(const HiddenGame& game, Viewer viewer, const Tags& tags) {
  return write(game, tags, PlayerView::of_start(game.start(), viewer).fen(), viewer);
}

std::vector<HiddenRecord> read_hidden_records(std::string_view text, const RecordSource& source) {
  return Reader(text, nullptr, source).run();
}

std::vector<RecordError> check_hidden_records(std::string_view text, int* games,
                                              const RecordSource& source) {
  std::vector<RecordError> errors;
  Reader reader(text, &errors, source);
  reader.run();
  if (games) *games = reader.games_read();
  return errors;
}

bool is_hidden_record(std::string_view text, const RecordSource& source) {
  Tokenizer tokens(text);
  try {
    for (;;) {
      const Token t = tokens.next(1);
      if (t.kind != Token::kTag) return false;
      if (t.text != "Variant") continue;
      return load_record_variant(t.value, source.folder)->rules().hidden_pieces;
    }
  } catch (const std::exception&) {
    return false;
  }
}

}  // namespace jungle::hidden
