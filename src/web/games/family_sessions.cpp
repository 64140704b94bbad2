#include "web/games/family_sessions.h"

#include "core/secure_random.h"
#include "game/families.h"
#include "web/games/flip_session.h"
#include "web/games/game_session.h"
#include "web/games/hidden_session.h"

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

// A record's family: its first Variant's, the open game's when that names
// no shipped set (its reader then says what is wrong with the record).
const game::Family& family_of_record_text(std::string_view text, const VariantCatalog& catalog) {
  const game::Family* f = catalog.family_of(first_variant_tag(text));
  return f ? *f : game::open_family();
}

bool is(const game::Family& family, const game::Family& other) {
  return &family == &other;
}

}  // namespace

const game::Family& family_of_new_game(const NewGame& game, const VariantCatalog& catalog) {
  if (game.record) return family_of_record_text(*game.record, catalog);
  if (const game::Family* f = catalog.family_of(game.variant)) return *f;
  catalog.get(game.variant);  // throws, naming the shipped sets
  return game::open_family();
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
  if (is(family, game::hidden_family())) {
    if (game.record) {
      out.game = HiddenGameSession::from_record_text(*game.record, catalog, game.players,
                                                     game.record_game, &count);
    } else {
      // The secret set-up: what nobody may know before the animals meet.
      SecureRandom chance;
      out.game = HiddenGameSession::create(game.variant, catalog.get(game.variant), game.fen,
                                           game.players, chance);
    }
  } else if (is(family, game::flip_family())) {
    if (game.record) {
      out.game =
          FlipGameSession::from_record_text(*game.record, game.players, game.record_game, &count);
    } else {
      out.game = FlipGameSession::create(0, game.variant, game.fen.value_or(""), game.players);
    }
  } else if (game.record) {
    out.game = GameSession::from_record_text(*game.record, catalog, game.players, game.record_game,
                                             &count);
  } else {
    RuleSetPtr rules = catalog.get(game.variant);
    auto open = std::make_unique<GameSession>(
        0, game.variant, rules, game.fen.value_or(rules->rules().start_fen), game.players);
    // Moves after the start: a game continued from an earlier one keeps the
    // history that repetitions count.
    for (const std::string& move : game.moves) open->play_text(move);
    out.game = std::move(open);
  }
  if (game.record) out.from_record["games"] = count;
  return out;
}

std::unique_ptr<GameSessionBase> session_from_stored(const StoredGame& row,
                                                     const VariantCatalog& catalog,
                                                     int64_t max_movetime_ms) {
  const game::Family* family = catalog.family_of(row.variant);
  if (family && is(*family, game::flip_family())) {
    return FlipGameSession::from_stored(row, max_movetime_ms);
  }
  if (family && is(*family, game::hidden_family())) {
    return HiddenGameSession::from_stored(row, catalog, max_movetime_ms);
  }
  // The open game's, or a set no longer shipped, which its reader refuses.
  return GameSession::from_stored(row, catalog, max_movetime_ms);
}

Json record_games_json(std::string_view text, const VariantCatalog& catalog) {
  const game::Family& family = family_of_record_text(text, catalog);
  if (is(family, game::hidden_family())) {
    require_shipped_variants(text, catalog);
    return HiddenGameSession::record_games_json(text);
  }
  if (is(family, game::flip_family())) return FlipGameSession::record_games_json(text);
  return GameSession::record_games_json(text, catalog);
}

}  // namespace jungle::web
