// Engine protocol: any sequence of lines is answered without a crash or a
// hang. Each line runs, then `stop`, so that no search outlives the input;
// searches are kept small by a one-thread engine with a small table. Lines
// that size the table or the threads are skipped: a table of gigabytes is a
// legal request that would only exhaust the fuzzer's memory (the unit tests
// cover a failed allocation).

#include <cctype>
#include <sstream>
#include <string>

#include "fuzz_common.h"
#include "protocol/uci.h"

using namespace jungle;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::istringstream in;
  std::ostringstream out;
  UciProtocol uci(in, out);
  uci.execute("setoption name Hash value 1");
  std::istringstream lines(text);
  int count = 0;
  for (std::string line; std::getline(lines, line) && count < 32; ++count) {
    std::string lower = line;
    for (char& c : lower) c = char(std::tolower(static_cast<unsigned char>(c)));
    if (lower.find("hash") != std::string::npos || lower.find("threads") != std::string::npos)
      continue;
    if (!uci.execute(line)) break;
    uci.execute("stop");
    uci.wait_for_search();
  }
  uci.execute("stop");
  uci.wait_for_search();
  return 0;
}
