#include "core/file_io.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <utility>

namespace jungle {

namespace {

std::string describe(const std::filesystem::path& path, const std::string& reason) {
  std::string text = "'";
  text.append(path.string()).append("': ").append(reason);
  return text;
}

}  // namespace

FileReadError::FileReadError(const std::filesystem::path& path, std::string reason)
    : std::runtime_error(describe(path, reason)), reason_(std::move(reason)) {}

namespace {

[[noreturn]] void fail_errno(const std::filesystem::path& path, int error) {
  if (error == ENOENT) throw FileReadError(path, "no such file");
  throw FileReadError(path, std::string("cannot be read: ") + std::strerror(error));
}

[[noreturn]] void too_large(const std::filesystem::path& path, std::uintmax_t max_bytes) {
  throw FileReadError(path, "larger than " + std::to_string(max_bytes) + " bytes");
}

void check_regular(const std::filesystem::path& path, const struct stat& st,
                   std::uintmax_t max_bytes) {
  if (S_ISDIR(st.st_mode)) throw FileReadError(path, "a directory, not a file");
  if (!S_ISREG(st.st_mode)) throw FileReadError(path, "not a regular file");
  if (std::uintmax_t(st.st_size) > max_bytes) too_large(path, max_bytes);
}

// Closes the descriptor on every way out.
class Descriptor {
 public:
  explicit Descriptor(int fd) : fd_(fd) {}
  ~Descriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;
  int get() const { return fd_; }
  int release() { return std::exchange(fd_, -1); }

 private:
  int fd_;
};

// Opens `path` when it is a regular file of at most `max_bytes`; `st` gets
// what fstat says of what was opened.
int open_regular(const std::filesystem::path& path, std::uintmax_t max_bytes, struct stat& st) {
  // A look before opening: opening some devices has effects of its own.
  if (::stat(path.c_str(), &st) != 0) fail_errno(path, errno);
  check_regular(path, st, max_bytes);
  // Non-blocking, so that a path swapped for a FIFO after the look cannot
  // block the open; the type is checked again on what was opened.
  Descriptor fd(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY));
  if (fd.get() < 0) fail_errno(path, errno);
  if (::fstat(fd.get(), &st) != 0) fail_errno(path, errno);
  check_regular(path, st, max_bytes);
  return fd.release();
}

// Reads until `content` is full or the file ends; returns the bytes read.
std::size_t read_into(const std::filesystem::path& path, int fd, std::string& content,
                      std::size_t size) {
  while (size < content.size()) {
    const ssize_t n = ::read(fd, content.data() + size, content.size() - size);
    if (n < 0) {
      if (errno == EINTR) continue;
      fail_errno(path, errno);
    }
    if (n == 0) break;
    size += std::size_t(n);
  }
  return size;
}

}  // namespace

std::string read_small_file(const std::filesystem::path& path, std::size_t max_bytes) {
  struct stat st {};
  Descriptor fd(open_regular(path, max_bytes, st));
  // Reads one byte more than the cap, for a file that grew since fstat.
  std::string content(std::size_t(st.st_size) + 1, '\0');
  std::size_t size = 0;
  for (;;) {
    size = read_into(path, fd.get(), content, size);
    if (size < content.size() || size > max_bytes) break;
    content.resize(std::min(max_bytes + 1, size * 2 + 4096));
  }
  if (size > max_bytes) too_large(path, max_bytes);
  content.resize(size);
  return content;
}

FileHead read_file_head(const std::filesystem::path& path, std::size_t bytes) {
  struct stat st {};
  Descriptor fd(open_regular(path, UINTMAX_MAX, st));
  FileHead head;
  head.size = std::uintmax_t(st.st_size);
  head.bytes.resize(bytes);
  head.bytes.resize(read_into(path, fd.get(), head.bytes, 0));
  return head;
}

}  // namespace jungle
