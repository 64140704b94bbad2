// `uci` and `setoption`: the options the engine announces and how each is set.

#include "protocol/uci.h"

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <istream>
#include <optional>
#include <ostream>
#include <sstream>

#include "core/file_io.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/perft.h"
#include "core/text_util.h"
#include "core/variants.h"
#include "flip/flip_rules.h"
#include "protocol/uci_limits.h"
#include "search/bench_positions.h"

namespace jungle {

using namespace uci_limits;

namespace {

std::string mode_name(EngineMode mode) {
  switch (mode) {
    case EngineMode::kRandom:
      return "random";
    case EngineMode::kMaterial:
      return "material";
    case EngineMode::kFull:
      break;
  }
  return "full";
}

std::string variant_error_text(const VariantError& e) {
  std::string text;
  for (const VariantIssue& issue : e.issues()) {
    if (!text.empty()) text += "; ";
    text += issue.to_string();
  }
  return text.empty() ? e.what() : text;
}

}  // namespace

void UciProtocol::cmd_uci() {
  std::ostringstream s;
  s << "id name jungle\n"
    << "id author the jungle authors\n"
    << "option name Hash type spin default " << options_.hash_mb << " min 1 max " << kMaxHashMb
    << "\n"
    << "option name Threads type spin default " << options_.threads << " min 1 max " << kMaxThreads
    << "\n"
    << "option name MultiPV type spin default " << options_.multipv << " min 1 max " << kMaxMultiPv
    << "\n"
    << "option name Move Overhead type spin default " << options_.move_overhead_ms << " min 0 max "
    << kMaxMoveOverheadMs << "\n"
    << "option name Skill Level type spin default " << skill_level_ << " min 0 max "
    << kMaxSkillLevel << "\n"
    << "option name UCI_LimitStrength type check default " << (limit_strength_ ? "true" : "false")
    << "\n"
    << "option name UCI_Elo type spin default " << elo_ << " min " << skill_level_elo(0) << " max "
    << skill_level_elo(kMaxSkillLevel - 1) << "\n"
    << "option name UCI_ShowWDL type check default " << (show_wdl_ ? "true" : "false") << "\n"
    << "option name Ponder type check default " << (ponder_ ? "true" : "false") << "\n"
    << "option name Contempt type spin default " << options_.contempt << " min " << -kMaxContempt
    << " max " << kMaxContempt << "\n"
    << "option name Mode type combo default " << mode_name(options_.mode)
    << " var full var random var material\n"
    << "option name Baseline Depth type spin default " << options_.baseline_depth << " min 1 max "
    << kMaxBaselineDepth << "\n"
    << "option name Seed type spin default " << options_.seed << " min 0 max " << kMaxSeed << "\n"
    << "option name Variant type string default " << variant_ << "\n"
    << "option name Eval File type string default " << eval_file_ << "\n"
    << "option name TablebasePath type string default " << options_.tablebase_path << "\n"
    << "option name Clear Hash type button\n"
    << "uciok";
  send(s.str());
}

void UciProtocol::cmd_setoption(const std::vector<std::string>& args) {
  // setoption name <words...> [value <words...>]
  auto value_at = std::find(args.begin(), args.end(), "value");
  if (args.empty() || args[0] != "name" || args.size() < 2 || value_at == args.begin() + 1) {
    error("setoption: expected 'setoption name <option> value <value>'");
    return;
  }
  const size_t value_index = size_t(value_at - args.begin());
  const std::string name = lower(join_words(args, 1, value_index));
  const std::string value =
      value_at == args.end() ? "" : join_words(args, value_index + 1, args.size());

  auto spin = [&](std::string_view shown, int min, int max, auto& field) {
    int64_t v = 0;
    if (!parse_int(value, v) || v < min || v > max) {
      error("setoption: " + std::string(shown) + " must be an integer from " + std::to_string(min) +
            " to " + std::to_string(max) + ", not '" + value + "'");
      return false;
    }
    field = static_cast<std::remove_reference_t<decltype(field)>>(v);
    return true;
  };
  auto check = [&](std::string_view shown, bool& field) {
    const std::string v = lower(value);
    if (v != "true" && v != "false") {
      error("setoption: " + std::string(shown) + " must be true or false, not '" + value + "'");
      return false;
    }
    field = v == "true";
    return true;
  };

  // Options are checked first, and a running search is stopped only to
  // change something, so that a mistyped option leaves it alone.
  EngineOptions next = options_;
  bool ok = false;
  if (name == "hash") {
    ok = spin("Hash", 1, kMaxHashMb, next.hash_mb);
  } else if (name == "threads") {
    ok = spin("Threads", 1, kMaxThreads, next.threads);
  } else if (name == "multipv") {
    ok = spin("MultiPV", 1, kMaxMultiPv, next.multipv);
  } else if (name == "move overhead") {
    ok = spin("Move Overhead", 0, kMaxMoveOverheadMs, next.move_overhead_ms);
  } else if (name == "skill level") {
    if (spin("Skill Level", 0, kMaxSkillLevel, skill_level_)) apply_skill();
    return;
  } else if (name == "uci_limitstrength") {
    if (check("UCI_LimitStrength", limit_strength_)) apply_skill();
    return;
  } else if (name == "uci_elo") {
    if (spin("UCI_Elo", skill_level_elo(0), skill_level_elo(kMaxSkillLevel - 1), elo_))
      apply_skill();
    return;
  } else if (name == "uci_showwdl") {
    bool show = false;
    if (!check("UCI_ShowWDL", show)) return;
    interrupt();  // the search thread reads it
    show_wdl_ = show;
    return;
  } else if (name == "ponder") {
    check("Ponder", ponder_);
    return;
  } else if (name == "contempt") {
    ok = spin("Contempt", -kMaxContempt, kMaxContempt, next.contempt);
  } else if (name == "baseline depth") {
    ok = spin("Baseline Depth", 1, kMaxBaselineDepth, next.baseline_depth);
  } else if (name == "seed") {
    ok = spin("Seed", 0, kMaxSeed, next.seed);
  } else if (name == "mode") {
    const std::string v = lower(value);
    if (v == "full") {
      next.mode = EngineMode::kFull;
    } else if (v == "random") {
      next.mode = EngineMode::kRandom;
    } else if (v == "material") {
      next.mode = EngineMode::kMaterial;
    } else {
      error("setoption: Mode must be full, random or material, not '" + value + "'");
      return;
    }
    ok = true;
  } else if (name == "clear hash") {
    interrupt();
    engine_.new_game();
    return;
  } else if (name == "variant") {
    if (value.empty()) {
      error("setoption: Variant needs a rule-set name or a .toml file");
      return;
    }
    try {
      if (flip::is_flip_variant(value)) {
        flip::FlipRulesPtr rules = flip::load_flip_rules(value);
        interrupt();
        hidden_.reset();
        flip_ = std::make_unique<FlipUciSession>(
            rules, [this](std::string_view text) { send(text); },
            [this](std::string_view text) { error(text); });
        variant_ = value;
        return;
      }
      RuleSetPtr rules = load_variant(value);
      interrupt();
      flip_.reset();
      hidden_.reset();
      if (rules->rules().hidden_pieces) {
        hidden_ = std::make_unique<HiddenUciSession>(
            rules, [this](std::string_view text) { send(text); },
            [this](std::string_view text) { error(text); });
      }
      engine_.set_rules(rules);
      pos_ = Position(rules);
      variant_ = value;
    } catch (const VariantError& e) {
      error("setoption: Variant '" + value + "': " + variant_error_text(e));
    } catch (const std::exception& e) {
      error("setoption: Variant '" + value + "': " + e.what());
    }
    return;
  } else if (name == "tablebasepath") {
    next.tablebase_path = value;
    ok = true;
  } else if (name == "eval file") {
    set_eval_file(value);
    return;
  } else {
    error("setoption: unknown option '" + join_words(args, 1, value_index) + "'");
    return;
  }
  if (!ok) return;
  interrupt();
  try {
    engine_.set_options(next);
  } catch (const std::bad_alloc&) {
    if (next.hash_mb != options_.hash_mb) {
      error("setoption: Hash: cannot allocate " + std::to_string(next.hash_mb) +
            " MB; the table stays at " + std::to_string(options_.hash_mb) + " MB");
    } else {
      error("setoption: out of memory");
    }
    return;
  } catch (const std::exception& e) {
    error("setoption: TablebasePath '" + next.tablebase_path + "': " + e.what());
    return;
  }
  options_ = next;
  // Tables the folder's headers already show damaged are left out now.
  if (engine_.tablebase()) {
    for (const std::string& e : engine_.tablebase()->new_damage()) {
      error("setoption: TablebasePath '" + next.tablebase_path + "': " + e +
            "; the engine plays on without this table");
    }
  }
}

// UCI_LimitStrength hands the skill level to UCI_Elo; Skill Level 20 with it
// off is full strength.
void UciProtocol::apply_skill() {
  const int level = limit_strength_ ? skill_level_for_elo(elo_) : skill_level_;
  if (level == options_.skill_level) return;
  EngineOptions next = options_;
  next.skill_level = level;
  interrupt();
  engine_.set_options(next);
  options_ = next;
}

// Weights in the format `jungle tune` writes, read over the compiled-in ones
// of the current rule set's board and then used under every rule set, so
// that candidate weights can be matched without a rebuild. A bad file keeps
// the weights in use.
void UciProtocol::set_eval_file(const std::string& path) {
  if (path.empty() || path == kBuiltInEval) {
    interrupt();
    engine_.set_eval_params(std::nullopt);
    eval_file_ = kBuiltInEval;
    return;
  }
  // Only a small regular file is read: a FIFO or /dev/zero must not hang the engine.
  try {
    EvalParams params = load_eval_params_file(path, default_eval_params(*engine_.rules()));
    interrupt();
    engine_.set_eval_params(std::move(params));
    eval_file_ = path;
  } catch (const FileReadError& e) {
    error("setoption: Eval File: cannot read '" + path + "': " + e.reason());
  } catch (const std::exception& e) {
    error("setoption: Eval File '" + path + "': " + e.what());
  }
}

}  // namespace jungle
