#pragma once

#include <cstdint>
#include <fstream>
#include <functional>
#include <iostream>
#include <ostream>
#include <string>

// What the two self-play data commands (`jungle datagen` for the open game,
// `jungle flip-datagen`) share: the files they write and their progress on
// standard error.

namespace jungle::app {

// The positions' file ("" or "-": standard output) and, where named, the
// file each game's record goes to.
struct DatagenFiles {
  std::ofstream positions;
  std::ofstream records;
  std::ostream& out() { return positions.is_open() ? positions : std::cout; }
  std::ostream* records_or_null() { return records.is_open() ? &records : nullptr; }
};

// Opens both; on failure "cannot write FILE", else "".
std::string open_datagen_files(const std::string& out, const std::string& records,
                               DatagenFiles& files);

// Progress for `games` games: one line rewritten in place on a terminal,
// else a line at each twentieth of the games (a log stays short).
std::function<void(int games_done, int64_t positions)> datagen_progress(int games);

// Ends the rewritten line on a terminal.
void end_datagen_progress();

}  // namespace jungle::app
