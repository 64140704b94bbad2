#include "match/match_player.h"

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <utility>

#include "core/text_util.h"
#include "match/mistboard_engine.h"

namespace jungle::match {

namespace {

// What a builtin baseline that searches is given a move: the match's
// fixed budget (a clock gives none: the family's engine plans its own).
game::Limits per_move_of(const TimeControl& tc) {
  game::Limits l;
  if (tc.kind == TimeControl::Kind::kMoveTime) l.movetime_ms = tc.movetime_ms;
  if (tc.kind == TimeControl::Kind::kNodes) l.nodes = tc.nodes;
  if (tc.kind == TimeControl::Kind::kDepth) l.depth = tc.depth;
  return l;
}

}  // namespace

bool MatchPlayer::prepare(const MatchConfig& config, const std::string& variant_value,
                          Incident* incident, std::string* reason) {
  if (speaks_gtp()) {
    gtp_.index = index_;
    gtp_.spec = spec_;
    return gtp_.prepare(config, config.tc_of(index_), incident, reason);
  }
  if (speaks_mistboard()) {
    try {
      check_mistboard_variant(config.variant);
    } catch (const std::exception& e) {
      *incident = Incident::kStartFailure;
      *reason = spec_->name + ": " + config.variant + ": " + e.what();
      return false;
    }
  }
  if (!in_process()) {
    uci_.index = index_;
    uci_.spec = spec_;
    return uci_.prepare(config, variant_value, incident, reason);
  }
  try {
    if (!local_.engine) {
      // Each engine's baselines get their own generator, apart from chance's.
      const uint64_t seed = config.seed ^ (0x9e3779b97f4a7c15ULL * uint64_t(index_ + 1));
      local_ = spec_->make ? spec_->make()
                           : game::make_builtin_engine(variant_value, spec_->builtin, seed,
                                                       per_move_of(config.tc_of(index_)));
      for (const auto& [option, value] : spec_->options) local_.engine->set_option(option, value);
    }
    local_.engine->new_game();
  } catch (const std::exception& e) {
    local_ = {};
    *incident = Incident::kStartFailure;
    *reason = spec_->name + ": " + e.what();
    return false;
  }
  return true;
}

void MatchPlayer::show_truth(const game::State& state) {
  if (!local_.truth) return;
  local_.truth->state = &state;
  ++local_.truth->game;
}

std::string MatchPlayer::choose_setup(Side side) {
  return in_process() && local_.engine ? local_.engine->choose_setup(side) : std::string();
}

Reply MatchPlayer::ask(const game::Observation& observation, const std::string& go,
                       const game::Limits& limits, int64_t deadline_ms) {
  if (in_process()) return ask_local(observation, limits, deadline_ms);
  Reply reply;
  if (speaks_gtp()) {
    GtpMove move = gtp_.ask(observation, limits, deadline_ms);
    reply.read = move.read;
    reply.action = std::move(move.action);
    reply.crash = std::move(move.crash);
    return reply;
  }
  if (speaks_mistboard()) {
    try {
      uci_.proc.write_line(mistboard_position_command(observation));
    } catch (const std::exception& e) {
      // The arbiter's own position: only a rule-set file changed under it.
      reply.read = EngineProcess::ReadResult::kEof;
      reply.crash = std::string("cannot write the position in mistboard's notation: ") + e.what();
      return reply;
    }
  } else {
    uci_.proc.write_line("position " + observation.position);
  }
  uci_.proc.write_line(go);
  std::string answer;
  reply.read = uci_.wait_for("bestmove", deadline_ms, &answer, &reply.score);
  if (reply.read == EngineProcess::ReadResult::kEof) {
    reply.crash = uci_.proc.exit_description();
    uci_.proc.kill();
    uci_.ready = false;
  }
  const std::vector<std::string> words = split(answer);
  if (words.size() > 1)
    reply.action =
        speaks_mistboard() ? move_from_mistboard(observation.variant, words[1]) : words[1];
  return reply;
}

Reply MatchPlayer::ask_local(const game::Observation& observation, const game::Limits& limits,
                             int64_t deadline_ms) {
  struct Shared {
    std::mutex mutex;
    std::condition_variable answered;
    bool done = false;
    game::Answer answer;
    ScoreReport score;
  };
  const auto shared = std::make_shared<Shared>();
  Reply reply;
  game::Engine& engine = *local_.engine;
  try {
    engine.go(
        observation, limits,
        [shared](const game::SearchInfo& info) {
          if (info.multipv != 1) return;
          std::lock_guard<std::mutex> lock(shared->mutex);
          parse_info("info depth " + std::to_string(info.depth) + " score " + info.score.uci_text(),
                     shared->score);
        },
        [shared](const game::Answer& answer) {
          std::lock_guard<std::mutex> lock(shared->mutex);
          shared->answer = answer;
          shared->done = true;
          shared->answered.notify_all();
        });
  } catch (const std::exception& e) {
    reply.read = EngineProcess::ReadResult::kEof;
    reply.crash = std::string("refused the position: ") + e.what();
    return reply;
  }
  bool in_time = false;
  {
    std::unique_lock<std::mutex> lock(shared->mutex);
    in_time = shared->answered.wait_for(lock, std::chrono::milliseconds(deadline_ms),
                                        [&] { return shared->done; });
  }
  if (!in_time) engine.stop();
  engine.wait();
  if (!in_time) {
    reply.read = EngineProcess::ReadResult::kTimeout;
    return reply;
  }
  std::lock_guard<std::mutex> lock(shared->mutex);
  reply.action = shared->answer.action;
  reply.score = shared->score;
  if (reply.action.empty() && !shared->answer.warnings.empty()) {
    reply.read = EngineProcess::ReadResult::kEof;
    reply.crash = "failed: " + shared->answer.warnings.front();
  }
  return reply;
}

void MatchPlayer::resynchronise(int64_t grace_ms) {
  if (in_process()) return;  // ask_local stopped it and waited for its answer
  if (speaks_gtp()) {
    // GTP has no `stop`: a late answer would fall into the next game.
    gtp_.proc.kill();
    gtp_.ready = false;
    return;
  }
  uci_.proc.write_line("stop");
  if (uci_.wait_for("bestmove", grace_ms) != EngineProcess::ReadResult::kLine) {
    uci_.proc.kill();
    uci_.ready = false;
  }
}

void MatchPlayer::shut() {
  if (in_process()) {
    if (local_.engine) {
      local_.engine->stop();
      local_.engine->wait();
    }
    local_ = {};
    return;
  }
  if (speaks_gtp()) {
    if (gtp_.proc.running()) gtp_.proc.write_line("quit");
    gtp_.proc.stop();
    return;
  }
  uci_.proc.stop();
}

}  // namespace jungle::match
