#pragma once

// Running a shell command from a test (the jungle binary, mostly) and
// reading everything it writes.

#include <sys/wait.h>

#include <cstdio>
#include <string>

namespace jungle {

// Appends what `command` writes on standard output to `output`; returns its
// exit status, or -1 when it could not run or was killed by a signal.
inline int run_command(const std::string& command, std::string& output) {
  std::FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return -1;
  char buffer[4096];
  size_t n;
  while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) output.append(buffer, n);
  const int status = pclose(pipe);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace jungle
