#pragma once

// TEMPORARY, until the engine adapters and observation readers land (the
// g-engine branch): their declarations, so that the families build.

#include <memory>
#include <string_view>

#include "core/position.h"
#include "flip/flip_position.h"
#include "game/engine.h"
#include "hidden/player_view.h"

namespace jungle::game {

std::unique_ptr<Engine> make_open_engine();
std::unique_ptr<Engine> make_flip_engine();
std::unique_ptr<Engine> make_hidden_engine();
Position open_position_of(const RuleSetPtr& rules, std::string_view position);
flip::FlipPosition flip_position_of(const flip::FlipRulesPtr& rules, std::string_view position);
hidden::PlayerView hidden_view_of(const RuleSetPtr& rules, std::string_view position);

}  // namespace jungle::game
