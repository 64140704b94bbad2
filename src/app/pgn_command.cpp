#include <iostream>
#include <string>
#include <vector>

#include "app/commands.h"
#include "core/file_io.h"
#include "core/game.h"
#include "core/game_record.h"
#include "flip/flip_record.h"
#include "hidden/hidden_record.h"

namespace jungle::app {

namespace {

bool read_file(const std::string& path, std::string& text) {
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
  if (!read_file(path, text)) return 2;
  int games = 0;
  const RecordSource source = RecordSource::of_file(path);
  // Hidden games (docs/hidden.md) hold announcements, not plain moves;
  // Flip Jungle games flips with what they revealed (docs/records.md).
  std::vector<RecordError> errors =
      hidden::is_hidden_record(text, source) ? hidden::check_hidden_records(text, &games, source)
      : flip::is_flip_record(text)           ? flip::check_flip_records(text, &games)
                                             : check_records(text, &games, source);
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

// Walks the game forward rather than keeping every position: a position
// carries the game's history, so keeping one per move would cost the
// square of the game's length.
void print_game(int number, const GameRecord& record, const RecordSource& source) {
  const Game game = Game::from_record(record, source);
  Position pos = game.start();
  const std::string blue = record.tag("Blue").empty() ? "?" : record.tag("Blue");
  const std::string red = record.tag("Red").empty() ? "?" : record.tag("Red");
  std::cout << "Game " << number << ": " << blue << " (Blue) - " << red << " (Red), "
            << game.variant() << "\n\nStart: " << pos.fen() << "\n"
            << pos.diagram();
  for (const RecordedMove& rm : game.moves()) {
    std::cout << "\n"
              << pos.move_number() << (pos.side_to_move() == kBlue ? ". " : "... ")
              << pos.rule_set().geometry().move_text(rm.move);
    if (!rm.comment.empty()) std::cout << " {" << rm.comment << "}";
    pos.do_move(rm.move);
    std::cout << "\n" << pos.diagram();
  }
  // A Termination tag can stand beside a "*" result, which declares nothing.
  const std::string term =
      game.termination().empty() ? record.tag("Termination") : game.termination();
  std::cout << "\nResult: " << record.result() << (term.empty() ? "" : " (" + term + ")") << "\n";
}

// A hidden game: the arbiter's record shows the truth after each
// announcement, a player's record that player's view.
void print_hidden_game(int number, const hidden::HiddenRecord& record) {
  const std::string blue = record.tag("Blue").empty() ? "?" : record.tag("Blue");
  const std::string red = record.tag("Red").empty() ? "?" : record.tag("Red");
  const std::string variant = record.tag("Variant").empty() ? "hidden" : record.tag("Variant");
  std::cout << "Game " << number << ": " << blue << " (Blue) - " << red << " (Red), " << variant;
  if (record.view) {
    const hidden::PlayerView& end = *record.view;
    const std::string who =
        end.viewer() ? side_name(*end.viewer()) + "'s view" : "a spectator's view";
    hidden::PlayerView view =
        hidden::PlayerView::from_fen(end.rule_set_ptr(), end.start_fen(), end.viewer());
    std::cout << ", " << who << "\n\nStart: " << view.fen() << "\n" << view.diagram();
    for (const hidden::Observation& o : end.history()) {
      std::cout << "\n"
                << view.move_number() << (view.side_to_move() == kBlue ? ". " : "... ")
                << hidden::observation_text(o, view.rule_set().geometry());
      view.apply(o);
      std::cout << "\n" << view.diagram();
    }
  } else {
    const hidden::HiddenGame& end = *record.game;
    hidden::HiddenGame game(end.start(), end.variant());
    std::cout << ", the arbiter's record\n\nSet-up: " << game.truth().fen() << "\n"
              << game.truth().diagram();
    for (const hidden::Observation& o : end.announcements()) {
      const int number_now = game.truth().move_number();
      const bool blue = game.truth().side_to_move() == kBlue;
      const std::string said =
          hidden::observation_text(game.play(o.move), game.rule_set().geometry());
      std::cout << "\n"
                << number_now << (blue ? ". " : "... ") << said << "\n"
                << game.truth().diagram();
    }
  }
  const std::string result = record.tag("Result").empty() ? "*" : record.tag("Result");
  const std::string term = record.tag("Termination");
  std::cout << "\nResult: " << result << (term.empty() ? "" : " (" + term + ")") << "\n";
}

// Prints every game, or only game `game_number` (1 the first; 0 all).
template <class Record, class Print>
int print_games(const std::string& path, const std::vector<Record>& games, int game_number,
                Print print) {
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
    print(i + 1, games[size_t(i)]);
  }
  return 0;
}

// A Flip Jungle game: the board after each ply, face-down tiles as '?'.
void print_flip_game(int number, const flip::FlipRecord& record) {
  auto tag = [&](std::string_view name) {
    for (const auto& [k, v] : record.tags) {
      if (k == name) return v;
    }
    return std::string();
  };
  const std::string blue = tag("Blue").empty() ? "?" : tag("Blue");
  const std::string red = tag("Red").empty() ? "?" : tag("Red");
  const flip::FlipPosition& end = record.position;
  flip::FlipPosition pos(end.rules_ptr(), end.initial_fen());
  std::cout << "Game " << number << ": " << blue << " (Blue) - " << red << " (Red), "
            << end.rules().name << "\n\nStart: " << pos.fen() << "\n"
            << flip::diagram(pos);
  for (size_t i = 0; i < end.history().size(); ++i) {
    std::cout << "\n"
              << i / 2 + 1 << (i % 2 == 0 ? ". " : "... ") << flip::ply_text(end.history()[i])
              << "\n";
    pos.play(end.history()[i]);
    std::cout << flip::diagram(pos);
  }
  // A game the board did not end (a resignation, time) has its result in the tags.
  GameResult result = GameResult::kOngoing;
  const flip::FlipEnd how = end.end(&result);
  const bool ended = how != flip::FlipEnd::kNone;
  const std::string result_text = ended                   ? std::string(result_tag(result))
                                  : tag("Result").empty() ? "*"
                                                          : tag("Result");
  const std::string term = ended ? std::string(flip::flip_end_tag(how)) : tag("Termination");
  std::cout << "\nResult: " << result_text << (term.empty() ? "" : " (" + term + ")") << "\n";
}

int run_flip_replay(const std::string& path, const std::string& text, int game_number) {
  std::vector<flip::FlipRecord> games;
  try {
    games = flip::read_flip_records(text);
  } catch (const RecordError& e) {
    std::cerr << path << ": " << e.what() << "\n";
    return 1;
  }
  return print_games(path, games, game_number, print_flip_game);
}

int run_hidden_replay(const std::string& path, const std::string& text, int game_number) {
  std::vector<hidden::HiddenRecord> games;
  try {
    games = hidden::read_hidden_records(text, RecordSource::of_file(path));
  } catch (const RecordError& e) {
    std::cerr << path << ": " << e.what() << "\n";
    return 1;
  }
  return print_games(path, games, game_number, print_hidden_game);
}

int run_replay(const std::string& path, int game_number) {
  std::string text;
  if (!read_file(path, text)) return 2;
  if (hidden::is_hidden_record(text, RecordSource::of_file(path))) {
    return run_hidden_replay(path, text, game_number);
  }
  if (flip::is_flip_record(text)) return run_flip_replay(path, text, game_number);
  std::vector<GameRecord> games;
  try {
    games = read_records(text, RecordSource::of_file(path));
  } catch (const RecordError& e) {
    std::cerr << path << ": " << e.what() << "\n";
    return 1;
  }
  return print_games(path, games, game_number, [&](int number, const GameRecord& record) {
    print_game(number, record, RecordSource::of_file(path));
  });
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
