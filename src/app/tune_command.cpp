#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "app/commands.h"
#include "app/datagen_output.h"
#include "app/variant_option.h"
#include "core/variants.h"
#include "search/eval_params.h"
#include "search/evaluation.h"
#include "tune/datagen.h"
#include "tune/tuner.h"

namespace jungle::app {

namespace {

struct TuneOptions {
  std::vector<std::string> data;
  std::string variant = "standard";
  std::string start;  // weights file to start from; default: the compiled-in weights
  std::string apply;  // weights file to write without fitting
  std::string out;    // weights file to write
  match::TunerOptions tuner;
};

struct DatagenCommandOptions {
  std::string variant = "standard";
  std::string out;
  std::string records;
  std::string random_plies = "6-10";
  match::DatagenOptions gen;
};

int fail(const std::string& message) {
  std::cerr << "error: " << message << "\n";
  return 2;
}

bool read_tuning_file(const std::string& path, std::string& text) {
  std::ifstream in(path);
  if (!in) return false;
  std::ostringstream s;
  s << in.rdbuf();
  text = s.str();
  return true;
}

int write_outputs(const TuneOptions& opt, const EvalParams& params,
                  const std::vector<std::string>& header) {
  if (opt.out.empty()) {
    std::cout << format_eval_params(params, header);
    return 0;
  }
  std::ofstream out(opt.out);
  if (!(out << format_eval_params(params, header))) return fail("cannot write " + opt.out);
  std::cerr << "weights written to " << opt.out << "\n";
  return 0;
}

// The shipped weights file (weights/, compiled in at build time) of the
// rule set's board.
std::string shipped_weights_file(const RuleSet& rules) {
  return rules.water() ? "weights/river-board.txt" : "weights/open-board.txt";
}

// The '#' lines a weights file starts with, without the '#': what it says
// about where its weights came from travels with them.
std::vector<std::string> leading_comments(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line) && line.starts_with('#');) {
    const size_t start = line.find_first_not_of("# ");
    lines.push_back(start == std::string::npos ? "" : line.substr(start));
  }
  return lines;
}

// --apply: the weights of a file over the compiled-in ones, written as the
// shipped weights file of the board (or --out), ready to be built in.
int apply_weights(TuneOptions opt, const RuleSet& rules, const EvalParams& params,
                  const std::string& applied_text) {
  std::vector<std::string> header = {std::string("The evaluation's weights for boards ") +
                                     (rules.water() ? "with" : "without") +
                                     " water, compiled into jungle (docs/tuning.md)."};
  std::vector<std::string> origin = leading_comments(applied_text);
  if (origin.empty()) origin = {"weights from " + opt.apply};
  // A shipped file applied again keeps its header once.
  if (!origin.empty() && origin[0] == header[0]) origin.erase(origin.begin());
  header.insert(header.end(), origin.begin(), origin.end());
  if (opt.out.empty()) {
    opt.out = shipped_weights_file(rules);
    if (!std::filesystem::is_directory("weights"))
      return fail("no weights/ folder here: run from the repository root or give --out FILE");
  }
  return write_outputs(opt, params, header);
}

int run_tune(const TuneOptions& opt) {
  const RuleSetPtr rules = load_variant_or_report(opt.variant);
  if (!rules) return 2;
  EvalParams start = default_eval_params(*rules);
  std::string applied_text;
  for (const std::string& file : {opt.start, opt.apply}) {
    if (file.empty()) continue;
    std::string text;
    if (!read_tuning_file(file, text)) return fail("cannot read " + file);
    try {
      start = parse_eval_params(text, start);
    } catch (const std::runtime_error& e) {
      return fail(file + ": " + e.what());
    }
    if (file == opt.apply) applied_text = text;
  }
  if (!opt.apply.empty()) return apply_weights(opt, *rules, start, applied_text);
  if (opt.data.empty()) return fail("give --data FILE (from jungle datagen) or --apply FILE");

  std::vector<match::TuningSample> data;
  for (const std::string& file : opt.data) {
    std::string text;
    if (!read_tuning_file(file, text)) return fail("cannot read " + file);
    try {
      std::vector<match::TuningSample> part = match::parse_training_data(text, file);
      data.insert(data.end(), part.begin(), part.end());
    } catch (const std::runtime_error& e) {
      return fail(e.what());
    }
  }
  std::cerr << data.size() << " positions\n";
  match::TunerOptions tuner = opt.tuner;
  tuner.log = [](const std::string& line) { std::cerr << line << std::endl; };
  match::TunerResult r;
  try {
    r = match::tune_eval(rules, data, start, tuner);
  } catch (const std::exception& e) {
    return fail(e.what());
  }
  char line[240];
  std::snprintf(line, sizeof line,
                "Texel fit over %d positions (%d held out): K %.4f, lambda %.2f, "
                "loss %.6f -> %.6f, validation %.6f -> %.6f",
                r.train_positions, r.validation_positions, r.k, tuner.lambda, r.start_loss,
                r.final_loss, r.start_validation, r.final_validation);
  std::vector<std::string> header = {line};
  std::string sources;
  for (const std::string& f : opt.data) sources += " " + f;
  header.push_back("data:" + sources);
  return write_outputs(opt, r.params, header);
}

