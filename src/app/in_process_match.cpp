#include "app/in_process_match.h"

#include <iostream>

namespace jungle::app {

bool finished_in_process(const match::MatchResult& result) {
  if (!result.error.empty()) {
    std::cerr << "error: " << result.error << "\n";
    return false;
  }
  for (const std::string& line : result.incident_log) std::cerr << "incident: " << line << "\n";
  return true;
}

}  // namespace jungle::app
