// The game interface (src/game) checked the same way for every family, as
// OpenSpiel checks its games: random games walked through State, with
// apply/undo symmetry, records read back into equal states, each viewer's
// observation against what its own record shows, and observations that do
// not change with what their viewer may not know.

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "core/position.h"
#include "core/variants.h"
#include "game/family.h"
#include "game/observation_json.h"
#include "game/observation_text.h"
#include "game/state.h"
#include "hidden/hidden_record.h"
#include "hidden/setup.h"

namespace jungle::game {
namespace {

const std::vector<Viewer> kViewers = {Viewer(kBlue), Viewer(kRed), std::nullopt};

std::vector<Observation> observe_all(const State& s) {
  std::vector<Observation> out;
  for (Viewer v : kViewers) out.push_back(s.observe(v));
  return out;
}

// One of the actor's actions: uniform for a side, by probability for chance.
std::string pick(const State& s, std::mt19937_64& rng) {
  if (s.actor().is_chance()) {
    const std::vector<ChanceOutcome> outcomes = s.chance_outcomes();
    double total = 0;
    for (const ChanceOutcome& o : outcomes) total += o.probability;
    EXPECT_NEAR(total, 1.0, 1e-12);
    double x = std::uniform_real_distribution<double>(0, total)(rng);
    for (const ChanceOutcome& o : outcomes) {
      if ((x -= o.probability) <= 0) return o.action;
    }
    return outcomes.back().action;
  }
  const std::vector<std::string> actions = s.legal_actions();
  return actions[std::uniform_int_distribution<size_t>(0, actions.size() - 1)(rng)];
}

// What `viewer`'s own record of `s` shows, read back by the family, is what
// its observation shows: the same observation where the record reads back
// into a game (the open game, Flip Jungle), else the same board after the
// same number of steps (a hidden game's view, which holds no truth).
void expect_record_shows_observation(const Family& family, const State& s, Viewer viewer) {
  SCOPED_TRACE(viewer_name(viewer));
  const Observation o = s.observe(viewer);
  const std::vector<RecordedGame> read = family.read_records(s.record_seen_by(viewer));
  ASSERT_EQ(read.size(), 1u);
  if (read[0].state) {
    EXPECT_EQ(read[0].state->observe(viewer), o);
    return;
  }
  ASSERT_TRUE(read[0].seen.has_value());
  const Replay& seen = *read[0].seen;
  EXPECT_EQ(seen.steps.empty() ? seen.start_diagram : seen.steps.back().diagram, o.diagram);
}

// A family with nothing private shows every viewer the same game: the
// observations differ only in whom they are for and what they may do.
void expect_nothing_private(const State& s) {
  std::vector<Observation> all = observe_all(s);
  for (Observation& o : all) {
    o.viewer.reset();
    o.legal_actions.clear();
  }
  EXPECT_EQ(all[0], all[2]);
  EXPECT_EQ(all[1], all[2]);
  EXPECT_EQ(s.record_seen_by(kBlue), s.record_seen_by(std::nullopt));
  EXPECT_EQ(s.record_seen_by(kRed), s.record_seen_by(std::nullopt));
}

// Walks `games` random games of `variant` to their end or `max_actions`,
// checking every step.
void walk(const std::string& variant, int games, int max_actions, uint64_t seed) {
  const Family& family = family_of_variant(variant);
  std::mt19937_64 rng(seed);
  for (int g = 0; g < games; ++g) {
    SCOPED_TRACE(variant + " game " + std::to_string(g));
    std::unique_ptr<State> s = family.new_state(variant, "", rng);
    EXPECT_EQ(&s->family(), &family);
    for (int n = 0; n < max_actions && !s->over(); ++n) {
      const Actor actor = s->actor();
      ASSERT_NE(actor.kind, Actor::Kind::kNobody);
      const std::vector<std::string> legal = s->legal_actions();
      ASSERT_FALSE(legal.empty());
      if (actor.is_chance()) {
        std::vector<std::string> outcome_actions;
        for (const ChanceOutcome& o : s->chance_outcomes()) outcome_actions.push_back(o.action);
        EXPECT_EQ(outcome_actions, legal);
      } else {
        EXPECT_TRUE(s->chance_outcomes().empty());
        // Only the side to act is offered actions, and exactly the legal ones.
        for (Viewer v : kViewers) {
          const Observation o = s->observe(v);
          EXPECT_EQ(o.to_move, std::optional<Side>(actor.side));
          EXPECT_EQ(o.legal_actions, v == actor.side ? legal : std::vector<std::string>{});
        }
      }
      const std::string action = pick(*s, rng);

      // Apply and undo give back the same state, seen by everyone.
      const std::vector<Observation> before = observe_all(*s);
      const std::string record_before = s->serialize();
      const std::vector<std::string> actions_before = s->actions();
      const std::string event = s->apply(action);
      EXPECT_FALSE(event.empty());
      EXPECT_EQ(s->actions().size(), actions_before.size() + 1);
      ASSERT_TRUE(s->undo());
      EXPECT_EQ(observe_all(*s), before);
      EXPECT_EQ(s->serialize(), record_before);
      EXPECT_EQ(s->actions(), actions_before);
      EXPECT_EQ(s->apply(action), event);

      // A clone is an equal, separate state.
      std::unique_ptr<State> copy = s->clone();
      EXPECT_EQ(observe_all(*copy), observe_all(*s));

      // Where no chance is pending, the arbiter's record reads back into an
      // equal state (a record holds no flip whose outcome is still to come).
      if (!s->actor().is_chance()) {
        const std::string record = s->serialize();
        std::vector<RecordedGame> read = family.read_records(record);
        ASSERT_EQ(read.size(), 1u);
        ASSERT_NE(read[0].state, nullptr);
        EXPECT_EQ(read[0].state->serialize(), record);
        EXPECT_EQ(observe_all(*read[0].state), observe_all(*s));
        EXPECT_EQ(read[0].state->actions(), s->actions());
        EXPECT_EQ(read[0].state->fen(), s->fen());
        EXPECT_EQ(&family_of_record(record), &family);
        for (Viewer v : kViewers) expect_record_shows_observation(family, *s, v);
      }
      if (!family.capabilities().hidden_information) expect_nothing_private(*s);
    }
    // Undoing every action returns to the start, and the game replays.
    const std::vector<std::string> played = s->actions();
    const std::vector<Observation> end = observe_all(*s);
    while (s->undo()) {
    }
    EXPECT_TRUE(s->actions().empty());
    for (const std::string& a : played) s->apply(a);
    EXPECT_EQ(observe_all(*s), end);
  }
}

TEST(GameInterface, RegistryTellsTheFamiliesApart) {
  EXPECT_EQ(family_of_variant("standard").name(), "open");
  EXPECT_EQ(family_of_variant("animal-checkers").name(), "open");
  EXPECT_EQ(family_of_variant("flip").name(), "flip");
  EXPECT_EQ(family_of_variant("flip-jungle").name(), "flip");
  EXPECT_EQ(family_of_variant("hidden").name(), "hidden");
  EXPECT_EQ(family_of_variant("hidden-stratego").name(), "hidden");
  EXPECT_THROW(family_of_variant("no-such-rules"), std::invalid_argument);
  ASSERT_EQ(families().size(), 3u);
  EXPECT_EQ(families()[0]->name(), "open");
  EXPECT_EQ(family_named("flip"), &family_of_variant("flip"));
  EXPECT_EQ(family_named("chess"), nullptr);
  // Every shipped rule set belongs to exactly one family, and each
  // family's list holds its own.
  size_t listed = 0;
  for (const Family* f : families()) {
    for (const std::string& v : f->variants()) {
      EXPECT_EQ(&family_of_variant(v), f) << v;
      ++listed;
    }
  }
  EXPECT_EQ(listed, builtin_variant_names().size() + 3);  // + the three flip sets
}

// A shipped set's family by its name alone, for a front end that must
// never read a file it is told of: every shipped set's, and none for a
// name no family ships, a file's path to a shipped set's file included.
TEST(GameInterface, AShippedSetsFamilyIsFoundByItsNameAlone) {
  const std::map<std::string, std::string> expected = {{"academic", "open"},
                                                       {"animal-checkers", "open"},
                                                       {"animal-checkers-7x9", "open"},
                                                       {"anti-draw", "open"},
                                                       {"bush", "open"},
                                                       {"dog-swims", "open"},
                                                       {"elephant-takes-rat", "open"},
                                                       {"leopard-jumps", "open"},
                                                       {"lion-tiger-equal", "open"},
                                                       {"mistboard", "open"},
                                                       {"standard", "open"},
                                                       {"tiger-over-lion", "open"},
                                                       {"universal-traps", "open"},
                                                       {"wikipedia", "open"},
                                                       {"hidden", "hidden"},
                                                       {"hidden-stratego", "hidden"},
                                                       {"flip", "flip"},
                                                       {"flip-fixed", "flip"},
                                                       {"flip-jungle", "flip"}};
  std::map<std::string, std::string> found;
  for (const std::string& v : shipped_variants()) {
    const Family* f = family_of_shipped(v);
    ASSERT_NE(f, nullptr) << v;
    found.emplace(v, std::string(f->name()));
  }
  EXPECT_EQ(found, expected);
  EXPECT_EQ(family_of_shipped("hidden"), family_named("hidden"));
  EXPECT_EQ(family_of_shipped("nosuch"), nullptr);
  EXPECT_EQ(family_of_shipped(""), nullptr);
  EXPECT_EQ(family_of_shipped("Standard"), nullptr);
  EXPECT_EQ(family_of_shipped("variants/standard.toml"), nullptr);
  EXPECT_EQ(family_of_shipped(JUNGLE_SOURCE_DIR "/variants/flip/flip.toml"), nullptr);
}

// The shipped sets in the order players see them (the 7x9 and 7x7 sets as
// shipped, then Flip Jungle's), each described by its own family for a
// front end, and refused by another family as new_state refuses it.
TEST(GameInterface, EachFamilyDescribesItsShippedSets) {
  std::vector<std::string> expected = builtin_variant_names();
  for (const char* flip : {"flip", "flip-fixed", "flip-jungle"}) expected.push_back(flip);
  EXPECT_EQ(shipped_variants(), expected);
  for (const std::string& v : shipped_variants()) {
    const nlohmann::json d = family_of_variant(v).describe_variant(v);
    EXPECT_EQ(d["name"], v);
    EXPECT_EQ(d["description"], family_of_variant(v).variant_description(v));
  }
  EXPECT_EQ(family_of_variant("hidden").describe_variant("hidden")["hidden"]["reveal"], "both");
  EXPECT_FALSE(family_of_variant("standard").describe_variant("standard").contains("hidden"));
  EXPECT_EQ(family_of_variant("flip").describe_variant("flip-fixed")["colours"], "fixed");
  EXPECT_THROW(family_of_variant("standard").describe_variant("hidden"), std::invalid_argument);
  EXPECT_THROW(family_of_variant("hidden").describe_variant("standard"), std::invalid_argument);
  EXPECT_THROW(family_of_variant("flip").describe_variant("standard"), std::invalid_argument);
}

TEST(GameInterface, CapabilitiesSayWhatEachFamilyAllows) {
  const Capabilities open = family_of_variant("standard").capabilities();
  const Capabilities flip = family_of_variant("flip").capabilities();
  const Capabilities hidden = family_of_variant("hidden").capabilities();
  EXPECT_TRUE(open.undo && open.tablebases && open.premoves && open.editor);
  EXPECT_FALSE(open.chance || open.hidden_information || open.setup);
  EXPECT_TRUE(flip.chance && flip.undo && flip.review && flip.premoves && flip.tablebases &&
              flip.editor);
  EXPECT_FALSE(flip.hidden_information);
  EXPECT_TRUE(hidden.hidden_information && hidden.setup && hidden.undo && hidden.premoves &&
              hidden.review);
  EXPECT_FALSE(hidden.chance);
}

// Only the open game's positions make puzzles: a front end asks this
// capability (jungle puzzles generate), never whether the set hides pieces.
TEST(GameInterface, OnlyTheOpenGameMakesPuzzles) {
  EXPECT_TRUE(family_of_variant("standard").capabilities().puzzles);
  EXPECT_FALSE(family_of_variant("flip").capabilities().puzzles);
  EXPECT_FALSE(family_of_variant("hidden").capabilities().puzzles);
}

// The registry finds an observation's family, and the family's words for
// it, so that the terminal never asks which family it draws.
TEST(GameInterface, AnObservationsFamilyDescribesIt) {
  for (const char* variant : {"standard", "flip", "hidden"}) {
    std::mt19937_64 rng(3);
    const std::unique_ptr<State> s = family_of_variant(variant).new_state(variant, "", rng);
    const Observation o = s->observe(kBlue);
    EXPECT_EQ(&family_of(o), &family_of_variant(variant)) << variant;
    // The viewer's FEN is the truth's where nothing is private, and never
    // the truth of a hidden game (the enemy's animals are unknown).
    EXPECT_EQ(family_of(o).text().viewer_fen(o) == s->fen(), std::string(variant) != "hidden")
        << variant << ": " << family_of(o).text().viewer_fen(o);
    EXPECT_FALSE(family_of(o).text().rules_lines(variant).empty()) << variant;
  }
  // A flip's event names what it revealed.
  std::mt19937_64 rng(5);
  const std::unique_ptr<State> flip =
      family_of_variant("flip-fixed").new_state("flip-fixed", "", rng);
  flip->apply("b2?");
  flip->apply("b2?=L");
  EXPECT_EQ(family_of(flip->observe(std::nullopt)).text().event_words(flip->observe(std::nullopt)),
            " and reveals the Blue Lion (b2?=L)");
  Observation chess;
  chess.family = "chess";
  EXPECT_THROW(family_of(chess), std::invalid_argument);
}

// `jungle variants check` asks the registry whose format a file is in,
// broken or not: a file that declares Flip Jungle's kind is checked by the
// flip loader even with a bad value; any other by the 7x9 loader, which
// names the file, the line and the column.
TEST(GameInterface, ABrokenRuleFileIsCheckedByTheFamilyWhoseFormatItIs) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path();
  const std::filesystem::path flip_file = dir / "game_interface_bad_flip.toml";
  const std::filesystem::path open_file = dir / "game_interface_bad_open.toml";
  std::ofstream(flip_file) << "[game]\nkind = \"flip\"\n\n[flip]\nequal_ranks = \"both\"\n";
  std::ofstream(open_file) << "name = \"x\"\n[board]\nwidth = \"wide\"\n";
  EXPECT_EQ(family_of_variant_file(flip_file.string()).name(), "flip");
  EXPECT_EQ(family_of_variant_file(flip_file.string()).check_variant_file(flip_file.string()),
            std::vector<std::string>{flip_file.string() +
                                     ":5:15: 'equal_ranks' must be one of \"both-die\", "
                                     "\"attacker-takes\""});
  EXPECT_EQ(family_of_variant_file(open_file.string()).name(), "open");
  const std::vector<std::string> problems =
      family_of_variant_file(open_file.string()).check_variant_file(open_file.string());
  ASSERT_FALSE(problems.empty());
  EXPECT_EQ(problems[0].rfind(open_file.string() + ":3:", 0), 0u) << problems[0];
  EXPECT_EQ(family_of_variant_file("standard")
                .check_variant_file(std::string(JUNGLE_SOURCE_DIR) + "/variants/standard.toml"),
            std::vector<std::string>{});
  std::filesystem::remove(flip_file);
  std::filesystem::remove(open_file);
}

// `jungle perft` counts through Family::perft_from for every family: the
// arbiter's board, split by the root's actions, nothing at depth 0.
TEST(GameInterface, PerftFromCountsEveryFamilysTree) {
  auto total = [](std::string_view variant, std::string_view start,
                  const std::vector<std::string>& actions, int depth) {
    uint64_t n = 0;
    for (const PerftLine& l : family_of_variant(variant).perft_from(variant, start, actions, depth))
      n += l.leaves;
    return n;
  };
  EXPECT_EQ(total("standard", "", {}, 3), 12240u);
  EXPECT_EQ(total("hidden", "", {}, 3), 12240u);  // the arbiter's tree, docs/perft.md
  EXPECT_EQ(total("flip-fixed", "", {"b2?=L"}, 2), 44128u);
  EXPECT_EQ(total("flip", "", {}, 0), 0u);
  EXPECT_TRUE(family_of_variant("flip").perft_from("flip", "", {}, 0).empty());
  auto error = [](std::string_view variant, const std::vector<std::string>& actions) {
    try {
      family_of_variant(variant).perft_from(variant, "", actions, 1);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(error("standard", {"a3a4", "b3b4"}), "move 2: illegal move b3b4: no piece on b3");
  EXPECT_EQ(error("flip", {"b2?"}), "move 1: b2? is not legal here");
}

// A front end asks the game, not its rule set, whether play begins with a
// secret set-up to choose: only a hidden set that leaves it to the players.
TEST(GameInterface, OnlyAGameThatLeavesTheSetUpToThePlayersHasOneToChoose) {
  EXPECT_TRUE(family_of_variant("hidden-stratego").setup_to_choose("hidden-stratego"));
  EXPECT_FALSE(family_of_variant("hidden").setup_to_choose("hidden"));  // shuffled by the arbiter
  EXPECT_FALSE(family_of_variant("standard").setup_to_choose("standard"));
  EXPECT_FALSE(family_of_variant("flip").setup_to_choose("flip"));
  EXPECT_FALSE(family_of_variant("flip-fixed").setup_to_choose("flip-fixed"));
}

// A front end lets a player choose a secret set-up through the family
// alone: the squares to fill and the animals to place, edits refused with
// the reason and the arrangement left as it was, the usual and a random
// arrangement, and the game that starts from it.
TEST(GameInterface, ASecretSetUpIsChosenThroughTheFamily) {
  std::mt19937_64 rng(1);
  EXPECT_EQ(family_of_variant("standard").new_setup("standard", rng), nullptr);
  EXPECT_EQ(family_of_variant("flip").new_setup("flip", rng), nullptr);
  const Family& hidden = family_of_variant("hidden-stratego");
  EXPECT_EQ(hidden.new_setup("hidden", rng), nullptr);  // the arbiter shuffles it
  EXPECT_THROW(hidden.new_setup("standard", rng), std::invalid_argument);
  std::unique_ptr<game::Setup> setup = hidden.new_setup("hidden-stratego", rng);
  ASSERT_NE(setup, nullptr);
  EXPECT_EQ(setup->squares(kBlue),
            (std::vector<std::string>{"a1", "g1", "b2", "f2", "a3", "c3", "e3", "g3"}));
  EXPECT_EQ(setup->pieces(kBlue),
            (std::vector<std::string>{"T", "L", "C", "D", "E", "W", "P", "R"}));
  EXPECT_EQ(setup->pieces(kRed).size(), 8u);

  const RuleSetPtr rules = load_variant("hidden-stratego");
  setup->set_standard(kBlue);
  setup->set_standard(kRed);
  EXPECT_EQ(setup->start(), hidden::start_with(rules, hidden::start_arrangement(*rules, kBlue),
                                               hidden::start_arrangement(*rules, kRed))
                                .fen());
  setup->swap(kBlue, "a1", "g1");
  const Square a1 = rules->geometry().parse_square("a1");
  EXPECT_EQ(Position::from_fen(setup->start(), rules).piece_on(a1), make_piece(kBlue, kLion));

  const std::string before = setup->arrangement(kBlue);
  auto error = [&setup](auto edit) {
    try {
      edit(*setup);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(error([](game::Setup& s) { s.swap(kBlue, "a1", "d5"); }),
            "d5 holds none of Blue's animals");
  EXPECT_EQ(error([](game::Setup& s) { s.swap(kBlue, "a1", "z9"); }),
            "swap needs two squares, like swap a1 g1");
  EXPECT_NE(error([](game::Setup& s) { s.set(kBlue, "a1=L"); }), "no error");
  EXPECT_EQ(setup->arrangement(kBlue), before);
  setup->set(kBlue, before);
  EXPECT_EQ(setup->arrangement(kBlue), before);

  setup->set_random(kRed, rng);
  std::unique_ptr<State> state = setup->new_state(rng);
  EXPECT_EQ(state->actor(), Actor::of(kBlue));
  EXPECT_EQ(Position::from_fen(setup->start(), rules).piece_on(a1), make_piece(kBlue, kLion));
}

// The open and the hidden family read rule sets with one loader and refuse
// each other's in the same words.
TEST(GameInterface, TheOpenAndHiddenFamiliesRefuseEachOthersRuleSets) {
  auto message = [](const Family& family, std::string_view variant) {
    std::mt19937_64 rng(1);
    try {
      family.new_state(variant, "", rng);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(message(*family_named("open"), "hidden"),
            "variant 'hidden' hides pieces: it is the hidden family's");
  EXPECT_EQ(message(*family_named("hidden"), "standard"),
            "variant 'standard' hides no pieces: it is the open game's");
  EXPECT_NE(message(*family_named("hidden"), "no-such-set").find("unknown rule set 'no-such-set'"),
            std::string::npos)
      << message(*family_named("hidden"), "no-such-set");
  EXPECT_THROW(family_named("hidden")->setup_to_choose("standard"), std::invalid_argument);
}

TEST(GameInterface, OpenStartOffersItsMovesAndWritesStartpos) {
  std::mt19937_64 rng(1);
  std::unique_ptr<State> s = family_of_variant("standard").new_state("standard", "", rng);
  EXPECT_EQ(s->actor(), Actor::of(kBlue));
  EXPECT_EQ(s->legal_actions().size(), 24u);
  EXPECT_EQ(s->observe(kBlue).position, "startpos");
  EXPECT_EQ(s->apply("a3a4"), "a3a4");
  EXPECT_EQ(s->observe(kRed).position, "startpos moves a3a4");
  EXPECT_THROW(s->apply("a3a4"), ActionError);
  EXPECT_THROW(s->apply("zz"), ActionError);
}

// A hidden try refused gives its parts apart from the state's own sentence
// (the CLI's), for a front end to word in its form (the web's "b5a5: ...");
// a text that is no move says so.
TEST(GameInterface, AHiddenTryRefusedGivesTheActionAndWhyApart) {
  std::mt19937_64 rng(1);
  std::unique_ptr<State> s =
      family_of_variant("hidden").new_state("hidden", "l6/7/7/7/dR5/7/7/7/6L w 0 1", rng);
  try {
    s->apply("b5a5");
    ADD_FAILURE() << "a Rat in the water may not attack a piece on land";
  } catch (const ActionError& e) {
    EXPECT_EQ(std::string(e.what()),
              "'b5a5' may not be tried: Rat in the water cannot attack a piece on land at a5");
    EXPECT_TRUE(e.written());
    EXPECT_EQ(e.action(), "b5a5");
    EXPECT_EQ(e.reason(), "Rat in the water cannot attack a piece on land at a5");
  }
  try {
    s->apply("b5");
    ADD_FAILURE() << "b5 is no move";
  } catch (const ActionError& e) {
    EXPECT_FALSE(e.written());
    EXPECT_EQ(e.reason(), "");
  }
}

TEST(GameInterface, FlipIsTheSidesChoiceThenChances) {
  std::mt19937_64 rng(1);
  std::unique_ptr<State> s = family_of_variant("flip").new_state("flip", "", rng);
  EXPECT_EQ(s->legal_actions().size(), 16u);     // every tile face down
  EXPECT_THROW(s->apply("b2?=L"), ActionError);  // the outcome is chance's
  EXPECT_EQ(s->apply("b2?"), "b2?");
  EXPECT_EQ(s->actor(), Actor::chance());
  const std::vector<ChanceOutcome> outcomes = s->chance_outcomes();
  ASSERT_EQ(outcomes.size(), 16u);
  for (const ChanceOutcome& o : outcomes) EXPECT_DOUBLE_EQ(o.probability, 1.0 / 16);
  EXPECT_EQ(s->observe(kBlue).to_move, std::nullopt);
  EXPECT_THROW(s->apply("c3?=L"), ActionError);
  EXPECT_EQ(s->apply("b2?=l"), "b2?=l");
  EXPECT_EQ(s->plies(), 1);
  EXPECT_EQ(s->observe(std::nullopt).position, "startpos moves b2?=l");
  // The first flip showed a Red animal: the first player is Red, Blue moves.
  EXPECT_EQ(s->actor(), Actor::of(kBlue));
  ASSERT_TRUE(s->undo());
  EXPECT_EQ(s->actor(), Actor::chance());
  ASSERT_TRUE(s->undo());
  EXPECT_EQ(s->actor(), Actor::of(kBlue));
  EXPECT_FALSE(s->undo());
}

TEST(GameInterface, FlipDealFixesChanceAndIsUnseen) {
  std::mt19937_64 rng(5);
  std::unique_ptr<State> dealt = family_of_variant("flip").new_state("flip", "", rng);
  std::unique_ptr<State> plain = dealt->clone();
  dealt->deal(rng);
  EXPECT_EQ(observe_all(*dealt), observe_all(*plain));
  dealt->apply("a1?");
  plain->apply("a1?");
  const std::vector<ChanceOutcome> one = dealt->chance_outcomes();
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(one[0].probability, 1.0);
  EXPECT_EQ(plain->chance_outcomes().size(), 16u);
  EXPECT_EQ(observe_all(*dealt), observe_all(*plain));
  // The deal holds: any other outcome is refused.
  for (const ChanceOutcome& o : plain->chance_outcomes()) {
    if (o.action != one[0].action) {
      EXPECT_THROW(dealt->clone()->apply(o.action), ActionError);
    }
  }
}

// A game of `variant` after its first move (and the chance that follows
// it, in a family where one does).
std::unique_ptr<State> after_first_move(const char* variant, std::mt19937_64& rng) {
  std::unique_ptr<State> s = family_of_variant(variant).new_state(variant, "", rng);
  s->apply(s->legal_actions().front());
  if (s->actor().is_chance()) s->apply(s->legal_actions().front());
  return s;
}

// No observation or record of Flip Jungle tells what a face-down tile
// holds: a game whose tiles were dealt at its start looks, to every viewer
// and at every step, like the same game drawn flip by flip.
TEST(GameInterface, FlipObservationsDoNotTellTheDeal) {
  std::mt19937_64 rng(61);
  int compared = 0;
  for (const char* variant : {"flip", "flip-fixed"}) {
    for (int g = 0; g < 3; ++g) {
      SCOPED_TRACE(std::string(variant) + " game " + std::to_string(g));
      std::unique_ptr<State> dealt = family_of_variant(variant).new_state(variant, "", rng);
      std::unique_ptr<State> plain = dealt->clone();
      dealt->deal(rng);
      for (int n = 0; n < 120 && !dealt->over(); ++n) {
        ASSERT_EQ(observe_all(*dealt), observe_all(*plain));
        for (Viewer v : kViewers) ASSERT_EQ(dealt->record_seen_by(v), plain->record_seen_by(v));
        ++compared;
        // Chance plays the deal's one outcome in both games.
        const std::string action = pick(*dealt, rng);
        ASSERT_EQ(dealt->apply(action), plain->apply(action));
      }
    }
  }
  EXPECT_GT(compared, 300);
}

TEST(GameInterface, DeclaredResultsEndAndAreTakenBackWithTheAction) {
  std::mt19937_64 rng(3);
  for (const char* variant : {"standard", "flip-fixed", "hidden"}) {
    SCOPED_TRACE(variant);
    std::unique_ptr<State> s = after_first_move(variant, rng);
    s->declare(GameResult::kRedWins, "resignation");
    EXPECT_EQ(s->result(), GameResult::kRedWins);
    EXPECT_EQ(s->termination(), "resignation");
    EXPECT_EQ(s->result_message(), "Red wins: Blue resigned");
    EXPECT_EQ(s->actor(), Actor::nobody());
    EXPECT_TRUE(s->legal_actions().empty());
    EXPECT_THROW(s->apply("a1a2"), ActionError);
    EXPECT_THROW(s->declare(GameResult::kDraw, "agreement"), std::invalid_argument);
    // The record keeps it, and reads back with it.
    std::unique_ptr<State> read = std::move(s->family().read_records(s->serialize()).at(0).state);
    EXPECT_EQ(read->result(), GameResult::kRedWins);
    EXPECT_EQ(read->termination(), "resignation");
    ASSERT_TRUE(s->undo());
    EXPECT_EQ(s->result(), GameResult::kOngoing);
  }
}

// An aborted game is a result of its own in every family's record: Result
// "*" with Termination "aborted" (never the draw it is held as inside), read
// back as the aborted game it was; a record written before, with Result
// "1/2-1/2", reads back the same.
TEST(GameInterface, AnAbortedGameIsRecordedWithAStarAndReadBackAborted) {
  std::mt19937_64 rng(3);
  for (const char* variant : {"standard", "flip-fixed", "hidden"}) {
    SCOPED_TRACE(variant);
    std::unique_ptr<State> s = after_first_move(variant, rng);
    s->declare(GameResult::kDraw, "aborted");
    EXPECT_EQ(s->result_message(), "Game aborted");
    const std::string record = s->serialize();
    EXPECT_NE(record.find("[Result \"*\"]"), std::string::npos) << record;
    EXPECT_NE(record.find("[Termination \"aborted\"]"), std::string::npos) << record;
    EXPECT_EQ(record.find("1/2-1/2"), std::string::npos) << record;
    EXPECT_EQ(record.substr(record.size() - 3), " *\n") << record;
    std::unique_ptr<State> read = std::move(s->family().read_records(record).at(0).state);
    EXPECT_EQ(read->result(), GameResult::kDraw);
    EXPECT_EQ(read->termination(), "aborted");
    EXPECT_EQ(read->result_message(), "Game aborted");
    EXPECT_TRUE(read->legal_actions().empty());
    std::string old = record;
    old.replace(old.find("[Result \"*\"]"), 12, "[Result \"1/2-1/2\"]");
    old.replace(old.size() - 2, 1, "1/2-1/2");
    std::unique_ptr<State> old_read = std::move(s->family().read_records(old).at(0).state);
    EXPECT_EQ(old_read->result(), GameResult::kDraw);
    EXPECT_EQ(old_read->termination(), "aborted");
    EXPECT_EQ(old_read->serialize(), record);
  }
}

TEST(GameInterface, RandomGamesOfTheOpenGame) {
  walk("standard", 3, 60, 11);
  walk("animal-checkers", 2, 60, 12);
}

TEST(GameInterface, RandomGamesOfFlipJungle) {
  walk("flip", 4, 120, 21);
  walk("flip-fixed", 2, 120, 22);
  walk("flip-jungle", 2, 120, 23);
}

TEST(GameInterface, RandomGamesWithHiddenPieces) {
  walk("hidden", 3, 60, 31);
  walk("hidden-stratego", 2, 60, 32);
}

// Each side's observation is what its own record shows: the record a side
// may read, read back, is that side's view at the same point.
TEST(GameInterface, HiddenObservationEqualsWhatTheSidesRecordShows) {
  std::mt19937_64 rng(41);
  const Family& family = family_of_variant("hidden");
  std::unique_ptr<State> s = family.new_state("hidden", "", rng);
  for (int n = 0; n < 40 && !s->over(); ++n) {
    s->apply(pick(*s, rng));
    for (Viewer v : kViewers) {
      const std::vector<hidden::HiddenRecord> read =
          hidden::read_hidden_records(s->record_seen_by(v));
      ASSERT_EQ(read.size(), 1u);
      ASSERT_TRUE(read[0].view.has_value());
      const Observation o = s->observe(v);
      EXPECT_EQ(read[0].view->diagram(), o.diagram);
      EXPECT_EQ(read[0].view->plies(), o.plies);
      EXPECT_NE(o.position.find(" fen " + read[0].view->start_fen()), std::string::npos);
    }
  }
}

// No observation depends on what its viewer may not know: two hidden games
// whose truths differ only in Red's secret arrangement look the same to
// Blue and to a spectator for as long as the arbiter announces the same.
TEST(GameInterface, HiddenObservationsDoNotDependOnTheEnemysSecret) {
  const RuleSetPtr rules = load_variant("hidden");
  std::mt19937_64 rng(51);
  int compared = 0;
  for (int g = 0; g < 4; ++g) {
    const hidden::Arrangement blue = hidden::random_arrangement(*rules, kBlue, rng);
    const Position truth_a =
        hidden::start_with(rules, blue, hidden::random_arrangement(*rules, kRed, rng));
    const Position truth_b =
        hidden::start_with(rules, blue, hidden::random_arrangement(*rules, kRed, rng));
    ASSERT_NE(truth_a.fen(), truth_b.fen());
    const Family& family = family_of_variant("hidden");
    std::unique_ptr<State> a = family.new_state("hidden", truth_a.fen(), rng);
    std::unique_ptr<State> b = family.new_state("hidden", truth_b.fen(), rng);
    for (int n = 0; n < 80 && !a->over() && !b->over(); ++n) {
      ASSERT_EQ(a->observe(kBlue), b->observe(kBlue));
      ASSERT_EQ(a->observe(std::nullopt), b->observe(std::nullopt));
      ASSERT_EQ(a->record_seen_by(kBlue), b->record_seen_by(kBlue));
      ++compared;
      // Blue picks from its own view; Red from a's (b's Red may differ).
      const std::string action =
          a->actor().side == kBlue
              ? a->observe(kBlue).legal_actions.at(
                    std::uniform_int_distribution<size_t>(0, a->legal_actions().size() - 1)(rng))
              : pick(*a, rng);
      const std::vector<std::string> b_legal = b->legal_actions();
      if (std::find(b_legal.begin(), b_legal.end(), action) == b_legal.end()) break;
      if (a->apply(action) != b->apply(action)) break;  // the announcements part
    }
  }
  EXPECT_GT(compared, 40);
}

// Observations go to clients as JSON and come back equal; a malformed one
// is refused naming its field.
TEST(GameInterface, ObservationsRoundTripThroughJson) {
  std::mt19937_64 rng(61);
  for (const char* variant : {"standard", "flip", "hidden"}) {
    std::unique_ptr<State> s = family_of_variant(variant).new_state(variant, "", rng);
    for (int n = 0; n < 6; ++n) s->apply(pick(*s, rng));
    for (Viewer v : kViewers) {
      const Observation o = s->observe(v);
      EXPECT_EQ(observation_from_json(observation_json(o)), o);
    }
  }
  std::mt19937_64 rng2(1);
  const Observation start =
      family_of_variant("standard").new_state("standard", "", rng2)->observe(kBlue);
  const nlohmann::json j = observation_json(start);
  EXPECT_EQ(j["viewer"], "blue");
  EXPECT_EQ(j["toMove"], "blue");
  EXPECT_EQ(j["position"], "startpos");
  EXPECT_EQ(j["result"], "*");
  EXPECT_EQ(j["legalActions"].size(), 24u);
  nlohmann::json bad = j;
  bad["plies"] = -1;
  try {
    observation_from_json(bad);
    FAIL() << "a negative ply count was read";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "observation: 'plies' must be a whole number, 0 or more");
  }
  bad = j;
  bad.erase("viewer");
  EXPECT_THROW(observation_from_json(bad), std::invalid_argument);
}

}  // namespace
}  // namespace jungle::game
