#pragma once

#include <sys/types.h>

#include <chrono>
#include <string>
#include <string_view>
#include <vector>

namespace jungle::match {

// Splits a command line into words the way a shell would for simple cases:
// spaces separate words, single or double quotes group them, a backslash
// escapes the next character. Throws std::invalid_argument on an open quote.
std::vector<std::string> split_command_line(std::string_view text);

// An engine running as a child process, spoken to one line at a time over
// pipes. Reads never block longer than their timeout, writes to an engine
// that has died fail instead of raising SIGPIPE, and the child runs in its
// own process group so that kill() also ends anything it started.
class EngineProcess {
 public:
  enum class ReadResult { kLine, kTimeout, kEof };

  EngineProcess() = default;
  ~EngineProcess();
  EngineProcess(const EngineProcess&) = delete;
  EngineProcess& operator=(const EngineProcess&) = delete;

  // Starts `argv` (argv[0] is looked up in PATH when it has no slash). The
  // child's standard error goes to `stderr_path` (appended). Returns false
  // with a reason when the program cannot be started.
  bool start(const std::vector<std::string>& argv, std::string* error,
             const std::string& stderr_path = "/dev/null");
  bool running() const { return pid_ > 0; }
  pid_t pid() const { return pid_; }

  // Sends one line (a newline is added). False when the engine has closed its input.
  bool write_line(std::string_view line);
  // The next line the engine wrote, without its line ending.
  ReadResult read_line(std::string& line, std::chrono::milliseconds timeout);

  // Asks the engine to quit (closes its input), waits up to `grace`, then kills it.
  void stop(std::chrono::milliseconds grace = std::chrono::milliseconds(500));
  // Ends the engine and its process group at once and reaps it.
  void kill();
  // How the process ended ("exited with status 1", "killed by signal 11
  // (Segmentation fault)"), waiting up to `wait` for it; "still running" when it has not.
  std::string exit_description(std::chrono::milliseconds wait = std::chrono::milliseconds(200));

 private:
  bool reap(std::chrono::milliseconds wait);
  void close_pipes();

  pid_t pid_ = -1;
  int to_child_ = -1;
  int from_child_ = -1;
  std::string buffer_;
  bool eof_ = false;
  bool reaped_ = false;
  int status_ = 0;
};

}  // namespace jungle::match
