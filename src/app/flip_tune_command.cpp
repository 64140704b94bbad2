// `jungle flip-datagen` and `jungle flip-tune`: the Flip Jungle
// evaluation's weights fitted to game results (flip/flip_tune_data.h,
// flip/flip_tuner.h), as `jungle datagen` and `jungle tune` fit the open
// game's.

#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "app/commands.h"
#include "app/datagen_output.h"
#include "flip/flip_eval_weights.h"
#include "flip/flip_rules.h"
#include "flip/flip_tune_data.h"
#include "flip/flip_tuner.h"

namespace jungle::app {

namespace {

struct FlipDatagenCommand {
  std::string variant = "flip";
  std::string out;
  std::string records;
  std::string eval_weights;  // the engine's weights file; empty: the defaults
  flip::FlipDatagenOptions gen;
};

struct FlipTuneCommand {
  std::string variant = "flip";
  std::vector<std::string> data;
  std::string start;  // a weights file to start from; default: the compiled-in weights
  std::string out;    // where the fitted weights go; default: standard output
  flip::FlipTunerOptions tuner;
};

int flip_tune_fail(const std::string& message) {
  std::cerr << "error: " << message << "\n";
  return 2;
}

int run_flip_datagen(const FlipDatagenCommand& opt) {
  flip::FlipRulesPtr rules;
  try {
    rules = flip::load_flip_rules(opt.variant);
  } catch (const std::exception& e) {
    return flip_tune_fail(std::string("--variant: ") + e.what());
  }
  flip::FlipDatagenOptions gen = opt.gen;
  if (!opt.eval_weights.empty()) {
    try {
      gen.weights = flip::load_flip_eval_weights(opt.eval_weights);
    } catch (const std::invalid_argument& e) {
      return flip_tune_fail(std::string("--eval-weights: ") + e.what());
    }
  }
  DatagenFiles files;
  if (const std::string error = open_datagen_files(opt.out, opt.records, files); !error.empty())
    return flip_tune_fail(error);
  gen.records = files.records_or_null();
  gen.progress = datagen_progress(gen.games);
  const flip::FlipDatagenStats s = flip::generate_flip_training_data(rules, gen, files.out());
  end_datagen_progress();
  std::cerr << s.games << " games (engine won " << s.engine_wins << ", PIMC won " << s.pimc_wins
            << ", drawn " << s.draws << "), " << s.positions << " quiet positions\n";
  return 0;
}

int run_flip_tune(const FlipTuneCommand& opt) {
  try {
    const flip::FlipRulesPtr rules = flip::load_flip_rules(opt.variant);
    std::vector<flip::FlipSample> samples;
    for (const std::string& path : opt.data) {
      std::ifstream file(path);
      if (!file) return flip_tune_fail("cannot read " + path);
      std::ostringstream text;
      text << file.rdbuf();
      std::vector<flip::FlipSample> more = flip::parse_flip_training_data(rules, text.str(), path);
      samples.insert(samples.end(), more.begin(), more.end());
    }
    const flip::FlipEvalWeights start =
        opt.start.empty() ? flip::FlipEvalWeights{} : flip::load_flip_eval_weights(opt.start);
    flip::FlipTunerOptions tuner = opt.tuner;
    tuner.log = [](const std::string& line) { std::cerr << line << std::endl; };
    const flip::FlipTunerResult r =
        flip::tune_flip_eval(flip::flip_tuning_points(rules, samples), start, tuner);
    std::ostringstream text;
    text << "# jungle flip-tune: " << r.train_positions << " positions, " << r.validation_positions
         << " held out\n"
         << "# K " << r.start_k << " -> " << r.k << "; loss " << r.start_loss << " -> "
         << r.final_loss << "; held out " << r.start_validation << " -> " << r.final_validation
         << "\n"
         << flip::flip_eval_weights_text(r.weights);
    if (opt.out.empty() || opt.out == "-") {
      std::cout << text.str();
    } else {
      std::ofstream file(opt.out);
      if (!(file << text.str())) return flip_tune_fail("cannot write " + opt.out);
    }
    std::cerr << text.str();
    return 0;
  } catch (const std::invalid_argument& e) {
    return flip_tune_fail(e.what());
  } catch (const std::runtime_error& e) {
    return flip_tune_fail(e.what());
  }
}

}  // namespace

void add_flip_datagen_command(CLI::App& app) {
  auto opt = std::make_shared<FlipDatagenCommand>();
  CLI::App* cmd = app.add_subcommand(
      "flip-datagen",
      "Flip Jungle games of the engine against PIMC at a node budget, writing their quiet "
      "positions with results (for jungle flip-tune)");
  cmd->add_option("--variant", opt->variant, "Flip rule set")->capture_default_str();
  cmd->add_option("--games,-n", opt->gen.games, "Number of games")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  cmd->add_option("--nodes", opt->gen.nodes, "Nodes a move, each side")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  cmd->add_option("--seed", opt->gen.seed,
                  "Game i deals from seed + i (keep off 1 and 2, the measuring matches' seeds)")
      ->capture_default_str();
  cmd->add_option("--out,-o", opt->out, "Output file (default: standard output)");
  cmd->add_option("--records", opt->records, "Also write every game's plies to this file");
  cmd->add_option("--eval-weights", opt->eval_weights,
                  "The engine's evaluation weights from FILE (as jungle flip-tune writes them); "
                  "PIMC keeps the defaults");
  cmd->callback([opt] {
    const int code = run_flip_datagen(*opt);
    if (code != 0) throw CLI::RuntimeError(code);
  });
}

void add_flip_tune_command(CLI::App& app) {
  auto opt = std::make_shared<FlipTuneCommand>();
  CLI::App* cmd = app.add_subcommand(
      "flip-tune", "Fit the Flip Jungle evaluation's weights to game results (Texel tuning)");
  cmd->add_option("--data,-d", opt->data, "Positions with results, from jungle flip-datagen")
      ->required();
  cmd->add_option("--variant", opt->variant, "Flip rule set")->capture_default_str();
  cmd->add_option("--start", opt->start, "Weights file to start from (default: the engine's)");
  cmd->add_option("--out,-o", opt->out, "Weights file to write (default: standard output)");
  cmd->add_option("--only", opt->tuner.only,
                  "Fit only these weights (names as the file writes; fitting any value_* holds "
                  "K at its fit to the starting weights, since the values set the scale)");
  cmd->add_option("--validation", opt->tuner.validation, "Share held out (the last positions)")
      ->check(CLI::Range(0.0, 0.9))
      ->capture_default_str();
  cmd->add_option("--rounds", opt->tuner.rounds, "K then the weights, at most this many times")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  cmd->callback([opt] {
    const int code = run_flip_tune(*opt);
    if (code != 0) throw CLI::RuntimeError(code);
  });
}

}  // namespace jungle::app
