#include "core/variants.h"
#include "core/geometry.h"

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

#include "core/bitboard.h"
#include "core/position.h"

namespace jungle {
namespace {

namespace fs = std::filesystem;

// Every field spelled out, so a mismatch shows which one differs.
std::string describe(const Rules& r) {
  auto set = [](AnimalSet s) {
    std::string text = "{";
    for (int a = 0; a < kAnimals; ++a) {
      if (s.contains(Animal(a))) text += std::string(1, animal_letter(Animal(a)));
    }
    return text + "}";
  };
  std::ostringstream out;
  out << "name=" << r.name << "\ndescription=" << r.description << "\nstart=" << r.start_fen
      << "\nranks=";
  for (int rank : r.rank) out << rank << ",";
  out << "\nrat_takes_elephant=" << r.rat_takes_elephant
      << "\nelephant_takes_rat=" << r.elephant_takes_rat << "\nhas_water=" << r.has_water
      << "\nhas_traps=" << r.has_traps << "\nswimmers=" << set(r.swimmers)
      << "\nelephant_never_takes_rat=" << r.elephant_never_takes_rat
      << "\ncapture_water_to_land=" << r.capture_water_to_land
      << "\ncapture_land_to_water=" << r.capture_land_to_water
      << "\nrat_takes_elephant_from_water=" << r.rat_takes_elephant_from_water
      << "\nvertical_jumpers=" << set(r.vertical_jumpers)
      << "\nhorizontal_jumpers=" << set(r.horizontal_jumpers)
      << "\nvertical_jump_unblocked=" << set(r.vertical_jump_unblocked)
      << "\nhorizontal_jump_unblocked=" << set(r.horizontal_jump_unblocked)
      << "\ntraps=" << int(r.traps) << "\ntrapped_rank=" << int(r.trapped_rank)
      << "\nmay_enter_own_traps=" << set(r.may_enter_own_traps)
      << "\nmay_enter_traps=" << set(r.may_enter_traps) << "\nown_den_allowed=" << r.own_den_allowed
      << "\nden_food_limit=" << r.den_food_limit << "\nwater_turn_limit=" << r.water_turn_limit
      << "\nno_legal_move=" << int(r.no_legal_move) << "\nrepetition=" << int(r.repetition)
      << "\nrepetition_count=" << r.repetition_count << "\nno_capture_limit=" << r.no_capture_limit
      << "\nunique_pieces=" << r.unique_pieces << "\nhidden_pieces=" << r.hidden_pieces
      << "\nhidden_setup=" << int(r.hidden_setup) << "\nhidden_reveal=" << int(r.hidden_reveal)
      << "\nfailed_attack=" << int(r.failed_attack) << "\n";
  return out.str();
}

void expect_same_rules(const Rules& actual, const Rules& expected) {
  EXPECT_EQ(describe(actual), describe(expected));
  EXPECT_TRUE(actual == expected);
}

// RULES.md's defaults under the shipped set's name and description, which
// the per-set tests then change field by field.
Rules standard_as(const std::string& name) {
  Rules r;
  Rules shipped = builtin_rules(name);
  r.name = name;
  r.description = shipped.description;
  return r;
}

// A fresh folder per test under the system's temporary directory.
class VariantsFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    static std::atomic<int> counter = 0;
    dir_ = fs::temp_directory_path() /
           ("jungle_variants_test_" + std::to_string(getpid()) + "_" + std::to_string(counter++));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  fs::path write(const std::string& relative, const std::string& text) {
    fs::path path = dir_ / relative;
    fs::create_directories(path.parent_path());
    std::ofstream(path) << text;
    return path;
  }

  // The issues a file raises, via the path that never throws.
  std::vector<VariantIssue> issues_of(const std::string& relative, const std::string& text) {
    return check_rules_file(write(relative, text));
  }

