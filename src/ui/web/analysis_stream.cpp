#include "ui/web/analysis_stream.h"

#include "ui/web/engine_search.h"

namespace jungle::web {

void EventChannel::push(std::string event) {
  {
    std::lock_guard lock(mutex_);
    if (closed_) return;
    if (events_.size() >= kMaxPending) events_.pop_front();
    events_.push_back(std::move(event));
  }
  ready_.notify_one();
}

void EventChannel::close() {
  {
    std::lock_guard lock(mutex_);
    closed_ = true;
  }
  ready_.notify_all();
}

EventChannel::Pop EventChannel::pop(std::string& out, std::chrono::milliseconds timeout) {
  std::unique_lock lock(mutex_);
  ready_.wait_for(lock, timeout, [&] { return closed_ || !events_.empty(); });
  if (!events_.empty()) {
    out = std::move(events_.front());
    events_.pop_front();
    return Pop::kEvent;
  }
  return closed_ ? Pop::kClosed : Pop::kTimeout;
}

std::string sse_event(const std::string& name, const Json& data) {
  return "event: " + name + "\ndata: " + data.dump() + "\n\n";
}

Json search_info_json(const SearchInfo& info, Side side_to_move, const Geometry& board) {
  Json pv = Json::array();
  for (Move m : info.pv) pv.push_back(board.move_text(m));
  const int blue_score = side_to_move == kBlue ? info.score : -info.score;
  Json mate = nullptr;  // moves to a forced win, negative when the side to move loses
  if (const int moves = mate_in_moves(info.score)) mate = moves;
  return Json{
      {"depth", info.depth},
      {"multipv", info.multipv},
      {"seldepth", info.seldepth},
      {"score", info.score},
      {"blue_score", blue_score},
      {"mate", mate},
      {"bound", info.bound == kBoundLower   ? "lower"
                : info.bound == kBoundUpper ? "upper"
                                            : "exact"},
      {"nodes", info.nodes},
      {"time_ms", info.time_ms},
      {"nps", info.time_ms > 0 ? info.nodes * 1000 / uint64_t(info.time_ms) : info.nodes},
      {"pv", pv},
  };
}

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
