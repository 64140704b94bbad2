#include "web/engines/engine_move.h"

#include <mutex>

#include "web/engines/engine_search.h"
#include "web/engines/flip_search_job.h"
#include "web/engines/hidden_search_job.h"

namespace jungle::web {

namespace {

template <class... F>
struct MoveOverloaded : F... {
  using F::operator()...;
};
template <class... F>
MoveOverloaded(F...) -> MoveOverloaded<F...>;

// The flip engine's depth at a strength: full strength searches to the
// time limit, the levels below stop a few plies deep.
int flip_engine_depth(int skill) {
  return skill >= 20 ? 64 : 1 + skill / 4;
}

// The hidden engine's depth per world at a strength below the full one
// (which searches to its time), as the flip engine's levels.
int hidden_engine_depth(int skill) {
  return 1 + skill / 4;
}

using Submitted = std::pair<std::shared_ptr<EngineTicket>, std::future<EngineChoice>>;

// Submits `job`, whose choice `choose` reads once it is done (on the
// pool's thread).
Submitted submit(EnginePool& pool, EngineJob job,
                 std::function<EngineChoice(const SearchResult&, bool)> choose) {
  auto promise = std::make_shared<std::promise<EngineChoice>>();
  std::future<EngineChoice> future = promise->get_future();
  job.on_done = [promise, choose = std::move(choose)](const SearchResult& r, bool completed) {
    promise->set_value(choose(r, completed));
  };
  EnginePool::Refusal why = EnginePool::Refusal::kNone;
  std::shared_ptr<EngineTicket> ticket = pool.submit(std::move(job), &why);
  if (!ticket) throw_refusal(why);
  return {ticket, std::move(future)};
}

}  // namespace

Submitted submit_engine_move(EnginePool& pool, const HelpPosition& pos, int skill,
                             int64_t movetime_ms, const std::string& client,
                             const std::string& address) {
  return std::visit(
      MoveOverloaded{
          [&](const Position& p) {
            EngineJob job;
            job.kind = EngineJob::Kind::kMove;
            job.position = p;
            job.limits.movetime_ms = movetime_ms;
            job.skill_level = skill;
            job.client = client;
            job.address = address;
            auto last = std::make_shared<std::pair<std::mutex, SearchInfo>>();
            job.on_info = [last](const SearchInfo& info) {
              std::lock_guard lock(last->first);
              last->second = info;
            };
            const Side us = p.side_to_move();
            RuleSetPtr rules = p.rule_set_ptr();
            return submit(pool, std::move(job),
                          [last, us, rules](const SearchResult& r, bool completed) {
                            EngineChoice c;
                            c.completed = completed;
                            if (r.best.is_none()) return c;
                            const Geometry& board = rules->geometry();
                            c.action = board.move_text(r.best);
                            std::lock_guard lock(last->first);
                            c.engine = engine_json(r, last->second, us, board);
                            return c;
                          });
          },
          [&](const flip::FlipPosition& p) {
            auto task = std::make_shared<FlipSearchTask>(p, 1);
            EngineJob job = FlipSearchTask::job(task, EngineJob::Kind::kMove, client, address);
            job.limits.movetime_ms = movetime_ms;
            job.limits.depth = flip_engine_depth(skill);
            return submit(pool, std::move(job), [task](const SearchResult&, bool completed) {
              EngineChoice c;
              c.completed = completed;
              std::lock_guard lock(task->mutex);
              if (!task->result) return c;
              const flip::FlipSearchResult& r = *task->result;
              c.action = flip::action_text(r.best);
              c.engine = Json{{"move", c.action},
                              {"score", r.score},
                              {"depth", r.depth},
                              {"nodes", r.nodes},
                              {"time_ms", r.time_ms}};
              return c;
            });
          },
          [&](const hidden::PlayerView& view) {
            auto task = std::make_shared<HiddenSearchTask>(view);
            if (skill < 20) task->depth = hidden_engine_depth(skill);
            EngineJob job = HiddenSearchTask::job(task, EngineJob::Kind::kMove, client, address);
            job.limits.movetime_ms = movetime_ms;
            return submit(pool, std::move(job), [task](const SearchResult&, bool completed) {
              EngineChoice c;
              c.completed = completed;
              std::lock_guard lock(task->mutex);
              if (!task->result || task->result->best.is_none()) return c;
              const hidden::HiddenSearchResult& r = *task->result;
              c.action = task->view.rule_set().geometry().move_text(r.best);
              // Only what tells nothing of its own animals: the moves it
              // weighed and their values would (a jump it considered is a
              // Lion's or a Tiger's).
              c.engine = Json{
                  {"move", c.action}, {"worlds", r.worlds}, {"depth", r.depth}, {"nodes", r.nodes}};
              return c;
            });
          }},
      pos);
}

}  // namespace jungle::web
