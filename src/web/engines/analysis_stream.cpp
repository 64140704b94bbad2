#include "web/engines/analysis_stream.h"

#include "web/engines/engine_search.h"
#include "web/engines/game_engine_job.h"

namespace jungle::web {

std::shared_ptr<EngineTicket> stream_analysis(httplib::Response& res, EnginePool& pool,
                                              const game::Observation& observation,
                                              const SearchLimits& limits, int lines,
                                              const std::string& client, const std::string& address,
                                              std::atomic<int>& open_streams, Json start_event) {
  auto channel = std::make_shared<EventChannel>();
  auto search = std::make_shared<GameSearch>();
  EngineJob job = game_engine_job(search, observation, EngineJob::Kind::kAnalysis, client, address);
  job.limits = limits;
  job.game_limits.depth = limits.depth;
  job.multipv = lines;
  job.on_game_info = [channel, search, observation](const game::SearchInfo& info) {
    {
      std::lock_guard lock(search->mutex);
      search->lines[info.multipv] = info;
    }
    channel->push(sse_event("info", game_report_json(info, observation)));
  };
  job.on_done = [channel, search, observation](const SearchResult&, bool completed) {
    Json done{{"best", nullptr},       {"depth", 0}, {"score", nullptr},
              {"blue_score", nullptr}, {"nodes", 0}, {"completed", completed}};
    {
      std::lock_guard lock(search->mutex);
      if (search->answer) {
        const game::Answer& a = *search->answer;
        const Json report = game_engine_json(a, search->lines, observation);
        if (!a.action.empty()) done["best"] = a.action;
        done["depth"] = a.depth;
        done["nodes"] = a.nodes;
        for (const char* key : {"score", "blue_score"}) {
          if (report.contains(key)) done[key] = report[key];
        }
      }
    }
    channel->push(sse_event("done", done));
    channel->close();
  };
  start_event["position"] = observation.position;
  channel->push(sse_event("start", start_event));
  return stream_events(res, pool, std::move(job), channel, open_streams);
}

std::shared_ptr<EngineTicket> stream_events(httplib::Response& res, EnginePool& pool, EngineJob job,
                                            std::shared_ptr<EventChannel> channel,
                                            std::atomic<int>& open_streams) {
  EnginePool::Refusal why = EnginePool::Refusal::kNone;
  std::shared_ptr<EngineTicket> ticket = pool.submit(std::move(job), &why);
  if (!ticket) throw_refusal(why);
  ++open_streams;
  res.set_header("Cache-Control", "no-cache");
  res.set_header("X-Accel-Buffering", "no");
  res.set_chunked_content_provider(
      "text/event-stream",
      [channel](size_t, httplib::DataSink& sink) {
        std::string event;
        switch (channel->pop(event, std::chrono::milliseconds(1000))) {
          case EventChannel::Pop::kEvent:
            return sink.write(event.data(), event.size());
          case EventChannel::Pop::kTimeout: {
            // A comment line: keeps proxies patient and finds a vanished client.
            static const std::string kKeepAlive = ": keep-alive\n\n";
            return sink.write(kKeepAlive.data(), kKeepAlive.size());
          }
          case EventChannel::Pop::kClosed:
            sink.done();
            return true;
        }
        return false;
      },
      [ticket, &open_streams](bool) {
        ticket->cancel();
        --open_streams;
      });
  return ticket;
}

}  // namespace jungle::web
