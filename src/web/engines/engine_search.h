#pragma once

#include <future>
#include <memory>
#include <utility>

#include "search/search.h"
#include "web/engines/engine_pool.h"
#include "web/server/json_fields.h"

// One engine search on the pool, waited for by the thread that asked: an
// engine move, a hint.

namespace jungle::web {

struct Searched {
  SearchResult result;
  SearchInfo last_info;
  bool completed = false;
};

// Submits the job; GameError (kTooManyJobs, kUnavailable) when the pool refuses.
std::pair<std::shared_ptr<EngineTicket>, std::future<Searched>> submit_search(EnginePool& pool,
                                                                              EngineJob job);

// What the engine saw, as an engine move's `engine` field and a hint give it.
Json engine_json(const SearchResult& r, const SearchInfo& last, Side side_to_move,
                 const Geometry& board);

// The engine's view of a position as JSON: depth, score from the side to
// move and from Blue's side, mate distance, principal variation.
Json search_info_json(const SearchInfo& info, Side side_to_move, const Geometry& board);

// The GameError for a job the engine pool refused: kUnavailable when the
// engines are saturated or stopping, kTooManyJobs when this client (or its
// address) has its share already.
[[noreturn]] void throw_refusal(EnginePool::Refusal why);

}  // namespace jungle::web
