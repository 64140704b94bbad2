#include "ui/web/flip_review.h"

#include <algorithm>
#include <cmath>

#include "flip/flip_search.h"
#include "ui/web/engine_search.h"
#include "ui/web/flip_help.h"
#include "ui/web/game_review.h"

namespace jungle::web {

namespace {

// The position before ply `index` (0-based) of `last`'s history.
flip::FlipPosition position_before(const flip::FlipPosition& last, size_t index) {
  flip::FlipPosition p = last;
  while (p.history().size() > index) p.undo();
  return p;
}

}  // namespace

void FlipReviews::start(const FlipGameSession& game, int64_t movetime_ms, const std::string& client,
                        const std::string& address) {
  auto job = std::make_shared<Job>(game.position(), game.id(), movetime_ms, client, address);
  const bool opened = jobs_.open(job, [&job](ReviewJob& review) {
    const Job& current = static_cast<const Job&>(review);
    if (current.plies != job->plies) return false;
    if (current.state == Job::State::kRunning || current.state == Job::State::kDone) return true;
    // Resumes a review that stopped where it stopped.
    job->findings = current.findings;
    return false;
  });
  if (!opened) return;
  advance(job);
  jobs_.throw_if_refused(*job);
}

void FlipReviews::advance(const std::shared_ptr<Job>& job) {
  size_t index = 0;
  {
    const auto lock = jobs_.lock();
    if (job->state != Job::State::kRunning) return;
    while (index < job->findings.size() && job->findings[index]) ++index;
  }
  if (index == job->findings.size()) {
    jobs_.finish(job, Job::State::kDone);
    return;
  }
  // Every action of the position valued exactly, the one played among them.
  auto pos = std::make_shared<flip::FlipPosition>(position_before(job->last, index));
  const flip::Action played = job->plies[index].action;
  auto searcher = std::make_shared<std::unique_ptr<flip::FlipSearcher>>();
  auto search_mutex = std::make_shared<std::mutex>();
  auto stopped = std::make_shared<bool>(false);
  auto found = std::make_shared<std::optional<Finding>>();
  EngineJob search;
  search.kind = EngineJob::Kind::kAnalysis;
  search.limits.movetime_ms = job->movetime_ms;
  search.client = job->client;
  search.address = job->address;
  search.run = [pos, played, searcher, search_mutex, stopped, found](const SearchLimits& limits) {
    flip::FlipSearcher* s = nullptr;
    {
      std::lock_guard lock(*search_mutex);
      *searcher = std::make_unique<flip::FlipSearcher>();
      s = searcher->get();
      if (*stopped) s->stop();
    }
    flip::FlipLimits l;
    l.depth = limits.depth;
    l.movetime_ms = int(limits.movetime_ms);
    l.lines = pos->legal_actions().size;
    const flip::FlipSearchResult r = s->search(*pos, l);
    {
      std::lock_guard lock(*search_mutex);
      searcher->reset();
    }
    if (!r.has_move || r.lines.empty()) return;
    Finding f;
    f.best = flip::action_text(r.best);
    f.best_score = r.score;
    f.depth = r.depth;
    // The played action among the lines (every legal one is there).
    f.played_score = r.score;
    for (const flip::FlipLine& line : r.lines) {
      if (line.action == played) f.played_score = line.score;
    }
    *found = f;
  };
  search.stop = [searcher, search_mutex, stopped] {
    std::lock_guard lock(*search_mutex);
    *stopped = true;
    if (*searcher) (*searcher)->stop();
  };
  search.on_done = [this, job, index, found](const SearchResult&, bool completed) {
    if (!completed || !*found) {
      jobs_.finish(job, Job::State::kStopped, kReviewCancelled);
      return;
    }
    {
      const auto lock = jobs_.lock();
      job->findings[index] = *found;
    }
    advance(job);
  };
  jobs_.submit(job, std::move(search));
}

Json FlipReviews::status_json(const FlipGameSession& game) {
  const std::vector<flip::Ply>& plies = game.position().history();
  std::shared_ptr<Job> job;
  std::vector<std::optional<Finding>> findings;
  std::string status = "none", message;
  {
    const auto lock = jobs_.lock();
    std::shared_ptr<Job> current = jobs_.find_locked<Job>(game.id());
    // A review of the game as it was before a take-back or a move says
    // nothing of it now.
    if (current && current->plies == plies) {
      job = current;
      findings = job->findings;
      message = job->message;
      status = review_state_name(job->state);
    }
  }
  if (!job) findings.resize(plies.size());
  Json moves = Json::array();
  int analysed = 0;
  flip::FlipPosition pos = position_before(game.position(), 0);
  for (size_t i = 0; i < plies.size(); ++i) {
    const std::optional<Finding>& f = findings[i];
    const Json side =
        pos.colours_known() ? Json(pos.side_to_move() == kBlue ? "blue" : "red") : Json(nullptr);
    const std::string move = flip::action_text(plies[i].action);
    pos.play(plies[i]);
    if (!f) {
      moves.push_back(Json());
      continue;
    }
    ++analysed;
    const double best = flip_expected(f->best_score);
    const double played = flip_expected(f->played_score);
    // The engine's own choice loses nothing; a difference is its search's noise.
    const double loss = move == f->best ? 0.0 : std::max(0.0, best - played);
    const std::string judgement = judgement_of_loss(loss);
    moves.push_back(Json{{"ply", int(i) + 1},
                         {"move", move},
                         {"side", side},
                         {"best", f->best},
                         {"expected_best", review_rounded(best)},
                         {"expected_played", review_rounded(played)},
                         {"loss", review_rounded(loss)},
                         {"judgement", judgement.empty() ? Json(nullptr) : Json(judgement)},
                         {"depth", f->depth}});
  }
  Json out{{"game", game.id()},
           {"kind", "flip"},
           {"status", status},
           {"analysed", analysed},
           {"total", int(plies.size())},
           {"moves", moves},
           {"thresholds", review_thresholds_json()}};
  if (job) out["movetime_ms"] = job->movetime_ms;
  if (!message.empty() && status != "done") out["message"] = message;
  return out;
}

}  // namespace jungle::web
