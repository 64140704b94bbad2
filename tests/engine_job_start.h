#pragma once

#include <random>

#include "game/families.h"
#include "game/family.h"
#include "web/engines/engine_pool.h"

namespace jungle::web {

// Makes `job` a search of the standard game's start by the open family's
// engine, as the server's jobs are (a family and its reader's Observation):
// what the pool's own tests queue, cancel and time.
inline void search_the_standard_start(EngineJob& job) {
  const game::Family& family = game::open_family();
  job.family = &family;
  std::mt19937_64 unused(1);  // the open game draws nothing
  job.observation = family.new_state("standard", "", unused)->observe(kBlue);
}

}  // namespace jungle::web
