#include "ui/flip_terminal.h"

#include <fstream>
#include <random>
#include <sstream>

#include "core/file_io.h"
#include "core/game_record.h"
#include "core/random_bits.h"
#include "core/secure_random.h"
#include "flip/flip_position.h"
#include "flip/flip_record.h"
#include "flip/flip_search.h"

namespace jungle {

namespace {

using flip::Action;
using flip::FlipPosition;
using flip::Ply;

std::string board_text(const FlipPosition& pos) {
  std::ostringstream s;
  s << flip::diagram(pos);
  // The pool is known to both players: list it, Blue's then Red's.
  s << "Face down (" << pos.hidden_count() << ")";
  for (Side side : {kBlue, kRed}) {
    std::string names;
    for (int a = 0; a < kAnimals; ++a) {
      const int n = pos.pool_count(make_piece(side, Animal(a)));
      if (n == 0) continue;
      if (!names.empty()) names += ' ';
      names += animal_name(Animal(a));
    }
    s << (side == kBlue ? ": " : "; ") << side_name(side) << " "
      << (names.empty() ? "none" : names);
  }
  s << '\n';
  return s.str();
}

std::string revealed_text(Piece p) {
  std::string text = "the ";
  text += side_name(side_of(p));
  text += ' ';
  text += animal_name(animal_of(p));
  return text;
}

// The first game of a record file, or an error on `err`.
std::optional<FlipPosition> load_record(const std::string& path, std::ostream& err) {
  try {
    return flip::read_flip_record(read_small_file(path, kMaxRecordFileBytes)).position;
  } catch (const FileReadError& e) {
    err << "error: cannot read " << e.what() << "\n";
  } catch (const RecordError& e) {
    err << "error: " << path << ": " << e.what() << "\n";
  }
  return std::nullopt;
}

}  // namespace

int run_flip_terminal(const FlipTerminalOptions& options, std::istream& in, std::ostream& out) {
  std::optional<FlipPosition> game;
  if (!options.load_file.empty()) {
    game = load_record(options.load_file, out);
    if (!game) return 2;
  } else {
    try {
      flip::FlipRulesPtr rules = flip::load_flip_rules(options.variant);
      game.emplace(rules, options.fen.empty() ? FlipPosition::start_fen(*rules) : options.fen);
    } catch (const std::exception& e) {
      out << "error: " << e.what() << "\n";
      return 2;
    }
  }
  FlipPosition& pos = *game;
  // What flips reveal: drawn from the system's cryptographic generator, unless
  // --seed asks for a game that replays (tests, a game reproduced).
  std::mt19937_64 seeded(options.seed);
  SecureRandom secure;
  RandomBits chance = options.seed ? RandomBits(seeded) : RandomBits(secure);
  flip::FlipSearcher searcher;
  // The first player's colour, known after the first flip of a first-flip set.
  auto first_colour = [&pos]() -> std::optional<Side> {
    if (!pos.colours_known()) return std::nullopt;
    if (pos.rules().colours == flip::Colours::kFixed || pos.history().empty()) return kBlue;
    const Ply& first = pos.history().front();
    return first.action.is_flip() ? side_of(first.revealed) : kBlue;
  };
  auto human_to_move = [&]() {
    const std::optional<Side> first = first_colour();
    const int player = !first || pos.side_to_move() == *first ? 0 : 1;
    return options.human[size_t(player)];
  };
  auto draw_outcome = [&]() {
    const flip::Outcomes o = pos.outcomes();
    int pick = std::uniform_int_distribution<int>(0, o.total - 1)(chance);
    int i = 0;
    while (pick >= o.count[size_t(i)]) pick -= o.count[size_t(i++)];
    return o.piece[size_t(i)];
  };
  auto save = [&](const std::string& file) {
    std::ofstream f(file);
    f << flip::write_flip_record(pos, {{"Event", "jungle play"}});
    if (f) {
      out << "Saved to " << file << "\n";
    } else {
      out << "error: cannot write " << file << "\n";
    }
  };
  auto mover = [&]() {
    return pos.colours_known() ? side_name(pos.side_to_move()) : std::string("First player");
  };
  auto play = [&](const Ply& ply, const std::string& who) {
    out << who << " plays " << flip::action_text(ply.action);
    if (ply.action.is_flip()) out << " and reveals " << revealed_text(ply.revealed);
    out << " (" << flip::ply_text(ply) << ")\n";
    pos.play(ply);
  };

  out << "Flip Jungle (" << pos.rules().name << "): " << pos.rules().description << "\n";
  if (!options.load_file.empty()) {
    out << "Loaded " << options.load_file << ": " << pos.history().size() << " plies\n";
  }
  bool show = true;
  std::string line;
  for (;;) {
    GameResult result;
    const flip::FlipEnd end = pos.end(&result);
    if (show) {
      out << board_text(pos);
      if (end == flip::FlipEnd::kNone) {
        out << (pos.colours_known() ? side_name(pos.side_to_move()) + " to move"
                                    : std::string("First player to move (the first flip decides "
                                                  "the colours)"))
            << "\n";
      }
      show = false;
    }
    if (end != flip::FlipEnd::kNone) {
      out << "Game over: " << result_tag(result) << " (" << flip::flip_end_tag(end) << ")\n";
      break;
    }
    if (!human_to_move()) {
      flip::FlipLimits limits;
      limits.movetime_ms = int(options.movetime_ms);
      const flip::FlipSearchResult r = searcher.search(pos, limits);
      play({r.best, r.best.is_flip() ? draw_outcome() : kNoPiece}, "Engine (" + mover() + ")");
      show = true;
      continue;
    }
    if (!std::getline(in, line)) break;
    std::istringstream words(line);
    std::string cmd;
    words >> cmd;
    if (cmd.empty()) continue;
    if (cmd == "quit") break;
    if (cmd == "help") {
      out << "Type a move (a1a2), a flip (b2?, or b2?=L to say what it revealed), moves, undo, "
             "save FILE, load FILE, quit\n";
    } else if (cmd == "moves") {
      out << "Legal:";
      for (Action a : pos.legal_actions()) out << ' ' << flip::action_text(a);
      out << "\n";
    } else if (cmd == "undo") {
      // Back to the last position a person had to move in.
      if (pos.history().empty()) {
        out << "Nothing to undo\n";
        continue;
      }
      do {
        pos.undo();
      } while (!pos.history().empty() && !human_to_move());
      show = true;
    } else if (cmd == "load") {
      std::string file;
      words >> file;
      if (file.empty()) {
        out << "error: load needs a file name\n";
      } else if (std::optional<FlipPosition> loaded = load_record(file, out)) {
        pos = std::move(*loaded);
        out << "Loaded " << file << ": " << pos.history().size() << " plies\n";
        show = true;
      }
    } else if (cmd == "save") {
      std::string file;
      words >> file;
      if (file.empty()) {
        out << "error: save needs a file name\n";
      } else {
        save(file);
      }
    } else {
      Ply ply;
      Action action;
      if (pos.parse_ply(cmd, ply)) {
        play(ply, mover());
        show = true;
      } else if (pos.parse_action(cmd, action)) {
        play({action, action.is_flip() ? draw_outcome() : kNoPiece}, mover());
        show = true;
      } else {
        out << "error: '" << cmd << "' is not a legal move or flip here (type moves)\n";
      }
    }
  }
  if (!options.save_file.empty()) save(options.save_file);
  return 0;
}

}  // namespace jungle
