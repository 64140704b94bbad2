#pragma once

#include <httplib.h>

#include <atomic>
#include <memory>
#include <string>

#include "flip/flip_search.h"
#include "ui/web/engine_pool.h"
#include "ui/web/json_fields.h"

// Flip Jungle hints and analyses (docs/api.md, "Flip Jungle games"): the
// flip engine's search run on the engine pool, with its queue, shares and
// caps, and what it found as JSON. What they say depends on the position
// alone: a face-down tile has no animal until it is flipped (the server
// draws it then), a flip is named by its square only, and every expected
// score is over the pool, which both players know.

namespace jungle::web {

// The side to move's expected score, 0..1, of a flip engine score (points):
// 1 or 0 for a result the tree or the endgame tables proved, else the
// curve of the 7x9 page's evaluation bar, 1/(1+e^(-cp/250)), of the
// protocol's cp (10 per point: a Cat is 100).
double flip_expected(double score);

// What one search found (each completed depth's, or the last): "move",
// "score" and "expected" for the side to move, "side" (its colour, null
// before the first flip decides the colours), "blue_score" and
// "blue_expected" (null then too), "proven" ("win", "loss" or null),
// "win_in" (plies to a win the tree sees, negative for a loss, else null),
// "depth", "nodes", "time_ms", "nps", "pv" (the expected line up to its
// first flip) and "lines" (the best actions, each with "move", "score",
// "expected", "pv"). `pos` is the searched position (left as it was).
Json flip_search_json(const flip::FlipSearchResult& r, flip::FlipPosition& pos,
                      const flip::FlipSearcher& searcher);

// A hint: the search of `pos` as a hint job on the pool, waited for.
// `lines` (1..kMaxAnalysisLines) actions are valued exactly. Throws
// GameError when the pool refuses or the search is cancelled.
Json flip_hint(EnginePool& pool, const flip::FlipPosition& pos, const SearchLimits& limits,
               int lines, const std::string& client, const std::string& address);

// An analysis as server-sent events, as stream_analysis sends a 7x9 one:
// "start" (`start_event`), an "info" per completed depth
// (flip_search_json), "done" ({"best", "depth", "score", "expected",
// "nodes", "completed"}). Returns the search's ticket.
std::shared_ptr<EngineTicket> stream_flip_analysis(
    httplib::Response& res, EnginePool& pool, const flip::FlipPosition& pos,
    const SearchLimits& limits, int lines, const std::string& client, const std::string& address,
    std::atomic<int>& open_streams, Json start_event);

}  // namespace jungle::web
