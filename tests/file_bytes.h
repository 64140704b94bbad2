#pragma once

// A file's whole content, as the tests compare written files byte for byte.

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace jungle::test {

// Empty when the file cannot be read.
inline std::string file_bytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace jungle::test
