#include <iostream>
#include <string>

#include "app/commands.h"
#include "core/variants.h"
#include "flip/flip_rules.h"

namespace jungle::app {

void add_variants_command(CLI::App& app) {
  CLI::App* cmd =
      app.add_subcommand("variants", "List the shipped rule sets, or check a rule-set file");
  auto file = std::make_shared<std::string>();
  CLI::App* check = cmd->add_subcommand("check", "Validate a rule-set file and report each error");
  check->add_option("file", *file, "The .toml file")->required();
  check->callback([file] {
    if (flip::is_flip_variant(*file)) {
      try {
        flip::load_flip_rules(*file);
      } catch (const flip::FlipRulesError& e) {
        std::cout << e.what() << "\n";
        throw CLI::RuntimeError(1);
      }
      std::cout << *file << ": ok\n";
      return;
    }
    std::vector<VariantIssue> issues = check_rules_file(*file);
    for (const VariantIssue& issue : issues) std::cout << issue.to_string() << "\n";
    if (!issues.empty()) throw CLI::RuntimeError(1);
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
