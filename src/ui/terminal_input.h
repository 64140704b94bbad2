#pragma once

#include <string>
#include <vector>

namespace jungle {

// Lines typed on a file descriptor and wake-ups from other threads, in one
// poll loop: the terminal game reads commands while the engine thinks.
class TerminalInput {
 public:
  // Throws std::runtime_error when the wake-up pipe cannot be made.
  explicit TerminalInput(int fd);
  ~TerminalInput();
  TerminalInput(const TerminalInput&) = delete;
  TerminalInput& operator=(const TerminalInput&) = delete;

  // Makes wait() return; safe from any thread and from a signal handler.
  void wake();
  int wake_fd() const { return wake_pipe_[1]; }

  // Blocks until a line may be read, a wake-up or a signal.
  void wait();
  // After wait(): whether something woke it (the pipe is emptied).
  bool take_wake();
  // After wait(): the lines read, without their "\n" or "\r\n". The last
  // line's end need not be there once the input is closed.
  std::vector<std::string> take_lines();
  // The input ended (or a terminal whose other end went away).
  bool closed() const { return closed_; }

 private:
  int fd_;
  int wake_pipe_[2] = {-1, -1};
  bool closed_ = false;
  bool woken_ = false;
  bool readable_ = false;
  std::string buffer_;
};

// While it lives, SIGINT, SIGTERM and SIGHUP wake `input` instead of ending
// the process, so that the game ends as `quit` does; a second one ends the
// process at once.
class SignalCatcher {
 public:
  explicit SignalCatcher(TerminalInput& input);
  ~SignalCatcher();
  SignalCatcher(const SignalCatcher&) = delete;
  SignalCatcher& operator=(const SignalCatcher&) = delete;

  // The signal caught since construction, 0 when none.
  static int caught();
};

}  // namespace jungle
