#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/secure_random.h"
#include "flip/flip_position.h"
#include "flip/flip_record.h"
#include "game/family.h"
#include "game/state.h"
#include "web/games/game_session_base.h"
#include "web/store/game_store.h"

// Flip Jungle games in the web app (docs/api.md, "Flip Jungle games"): a
// second kind of game beside GameSession, kept in the same store (variant
// name, start FEN and the plies as records write them, "b2?=L a1a2") and
// served on the same routes. The game is the flip family's game::State: a
// flip is the side's action ("b2?") and then chance's ("b2?=L"), which is
// drawn here, with the operating system's cryptographic generator, from the
// outcomes the state offers: a client only asks for a flip, and nobody can
// tell a draw before it is made.

namespace jungle::web {

// The players are seats: `blue` is the first player, `red` the second. In a
// fixed-colour set the first player is Blue; in a first-flip set the first
// flip decides, so the first player may end up playing Red. What a flip
// reveals is drawn from the pool with SecureRandom when the flip is played
// (never from a seeded generator: one seeded with a 32-bit value was found
// from a game's first flips, and told every later one).
class FlipGameSession : public GameSessionBase {
 public:
  // A game of the flip family's `state` (Family::new_state or read_records),
  // which it owns from then on.
  FlipGameSession(int64_t id, std::unique_ptr<game::State> state,
                  std::array<PlayerConfig, kSides> players);
  // A new game of the shipped flip set `variant` from `fen` ("" for the set's
  // start). Throws GameError kRefused for a bad FEN.
  static std::unique_ptr<FlipGameSession> create(int64_t id, const std::string& variant,
                                                 const std::string& fen,
                                                 std::array<PlayerConfig, kSides> players);
  // Replays a stored game; throws GameError kServerFault when it no longer replays.
  static std::unique_ptr<FlipGameSession> from_stored(const StoredGame& stored,
                                                      int64_t max_movetime_ms);
  // Whether `name` is a shipped flip set's.
  static bool is_flip_set(std::string_view name);

  // The game as every viewer sees it (nothing of Flip Jungle is private):
  // the flip position read from the state's observation.
  flip::FlipPosition position() const;
  // The position after the first `ply` plies (0..ply()): a tile flipped
  // later is face down there again, its animal back in the pool.
  flip::FlipPosition position_at(int ply) const;

  // The review (the base's, every action valued before each ply) values a
  // flip over the pool, never by what it happened to reveal: the luck of
  // the draw is nobody's mistake.

 protected:
  // An action as the page sends it: "b2?" (the server draws what it
  // reveals) or "a1a2". Throws GameError kRefused for an illegal one.
  void play_action(std::string_view text) override;
  void add_stored_play(StoredGame& row) const override;
  // A reviewed ply's value and judgement.
  std::vector<std::string> record_comments() const override;

 private:
  // Whether the result is a declared one (a resignation, a flag, an
  // agreement), which the store keeps apart from the board's.
  bool declared(const flip::FlipPosition& now) const;
  flip::FlipRulesPtr rules_;
  SecureRandom chance_;
};

// The flip sets as GET /api/variants lists them, with `kind: "flip"`.
Json describe_flip_sets();

}  // namespace jungle::web
