#include "ui/terminal_input.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <stdexcept>

namespace jungle {

namespace {

// The signal that interrupted the game, and the pipe that wakes its loop.
volatile sig_atomic_t g_signal = 0;
volatile sig_atomic_t g_signal_fd = -1;

void on_signal(int sig) {
  if (g_signal != 0) {
    // A second interruption: the person means it.
    signal(sig, SIG_DFL);
    raise(sig);
    return;
  }
  g_signal = sig;
  const int saved_errno = errno;
  const char byte = 2;
  if (g_signal_fd >= 0) {
    [[maybe_unused]] ssize_t written = write(g_signal_fd, &byte, 1);
  }
  errno = saved_errno;
}

constexpr std::array<int, 3> kCaughtSignals = {SIGINT, SIGTERM, SIGHUP};
std::array<struct sigaction, kCaughtSignals.size()> g_previous{};

}  // namespace

TerminalInput::TerminalInput(int fd) : fd_(fd) {
  if (pipe(wake_pipe_) != 0) throw std::runtime_error("cannot create a pipe");
  for (int p : wake_pipe_) fcntl(p, F_SETFL, fcntl(p, F_GETFL) | O_NONBLOCK);
}

TerminalInput::~TerminalInput() {
  for (int p : wake_pipe_) close(p);
}

void TerminalInput::wake() {
  const char byte = 1;
  [[maybe_unused]] ssize_t written = write(wake_pipe_[1], &byte, 1);
}

void TerminalInput::wait() {
  woken_ = readable_ = false;
  pollfd fds[2] = {{wake_pipe_[0], POLLIN, 0}, {fd_, POLLIN, 0}};
  const int count = closed_ ? 1 : 2;
  const int ready = poll(fds, nfds_t(count), -1);
  if (ready < 0) {
    if (errno != EINTR) closed_ = true;
    return;
  }
  woken_ = fds[0].revents & POLLIN;
  readable_ = count > 1 && (fds[1].revents & (POLLIN | POLLHUP | POLLERR));
}

bool TerminalInput::take_wake() {
  if (!woken_) return false;
  woken_ = false;
  char drain[64];
  while (read(wake_pipe_[0], drain, sizeof drain) > 0) {
  }
  return true;
}

std::vector<std::string> TerminalInput::take_lines() {
  if (!readable_) return {};
  readable_ = false;
  char buf[4096];
  const ssize_t n = read(fd_, buf, sizeof buf);
  if (n < 0 && (errno == EINTR || errno == EAGAIN)) return {};
  if (n <= 0) {
    closed_ = true;  // end of input; on a terminal whose other end went away, EIO
  } else {
    buffer_.append(buf, size_t(n));
  }
  std::vector<std::string> lines;
  for (size_t nl; (nl = buffer_.find('\n')) != std::string::npos;) {
    lines.push_back(buffer_.substr(0, nl));
    buffer_.erase(0, nl + 1);
  }
  if (closed_ && !buffer_.empty()) {
    lines.push_back(buffer_);
    buffer_.clear();
  }
  for (std::string& line : lines) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
  }
  return lines;
}

SignalCatcher::SignalCatcher(TerminalInput& input) {
  g_signal = 0;
  g_signal_fd = input.wake_fd();
  struct sigaction action {};
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  for (size_t i = 0; i < kCaughtSignals.size(); ++i) {
    sigaction(kCaughtSignals[i], &action, &g_previous[i]);
  }
}

SignalCatcher::~SignalCatcher() {
  for (size_t i = 0; i < kCaughtSignals.size(); ++i) {
    sigaction(kCaughtSignals[i], &g_previous[i], nullptr);
  }
  g_signal_fd = -1;
}

int SignalCatcher::caught() {
  return int(g_signal);
}

}  // namespace jungle
