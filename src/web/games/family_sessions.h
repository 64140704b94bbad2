#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "game/family.h"
#include "web/games/game_session_base.h"
#include "web/games/variant_catalog.h"

// The sessions of every family, made in one place: one session type
// (GameSessionBase) holds any family's game over game::State, made from a
// rule set, a position, moves, a record (read by the family's own record
// reader) or a stored row. The routes and the service ask for a session
// here, and ask the session what its game can do, so that nothing in the
// server tells the families apart.

namespace jungle::web {

// What a new game starts from: a shipped set's start, a position, a record.
struct NewGame {
  std::string variant = "standard";
  // A record text to play on, and which of its games (1-based).
  std::optional<std::string> record;
  int record_game = 1;
  std::optional<std::string> fen;
  std::vector<std::string> moves;  // played after the start
  bool moves_given = false;        // whether the request named moves at all
  bool online = false;
  std::array<PlayerConfig, kSides> players;
};

struct NewSession {
  std::unique_ptr<GameSessionBase> game;
  // For a game read from a record: {"game": which, "games": how many}.
  Json from_record;
};

// The family of what `game` starts from: the record's, else the variant's
// (a shipped set's only). Throws GameError kBadRequest for an unknown set.
const game::Family& family_of_new_game(const NewGame& game, const VariantCatalog& catalog);

// A new game of `family`. Where the players know different things, a game
// starts from a secret set-up: an online one from no position or record
// (whoever wrote it would know the enemy's animals), and no game from moves
// (the arbiter announces each move as it is tried). A chance the game starts
// with is drawn from the system's cryptographic source. Throws GameError.
NewSession new_session(const game::Family& family, const NewGame& game,
                       const VariantCatalog& catalog);

// A stored game read back. Throws GameError kServerFault when it no longer
// replays.
std::unique_ptr<GameSessionBase> session_from_stored(const StoredGame& row,
                                                     const VariantCatalog& catalog,
                                                     int64_t max_movetime_ms);

// GameError kRefused unless every Variant tag of a record text names a
// shipped rule set: the record readers would otherwise load a rule-set file
// from any path the text names.
void require_shipped_variants(std::string_view text, const VariantCatalog& catalog);

// The games of a record text as the load dialog lists them, of any family.
// Throws GameError kRefused saying what is wrong.
Json record_games_json(std::string_view text, const VariantCatalog& catalog);

}  // namespace jungle::web
