#include "web/engines/analysis_stream.h"

#include "web/engines/engine_search.h"

namespace jungle::web {

std::shared_ptr<EngineTicket> stream_analysis(httplib::Response& res, EnginePool& pool,
                                              const Position& position, SearchLimits limits,
                                              const std::string& client, const std::string& address,
                                              std::atomic<int>& open_streams, Json start_event,
                                              int lines) {
  auto channel = std::make_shared<EventChannel>();
  const Side us = position.side_to_move();
  const Geometry board = position.rule_set().geometry();
  EngineJob job;
  job.kind = EngineJob::Kind::kAnalysis;
  job.position = position;
  job.limits = limits;
  job.multipv = lines;
  job.client = client;
  job.address = address;
  job.on_info = [channel, us, board](const SearchInfo& info) {
    channel->push(sse_event("info", search_info_json(info, us, board)));
  };
  job.on_done = [channel, us, board](const SearchResult& r, bool completed) {
    Json done{{"best", r.best.is_none() ? Json(nullptr) : Json(board.move_text(r.best))},
              {"depth", r.depth},
              {"score", r.score},
              {"blue_score", us == kBlue ? r.score : -r.score},
              {"nodes", r.nodes},
              {"completed", completed}};
    channel->push(sse_event("done", done));
    channel->close();
  };
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
