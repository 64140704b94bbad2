#pragma once

// Server-sent events as the web tests read them from a stream's text.

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace jungle::web {

// One server-sent event.
struct Sse {
  int64_t id = 0;  // 0: no id line
  std::string type;
  nlohmann::json data;
};

inline std::vector<Sse> parse_events(const std::string& text) {
  std::vector<Sse> out;
  size_t pos = 0;
  while (true) {
    const size_t end = text.find("\n\n", pos);
    if (end == std::string::npos) break;
    Sse e;
    std::istringstream block(text.substr(pos, end - pos));
    std::string line;
    bool any = false;
    while (std::getline(block, line)) {
      if (line.rfind("id: ", 0) == 0) e.id = std::stoll(line.substr(4));
      if (line.rfind("event: ", 0) == 0) e.type = line.substr(7), any = true;
      if (line.rfind("data: ", 0) == 0)
        e.data = nlohmann::json::parse(line.substr(6), nullptr, false);
    }
    if (any) out.push_back(e);
    pos = end + 2;
  }
  return out;
}

}  // namespace jungle::web
