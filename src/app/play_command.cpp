#include <signal.h>
#include <unistd.h>

#include <cstdlib>
#include <iostream>
#include <string>

#include "app/commands.h"
#include "search/strength_levels.h"
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

int run_play(PlayOptions opt) {
  // --side blue is whoever acts first: in a Flip Jungle set where the first
  // flip decides the colours, the player who flips first (docs/flip.md).
  opt.game.human = {opt.side == "blue" || opt.side == "both",
                    opt.side == "red" || opt.side == "both"};
  opt.game.seed = opt.seed;
  opt.game.colour = wants_colour();
  // Prompts only when a person types and reads; a script sees plain lines.
  opt.game.prompts = isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
  // Two people at one screen of a hidden game: each hand-over clears it.
  opt.game.clear_screen = isatty(STDOUT_FILENO);
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
  cmd->add_option("--variant", opt->game.variant,
                  "Rule set of any family (the open game, flip, hidden): a shipped name or a "
                  ".toml file")
      ->capture_default_str();
  CLI::Option* fen = cmd->add_option(
      "--fen", opt->game.fen,
      "Start from this position (a hidden game: the arbiter's FEN, every animal shown)");
  cmd->add_option("--load", opt->game.load_file, "Continue the first game of this record file")
      ->excludes(fen);
  cmd->add_option("--save", opt->game.save_file, "Write the game record to this file on exit");
  cmd->add_option("--tb", opt->game.tb_dir, "Folder of endgame tables for the engine and hint");
  cmd->add_option("--seed", opt->seed,
                  "Seed of chance: what flips reveal, a hidden game's secret set-up (0: random)");
  cmd->add_flag("--ascii", opt->game.ascii,
                "Letters (E L T P W D C R) instead of 象獅虎豹狼狗貓鼠");
  cmd->callback([opt] {
    int code = run_play(*opt);
    if (code != 0) throw CLI::RuntimeError(code);
  });
}

}  // namespace jungle::app
