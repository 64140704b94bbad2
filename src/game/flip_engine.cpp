#include "game/flip_engine.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <stdexcept>

#include "core/text_util.h"
#include "flip/flip_match.h"
#include "flip/flip_rules.h"
#include "game/engine_options.h"
#include "game/flip_baselines.h"
#include "game/flip_observation.h"
#include "game/option_limits.h"
#include "game/skill_choice.h"
#include "game/time_plan.h"

namespace jungle::game {

using namespace option_limits;

namespace {

// The search's depth when none is given: its deepest.
constexpr int kMaxFlipDepth = 64;
// The ranges of the search's settings as options: a draw's cost and the
// chance nodes' curve, in points (flip_search.h).
constexpr int kMaxDrawCost = 500;
constexpr int kMaxChanceScale = 1000;

// A win the tree saw to its end is a mate in moves; the endgame tables'
// verdict proves a result without its distance.
Score score_of(const flip::FlipSearchResult& r, double points) {
  if (r.plies_to_end != 0) {
    const int moves = (std::abs(r.plies_to_end) + 1) / 2;
    return Score::mate(r.plies_to_end > 0 ? moves : -moves);
  }
  if (r.proven) return Score::tablebase(points > 0 ? 1 : points < 0 ? -1 : 0);
  return Score::of_expected(flip::expected_of_points(points));
}

// The search's words beside the score: the points it expects, or the tables' verdict.
std::string score_words(const flip::FlipSearchResult& r) {
  if (r.proven && r.plies_to_end == 0) {
    return r.score > 0 ? "a win by the endgame tables" : "a loss by the endgame tables";
  }
  char expected[64];
  std::snprintf(expected, sizeof expected, "expected score %+.2f", r.score);
  return expected;
}

// Each line's report: its line as the search expects it, up to its first
// flip (what follows a flip depends on what it reveals); `root` is the
// searched position (left as it was).
std::vector<SearchInfo> infos_of(const flip::FlipSearchResult& r, flip::FlipPosition& root,
                                 const flip::FlipSearcher& searcher) {
  std::vector<SearchInfo> out;
  const size_t lines = std::max<size_t>(1, r.lines.size());
  for (size_t k = 0; k < lines; ++k) {
    SearchInfo info;
    info.depth = r.depth;
    info.multipv = int(k) + 1;
    const double points = r.lines.empty() ? r.score : r.lines[k].score;
    // Only the best line carries the proof (plies to the end) of the result.
    info.score =
        k == 0 ? score_of(r, points) : Score::of_expected(flip::expected_of_points(points));
    info.nodes = r.nodes;
    info.time_ms = r.time_ms;
    for (flip::Action a :
         searcher.principal_line(root, r.lines.empty() ? r.best : r.lines[k].action))
      info.pv.push_back(flip::action_text(a));
    if (k == 0) info.text = score_words(r);
    out.push_back(std::move(info));
  }
  return out;
}

}  // namespace

FlipEngine::FlipEngine()
    : rules_(flip::load_flip_rules(variant_)),
      searcher_(std::make_unique<flip::FlipSearcher>(search_options_)) {}

FlipEngine::~FlipEngine() {
  stop();
  wait();
}

std::vector<OptionSpec> FlipEngine::options() const {
  std::vector<OptionSpec> out = {spin_option("Hash", hash_mb_, 1, kMaxHashMb)};
  for (OptionSpec& o : play_.specs(flip_modes())) out.push_back(o);
  out.push_back(check_option("Quiescence", search_options_.quiescence));
  out.push_back(check_option("Transposition Table", search_options_.transposition_table));
  out.push_back(
      spin_option("Draw Cost", int64_t(std::lround(search_options_.contempt)), 0, kMaxDrawCost));
  out.push_back(spin_option("Chance Scale", int64_t(std::lround(search_options_.chance_scale)), 0,
                            kMaxChanceScale));
  out.push_back(check_option("Boxed In", search_options_.boxed_in));
  out.push_back(spin_option("Lead Draw Cost", int64_t(std::lround(search_options_.lead_draw_cost)),
                            0, kMaxDrawCost));
  out.push_back(button_option("Clear Hash"));
  return out;
}

std::vector<std::string> FlipEngine::set_option(std::string_view name, std::string_view value) {
  const std::string key = lower(name);
  if (key == "variant") {
    use_variant(value);
    return {};
  }
  const OptionSpec spec = option_named(options(), name);
  if (key == "hash") {
    const int mb = int(spin_value(spec, value));
    wait();
    try {
      searcher_->set_hash_mb(mb);
    } catch (const std::bad_alloc&) {
      throw std::invalid_argument("Hash: cannot allocate " + std::to_string(mb) +
                                  " MB; the table stays at " + std::to_string(hash_mb_) + " MB");
    }
    hash_mb_ = mb;
  } else if (key == "quiescence" || key == "transposition table" || key == "draw cost" ||
             key == "chance scale" || key == "boxed in" || key == "lead draw cost") {
    flip::FlipSearchOptions next = search_options_;
    if (key == "quiescence") next.quiescence = check_value(spec, value);
    if (key == "transposition table") next.transposition_table = check_value(spec, value);
    if (key == "draw cost") next.contempt = double(spin_value(spec, value));
    if (key == "chance scale") next.chance_scale = double(spin_value(spec, value));
    if (key == "boxed in") next.boxed_in = check_value(spec, value);
    if (key == "lead draw cost") next.lead_draw_cost = double(spin_value(spec, value));
    use_search_options(next);
  } else if (!play_.set(key, spec, value, [this] { wait(); }) && key == "clear hash") {
    new_game();
  }
  return {};
}

void FlipEngine::use_search_options(const flip::FlipSearchOptions& options) {
  wait();
  auto searcher = std::make_unique<flip::FlipSearcher>(options);
  if (hash_mb_ != flip::FlipSearcher::default_hash_mb()) searcher->set_hash_mb(hash_mb_);
  searcher_ = std::move(searcher);
  search_options_ = options;
}

void FlipEngine::use_variant(std::string_view variant) {
  if (variant == variant_) return;
  flip::FlipRulesPtr rules = rules_of(variant);
  wait();
  rules_ = std::move(rules);
  variant_ = std::string(variant);
  searcher_->clear();
}

flip::FlipRulesPtr FlipEngine::rules_of(std::string_view variant) const {
  if (variant.empty() || variant == variant_) return rules_;
  try {
    return flip::load_flip_rules(variant);
  } catch (const std::exception& e) {
    throw std::invalid_argument("Variant '" + std::string(variant) + "': " + e.what());
  }
}

void FlipEngine::new_game() {
  wait();
  searcher_->new_game();
}

void FlipEngine::validate(const Observation& observation) const {
  (void)flip_position_of(rules_of(observation.variant), observation.position);
  check_viewer_to_move(observation);
}

void FlipEngine::go(const Observation& observation, const Limits& limits, InfoCallback on_info,
                    DoneCallback on_done) {
  if (!observation.variant.empty()) use_variant(observation.variant);
  flip::FlipPosition root = flip_position_of(rules_, observation.position);
  if (!limits.search_actions.empty()) {
    throw std::invalid_argument("searchmoves: the Flip Jungle engine searches every action");
  }
  flip::FlipLimits fl;
  fl.depth = limits.depth > 0 ? std::min(limits.depth, kMaxFlipDepth) : kMaxFlipDepth;
  fl.nodes = limits.nodes;
  // The clock of the side to move (Blue's before the first flip decides the
  // colours: the first player's, as `wtime` is).
  fl.movetime_ms = int(std::min<int64_t>(
      plan_movetime_ms(limits, root.side_to_move(), play_.move_overhead_ms), int64_t(1) << 30));
  fl.lines = play_.multipv;
  fl.clock = limits.clock;
  // A move time's (or a stop's) cut-short depth counts; a node limit plays
  // the games it always played.
  fl.cut_short_counts = fl.nodes == 0;
  // Below full strength: a shallower search valuing several actions, one
  // of which is played (skill_choice.h).
  const int skill = play_.mode == "full" ? play_.skill : kFullSkill;
  if (skill < kFullSkill) {
    fl.depth = std::min(fl.depth, skill_depth(skill));
    fl.lines = std::max(fl.lines, skill_lines());
  }
  const FlipBaseline* baseline = flip_baseline_named(play_.mode);
  if (baseline && baseline->searches && limits.depth <= 0 && fl.nodes == 0 && fl.movetime_ms == 0) {
    throw std::invalid_argument("Mode " + play_.mode +
                                " searches with a searcher that cannot be stopped; give it a "
                                "movetime, a depth or nodes");
  }
  stop();
  wait();
  searcher_->resume();
  thread_.start([this, fl, skill, root = std::move(root), mode = play_.mode, seed = play_.seed,
                 on_info = std::move(on_info), on_done = std::move(on_done)]() mutable {
    Answer answer;
    if (root.end() != flip::FlipEnd::kNone || root.legal_actions().size == 0) {
      answer.score = Score::centipawns(0);  // nothing to do: the game is over
    } else if (mode != "full") {
      // The baselines answer at once, without a search to report.
      // A searching one (PIMC) is seeded from the position's plies too, as
      // the hidden engine's are: a game replays while its deals vary from
      // move to move.
      const FlipBaseline* baseline = flip_baseline_named(mode);
      const uint64_t player_seed = baseline->searches
                                       ? uint64_t(seed) * 1000003 + uint64_t(root.history().size())
                                       : uint64_t(seed);
      const flip::FlipPlayer player = baseline->make(player_seed, fl);
      answer.action = flip::action_text(player(root));
    } else {
      const flip::FlipSearchResult r =
          searcher_->search(root, fl, [this, &root, &on_info](const flip::FlipSearchResult& it) {
            if (!on_info) return;
            for (const SearchInfo& info : infos_of(it, root, *searcher_)) on_info(info);
          });
      if (r.has_move) {
        answer.action = flip::action_text(r.best);
        answer.score = score_of(r, r.score);
        answer.depth = r.depth;
        answer.nodes = r.nodes;
        for (const flip::FlipLine& l : r.lines) {
          answer.lines.push_back({Score::of_expected(flip::expected_of_points(l.score)),
                                  {flip::action_text(l.action)}});
        }
        if (!answer.lines.empty()) answer.lines[0].score = answer.score;
        if (skill < kFullSkill && r.lines.size() > 1) {
          std::vector<double> expected;
          for (const flip::FlipLine& l : r.lines)
            expected.push_back(flip::expected_of_points(l.score));
          // The seed and the position choose, so that a game replays.
          const size_t k = skill_choice(
              expected, skill, uint64_t(seed) * 1000003 + root.key() + root.history().size());
          answer.action = answer.lines[k].actions[0];
          answer.score = answer.lines[k].score;
        }
      }
    }
    if (on_done) on_done(answer);
  });
}

void FlipEngine::stop() {
  searcher_->stop();
}

void FlipEngine::wait() {
  thread_.join();
}

std::string FlipEngine::describe(const Observation& observation) const {
  const flip::FlipPosition pos =
      flip_position_of(rules_of(observation.variant), observation.position);
  std::ostringstream s;
  s << flip::diagram(pos);
  s << "Fen: " << pos.fen() << "\n";
  s << "Side to move: "
    << (pos.colours_known() ? side_name(pos.side_to_move()) : std::string("undecided")) << "\n";
  GameResult r;
  const flip::FlipEnd end = pos.end(&r);
  if (end != flip::FlipEnd::kNone) {
    s << "Result: " << result_tag(r) << " (" << flip::flip_end_tag(end) << ")\n";
  }
  const flip::ActionList list = pos.legal_actions();
  s << "Legal actions (" << list.size << "):";
  for (flip::Action a : list) s << ' ' << flip::action_text(a);
  return s.str();
}

std::string FlipEngine::eval_text(const Observation& observation) const {
  const flip::FlipPosition pos =
      flip_position_of(rules_of(observation.variant), observation.position);
  const double points = flip::flip_evaluate(pos);
  char text[160];
  std::snprintf(text, sizeof text,
                "Evaluation: %+.2f points for the side to move (about 10 a Cat), expected "
                "result %.3f, %s",
                points, flip::expected_of_points(points),
                Score::of_expected(flip::expected_of_points(points)).uci_text().c_str());
  return text;
}

std::unique_ptr<Engine> make_flip_engine() {
  return std::make_unique<FlipEngine>();
}

}  // namespace jungle::game
