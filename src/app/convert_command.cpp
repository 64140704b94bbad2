#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "app/commands.h"
#include "app/variant_option.h"
#include "core/dialect.h"
#include "core/file_io.h"
#include "game/family.h"
#include "notation/convert.h"
#include "notation/record_text.h"

namespace jungle::app {

namespace {

struct ConvertOptions {
  std::string from;
  std::string to;
  std::string fen;
  std::vector<std::string> moves;
  bool moves_given = false;
  std::string record;
  std::string variant = "standard";
};

int run_convert(const ConvertOptions& opt) {
  using namespace notation;
  const std::optional<Dialect> from = parse_dialect(opt.from);
  const std::optional<Dialect> to = parse_dialect(opt.to);
  if (!from || !to) {
    std::cerr << "error: --" << (from ? "to" : "from") << " " << (from ? opt.to : opt.from)
              << " is not a dialect; the dialects are " << dialect_list() << "\n";
    return 2;
  }
  if (!opt.record.empty()) {
    if (!opt.fen.empty() || opt.moves_given) {
      std::cerr << "error: --record converts whole games; give it without --fen and --moves\n";
      return 2;
    }
    try {
      const std::string text = read_small_file(opt.record, kMaxRecordFileBytes);
      std::cout << convert_records(text, *from, *to);
    } catch (const FileReadError& e) {
      std::cerr << "error: " << e.what() << "\n";
      return 2;
    } catch (const NotationError& e) {
      std::cerr << "error: " << opt.record << ": " << e.what() << "\n";
      return 2;
    }
    return 0;
  }
  if (opt.fen.empty() && !opt.moves_given) {
    std::cerr << "error: give --fen POSITION, --moves MOVE..., both, or --record FILE\n";
    return 2;
  }
  const game::Family* family = nullptr;
  try {
    family = &game::family_of_variant(opt.variant);
    for (const Dialect d : {*from, *to}) {
      if (!family->speaks(d, opt.variant)) {
        std::cerr << "error: --variant " << opt.variant << ": its games are not written in "
                  << dialect_name(d) << "'s notation (docs/dialects.md)\n";
        return 2;
      }
    }
  } catch (const std::invalid_argument& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 2;
  }
  try {
    if (!opt.fen.empty()) {
      std::cout << family->fen_to_theirs(*to, family->fen_to_ours(*from, opt.fen)) << "\n";
    }
    if (opt.moves_given && family->capabilities().chance) {
      // What a flip reveals is not in its action, so the actions cannot be
      // played to check them: each is converted as it is written.
      for (const std::string& move : opt.moves) {
        std::cout << family->action_to_theirs(*to, family->action_to_ours(*from, move)) << "\n";
      }
    } else if (opt.moves_given) {
      const RuleSetPtr rules = load_variant_or_report(opt.variant);
      if (!rules) return 2;
      for (const std::string& move : convert_moves(opt.moves, *from, *to, opt.fen, rules)) {
        std::cout << move << "\n";
      }
    }
  } catch (const NotationError& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 2;
  }
  return 0;
}

}  // namespace

void add_convert_command(CLI::App& app) {
  auto opt = std::make_shared<ConvertOptions>();
  CLI::App* cmd =
      app.add_subcommand("convert",
                         "Convert positions and moves between this program's notation and other "
                         "programs' (docs/dialects.md)");
  cmd->add_option("--from", opt->from, "Dialect of the input: " + notation::dialect_list())
      ->required();
  cmd->add_option("--to", opt->to, "Dialect of the output: " + notation::dialect_list())
      ->required();
  cmd->add_option("--fen", opt->fen,
                  "A position in the --from dialect; printed in --to's, and the moves start there");
  cmd->add_option("--moves", opt->moves,
                  "Moves in the --from dialect, played from --fen or the start, one converted "
                  "move printed a line (a KataGo move is one argument: \"play b A3; play b A4\")");
  cmd->add_option("--record", opt->record,
                  "A file of games (JGN; a game without a Notation tag is in --from's "
                  "dialect, docs/dialects.md); printed in --to's, with its Notation tag");
  cmd->add_option("--variant", opt->variant,
                  "Rule set of the position and the moves: a 7x9 one, whose moves are checked, "
                  "or a Flip Jungle set (mistboard's notation), whose actions are converted as "
                  "written");
  cmd->callback([opt, cmd] {
    opt->moves_given = cmd->count("--moves") > 0;
    const int code = run_convert(*opt);
    if (code != 0) throw CLI::RuntimeError(code);
  });
}

}  // namespace jungle::app
