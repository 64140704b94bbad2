#include <signal.h>
#include <unistd.h>

#include <cstdlib>
#include <iostream>
#include <string>

#include "app/commands.h"
#include "core/file_io.h"
#include "core/variants.h"
#include "flip/flip_record.h"
#include "flip/flip_rules.h"
#include "search/strength_levels.h"
#include "ui/flip_terminal.h"
#include "ui/hidden_terminal.h"
#include "ui/terminal_game.h"

namespace jungle::app {

namespace {

struct PlayOptions {
  std::string side = "blue";
  TerminalOptions game;
  uint64_t seed = 0;
};

// Colour only for a person at a terminal; NO_COLOR and TERM=dumb opt out.
bool wants_colour() {
  if (!isatty(STDOUT_FILENO)) return false;
  if (const char* no_colour = std::getenv("NO_COLOR"); no_colour && *no_colour) return false;
  const char* term = std::getenv("TERM");
  return !(term && std::string(term) == "dumb");
}

// Flip Jungle: --side blue is the first player (whose colour the first
// flip decides in a first-flip set), red the second.
int run_flip_play(const PlayOptions& opt) {
  FlipTerminalOptions f;
  f.human = {opt.side == "blue" || opt.side == "both", opt.side == "red" || opt.side == "both"};
  f.movetime_ms = opt.game.movetime_ms;
  f.variant = opt.game.variant;
  f.fen = opt.game.fen;
  f.save_file = opt.game.save_file;
  f.load_file = opt.game.load_file;
  f.seed = opt.seed;
  signal(SIGPIPE, SIG_IGN);
  return run_flip_terminal(f, std::cin, std::cout);
}

// A record to load that holds a Flip Jungle game (its Variant tag says).
bool loads_flip_record(const std::string& path) {
  if (path.empty()) return false;
  try {
    return flip::is_flip_record(read_small_file(path, kMaxRecordFileBytes));
  } catch (const FileReadError&) {
    return false;  // the 7x9 game's loader reports it
  }
}

// Hidden pieces (docs/hidden.md): each person sees only its own view.
int run_hidden_play(const PlayOptions& opt) {
  if (!opt.game.fen.empty() || !opt.game.load_file.empty()) {
    std::cerr << "error: a hidden game starts from a secret set-up; --fen and --load are for "
                 "open games (jungle pgn replay shows a hidden game's record)\n";
    return 2;
  }
  HiddenTerminalOptions h;
  h.human = {opt.side == "blue" || opt.side == "both", opt.side == "red" || opt.side == "both"};
  h.movetime_ms = opt.game.movetime_ms;
  h.variant = opt.game.variant;
  h.save_file = opt.game.save_file;
  h.seed = opt.seed;
  h.clear_screen = isatty(STDOUT_FILENO);
  signal(SIGPIPE, SIG_IGN);
  return run_hidden_terminal(h, std::cin, std::cout);
}

bool hides_pieces(const std::string& variant) {
  try {
    return load_variant(variant)->rules().hidden_pieces;
  } catch (const std::exception&) {
    return false;  // the usual path reports a bad variant
  }
}

int run_play(PlayOptions opt) {
  if (flip::is_flip_variant(opt.game.variant) || loads_flip_record(opt.game.load_file)) {
    return run_flip_play(opt);
  }
  if (hides_pieces(opt.game.variant)) return run_hidden_play(opt);
  opt.game.human = {opt.side == "blue" || opt.side == "both",
                    opt.side == "red" || opt.side == "both"};
  opt.game.colour = wants_colour();
  // Prompts only when a person types and reads; a script sees plain lines.
  opt.game.prompts = isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
  // Ctrl-C or a closed terminal ends the game as `quit` does, saving it.
  opt.game.catch_signals = true;
  // A reader that goes away should end the game, not the process mid-write.
  signal(SIGPIPE, SIG_IGN);
  TerminalGame game(opt.game, STDIN_FILENO, std::cout);
  return game.run();
}

}  // namespace

void add_play_command(CLI::App& app) {
  auto opt = std::make_shared<PlayOptions>();
  CLI::App* cmd = app.add_subcommand("play", "Play a game on the terminal against the engine");
  cmd->add_option("--side", opt->side,
                  "The side you play: blue, red, both (two people) or none (engine against engine)")
      ->check(CLI::IsMember({"blue", "red", "both", "none"}))
      ->capture_default_str();
  // --level is the web page's scale and name; --skill the engine's own.
  CLI::Option* level =
      cmd->add_option_function<int>(
             "--level", [opt](int n) { opt->game.skill = kStrengthLevels[size_t(n - 1)].skill; },
             "Engine strength as on the web page: 1 (beginner) to 8 (full strength, the default)")
          ->check(CLI::Range(1, int(kStrengthLevels.size())));
  cmd->add_option("--skill", opt->game.skill,
                  "The engine's skill on its own scale, 0 to 20 (Level 8 is 20)")
      ->check(CLI::Range(0, 20))
      ->excludes(level);
  cmd->add_option("--movetime", opt->game.movetime_ms, "Engine thinking time per move in ms")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  cmd->add_option("--variant", opt->game.variant, "Rule set: a shipped name or a .toml file")
      ->capture_default_str();
  CLI::Option* fen = cmd->add_option("--fen", opt->game.fen, "Start from this position");
  cmd->add_option("--load", opt->game.load_file, "Continue the first game of this record file")
      ->excludes(fen);
  cmd->add_option("--save", opt->game.save_file, "Write the game record to this file on exit");
  cmd->add_option("--tb", opt->game.tb_dir, "Folder of endgame tables for the engine and hint");
  cmd->add_option("--seed", opt->seed,
                  "Flip Jungle: seed of what flips reveal; hidden pieces: of the secret set-up "
                  "(0: random)");
  cmd->add_flag("--ascii", opt->game.ascii,
                "Letters (E L T P W D C R) instead of 象獅虎豹狼狗貓鼠");
  cmd->callback([opt] {
    int code = run_play(*opt);
    if (code != 0) throw CLI::RuntimeError(code);
  });
}

}  // namespace jungle::app
