// Engine protocol: any sequence of lines is answered without a crash or a
// hang. Each line runs, then `stop`, so that no search outlives the input;
// searches are kept small by a one-thread, small-hash engine and a node cap.

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
    if (!uci.execute(line)) break;
    uci.execute("stop");
    uci.wait_for_search();
  }
  uci.execute("stop");
  uci.wait_for_search();
  return 0;
}
