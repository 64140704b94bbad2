#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/random_bits.h"
#include "game/family.h"
#include "game/state.h"
#include "hidden/hidden_game.h"
#include "hidden/hidden_record.h"
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
// set-up phase: each player arranges its own animals on its start squares
// (a random arrangement until it does) and says it is ready; the first move
// waits for both.

namespace jungle::web {

class VariantCatalog;

class HiddenGameSession : public GameSessionBase {
 public:
  // A game of the hidden family's `state` (Family::new_state or
  // read_records), which it owns from then on; `ready` says which sides have
  // settled their arrangement (a chosen set-up waits for both).
  HiddenGameSession(int64_t id, std::unique_ptr<game::State> state, RuleSetPtr rules,
                    std::array<bool, kSides> ready, std::array<PlayerConfig, kSides> players);
  // A new game of a hidden rule set: its set-up as the `setup` option says
  // (drawn with `rng`), or the position `fen` when one is given (everything
  // in it is known to whoever wrote it). An engine's arrangement is settled
  // from the start. Throws GameError kRefused for a bad FEN.
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
  // Every announcement is one step of the game, a refused try included (the
  // same side then moves again), so that each reaches the players.
  int ply() const override { return int(state_->actions().size()); }
  // The clocks run once both arrangements are settled.
  bool clocks_may_run() const override { return set_up(); }

  // ---- the set-up phase ----
  HiddenSetup setup_mode() const { return rules_->rules().hidden_setup; }
  bool ready(Side side) const override { return ready_[side]; }
  // Both arrangements settled: the game may begin.
  bool set_up() const override { return ready_[kBlue] && ready_[kRed]; }
  // The side's arrangement now.
  hidden::Arrangement arrangement(Side side) const;
  // Arranges `side`'s animals (parse_arrangement's text: a placement, or
  // "a1=L g1=T ..."), or at random when `text` is empty. Throws GameError
  // kRefused when the set-up is not the player's to choose, is settled, or
  // the arrangement is not one of its animals on its start squares.
  void arrange(Side side, std::string_view text, RandomBits rng) override;
  // Settles `side`'s arrangement.
  void settle(Side side) override;

  // What `viewer` knows now, read from its game::Observation alone.
  hidden::PlayerView view_of(hidden::Viewer viewer) const;

  // The review is the base's, once the game is over: each try judged from
  // its mover's own view at the time, every try valued (what an attack
  // would show is not known before it is tried).

 protected:
  // A try as the page writes it ("e3e4"): play, or GameError kBadRequest
  // when it is not written like a move.
  void play_action(std::string_view text) override;
  void add_stored_play(StoredGame& row) const override;

 private:
  // A try. Throws GameError kRefused (the reason in the mover's own terms);
  // kConflict during set-up.
  void play(Move m);
  // Starts the game again from the set-up `start` (the truth).
  void rebuild(const Position& start);
  // The secret set-up and the board now, every animal shown: only for the
  // store, the arbiter's record and a game that is over.
  Position truth_start() const;
  Position truth() const;
  RuleSetPtr rules_;
  std::array<bool, kSides> ready_{};
};

}  // namespace jungle::web
