#include <unistd.h>

#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "app/commands.h"
#include "app/variant_option.h"
#include "core/text_util.h"
#include "core/variants.h"
#include "game/family.h"
#include "match/engine_process.h"
#include "match/match_report.h"
#include "match/match_runner.h"
#include "tune/openings.h"

namespace jungle::app {

namespace {

struct MatchOptions {
  std::vector<std::string> engines;
  std::vector<std::string> each;
  int games = 100;
  std::string tc;
  int64_t movetime = 0;
  uint64_t nodes = 0;
  int depth = 0;
  int concurrency = 0;
  std::string variant = "standard";
  std::string openings;
  std::string book_plies;
  int book_depth = 5;
  int book_threshold = 80;
  uint64_t seed = 1;
  std::vector<std::string> sprt;
  std::string records;
  int max_plies = 600;
  bool no_adjudication = false;
  int64_t time_margin = 100;
  int64_t move_timeout = 60000;
  bool quiet = false;
};

struct BookCommandOptions {
  std::string variant = "standard";
  int count = 100;
  std::string out;
  std::string plies = "4-8";
  int depth = 5;
  int threshold = 80;
  uint64_t seed = 1;
};

// "4-8" or "6": the range of random plies of a generated book.
bool parse_ply_range(const std::string& text, int& lo, int& hi) {
  try {
    const size_t dash = text.find('-');
    size_t used = 0;
    lo = std::stoi(text.substr(0, dash), &used);
    if (used != (dash == std::string::npos ? text.size() : dash)) return false;
    hi = lo;
    if (dash != std::string::npos) {
      const std::string rest = text.substr(dash + 1);
      hi = std::stoi(rest, &used);
      if (used != rest.size()) return false;
    }
  } catch (const std::exception&) {
    return false;
  }
  return lo >= 0 && hi >= lo && hi <= 200;
}

bool parse_sprt(const std::vector<std::string>& tokens, match::SprtConfig& sprt,
                std::string* error) {
  std::vector<std::string> words;
  for (const std::string& t : tokens) {
    const std::vector<std::string> more = split(t);
    words.insert(words.end(), more.begin(), more.end());
  }
  for (const std::string& w : words) {
    const size_t eq = w.find('=');
    double value = 0;
    try {
      size_t used = 0;
      value = std::stod(w.substr(eq == std::string::npos ? w.size() : eq + 1), &used);
      if (eq == std::string::npos || used != w.size() - eq - 1) throw std::invalid_argument("");
    } catch (const std::exception&) {
      *error = "--sprt: '" + w + "' is not KEY=NUMBER (elo0, elo1, alpha, beta)";
      return false;
    }
    const std::string key = w.substr(0, eq);
    if (key == "elo0") {
      sprt.elo0 = value;
    } else if (key == "elo1") {
      sprt.elo1 = value;
    } else if (key == "alpha") {
      sprt.alpha = value;
    } else if (key == "beta") {
      sprt.beta = value;
    } else {
      *error = "--sprt: unknown key '" + key + "' (elo0, elo1, alpha, beta)";
      return false;
    }
  }
  if (!(sprt.elo1 > sprt.elo0) || sprt.alpha <= 0 || sprt.alpha >= 1 || sprt.beta <= 0 ||
      sprt.beta >= 1) {
    *error = "--sprt: need elo1 > elo0 and 0 < alpha, beta < 1";
    return false;
  }
  return true;
}

int fail(const std::string& message) {
  std::cerr << "error: " << message << "\n";
  return 2;
}

// The openings of a family without a book format of its own: one FEN a
// line, blank lines and '#' comments skipped. Throws BookError.
std::vector<std::string> read_fen_lines(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw match::BookError("cannot read " + path);
  std::vector<std::string> fens;
  std::string line;
  while (std::getline(in, line)) {
    const std::string fen = trim(line);
    if (!fen.empty() && fen[0] != '#') fens.push_back(fen);
  }
  if (fens.empty()) throw match::BookError(path + ": no opening in it");
  return fens;
}

int run_match(const MatchOptions& opt) {
  match::MatchConfig config;
  if (opt.engines.size() != 2) return fail("give exactly two --engine settings");
  try {
    for (int e = 0; e < 2; ++e) {
      config.engines[size_t(e)] = match::parse_engine_spec(opt.engines[size_t(e)]);
      for (const std::string& each : opt.each) {
        const match::EngineSpec extra = match::parse_engine_spec("cmd=x " + each);
        auto& options = config.engines[size_t(e)].options;
        options.insert(options.begin(), extra.options.begin(), extra.options.end());
        if (extra.tc && !config.engines[size_t(e)].tc) config.engines[size_t(e)].tc = extra.tc;
      }
    }
  } catch (const std::invalid_argument& e) {
    return fail(std::string("--engine: ") + e.what());
  }
  if (config.engines[0].name == config.engines[1].name) {
    config.engines[0].name += "-1";
    config.engines[1].name += "-2";
  }

  const int limits = !opt.tc.empty() + (opt.movetime > 0) + (opt.nodes > 0) + (opt.depth > 0);
  if (limits > 1) return fail("give one of --tc, --movetime, --nodes, --depth");
  try {
    if (!opt.tc.empty()) config.tc = match::parse_clock(opt.tc);
  } catch (const std::invalid_argument& e) {
    return fail(std::string("--tc: ") + e.what());
  }
  if (opt.movetime > 0) config.tc.movetime_ms = opt.movetime;
  if (opt.nodes > 0) {
    config.tc.kind = match::TimeControl::Kind::kNodes;
    config.tc.nodes = opt.nodes;
  }
  if (opt.depth > 0) {
    config.tc.kind = match::TimeControl::Kind::kDepth;
    config.tc.depth = opt.depth;
  }

  // Any family's rule set; the runner reports what is wrong with one that
  // no family owns or that does not read.
  try {
    game::family_of_variant(opt.variant);
  } catch (const std::invalid_argument& e) {
    // A rule-set file no family reads: its problems, line by line, as the
    // open game's reader finds them, else why no family owns it.
    if (!load_variant_or_report(opt.variant)) return 2;
    return fail(e.what());
  }
  config.variant = opt.variant;
  config.seed = opt.seed;
  if (!opt.openings.empty() && !opt.book_plies.empty())
    return fail("give --openings or --book-plies, not both");
  // Books are FENs of the open game's rule sets (hidden ones included, whose
  // FEN is the arbiter's); another family's openings are read as lines and
  // checked by its rules when the match starts.
  RuleSetPtr rules;
  if (!opt.openings.empty() || !opt.book_plies.empty()) {
    try {
      rules = load_variant(opt.variant);
    } catch (const VariantError&) {
      if (!opt.book_plies.empty()) {
        return fail("--book-plies: openings are generated for the open game's rule sets, not '" +
                    opt.variant + "'; give them with --openings");
      }
    }
  }
  if (!opt.openings.empty()) {
    try {
      config.openings =
          rules ? match::load_book(opt.openings, rules) : read_fen_lines(opt.openings);
    } catch (const match::BookError& e) {
      return fail(e.what());
    }
  } else if (!opt.book_plies.empty()) {
    match::BookOptions book;
    if (!parse_ply_range(opt.book_plies, book.min_plies, book.max_plies))
      return fail("--book-plies: write a number of plies or a range like 4-8");
    book.count = (opt.games + 1) / 2;
    book.depth = opt.book_depth;
    book.threshold_cp = opt.book_threshold;
    book.seed = opt.seed;
    std::cerr << "Generating " << book.count << " balanced openings..." << std::flush;
    config.openings = match::generate_book(rules, book);
    std::cerr << " " << config.openings.size() << " found\n";
    if (config.openings.empty()) return fail("no balanced opening found; raise --book-threshold");
  }

  if (!opt.sprt.empty()) {
    match::SprtConfig sprt;
    std::string error;
    if (!parse_sprt(opt.sprt, sprt, &error)) return fail(error);
    config.sprt = sprt;
  }
  config.games = opt.games;
  config.concurrency = opt.concurrency > 0 ? opt.concurrency
                                           : int(std::max(1u, std::thread::hardware_concurrency()));
  config.record_path = opt.records;
  config.max_plies = opt.max_plies;
  config.adjudicate_mate = !opt.no_adjudication;
  config.time_margin_ms = opt.time_margin;
  config.move_timeout_ms = opt.move_timeout;

  match::MatchRunner runner(config);
  const bool tty = isatty(STDERR_FILENO);
  const int every = std::max(1, config.games / 20);
  auto on_game = [&](const match::GameOutcome&, const match::MatchResult& r) {
    if (opt.quiet) return;
    const std::string line = match::progress_line(config, r);
    if (tty) {
      // Pad over the tail of a longer previous line.
      std::cerr << "\r" << line << "   " << std::flush;
    } else if (r.games % every == 0 || r.decision != match::SprtDecision::kContinue) {
      std::cerr << line << "\n";
    }
  };
  const match::MatchResult result = runner.run(on_game);
  if (tty && !opt.quiet) std::cerr << "\n";
  if (!result.error.empty()) return fail(result.error);
  std::cout << match::match_summary(config, result);
  return 0;
}

int run_book(const BookCommandOptions& opt) {
  const RuleSetPtr rules = load_variant_or_report(opt.variant);
  if (!rules) return 2;
  match::BookOptions book;
  if (!parse_ply_range(opt.plies, book.min_plies, book.max_plies))
    return fail("--plies: write a number of plies or a range like 4-8");
  book.count = opt.count;
  book.depth = opt.depth;
  book.threshold_cp = opt.threshold;
  book.seed = opt.seed;
  const bool tty = isatty(STDERR_FILENO);
  book.progress = [&](int kept, int tried) {
    if (tty && (tried % 10 == 0 || kept == opt.count))
      std::cerr << "\rkept " << kept << " of " << tried << " tried" << std::flush;
  };
  const std::vector<std::string> fens = match::generate_book(rules, book);
  if (tty) std::cerr << "\n";
  const std::vector<std::string> header = {
      "Balanced openings for jungle match (--openings): each FEN is " + opt.plies +
          " random plies from the start,",
      "kept when a depth-" + std::to_string(opt.depth) + " search scores it within +-" +
          std::to_string(opt.threshold) + " cp.",
      "jungle book --variant " + opt.variant + " --count " + std::to_string(opt.count) +
          " --plies " + opt.plies + " --depth " + std::to_string(opt.depth) + " --threshold " +
          std::to_string(opt.threshold) + " --seed " + std::to_string(opt.seed)};
  const std::string text = match::format_book(fens, header);
  if (opt.out.empty() || opt.out == "-") {
    std::cout << text;
  } else {
    std::ofstream out(opt.out);
    if (!(out << text)) return fail("cannot write " + opt.out);
  }
  std::cerr << fens.size() << " positions" << (opt.out.empty() ? "" : " written to " + opt.out)
            << "\n";
  return int(fens.size()) < opt.count ? 1 : 0;
}

}  // namespace

void add_match_command(CLI::App& app) {
  auto opt = std::make_shared<MatchOptions>();
  CLI::App* cmd = app.add_subcommand(
      "match",
      "Play games of any family between two engines, over the protocol or in this process: "
      "Elo, error bars and SPRT");
  cmd->footer(
      "Example:\n"
      "  jungle match --engine \"cmd=./build/release/jungle name=new option.Hash=16\" \\\n"
      "               --engine \"cmd=./old/jungle name=old\" --games 400 --tc 10+0.1 \\\n"
      "               --book-plies 4-8 --sprt elo0=0 elo1=10 --pgn games.pgn\n"
      "Engine settings: cmd=COMMAND (quote it when it has spaces), name=NAME,\n"
      "option.NAME=VALUE (sent with setoption), stderr=FILE, and the engine's own\n"
      "limit in place of the match's: tc=10+0.1, movetime=MS, nodes=N or depth=N.\n"
      "proto=gtp speaks GTP in KataGo-AnimalChess's dialect instead of UCI (the\n"
      "open game on the 7x9 board; option.NAME=VALUE is sent as kata-set-param);\n"
      "proto=mistboard speaks mistboard's engine protocol (UCI with its FEN, its\n"
      "squares and reps; the open game on the 7x9 board).\n"
      "builtin=NAME in place of cmd= plays an engine in this process: engine (the\n"
      "family's), or a baseline: flip random, greedy, careful, pimc, seer; hidden\n"
      "random, greedy, sampler, pimc, ismcts, cheater (the seer and the cheater see\n"
      "the truth).\n"
      "Any family plays (--variant flip, --variant hidden): each engine is told\n"
      "only what its side observes, and both games of a pair share one deal.");
  cmd->add_option("--engine", opt->engines,
                  "An engine: \"cmd=PATH name=N option.X=Y ...\" or \"builtin=NAME ...\" (twice)")
      ->required()
      ->take_all();
  cmd->add_option("--each", opt->each, "Settings for both engines, like \"option.Hash=16\"");
  cmd->add_option("--games,-n", opt->games, "Number of games (played in colour-swapped pairs)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  cmd->add_option("--tc", opt->tc, "Clock per side: SECONDS+INC or MOVES/SECONDS+INC");
  cmd->add_option("--movetime", opt->movetime, "Milliseconds per move (the default: 100)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--nodes", opt->nodes, "Nodes per move")->check(CLI::PositiveNumber);
  cmd->add_option("--depth", opt->depth, "Depth per move")->check(CLI::Range(1, 100));
  cmd->add_option("--concurrency,-c", opt->concurrency, "Games at a time (default: cores)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--variant", opt->variant,
                  "Rule set of any family (standard, flip, hidden, ...) or a .toml file")
      ->capture_default_str();
  cmd->add_option("--openings", opt->openings, "Book of start positions, one FEN per line");
  cmd->add_option("--book-plies", opt->book_plies,
                  "Generate balanced openings this many random plies deep (e.g. 4-8)");
  cmd->add_option("--book-depth", opt->book_depth, "Search depth of the balance check")
      ->capture_default_str();
  cmd->add_option("--book-threshold", opt->book_threshold, "Largest |score| (cp) of an opening")
      ->capture_default_str();
  cmd->add_option("--seed", opt->seed,
                  "Seed of the generated openings and of the deals (set-ups, chance)")
      ->capture_default_str();
  cmd->add_option("--sprt", opt->sprt, "Sequential test: elo0=0 elo1=5 alpha=0.05 beta=0.05");
  cmd->add_option("--pgn,--records", opt->records, "Append every game's record to this file");
  cmd->add_option("--max-plies", opt->max_plies,
                  "Adjudicate a draw after this many plies (0: never)")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  cmd->add_flag("--no-adjudication", opt->no_adjudication,
                "Play on even when both engines announce a forced win");
  cmd->add_option("--time-margin", opt->time_margin, "Milliseconds allowed beyond the clock")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  cmd->add_option("--move-timeout", opt->move_timeout,
                  "With --nodes or --depth: milliseconds before an engine counts as hung")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  cmd->add_flag("--quiet,-q", opt->quiet, "No progress line");
  cmd->callback([opt] {
    const int code = run_match(*opt);
    if (code != 0) throw CLI::RuntimeError(code);
  });
}

void add_book_command(CLI::App& app) {
  auto opt = std::make_shared<BookCommandOptions>();
  CLI::App* cmd = app.add_subcommand(
      "book", "Generate a book of balanced openings (FEN per line) for jungle match");
  cmd->add_option("--variant", opt->variant, "Rule set: a shipped name or a .toml file")
      ->capture_default_str();
  cmd->add_option("--count,-n", opt->count, "Number of positions")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  cmd->add_option("--out,-o", opt->out, "Output file (default: standard output)");
  cmd->add_option("--plies", opt->plies, "Random plies from the start: N or MIN-MAX")
      ->capture_default_str();
  cmd->add_option("--depth", opt->depth, "Search depth of the balance check")
      ->check(CLI::Range(1, 30))
      ->capture_default_str();
  cmd->add_option("--threshold", opt->threshold, "Keep positions scored within +-CP")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  cmd->add_option("--seed", opt->seed, "Random seed; the same seed gives the same book")
      ->capture_default_str();
  cmd->callback([opt] {
    const int code = run_book(*opt);
    if (code != 0) throw CLI::RuntimeError(code);
  });
}

}  // namespace jungle::app
