#include "web/engines/engine_help.h"

#include <string>

#include "web/engines/analysis_stream.h"
#include "web/engines/flip_help.h"
#include "web/engines/game_engine_job.h"

namespace jungle::web {

Json help_hint(EnginePool& pool, const HelpPosition& pos, const SearchLimits& limits, int lines,
               const std::string& client, const std::string& address) {
  if (const auto* flip = std::get_if<flip::FlipPosition>(&pos)) {
    return flip_hint(pool, *flip, limits, lines, client, address);
  }
  return game_hint(pool, std::get<game::Observation>(pos), limits, lines, client, address);
}

std::shared_ptr<EngineTicket> stream_help_analysis(
    httplib::Response& res, EnginePool& pool, const HelpPosition& pos, const SearchLimits& limits,
    int lines, const std::string& client, const std::string& address,
    std::atomic<int>& open_streams, Json start_event) {
  if (const auto* flip = std::get_if<flip::FlipPosition>(&pos)) {
    start_event["fen"] = flip->fen();
    return stream_flip_analysis(res, pool, *flip, limits, lines, client, address, open_streams,
                                std::move(start_event));
  }
  return stream_analysis(res, pool, std::get<game::Observation>(pos), limits, lines, client,
                         address, open_streams, std::move(start_event));
}

}  // namespace jungle::web
