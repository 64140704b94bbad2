#include <iostream>
#include <string>

#include "app/commands.h"
#include "core/variants.h"
#include "flip/flip_rules.h"
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
    for (const std::string& name : builtin_variant_names()) {
      std::cout << name << " - " << builtin_rules(name).description << "\n";
    }
    // Flip Jungle's sets (variants/flip/) are another game on a 4x4 board.
    for (const std::string& name : flip::builtin_flip_names()) {
      std::cout << name << " - " << flip::load_flip_rules(name)->description << "\n";
    }
  });
}

}  // namespace jungle::app
