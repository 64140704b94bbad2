#include "core/record_rules.h"

#include "core/aborted_game.h"
#include "core/bush_notation.h"
#include "core/dialect_move.h"
#include "core/dialect_position.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/record_tokenizer.h"
#include "core/variants.h"

namespace jungle {

RuleSetPtr RuleSetCache::get(const std::string& name, int game, TextPlace at) {
  auto it = sets_.find(name);
  if (it != sets_.end()) return it->second;
  try {
    RuleSetPtr set = load_record_variant(name, folder_);
    sets_.emplace(name, set);
    return set;
  } catch (const VariantError& e) {
    std::string why = e.issues().empty() ? "unknown rule set" : e.issues().front().message;
    throw RecordError(game, at, "Variant " + in_double_quotes(name) + ": " + why);
  } catch (const std::invalid_argument& e) {
    throw RecordError(game, at, "Variant " + in_double_quotes(name) + ": " + e.what());
  }
}

namespace {

std::string move_label(const Position& pos, const std::string& text) {
  return "move " + std::to_string(pos.move_number()) + (pos.side_to_move() == kRed ? "... " : " ") +
         text;
}

// A move in another program's dialect: read in it, then judged by our rules;
// an error names the move number, the dialect and, when illegal, our squares.
Move play_dialect_move(Position& pos, const std::string& text, int game, TextPlace at,
                       notation::Dialect dialect) {
  const std::string name(notation::dialect_name(dialect));
  Move m;
  try {
    m = notation::read_move(dialect, trim_view(text), pos.side_to_move());
  } catch (const notation::NotationError& e) {
    throw RecordError(game, at,
                      move_label(pos, "'" + text + "'") + " is malformed in the " + name +
                          " notation the Notation tag names: " + e.what());
  }
  const Geometry& board = pos.rule_set().geometry();
  std::string why;
  if (const std::optional<Move> legal = parse_move(pos, board.move_text(m), &why)) {
    pos.do_move(*legal);
    return *legal;
  }
  throw RecordError(game, at,
                    move_label(pos, text) + " (" + name + "; ours " + board.move_text(m) +
                        ") is illegal: " + explain_illegal(pos, m.from(), m.to()));
}

}  // namespace

notation::Dialect record_dialect(const GameRecord& game, notation::Dialect fallback, int game_no,
                                 TextPlace at) {
  const std::string name = game.tag("Notation");
  if (name.empty()) return fallback;
  if (const std::optional<notation::Dialect> d = notation::parse_dialect(name)) return *d;
  throw RecordError(
      game_no, at,
      "Notation " + in_double_quotes(name) + " is not one of " + notation::dialect_list());
}

Move play_move(Position& pos, const std::string& text, int game, TextPlace at,
               notation::Dialect dialect) {
  if (dialect != notation::Dialect::kJungle) return play_dialect_move(pos, text, game, at, dialect);
  const Geometry& board = pos.rule_set().geometry();
  // David Bush's square names ("7g-7f") are read too: a move of ours never
  // begins with a digit, so the two cannot be mistaken for each other.
  std::string written = text;
  const std::string_view trimmed = trim_view(text);
  if (!trimmed.empty() && trimmed.front() >= '0' && trimmed.front() <= '9') {
    if (const std::optional<Move> bush = parse_bush_move(board, trimmed)) {
      written = board.move_text(*bush);
    }
  }
  std::string why;
  std::optional<Move> m = parse_move(pos, written, &why);
  if (m) {
    pos.do_move(*m);
    return *m;
  }
  const std::string_view t = trim_view(written);
  const std::optional<Move> squares = board.parse_move_text(t);
  if (!squares) {
    throw RecordError(game, at,
                      move_label(pos, "'" + text + "'") +
                          " is malformed: expected a from-square and a to-square, like a3a4 "
                          "(or in David Bush's notation, 7g-7f)");
  }
  throw RecordError(game, at,
                    move_label(pos, text) +
                        " is illegal: " + explain_illegal(pos, squares->from(), squares->to()));
}

Position start_position(const GameRecord& game, RuleSetCache& cache, int game_no,
                        const std::map<std::string, TextPlace>& tag_places,
                        notation::Dialect dialect) {
  auto place_of = [&](const std::string& name) {
    auto it = tag_places.find(name);
    return it == tag_places.end() ? TextPlace{} : it->second;
  };
  const std::string variant = game.tag("Variant").empty() ? "standard" : game.tag("Variant");
  RuleSetPtr rules = cache.get(variant, game_no, place_of("Variant"));
  if (dialect != notation::Dialect::kJungle && !(rules->geometry() == kStandardGeometry)) {
    throw RecordError(game_no, place_of("Notation"),
                      "Notation " + in_double_quotes(std::string(notation::dialect_name(dialect))) +
                          ": the other programs play on the 7x9 board only; Variant " +
                          in_double_quotes(variant) + " is played on " +
                          std::to_string(rules->geometry().files()) + "x" +
                          std::to_string(rules->geometry().ranks()));
  }
  std::string fen = game.tag("FEN");
  if (fen.empty()) return Position(rules);
  if (dialect != notation::Dialect::kJungle) {
    try {
      fen = notation::write_position(notation::Dialect::kJungle,
                                     notation::read_position(dialect, fen));
    } catch (const std::exception& e) {
      throw RecordError(game_no, place_of("FEN"), "FEN tag: " + std::string(e.what()));
    }
  }
  try {
    return Position::from_fen(fen, rules);
  } catch (const FenError& e) {
    throw RecordError(game_no, place_of("FEN"), "FEN tag: " + std::string(e.what()));
  }
}

namespace {

std::string describe_end(GameResult r, Termination t) {
  std::string who = r == GameResult::kBlueWins  ? "Blue won"
                    : r == GameResult::kRedWins ? "Red won"
                                                : "drawn";
  return who + " (" + std::string(termination_tag(t)) + ")";
}

}  // namespace

void check_outcome(const GameRecord& game, const Position& end, int game_no, TextPlace at) {
  const std::string result = game.result();
  const std::string term = game.tag("Termination");
  Termination why = Termination::kNone;
  const GameResult outcome = game_result(end, &why);
  if (outcome != GameResult::kOngoing) {
    if (result != result_tag(outcome)) {
      throw RecordError(game_no, at,
                        "Result " + result + " does not match the game, which ended by rule: " +
                            describe_end(outcome, why) + ", so the result is " +
                            std::string(result_tag(outcome)));
    }
    if (!term.empty() && term != termination_tag(why)) {
      throw RecordError(
          game_no, at,
          "Termination " + in_double_quotes(term) +
              " does not match the game, which ended by rule: " + describe_end(outcome, why));
    }
    return;
  }
  if (std::optional<Termination> t = termination_from_tag(term)) {
    throw RecordError(game_no, at,
                      "Termination " + in_double_quotes(term) + " says the game ended by rule (" +
                          std::string(termination_tag(*t)) + "), but the final position is not " +
                          "a finished game");
  }
  // An aborted game has no winner: "*" since aborting became a result of
  // its own, "1/2-1/2" in the records written before.
  if (term == kAbortedTermination && result != "*" && result != "1/2-1/2") {
    throw RecordError(game_no, at,
                      "Termination \"aborted\" needs Result * (nobody won), not " + result);
  }
  if ((term == "resignation" || term == "time") && result != "1-0" && result != "0-1") {
    throw RecordError(
        game_no, at,
        "Termination " + in_double_quotes(term) + " needs a decisive Result, not " + result);
  }
}

void check_length(const GameRecord& game, const RecordSource& source) {
  if (int(game.moves.size()) > source.max_plies) {
    throw RecordError(0, {},
                      "the game has more than " + std::to_string(source.max_plies) +
                          " moves (plies), the most a record may hold");
  }
}

}  // namespace jungle
