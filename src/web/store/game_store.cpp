#include "web/store/game_store.h"

#include "web/store/game_events.h"

namespace jungle::web {

std::unique_ptr<GameEvents> GameStore::event_bus() {
  return std::make_unique<InProcessGameEvents>();
}

}  // namespace jungle::web
