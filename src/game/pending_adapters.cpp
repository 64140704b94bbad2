// TEMPORARY: see pending_adapters.h.

#include "game/pending_adapters.h"

#include <stdexcept>

namespace jungle::game {

namespace {
[[noreturn]] void pending() {
  throw std::logic_error("not built yet: the engine adapters land with the protocol change");
}
}  // namespace

std::unique_ptr<Engine> make_open_engine() {
  pending();
}
std::unique_ptr<Engine> make_flip_engine() {
  pending();
}
std::unique_ptr<Engine> make_hidden_engine() {
  pending();
}
Position open_position_of(const RuleSetPtr&, std::string_view) {
  pending();
}
flip::FlipPosition flip_position_of(const flip::FlipRulesPtr&, std::string_view) {
  pending();
}
hidden::PlayerView hidden_view_of(const RuleSetPtr&, std::string_view) {
  pending();
}

}  // namespace jungle::game

namespace jungle::game {
Answer Engine::think(const Observation&, const Limits&, InfoCallback) {
  pending();
}
}  // namespace jungle::game
