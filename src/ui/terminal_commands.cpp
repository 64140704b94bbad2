// The terminal's commands that change or show the game: help, moves, undo,
// resign, save and load.

#include "ui/terminal_game.h"

#include <algorithm>
#include <fstream>
#include <iostream>

#include "core/file_io.h"
#include "core/game.h"
#include "core/text_util.h"
#include "game/engine_options.h"
#include "search/strength_levels.h"
#include "ui/observation_view.h"
#include "ui/setup_screen.h"

namespace jungle {

void TerminalGame::print_help() {
  const game::Capabilities can = state_->family().capabilities();
  out_ << "Type an action as the moves command lists it: a move is its from-square then its\n"
          "to-square (a3a4)"
       << (can.chance ? "; a flip is its square and ? (b2?), or b2?=L to say what it revealed" : "")
       << (can.hidden_information ? "; a move onto an enemy piece attacks it" : "")
       << ".\nCommands:\n"
          "  help            this list\n"
          "  moves           the legal moves here\n"
          "  board           the board again\n"
          "  log             every move so far, as everyone was told it\n";
  if (can.hidden_information) {
    out_ << "  pieces          what each enemy piece can still be\n";
  }
  if (can.undo) out_ << "  undo            take back your last move and the engine's reply\n";
  out_ << "  hint            ask the engine for a move\n"
          "  stop            make the thinking engine move now\n";
  out_ << "  flip            turn the board around\n"
          "  fen             the position as FEN"
       << (can.hidden_information ? " (as you see it)" : "")
       << "\n"
          "  save FILE       write the game record (docs/records.md)\n"
          "  load FILE [N]   continue game N (default 1) of a record file\n"
          "  resign          give up the game\n"
          "  new             start again from this game's first position\n";
  if (engine_has("Skill Level")) {
    out_ << "  level N         engine strength, Level 1 (beginner) to 8 (full strength),\n"
            "                  as on the web page\n"
            "  skill N         finer: the engine's skill, 0 to 20 (Level 8 is 20)\n";
  }
  out_ << "  rules           the rules of this game in words\n"
          "  variant NAME    new game under a shipped rule set or a .toml file\n"
          "  quit            leave (the record is written if --save was given);\n"
          "                  Ctrl-C does the same\n";
}

void TerminalGame::print_moves() {
  const game::Actor actor = state_->actor();
  if (!actor.is_side()) {
    out_ << "No legal moves: the game is over.\n";
    return;
  }
  const std::vector<std::string> actions = state_->observe(actor.side).legal_actions;
  out_ << "Legal moves (" << actions.size() << "):";
  for (const std::string& a : actions) out_ << " " << a;
  out_ << "\n";
}

// ---------------------------------------------------------------- people and the screen

// Seats, not colours: the player who acted first at the start keeps
// options_.human[start side] whatever colour a Flip Jungle first flip gives
// it. A player's turn passes with each ply (a hidden game's refused attack
// is none: the same side tries again).

void TerminalGame::undo() {
  cancel_search();
  if (state_->over() && is_declared_termination(state_->termination())) {
    // A resignation (or a loaded game's declared end) is the last thing to
    // take back: the game as it was before it.
    if (before_declared_) {
      state_ = std::move(before_declared_);
    } else if (!state_->actions().empty()) {
      const std::string last = state_->actions().back();
      state_->undo();
      state_->apply(last);
    } else {
      out_ << "Nothing to take back.\n";
      return;
    }
    sync_seats();
    announced_ = false;
    out_ << "The game goes on.\n";
    show_board();
    return;
  }
  // Back to the last position a person had to move in: with the engine,
  // its reply and chance's outcomes go too; with no person, one move.
  const bool anyone = options_.human[kBlue] || options_.human[kRed];
  std::unique_ptr<game::State> back = state_->clone();
  bool reached = false;
  while (back->undo()) {
    const game::Actor actor = back->actor();
    if (!actor.is_side()) continue;
    const Side seat = back->plies() % 2 == 0 ? start_side_ : opponent(start_side_);
    if (!anyone || options_.human[seat]) {
      reached = true;
      break;
    }
  }
  if (!reached) {
    out_ << "Nothing to take back.\n";
    return;
  }
  const int taken = state_->plies() - back->plies();
  state_ = std::move(back);
  sync_seats();
  comments_.resize(size_t(state_->plies()));
  while (!events_.empty() && events_.back().actions > state_->actions().size()) events_.pop_back();
  for (size_t& t : told_) t = std::min(t, events_.size());
  announced_ = false;
  out_ << "Took back " << taken << (taken == 1 ? " move.\n" : " moves.\n");
  show_board();
}

void TerminalGame::resign() {
  if (state_->over()) {
    out_ << "The game is already over.\n";
    return;
  }
  cancel_search();
  Side loser = state_->actor().is_side() ? state_->actor().side : kBlue;
  if (person_plays(kBlue) != person_plays(kRed)) loser = person_plays(kBlue) ? kBlue : kRed;
  std::unique_ptr<game::State> before = state_->clone();
  try {
    state_->declare(loser == kBlue ? GameResult::kRedWins : GameResult::kBlueWins, "resignation");
  } catch (const std::invalid_argument& e) {
    out_ << "error: " << e.what() << "\n";
    return;
  }
  before_declared_ = std::move(before);
  announced_ = false;
  announce_end();
}

// `level N` takes the web page's levels (1..8), `skill N` the engine's own
// scale (0..20); both answer with the one name records and the page use.

void TerminalGame::save(const std::string& path, bool at_exit) {
  const game::Tags tags = {{"Event", "jungle play"},
                           {"Date", today()},
                           {"Blue", player_name(kBlue)},
                           {"Red", player_name(kRed)}};
  const game::Viewer viewer = screen_viewer();
  const bool seen = !at_exit && !state_->over() &&
                    state_->family().capabilities().hidden_information && viewer.has_value();
  std::ofstream file(path, std::ios::binary);
  file << (seen ? state_->record_seen_by(viewer, tags) : state_->record(tags, comments_));
  if (!file) {
    out_ << "error: cannot write " << path << "\n";
    return;
  }
  out_ << "Saved " << (seen ? side_name(*viewer) + "'s view of the game" : "the game") << " to "
       << path << ".\n";
}

bool TerminalGame::load(const std::string& path, int game_number) {
  std::string text;
  try {
    text = read_small_file(path, kMaxRecordFileBytes);
  } catch (const FileReadError& e) {
    out_ << "error: cannot read " << e.what() << "\n";
    return false;
  }
  // A record's Variant may name a rule file only in the record's folder.
  const RecordSource source = RecordSource::of_file(path);
  std::vector<game::RecordedGame> games;
  try {
    games = game::family_of_record(text, source).read_records(text, source);
  } catch (const RecordError& e) {
    out_ << "error: " << path << ": " << e.what() << "\n";
    return false;
  } catch (const std::invalid_argument& e) {
    out_ << "error: " << path << ": " << e.what() << "\n";
    return false;
  }
  if (game_number < 1 || game_number > int(games.size())) {
    out_ << "error: " << path << " holds " << games.size()
         << (games.size() == 1 ? " game" : " games") << "; there is no game " << game_number
         << "\n";
    return false;
  }
  game::RecordedGame& g = games[size_t(game_number - 1)];
  if (!g.state) {
    out_ << "error: " << path << " holds " << (g.seen ? g.seen->title : "a player's record")
         << ", not the whole game: only the arbiter's record of a game can go on\n";
    return false;
  }
  const std::string start = game::start_of(*g.state)->fen();
  adopt(std::move(g.state), start, std::move(g.comments));
  out_ << "Loaded game " << game_number << " of " << path << " (" << state_->plies()
       << (state_->plies() == 1 ? " ply).\n" : " plies).\n");
  return true;
}

// ---------------------------------------------------------------- the engine

}  // namespace jungle
