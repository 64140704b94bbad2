#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/random_bits.h"
#include "game/family.h"
#include "game/state.h"
#include "hidden/hidden_game.h"
#include "hidden/hidden_record.h"
#include "hidden/player_view.h"
#include "hidden/setup.h"
#include "web/games/game_session_base.h"
#include "web/store/game_store.h"

// Hidden-piece games in the web app (docs/api.md, "Hidden pieces"): the
// arbiter, the hidden family's game::State, holds the truth on the server,
// and every answer, event and record is made from one player's view (or a
// spectator's) of it, read from that viewer's game::Observation; the truth
// goes out only once the game is over. A
// kind of game beside GameSession and the base session (Flip Jungle's), kept in the
// same store: the row's start FEN is the secret set-up and its moves the
// arbiter's announcements ("e3e4:took=Tw"), so that a restart resumes the
// game, set-up included. With `setup = "chosen"` the game begins with a
// set-up phase, the base's (GameSessionBase::arrange, settle): each player
// arranges its own animals on its start squares (a random arrangement until
// it does) and says it is ready; the first move waits for both.

namespace jungle::web {

class VariantCatalog;

class HiddenGameSession : public GameSessionBase {
 public:
  // A game of the hidden family's `state` (Family::new_state or
  // read_records), which it owns from then on; `ready` says which sides have
  // settled their arrangement (a chosen set-up waits for both: the base
  // holds it, GameSessionBase::hold_setup).
  HiddenGameSession(int64_t id, std::unique_ptr<game::State> state, RuleSetPtr rules,
                    std::array<bool, kSides> ready, std::array<PlayerConfig, kSides> players);
  // A new game of a hidden rule set: its set-up as the base's new_start
  // makes it (drawn with `rng`; an engine's arrangement settled from the
  // start), or the position `fen` when one is given (everything in it is
  // known to whoever wrote it). Throws GameError kRefused for a bad FEN.
  static std::unique_ptr<HiddenGameSession> create(const std::string& variant, RuleSetPtr rules,
                                                   const std::optional<std::string>& fen,
                                                   std::array<PlayerConfig, kSides> players,
                                                   RandomBits rng);
  // Replays a stored game, each announcement checked against the arbiter's;
  // throws GameError kServerFault when it no longer replays.
  static std::unique_ptr<HiddenGameSession> from_stored(const StoredGame& stored,
                                                        const VariantCatalog& catalog,
                                                        int64_t max_movetime_ms);
  const RuleSetPtr& rules() const { return rules_; }
  // The side's arrangement now, read from the arbiter's start (the set-up
  // itself is the base's, GameSessionBase::arrange: this is for the tests
  // that compare it with hidden/setup.h's arrangements).
  hidden::Arrangement arrangement(Side side) const;

  // The review is the base's, once the game is over: each try judged from
  // its mover's own view at the time, every try valued (what an attack
  // would show is not known before it is tried).

 protected:
  // A try as the page writes it ("e3e4"): play, or GameError kBadRequest
  // when it is not written like a move.
  void play_action(std::string_view text) override;
  void add_stored_play(StoredGame& row) const override;

 private:
  // A try. Throws GameError kRefused (the reason in the mover's own terms).
  void play(Move m);
  // What `viewer` knows now, read from its game::Observation alone: the
  // hidden family's reading of it (hidden::PlayerView), which explains a
  // refused try in the mover's own terms ("b5a5: Rat in the water cannot
  // attack ...", the API's form; the state's own refusal words it "'b5a5'
  // may not be tried: ...") and lists the announcements the store keeps.
  hidden::PlayerView view_of(hidden::Viewer viewer) const;
  RuleSetPtr rules_;
};

}  // namespace jungle::web
