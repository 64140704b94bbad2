#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include "app/commands.h"
#include "protocol/uci.h"
#include "protocol/uci_dialect.h"

namespace jungle::app {

int run_uci(notation::Dialect dialect) {
  UciProtocol protocol(std::cin, std::cout, dialect);
  return protocol.run();
}

void add_uci_command(CLI::App& app) {
  CLI::App* cmd = app.add_subcommand(
      "uci", "Speak the engine protocol (UCI) on standard input and output (the default)");
  auto dialect = std::make_shared<std::string>("jungle");
  // mistboard's server starts an engine by its path alone and sends no
  // setoption, so the dialect must be choosable where the process starts.
  cmd->add_option("--dialect", *dialect,
                  "positions and moves in our notation (jungle) or mistboard's (docs/dialects.md)");
  cmd->callback([dialect] {
    const std::optional<notation::Dialect> d = uci_dialect::parse(*dialect);
    if (!d) {
      std::cerr << "error: --dialect " << *dialect << ": expected one of " << uci_dialect::kNames
                << "\n";
      throw CLI::RuntimeError(2);
    }
    const int code = run_uci(*d);
    if (code != 0) throw CLI::RuntimeError(code);
  });
}

}  // namespace jungle::app
