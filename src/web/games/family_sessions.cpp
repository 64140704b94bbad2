#include "web/games/family_sessions.h"

#include <cctype>

#include "core/aborted_game.h"
#include "web/games/record_variations.h"
#include "web/games/stored_summary.h"

namespace jungle::web {

namespace {

// The first Variant tag's value of a record text ("" when it has none),
// found as text: the family is told before any reader runs, and from the
// shipped sets' names alone, so that a tag naming a file opens nothing.
std::string_view first_variant_tag(std::string_view text) {
  const std::string_view open = "[Variant \"";
  const size_t at = text.find(open);
  if (at == std::string_view::npos) return {};
  const size_t end = text.find('"', at + open.size());
  if (end == std::string_view::npos) return {};
  return text.substr(at + open.size(), end - at - open.size());
}

// The family of a game that names no shipped set: the default set's (a
// new game's, "standard"), whose reader then says what is wrong.
const game::Family& default_family() {
  return game::family_of_variant(NewGame{}.variant);
}

// A record's family: its first Variant's, the default when that names no
// shipped set.
const game::Family& family_of_record_text(std::string_view text, const VariantCatalog& catalog) {
  const game::Family* f = catalog.family_of(first_variant_tag(text));
  return f ? *f : default_family();
}

// Every game of a record text, read by `family`'s reader, every Variant tag
// first found to name a shipped set (a reader would otherwise load a
// rule-set file from any path the text names). Throws GameError kRefused.
std::vector<game::RecordedGame> read_recorded_games(const game::Family& family,
                                                    std::string_view text,
                                                    const VariantCatalog& catalog) {
  require_shipped_variants(text, catalog);
  std::vector<game::RecordedGame> records;
  try {
    records = family.read_records(text);
  } catch (const std::exception& e) {
    throw GameError(ErrorKind::kRefused, "bad_record", e.what());
  }
  if (records.empty()) {
    throw GameError(ErrorKind::kRefused, "bad_record", "the record text holds no game");
  }
  return records;
}

// The game a record holds, as a game played: the state the reader replayed
// (once: the reader's replay is the check that words a bad record's
// errors), without what the record wrote beside the game (its comments and
// side lines, which the page keeps on its own analysis board: a state that
// kept them would write them again into every record of the game, beside
// the page's own).
std::unique_ptr<game::State> game_of_record(std::unique_ptr<game::State> recorded) {
  recorded->forget_record_comments();
  return recorded;
}

// The session of a game read from a record, its players named as the record
// names them. A player's record (a hidden game's view) holds only what that
// player was shown: it cannot be played on. Throws GameError kRefused.
std::unique_ptr<GameSessionBase> session_of_record(const game::Family& family,
                                                   game::RecordedGame record,
                                                   std::array<PlayerConfig, kSides> players,
                                                   const VariantCatalog& catalog) {
  if (!record.state) {
    throw GameError(ErrorKind::kRefused, "view_record",
                    "this is " + record.tag("View") +
                        "'s record of a game with hidden pieces: it holds only what that player "
                        "was shown; playing it on needs the arbiter's record, with the secret "
                        "set-up");
  }
  if (catalog.family_of(record.state->variant()) != &family) {
    throw GameError(
        ErrorKind::kRefused, "bad_record",
        "the record's Variant must name a shipped " + std::string(family.title()) + " set");
  }
  players[kBlue].name = name_from_tag(record.tag("Blue"));
  players[kRed].name = name_from_tag(record.tag("Red"));
  // A record's set-up is settled: it holds both sides' animals.
  auto session =
      std::make_unique<GameSessionBase>(0, game_of_record(std::move(record.state)), players);
  // As a client's moves: a record longer than a game may be is refused.
  if (session->ply() > session->max_plies()) {
    throw GameError(ErrorKind::kRefused, "game_too_long",
                    "a game may have at most " + std::to_string(session->max_plies()) + " moves");
  }
  return session;
}

// The games of a record text as the load dialog lists them, read by the
// game interface: a player's record (a hidden game's view) names its View.
Json recorded_games_json(const std::vector<game::RecordedGame>& records) {
  Json list = Json::array();
  for (size_t i = 0; i < records.size(); ++i) {
    const game::RecordedGame& r = records[i];
    // Each step a record shows: a flip with what it revealed is one, a
    // hidden game's refused try another.
    const size_t plies = r.state  ? game::replay_of(*r.state).steps.size()
                         : r.seen ? r.seen->steps.size()
                                  : size_t(0);
    Json line{{"index", i + 1},
              {"blue", r.tag("Blue")},
              {"red", r.tag("Red")},
              {"event", r.tag("Event")},
              // As the record writes it: an aborted game's is "*".
              {"result",
               r.state ? std::string(record_result_tag(r.state->result(), r.state->termination()))
               : r.tag("Result").empty() ? std::string("*")
                                         : r.tag("Result")},
              {"variant", r.state ? r.state->variant() : r.tag("Variant")},
              {"ply", plies},
              {"variations", record_variations_json(r.side_lines)}};
    // As the move list numbers them, where the record holds the game.
    if (r.state) line["moves"] = full_moves(game::start_of(*r.state)->fen(), int(plies));
    if (!r.tag("View").empty()) line["view"] = r.tag("View");
    list.push_back(std::move(line));
  }
  return list;
}

}  // namespace

const game::Family& family_of_new_game(const NewGame& game, const VariantCatalog& catalog) {
  if (game.record) return family_of_record_text(*game.record, catalog);
  if (const game::Family* f = catalog.family_of(game.variant)) return *f;
  catalog.get(game.variant);  // throws, naming the shipped sets
  return default_family();
}

NewSession new_session(const game::Family& family, const NewGame& game,
                       const VariantCatalog& catalog) {
  NewSession out;
  if (family.capabilities().hidden_information) {
    // An online game's set-up is the server's secret draw, or each player's
    // own arrangement: one given with the game (a FEN, or an arbiter's
    // record, which holds both sides' animals and settles a chosen set's
    // arrangements) is known to whoever wrote it, who would then play
    // against animals it placed itself.
    if (game.online && (game.record || game.fen)) {
      throw GameError(ErrorKind::kBadRequest, "secret_setup",
                      std::string("an online hidden-pieces game starts from a secret set-up: ") +
                          (game.record ? "a 'record' (an arbiter's record holds both sides' "
                                         "animals)"
                                       : "a 'fen'") +
                          " would show whoever wrote it the opponent's animals");
    }
    if (!game.record && game.moves_given) {
      throw GameError(ErrorKind::kBadRequest, "bad_field",
                      "a hidden-pieces game takes no 'moves': the arbiter announces each move "
                      "as it is tried");
    }
  }
  // Which game of a record text, and how many it holds: a file of several
  // games is never cut to its first without a word.
  int count = 0;
  if (game.record) out.from_record = Json{{"game", game.record_game}};
  if (game.record) {
    std::vector<game::RecordedGame> records = read_recorded_games(family, *game.record, catalog);
    count = int(records.size());
    require_record_game(game.record_game, records.size());
    out.game = session_of_record(family, std::move(records[size_t(game.record_game - 1)]),
                                 game.players, catalog);
  } else {
    out.game = GameSessionBase::create(0, game.variant, game.fen, game.players);
    // Moves after the start: a game continued from an earlier one keeps the
    // history that repetitions count.
    for (const std::string& move : game.moves) out.game->play_text(move);
  }
  if (game.record) out.from_record["games"] = count;
  return out;
}

std::unique_ptr<GameSessionBase> session_from_stored(const StoredGame& row,
                                                     const VariantCatalog& catalog,
                                                     int64_t max_movetime_ms) {
  if (!catalog.family_of(row.variant)) {
    throw GameError(ErrorKind::kServerFault, "damaged_game",
                    "stored game " + std::to_string(row.id) + " uses the rule set '" + row.variant +
                        "', which is not shipped");
  }
  return GameSessionBase::from_stored(row, max_movetime_ms);
}

Json record_games_json(std::string_view text, const VariantCatalog& catalog) {
  const game::Family& family = family_of_record_text(text, catalog);
  return recorded_games_json(read_recorded_games(family, text, catalog));
}

void require_shipped_variants(std::string_view text, const VariantCatalog& catalog) {
  // Every "[Variant" in the text, read as the record reader reads a tag
  // pair: [Name "value"] with \" and \\ escapes. Anything unclear is refused.
  const auto space = [&](size_t i) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    return i;
  };
  for (size_t open = text.find('['); open != std::string_view::npos;
       open = text.find('[', open + 1)) {
    size_t i = space(open + 1);
    size_t name_end = i;
    while (name_end < text.size() &&
           (std::isalnum(static_cast<unsigned char>(text[name_end])) || text[name_end] == '_'))
      ++name_end;
    if (text.substr(i, name_end - i) != "Variant") continue;
    i = space(name_end);
    std::string value;
    bool closed = false;
    if (i < text.size() && text[i] == '"') {
      for (++i; i < text.size() && text[i] != '\n'; ++i) {
        if (text[i] == '"') {
          closed = true;
          break;
        }
        if (text[i] == '\\' && i + 1 < text.size() && (text[i + 1] == '"' || text[i + 1] == '\\'))
          ++i;
        value += text[i];
      }
    }
    if (!closed)
      throw GameError(ErrorKind::kRefused, "bad_record",
                      "the record has a Variant tag that cannot be read");
    if (!catalog.family_of(value)) {
      throw GameError(ErrorKind::kRefused, "unknown_variant",
                      "the record's Variant \"" + value +
                          "\" is not one of the shipped rule sets this server plays");
    }
  }
}

}  // namespace jungle::web
