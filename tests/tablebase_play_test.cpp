// Tablebase files (format, refusals, resuming), the rules' hash and the
// equivalence of materials, the academic rule set, the commands, and the
// engine playing won endings out by the shortest way.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "core/movegen.h"
#include "core/position.h"
#include "core/variants.h"
#include "run_command_util.h"
#include "search/engine.h"
#include "tablebase/generate.h"
#include "tablebase/tablebase.h"
#include "uci_session.h"

namespace jungle {
namespace {

// One folder of small tables under the standard rules for the whole suite:
// LR-e and what it captures into.
class TablebaseTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new std::filesystem::path(std::filesystem::temp_directory_path() /
                                     ("jungle-tb-play-" + std::to_string(::getpid())));
    std::filesystem::remove_all(*dir_);
    rules_ = std::make_shared<const tb::TbRules>(RuleSet::standard());
    tb::GenerateOptions opt;
    opt.out = *dir_;
    opt.threads = 2;
    opt.materials = {*tb::Material::parse("LR-e")};
    report_ = tb::generate(rules_, opt);
  }
  static void TearDownTestSuite() {
    std::filesystem::remove_all(*dir_);
    delete dir_;
    rules_.reset();
  }
  static std::filesystem::path* dir_;
  static std::shared_ptr<const tb::TbRules> rules_;
  static tb::GenerateReport report_;
};
std::filesystem::path* TablebaseTest::dir_ = nullptr;
std::shared_ptr<const tb::TbRules> TablebaseTest::rules_;
tb::GenerateReport TablebaseTest::report_;

TEST_F(TablebaseTest, GenerationMakesTheCaptureSuccessorsFirstAndResumes) {
  // LR-e, L-e, R-e: three tables, each named by the first material of its
  // group (the Tiger moves and is taken as the Lion here).
  EXPECT_EQ(report_.generated, 3);
  EXPECT_EQ(rules_->representative(*tb::Material::parse("LR-e")).name(), "TR-e");
  EXPECT_TRUE(std::filesystem::exists(*dir_ / "TR-e.jtb"));
  EXPECT_TRUE(std::filesystem::exists(*dir_ / "T-e.jtb"));
  EXPECT_TRUE(std::filesystem::exists(*dir_ / "R-e.jtb"));
  tb::GenerateOptions opt;
  opt.out = *dir_;
  opt.materials = {*tb::Material::parse("LR-e")};
  const tb::GenerateReport again = tb::generate(rules_, opt);
  EXPECT_EQ(again.generated, 0);
  EXPECT_EQ(again.reused, 3);
}

TEST_F(TablebaseTest, VerifyPassesOnEveryTable) {
  std::string out;
  EXPECT_EQ(run_command(std::string(JUNGLE_BINARY) + " tb verify " + dir_->string() + " 2>&1", out),
            0)
      << out;
  EXPECT_NE(out.find("verified 3 tables"), std::string::npos) << out;
  out.clear();
  EXPECT_EQ(run_command(std::string(JUNGLE_BINARY) + " tb verify " + dir_->string() +
                            " --material LR-e 2>&1",
                        out),
            0)
      << out;
  EXPECT_NE(out.find("verified 1 table, "), std::string::npos) << out;
}

TEST_F(TablebaseTest, ACorruptedFileIsRefused) {
  const std::filesystem::path bad =
      std::filesystem::temp_directory_path() / ("jungle-tb-bad-" + std::to_string(::getpid()));
  std::filesystem::remove_all(bad);
  std::filesystem::create_directories(bad);
  std::filesystem::copy_file(*dir_ / "R-e.jtb", bad / "R-e.jtb");
  {
    std::fstream f(bad / "R-e.jtb", std::ios::in | std::ios::out | std::ios::binary);
    f.seekg(0, std::ios::end);
    const std::streamoff size = f.tellg();
    f.seekp(size - 5);
    char c = 0;
    f.seekg(size - 5);
    f.get(c);
    f.seekp(size - 5);
    f.put(char(c ^ 0x5A));
  }
  const tb::Material m = *tb::Material::parse("R-e");
  try {
    tb::read_table(bad / "R-e.jtb", rules_->hash(), m, rules_->layout(m).entries());
    ADD_FAILURE() << "a damaged file was read";
  } catch (const tb::TableError& e) {
    EXPECT_NE(std::string(e.what()).find("R-e.jtb: damaged"), std::string::npos) << e.what();
  }
  std::string out;
  EXPECT_EQ(run_command(std::string(JUNGLE_BINARY) + " tb verify " + bad.string() + " 2>&1", out),
            1);
  EXPECT_NE(out.find("damaged"), std::string::npos) << out;
  EXPECT_NE(out.find("1 of 1 tables failed"), std::string::npos) << out;
  std::filesystem::remove_all(bad);
}

