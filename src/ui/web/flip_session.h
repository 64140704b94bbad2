#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "flip/flip_position.h"
#include "ui/web/game_session.h"
#include "ui/web/game_store.h"
#include "ui/web/json_http.h"

// Flip Jungle games in the web app (docs/api.md, "Flip Jungle games"): a
// second kind of game beside GameSession, kept in the same store (variant
// name, start FEN and the plies as records write them, "b2?=L a1a2") and
// served on the same routes. What a flip reveals is drawn here, from the
// pool, with the server's random generator: a client only asks for a flip.

namespace jungle::web {

// The players are seats: `blue` is the first player, `red` the second. In a
// fixed-colour set the first player is Blue; in a first-flip set the first
// flip decides, so the first player may end up playing Red.
class FlipGameSession {
 public:
  // Throws ApiError 400 for a bad FEN.
  FlipGameSession(int64_t id, std::string variant, flip::FlipRulesPtr rules, const std::string& fen,
                  std::array<PlayerConfig, kSides> players);
  // Replays a stored game; throws ApiError 500 when it no longer replays.
  static std::unique_ptr<FlipGameSession> from_stored(const StoredGame& stored,
                                                      int64_t max_movetime_ms);
  // The first game of a flip record (its Variant a shipped flip set).
  // Throws ApiError 422 saying what is wrong.
  static std::unique_ptr<FlipGameSession> from_record_text(
      std::string_view text, std::array<PlayerConfig, kSides> players);

  std::mutex& mutex() const { return mutex_; }
  int64_t id() const { return id_; }
  void set_id(int64_t id) { id_ = id; }
  const std::string& variant() const { return variant_; }
  const flip::FlipPosition& position() const { return pos_; }
  int ply() const { return int(pos_.history().size()); }
  // Bumped by every change in memory (an engine answer for an older state is stale).
  uint64_t change_count() const { return changes_; }
  // The store's revision of this copy (GameStore::update).
  int64_t revision() const { return revision_; }
  void set_revision(int64_t revision) { revision_ = revision; }
  // 0 for the first player (the `blue` seat), 1 for the second.
  int seat_to_move() const;
  const PlayerConfig& player(int seat) const { return players_[size_t(seat)]; }
  void set_players(std::array<PlayerConfig, kSides> players);

  bool over() const;
  GameResult result() const;
  std::string termination() const;
  std::string result_message() const;

  // An action as the page sends it: "b2?" (the server draws what it
  // reveals) or "a1a2". Throws ApiError 422 for an illegal one.
  void play(std::string_view text, std::mt19937_64& chance);
  void play(flip::Action action, std::mt19937_64& chance);
  void undo(int plies);
  // The plies back to the last position where a person was to move; 0 when none.
  int plies_back_to_human() const;
  // Throws ApiError 422 before the first flip has given the players colours.
  void resign(Side side);

  Json to_json() const;
  StoredGame to_stored() const;
  std::string record_text() const;

  bool engine_thinking = false;
  bool detached = false;
  int64_t created_ms = 0;
  int64_t updated_ms = 0;

 private:
  int seat_of(const flip::FlipPosition& pos, Side side) const;
  void changed();

  int64_t id_;
  std::string variant_;
  flip::FlipPosition pos_;
  bool start_colours_known_ = true;
  std::array<PlayerConfig, kSides> players_;
  GameResult declared_ = GameResult::kOngoing;  // a resignation
  uint64_t changes_ = 0;
  int64_t revision_ = 0;
  mutable std::mutex mutex_;
};

// The flip games in memory, loaded from the store on first use. Ids of
// 7x9 games it has looked up are remembered, so that their requests do not
// read the store twice.
class FlipGames {
 public:
  FlipGames(GameStore& store, int64_t max_movetime_ms);
  // The flip game with this id, or null when the id is not a flip game's.
  std::shared_ptr<FlipGameSession> find(int64_t id);
  std::shared_ptr<FlipGameSession> add(std::unique_ptr<FlipGameSession> game);
  // Writes the game; call with its mutex held. Throws StoreError.
  void save(FlipGameSession& game);
  bool remove(int64_t id);
  // Drops the in-memory copy only; the next find() reloads the stored game.
  void forget(int64_t id);
  // What a flip reveals; lock it while drawing.
  std::mt19937_64& chance() { return chance_; }
  std::mutex& chance_mutex() { return chance_mutex_; }
  // Engine searches running now, to refuse more than the server can think.
  std::atomic<int> searches{0};

 private:
  GameStore& store_;
  const int64_t max_movetime_ms_;
  std::mutex mutex_;
  std::unordered_map<int64_t, std::shared_ptr<FlipGameSession>> games_;
  std::unordered_set<int64_t> not_flip_;
  std::mt19937_64 chance_;
  std::mutex chance_mutex_;
};

// The flip sets as GET /api/variants lists them, with `kind: "flip"`.
Json describe_flip_sets();

}  // namespace jungle::web
