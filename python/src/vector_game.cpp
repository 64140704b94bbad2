#include "vector_game.h"

#include <algorithm>
#include <exception>
#include <stdexcept>
#include <thread>

#include "game/hidden_observation.h"
#include "hidden/observation.h"
#include "planes.h"

namespace jungle::python {

VectorGame::VectorGame(std::shared_ptr<const PyGame> game, int n, uint64_t seed, int max_steps,
                       bool fast, int threads)
    : game_(std::move(game)),
      max_steps_(max_steps),
      fast_(fast && game_->board().kind == BoardKind::kOpen),
      threads_(std::min(threads, n)) {
  if (threads < 1) {
    throw std::invalid_argument("threads must be at least 1, not " + std::to_string(threads));
  }
  if (n < 1) {
    throw std::invalid_argument("VectorGame needs at least one game, not " + std::to_string(n));
  }
  if (max_steps < 1) throw std::invalid_argument("max_steps must be at least 1");
  if (fast_) start_.emplace(game_->board().rules);
  envs_.resize(size_t(n));
  // Each game its own generator, from the seed and its index, so that game
  // i draws the same whatever n is.
  for (size_t i = 0; i < envs_.size(); ++i) {
    std::seed_seq seq{uint32_t(seed), uint32_t(seed >> 32), uint32_t(i), uint32_t(i >> 32)};
    envs_[i].rng.seed(seq);
  }
}

bool VectorGame::over(const Env& env) const {
  return fast_ ? env.result != GameResult::kOngoing : env.state->over();
}

void VectorGame::refresh_legal(Env& env) {
  env.codes.clear();
  if (fast_) {
    // game_result's work (movegen.h), keeping the moves it would count: the
    // game's state first, then the moves, then the rules' verdict when
    // there are none.
    env.result = env.pos->terminal_state();
    env.moves = env.result == GameResult::kOngoing ? generate_moves(*env.pos) : MoveList();
    if (env.result == GameResult::kOngoing && env.moves.empty()) env.result = game_result(*env.pos);
    for (Move m : env.moves) env.codes.push_back(game_->codec().encode_move(m.from(), m.to()));
    return;
  }
  env.legal = env.state->legal_actions();
  for (const std::string& t : env.legal) env.codes.push_back(game_->codec().encode(t));
}

void VectorGame::settle(Env& env) {
  while (!fast_ && env.state->actor().is_chance()) {
    const std::vector<game::ChanceOutcome> outcomes = env.state->chance_outcomes();
    double u = std::uniform_real_distribution<double>(0.0, 1.0)(env.rng);
    size_t pick = outcomes.size() - 1;
    for (size_t k = 0; k < outcomes.size(); ++k) {
      if (u < outcomes[k].probability) {
        pick = k;
        break;
      }
      u -= outcomes[k].probability;
    }
    env.state->apply(outcomes[pick].action);
  }
  refresh_legal(env);
}

void VectorGame::restart(Env& env) {
  env.steps = 0;
  if (fast_) {
    env.pos = *start_;
    env.played.clear();
  } else {
    env.state = game_->family().new_state(game_->variant(), "", env.rng);
  }
  settle(env);
  if (game_->board().kind == BoardKind::kHidden) make_views(env);
}

void VectorGame::make_views(Env& env) const {
  env.views.clear();
  for (Side side : {kBlue, kRed}) {
    env.views.push_back(game::hidden_view_of(game_->board().rules,
                                             env.state->observe(game::Viewer(side)).position));
  }
}

void VectorGame::follow_views(Env& env, Side mover, const std::string& said) const {
  const std::optional<hidden::Observation> o =
      hidden::parse_observation(said, mover, game_->board().geometry, nullptr, nullptr);
  // The state's own announcement reads back; should it ever not, the views
  // are made again from the observations rather than left behind.
  if (!o) return make_views(env);
  try {
    for (hidden::PlayerView& view : env.views) view.apply(*o);
  } catch (const hidden::ViewError&) {
    make_views(env);
  }
}

void VectorGame::write(size_t i, const VectorBuffers& out) const {
  const Env& env = envs_[i];
  const int actions = game_->codec().num_distinct_actions();
  uint8_t* mask = out.masks + i * size_t(actions);
  std::fill(mask, mask + actions, uint8_t(0));
  for (int c : env.codes) mask[c] = 1;
  float* planes =
      out.observations ? out.observations + i * size_t(game_->board().size(false)) : nullptr;
  if (fast_) {
    const Side mover = env.pos->side_to_move();
    out.players[i] = int32_t(mover);
    if (planes) open_planes(game_->board(), *env.pos, mover, true, planes);
    return;
  }
  const game::Actor actor = env.state->actor();
  out.players[i] = int32_t(player_of(actor));
  if (planes && game_->board().kind == BoardKind::kFlip) {
    // Nothing in Flip Jungle is private, so the arbiter's FEN (face-down
    // tiles as such, the pool) is what each viewer sees; reading it spares
    // replaying the game's position text at every step.
    std::fill(planes, planes + game_->board().size(false), 0.0f);
    flip_board_planes(game_->board(),
                      flip::FlipPosition(game_->board().flip_rules, env.state->fen()), kNoSquare,
                      planes);
    actor_planes(game_->board(), actor.side, false, actor.side, planes);
    return;
  }
  if (planes && game_->board().kind == BoardKind::kHidden && actor.is_side()) {
    std::fill(planes, planes + game_->board().size(false), 0.0f);
    hidden_view_planes(game_->board(), env.views[actor.side], game::Viewer(actor.side), false,
                       planes);
    actor_planes(game_->board(), actor.side, false, actor.side, planes);
    return;
  }
  if (planes) {
    const game::Viewer viewer = actor.is_side() ? game::Viewer(actor.side) : std::nullopt;
    observation_planes(game_->board(), env.state->observe(viewer),
                       turning_square(*game_, *env.state), false, planes);
  }
}

template <class Work>
void VectorGame::for_each_game(const Work& work) {
  const size_t n = envs_.size();
  if (threads_ <= 1) {
    for (size_t i = 0; i < n; ++i) work(i);
    return;
  }
  std::vector<std::thread> pool;
  std::vector<std::exception_ptr> errors(static_cast<size_t>(threads_));
  for (size_t t = 0; t < size_t(threads_); ++t) {
    pool.emplace_back([&, t] {
      try {
        for (size_t i = n * t / size_t(threads_); i < n * (t + 1) / size_t(threads_); ++i) work(i);
      } catch (...) {
        errors[t] = std::current_exception();
      }
    });
  }
  for (std::thread& thread : pool) thread.join();
  for (const std::exception_ptr& e : errors) {
    if (e) std::rethrow_exception(e);
  }
}

void VectorGame::reset(const VectorBuffers& out) {
  for_each_game([&](size_t i) {
    restart(envs_[i]);
    out.rewards[2 * i] = out.rewards[2 * i + 1] = 0;
    out.terminated[i] = out.truncated[i] = false;
    write(i, out);
  });
}

void VectorGame::step(const int64_t* actions, const VectorBuffers& out) {
  // Every action is checked before any is played.
  std::vector<size_t> picks(envs_.size());
  for (size_t i = 0; i < envs_.size(); ++i) {
    const std::vector<int>& codes = envs_[i].codes;
    const int64_t a = actions[i];
    const auto found = std::find(codes.begin(), codes.end(), a);
    if (found == codes.end()) {
      const int n = game_->codec().num_distinct_actions();
      const std::string what =
          a >= 0 && a < n ? game_->codec().describe(int(a)) : "outside 0.." + std::to_string(n - 1);
      throw game::ActionError("game " + std::to_string(i) + ": action " + std::to_string(a) + " (" +
                              what + ") is not legal there; no game was stepped");
    }
    picks[i] = size_t(found - codes.begin());
  }
  for_each_game([&](size_t i) { step_one(i, int64_t(picks[i]), out); });
}

void VectorGame::step_one(size_t i, int64_t pick, const VectorBuffers& out) {
  Env& env = envs_[i];
  if (fast_) {
    env.pos->do_move(env.moves[int(pick)]);
    env.played.push_back(env.moves[int(pick)]);
    refresh_legal(env);
  } else {
    const game::Actor mover = env.state->actor();
    const std::string said = env.state->apply(env.legal[size_t(pick)]);
    settle(env);
    if (game_->board().kind == BoardKind::kHidden) follow_views(env, mover.side, said);
  }
  ++env.steps;
  const bool ended = over(env);
  float blue = 0, red = 0;
  if (ended) {
    const GameResult r = fast_ ? env.result : env.state->result();
    if (r == GameResult::kBlueWins) blue = 1, red = -1;
    if (r == GameResult::kRedWins) blue = -1, red = 1;
  }
  out.rewards[2 * i] = blue;
  out.rewards[2 * i + 1] = red;
  out.terminated[i] = ended;
  out.truncated[i] = !ended && env.steps >= max_steps_;
  if (ended || out.truncated[i]) restart(env);
  write(i, out);
}

std::unique_ptr<game::State> VectorGame::state(size_t i) const {
  const Env& env = envs_.at(i);
  if (!fast_) return env.state->clone();
  std::mt19937_64 unused;  // the open game draws nothing
  std::unique_ptr<game::State> s = game_->family().new_state(game_->variant(), "", unused);
  for (Move m : env.played) s->apply(game_->codec().geometry().move_text(m));
  return s;
}

void VectorGame::sample_actions(int64_t* actions) {
  for (size_t i = 0; i < envs_.size(); ++i) {
    Env& env = envs_[i];
    const size_t k = std::uniform_int_distribution<size_t>(0, env.codes.size() - 1)(env.rng);
    actions[i] = env.codes[k];
  }
}

}  // namespace jungle::python