TEST_F(TablebaseTest, TablesOfOtherRulesAreRefused) {
  try {
    tb::Tablebase wrong(load_variant("wikipedia"), *dir_);
    ADD_FAILURE() << "tables of the standard rules opened under wikipedia's";
  } catch (const tb::TableError& e) {
    EXPECT_NE(std::string(e.what()).find("made under other rules"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("rule set 'wikipedia'"), std::string::npos) << e.what();
  }
  std::string out;
  EXPECT_EQ(run_command(std::string(JUNGLE_BINARY) + " tb probe --variant wikipedia --tb " +
                            dir_->string() + " '7/7/7/7/7/7/7/2e4/L5R w' 2>&1",
                        out),
            1);
  EXPECT_NE(out.find("made under other rules"), std::string::npos) << out;
}

TEST(TablebaseRules, TheAntiDrawSetHasNoTables) {
  try {
    tb::TbRules rules(load_variant("anti-draw"));
    ADD_FAILURE() << "anti-draw accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()),
              "rule set 'anti-draw' counts turns in the water or in the own den (drowning, den "
              "food): a position's value depends on its history, so it has no tablebase");
  }
}

TEST(TablebaseRules, TheHashFollowsTheRulesNotTheName) {
  Rules renamed;
  renamed.name = "my-rules";
  renamed.description = "the same game";
  renamed.no_capture_limit = 50;  // not part of a value
  const uint64_t standard = tb::rules_hash(*RuleSet::standard());
  EXPECT_EQ(tb::rules_hash(*RuleSet::make(renamed)), standard);
  EXPECT_NE(tb::rules_hash(*load_variant("academic")), standard);
  EXPECT_NE(tb::rules_hash(*load_variant("wikipedia")), standard);
}

TEST(TablebaseRules, MaterialsThatBehaveAlikeShareOneTable) {
  const tb::TbRules rules(RuleSet::standard());
  // The example: Cat against Dog plays as Wolf against Leopard.
  const tb::Material cat_dog = *tb::Material::parse("C-d");
  const tb::Material wolf_leopard = *tb::Material::parse("W-p");
  EXPECT_EQ(rules.representative(cat_dog), rules.representative(wolf_leopard));
  // The Rat swims and the Lion jumps: they share with nobody.
  EXPECT_EQ(rules.group(*tb::Material::parse("L-t")).size(), 1u);
  EXPECT_NE(rules.representative(*tb::Material::parse("R-e")),
            rules.representative(*tb::Material::parse("C-e")));
  EXPECT_EQ(tb::Material::parse("RL-e")->name(), "LR-e");
  std::string why;
  EXPECT_FALSE(tb::Material::parse("LL-e", &why));
  EXPECT_EQ(why, "material 'LL-e': each side has at most one of each animal");
}

TEST(TablebaseRules, TheAcademicSetIsVanRijnAndVisRules) {
  Rules expected;
  expected.name = "academic";
  expected.elephant_takes_rat = true;
  expected.set_capture_across_water_edge(true);
  expected.rat_takes_elephant_from_water = false;
  Rules academic = builtin_rules("academic");
  expected.description = academic.description;
  EXPECT_EQ(academic, expected);
  EXPECT_NE(academic.description.find("van Rijn and Vis"), std::string::npos);
}

TEST_F(TablebaseTest, ProbePrintsTheVerdictAndEachMove) {
  const std::string fen = "7/7/7/7/7/7/7/2e4/L5R w";
  const tb::Tablebase tables(RuleSet::standard(), *dir_);
  const auto v = tables.probe(Position::from_fen(fen));
  ASSERT_TRUE(v.has_value());
  std::string out;
  ASSERT_EQ(run_command(std::string(JUNGLE_BINARY) + " tb probe --tb " + dir_->string() + " '" +
                            fen + "' 2>&1",
                        out),
            0)
      << out;
  EXPECT_EQ(out.substr(0, out.find('\n')),
            "wdl " + tb::wdl_text(v->wdl) + " dtm " + std::to_string(v->distance));
  // One line per legal move after the verdict.
  const Position pos = Position::from_fen(fen);
  EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), 1 + generate_moves(pos).size());
}

// Plays a won position out, the engine on both sides with the tables, and
// returns the plies until the game ended.
int play_out(Engine& engine, Position pos, Side winner) {
  SearchLimits limits;
  limits.depth = 2;
  for (int ply = 0; ply < 400; ++ply) {
    const GameResult r = game_result(pos);
    if (r != GameResult::kOngoing) {
      EXPECT_EQ(r, winner == kBlue ? GameResult::kBlueWins : GameResult::kRedWins);
      return ply;
    }
    const SearchResult result = engine.search(pos, limits);
    EXPECT_TRUE(generate_moves_past_draws(pos).contains(result.best));
    pos.do_move(result.best);
  }
  return -1;
}