  fs::path dir_;
};

std::string joined(const std::vector<VariantIssue>& issues) {
  std::string text;
  for (const VariantIssue& i : issues) text += i.to_string() + "\n";
  return text;
}

TEST(VariantsBuiltin, NamesInDisplayOrder) {
  std::vector<std::string> expected = {"standard",
                                       "bush",
                                       "wikipedia",
                                       "mistboard",
                                       "dog-swims",
                                       "universal-traps",
                                       "elephant-takes-rat",
                                       "leopard-jumps",
                                       "lion-tiger-equal",
                                       "tiger-over-lion",
                                       "anti-draw",
                                       "animal-checkers",
                                       "animal-checkers-7x9",
                                       "academic",
                                       "hidden",
                                       "hidden-stratego"};
  EXPECT_EQ(builtin_variant_names(), expected);
}

TEST(VariantsBuiltin, EveryShippedSetLoadsAndBuilds) {
  for (const std::string& name : builtin_variant_names()) {
    SCOPED_TRACE(name);
    Rules rules;
    ASSERT_NO_THROW(rules = builtin_rules(name));
    EXPECT_EQ(rules.name, name);
    EXPECT_FALSE(rules.description.empty());
    EXPECT_EQ(rules.description.find("Based on"), std::string::npos) << "no description written";
    EXPECT_EQ(rules.description.find('\n'), std::string::npos) << "description is one line";
    RuleSetPtr set;
    ASSERT_NO_THROW(set = load_variant(name));
    ASSERT_NE(set, nullptr);
    expect_same_rules(set->rules(), rules);
  }
}

TEST(VariantsBuiltin, StandardIsRulesDefaults) {
  Rules rules = builtin_rules("standard");
  EXPECT_EQ(rules, Rules{});
  EXPECT_EQ(rules.start_fen, "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w 0 1");
}

TEST(VariantsBuiltin, Bush) {
  Rules rules = builtin_rules("bush");
  EXPECT_EQ(rules.rank[kDog], 4);
  EXPECT_EQ(rules.rank[kWolf], 3);
  EXPECT_EQ(rules.repetition, RepetitionRule::kBush);
  EXPECT_TRUE(rules.capture_water_to_land);
  EXPECT_TRUE(rules.capture_land_to_water);
  EXPECT_FALSE(rules.rat_takes_elephant_from_water);
  EXPECT_EQ(rules.no_capture_limit, 0);
  Rules expected = standard_as("bush");
  expected.rank[kDog] = 4;
  expected.rank[kWolf] = 3;
  expected.set_capture_across_water_edge(true);
  expected.rat_takes_elephant_from_water = false;
  expected.repetition = RepetitionRule::kBush;
  expected.no_capture_limit = 0;
  expect_same_rules(rules, expected);
}

TEST(VariantsBuiltin, Wikipedia) {
  Rules rules = builtin_rules("wikipedia");
  EXPECT_EQ(rules.vertical_jumpers, (AnimalSet{kLion, kTiger}));
  EXPECT_EQ(rules.horizontal_jumpers, (AnimalSet{kLion}));
  EXPECT_TRUE(rules.elephant_takes_rat);
  Rules expected = standard_as("wikipedia");
  expected.horizontal_jumpers = {kLion};
  expected.elephant_takes_rat = true;
  expect_same_rules(rules, expected);
}

TEST(VariantsBuiltin, DogSwims) {
  Rules rules = builtin_rules("dog-swims");
  EXPECT_EQ(rules.swimmers, (AnimalSet{kRat, kDog}));
  // A Dog in the water blocks like the Rat: nobody ignores blocking.
  EXPECT_TRUE(rules.vertical_jump_unblocked.empty());
  EXPECT_TRUE(rules.horizontal_jump_unblocked.empty());
  Rules expected = standard_as("dog-swims");
  expected.swimmers = {kRat, kDog};
  expect_same_rules(rules, expected);
}

TEST(VariantsBuiltin, UniversalTraps) {
  Rules expected = standard_as("universal-traps");
  expected.traps = TrapRule::kAllTrapsWeaken;
  expect_same_rules(builtin_rules("universal-traps"), expected);
}

TEST(VariantsBuiltin, ElephantTakesRat) {
  Rules expected = standard_as("elephant-takes-rat");
  expected.elephant_takes_rat = true;
  expect_same_rules(builtin_rules("elephant-takes-rat"), expected);
  EXPECT_TRUE(builtin_rules("elephant-takes-rat").rat_takes_elephant);
}

// mistboard.com's rules (docs/dialects.md, checked move for move against
// MistyJungle's own generator): standard's, the Tiger jumping only vertically.
TEST(VariantsBuiltin, Mistboard) {
  Rules expected = standard_as("mistboard");
  expected.horizontal_jumpers = {kLion};
  expect_same_rules(builtin_rules("mistboard"), expected);
}

TEST(VariantsBuiltin, LeopardJumps) {
  Rules expected = standard_as("leopard-jumps");
  expected.horizontal_jumpers = {kLion, kTiger, kLeopard};
  expected.horizontal_jump_unblocked = {kLeopard};
  expect_same_rules(builtin_rules("leopard-jumps"), expected);
}

TEST(VariantsBuiltin, LionTigerEqual) {
  Rules rules = builtin_rules("lion-tiger-equal");
  EXPECT_EQ(rules.rank[kLion], rules.rank[kTiger]);
  Rules expected = standard_as("lion-tiger-equal");
  expected.rank[kTiger] = 7;
  expected.rank[kLion] = 7;
  expect_same_rules(rules, expected);
}

TEST(VariantsBuiltin, TigerOverLion) {
  Rules expected = standard_as("tiger-over-lion");
  expected.rank[kTiger] = 7;
  expected.rank[kLion] = 6;
  expect_same_rules(builtin_rules("tiger-over-lion"), expected);
}

TEST(VariantsBuiltin, AntiDraw) {
  Rules rules = builtin_rules("anti-draw");
  EXPECT_EQ(rules.swimmers, (AnimalSet{kRat, kDog, kWolf}));
  Rules expected = standard_as("anti-draw");
  expected.vertical_jumpers = {kLion, kTiger};
  expected.horizontal_jumpers = {kLion, kTiger, kLeopard};
  expected.vertical_jump_unblocked = {kLion, kTiger};
  expected.horizontal_jump_unblocked = {kLion, kTiger, kLeopard};
  expected.swimmers = {kRat, kDog, kWolf};
  expected.may_enter_own_traps = {kRat, kCat, kDog};
  expected.water_turn_limit = 3;
  expected.own_den_allowed = true;
  expected.den_food_limit = 30;
  expect_same_rules(rules, expected);
}

TEST(VariantsBuiltin, AnimalCheckersSevenByNine) {
  Rules rules = builtin_rules("animal-checkers-7x9");
  Rules expected = standard_as("animal-checkers-7x9");
  expected.start_fen = "6t/1d5/r5e/7/7/7/E5R/5D1/T6 w 0 1";
  expected.has_water = false;
  expected.has_traps = false;
  expected.swimmers = AnimalSet::none();
  expected.vertical_jumpers = AnimalSet::none();
  expected.horizontal_jumpers = AnimalSet::none();
  expect_same_rules(rules, expected);

  // The four animals stand where the standard start puts them.
  Position checkers(load_variant("animal-checkers-7x9"));
  Position standard;
  int pieces = 0;
  for (Square s = 0; s < kStandardGeometry.squares(); ++s) {
    Piece p = checkers.piece_on(s);
    if (p == kNoPiece) continue;
    ++pieces;
    EXPECT_EQ(standard.piece_on(s), p) << kStandardGeometry.square_name(s);
    Animal a = animal_of(p);
    EXPECT_TRUE(a == kRat || a == kDog || a == kTiger || a == kElephant)
        << kStandardGeometry.square_name(s);
  }
  EXPECT_EQ(pieces, 8);
  EXPECT_EQ(checkers.rule_set().water(), Bitboard(0));
  EXPECT_EQ(checkers.rule_set().all_traps(), Bitboard(0));
}

TEST(VariantsBuiltin, UnknownNameListsTheKnownOnes) {
  try {
    load_variant("nosuch");
    FAIL() << "no error";
  } catch (const VariantError& e) {
    ASSERT_EQ(e.issues().size(), 1u);
    EXPECT_EQ(e.issues()[0].message,
              "unknown rule set 'nosuch' (known: standard, bush, wikipedia, mistboard, dog-swims, "
              "universal-traps, elephant-takes-rat, leopard-jumps, lion-tiger-equal, "
              "tiger-over-lion, anti-draw, animal-checkers, animal-checkers-7x9, academic, hidden, "
              "hidden-stratego; or give the path of a .toml file)");
  }
  EXPECT_THROW(builtin_rules("nosuch"), VariantError);
}

TEST(VariantsIssue, ToString) {
  EXPECT_EQ((VariantIssue{"a.toml", 3, 7, "bad"}).to_string(), "a.toml:3:7: bad");
  EXPECT_EQ((VariantIssue{"a.toml", 0, 0, "missing"}).to_string(), "a.toml: missing");
}

TEST_F(VariantsFiles, UserFileByPath) {
  fs::path path = write("mine.toml",
                        "name = \"mine\"\n"
                        "description = \"Mine\"\n"
                        "[ranks]\n"
                        "cougar = 6\n"
                        "mouse = 2\n"
                        "[water]\n"
                        "swimmers = \"all\"\n"
                        "[traps]\n"
                        "may_enter = \"none\"\n"
                        "[end]\n"
                        "no_legal_move = \"draw\"\n"
                        "repetition = \"none\"\n"
                        "repetition_count = 4\n"
                        "[pieces]\n"
                        "unique = false\n");
  Rules expected;
  expected.name = "mine";
  expected.description = "Mine";
  expected.rank[kLeopard] = 6;
  expected.rank[kRat] = 2;
  expected.swimmers = AnimalSet::all();
  expected.may_enter_traps = AnimalSet::none();
  expected.no_legal_move = NoMoveRule::kDraw;
  expected.repetition = RepetitionRule::kNone;
  expected.repetition_count = 4;
  expected.unique_pieces = false;
  expect_same_rules(load_rules_file(path), expected);
  RuleSetPtr set = load_variant(path.string());
  expect_same_rules(set->rules(), expected);
  EXPECT_TRUE(check_rules_file(path).empty()) << joined(check_rules_file(path));
}

TEST_F(VariantsFiles, NameDefaultsToFileStemAndDescriptionToParent) {
  fs::path path = write("tiny.toml", "inherits = \"bush\"\n");
  Rules rules = load_rules_file(path);
  Rules expected = builtin_rules("bush");
  expected.name = "tiny";
  expected.description = "Based on bush";
  expect_same_rules(rules, expected);
  EXPECT_EQ(load_rules_file(write("empty.toml", "")).description, "Based on standard");
}

TEST_F(VariantsFiles, InheritsShippedSet) {
  fs::path path = write("child.toml",
                        "name = \"child\"\n"
                        "description = \"Bush with a swimming Dog\"\n"
                        "inherits = \"bush\"\n"
                        "[water]\n"
                        "swimmers = [\"rat\", \"dog\"]\n");
  Rules expected = builtin_rules("bush");
  expected.name = "child";
  expected.description = "Bush with a swimming Dog";
  expected.swimmers = {kRat, kDog};
  expect_same_rules(load_rules_file(path), expected);
}

TEST_F(VariantsFiles, InheritsFileByRelativeAndAbsolutePath) {
  write("sets/parent.toml",
        "inherits = \"anti-draw\"\n"
        "[den]\n"
        "food_limit = 12\n");
  fs::path relative = write("child.toml",
                            "inherits = \"sets/parent.toml\"\n"
                            "[water]\n"
                            "turn_limit = 5\n");
  Rules expected = builtin_rules("anti-draw");
  expected.name = "child";
  expected.description = "Based on parent";
  expected.den_food_limit = 12;
  expected.water_turn_limit = 5;
  expect_same_rules(load_rules_file(relative), expected);

  // The parent's own relative paths are read from the parent's folder.
  write("sets/grandchild_parent.toml", "inherits = \"parent.toml\"\n");
  fs::path nested = write("nested.toml", "inherits = \"sets/grandchild_parent.toml\"\n");
  EXPECT_EQ(load_rules_file(nested).den_food_limit, 12);

  fs::path absolute = write("abs.toml", "inherits = \"" + (dir_ / "sets/parent.toml").string() +
                                            "\"\n"
                                            "[end]\n"
                                            "no_capture_limit = 50\n");
  Rules from_absolute = load_rules_file(absolute);
  EXPECT_EQ(from_absolute.den_food_limit, 12);
  EXPECT_EQ(from_absolute.no_capture_limit, 50);
  EXPECT_EQ(from_absolute.swimmers, (AnimalSet{kRat, kDog, kWolf}));
}

TEST_F(VariantsFiles, ParseRulesResolvesParentsFromBaseDir) {
  write("p.toml", "[capture]\nelephant_takes_rat = true\n");
  Rules rules = parse_rules("inherits = \"p.toml\"\n", "<text>", dir_);
  EXPECT_TRUE(rules.elephant_takes_rat);
  EXPECT_EQ(rules.description, "Based on p");
}

TEST_F(VariantsFiles, InheritanceCycle) {
  write("a.toml", "inherits = \"b.toml\"\n");
  fs::path b = write("b.toml",
                     "# b\n"
                     "inherits = \"a.toml\"\n");
  std::vector<VariantIssue> issues = check_rules_file(dir_ / "a.toml");
  ASSERT_EQ(issues.size(), 1u) << joined(issues);
  EXPECT_NE(issues[0].message.find("inheritance cycle"), std::string::npos) << issues[0].message;
  // Reported where the cycle closes: b.toml's inherits line.
  EXPECT_EQ(fs::path(issues[0].origin).filename(), "b.toml");
  EXPECT_EQ(issues[0].line, 2);
  EXPECT_EQ(issues[0].column, 12);
  EXPECT_THROW(load_rules_file(dir_ / "a.toml"), VariantError);

  std::vector<VariantIssue> self = issues_of("self.toml", "inherits = \"self.toml\"\n");
  ASSERT_EQ(self.size(), 1u) << joined(self);
  EXPECT_NE(self[0].message.find("inheritance cycle"), std::string::npos);
  EXPECT_EQ(self[0].line, 1);
}

TEST_F(VariantsFiles, BrokenFileReportsEveryProblemWithItsLine) {
  std::vector<VariantIssue> issues = issues_of("broken.toml",
                                               "name = \"broken\"\n"                   // 1
                                               "start = \"7/7/7 w\"\n"                 // 2
                                               "[water]\n"                             // 3
                                               "swimers = [\"rat\"]\n"                 // 4
                                               "[ranks]\n"                             // 5
                                               "tiger = 16\n"                          // 6
                                               "lyon = 3\n"                            // 7
                                               "[capture]\n"                           // 8
                                               "elephant_takes_rat = \"yes\"\n"        // 9
                                               "[jumps]\n"                             // 10
                                               "horizontal = [\"lion\", \"tigre\"]\n"  // 11
                                               "[end]\n"                               // 12
                                               "repetition = \"sometimes\"\n"          // 13
                                               "no_capture_limit = -1\n");             // 14
  ASSERT_EQ(issues.size(), 8u) << joined(issues);
  std::vector<int> lines;
  for (const VariantIssue& i : issues) lines.push_back(i.line);
  EXPECT_EQ(lines, (std::vector<int>{2, 4, 6, 7, 9, 11, 13, 14})) << joined(issues);
  std::string path = (dir_ / "broken.toml").string();
  EXPECT_EQ(issues[0].to_string(),
            path + ":2:9: start position: FEN placement has 3 ranks; expected 9");
  EXPECT_EQ(issues[1].to_string(),
            path + ":4:1: unknown key 'swimers' in [water] (did you mean 'swimmers'?)");
  EXPECT_EQ(issues[2].to_string(), path + ":6:9: [ranks] tiger = 16 is outside 0..15");
  EXPECT_EQ(issues[3].to_string(),
            path + ":7:1: unknown animal 'lyon' in [ranks] (did you mean 'lion'?)");
  EXPECT_EQ(issues[4].to_string(),
            path + ":9:22: [capture] elephant_takes_rat must be true or false, not a string");
  EXPECT_EQ(issues[5].to_string(),
            path + ":11:23: unknown animal 'tigre' in [jumps] horizontal (did you mean 'tiger'?)");
  EXPECT_EQ(issues[6].to_string(), path +
                                       ":13:14: unknown value 'sometimes' for [end] repetition "
                                       "(expected \"draw\", \"bush\" or \"none\")");
  EXPECT_EQ(issues[7].to_string(),
            path + ":14:20: [end] no_capture_limit = -1 is outside 0..1000000");
  EXPECT_THROW(load_rules_file(dir_ / "broken.toml"), VariantError);
  try {
    load_variant((dir_ / "broken.toml").string());
  } catch (const VariantError& e) {
    EXPECT_EQ(e.issues().size(), 8u);
    EXPECT_NE(std::string(e.what()).find(path + ":13:14:"), std::string::npos) << e.what();
  }
}

TEST_F(VariantsFiles, UnknownKeys) {
  auto one = [&](const std::string& text) {
    std::vector<VariantIssue> issues = issues_of("keys.toml", text);
    EXPECT_EQ(issues.size(), 1u) << joined(issues);
    return issues.empty() ? VariantIssue{} : issues[0];
  };
  VariantIssue typo = one("[water]\nswimers = [\"rat\"]\n");
  EXPECT_EQ(typo.message, "unknown key 'swimers' in [water] (did you mean 'swimmers'?)");
  EXPECT_EQ(typo.line, 2);
  EXPECT_EQ(typo.column, 1);
  EXPECT_EQ(one("\n\nswimmers = [\"rat\"]\n").message,
            "unknown key 'swimmers' at the top level (it belongs in [water])");
  EXPECT_EQ(one("[board]\nlakes = false\n").message,
            "unknown key 'lakes' in [board] (known keys: files, ranks, dens, blue_traps, "
            "red_traps, water, has_water, has_traps)");
  EXPECT_EQ(one("nmae = \"x\"\n").message,
            "unknown key 'nmae' at the top level (did you mean 'name'?)");
  VariantIssue table = one("[rules]\n");
  EXPECT_EQ(table.line, 1);
  EXPECT_NE(table.message.find("unknown key 'rules' at the top level"), std::string::npos);
}

TEST_F(VariantsFiles, WrongTypes) {
  auto first = [&](const std::string& text) {
    std::vector<VariantIssue> issues = issues_of("types.toml", text);
    EXPECT_EQ(issues.size(), 1u) << joined(issues);
    return issues.empty() ? std::string() : issues[0].to_string();
  };
  std::string path = (dir_ / "types.toml").string();
  EXPECT_EQ(first("[board]\nhas_water = \"no\"\n"),
            path + ":2:13: [board] has_water must be true or false, not a string");
  EXPECT_EQ(first("[den]\nfood_limit = 2.5\n"),
            path + ":2:14: [den] food_limit must be a whole number, not a floating-point number");
  EXPECT_EQ(first("[water]\nswimmers = 3\n"),
            path +
                ":2:12: [water] swimmers must be an array of animal names, \"all\" or \"none\", "
                "not an integer");
  EXPECT_EQ(first("[water]\nswimmers = \"dog\"\n"),
            path +
                ":2:12: [water] swimmers must be an array of animal names, \"all\" or \"none\", "
                "not 'dog' (write [\"dog\"] for a single animal)");
  EXPECT_EQ(first("[water]\nswimmers = [\"rat\", 1]\n"),
            path + ":2:20: each animal in [water] swimmers must be a string, not an integer");
  EXPECT_EQ(first("name = 7\n"), path + ":1:8: name must be a string, not an integer");
  EXPECT_EQ(first("water = 1\n"), path + ":1:9: water must be a table ([water]), not an integer");
  EXPECT_EQ(first("inherits = true\n"),
            path + ":1:12: inherits must be the name of a rule set or a path, not a boolean");
}

TEST_F(VariantsFiles, UnknownAnimals) {
  std::vector<VariantIssue> issues = issues_of("animals.toml",
                                               "[traps]\n"
                                               "may_enter_own = [\"rat\", \"unicorn\", \"rat\"]\n"
                                               "[ranks]\n"
                                               "rat = 1\n"
                                               "mouse = 2\n");
  ASSERT_EQ(issues.size(), 3u) << joined(issues);
  EXPECT_EQ(issues[0].message,
            "unknown animal 'unicorn' in [traps] may_enter_own (animals: rat, cat, dog, wolf, "
            "leopard, tiger, lion, elephant)");
  EXPECT_EQ(issues[0].line, 2);
  EXPECT_EQ(issues[0].column, 25);
  EXPECT_EQ(issues[1].message, "Rat appears twice in [traps] may_enter_own");
  EXPECT_EQ(issues[2].line, 5);
  EXPECT_EQ(issues[2].message, "the rank of the Rat is given twice ('rat' and 'mouse')");
}

TEST_F(VariantsFiles, EnumsAndLimits) {
  std::vector<VariantIssue> issues = issues_of("enums.toml",
                                               "[traps]\n"
                                               "weaken = \"own\"\n"
                                               "[end]\n"
                                               "no_legal_move = \"lose\"\n"
                                               "repetition_count = 1\n"
                                               "[water]\n"
                                               "turn_limit = 1000\n");
  ASSERT_EQ(issues.size(), 4u) << joined(issues);
  EXPECT_EQ(issues[0].message,
            "unknown value 'own' for [traps] weaken (expected \"opponent\" or \"all\")");
  EXPECT_EQ(issues[1].message,
            "unknown value 'lose' for [end] no_legal_move (expected \"loss\" or \"draw\")");
  EXPECT_EQ(issues[2].message, "[end] repetition_count = 1 is outside 2..100");
  EXPECT_EQ(issues[3].message, "[water] turn_limit = 1000 is outside 0..200");
  EXPECT_EQ(issues[3].line, 7);
}

TEST_F(VariantsFiles, MissingParent) {
  std::vector<VariantIssue> issues = issues_of("orphan.toml", "\ninherits = \"nosuch\"\n");
  ASSERT_EQ(issues.size(), 1u) << joined(issues);
  EXPECT_EQ(issues[0].line, 2);
  EXPECT_EQ(issues[0].column, 12);
  EXPECT_NE(issues[0].message.find("unknown parent rule set 'nosuch' (known: standard, bush"),
            std::string::npos)
      << issues[0].message;

  issues = issues_of("orphan2.toml", "inherits = \"gone/parent.toml\"\n");
  ASSERT_EQ(issues.size(), 1u) << joined(issues);
  EXPECT_EQ(issues[0].line, 1);
  EXPECT_EQ(issues[0].message,
            "parent rule set file '" + (dir_ / "gone/parent.toml").string() + "' not found");
}

TEST_F(VariantsFiles, ParentProblemsCarryTheParentsPlace) {
  write("bad_parent.toml",
        "[den]\n"
        "own_allowed = \"yes\"\n");
  std::vector<VariantIssue> issues = issues_of("kid.toml", "inherits = \"bad_parent.toml\"\n");
  ASSERT_EQ(issues.size(), 1u) << joined(issues);
  EXPECT_EQ(fs::path(issues[0].origin).filename(), "bad_parent.toml");
  EXPECT_EQ(issues[0].line, 2);
}

TEST_F(VariantsFiles, TomlSyntaxError) {
  std::vector<VariantIssue> issues = issues_of("syntax.toml",
                                               "name = \"x\"\n"
                                               "[water\n"
                                               "swimmers = [\"rat\"]\n");
  ASSERT_EQ(issues.size(), 1u) << joined(issues);
  EXPECT_EQ(issues[0].line, 2);
  EXPECT_FALSE(issues[0].message.empty());
}

TEST_F(VariantsFiles, StartPosition) {
  std::vector<VariantIssue> shape =
      issues_of("shape.toml", "start = \"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L2 w 0 1\"\n");
  ASSERT_EQ(shape.size(), 1u) << joined(shape);
  EXPECT_EQ(shape[0].message, "start position: FEN rank 1 has 9 files; expected 7");
  EXPECT_EQ(shape[0].line, 1);

  std::vector<VariantIssue> letter =
      issues_of("letter.toml", "start = \"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3X1/T5L w\"\n");
  ASSERT_EQ(letter.size(), 1u) << joined(letter);
  EXPECT_EQ(letter[0].message, "start position: unknown piece letter 'X' at f2");

  std::vector<VariantIssue> side =
      issues_of("side.toml", "start = \"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L x\"\n");
  ASSERT_EQ(side.size(), 1u) << joined(side);
  EXPECT_EQ(side[0].message, "start position: FEN side to move 'x' is not 'w' (Blue) or 'b' (Red)");

  // Well shaped, but a Lion in the water: Position rejects it when the set is
  // built, and the problem still points at the start line.
  std::vector<VariantIssue> deep =
      issues_of("deep.toml", "\n\nstart = \"l5t/1d3c1/r1p1w1e/7/1L5/7/E1W1P1R/1C3D1/T6 w 0 1\"\n");
  ASSERT_EQ(deep.size(), 1u) << joined(deep);
  EXPECT_EQ(deep[0].line, 3);
  EXPECT_EQ(deep[0].message.rfind("start position", 0), 0u) << deep[0].message;
}

TEST_F(VariantsFiles, DenFoodNeedsOwnDen) {
  std::vector<VariantIssue> issues = issues_of("food.toml",
                                               "[den]\n"
                                               "food_limit = 30\n");
  ASSERT_EQ(issues.size(), 1u) << joined(issues);
  EXPECT_EQ(issues[0].line, 2);
  EXPECT_NE(issues[0].message.find("needs own_allowed"), std::string::npos);
  // Inherited from anti-draw, switching the den off breaks the pair.
  issues = issues_of("food2.toml", "inherits = \"anti-draw\"\n[den]\nown_allowed = false\n");
  ASSERT_EQ(issues.size(), 1u) << joined(issues);
  EXPECT_EQ(issues[0].origin, "<builtin anti-draw>");
}

TEST_F(VariantsFiles, CheckRulesFileOnMissingFile) {
  fs::path missing = dir_ / "missing.toml";
  std::vector<VariantIssue> issues = check_rules_file(missing);
  ASSERT_EQ(issues.size(), 1u);
  EXPECT_EQ(issues[0].origin, missing.string());
  EXPECT_EQ(issues[0].line, 0);
  EXPECT_EQ(issues[0].to_string(), missing.string() + ": no such file");
  EXPECT_THROW(load_rules_file(missing), VariantError);
  EXPECT_THROW(load_variant(missing.string()), VariantError);
}

}  // namespace
}  // namespace jungle
