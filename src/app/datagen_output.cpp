#include "app/datagen_output.h"

#include <unistd.h>

#include <algorithm>
#include <iostream>

namespace jungle::app {

std::string open_datagen_files(const std::string& out, const std::string& records,
                               DatagenFiles& files) {
  if (!out.empty() && out != "-") {
    files.positions.open(out);
    if (!files.positions) return "cannot write " + out;
  }
  if (!records.empty()) {
    files.records.open(records);
    if (!files.records) return "cannot write " + records;
  }
  return "";
}

std::function<void(int, int64_t)> datagen_progress(int games) {
  const bool tty = isatty(STDERR_FILENO);
  return [tty, games](int done, int64_t positions) {
    if (tty) {
      std::cerr << "\rgames " << done << "/" << games << ", positions " << positions << std::flush;
    } else if (done % std::max(1, games / 20) == 0) {
      std::cerr << "games " << done << "/" << games << ", positions " << positions << "\n";
    }
  };
}

void end_datagen_progress() {
  if (isatty(STDERR_FILENO)) std::cerr << "\n";
}

}  // namespace jungle::app
