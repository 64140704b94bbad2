#include "tune/in_process_engine.h"

namespace jungle::match {

void set_up_in_process_engine(Engine& engine, const RuleSetPtr& rules, uint64_t seed) {
  EngineOptions eo;
  eo.hash_mb = 16;
  eo.threads = 1;
  eo.seed = seed ? seed : 1;
  engine.set_options(eo);
  engine.set_rules(rules);
}

}  // namespace jungle::match