int run_datagen(const DatagenCommandOptions& opt) {
  const RuleSetPtr rules = load_variant_or_report(opt.variant);
  if (!rules) return 2;
  match::DatagenOptions gen = opt.gen;
  try {
    const size_t dash = opt.random_plies.find('-');
    gen.min_random_plies = std::stoi(opt.random_plies.substr(0, dash));
    gen.max_random_plies = dash == std::string::npos ? gen.min_random_plies
                                                     : std::stoi(opt.random_plies.substr(dash + 1));
  } catch (const std::exception&) {
    return fail("--random-plies: write N or MIN-MAX");
  }
  if (gen.min_random_plies < 0 || gen.max_random_plies < gen.min_random_plies)
    return fail("--random-plies: write N or MIN-MAX");
  DatagenFiles files;
  if (const std::string error = open_datagen_files(opt.out, opt.records, files); !error.empty())
    return fail(error);
  gen.records = files.records_or_null();
  gen.progress = datagen_progress(gen.games);
  const match::DatagenStats s = match::generate_training_data(rules, gen, files.out());
  end_datagen_progress();
  std::cerr << s.games << " games (Blue won " << s.blue_wins << ", Red won " << s.red_wins
            << ", drawn " << s.draws << "), " << s.positions << " quiet positions\n";
  return 0;
}

}  // namespace

void add_tune_command(CLI::App& app) {
  auto opt = std::make_shared<TuneOptions>();
  CLI::App* cmd = app.add_subcommand(
      "tune", "Fit the evaluation's weights to game results (Texel tuning); see docs/tuning.md");
  cmd->add_option("--data,-d", opt->data, "Positions with results, from jungle datagen");
  cmd->add_option("--variant", opt->variant, "Rule set the data was played under")
      ->capture_default_str();
  cmd->add_option("--start", opt->start,
                  "Start from these weights instead of the compiled-in ones");
  cmd->add_option("--apply", opt->apply,
                  "Write these weights, without fitting, over the compiled-in ones into the "
                  "board's shipped file (weights/river-board.txt or weights/open-board.txt; "
                  "run from the repository root) or --out");
  cmd->add_option("--out,-o", opt->out, "Write the weights to this file (NAME = VALUE lines)");
  cmd->add_option("--rounds", opt->tuner.rounds, "Re-linearisations")->capture_default_str();
  cmd->add_option("--iterations", opt->tuner.iterations, "Gauss-Newton steps per round")
      ->capture_default_str();
  cmd->add_option("--validation", opt->tuner.validation, "Share of positions held out")
      ->check(CLI::Range(0.0, 0.9))
      ->capture_default_str();
  cmd->add_option("--k", opt->tuner.k, "Sigmoid scale; 0 fits it")->capture_default_str();
  cmd->add_option("--lambda", opt->tuner.lambda,
                  "Weight of the game result in the target; the rest is the search score")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str();
  cmd->add_option("--l2", opt->tuner.l2, "Pull towards the starting weights")
      ->capture_default_str();
  cmd->add_option("--max-step", opt->tuner.max_step,
                  "Largest move of a weight per round, as a share of its value")
      ->capture_default_str();
  cmd->add_option("--min-step", opt->tuner.min_step, "...or in units, whichever is larger")
      ->capture_default_str();
  cmd->add_option("--only", opt->tuner.only, "Tune only weights whose names contain these");
  cmd->callback([opt] {
    const int code = run_tune(*opt);
    if (code != 0) throw CLI::RuntimeError(code);
  });
}

void add_datagen_command(CLI::App& app) {
  auto opt = std::make_shared<DatagenCommandOptions>();
  CLI::App* cmd = app.add_subcommand(
      "datagen", "Self-play at a fixed node count, writing quiet positions with results");
  cmd->add_option("--variant", opt->variant, "Rule set")->capture_default_str();
  cmd->add_option("--games,-n", opt->gen.games, "Number of games")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  cmd->add_option("--nodes", opt->gen.nodes, "Nodes per move")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  cmd->add_option("--random-plies", opt->random_plies, "Random plies at the start: N or MIN-MAX")
      ->capture_default_str();
  cmd->add_option("--max-plies", opt->gen.max_plies, "A game this long is scored a draw")
      ->capture_default_str();
  cmd->add_option("--quiet-margin", opt->gen.quiet_margin,
                  "Largest |search - static eval| of a kept position (cp)")
      ->capture_default_str();
  cmd->add_option("--concurrency,-c", opt->gen.threads, "Games at a time")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  cmd->add_option("--seed", opt->gen.seed, "Game i uses seed + i")->capture_default_str();
  cmd->add_option("--out,-o", opt->out, "Output file (default: standard output)");
  cmd->add_option("--records", opt->records, "Also write every game's record to this file");
  cmd->callback([opt] {
    const int code = run_datagen(*opt);
    if (code != 0) throw CLI::RuntimeError(code);
  });
}

}  // namespace jungle::app
