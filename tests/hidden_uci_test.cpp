// The engine protocol with hidden pieces (docs/hidden.md, "Protocol"): the
// engine takes only its own view, answers with a move it may try, and
// refuses the truth and broken announcements with a message.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <initializer_list>
#include <random>

#include "core/variants.h"
#include "hidden/hidden_game.h"
#include "hidden/setup.h"
#include "hidden_search/hidden_search.h"
#include "hidden_test_util.h"
#include "uci_session.h"

namespace jungle {
namespace {

using testing_uci::Session;
using testing_uci::starts_with;

std::string last(const std::vector<std::string>& lines) {
  return lines.empty() ? "" : lines.back();
}

bool has_line(const std::vector<std::string>& lines, std::string_view prefix) {
  for (const std::string& l : lines) {
    if (starts_with(l, prefix)) return true;
  }
  return false;
}

// The protocol's position command for `side`'s view of a game.
std::string position_of(const hidden::HiddenGame& game, Side side) {
  std::string cmd = "position hidden ";
  cmd += side == kBlue ? "blue" : "red";
  cmd += " fen ";
  cmd += game.view(side).start_fen();
  if (!game.announcements().empty()) cmd += " moves";
  for (const hidden::Observation& o : game.announcements()) {
    cmd += ' ';
    cmd += hidden::observation_text(o, game.rule_set().geometry());
  }
  return cmd;
}

TEST(HiddenUci, RefusesTheTruth) {
  Session s;
  s.send("setoption name Variant value hidden");
  const auto lines = s.send("position startpos");
  EXPECT_TRUE(has_line(lines,
                       "info string error: position: Variant 'hidden' hides pieces, so the "
                       "engine takes only its own view"))
      << last(lines);
  EXPECT_EQ(last(s.send("go depth 1")), "bestmove 0000");
  EXPECT_TRUE(has_line(s.send("position fen l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w 0 1"),
                       "info string error: position: Variant 'hidden' hides pieces"));
  EXPECT_TRUE(has_line(s.send("position hidden blue startpos"),
                       "info string error: position hidden: startpos is the open start"));
}

TEST(HiddenUci, PlaysFromItsView) {
  const RuleSetPtr rules = load_variant("hidden");
  std::mt19937_64 rng(4);
  hidden::HiddenGame game(hidden::default_start(rules, rng), "hidden");
  Session s;
  s.send("setoption name Variant value hidden");
  for (int ply = 0; ply < 12 && !game.over(); ++ply) {
    const Side us = game.side_to_move();
    EXPECT_TRUE(s.send(position_of(game, us)).empty());
    const auto lines = s.send("go depth 2");
    ASSERT_TRUE(starts_with(last(lines), "bestmove ")) << last(lines);
    EXPECT_TRUE(has_line(lines, "info string worlds "));
    const std::optional<Move> m = rules->geometry().parse_move_text(last(lines).substr(9));
    ASSERT_TRUE(m.has_value());
    ASSERT_TRUE(game.view(us).may_try(*m)) << last(lines);
    game.play(*m);
  }
  // Not its turn.
  const Side waiting = opponent(game.side_to_move());
  s.send(position_of(game, waiting));
  const auto lines = s.send("go depth 1");
  EXPECT_EQ(last(lines), "bestmove 0000");
  std::string expected = "info string error: go: ";
  expected += side_name(game.side_to_move());
  expected += " is to move, and the engine plays ";
  expected += side_name(waiting);
  EXPECT_TRUE(has_line(lines, expected));
}

TEST(HiddenUci, TheSameViewGivesTheSameAnswer) {
  // Two set-ups that differ only in Red's animals: Blue's view is the same,
  // and so is everything the engine says.
  const RuleSetPtr rules = load_variant("hidden");
  std::mt19937_64 rng(8);
  const hidden::Arrangement blue = hidden::random_arrangement(*rules, kBlue, rng);
  std::vector<std::vector<std::string>> answers;
  for (int world = 0; world < 2; ++world) {
    const hidden::HiddenGame game(
        hidden::start_with(rules, blue, hidden::random_arrangement(*rules, kRed, rng)), "hidden");
    Session s;
    s.send("setoption name Variant value hidden");
    s.send(position_of(game, kBlue));
    answers.push_back(s.send("go depth 3"));
  }
  EXPECT_EQ(answers[0], answers[1]);
}

TEST(HiddenUci, ANodeLimitIsKeptAndRepeats) {
  // `go nodes N`: the worlds share N nodes (up to the searches' checks, 1024
  // nodes apart), and the same view gives the same answer on any machine.
  const RuleSetPtr rules = load_variant("hidden");
  std::mt19937_64 rng(9);
  const hidden::HiddenGame game(hidden::default_start(rules, rng), "hidden");
  std::vector<std::vector<std::string>> answers;
  for (int run = 0; run < 2; ++run) {
    Session s;
    s.send("setoption name Variant value hidden");
    s.send(position_of(game, kBlue));
    answers.push_back(s.send("go nodes 30000"));
  }
  EXPECT_EQ(answers[0], answers[1]);
  ASSERT_GE(answers[0].size(), 3u);
  const std::string& info = answers[0][0];
  const size_t at = info.find(" nodes ");
  ASSERT_NE(at, std::string::npos) << info;
  const long nodes = std::stol(info.substr(at + 7));
  EXPECT_GT(nodes, 10000) << info;
  EXPECT_LE(nodes, 40000) << info;
  EXPECT_TRUE(starts_with(last(answers[0]), "bestmove ")) << last(answers[0]);
}

TEST(HiddenUci, ANodeLimitHoldsWithTheEnemysMovesToRead) {
  // The reading of the enemy's moves is part of the move: under `go nodes
  // N` it takes half at most, and the answer keeps N (up to the searches'
  // checks, 1024 nodes apart). A fresh session given a game's view reads
  // all the enemy's moves at once, which unbounded costs several times N
  // here (the guessing model: 8 worlds a move read).
  const RuleSetPtr rules = load_variant("hidden");
  std::mt19937_64 rng(3);
  hidden::HiddenGame game(hidden::default_start(rules, rng), "hidden");
  hidden::HiddenSearcher player;
  hidden::HiddenLimits quick;
  quick.depth = 1;
  for (int ply = 0; ply < 30 && !game.over(); ++ply)
    game.play(player.search(game.view(game.side_to_move()), quick).best);
  ASSERT_FALSE(game.over());
  const Side us = game.side_to_move();
  hidden::MoveReader unbounded;
  unbounded.weights(game.view(us));
  EXPECT_GT(unbounded.nodes(), 4000u) << "the reading here must cost more than the limit";

  Session s;
  s.send("setoption name Variant value hidden");
  s.send(position_of(game, us));
  const std::vector<std::string> out = s.send("go nodes 2000");
  ASSERT_GE(out.size(), 2u);
  const std::string& info = out[0];
  const size_t at = info.find(" nodes ");
  ASSERT_NE(at, std::string::npos) << info;
  const long nodes = std::stol(info.substr(at + 7));
  EXPECT_LE(nodes, 2000 + 1024) << info;
  EXPECT_TRUE(starts_with(last(out), "bestmove ")) << last(out);
}

TEST(HiddenUci, BadViewsAndAnnouncements) {
  Session s;
  s.send("setoption name Variant value hidden");
  const std::string start =
      "position hidden blue fen x5x/1x3x1/x1x1x1x/7/7/7/E1W1P1R/1C3D1/T5L w 0 1";
  EXPECT_TRUE(s.send(start).empty());
  EXPECT_TRUE(has_line(s.send("position hidden green fen 7/7/7/7/7/7/7/7/7 w"),
                       "info string error: position hidden: expected blue or red"));
  EXPECT_TRUE(
      has_line(s.send("position hidden blue fen x5x/1x3x1/x1x1x1x/7/7/7/E1W1P1R/1C3D1/X5L w"),
               "info string error: invalid view FEN"));
  EXPECT_TRUE(has_line(s.send(start + " moves a3a4 a7a6:took"),
                       "info string error: announcement 2 a7a6:took: there is no piece on a6 to "
                       "attack"));
  EXPECT_TRUE(has_line(s.send(start + " moves a3a5"),
                       "info string error: announcement 1 a3a5: the Blue Elephant on a3 cannot go "
                       "to a5"));
  EXPECT_TRUE(has_line(s.send(start + " moves zz"),
                       "info string error: announcement 1: 'zz' is not a move"));
  EXPECT_EQ(last(s.send("go depth 1")), "bestmove 0000");
  EXPECT_TRUE(s.send(start + " moves a3a4 a7a6").empty());
  const auto d = s.send("d");
  EXPECT_TRUE(
      has_line(d, "View of Blue: x5x/1x3x1/2x1x1x/x6/7/E6/2W1P1R/1C3D1/T5L w 2 2 rcdwptle"));
  EXPECT_TRUE(has_line(d, "Arrangements: 40320"));
  EXPECT_TRUE(has_line(d, "Moves to try ("));
}

TEST(HiddenUci, ArrangesItsOwnAnimals) {
  Session s;
  s.send("setoption name Variant value hidden-stratego");
  const auto lines = s.send("setup red");
  ASSERT_EQ(lines.size(), 1u);
  ASSERT_TRUE(starts_with(lines[0], "setup "));
  const RuleSetPtr rules = load_variant("hidden-stratego");
  EXPECT_NO_THROW(hidden::parse_arrangement(*rules, kRed, lines[0].substr(6))) << lines[0];
  EXPECT_TRUE(has_line(s.send("setup"), "info string error: setup: expected blue or red"));
}

// PIMC and ISMCTS, the field's baselines, are Modes too (docs/hidden.md):
// they answer from the view with a report of their own search, the same
// view and Seed giving the same answer, and refuse a search without end,
// which their searchers could not stop.
TEST(HiddenUci, PimcAndIsmctsAreModes) {
  const RuleSetPtr rules = load_variant("hidden");
  std::mt19937_64 rng(5);
  hidden::HiddenGame game(hidden::default_start(rules, rng), "hidden");
  for (const char* mode : {"pimc", "ismcts"}) {
    std::vector<std::vector<std::string>> answers;
    for (int run = 0; run < 2; ++run) {
      Session s;
      s.send("setoption name Variant value hidden");
      EXPECT_TRUE(s.send(std::string("setoption name Mode value ") + mode).empty()) << mode;
      s.send(position_of(game, kBlue));
      answers.push_back(s.send("go nodes 3000"));
      if (run == 0) {
        const auto refused = s.send("go infinite");
        EXPECT_TRUE(has_line(refused, std::string("info string error: go infinite: Mode ") + mode +
                                          " searches with a searcher that cannot be stopped; "
                                          "give it a movetime, a depth or nodes"))
            << last(refused);
        EXPECT_EQ(last(refused), "bestmove 0000");
      }
    }
    EXPECT_EQ(answers[0], answers[1]) << mode;
    const auto& lines = answers[0];
    EXPECT_TRUE(has_line(lines, "info string worlds ")) << mode;
    ASSERT_TRUE(starts_with(last(lines), "bestmove ")) << mode << ": " << last(lines);
    const std::optional<Move> m = rules->geometry().parse_move_text(last(lines).substr(9));
    ASSERT_TRUE(m.has_value()) << last(lines);
    EXPECT_TRUE(game.view(kBlue).may_try(*m)) << mode << ": " << last(lines);
  }
}

TEST(HiddenUci, TheSearchsSettingsAreOptions) {
  // What `jungle hidden-match` sets with --method, --worlds, --contact and
  // the rest, offered over the protocol by the hidden engine alone.
  Session s;
  s.send("setoption name Variant value hidden");
  const std::vector<std::string> uci = s.send("uci");
  for (const char* line : {"option name Method type combo default tree var tree var worlds",
                           "option name Model type combo default informed var informed var "
                           "averaged var guessing",
                           "option name Tree Pruning type check default false",
                           "option name Worlds type spin default 8 min 1 max 256",
                           "option name Candidates type spin default 4 min 1 max 64",
                           "option name Contact type spin default 4 min 0 max 64",
                           "option name World Lines type spin default 1 min 1 max 16",
                           "option name First Share type spin default 40 min 5 max 100",
                           "option name Risk type spin default 0 min 0 max 100",
                           "option name Anchor type spin default 0 min 0 max 90",
                           "option name Read Temperature type spin default 20 min 0 max 1000",
                           "option name Read Uniform type spin default 20 min 0 max 100",
                           "option name Read Worlds type spin default 8 min 0 max 64",
                           "option name Read Activity type spin default 0 min 0 max 400",
                           "option name Least Share type spin default 2 min 0 max 20"}) {
    EXPECT_NE(std::find(uci.begin(), uci.end(), line), uci.end()) << line;
  }
  EXPECT_EQ(last(s.send("setoption name Risk value 101")),
            "info string error: setoption: Risk must be an integer from 0 to 100, not '101'");

  // Worlds of determinization, three a move, whatever the distance to
  // contact: the engine says it searched three and tries the move the
  // searcher with those settings chooses.
  const RuleSetPtr rules = load_variant("hidden");
  std::mt19937_64 rng(4);
  const hidden::HiddenGame game(hidden::default_start(rules, rng), "hidden");
  for (const char* set : {"Method value worlds", "Worlds value 3", "Contact value 0"}) {
    EXPECT_TRUE(s.send(std::string("setoption name ") + set).empty()) << set;
  }
  s.send(position_of(game, kBlue));
  const std::vector<std::string> out = s.send("go depth 2");
  EXPECT_TRUE(has_line(out, "info string worlds 3 expected ")) << out.front();
  hidden::HiddenSearchOptions options;
  options.method = hidden::HiddenMethod::kWorlds;
  options.worlds = 3;
  options.contact_steps = 0;
  hidden::HiddenSearcher searcher(options);
  hidden::HiddenLimits limits;
  limits.depth = 2;
  const hidden::HiddenSearchResult r = searcher.search(game.view(kBlue), limits);
  EXPECT_EQ(last(out), "bestmove " + rules->geometry().move_text(r.best));
}

TEST(HiddenUci, TheReadingsSettingsAreOptions) {
  // The reading's softmax temperature, its share of a random choice and
  // its model's worlds (`hidden-match --read-temperature`, `--read-uniform`,
  // `--read-worlds`) reach the engine's searcher: after a game's first
  // moves, in contact, the engine with them set says what a searcher with
  // those settings says, which is not what another reading says. (At
  // 30,000 nodes a move: a fresh searcher reads the whole game's moves,
  // which fits in the half of the budget reading may take.)
  const RuleSetPtr rules = load_variant("hidden");
  std::mt19937_64 rng(5);
  hidden::HiddenGame game(hidden::default_start(rules, rng), "hidden");
  // The game's first moves played by the averaged model's reading (the
  // default until session 22), as they were when these figures were pinned.
  hidden::HiddenSearchOptions averaged;
  averaged.reading = test::averaged_reading();
  hidden::HiddenSearcher player(averaged);
  hidden::HiddenLimits quick;
  quick.depth = 2;
  // Played until the side to move has a piece next to an unknown enemy
  // one, after the enemy has moved a few times (moves the reading reads).
  for (int ply = 0; ply < 80 && !game.over(); ++ply) {
    if (ply >= 12 && hidden::in_contact(game.view(game.side_to_move()), 1)) break;
    game.play(player.search(game.view(game.side_to_move()), quick).best);
  }
  ASSERT_FALSE(game.over());
  const Side us = game.side_to_move();
  ASSERT_TRUE(hidden::in_contact(game.view(us), 1));

  // A session of the hidden rule set with these options set.
  const auto set_up = [](Session& session, std::initializer_list<const char*> options) {
    session.send("setoption name Variant value hidden");
    for (const char* set : options) {
      EXPECT_TRUE(session.send(std::string("setoption name ") + set).empty()) << set;
    }
  };
  Session s;
  // The averaged model (Read Worlds 0) at 40 centipawns, 5% at random,
  // without the enemy's activity (Read Activity 0).
  set_up(s, {"Read Temperature value 40", "Read Uniform value 5", "Read Worlds value 0",
             "Read Activity value 0"});
  EXPECT_EQ(last(s.send("setoption name Read Temperature value 1001")),
            "info string error: setoption: Read Temperature must be an integer from 0 to 1000, "
            "not '1001'");
  s.send(position_of(game, us));
  const std::vector<std::string> out = s.send("go nodes 30000");
  ASSERT_GE(out.size(), 2u);

  // What a searcher with `options` says at 30,000 nodes: its worlds, its
  // expectation and its move.
  const auto said_by = [&](const hidden::HiddenSearchOptions& options) {
    hidden::HiddenSearcher searcher(options);
    hidden::HiddenLimits limits;
    limits.nodes = 30000;
    const hidden::HiddenSearchResult r = searcher.search(game.view(us), limits);
    char expected[32];
    std::snprintf(expected, sizeof expected, "%.3f", r.expected);
    return "worlds " + std::to_string(r.worlds) + " expected " + expected + " best " +
           rules->geometry().move_text(r.best);
  };
  const auto said = [&](double temperature, double uniform, int worlds = 0, double activity = 0) {
    hidden::HiddenSearchOptions options;
    options.reading.temperature = temperature;
    options.reading.uniform = uniform;
    options.reading.worlds = worlds;
    options.reading.activity = activity;
    return said_by(options);
  };
  // What a session's `go` answered, written as `said` writes it: its
  // worlds and expectation (its last "info string worlds" line) and its move.
  const auto answered = [](const std::vector<std::string>& lines) {
    std::string info;
    for (const std::string& l : lines) {
      if (starts_with(l, "info string worlds ")) info = l;
    }
    const size_t words = info.find(" candidates");
    if (words == std::string::npos) return "no worlds in " + testing::PrintToString(lines);
    return info.substr(12, words - 12) + " best " + last(lines).substr(9);
  };
  const std::string engine = answered(out);
  EXPECT_EQ(engine, said(40, 0.05));
  EXPECT_EQ(engine, "worlds 720 expected 0.860 best c2b2");
  // The averaged model's default until session 22 (100 centipawns, 20%)
  // chooses another move, and so does the guessing model at 40, 5%.
  EXPECT_EQ(said(100, 0.2), "worlds 720 expected 0.860 best b8a8");
  EXPECT_NE(said(40, 0.05, 8), engine);

  // Read Activity (percent): the enemy's learnt activity at power 4 (the
  // most) weighs the reading, as the searcher with that setting does; its
  // answer is not the one without it.
  Session active;
  set_up(active, {"Read Temperature value 40", "Read Uniform value 5", "Read Worlds value 0",
                  "Read Activity value 400"});
  EXPECT_EQ(last(active.send("setoption name Read Activity value 401")),
            "info string error: setoption: Read Activity must be an integer from 0 to 400, not "
            "'401'");
  active.send(position_of(game, us));
  EXPECT_EQ(answered(active.send("go nodes 30000")), said(40, 0.05, 0, 4.0));
  EXPECT_NE(said(40, 0.05, 0, 4.0), engine);

  // Least Share (percent), the tree's: at 20% the tree leaves out every
  // animal a piece is less likely than a fifth to be, as the searcher with
  // that setting does, and values its move otherwise than without it.
  const auto least = [&](double share) {
    hidden::HiddenSearchOptions options;
    options.least_share = share;
    return said_by(options);
  };
  Session pruned;
  set_up(pruned, {"Least Share value 20"});
  EXPECT_EQ(last(pruned.send("setoption name Least Share value 21")),
            "info string error: setoption: Least Share must be an integer from 0 to 20, not '21'");
  pruned.send(position_of(game, us));
  EXPECT_EQ(answered(pruned.send("go nodes 30000")), least(0.2));
  EXPECT_NE(least(0.2), least(0.0));

  // The default is the guessing model, 8 worlds at 20 centipawns, without
  // the enemy's activity.
  Session guessing;
  set_up(guessing, {});
  guessing.send(position_of(game, us));
  EXPECT_EQ(answered(guessing.send("go nodes 30000")), said(20, 0.2, 8));
  // Another belief, another move than the averaged model's at 20.
  EXPECT_EQ(said(20, 0.2, 8), "worlds 720 expected 0.832 best c2c3");
  EXPECT_EQ(said(20, 0.2), "worlds 720 expected 0.858 best b8c8");
}

}  // namespace
}  // namespace jungle
