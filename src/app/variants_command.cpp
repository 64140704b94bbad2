#include <iostream>
#include <string>
#include <vector>

#include "app/commands.h"
#include "game/family.h"

namespace jungle::app {

void add_variants_command(CLI::App& app) {
  CLI::App* cmd =
      app.add_subcommand("variants", "List the shipped rule sets, or check a rule-set file");
  auto file = std::make_shared<std::string>();
  CLI::App* check = cmd->add_subcommand("check", "Validate a rule-set file and report each error");
  check->add_option("file", *file, "The .toml file")->required();
  check->callback([file] {
    // Whose format the file is in is the registry's to say, broken or not.
    const std::vector<std::string> problems =
        game::family_of_variant_file(*file).check_variant_file(*file);
    for (const std::string& problem : problems) std::cout << problem << "\n";
    if (!problems.empty()) throw CLI::RuntimeError(1);
    std::cout << *file << ": ok\n";
  });
  cmd->callback([cmd] {
    if (!cmd->get_subcommands().empty()) return;
    // Each shipped set in the order players see them, described by its family.
    for (const std::string& name : game::shipped_variants()) {
      std::cout << name << " - " << game::family_of_variant(name).variant_description(name) << "\n";
    }
  });
}

}  // namespace jungle::app
