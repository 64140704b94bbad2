#include "game/hidden_engine.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <random>
#include <sstream>
#include <stdexcept>

#include "core/text_util.h"
#include "core/variants.h"
#include "game/engine_options.h"
#include "game/hidden_baselines.h"
#include "game/hidden_observation.h"
#include "game/hidden_setup.h"
#include "game/option_limits.h"
#include "game/skill_choice.h"
#include "game/time_plan.h"
#include "hidden/setup.h"
#include "hidden_search/hidden_match.h"
#include "hidden_search/move_reading.h"
#include "search/evaluation.h"

namespace jungle::game {

using namespace option_limits;

namespace {

// Without a clock, a movetime, a depth or nodes: a second a move, or ten
// minutes for `go infinite` (which `stop` ends).
constexpr int64_t kDefaultMoveMs = 1000;
constexpr int64_t kInfiniteMs = 600'000;

// The search's settings (HiddenSearchOptions), what `jungle hidden-match`
// sets with --method, --model, --tree-pruning, --worlds, --candidates,
// --contact, --lines, --first-share, --risk, --anchor, --read-temperature,
// --read-uniform, --read-worlds and --read-activity; its shares (and the
// activity's power) as percentages, an option's number being whole.
constexpr const char* kMethods[] = {"tree", "worlds"};
constexpr const char* kModels[] = {"informed", "averaged", "guessing"};

int64_t percent_of(double share) {
  return int64_t(std::lround(share * 100));
}

std::vector<OptionSpec> search_option_specs(const hidden::HiddenSearchOptions& o) {
  return {
      combo_option("Method", kMethods[int(o.method)], {kMethods[0], kMethods[1]}),
      combo_option("Model", kModels[int(o.opponent)], {kModels[0], kModels[1], kModels[2]}),
      check_option("Tree Pruning", o.tree_pruning),
      spin_option("Worlds", o.worlds, 1, hidden::kMaxSearchWorlds),
      spin_option("Candidates", o.candidates, 1, hidden::kMaxCandidates),
      spin_option("Contact", o.contact_steps, 0, hidden::kMaxContactSteps),
      spin_option("World Lines", o.lines, 1, hidden::kMaxWorldLines),
      spin_option("First Share", percent_of(o.first_share), hidden::kMinFirstSharePercent, 100),
      spin_option("Risk", percent_of(o.risk), 0, 100),
      spin_option("Anchor", percent_of(o.anchor_share), 0, hidden::kMaxAnchorSharePercent),
      spin_option("Least Share", percent_of(o.least_share), 0, hidden::kMaxLeastSharePercent),
      spin_option("Read Temperature", std::lround(o.reading.temperature), 0,
                  hidden::kMaxReadTemperature),
      spin_option("Read Uniform", percent_of(o.reading.uniform), 0, 100),
      spin_option("Read Worlds", o.reading.worlds, 0, hidden::kMaxReadWorlds),
      spin_option("Read Activity", percent_of(o.reading.activity), 0,
                  hidden::kMaxReadActivityPercent),
  };
}

// Sets the search's setting `key` (lower case) names in `o`; false for
// another option.
bool set_search_option(std::string_view key, const OptionSpec& spec, std::string_view value,
                       hidden::HiddenSearchOptions& o) {
  if (key == "method") {
    o.method = combo_value(spec, value) == kMethods[0] ? hidden::HiddenMethod::kTree
                                                       : hidden::HiddenMethod::kWorlds;
  } else if (key == "model") {
    const std::string model = combo_value(spec, value);
    o.opponent = model == kModels[0]   ? hidden::OpponentModel::kInformed
                 : model == kModels[1] ? hidden::OpponentModel::kAveraged
                                       : hidden::OpponentModel::kGuessing;
  } else if (key == "tree pruning") {
    o.tree_pruning = check_value(spec, value);
  } else if (key == "worlds") {
    o.worlds = int(spin_value(spec, value));
  } else if (key == "candidates") {
    o.candidates = int(spin_value(spec, value));
  } else if (key == "contact") {
    o.contact_steps = int(spin_value(spec, value));
  } else if (key == "world lines") {
    o.lines = int(spin_value(spec, value));
  } else if (key == "first share") {
    o.first_share = double(spin_value(spec, value)) / 100;
  } else if (key == "risk") {
    o.risk = double(spin_value(spec, value)) / 100;
  } else if (key == "anchor") {
    o.anchor_share = double(spin_value(spec, value)) / 100;
  } else if (key == "least share") {
    o.least_share = double(spin_value(spec, value)) / 100;
  } else if (key == "read temperature") {
    o.reading.temperature = double(spin_value(spec, value));
  } else if (key == "read uniform") {
    o.reading.uniform = double(spin_value(spec, value)) / 100;
  } else if (key == "read worlds") {
    o.reading.worlds = int(spin_value(spec, value));
  } else if (key == "read activity") {
    o.reading.activity = double(spin_value(spec, value)) / 100;
  } else {
    return false;
  }
  return true;
}

std::string expected_text(double e) {
  char number[32];
  std::snprintf(number, sizeof number, "%.3f", e);
  return number;
}

}  // namespace

HiddenEngine::HiddenEngine()
    : rules_(load_variant(variant_)),
      searcher_(std::make_unique<hidden::HiddenSearcher>(search_options_)) {}

HiddenEngine::~HiddenEngine() {
  stop();
  wait();
}

std::vector<OptionSpec> HiddenEngine::options() const {
  PlayOptions shown = play_;
  shown.seed = int64_t(search_options_.seed);  // the searcher's, which the baselines use too
  std::vector<OptionSpec> out = {spin_option("Hash", search_options_.hash_mb, 1, kMaxHashMb)};
  for (OptionSpec& o : shown.specs(hidden_modes())) out.push_back(o);
  for (OptionSpec& o : search_option_specs(search_options_)) out.push_back(o);
  out.push_back(button_option("Clear Hash"));
  return out;
}

std::vector<std::string> HiddenEngine::set_option(std::string_view name, std::string_view value) {
  const std::string key = lower(name);
  if (key == "variant") {
    use_variant(value);
    return {};
  }
  const OptionSpec spec = option_named(options(), name);
  if (key == "hash" || key == "seed") {
    hidden::HiddenSearchOptions next = search_options_;
    if (key == "hash") {
      next.hash_mb = int(spin_value(spec, value));
    } else {
      next.seed = uint64_t(spin_value(spec, value));
      // Apart from the searcher's draws, which the same seed starts.
      seeded_setup_rng_.emplace(next.seed * 0x9E3779B97F4A7C15ull + 0x5E7);
    }
    wait();
    try {
      searcher_->set_options(next);
    } catch (const std::bad_alloc&) {
      throw std::invalid_argument("Hash: cannot allocate " + std::to_string(next.hash_mb) +
                                  " MB; the table stays at " +
                                  std::to_string(search_options_.hash_mb) + " MB");
    }
    search_options_ = next;
  } else if (hidden::HiddenSearchOptions next = search_options_;
             set_search_option(key, spec, value, next)) {
    wait();
    searcher_->set_options(next);
    search_options_ = next;
  } else if (!play_.set(key, spec, value, [this] { wait(); }) && key == "clear hash") {
    new_game();
  }
  return {};
}

void HiddenEngine::use_variant(std::string_view variant) {
  if (variant == variant_) return;
  RuleSetPtr rules = rules_of(variant);
  if (!rules->rules().hidden_pieces) {
    throw std::invalid_argument("Variant '" + std::string(variant) + "' hides no pieces");
  }
  wait();
  rules_ = std::move(rules);
  variant_ = std::string(variant);
  searcher_->new_game();
}

RuleSetPtr HiddenEngine::rules_of(std::string_view variant) const {
  if (variant.empty() || variant == variant_) return rules_;
  try {
    return load_variant(variant);
  } catch (const std::exception& e) {
    throw std::invalid_argument("Variant '" + std::string(variant) + "': " + e.what());
  }
}

void HiddenEngine::new_game() {
  wait();
  searcher_->new_game();
}

void HiddenEngine::validate(const Observation& observation) const {
  const hidden::PlayerView view =
      hidden_view_of(rules_of(observation.variant), observation.position);
  if (!view.viewer())
    throw std::invalid_argument("the view is a spectator's; the engine plays a side");
  if (view.side_to_move() != *view.viewer()) {
    throw std::invalid_argument(side_name(view.side_to_move()) +
                                " is to move, and the engine plays " + side_name(*view.viewer()));
  }
}

void HiddenEngine::go(const Observation& observation, const Limits& limits, InfoCallback on_info,
                      DoneCallback on_done) {
  // A move's time runs from now: building the view, and a baseline its
  // searcher, count against it as the search does (equal time, issue 34).
  const SearchClock::time_point asked = SearchClock::wall().now();
  if (!observation.variant.empty()) use_variant(observation.variant);
  validate(observation);
  hidden::PlayerView view = hidden_view_of(rules_, observation.position);
  if (!limits.search_actions.empty()) {
    throw std::invalid_argument("searchmoves: the hidden-pieces engine searches every try");
  }
  hidden::HiddenLimits hl;
  hl.depth = limits.depth > 0 ? std::min(limits.depth, 64) : 0;
  hl.nodes = limits.nodes;
  // More than one line asked for: each one's value, not a bound below the
  // best's (a review compares the move played with the best).
  hl.exact_candidates = play_.multipv > 1;
  // A depth or a node count given alone is kept alone: the searcher reads
  // its depth only without a time, and a fixed depth repeats exactly.
  if (limits.movetime_ms > 0 || (hl.depth == 0 && hl.nodes == 0)) {
    hl.movetime_ms = plan_movetime_ms(limits, view.side_to_move(), play_.move_overhead_ms);
    if (hl.movetime_ms == 0 && hl.depth == 0 && hl.nodes == 0) {
      hl.movetime_ms = limits.infinite ? kInfiniteMs : kDefaultMoveMs;
    }
    // On the thread CPU clock the move's time is the searching thread's
    // alone, counted from its start: a moment read here, in the asking
    // thread, would mean nothing there.
    hl.clock = limits.clock;
    if (hl.movetime_ms > 0 && !hl.clock.is_thread_cpu())
      hl.deadline = asked + std::chrono::milliseconds(hl.movetime_ms);
  }
  const HiddenBaseline* mode = hidden_baseline_named(play_.mode);
  if (mode && mode->own_search && limits.infinite && limits.depth <= 0 && limits.nodes == 0 &&
      limits.movetime_ms <= 0) {
    throw std::invalid_argument("infinite: Mode " + play_.mode +
                                " searches with a searcher that cannot be stopped; give it a "
                                "movetime, a depth or nodes");
  }
  stop();
  wait();
  searcher_->resume();
  thread_.start([this, hl, view = std::move(view), mode, multipv = play_.multipv,
                 skill = play_.mode == "full" ? play_.skill : kFullSkill,
                 seed = search_options_.seed, on_info = std::move(on_info),
                 on_done = std::move(on_done)]() {
    Answer answer;
    const Geometry& g = view.rule_set().geometry();
    if (view.legal_moves().empty()) {
      answer.score = Score::centipawns(0);  // nothing to try: the game is over
    } else if (mode && !mode->search && !mode->own_search) {
      // The baselines that play no search answer at once from the view,
      // without a search to report; a player made afresh with a generator
      // seeded from the position's plies keeps a game replayable while its
      // choices vary from move to move.
      answer.action = g.move_text(mode->make(seed * 1000003 + uint64_t(view.plies()), hl)(view));
    } else {
      // PIMC and ISMCTS are seeded from the plies as those players are.
      const hidden::HiddenSearchResult r =
          !mode              ? searcher_->search(view, hl)
          : mode->own_search ? mode->own_search(seed * 1000003 + uint64_t(view.plies()), view, hl)
                             : (searcher_.get()->*mode->search)(view, hl);
      if (!r.best.is_none()) {
        answer.action = g.move_text(r.best);
        answer.score = Score::of_expected(r.expected);
        answer.depth = r.depth;
        answer.nodes = r.nodes;
        std::string words = "worlds " + std::to_string(r.worlds) + " expected " +
                            expected_text(r.expected) + " candidates";
        for (const hidden::MoveValue& v : r.candidates) {
          words += ' ' + g.move_text(v.move) + ' ' + expected_text(v.expected);
          answer.lines.push_back({Score::of_expected(v.expected), {g.move_text(v.move)}});
        }
        if (on_info) {
          // One report, when the search has ended: its lines are the
          // candidates (the best first, MultiPV of them). No time: what
          // the engine says of a view repeats exactly.
          SearchInfo info;
          info.depth = r.depth;
          info.score = answer.score;
          info.nodes = r.nodes;
          info.time_ms = -1;
          info.pv = {answer.action};
          info.text = words;
          on_info(info);
          for (size_t k = 1; k < r.candidates.size() && int(k) < multipv; ++k) {
            SearchInfo line = info;
            line.multipv = int(k) + 1;
            line.score = Score::of_expected(r.candidates[k].expected);
            line.pv = {g.move_text(r.candidates[k].move)};
            line.text.clear();
            on_info(line);
          }
        }
        if (skill < kFullSkill && r.candidates.size() > 1) {
          // Below full strength one of the candidates is played
          // (skill_choice.h), chosen by the seed and the view's plies as
          // the baselines are, so that a game replays.
          std::vector<double> expected;
          for (const hidden::MoveValue& v : r.candidates) expected.push_back(v.expected);
          const size_t k = skill_choice(expected, skill, seed * 1000003 + uint64_t(view.plies()));
          answer.action = answer.lines[k].actions[0];
          answer.score = answer.lines[k].score;
        }
      }
    }
    if (on_done) on_done(answer);
  });
}

void HiddenEngine::stop() {
  searcher_->stop();
}

void HiddenEngine::wait() {
  thread_.join();
}

// The family's rule (Family::choose_setup): one list of sensible
// arrangements per set and side, valued once for every engine and front end.
std::string HiddenEngine::choose_setup(Side side) {
  if (seeded_setup_rng_) return choose_hidden_setup(variant_, side, *seeded_setup_rng_);
  return choose_hidden_setup(variant_, side, setup_rng_);
}

std::string HiddenEngine::describe(const Observation& observation) const {
  const hidden::PlayerView v = hidden_view_of(rules_of(observation.variant), observation.position);
  const Geometry& g = v.rule_set().geometry();
  std::ostringstream s;
  s << v.diagram() << "View of " << (v.viewer() ? side_name(*v.viewer()) : "a spectator") << ": "
    << v.fen() << "\n"
    << "Side to move: " << side_name(v.side_to_move()) << "\n";
  // What it deduced of each side it cannot see.
  for (Side them : {kBlue, kRed}) {
    if (v.viewer() == them) continue;
    s << side_name(them) << "'s pieces:";
    for (int id : v.side_pieces(them)) {
      const hidden::PieceInfo& p = v.pieces()[size_t(id)];
      s << ' ' << (p.on_board() ? g.square_name(p.square) : std::string("gone")) << '=';
      const AnimalSet c = v.candidates(id);
      for (int a = 0; a < kAnimals; ++a) {
        if (c.contains(Animal(a))) s << animal_letter(Animal(a));
      }
    }
    s << "\nArrangements: " << v.belief(them).arrangements() << "\n";
  }
  const MoveList tries = v.legal_moves();
  s << "Moves to try (" << tries.size() << "):";
  for (Move m : tries) s << ' ' << g.move_text(m);
  return s.str();
}

std::string HiddenEngine::eval_text(const Observation&) const {
  throw std::invalid_argument("a hidden game has no one position to evaluate; 'd' shows the view");
}

std::unique_ptr<Engine> make_hidden_engine() {
  return std::make_unique<HiddenEngine>();
}

}  // namespace jungle::game
