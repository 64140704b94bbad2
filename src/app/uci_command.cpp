#include <iostream>

#include "app/commands.h"
#include "protocol/uci.h"

namespace jungle::app {

int run_uci() {
  UciProtocol protocol(std::cin, std::cout);
  return protocol.run();
}

void add_uci_command(CLI::App& app) {
  CLI::App* cmd = app.add_subcommand(
      "uci", "Speak the engine protocol (UCI) on standard input and output (the default)");
  cmd->callback([] {
    const int code = run_uci();
    if (code != 0) throw CLI::RuntimeError(code);
  });
}

}  // namespace jungle::app