TEST_F(TablebaseTest, TheEngineWinsWonEndingsByTheShortestWay) {
  Engine engine;
  EngineOptions options;
  options.hash_mb = 16;
  options.tablebase_path = dir_->string();
  engine.set_options(options);
  ASSERT_NE(engine.tablebase(), nullptr);
  // The longest win of each table, and wins of every distance of LR-e.
  std::vector<std::string> fens;
  for (const char* name : {"TR-e", "T-e", "R-e"}) {
    const tb::TableInfo info = tb::read_table_info(*dir_ / (std::string(name) + ".jtb"));
    const tb::Layout l = rules_->layout(info.material);
    Square sq[tb::kMaxPieces];
    ASSERT_TRUE(rules_->decode(l, info.counts.longest_win_entry / 2, sq));
    fens.push_back(rules_->fen(l, sq, Side(info.counts.longest_win_entry & 1)));
  }
  const tb::Material m = *tb::Material::parse("TR-e");
  const tb::Layout l = rules_->layout(m);
  const tb::Table t = tb::read_table(*dir_ / "TR-e.jtb", rules_->hash(), m, l.entries());
  std::vector<bool> seen(64, false);
  for (uint64_t e = 0; e < t.values.size(); e += 97) {
    const tb::Verdict v = tb::verdict_of(t.values[e]);
    if (t.values[e] == tb::kInvalid || v.wdl != tb::Wdl::kWin || seen[size_t(v.distance % 64)]) {
      continue;
    }
    seen[size_t(v.distance % 64)] = true;
    Square sq[tb::kMaxPieces];
    rules_->decode(l, e / 2, sq);
    fens.push_back(rules_->fen(l, sq, Side(e & 1)));
  }
  ASSERT_GT(fens.size(), 10u);
  const tb::Tablebase tables(RuleSet::standard(), *dir_);
  for (const std::string& fen : fens) {
    const Position pos = Position::from_fen(fen);
    const auto v = tables.probe(pos);
    ASSERT_TRUE(v && v->wdl == tb::Wdl::kWin) << fen;
    EXPECT_EQ(play_out(engine, pos, pos.side_to_move()), v->distance) << fen;
  }
}

TEST_F(TablebaseTest, TheSearchProbesTheTablesAfterACapture) {
  Engine engine;
  EngineOptions options;
  options.hash_mb = 16;
  options.tablebase_path = dir_->string();
  engine.set_options(options);
  // Four pieces, no table for them; the Elephant can take the Cat, which
  // leaves LR-e.
  const Position pos = Position::from_fen("7/7/7/7/7/7/2e4/2C4/L5R w");
  SearchLimits limits;
  limits.depth = 4;
  uint64_t hits = 0;
  bool flagged = false;
  engine.search(pos, limits, [&](const SearchInfo& info) {
    hits = info.tbhits;
    flagged = info.tablebase;
  });
  EXPECT_TRUE(flagged);
  EXPECT_GT(hits, 0u);
}

TEST_F(TablebaseTest, TheProtocolOptionAndTbhits) {
  testing_uci::Session s;
  EXPECT_TRUE(s.send("setoption name TablebasePath value " + dir_->string()).empty());
  s.send("position fen 7/7/7/7/7/7/7/2e4/L5R w");
  const tb::Tablebase tables(RuleSet::standard(), *dir_);
  const Position pos = Position::from_fen("7/7/7/7/7/7/7/2e4/L5R w");
  const auto best = tables.move_values(pos).front();
  const auto out = s.send("go depth 5");
  ASSERT_GE(out.size(), 2u);
  // One line from the tables, then the move with the shortest win.
  EXPECT_NE(out[0].find(" tbhits "), std::string::npos) << out[0];
  EXPECT_EQ(out.back().substr(0, 13), "bestmove " + kStandardGeometry.move_text(best.move));
  const auto bad = s.send("setoption name TablebasePath value /nonexistent/jungle-tables");
  ASSERT_EQ(bad.size(), 1u);
  EXPECT_EQ(bad[0],
            "info string error: setoption: TablebasePath '/nonexistent/jungle-tables': "
            "/nonexistent/jungle-tables: no such folder");
}

TEST(TablebaseOption, AFolderOfOtherRulesLeavesTheEngineAsItWas) {
  Engine engine;
  EngineOptions options;
  options.tablebase_path = "/nonexistent/jungle-tables";
  EXPECT_THROW(engine.set_options(options), tb::TableError);
  EXPECT_EQ(engine.tablebase(), nullptr);
  EXPECT_EQ(engine.options().tablebase_path, "");
}

}  // namespace
}  // namespace jungle
