#pragma once

// The terminal game run in the test's own process, its input a pipe that
// holds the given lines and then ends, as a script would type them.

#include <unistd.h>

#include <sstream>
#include <stdexcept>
#include <string>

#include "ui/terminal_game.h"

namespace jungle::test {

inline std::string play_terminal(const TerminalOptions& options, const std::string& input,
                                 int* code = nullptr) {
  int fds[2];
  // The whole input fits in the pipe: nothing waits for the game to read it.
  if (input.size() > 4096 || pipe(fds) != 0) throw std::runtime_error("no pipe for the input");
  if (write(fds[1], input.data(), input.size()) != ssize_t(input.size()))
    throw std::runtime_error("the input did not fit in the pipe");
  close(fds[1]);
  std::ostringstream out;
  int c = 0;
  {
    TerminalGame game(options, fds[0], out);
    c = game.run();
  }
  close(fds[0]);
  if (code) *code = c;
  return out.str();
}

}  // namespace jungle::test
