#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>

namespace jungle {

// A file that read_small_file refused or could not read; the message names
// the path and the reason ("'x.toml' is not a regular file").
class FileReadError : public std::runtime_error {
 public:
  FileReadError(const std::filesystem::path& path, std::string reason);
  // The reason alone: "no such file", "not a regular file", "larger than 65536 bytes".
  const std::string& reason() const { return reason_; }

 private:
  std::string reason_;
};

// Size caps for the files the tools read whole. A rule set is a few KB, a
// weights file a few tens of KB; a record file may hold many games.
inline constexpr std::size_t kMaxRuleFileBytes = 64 * 1024;
inline constexpr std::size_t kMaxWeightsFileBytes = 1024 * 1024;
inline constexpr std::size_t kMaxRecordFileBytes = 64 * 1024 * 1024;

// The whole content of a regular file of at most `max_bytes`. Anything else
// (a directory, a FIFO, a device such as /dev/zero) is refused without
// reading from it, so that a path from a file or a protocol command can
// neither block the reader nor fill its memory. Throws FileReadError.
std::string read_small_file(const std::filesystem::path& path, std::size_t max_bytes);

// The first `bytes` bytes of a regular file of any size (all of it when it
// is shorter), and its size: for files whose header says how much follows,
// such as an endgame table. The same refusals as read_small_file.
struct FileHead {
  std::string bytes;
  std::uintmax_t size = 0;
};
FileHead read_file_head(const std::filesystem::path& path, std::size_t bytes);

}  // namespace jungle
