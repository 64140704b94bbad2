#include "web/engines/engine_help.h"

#include <string>

#include "web/engines/analysis_stream.h"
#include "web/engines/engine_search.h"
#include "web/engines/flip_help.h"
#include "web/engines/game_engine_job.h"

namespace jungle::web {

namespace {

template <class... F>
struct Overloaded : F... {
  using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

}  // namespace

Json help_hint(EnginePool& pool, const HelpPosition& pos, const SearchLimits& limits, int lines,
               const std::string& client, const std::string& address) {
  return std::visit(Overloaded{[&](const Position& p) {
                                 EngineJob job;
                                 job.kind = EngineJob::Kind::kHint;
                                 job.position = p;
                                 job.limits = limits;
                                 job.client = client;
                                 job.address = address;
                                 auto [ticket, future] = submit_search(pool, std::move(job));
                                 const Searched searched = future.get();
                                 if (!searched.completed || searched.result.best.is_none()) {
                                   throw GameError(ErrorKind::kUnavailable, "cancelled",
                                                   "the engine's search was cancelled");
                                 }
                                 return engine_json(searched.result, searched.last_info,
                                                    p.side_to_move(), p.rule_set().geometry());
                               },
                               [&](const flip::FlipPosition& p) {
                                 return flip_hint(pool, p, limits, lines, client, address);
                               },
                               [&](const game::Observation& o) {
                                 return game_hint(pool, o, limits, lines, client, address);
                               }},
                    pos);
}

std::shared_ptr<EngineTicket> stream_help_analysis(
    httplib::Response& res, EnginePool& pool, const HelpPosition& pos, const SearchLimits& limits,
    int lines, const std::string& client, const std::string& address,
    std::atomic<int>& open_streams, Json start_event) {
  return std::visit(
      Overloaded{[&](const Position& p) {
                   start_event["fen"] = p.fen();
                   return stream_analysis(res, pool, p, limits, client, address, open_streams,
                                          std::move(start_event), lines);
                 },
                 [&](const flip::FlipPosition& p) {
                   start_event["fen"] = p.fen();
                   return stream_flip_analysis(res, pool, p, limits, lines, client, address,
                                               open_streams, std::move(start_event));
                 },
                 [&](const game::Observation&) -> std::shared_ptr<EngineTicket> {
                   // Not asked: require_help refuses analyses where pieces
                   // are hidden, the one family whose help is an Observation.
                   throw GameError(ErrorKind::kRefused, "no_analysis",
                                   "this game's engine has no analysis to stream");
                 }},
      pos);
}

}  // namespace jungle::web
