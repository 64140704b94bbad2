#pragma once

#include <cstdint>

#include "core/rule_set.h"
#include "search/engine.h"

namespace jungle::match {

// Sets up an engine that a tool plays in its own process (training data,
// opening books): one thread and a small table, as many run side by side,
// and a fixed seed (1 for 0) so that a run repeats.
void set_up_in_process_engine(Engine& engine, const RuleSetPtr& rules, uint64_t seed);

}  // namespace jungle::match
