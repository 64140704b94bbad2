#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>

#include "app/commands.h"
#include "app/variant_option.h"
#include "game/family.h"
#include "protocol/gtp.h"

namespace jungle::app {

void add_gtp_command(CLI::App& app) {
  CLI::App* cmd = app.add_subcommand(
      "gtp",
      "Speak GTP in KataGo-AnimalChess's dialect on standard input and output (docs/dialects.md)");
  auto variant = std::make_shared<std::string>("standard");
  cmd->add_option("--variant", *variant, "rule set of the open game on the 7x9 board, or a file");
  cmd->callback([variant] {
    // Another family's set is named as such, not reported as unknown to the
    // open game's loader; an open set's file with problems lists each.
    const game::Family* family = nullptr;
    try {
      family = &game::family_of_variant(*variant);
    } catch (const std::invalid_argument&) {
    }
    if ((!family || family->name() == "open") && !load_variant_or_report(*variant))
      throw CLI::RuntimeError(2);
    try {
      GtpProtocol protocol(std::cin, std::cout, *variant);
      const int code = protocol.run();
      if (code != 0) throw CLI::RuntimeError(code);
    } catch (const std::invalid_argument& e) {
      std::cerr << "error: --variant " << *variant << ": " << e.what() << "\n";
      throw CLI::RuntimeError(2);
    }
  });
}

}  // namespace jungle::app
