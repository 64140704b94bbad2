// Record reader: any text is checked without throwing; text that reads
// cleanly writes back to a record that reads to the same games.

#include <string>

#include "core/game_record.h"
#include "fuzz_common.h"

using namespace jungle;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  int games = 0;
  const auto errors = check_records(text, &games);
  std::vector<GameRecord> records;
  try {
    records = read_records(text);
  } catch (const RecordError&) {
    fuzz::require(!errors.empty(), "read_records fails only where check_records finds a fault",
                  text);
    return 0;
  }
  fuzz::require(errors.empty(), "check_records finds no fault where read_records reads", text);
  const std::string written = write_records(records);
  const std::vector<GameRecord> again = read_records(written);
  fuzz::require(again.size() == records.size(), "a written record reads back whole", text);
  for (size_t i = 0; i < records.size(); ++i) {
    fuzz::require(again[i].moves.size() == records[i].moves.size(),
                  "a written game keeps its moves", text);
    fuzz::require(write_record(again[i]) == write_record(records[i]),
                  "writing is stable after one round", text);
  }
  return 0;
}
