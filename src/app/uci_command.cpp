#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include "app/commands.h"
#include "game/family.h"
#include "protocol/uci.h"
#include "protocol/uci_dialect.h"

namespace jungle::app {

int run_uci(notation::Dialect dialect, const std::string& variant) {
  UciProtocol protocol(std::cin, std::cout, dialect);
  if (!variant.empty()) protocol.execute("setoption name Variant value " + variant);
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
  // Likewise the game: a mistboard bot plays its site's Jungle (`mistboard`)
  // or its Flip Jungle (`flip`) from its first position on.
  auto variant = std::make_shared<std::string>();
  cmd->add_option("--variant", *variant,
                  "the rule set to start with, as `setoption name Variant` would set it");
  cmd->callback([dialect, variant] {
    const std::optional<notation::Dialect> d = uci_dialect::parse(*dialect);
    if (!d) {
      std::cerr << "error: --dialect " << *dialect << ": expected one of " << uci_dialect::kNames
                << "\n";
      throw CLI::RuntimeError(2);
    }
    if (!variant->empty()) {
      try {
        (void)game::family_of_variant(*variant);
      } catch (const std::exception& e) {
        std::cerr << "error: --variant " << *variant << ": " << e.what() << "\n";
        throw CLI::RuntimeError(2);
      }
    }
    const int code = run_uci(*d, *variant);
    if (code != 0) throw CLI::RuntimeError(code);
  });
}

}  // namespace jungle::app
