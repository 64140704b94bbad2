// `uci` and `setoption`: the options the engine of the current family
// announces, and the protocol's own (Variant, Ponder, Dialect).

#include <algorithm>
#include <sstream>
#include <stdexcept>

#include "core/text_util.h"
#include "core/variants.h"
#include "game/engine_options.h"
#include "protocol/uci.h"
#include "protocol/uci_dialect.h"

namespace jungle {

void UciProtocol::cmd_uci() {
  std::ostringstream s;
  s << "id name jungle\n"
    << "id author the jungle authors\n";
  for (const game::OptionSpec& o : engine_->options()) s << game::option_uci_text(o) << "\n";
  s << "option name Ponder type check default " << (ponder_ ? "true" : "false") << "\n"
    << "option name Variant type string default " << variant_ << "\n"
    << "option name Dialect type combo default " << notation::dialect_name(dialect_)
    << " var jungle var mistboard\n"
    << "uciok";
  send(s.str());
}

void UciProtocol::cmd_setoption(const std::vector<std::string>& args) {
  // setoption name <words...> [value <words...>]
  auto value_at = std::find(args.begin(), args.end(), "value");
  if (args.empty() || args[0] != "name" || args.size() < 2 || value_at == args.begin() + 1) {
    error("setoption: expected 'setoption name <option> value <value>'");
    return;
  }
  const size_t value_index = size_t(value_at - args.begin());
  const std::string shown = join_words(args, 1, value_index);
  const std::string name = lower(shown);
  const std::string value =
      value_at == args.end() ? "" : join_words(args, value_index + 1, args.size());
  if (name == "variant") {
    cmd_variant(value);
    return;
  }
  if (name == "dialect") {
    cmd_dialect(value);
    return;
  }
  if (name == "ponder") {
    const std::string v = lower(value);
    if (v != "true" && v != "false") {
      error("setoption: Ponder must be true or false, not '" + value + "'");
      return;
    }
    ponder_ = v == "true";
    return;
  }
  // Values are checked first, and a running search is stopped only to
  // change something, so that a mistyped option leaves it alone.
  const std::vector<game::OptionSpec> specs = engine_->options();
  const game::OptionSpec* spec = game::find_option(specs, name);
  if (!spec) {
    error("setoption: unknown option '" + shown + "'");
    return;
  }
  try {
    switch (spec->type) {
      case game::OptionSpec::Type::kSpin:
        (void)game::spin_value(*spec, value);
        break;
      case game::OptionSpec::Type::kCheck:
        (void)game::check_value(*spec, value);
        break;
      case game::OptionSpec::Type::kCombo:
        (void)game::combo_value(*spec, value);
        break;
      case game::OptionSpec::Type::kString:
      case game::OptionSpec::Type::kButton:
        break;
    }
    interrupt();
    for (const std::string& w : engine_->set_option(spec->name, value)) error("setoption: " + w);
  } catch (const std::exception& e) {
    error(std::string("setoption: ") + e.what());
    return;
  }
  if (spec->type == game::OptionSpec::Type::kButton) return;
  settings_.erase(std::remove_if(settings_.begin(), settings_.end(),
                                 [&](const auto& s) { return lower(s.first) == name; }),
                  settings_.end());
  settings_.emplace_back(spec->name, value);
}

void UciProtocol::cmd_dialect(const std::string& value) {
  const std::optional<notation::Dialect> dialect = uci_dialect::parse(value);
  if (!dialect) {
    error("setoption: Dialect must be one of " + std::string(uci_dialect::kNames) + ", not '" +
          value + "'");
    return;
  }
  // Positions and moves from now on; the position already given stands.
  dialect_ = *dialect;
}

void UciProtocol::cmd_variant(const std::string& value) {
  if (value.empty()) {
    error("setoption: Variant needs a rule-set name or a .toml file");
    return;
  }
  const game::Family* family = nullptr;
  try {
    family = &game::family_of_variant(value);
  } catch (const std::exception& e) {
    // No family owns it: the rule-set loader says why (a file that is not
    // a regular file, a TOML error with its line).
    std::string why = e.what();
    try {
      (void)load_variant(value);
    } catch (const VariantError& v) {
      why = v.one_line();
    } catch (const std::exception& v) {
      why = v.what();
    }
    error("setoption: Variant '" + value + "': " + why);
    return;
  }
  try {
    if (family == family_) {
      interrupt();
      engine_->set_option("Variant", value);
      use_family(*family, value, std::move(engine_));
      return;
    }
    // Another family: its engine, given the options set so far that it offers too.
    std::unique_ptr<game::Engine> engine = family->make_engine();
    engine->set_option("Variant", value);
    const std::vector<game::OptionSpec> specs = engine->options();
    for (const auto& [name, v] : settings_) {
      if (!game::find_option(specs, name)) continue;
      try {
        (void)engine->set_option(name, v);
      } catch (const std::exception&) {
        // Out of this engine's range: it keeps its default.
      }
    }
    interrupt();
    use_family(*family, value, std::move(engine));
  } catch (const std::exception& e) {
    error("setoption: " + std::string(e.what()));
  }
}

}  // namespace jungle
