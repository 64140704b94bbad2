#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <string_view>

#include "flip/flip_rules.h"
#include "game/endgame_tables.h"

namespace jungle::game {

// The most animals a position may have for Flip Jungle's tables to be built
// for a probe: a five-animal table and the smaller ones its captures lead
// to take 1.6 to 1.9 s on a busy two-core machine (measured through POST
// /api/tablebase; those already built answer in milliseconds); a six-animal
// table takes seconds and 40 MB (flip_endgame.h), which a server must not
// spend at any client's asking.
inline constexpr int kProbedFlipAnimals = 5;
// The memory the built tables may hold before they are dropped and built
// again as asked (a five-animal table is two megabytes).
inline constexpr size_t kProbedFlipTableBytes = size_t(256) << 20;
// The longest a probe waits for another's build before it is refused: a
// five-animal material and the smaller ones it leads to take 1.6 to 1.9 s
// on a busy two-core machine (measured through POST /api/tablebase).
inline constexpr std::chrono::milliseconds kLongestFlipTablesWait = std::chrono::seconds(10);

// Flip Jungle's tables (flip::FlipEndgames): built in memory as probes need
// them, one set shared behind a lock, for positions with every tile face
// up and at most `max_animals` animals. A probe that waits past
// `longest_wait` for another's build is refused ("the tables are busy
// with another position; ask again"). Distances count plies to the capture
// that decides the game (the quiet limit restarts at each capture).
// `rules_of` gives a rule set by name, throwing std::invalid_argument for
// one there is not. `lock` is the lock a probe holds while it builds and
// reads (a new one when null): given, a test can hold it as another
// probe's build would and see the refusal without racing a build.
std::unique_ptr<EndgameTables> flip_endgame_tables(
    std::function<flip::FlipRulesPtr(std::string_view)> rules_of,
    int max_animals = kProbedFlipAnimals, size_t max_bytes = kProbedFlipTableBytes,
    std::chrono::milliseconds longest_wait = kLongestFlipTablesWait,
    std::shared_ptr<std::timed_mutex> lock = nullptr);

}  // namespace jungle::game
