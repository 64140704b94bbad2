#include <iostream>
#include <string>
#include <vector>

#include "app/commands.h"
#include "core/file_io.h"
#include "core/game_record.h"
#include "game/family.h"

namespace jungle::app {

namespace {

bool read_record_file(const std::string& path, std::string& text) {
  try {
    text = read_small_file(path, kMaxRecordFileBytes);
    return true;
  } catch (const FileReadError& e) {
    std::cerr << "error: cannot read " << e.what() << "\n";
    return false;
  }
}

int run_check(const std::string& path) {
  std::string text;
  if (!read_record_file(path, text)) return 2;
  int games = 0;
  const RecordSource source = RecordSource::of_file(path);
  const std::vector<RecordError> errors =
      game::family_of_record(text, source).check_records(text, &games, source);
  for (const RecordError& e : errors) std::cout << path << ": " << e.what() << "\n";
  if (!errors.empty()) {
    std::cout << path << ": " << errors.size() << " of " << games
              << (games == 1 ? " game has errors\n" : " games have errors\n");
    return 1;
  }
  if (games == 0) {
    std::cout << path << ": no game found\n";
    return 1;
  }
  std::cout << path << ": " << games << (games == 1 ? " game" : " games") << " ok\n";
  return 0;
}

// One game: its players, its start and the board after each ply, as its
// record lets it be seen (the arbiter's record: the truth; a player's: that
// player's view).
void print_game(int number, const game::RecordedGame& g) {
  const std::string blue = g.tag("Blue").empty() ? "?" : g.tag("Blue");
  const std::string red = g.tag("Red").empty() ? "?" : g.tag("Red");
  const game::Replay replay = g.state ? game::replay_of(*g.state, g.comments) : *g.seen;
  const std::string variant = g.state ? g.state->variant() : g.tag("Variant");
  std::cout << "Game " << number << ": " << blue << " (Blue) - " << red << " (Red), " << variant
            << (replay.title.empty() ? "" : ", " + replay.title)
            << "\n\nStart: " << replay.start_fen << "\n"
            << replay.start_diagram;
  for (const game::ReplayStep& step : replay.steps) {
    std::cout << "\n" << step.ply_number << " " << step.event;
    if (!step.comment.empty()) std::cout << " {" << step.comment << "}";
    std::cout << "\n" << step.diagram;
  }
  // The board's result, or a declared one; a Termination tag can stand
  // beside a "*" result, which declares nothing.
  const std::string result = g.state ? std::string(result_tag(g.state->result()))
                                     : (g.tag("Result").empty() ? "*" : g.tag("Result"));
  const std::string term =
      g.state && !g.state->termination().empty() ? g.state->termination() : g.tag("Termination");
  std::cout << "\nResult: " << result << (term.empty() ? "" : " (" + term + ")") << "\n";
}

int run_replay(const std::string& path, int game_number) {
  std::string text;
  if (!read_record_file(path, text)) return 2;
  const RecordSource source = RecordSource::of_file(path);
  std::vector<game::RecordedGame> games;
  try {
    games = game::family_of_record(text, source).read_records(text, source);
  } catch (const RecordError& e) {
    std::cerr << path << ": " << e.what() << "\n";
    return 1;
  }
  if (games.empty()) {
    std::cerr << "error: " << path << " holds no game\n";
    return 1;
  }
  if (game_number > int(games.size())) {
    std::cerr << "error: " << path << " holds " << games.size()
              << (games.size() == 1 ? " game, not " : " games, not ") << game_number << "\n";
    return 2;
  }
  bool first = true;
  for (int i = 0; i < int(games.size()); ++i) {
    if (game_number > 0 && i + 1 != game_number) continue;
    if (!first) std::cout << "\n";
    first = false;
    print_game(i + 1, games[size_t(i)]);
  }
  return 0;
}

}  // namespace

void add_pgn_command(CLI::App& app) {
  CLI::App* cmd = app.add_subcommand("pgn", "Check or replay game records (docs/records.md)");
  cmd->require_subcommand(1);

  auto check_file = std::make_shared<std::string>();
  CLI::App* check = cmd->add_subcommand("check", "Validate every game in a record file");
  check->add_option("file", *check_file, "The record file")->required();
  check->callback([check_file] {
    int code = run_check(*check_file);
    if (code != 0) throw CLI::RuntimeError(code);
  });

  auto replay_file = std::make_shared<std::string>();
  auto game_number = std::make_shared<int>(0);
  CLI::App* replay_cmd =
      cmd->add_subcommand("replay", "Print the board after each move of the games in a file");
  replay_cmd->add_option("file", *replay_file, "The record file")->required();
  replay_cmd->add_option("--game", *game_number, "Only this game (1 is the first)")
      ->check(CLI::PositiveNumber);
  replay_cmd->callback([replay_file, game_number] {
    int code = run_replay(*replay_file, *game_number);
    if (code != 0) throw CLI::RuntimeError(code);
  });
}

}  // namespace jungle::app
