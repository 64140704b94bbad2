#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "core/movegen.h"
#include "core/position.h"
#include "game/state.h"
#include "hidden/player_view.h"
#include "py_game.h"

// N games stepped together (jungle.VectorGame, docs/python.md): actions in,
// and out the observations of the side to act, legal-action masks,
// rewards, terminated and truncated, into buffers the caller owns (numpy
// arrays, written in place). A game that ends starts again at once; chance
// (a flip's outcome, a hidden game's set-up) is drawn inside from the seed.
// The open game is played on core's Position directly (the fast path);
// every family, the open game too when asked, through game::State.

namespace jungle::python {

struct VectorBuffers {
  float* observations = nullptr;  // n x observation size, or null: none wanted
  uint8_t* masks = nullptr;       // n x num_distinct_actions
  float* rewards = nullptr;       // n x 2
  bool* terminated = nullptr;     // n
  bool* truncated = nullptr;      // n
  int32_t* players = nullptr;     // n: the side to act, 0 or 1
};

class VectorGame {
 public:
  // `threads` split the games between them at each step (1: the caller's
  // thread only); each game draws from its own generator, so the games
  // played are the same whatever the number of threads.
  VectorGame(std::shared_ptr<const PyGame> game, int n, uint64_t seed, int max_steps, bool fast,
             int threads = 1);

  int size() const { return int(envs_.size()); }
  int max_steps() const { return max_steps_; }
  bool fast() const { return fast_; }
  int threads() const { return threads_; }
  const PyGame& game() const { return *game_; }

  // Starts every game again and writes the first observations, masks and
  // players (rewards and flags zeroed).
  void reset(const VectorBuffers& out);
  // Plays actions[i] in game i. Every action is checked first: an illegal
  // one throws ActionError naming the game and the action, playing none.
  void step(const int64_t* actions, const VectorBuffers& out);
  // A legal action of each game, uniformly at random (the games' seeded generators).
  void sample_actions(int64_t* actions);
  // A copy of game i as it stands, as a game::State.
  std::unique_ptr<game::State> state(size_t i) const;

 private:
  struct Env {
    std::mt19937_64 rng;
    // The fast path.
    std::optional<Position> pos;
    std::vector<Move> played;  // since the start, for state()
    MoveList moves;
    GameResult result = GameResult::kOngoing;
    // The general path.
    std::unique_ptr<game::State> state;
    std::vector<std::string> legal;
    std::vector<int> codes;  // the legal integers, in the order of moves or legal
    // A hidden game: each side's view (index: the side), kept up to date
    // from the announcements as a player keeps its own, since rebuilding a
    // view from its observation replays the whole game at every step.
    std::vector<hidden::PlayerView> views;
    int steps = 0;
  };

  void restart(Env& env);
  void settle(Env& env);  // chance acts until a side is to act or it is over
  void refresh_legal(Env& env);
  // A hidden game's views: made from each side's observation, or moved on
  // by the announcement `said` that `mover`'s action drew.
  void make_views(Env& env) const;
  void follow_views(Env& env, Side mover, const std::string& said) const;
  void write(size_t i, const VectorBuffers& out) const;
  bool over(const Env& env) const;
  void step_one(size_t i, int64_t action_index, const VectorBuffers& out);
  // Runs work(i) for every game, split between the threads.
  template <class Work>
  void for_each_game(const Work& work);

  std::shared_ptr<const PyGame> game_;
  std::vector<Env> envs_;
  int max_steps_;
  bool fast_;
  int threads_;
  std::optional<Position> start_;
};

}  // namespace jungle::python
