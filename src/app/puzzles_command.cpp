#include <algorithm>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "app/commands.h"
#include "app/variant_option.h"
#include "core/aborted_game.h"
#include "core/file_io.h"
#include "core/game_record.h"
#include "core/variants.h"
#include "game/family.h"
#include "puzzles/generator.h"
#include "puzzles/puzzle.h"
#include "puzzles/verifier.h"
#include "tablebase/table.h"
#include "web/store/game_store.h"
#include "web/store/open_game_store.h"

namespace jungle::app {

namespace {

// The most a puzzle database may hold on disk: far more than any set made
// here (a puzzle is about 250 bytes), and little enough to read whole.
constexpr size_t kMaxDatabaseBytes = 256 * 1024 * 1024;

struct PuzzlesOptions {
  std::string variant = "standard";
  std::string out;
  std::string file;  // check's database
  bool quiet = false;
  puzzles::GeneratorOptions gen;
  std::vector<std::string> records;
  std::string store;  // the site's game store: an SQLite file or a PostgreSQL URL
};

int puzzle_error(const std::string& message) {
  std::cerr << "error: " << message << "\n";
  return 2;
}

std::string decimals(double x, int places) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(places) << x;
  return s.str();
}

std::string tally_text(const std::map<std::string, int>& counts) {
  std::string text;
  for (const auto& [name, n] : counts) {
    text += (text.empty() ? "" : ", ") + name + " " + std::to_string(n);
  }
  return text.empty() ? "none" : text;
}

// Why a family's positions make no puzzles, from what the game interface
// says it can do: a puzzle is the whole board and one line a search proves.
std::string why_no_puzzles(const game::Family& family) {
  const game::Capabilities can = family.capabilities();
  if (can.hidden_information) {
    return "a puzzle shows the whole board, and this game hides pieces from the player who "
           "would solve it";
  }
  if (can.chance) {
    return "a puzzle is the one winning line that a search proves, and in this game pieces are "
           "turned face up by chance, so no line can be proven to win";
  }
  return "its positions are not searched for a single winning line";
}

// The finished games of rule set `variant` in the site's game store `spec`
// (an SQLite file or a PostgreSQL URL, as `jungle serve --db` takes them),
// oldest first, so that the same store gives the same puzzles. A game still
// being played is left out (its puzzles would help a player in it), and so
// is an aborted one (no game was played). Throws web::StoreError.
std::vector<puzzles::PlayedGame> stored_games(const std::string& spec, const std::string& variant) {
  // Opening a store creates a missing SQLite file: a wrong path would then
  // silently read no games.
  if (spec.find("://") == std::string::npos && !std::filesystem::exists(spec)) {
    throw web::StoreError("no such file (a store is the file that jungle serve --db writes)");
  }
  const std::unique_ptr<web::GameStore> store = web::open_game_store(spec);
  constexpr int kPage = 500;
  std::vector<int64_t> finished;
  for (int offset = 0;; offset += kPage) {
    const std::vector<web::StoredGame> page = store->list(kPage, offset);
    for (const web::StoredGame& g : page) {
      if (g.variant == variant && g.result != "*" && g.result != kAbortedResult &&
          g.termination != kAbortedTermination) {
        finished.push_back(g.id);
      }
    }
    if (int(page.size()) < kPage) break;
  }
  std::sort(finished.begin(), finished.end());
  std::vector<puzzles::PlayedGame> games;
  for (const int64_t id : finished) {
    const std::optional<web::StoredGame> g = store->load(id);  // the list leaves the moves out
    if (!g) continue;                                          // deleted since
    puzzles::PlayedGame played{g->start_fen, {}, "store game " + std::to_string(id)};
    std::istringstream moves(g->moves);
    for (std::string move; moves >> move;) played.moves.push_back(move);
    games.push_back(std::move(played));
  }
  return games;
}

// The yield, as docs/puzzles.md reports it.
void print_yield(const puzzles::GeneratorStats& s, double wall_seconds) {
  std::cerr << "positions examined: " << s.positions << " (" << s.selfplay_games
            << " self-play games, " << s.record_games << " record games, " << s.played_games
            << " stored games)\n"
            << "candidates: " << s.candidates << " (" << s.duplicates << " duplicates left out)\n"
            << "verified puzzles: " << s.verified << " ("
            << decimals(s.candidates ? 100.0 * double(s.verified) / double(s.candidates) : 0.0, 1)
            << "% of candidates; " << s.tablebase_verified << " by the endgame tables)\n"
            << "themes: " << tally_text(s.themes) << "\n"
            << "rejected: " << tally_text(s.rejections) << "\n"
            << "wall time: " << decimals(wall_seconds, 1) << " s (self-play "
            << decimals(s.selfplay_seconds, 1) << " s, records " << decimals(s.record_seconds, 1)
            << " s)\n";
  if (s.selfplay_games > 0 && s.selfplay_seconds > 0) {
    // Only the self-play part: records come with their own positions.
    std::cerr << "puzzles per hour of self-play: "
              << decimals(3600.0 * double(s.verified_in_selfplay) / s.selfplay_seconds, 0) << "\n";
  }
}

int run_puzzles_generate(PuzzlesOptions opt) {
  // Asked first: a family without puzzles may have no rule set of the open
  // game's format to load, and the player should hear why, not that the
  // name is unknown. A name no family owns is the loader's to report.
  const game::Family* family = nullptr;
  try {
    family = &game::family_of_variant(opt.variant);
  } catch (const std::invalid_argument&) {
  }
  if (family && !family->capabilities().puzzles) {
    return puzzle_error("'" + opt.variant + "' is a game of " + std::string(family->title()) +
                        ", which has no puzzles: " + why_no_puzzles(*family));
  }
  const RuleSetPtr rules = load_variant_or_report(opt.variant);
  if (!rules) return 2;
  // A database names its rule set, which the reader looks up among the
  // shipped ones; a puzzle needs every piece in sight.
  const std::vector<std::string> shipped = builtin_variant_names();
  if (std::find(shipped.begin(), shipped.end(), rules->rules().name) == shipped.end()) {
    return puzzle_error("puzzles are made for shipped rule sets only, and '" + rules->rules().name +
                        "' is not one (jungle variants lists them)");
  }
  for (const std::string& r : opt.records) opt.gen.records.emplace_back(r);
  if (!opt.store.empty()) {
    try {
      opt.gen.played = stored_games(opt.store, rules->rules().name);
    } catch (const web::StoreError& e) {
      return puzzle_error(opt.store + ": " + e.what());
    }
  }
  if (!opt.quiet) opt.gen.progress = [](const std::string& line) { std::cerr << line << "\n"; };
  // An existing database is added to: its puzzles are not found again.
  std::vector<std::string> known;
  if (!opt.out.empty() && std::filesystem::exists(opt.out)) {
    try {
      const puzzles::Database db =
          puzzles::read_database(read_small_file(opt.out, kMaxDatabaseBytes));
      if (!db.errors.empty()) return puzzle_error(opt.out + ": " + db.errors.front().what());
      for (const auto& entry : db.puzzles) known.push_back(entry.puzzle.id);
    } catch (const FileReadError& e) {
      return puzzle_error(e.what());
    }
  }
  std::ofstream file;
  if (!opt.out.empty()) {
    file.open(opt.out, std::ios::app);
    if (!file) return puzzle_error("cannot write " + opt.out);
  }
  std::ostream& out = opt.out.empty() ? std::cout : file;
  const auto start = std::chrono::steady_clock::now();
  try {
    const puzzles::GeneratorStats stats = puzzles::generate(rules, opt.gen, out, known);
    print_yield(stats,
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  } catch (const RecordError& e) {
    return puzzle_error(e.what());
  } catch (const FileReadError& e) {
    return puzzle_error(e.what());
  } catch (const tb::TableError& e) {
    return puzzle_error(e.what());
  } catch (const std::invalid_argument& e) {
    return puzzle_error(e.what());
  }
  if (!out) return puzzle_error("cannot write " + (opt.out.empty() ? "standard output" : opt.out));
  return 0;
}

int run_puzzles_check(const PuzzlesOptions& opt) {
  std::string text;
  try {
    text = read_small_file(opt.file, kMaxDatabaseBytes);
  } catch (const FileReadError& e) {
    return puzzle_error(e.what());
  }
  const puzzles::Database db = puzzles::read_database(text);
  // Every problem in line order: the malformed lines and the failed puzzles.
  std::map<int, std::string> problems;
  for (const puzzles::PuzzleFormatError& e : db.errors) problems[e.line()] = e.what();
  std::map<std::string, std::unique_ptr<puzzles::Verifier>> verifiers;  // by variant
  int good = 0;
  try {
    for (const auto& entry : db.puzzles) {
      const puzzles::Puzzle& p = entry.puzzle;
      auto& verifier = verifiers[p.variant];
      if (!verifier) {
        verifier = std::make_unique<puzzles::Verifier>(load_record_variant(p.variant, std::nullopt),
                                                       opt.gen.verify);
      }
      const std::string why = verifier->check(p);
      if (why.empty()) {
        ++good;
      } else {
        problems[entry.line] =
            "line " + std::to_string(entry.line) + ": puzzle " + p.id + ": " + why;
      }
    }
  } catch (const tb::TableError& e) {
    return puzzle_error(e.what());
  } catch (const std::invalid_argument& e) {
    return puzzle_error(e.what());
  }
  for (const auto& [line, message] : problems) std::cout << message << "\n";
  const size_t failed = db.puzzles.size() - size_t(good);
  std::cout << "checked " << db.puzzles.size() << " puzzles: " << good << " good, " << failed
            << " no longer unique, " << db.errors.size() << " malformed lines\n";
  return problems.empty() ? 0 : 1;
}

}  // namespace

void add_puzzles_command(CLI::App& app) {
  CLI::App* cmd =
      app.add_subcommand("puzzles", "Puzzles from self-play and records: generate, check");
  cmd->require_subcommand(1);
  auto opt = std::make_shared<PuzzlesOptions>();
  auto verify_options = [&](CLI::App* sub) {
    sub->add_option("--depth", opt->gen.verify.depth, "The verification search's depth in plies")
        ->capture_default_str()
        ->check(CLI::Range(1, 64));
    sub->add_option("--tb", opt->gen.verify.tablebase_path,
                    "Folder of endgame tables: positions they cover are judged by them");
  };

  CLI::App* gen = cmd->add_subcommand("generate", "Find puzzles and write them as JSON lines");
  gen->add_option("--variant", opt->variant, "Rule set: a shipped name, without hidden pieces")
      ->capture_default_str();
  gen->add_option("--games", opt->gen.games, "Self-play games")
      ->capture_default_str()
      ->check(CLI::Range(0, 1000000));
  gen->add_option("--nodes", opt->gen.nodes,
                  "Nodes per move of the self-play engine and of the scan of records")
      ->capture_default_str()
      ->check(CLI::Range(uint64_t(1), uint64_t(1) << 40));
  gen->add_option("--seed", opt->gen.seed, "Game i of self-play uses seed + i")
      ->capture_default_str();
  gen->add_option("--mistakes", opt->gen.mistake_rate,
                  "The share of self-play moves played at random, as mistakes to punish")
      ->capture_default_str()
      ->check(CLI::Range(0.0, 1.0));
  gen->add_option("--records", opt->records, "Record files of finished games to look through");
  gen->add_option("--store", opt->store,
                  "The site's game store (jungle serve --db): an SQLite file or a PostgreSQL URL; "
                  "its finished games are looked through after the records");
  gen->add_option("--max-moves", opt->gen.verify.max_player_moves,
                  "The longest solution, in moves of the player")
      ->capture_default_str()
      ->check(CLI::Range(1, 50));
  gen->add_option("--out", opt->out,
                  "The database to add to (JSON lines); default: standard output");
  gen->add_flag("--quiet", opt->quiet, "No progress lines");
  verify_options(gen);
  gen->callback([opt] {
    if (int rc = run_puzzles_generate(*opt)) throw CLI::RuntimeError(rc);
  });

  CLI::App* check = cmd->add_subcommand(
      "check", "Re-verify a database: each solution still the unique win; bad lines by number");
  check->add_option("file", opt->file, "The database (JSON lines)")->required();
  verify_options(check);
  check->callback([opt] {
    if (int rc = run_puzzles_check(*opt)) throw CLI::RuntimeError(rc);
  });
}

}  // namespace jungle::app
