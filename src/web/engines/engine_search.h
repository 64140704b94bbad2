#pragma once

#include "web/engines/engine_pool.h"
#include "web/server/json_fields.h"

// What a job the engine pool refused says, for every kind of job.

namespace jungle::web {

// The GameError for a job the engine pool refused: kUnavailable when the
// engines are saturated or stopping, kTooManyJobs when this client (or its
// address) has its share already.
[[noreturn]] void throw_refusal(EnginePool::Refusal why);

}  // namespace jungle::web
