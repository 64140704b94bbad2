#include "app/in_process_match.h"

#include <iostream>

#include "match/elo.h"

namespace jungle::app {

bool print_in_process(const match::MatchResult& result) {
  if (!result.error.empty()) {
    std::cerr << "error: " << result.error << "\n";
    return false;
  }
  for (const std::string& line : result.incident_log) std::cerr << "incident: " << line << "\n";
  std::cout << match::score_text(result.wdl) << "\n";
  return true;
}

}  // namespace jungle::app
