// The engine facade of every family (src/game): the position texts each
// family's engine reads, the one score and its curve, the one time plan,
// and each engine answering through game::Engine.

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include <algorithm>
#include <atomic>
#include <memory>
#include <random>
#include <vector>

#include "core/movegen.h"
#include "core/variants.h"
#include "flip/flip_rules.h"
#include "flip/flip_search.h"
#include "game/builtin_engines.h"
#include "game/engine.h"
#include "game/engine_options.h"
#include "game/family.h"
#include "game/flip_baselines.h"
#include "game/flip_observation.h"
#include "game/hidden_baselines.h"
#include "game/hidden_observation.h"
#include "game/open_observation.h"
#include "game/score.h"
#include "game/skill_choice.h"
#include "game/time_plan.h"
#include "uci_session.h"

namespace jungle::game {
namespace {

// The message of the std::invalid_argument `f` throws; "" when none.
template <typename F>
std::string error_of(F f) {
  try {
    f();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

TEST(GamePositionText, ReadsTheOpenGame) {
  const RuleSetPtr rules = load_variant("standard");
  const Position pos = open_position_of(rules, "startpos moves a3a4 g7g6");
  EXPECT_EQ(pos.fen(), Position::from_fen(pos.fen(), rules).fen());
  EXPECT_EQ(pos.history_plies(), 2);
  EXPECT_EQ(open_position_of(rules, "fen " + pos.fen()).fen(), pos.fen());
}

TEST(GamePositionText, OpenErrorsSayWhatAndWhere) {
  const RuleSetPtr rules = load_variant("standard");
  EXPECT_EQ(error_of([&] { open_position_of(rules, "startpos moves a3a4 b3b4"); }),
            "move 2 b3b4 is illegal: no piece on b3");
  EXPECT_EQ(error_of([&] { open_position_of(rules, "startpos moves a3a4 zz"); }),
            "move 2 zz is not a move: expected a from-square and a to-square, like a3a4");
  EXPECT_EQ(error_of([&] { open_position_of(rules, "start"); }),
            "position: expected 'position startpos|fen <FEN> [moves ...] [reps <FEN>;<FEN>...]'");
  EXPECT_EQ(error_of([&] { open_position_of(rules, "startpos a3a4"); }),
            "position: expected 'moves' or 'reps' after the position, not 'a3a4'");
  EXPECT_EQ(error_of([&] { open_position_of(rules, "startpos moves a3a4 moves a7a6"); }),
            "position: 'moves' given twice");
  EXPECT_EQ(error_of([&] { open_position_of(rules, "startpos reps 7/7 w"); }),
            "reps FEN 1 '7/7 w': FEN placement has 2 ranks; expected 9");
  EXPECT_EQ(error_of([&] {
              open_position_of(rules, "fen 8/7/7/7/7/7/7/7/7 w 0 1");
            }).rfind("invalid FEN '8/7/7/7/7/7/7/7/7 w 0 1': ", 0),
            0u);
}

TEST(GamePositionText, ReadsFlipJungle) {
  const flip::FlipRulesPtr rules = flip::load_flip_rules("flip");
  const flip::FlipPosition pos = flip_position_of(rules, "startpos moves b2?=L c2?=l a1?=r");
  EXPECT_EQ(pos.fen(), "\?\?\?\?/\?\?\?\?/?Ll?/r??? b RCDWPTEcdwpte 0 2");
  EXPECT_EQ(flip_position_of(rules, "fen " + pos.fen()).fen(), pos.fen());
}

TEST(GamePositionText, FlipErrorsSayWhatAndWhere) {
  const flip::FlipRulesPtr rules = flip::load_flip_rules("flip");
  EXPECT_EQ(error_of([&] { flip_position_of(rules, "startpos moves b2?"); }),
            "move 1 b2? is a flip without what it revealed: write it like b2?=L");
  EXPECT_EQ(error_of([&] { flip_position_of(rules, "startpos moves b2?=L b2a2"); }),
            "move 2 b2a2 is not legal here");
  EXPECT_EQ(error_of([&] { flip_position_of(rules, "fen 4/4/e3/Cl2 w - 0 1 moves a1a2"); }),
            "move 1 a1a2 comes after the game ended");
  EXPECT_EQ(
      error_of([&] { flip_position_of(rules, "fen 4/4 w"); }).rfind("invalid FEN '4/4 w': ", 0),
      0u);
}

constexpr const char* kHiddenStart =
    "hidden blue fen x5x/1x3x1/x1x1x1x/7/7/7/E1W1P1R/1C3D1/T5L w 0 1";

TEST(GamePositionText, ReadsAHiddenView) {
  const RuleSetPtr rules = load_variant("hidden");
  const hidden::PlayerView view =
      hidden_view_of(rules, std::string(kHiddenStart) + " moves a3a4 a7a6");
  EXPECT_EQ(view.fen(), "x5x/1x3x1/2x1x1x/x6/7/E6/2W1P1R/1C3D1/T5L w 2 2 rcdwptle");
  EXPECT_EQ(view.viewer(), hidden::Viewer(kBlue));
  EXPECT_EQ(view.plies(), 2);
}

TEST(GamePositionText, HiddenErrorsSayWhatAndWhere) {
  const RuleSetPtr rules = load_variant("hidden");
  const std::string start = kHiddenStart;
  EXPECT_EQ(error_of([&] { hidden_view_of(rules, start + " moves a3a4 a7a6:took"); }),
            "announcement 2 a7a6:took: there is no piece on a6 to attack");
  EXPECT_EQ(error_of([&] { hidden_view_of(rules, start + " moves zz"); }),
            "announcement 1: 'zz' is not a move: expected a from-square and a to-square, like "
            "e3e4, with what an attack did after it (e3e4:took=Tw)");
  EXPECT_EQ(error_of([&] { hidden_view_of(rules, "hidden green fen 7/7 w"); }),
            "position hidden: expected blue or red (the engine's side) after 'hidden'");
  EXPECT_EQ(error_of([&] {
              hidden_view_of(rules, "startpos");
            }).rfind("position: Variant 'hidden' hides pieces, so the engine takes only", 0),
            0u);
  EXPECT_EQ(error_of([&] {
              hidden_view_of(rules, "hidden blue startpos");
            }).rfind("position hidden: startpos is the open start", 0),
            0u);
  EXPECT_EQ(error_of([&] {
              hidden_view_of(rules, "hidden red fen 7/7 w");
            }).rfind("invalid view FEN '7/7 w': ", 0),
            0u);
}

TEST(GamePositionText, TheOpenFamilyReadsMovesPastOurDrawRules) {
  // The start for the third time: a draw by repetition under `standard`;
  // the interface is the arbiter and plays on (docs/engine.md). The Game
  // the family replays a text into refused the move after the draw.
  const std::string shuttle = "startpos moves a1a2 g9g8 a2a1 g8g9 a1a2 g9g8 a2a1 g8g9";
  const Family& open = family_of_variant("standard");
  const Observation drawn = open.read_observation("standard", shuttle);
  EXPECT_EQ(drawn.result, GameResult::kDraw);
  const Observation o = open.read_observation("standard", shuttle + " a3a4 g7g6");
  EXPECT_EQ(o.position, shuttle + " a3a4 g7g6");
  EXPECT_EQ(o.to_move, std::optional<Side>(kBlue));
  EXPECT_EQ(o.viewer, Viewer(kBlue));
  EXPECT_EQ(o.plies, 10);
  EXPECT_EQ(o.legal_actions.size(), 23u);
  EXPECT_EQ(o.legal_actions.size(),
            size_t(generate_moves_past_draws(
                       open_position_of(load_variant("standard"), shuttle + " a3a4 g7g6"))
                       .size()));
  EXPECT_EQ(o.result, GameResult::kOngoing);
}

TEST(GameScore, TheCurveAndItsInverse) {
  EXPECT_EQ(centipawns_of_expected(0.5), 0);
  EXPECT_EQ(centipawns_of_expected(0.75), 191);  // 400 log10(3)
  EXPECT_EQ(centipawns_of_expected(0.25), -191);
  EXPECT_EQ(centipawns_of_expected(1.0), 1200);  // clamped at 0.999
  EXPECT_EQ(centipawns_of_expected(0.0), -1200);
  EXPECT_DOUBLE_EQ(expected_of_centipawns(0), 0.5);
  EXPECT_DOUBLE_EQ(expected_of_centipawns(400), 10.0 / 11.0);
  for (int cp : {-1000, -350, -1, 0, 1, 35, 400, 1199}) {
    EXPECT_EQ(centipawns_of_expected(expected_of_centipawns(cp)), cp) << cp;
  }
}

TEST(GameScore, KindsAndTheirProtocolText) {
  EXPECT_EQ(Score::centipawns(35).uci_text(), "cp 35");
  EXPECT_EQ(Score::centipawns(-400).expected_result(), 1.0 / 11.0);
  EXPECT_EQ(Score::of_expected(0.75).uci_text(), "cp 191");
  EXPECT_EQ(Score::of_expected(0.75).expected_result(), 0.75);
  EXPECT_EQ(Score::of_expected(1.5).expected, 1.0);
  EXPECT_EQ(Score::mate(4).uci_text(), "mate 4");
  EXPECT_EQ(Score::mate(-3).uci_text(), "mate -3");
  EXPECT_EQ(Score::mate(4).expected_result(), 1.0);
  EXPECT_EQ(Score::mate(-3).expected_result(), 0.0);
  EXPECT_EQ(Score::mate(0).expected_result(), 0.0);  // mated now
  EXPECT_EQ(Score::tablebase(1).uci_text(), "cp 10000");
  EXPECT_EQ(Score::tablebase(-1).uci_text(), "cp -10000");
  EXPECT_EQ(Score::tablebase(0).uci_text(), "cp 0");
  EXPECT_EQ(Score::tablebase(0).expected_result(), 0.5);
  EXPECT_EQ(Score::tablebase(7), Score::tablebase(1));
}

TEST(GameTimePlan, ExactValues) {
  Limits l;
  EXPECT_EQ(plan_movetime_ms(l, kBlue), 0);  // nothing given: no limit
  l.movetime_ms = 500;
  EXPECT_EQ(plan_movetime_ms(l, kBlue), 470);  // less the overhead
  EXPECT_EQ(plan_movetime_ms(l, kBlue, 0), 500);
  l.movetime_ms = 10;
  EXPECT_EQ(plan_movetime_ms(l, kBlue), 1);  // never 0, which means no limit
  l = Limits();
  l.time_ms = {60'000, 1'000};
  l.inc_ms = {1'000, 0};
  // (60000 - 30) / 28 + 750 = 2141 + 750.
  EXPECT_EQ(plan_movetime_ms(l, kBlue), 2891);
  // Red's clock: (1000 - 30) / 28 = 34.
  EXPECT_EQ(plan_movetime_ms(l, kRed), 34);
  l.moves_to_go = 2;  // at most 40% of what is left: 0.4 * 59970
  EXPECT_EQ(plan_movetime_ms(l, kBlue), 23988);
  l.moves_to_go = 100;  // counted as 40: 59970 / 40 + 750
  EXPECT_EQ(plan_movetime_ms(l, kBlue), 2249);
  l.moves_to_go = 0;
  l.time_ms[kRed] = 10;  // less than the overhead left
  EXPECT_EQ(plan_movetime_ms(l, kRed), 1);
  l.time_ms[kRed] = -1;  // no clock for Red
  EXPECT_EQ(plan_movetime_ms(l, kRed), 0);
  l.infinite = true;
  EXPECT_EQ(plan_movetime_ms(l, kBlue), 0);
  l = Limits();
  l.time_ms = {INT64_MAX, INT64_MAX};
  l.inc_ms = {INT64_MAX, INT64_MAX};
  EXPECT_EQ(plan_movetime_ms(l, kBlue), 400'000'000'000 - 12);  // 40% of 1e12 - 30, no overflow
}

// ---------------------------------------------------------------- the engines

// What `viewer` of a new game of `variant` sees after `plies` random actions
// (chance's included), the seed fixed.
Observation observation_after(const std::string& variant, int plies, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::unique_ptr<State> s = family_of_variant(variant).new_state(variant, "", rng);
  for (int i = 0; i < plies && !s->over(); ++i) {
    const std::vector<std::string> actions = s->legal_actions();
    s->apply(actions[std::uniform_int_distribution<size_t>(0, actions.size() - 1)(rng)]);
  }
  // Chance acts next in a flip game after a flip: let it.
  while (s->actor().is_chance()) s->apply(s->chance_outcomes()[0].action);
  return s->observe(s->actor().side);
}

bool legal(const Observation& o, const std::string& action) {
  return std::find(o.legal_actions.begin(), o.legal_actions.end(), action) != o.legal_actions.end();
}

constexpr const char* kVariants[] = {"standard",   "animal-checkers", "flip",
                                     "flip-fixed", "hidden",          "hidden-stratego"};

TEST(GameEngine, EveryFamilysEngineAnswersALegalAction) {
  for (const char* variant : kVariants) {
    const Family& family = family_of_variant(variant);
    std::unique_ptr<Engine> engine = family.make_engine();
    for (int plies : {0, 3, 8}) {
      const Observation o = observation_after(variant, plies, 7);
      ASSERT_FALSE(o.legal_actions.empty()) << variant << " " << o.position;
      engine->validate(o);
      Limits limits;
      limits.depth = 2;
      std::vector<SearchInfo> infos;
      const Answer a = engine->think(o, limits, [&](const SearchInfo& i) { infos.push_back(i); });
      EXPECT_TRUE(legal(o, a.action)) << variant << " " << o.position << ": " << a.action;
      EXPECT_FALSE(infos.empty()) << variant;
      EXPECT_FALSE(engine->searching());
    }
  }
}

TEST(GameEngine, TheBaselinesAnswerThroughTheFacadeToo) {
  for (const auto& [variant, modes] : std::vector<std::pair<std::string, std::vector<std::string>>>{
           {"standard", {"random", "material", "defender"}},
           {"flip", {"random", "greedy", "careful"}},
           {"hidden", {"random", "greedy", "sampler", "pimc", "ismcts"}}}) {
    std::unique_ptr<Engine> engine = family_of_variant(variant).make_engine();
    const Observation o = observation_after(variant, 4, 3);
    for (const std::string& mode : modes) {
      engine->set_option("Mode", mode);
      Limits limits;
      limits.depth = 1;
      const Answer a = engine->think(o, limits);
      EXPECT_TRUE(legal(o, a.action)) << variant << " " << mode << ": " << a.action;
    }
  }
}

// Each family's baselines are written once (flip_baselines.h,
// hidden_baselines.h): builtin= offers exactly these, and the engine's Mode
// exactly "full" and those that choose from the observation alone.
TEST(GameEngine, OneRegistryOfBaselinesFeedsBuiltinAndMode) {
  auto names = [](const auto& baselines) {
    std::vector<std::string> out;
    for (const auto& b : baselines) out.emplace_back(b.name);
    return out;
  };
  EXPECT_EQ(names(flip_baselines()),
            (std::vector<std::string>{"random", "greedy", "careful", "pimc", "seer"}));
  EXPECT_EQ(flip_modes(),
            (std::vector<std::string>{"full", "random", "greedy", "careful", "pimc"}));
  EXPECT_EQ(names(hidden_baselines()),
            (std::vector<std::string>{"random", "greedy", "sampler", "pimc", "ismcts", "cheater"}));
  EXPECT_EQ(hidden_modes(),
            (std::vector<std::string>{"full", "random", "greedy", "sampler", "pimc", "ismcts"}));
  EXPECT_EQ(family_of_variant("flip").baseline_names(), names(flip_baselines()));
  EXPECT_EQ(family_of_variant("hidden").baseline_names(), names(hidden_baselines()));
  EXPECT_EQ(family_of_variant("standard").baseline_names(),
            (std::vector<std::string>{"random", "material", "defender"}));
  EXPECT_EQ(builtin_names("hidden-stratego"),
            (std::vector<std::string>{"engine", "random", "greedy", "sampler", "pimc", "ismcts",
                                      "cheater"}));
  for (const char* variant : {"flip", "hidden"}) {
    const std::vector<std::string> modes =
        std::string(variant) == "flip" ? flip_modes() : hidden_modes();
    std::string want = "option name Mode type combo default full";
    for (const std::string& m : modes) want += " var " + m;
    bool found = false;
    for (const OptionSpec& o : family_of_variant(variant).make_engine()->options()) {
      if (o.name != "Mode") continue;
      EXPECT_EQ(option_uci_text(o), want) << variant;
      found = true;
    }
    EXPECT_TRUE(found) << variant;
  }
}

// A hidden engine's Mode plays the registry's player made afresh for the
// position (its generator seeded by Seed and the plies): the same try as
// the baseline's player given that seed.
TEST(GameEngine, AHiddenModePlaysTheRegistrysPlayer) {
  const Observation o = observation_after("hidden", 4, 3);
  const hidden::PlayerView view = hidden_view_of(load_variant("hidden"), o.position);
  for (const char* mode : {"random", "greedy"}) {
    std::unique_ptr<Engine> engine = family_of_variant("hidden").make_engine();
    engine->set_option("Seed", "9");
    engine->set_option("Mode", mode);
    Limits limits;
    limits.depth = 1;
    const Move want =
        hidden_baseline_named(mode)->make(9 * 1000003 + uint64_t(view.plies()), {})(view);
    EXPECT_EQ(engine->think(o, limits).action, view.rule_set().geometry().move_text(want)) << mode;
  }
}

TEST(GameEngine, StopEndsAnInfiniteSearchWithAnAnswer) {
  for (const char* variant : {"standard", "flip", "hidden"}) {
    std::unique_ptr<Engine> engine = family_of_variant(variant).make_engine();
    const Observation o = observation_after(variant, 2, 5);
    Limits limits;
    limits.infinite = true;
    std::atomic<int> answers{0};
    std::string action;
    engine->go(o, limits, {}, [&](const Answer& a) {
      action = a.action;
      ++answers;
    });
    engine->stop();
    engine->wait();
    EXPECT_EQ(answers.load(), 1) << variant;
    EXPECT_TRUE(legal(o, action)) << variant << ": " << action;
    EXPECT_FALSE(engine->searching()) << variant;
  }
}

TEST(GameEngine, BadPositionTextIsRefusedSayingWhatAndWhere) {
  Observation o;
  o.variant = "standard";
  o.position = "startpos moves a3a4 b3b4";
  EXPECT_EQ(error_of([&] { family_of_variant("standard").make_engine()->validate(o); }),
            "move 2 b3b4 is illegal: no piece on b3");
  o.variant = "flip";
  o.position = "startpos moves b2?";
  EXPECT_EQ(error_of([&] { family_of_variant("flip").make_engine()->validate(o); }),
            "move 1 b2? is a flip without what it revealed: write it like b2?=L");
  o.variant = "hidden";
  o.position = std::string(kHiddenStart) + " moves a3a4";
  // A view whose side is not to move cannot be searched.
  EXPECT_EQ(error_of([&] { family_of_variant("hidden").make_engine()->validate(o); }),
            "Red is to move, and the engine plays Blue");
  o.position = "hidden spectator fen x5x/1x3x1/x1x1x1x/7/7/7/X1X1X1X/1X3X1/X5X w 0 1";
  EXPECT_EQ(error_of([&] { family_of_variant("hidden").make_engine()->validate(o); }),
            "the view is a spectator's; the engine plays a side");
  // An observation of the side not to move is not the engine's to answer.
  Observation red = family_of_variant("standard").read_observation("standard", "startpos");
  red.viewer = kRed;
  EXPECT_EQ(error_of([&] { family_of_variant("standard").make_engine()->validate(red); }),
            "Blue is to move, and the observation is Red's");
  // go refuses what validate refuses, and starts nothing.
  std::unique_ptr<Engine> engine = family_of_variant("standard").make_engine();
  o.variant = "standard";
  o.position = "startpos";
  Limits limits;
  limits.search_actions = {"a1a3"};
  EXPECT_EQ(
      error_of([&] { engine->go(o, limits, {}, {}); }).rfind("searchmoves: illegal move a1a3", 0),
      0u);
  EXPECT_FALSE(engine->searching());
}

TEST(GameEngine, EachFamilyOffersTheOptionsItHonours) {
  auto names = [](const char* variant) {
    std::string all;
    for (const OptionSpec& o : family_of_variant(variant).make_engine()->options()) {
      all += (all.empty() ? "" : ", ") + o.name;
    }
    return all;
  };
  EXPECT_EQ(names("standard"),
            "Hash, Threads, MultiPV, Move Overhead, Skill Level, UCI_LimitStrength, UCI_Elo, "
            "UCI_ShowWDL, Contempt, Mode, Baseline Depth, Seed, Eval File, TablebasePath, Clear "
            "Hash");
  // Then each search's own settings, those `jungle flip-match` and
  // `jungle hidden-match` set.
  EXPECT_EQ(names("flip"),
            "Hash, MultiPV, Move Overhead, Skill Level, Mode, Seed, Quiescence, Transposition "
            "Table, Draw Cost, Chance Scale, Boxed In, Lead Draw Cost, Clear Hash");
  EXPECT_EQ(
      names("hidden"),
      "Hash, MultiPV, Move Overhead, Skill Level, Mode, Seed, Method, Model, Tree Pruning, "
      "Worlds, Candidates, Contact, World Lines, First Share, Risk, Anchor, Least Share, Read "
      "Temperature, Read Uniform, Read Worlds, Read Activity, Clear Hash");
  std::unique_ptr<Engine> flip = family_of_variant("flip").make_engine();
  EXPECT_EQ(error_of([&] { flip->set_option("MultiPV", "0"); }),
            "MultiPV must be an integer from 1 to 64, not '0'");
  EXPECT_EQ(error_of([&] { flip->set_option("Mode", "seer"); }),
            "Mode must be full, random, greedy, careful or pimc, not 'seer'");
  EXPECT_EQ(error_of([&] { flip->set_option("Threads", "2"); }), "unknown option 'Threads'");
  EXPECT_EQ(error_of([&] { flip->set_option("Hash", "0"); }),
            "Hash must be an integer from 1 to 65536, not '0'");
  EXPECT_EQ(error_of([&] { flip->set_option("UCI_Elo", "1500"); }), "unknown option 'UCI_Elo'");
  EXPECT_EQ(option_uci_text(flip->options()[3]),
            "option name Skill Level type spin default 20 min 0 max 20");
  EXPECT_EQ(option_uci_text(flip->options()[4]),
            "option name Mode type combo default full var full var random var greedy var careful "
            "var pimc");
}

// Skill Level of the flip and hidden engines: the open search's rule on
// the centipawns of each action's expected result. At full strength, or
// with one action, the best; below it, a near action as often as the level
// allows, one far behind seldom.
TEST(GameEngine, SkillChoiceFollowsTheOpenSearchsRule) {
  EXPECT_EQ(skill_choice({0.9, 0.5, 0.4}, 20, 7), 0u);
  EXPECT_EQ(skill_choice({0.6}, 0, 7), 0u);
  auto counts = [](const std::vector<double>& expected, int level) {
    std::vector<int> n(expected.size());
    for (uint64_t seed = 0; seed < 200; ++seed) ++n[skill_choice(expected, level, seed)];
    return n;
  };
  // The best four are weighed; the fifth never.
  EXPECT_EQ(counts({0.52, 0.51, 0.50, 0.49, 0.30}, 0), (std::vector<int>{61, 57, 48, 34, 0}));
  EXPECT_EQ(counts({0.52, 0.51, 0.50, 0.49, 0.30}, 19), (std::vector<int>{121, 56, 19, 4, 0}));
  EXPECT_EQ(counts({0.9, 0.2}, 0), (std::vector<int>{159, 41}));
}

// Skill Level reaches the flip engine's choice: the same position and
// seed give one action at full strength and another at level 0.
TEST(GameEngine, FlipSkillLevelWeakensItsChoice) {
  const Observation o =
      family_of_variant("flip").read_observation("flip", "fen ??2/4/4/Cl2 w Lr 0 1");
  Limits limits;
  limits.depth = 3;
  std::unique_ptr<Engine> engine = family_of_variant("flip").make_engine();
  EXPECT_EQ(engine->think(o, limits).action, "b4?");
  engine->set_option("Skill Level", "0");
  std::string actions;
  for (int seed = 1; seed <= 6; ++seed) {
    engine->set_option("Seed", std::to_string(seed));
    actions += engine->think(o, limits).action + " ";
  }
  EXPECT_EQ(actions, "a4? a4? a4? a4? a1a2 a1a2 ");
}

// And the hidden engine's: one of its candidates.
TEST(GameEngine, HiddenSkillLevelWeakensItsChoice) {
  const Observation o = family_of_variant("hidden").read_observation(
      "hidden", "hidden blue fen x5x/1x3x1/x1x1x1x/7/7/7/T1E1W1L/1P3D1/C5R w 0 1 rcdwptle");
  Limits limits;
  limits.depth = 2;
  std::unique_ptr<Engine> engine = family_of_variant("hidden").make_engine();
  engine->set_option("Seed", "1");
  const Answer full = engine->think(o, limits);
  EXPECT_EQ(full.action, "g3f3");
  std::string lines;
  for (size_t k = 0; k < 4; ++k) lines += full.lines.at(k).actions[0] + " ";
  EXPECT_EQ(lines, "g3f3 c3c2 a1b1 a3b3 ");
  engine->set_option("Skill Level", "0");
  std::string actions;
  for (int seed = 1; seed <= 6; ++seed) {
    engine->set_option("Seed", std::to_string(seed));
    actions += engine->think(o, limits).action + " ";
  }
  EXPECT_EQ(actions, "c3c2 g3f3 a3b3 g3f3 c3c2 g3f3 ");
}

// Flip Jungle's Hash sizes the search's transposition table; its default
// is the table the search always had (2^18 entries), so a search at the
// default is the one it was.
TEST(GameEngine, FlipHashSizesTheSearchsTable) {
  std::unique_ptr<Engine> flip = family_of_variant("flip").make_engine();
  EXPECT_EQ(option_uci_text(flip->options()[0]),
            "option name Hash type spin default 8 min 1 max 65536");
  flip::FlipSearcher searcher;
  EXPECT_EQ(searcher.hash_entries(), size_t(1) << 18);
  searcher.set_hash_mb(1);
  EXPECT_EQ(searcher.hash_entries(), size_t(1) << 15);  // entries of 32 bytes
  searcher.set_hash_mb(64);
  EXPECT_EQ(searcher.hash_entries(), size_t(1) << 21);
  searcher.set_hash_mb(flip::FlipSearcher::default_hash_mb());
  EXPECT_EQ(searcher.hash_entries(), size_t(1) << 18);
  // The option reaches the table: a search still answers after a resize.
  EXPECT_TRUE(flip->set_option("Hash", "2").empty());
  const Observation o = family_of_variant("flip").read_observation("flip", "startpos moves b2?=L");
  Limits limits;
  limits.depth = 2;
  EXPECT_FALSE(flip->think(o, limits).action.empty());
}

TEST(GameEngine, FlipMultiPvReportsEveryLineBestFirst) {
  std::unique_ptr<Engine> engine = family_of_variant("flip").make_engine();
  engine->set_option("MultiPV", "3");
  const Observation o = family_of_variant("flip").read_observation("flip", "startpos moves b2?=L");
  Limits limits;
  limits.depth = 2;
  std::vector<SearchInfo> infos;
  const Answer a = engine->think(o, limits, [&](const SearchInfo& i) { infos.push_back(i); });
  ASSERT_EQ(a.lines.size(), 3u);
  EXPECT_EQ(a.lines[0].actions[0], a.action);
  EXPECT_GE(a.lines[0].score.expected_result(), a.lines[1].score.expected_result());
  EXPECT_GE(a.lines[1].score.expected_result(), a.lines[2].score.expected_result());
  ASSERT_EQ(infos.size(), 6u);  // three lines at each of two depths
  EXPECT_EQ(infos[3].depth, 2);
  EXPECT_EQ(infos[5].multipv, 3);
}

// ----------------------------------------------------- the protocol over them

using testing_uci::Session;

TEST(GameProtocol, EachVariantAnnouncesItsEnginesOptions) {
  Session s;
  s.send("setoption name Variant value flip");
  const std::vector<std::string> flip = s.send("uci");
  EXPECT_NE(
      std::find(flip.begin(), flip.end(), "option name MultiPV type spin default 1 min 1 max 64"),
      flip.end());
  EXPECT_NE(std::find(flip.begin(), flip.end(), "option name Variant type string default flip"),
            flip.end());
  EXPECT_NE(
      std::find(flip.begin(), flip.end(), "option name Hash type spin default 8 min 1 max 65536"),
      flip.end());
  EXPECT_EQ(s.send("setoption name Threads value 2"),
            std::vector<std::string>{"info string error: setoption: unknown option 'Threads'"});
}

TEST(GameProtocol, OptionsSetCarryOverToAnotherFamilysEngine) {
  Session s;
  s.send("setoption name MultiPV value 2");
  s.send("setoption name Variant value hidden");
  const std::vector<std::string> uci = s.send("uci");
  EXPECT_NE(
      std::find(uci.begin(), uci.end(), "option name MultiPV type spin default 2 min 1 max 64"),
      uci.end());
}

TEST(GameProtocol, FlipHonoursMultiPv) {
  Session s;
  s.send("setoption name Variant value flip");
  s.send("setoption name MultiPV value 2");
  s.send("position startpos moves b2?=L");
  const std::vector<std::string> out = s.send("go depth 1");
  ASSERT_EQ(out.size(), 4u);
  EXPECT_EQ(out[0].rfind("info depth 1 multipv 1 score cp ", 0), 0u) << out[0];
  EXPECT_EQ(out[1].rfind("info string expected score ", 0), 0u) << out[1];
  EXPECT_EQ(out[2].rfind("info depth 1 multipv 2 score cp ", 0), 0u) << out[2];
  EXPECT_EQ(out[3].rfind("bestmove ", 0), 0u) << out[3];
}

// `go perft` counts each family's tree through Family::perft: a flip is a
// ply once for each animal it may reveal, as `jungle perft --variant flip`
// counts (here a4 and b4 are face down over a Lion and a Red Rat).
TEST(GameProtocol, FlipPerftCountsEachFlipOncePerAnimalItMayReveal) {
  Session s;
  s.send("setoption name Variant value flip");
  s.send("position fen ??2/4/4/Cl2 w Lr 0 1");
  EXPECT_EQ(s.send("go perft 2"),
            (std::vector<std::string>{"a4?=L: 4", "a4?=r: 5", "b4?=L: 4", "b4?=r: 6", "a1a2: 7", "",
                                      "Nodes searched: 26"}));
  EXPECT_EQ(s.send("go perft 1"),
            (std::vector<std::string>{"a4?=L: 1", "a4?=r: 1", "b4?=L: 1", "b4?=r: 1", "a1a2: 1", "",
                                      "Nodes searched: 5"}));
  // A finished game has no leaves.
  s.send("position fen 4/4/e3/Cl2 w - 0 1");
  EXPECT_EQ(s.send("go perft 3"), (std::vector<std::string>{"", "Nodes searched: 0"}));
}

// A side of a hidden game cannot list what its tries lead to: the arbiter
// answers them from animals it cannot see.
TEST(GameProtocol, HiddenPerftIsRefusedWithTheReason) {
  Session s;
  s.send("setoption name Variant value hidden");
  EXPECT_TRUE(
      s.send("position hidden blue fen x5x/1x3x1/x1x1x1x/7/7/7/T1E1W1L/1P3D1/C5R w 0 1 rcdwptle")
          .empty());
  EXPECT_EQ(s.send("go perft 1"),
            std::vector<std::string>{
                "info string error: go perft: a hidden game has no move tree to count: whether a "
                "try succeeds is the arbiter's to say, from animals the side cannot see"});
}

TEST(GameProtocol, EvalIsRefusedWithoutAPosition) {
  Session s;
  s.send("setoption name Variant value flip");
  const std::vector<std::string> eval = s.send("eval");
  ASSERT_EQ(eval.size(), 1u);
  EXPECT_EQ(eval[0].rfind("Evaluation: +0.00 points for the side to move", 0), 0u) << eval[0];
  s.send("setoption name Variant value hidden");
  EXPECT_EQ(s.send("eval"),
            std::vector<std::string>{
                "info string error: eval: no position yet; send one (docs/engine.md, Protocol)"});
}

}  // namespace
}  // namespace jungle::game
