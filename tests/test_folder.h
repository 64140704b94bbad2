#pragma once

// A test's own folder under the system's temporary one, for the web tests'
// stores and logs: fresh and empty when the fixture starts, removed with
// everything in it when the fixture goes.

#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <string>
#include <system_error>

namespace jungle::web {

class TestFolder {
 public:
  // jungle-NAME-PID-N: no two fixtures, of one process or of the several
  // that ctest runs at once, ever share one.
  explicit TestFolder(const std::string& name) {
    static std::atomic<int> counter{0};
    path_ = std::filesystem::temp_directory_path() /
            ("jungle-" + name + "-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    // A folder left by a run that crashed with this process id.
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~TestFolder() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TestFolder(const TestFolder&) = delete;
  TestFolder& operator=(const TestFolder&) = delete;

  const std::filesystem::path& path() const { return path_; }
  operator const std::filesystem::path&() const { return path_; }
  std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

 private:
  std::filesystem::path path_;
};

}  // namespace jungle::web
