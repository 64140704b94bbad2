#include "ui/hidden_terminal.h"

#include <fstream>
#include <optional>
#include <random>
#include <sstream>

#include "core/random_bits.h"
#include "core/secure_random.h"
#include "core/text_util.h"
#include "core/variants.h"
#include "hidden/hidden_game.h"
#include "hidden/hidden_record.h"
#include "hidden/setup.h"
#include "hidden_search/hidden_search.h"

namespace jungle {

namespace {

using hidden::HiddenGame;
using hidden::Observation;
using hidden::Outcome;
using hidden::PlayerView;

std::string piece_words(Piece p) {
  return side_name(side_of(p)) + " " + std::string(animal_name(animal_of(p)));
}

// An announcement in words, as the arbiter would say it aloud.
std::string announcement_words(const Observation& o, const Geometry& g) {
  const std::string from = g.square_name(o.move.from()), to = g.square_name(o.move.to());
  const std::string attacker = o.attacker_shown != kNoPiece
                                   ? "the " + piece_words(o.attacker_shown) + " on " + from
                                   : side_name(o.mover) + "'s piece on " + from;
  const std::string defender = o.defender_shown != kNoPiece
                                   ? "the " + piece_words(o.defender_shown) + " on " + to
                                   : side_name(opponent(o.mover)) + "'s piece on " + to;
  std::string text;
  switch (o.outcome) {
    case Outcome::kMove:
      text = side_name(o.mover) + " moves " + from + " to " + to;
      break;
    case Outcome::kTook:
      text = attacker + " takes " + defender;
      break;
    case Outcome::kDied:
      text = attacker + " attacks " + defender + " and is removed";
      break;
    case Outcome::kBounced:
      text = attacker + " attacks " + defender + " and bounces back";
      break;
    case Outcome::kRefused:
      text = side_name(o.mover) + "'s attack " + from + to + " is refused; " + side_name(o.mover) +
             " moves again";
      break;
  }
  for (const auto& [s, p] : o.drowned) {
    text += "; " + (p != kNoPiece ? "the " + piece_words(p) : side_name(o.mover) + "'s piece") +
            " on " + g.square_name(s) + " drowns";
  }
  return text + " (" + hidden::observation_text(o, g) + ")";
}

std::string player_word(const HiddenTerminalOptions& o, Side s) {
  return o.human[s] ? "Human" : "jungle engine";
}

}  // namespace

int run_hidden_terminal(const HiddenTerminalOptions& options, std::istream& in, std::ostream& out) {
  RuleSetPtr rules;
  try {
    rules = load_variant(options.variant);
  } catch (const VariantError& e) {
    for (const VariantIssue& issue : e.issues()) out << "error: " << issue.to_string() << "\n";
    return 2;
  }
  if (!rules->rules().hidden_pieces) {
    out << "error: rule set '" << options.variant << "' does not hide pieces\n";
    return 2;
  }
  const Geometry& g = rules->geometry();
  // The secret set-up: drawn from the system's cryptographic generator,
  // unless --seed asks for a game that replays (tests, a game reproduced).
  std::mt19937_64 seeded(options.seed);
  SecureRandom secure;
  RandomBits chance = options.seed ? RandomBits(seeded) : RandomBits(secure);
  const bool hot_seat = options.human[kBlue] && options.human[kRed];
  bool input_open = true;
  std::string line;
  auto read_line = [&]() {
    if (!input_open) return false;
    if (!std::getline(in, line)) input_open = false;
    return input_open;
  };
  // Between two people: a screen that shows nothing, until the next one is there.
  auto hand_over = [&](Side to, const std::string& what) {
    if (!hot_seat) return;
    if (options.clear_screen) out << "\x1b[2J\x1b[H";
    out << "Pass the device to " << side_name(to) << " (" << what << "). " << side_name(to)
        << ", press Enter when " << side_name(opponent(to)) << " is not looking.\n";
    out.flush();
    read_line();
    if (options.clear_screen) out << "\x1b[2J\x1b[H";
  };

  out << "Hidden pieces (" << rules->rules().name << "): " << rules->rules().description << "\n";
  // The secret set-up.
  std::array<hidden::Arrangement, kSides> arrangement = {
      hidden::random_arrangement(*rules, kBlue, chance),
      hidden::random_arrangement(*rules, kRed, chance)};
  if (rules->rules().hidden_setup == HiddenSetup::kFixed) {
    for (Side s : {kBlue, kRed}) arrangement[s] = hidden::start_arrangement(*rules, s);
  } else if (rules->rules().hidden_setup == HiddenSetup::kChosen) {
    for (Side s : {kBlue, kRed}) {
      if (!options.human[s]) continue;
      hand_over(s, "arrange your animals");
      out << side_name(s) << ", arrange your animals on your start squares; the other side "
          << "cannot see them. Commands: swap SQ SQ, random, standard, set PLACEMENT, done.\n";
      bool done = false;
      while (!done) {
        const Position shown = hidden::start_with(
            rules, s == kBlue ? arrangement[kBlue] : hidden::start_arrangement(*rules, kBlue),
            s == kRed ? arrangement[kRed] : hidden::start_arrangement(*rules, kRed));
        out << PlayerView::of_start(shown, s).diagram() << "> ";
        out.flush();
        if (!read_line()) break;
        const std::vector<std::string> words = split(line);
        if (words.empty()) continue;
        try {
          if (words[0] == "done") {
            done = true;
          } else if (words[0] == "random") {
            arrangement[s] = hidden::random_arrangement(*rules, s, chance);
          } else if (words[0] == "standard") {
            arrangement[s] = hidden::start_arrangement(*rules, s);
          } else if (words[0] == "swap" && words.size() == 3) {
            const Square a = g.parse_square(words[1]), b = g.parse_square(words[2]);
            if (a == kNoSquare || b == kNoSquare)
              throw std::invalid_argument("swap needs two squares, like swap a1 g1");
            arrangement[s] = hidden::swap_squares(*rules, s, arrangement[s], a, b);
          } else if (words[0] == "set" && words.size() > 1) {
            arrangement[s] =
                hidden::parse_arrangement(*rules, s, join_words(words, 1, words.size()));
          } else {
            out << "Commands: swap a1 g1 (exchange two of your animals), random, standard (the "
                   "usual places), set PLACEMENT (a1=L g1=T ... or a FEN placement), done\n";
          }
        } catch (const std::invalid_argument& e) {
          out << "error: " << e.what() << "\n";
        }
      }
    }
  }
  HiddenGame game(hidden::start_with(rules, arrangement[kBlue], arrangement[kRed]),
                  options.variant);
  hidden::HiddenSearchOptions search_options;
  search_options.seed = chance();
  hidden::HiddenSearcher searcher(search_options);

  auto save = [&](const std::string& file, std::optional<hidden::Viewer> view) {
    const hidden::Tags tags = {{"Event", "jungle play"},
                               {"Date", today()},
                               {"Blue", player_word(options, kBlue)},
                               {"Red", player_word(options, kRed)}};
    std::ofstream f(file);
    f << (view ? hidden::write_view_record(game, *view, tags)
               : hidden::write_hidden_record(game, tags));
    if (f) {
      out << "Saved "
          << (view ? (*view ? side_name(**view) + "'s view" : std::string("the spectator's view"))
                   : std::string("the arbiter's record"))
          << " to " << file << "\n";
    } else {
      out << "error: cannot write " << file << "\n";
    }
  };
  // Whose view the screen shows: the person's; with two, the one to move;
  // with none, a spectator's.
  auto screen_viewer = [&]() -> hidden::Viewer {
    if (hot_seat) return game.side_to_move();
    if (options.human[kBlue]) return kBlue;
    if (options.human[kRed]) return kRed;
    return std::nullopt;
  };
  auto show = [&]() {
    const PlayerView& v = game.view(screen_viewer());
    out << v.diagram();
    if (!game.over()) out << side_name(game.side_to_move()) << " to move\n";
  };
  // What a player has not yet been told: the announcements since its last move.
  std::array<size_t, kSides> told = {0, 0};
  auto tell = [&](Side s) {
    const auto& log = game.announcements();
    for (size_t i = told[s]; i < log.size(); ++i) {
      if (log[i].mover != s) out << announcement_words(log[i], g) << "\n";
    }
    told[s] = log.size();
  };

  out << player_word(options, kBlue) << " (Blue) against " << player_word(options, kRed)
      << " (Red). X and x are Blue and Red pieces whose animals you have not been shown. Type help "
         "for the commands.\n";
  if (!hot_seat) show();
  bool quit = false;
  std::optional<Side> shown_to;  // in hot-seat, whose turn the screen shows
  while (!quit && !game.over()) {
    const Side us = game.side_to_move();
    if (!options.human[us]) {
      hidden::HiddenLimits limits;
      limits.movetime_ms = options.movetime_ms;
      const hidden::HiddenSearchResult r = searcher.search(game.view(us), limits);
      const Observation& o = game.play(r.best);
      out << "Engine (" << side_name(us) << "): " << announcement_words(o, g) << "\n";
      if (!hot_seat) {
        if (options.human[opponent(us)]) told[opponent(us)] = game.announcements().size();
        show();
      }
      continue;
    }
    if (hot_seat && shown_to != us) {
      hand_over(us, "your move");
      shown_to = us;
      tell(us);
      show();
    }
    out.flush();
    if (!read_line()) break;
    const std::vector<std::string> words = split(line);
    if (words.empty()) continue;
    const std::string& cmd = words[0];
    const PlayerView& mine = game.view(us);
    if (cmd == "quit") {
      quit = true;
    } else if (cmd == "help") {
      out << "Type a move (d3d4; a move onto an enemy piece attacks it), moves (what you may "
             "try), board, pieces (what each enemy piece can still be), log (every "
             "announcement), resign, save FILE (your view of the game so far), quit.\n";
    } else if (cmd == "moves") {
      out << "You may try:";
      for (Move m : mine.legal_moves()) out << ' ' << g.move_text(m);
      out << "\n";
    } else if (cmd == "board") {
      show();
    } else if (cmd == "pieces") {
      const Side them = opponent(us);
      for (int id : mine.side_pieces(them)) {
        const hidden::PieceInfo& p = mine.pieces()[size_t(id)];
        out << (p.on_board() ? g.square_name(p.square) : std::string("gone")) << ": ";
        if (p.known) {
          out << animal_name(*p.known) << (p.shown ? " (shown)" : "");
        } else {
          const AnimalSet c = mine.candidates(id);
          std::string list;
          for (int a = 0; a < kAnimals; ++a) {
            if (!c.contains(Animal(a))) continue;
            if (!list.empty()) list += ' ';
            list += animal_name(Animal(a));
          }
          out << list;
        }
        out << "\n";
      }
    } else if (cmd == "log") {
      for (const Observation& o : game.announcements()) out << announcement_words(o, g) << "\n";
    } else if (cmd == "resign") {
      game.resign(us);
    } else if (cmd == "save") {
      if (words.size() < 2) {
        out << "error: save needs a file name\n";
      } else {
        save(words[1], hidden::Viewer(us));
      }
    } else {
      const std::optional<Move> m = g.parse_move_text(cmd);
      if (!m) {
        out << "error: '" << cmd << "' is not a move or a command (type help)\n";
        continue;
      }
      const std::string why = mine.explain(*m);
      if (!why.empty()) {
        out << "error: " << cmd << ": " << why << "\n";
        continue;
      }
      const Observation& o = game.play(*m);
      out << announcement_words(o, g) << "\n";
      told[us] = game.announcements().size();
      if (!o.is_ply()) continue;
      if (!hot_seat) show();
    }
  }
  if (game.over()) {
    out << "Game over: " << game.result_message() << "\n"
        << "The truth (every animal shown). Set-up: " << game.start().fen() << "\n"
        << game.truth().diagram();
    // After the end: a record can still be saved.
    while (read_line()) {
      const std::vector<std::string> words = split(line);
      if (words.empty()) continue;
      if (words[0] == "quit") break;
      if (words[0] == "save" && words.size() > 1) {
        save(words[1], std::nullopt);
      } else {
        out << "The game is over: save FILE writes its record, quit ends.\n";
      }
    }
  }
  if (!options.save_file.empty()) save(options.save_file, std::nullopt);
  return 0;
}

}  // namespace jungle
