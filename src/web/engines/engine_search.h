#pragma once

#include "web/engines/engine_pool.h"
#include "web/server/json_fields.h"

// One job on the engine pool waited for by the thread that asked (a hint),
// and what a job the pool refused says, for every kind of job.

namespace jungle::web {

// The GameError for a job the engine pool refused: kUnavailable when the
// engines are saturated or stopping, kTooManyJobs when this client (or its
// address) has its share already.
[[noreturn]] void throw_refusal(EnginePool::Refusal why);

// Submits `job` (its on_done is set here) and waits for it; false when it
// was cancelled or the pool shut down first. Throws as throw_refusal when
// the pool refuses it.
bool run_and_wait(EnginePool& pool, EngineJob job);

}  // namespace jungle::web
