// What each family of the game interface (src/game) offers and refuses,
// one capability at a time: the registry that tells the families apart and
// describes their sets, the secret set-up, perft, the rule-set loaders'
// refusals, the open start, a hidden try refused, a flip and chance's
// outcome, a dealt game, declared and aborted results. The random games
// every family is walked through are game_interface_test.cpp's.

#include <gtest/gtest.h>

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
#include "game/observation_text.h"
#include "game/state.h"
#include "game_playout.h"
#include "hidden/setup.h"

namespace jungle::game {
namespace {

using playout::kViewers;
using playout::observe_all;
using playout::pick;

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

// A state read from a record forgets, when asked, what the record wrote
// beside the game (the record gives it apart): its own record then writes
// the moves alone, and no viewer's observation changes. Flip Jungle's
// states keep none to forget.
TEST(GameInterface, AStateReadFromARecordForgetsTheRecordsCommentsAndSideLines) {
  std::vector<RecordedGame> read = family_of_variant("standard")
                                       .read_records(
                                           "[Result \"1-0\"]\n\n1. a3a4 {[%eval 0.30/8]} g7g6 "
                                           "(1... a7a6 2. a4a5) 2. g3g4 1-0\n");
  ASSERT_EQ(read.size(), 1u);
  State& open = *read[0].state;
  const std::vector<Observation> before = observe_all(open);
  EXPECT_NE(open.record().find(
                "\n\n1. a3a4 {[%eval 0.30/8]} 1... g7g6 (1... a7a6 2. a4a5) 2. g3g4 1-0\n"),
            std::string::npos)
      << open.record();
  open.forget_record_comments();
  EXPECT_NE(open.record().find("\n\n1. a3a4 g7g6 2. g3g4 1-0\n"), std::string::npos)
      << open.record();
  EXPECT_EQ(observe_all(open), before);
  EXPECT_EQ(read[0].comments, (std::vector<std::string>{"[%eval 0.30/8]", "", ""}));
  EXPECT_EQ(read[0].side_lines.at(1).size(), 1u);

  std::vector<RecordedGame> flip = family_of_variant("flip").read_records(
      "[Variant \"flip\"]\n[FEN \"4/4/rl2/1E2 w - 0 1\"]\n\n1. b1b2 {well played} *\n");
  ASSERT_EQ(flip.size(), 1u);
  EXPECT_EQ(flip[0].comments, (std::vector<std::string>{"well played"}));
  EXPECT_EQ(flip[0].state->record().find("well played"), std::string::npos)
      << flip[0].state->record();
}

}  // namespace
}  // namespace jungle::game
