#pragma once

// A protocol session for the engine-protocol tests: commands go in through
// UciProtocol::execute and the lines each one wrote come back.

#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "core/position.h"
#include "protocol/uci.h"

namespace jungle::testing_uci {

inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

inline bool starts_with(const std::string& s, std::string_view prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

// The move of the last "bestmove" line ("" when there is none).
inline std::string bestmove_of(const std::vector<std::string>& lines) {
  for (auto it = lines.rbegin(); it != lines.rend(); ++it) {
    if (starts_with(*it, "bestmove ")) return it->substr(9, 4);
  }
  return "";
}

// Each command runs to completion, search included, and returns the lines it wrote.
class Session {
 public:
  std::vector<std::string> send(std::string_view command) {
    const size_t before = out_.str().size();
    uci_.execute(command);
    uci_.wait_for_search();
    return lines_of(out_.str().substr(before));
  }
  // Runs a command without waiting for its search to end.
  void start(std::string_view command) { uci_.execute(command); }
  std::vector<std::string> finish() {
    uci_.wait_for_search();
    return lines_of(out_.str());
  }
  Position position() const { return uci_.position(); }

 private:
  std::istringstream in_;
  std::ostringstream out_;
  UciProtocol uci_{in_, out_};
};

}  // namespace jungle::testing_uci
