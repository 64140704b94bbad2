#include "game/open_engine.h"

#include <cinttypes>
#include <cstdio>
#include <sstream>
#include <stdexcept>

#include "core/file_io.h"
#include "core/game.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/text_util.h"
#include "core/variants.h"
#include "game/engine_options.h"
#include "game/open_observation.h"
#include "game/option_limits.h"
#include "game/strength_model.h"

namespace jungle::game {

using namespace option_limits;

namespace {

constexpr const char* kBuiltInEval = "<built-in>";

std::string mode_name(EngineMode mode) {
  switch (mode) {
    case EngineMode::kRandom:
      return "random";
    case EngineMode::kMaterial:
      return "material";
    case EngineMode::kDefender:
      return "defender";
    case EngineMode::kFull:
      break;
  }
  return "full";
}

// The search's score (centipawns, or a mate beyond kMateBound) as one Score.
Score score_of(int score) {
  if (const int moves = mate_in_moves(score)) return Score::mate(moves);
  return Score::centipawns(score);
}

}  // namespace

OpenEngine::OpenEngine() : eval_file_(kBuiltInEval), elo_(kDefaultElo) {
  options_ = engine_.options();
  skill_level_ = options_.skill_level;
}

OpenEngine::~OpenEngine() {
  engine_.stop();
  engine_.wait();
}

std::vector<OptionSpec> OpenEngine::options() const {
  std::vector<std::string> modes = {"full"};
  for (const std::string& m : open_baseline_modes()) modes.push_back(m);
  return {
      spin_option("Hash", options_.hash_mb, 1, kMaxHashMb),
      spin_option("Threads", options_.threads, 1, kMaxThreads),
      spin_option("MultiPV", options_.multipv, 1, kMaxMultiPv),
      spin_option("Move Overhead", options_.move_overhead_ms, 0, kMaxMoveOverheadMs),
      spin_option("Skill Level", skill_level_, 0, kMaxSkillLevel),
      check_option("UCI_LimitStrength", limit_strength_),
      spin_option("UCI_Elo", elo_, skill_level_elo(0), skill_level_elo(kMaxSkillLevel - 1)),
      check_option("UCI_ShowWDL", show_wdl_),
      spin_option("Contempt", options_.contempt, -kMaxContempt, kMaxContempt),
      combo_option("Mode", mode_name(options_.mode), modes),
      spin_option("Baseline Depth", options_.baseline_depth, 1, kMaxBaselineDepth),
      spin_option("Seed", int64_t(options_.seed), 0, kMaxSeed),
      string_option("Eval File", eval_file_),
      string_option("TablebasePath", options_.tablebase_path),
      button_option("Clear Hash"),
  };
}

std::vector<std::string> OpenEngine::set_option(std::string_view name, std::string_view value) {
  const std::string key = lower(name);
  if (key == "variant") {
    use_variant(value);
    return {};
  }
  const OptionSpec spec = option_named(options(), name);
  // Values are checked first, and a running search is waited for only to
  // change something, so that a mistyped option leaves it alone.
  EngineOptions next = options_;
  if (key == "hash") {
    next.hash_mb = int(spin_value(spec, value));
  } else if (key == "threads") {
    next.threads = int(spin_value(spec, value));
  } else if (key == "multipv") {
    next.multipv = int(spin_value(spec, value));
  } else if (key == "move overhead") {
    next.move_overhead_ms = spin_value(spec, value);
  } else if (key == "skill level") {
    skill_level_ = int(spin_value(spec, value));
    apply_skill();
    return {};
  } else if (key == "uci_limitstrength") {
    limit_strength_ = check_value(spec, value);
    apply_skill();
    return {};
  } else if (key == "uci_elo") {
    elo_ = int(spin_value(spec, value));
    apply_skill();
    return {};
  } else if (key == "uci_showwdl") {
    const bool show = check_value(spec, value);
    engine_.wait();  // the search's thread reads it
    show_wdl_ = show;
    return {};
  } else if (key == "contempt") {
    next.contempt = int(spin_value(spec, value));
  } else if (key == "baseline depth") {
    next.baseline_depth = int(spin_value(spec, value));
  } else if (key == "seed") {
    next.seed = uint64_t(spin_value(spec, value));
  } else if (key == "mode") {
    const std::string mode = combo_value(spec, value);
    next.mode = mode == "random"     ? EngineMode::kRandom
                : mode == "material" ? EngineMode::kMaterial
                : mode == "defender" ? EngineMode::kDefender
                                     : EngineMode::kFull;
  } else if (key == "clear hash") {
    engine_.new_game();
    return {};
  } else if (key == "tablebasepath") {
    next.tablebase_path = std::string(value);
  } else if (key == "eval file") {
    set_eval_file(value);
    return {};
  }
  try {
    engine_.set_options(next);
  } catch (const std::bad_alloc&) {
    if (next.hash_mb != options_.hash_mb) {
      throw std::invalid_argument("Hash: cannot allocate " + std::to_string(next.hash_mb) +
                                  " MB; the table stays at " + std::to_string(options_.hash_mb) +
                                  " MB");
    }
    throw std::invalid_argument("out of memory");
  } catch (const std::exception& e) {
    throw std::invalid_argument("TablebasePath '" + next.tablebase_path + "': " + e.what());
  }
  options_ = next;
  // Tables the folder's headers already show damaged are left out now.
  std::vector<std::string> warnings;
  if (engine_.tablebase()) {
    for (const std::string& e : engine_.tablebase()->new_damage()) {
      warnings.push_back("TablebasePath '" + next.tablebase_path + "': " + e +
                         "; the engine plays on without this table");
    }
  }
  return warnings;
}

// UCI_LimitStrength hands the skill level to UCI_Elo; Skill Level 20 with it
// off is full strength.
void OpenEngine::apply_skill() {
  const int level = limit_strength_ ? skill_level_for_elo(elo_) : skill_level_;
  if (level == options_.skill_level) return;
  EngineOptions next = options_;
  next.skill_level = level;
  engine_.set_options(next);
  options_ = next;
}

// Weights in the format `jungle tune` writes, read over the compiled-in ones
// of the current rule set's board and then used under every rule set, so
// that candidate weights can be matched without a rebuild. A bad file keeps
// the weights in use.
void OpenEngine::set_eval_file(std::string_view path) {
  if (path.empty() || path == kBuiltInEval) {
    engine_.set_eval_params(std::nullopt);
    eval_file_ = kBuiltInEval;
    return;
  }
  // Only a small regular file is read: a FIFO or /dev/zero must not hang the engine.
  const std::string file(path);
  try {
    EvalParams params = load_eval_params_file(file, default_eval_params(*engine_.rules()));
    engine_.set_eval_params(std::move(params));
    eval_file_ = file;
  } catch (const FileReadError& e) {
    throw std::invalid_argument("Eval File: cannot read '" + file + "': " + e.reason());
  } catch (const std::exception& e) {
    throw std::invalid_argument("Eval File '" + file + "': " + e.what());
  }
}

void OpenEngine::use_variant(std::string_view variant) {
  if (variant.empty()) throw std::invalid_argument("Variant needs a rule-set name or a .toml file");
  if (variant == variant_) return;
  RuleSetPtr rules;
  try {
    rules = load_variant(variant);
  } catch (const VariantError& e) {
    throw std::invalid_argument("Variant '" + std::string(variant) + "': " + e.one_line());
  } catch (const std::exception& e) {
    throw std::invalid_argument("Variant '" + std::string(variant) + "': " + e.what());
  }
  engine_.set_rules(rules);
  variant_ = std::string(variant);
}

RuleSetPtr OpenEngine::rules_of(std::string_view variant) const {
  if (variant.empty() || variant == variant_) return engine_.rules();
  try {
    return load_variant(variant);
  } catch (const std::exception& e) {
    throw std::invalid_argument("Variant '" + std::string(variant) + "': " + e.what());
  }
}

void OpenEngine::new_game() {
  engine_.wait();
  engine_.new_game();
}

void OpenEngine::validate(const Observation& observation) const {
  (void)open_position_of(rules_of(observation.variant), observation.position);
  check_viewer_to_move(observation);
}

void OpenEngine::go(const Observation& observation, const Limits& limits, InfoCallback on_info,
                    DoneCallback on_done) {
  if (!observation.variant.empty()) use_variant(observation.variant);
  const Position root = open_position_of(engine_.rules(), observation.position);
  SearchLimits sl;
  sl.depth = limits.depth;
  sl.nodes = limits.nodes;
  sl.movetime_ms = limits.movetime_ms;
  for (Side s : {kBlue, kRed}) {
    sl.time_ms[s] = limits.time_ms[s];
    sl.inc_ms[s] = limits.inc_ms[s];
  }
  sl.movestogo = limits.moves_to_go;
  sl.infinite = limits.infinite;
  sl.mate = limits.mate;
  for (const std::string& text : limits.search_actions) {
    std::string why;
    std::optional<Move> m = parse_move(root, text, &why);
    if (!m) {
      // Moves past our draw rules are the interface's to allow.
      const std::optional<Move> coordinates = root.rule_set().geometry().parse_move_text(text);
      if (coordinates && generate_moves_past_draws(root).contains(*coordinates)) m = coordinates;
    }
    if (!m) throw std::invalid_argument("searchmoves: " + why);
    sl.search_moves.push_back(*m);
  }
  engine_.stop();
  engine_.wait();
  const Geometry& board = root.rule_set().geometry();
  auto info_of = [this, board](const jungle::SearchInfo& in) {
    SearchInfo out;
    out.depth = in.depth;
    out.seldepth = in.seldepth;
    out.multipv = in.multipv;
    out.score = score_of(in.score);
    out.lowerbound = in.bound == kBoundLower;
    out.upperbound = in.bound == kBoundUpper;
    out.nodes = in.nodes;
    out.time_ms = in.time_ms;
    out.hashfull = in.hashfull;
    out.tbhits = in.tablebase ? int64_t(in.tbhits) : -1;
    if (show_wdl_) {
      const Wdl wdl = wdl_of_score(in.score);
      out.wdl = std::array<int, 3>{wdl.win, wdl.draw, wdl.loss};
    }
    for (Move m : in.pv) out.pv.push_back(board.move_text(m));
    return out;
  };
  engine_.start(
      root, sl,
      [on_info, info_of](const jungle::SearchInfo& in) {
        if (on_info) on_info(info_of(in));
      },
      [root, on_done](const SearchResult& result) {
        Answer a;
        for (const std::string& e : result.errors) {
          a.warnings.push_back("tablebase: " + e + "; the engine plays on without this table");
        }
        const MoveList legal = generate_moves_past_draws(root);
        const Geometry& g = root.rule_set().geometry();
        if (legal.empty()) {
          // The game is over here: a loss (mate 0) unless drawn.
          const GameResult r = game_result(root);
          const bool drawn = r == GameResult::kDraw || r == GameResult::kOngoing;
          a.score = drawn ? Score::centipawns(0) : Score::mate(0);
          if (on_done) on_done(a);
          return;
        }
        const Move best = legal.contains(result.best) ? result.best : legal[0];
        a.action = g.move_text(best);
        a.score = score_of(result.score);
        a.depth = result.depth;
        a.nodes = result.nodes;
        if (!result.ponder.is_none() && best == result.best) {
          Position after = root;
          after.do_move(best);
          if (generate_moves_past_draws(after).contains(result.ponder))
            a.ponder = g.move_text(result.ponder);
        }
        if (on_done) on_done(a);
      });
}

void OpenEngine::stop() {
  engine_.stop();
}

void OpenEngine::wait() {
  engine_.wait();
}

bool OpenEngine::searching() const {
  return engine_.searching();
}

std::string OpenEngine::describe(const Observation& observation) const {
  const Position pos = open_position_of(rules_of(observation.variant), observation.position);
  std::ostringstream s;
  s << pos.diagram();
  if (s.str().empty() || s.str().back() != '\n') s << '\n';
  char key[32];
  std::snprintf(key, sizeof key, "%016" PRIx64, pos.key());
  s << "Fen: " << pos.fen() << "\n"
    << "Key: " << key << "\n"
    << "Side to move: " << side_name(pos.side_to_move()) << "\n";
  Termination why = Termination::kNone;
  const GameResult r = game_result(pos, &why);
  if (r != GameResult::kOngoing) {
    s << "Result: "
      << (r == GameResult::kBlueWins  ? "Blue wins"
          : r == GameResult::kRedWins ? "Red wins"
                                      : "draw")
      << " (" << termination_tag(why) << ")\n";
  }
  // The moves `position` accepts here: play goes on past our draw rules.
  const MoveList moves = generate_moves_past_draws(pos);
  s << "Legal moves (" << moves.size() << "):";
  for (Move m : moves) s << ' ' << pos.rule_set().geometry().move_text(m);
  return s.str();
}

std::string OpenEngine::eval_text(const Observation& observation) const {
  if (!observation.variant.empty() && observation.variant != variant_) {
    throw std::invalid_argument("the engine's rule set is '" + variant_ + "', not '" +
                                observation.variant + "'");
  }
  return engine_.eval_trace(open_position_of(engine_.rules(), observation.position));
}

std::unique_ptr<Engine> make_open_engine() {
  return std::make_unique<OpenEngine>();
}

const std::vector<std::string>& open_baseline_modes() {
  static const std::vector<std::string> kModes = {"random", "material", "defender"};
  return kModes;
}

std::unique_ptr<Engine> make_open_baseline(std::string_view mode, uint64_t seed) {
  std::unique_ptr<Engine> engine = make_open_engine();
  engine->set_option("Mode", mode);
  engine->set_option("Seed", std::to_string(seed % (uint64_t(kMaxSeed) + 1)));
  return engine;
}

}  // namespace jungle::game
