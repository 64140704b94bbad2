// The hidden engine's parts: contact with unknown enemy pieces, the open
// search run in the caller's thread (WorldSearch), the one-world shortcut
// out of contact, and stopping; and the field's standard baselines, PIMC
// and ISMCTS (docs/hidden.md, "The baselines"): they find what is plain on
// a hand-set board, repeat themselves for a seed, refuse bad options by
// name, and choose from the view alone.

#include <gtest/gtest.h>

#include <chrono>
#include <stdexcept>

#include "core/movegen.h"
#include "core/variants.h"
#include "game/builtin_engines.h"
#include "hidden/setup.h"
#include "hidden_search/hidden_match.h"
#include "hidden_search/hidden_search.h"
#include "hidden_search/ismcts.h"
#include "hidden_search/pimc.h"
#include "hidden_search/world_search.h"
#include "hidden_test_util.h"
#include "in_process_match_util.h"

namespace jungle {
namespace {

std::string text(const RuleSetPtr& rules, Move m) {
  return rules->geometry().move_text(m);
}

TEST(HiddenContact, CountsStepsToAnUnknownEnemyPiece) {
  // Blue's Cat on a5; Red's Tiger and Lion on a9 and g9, each either.
  const hidden::HiddenGame game =
      test::hidden_game_at("t5l/7/7/7/C6/7/7/7/TL4E w 0 1", test::hidden_rules());
  const hidden::PlayerView view = game.view(kBlue);
  ASSERT_EQ(test::candidates_on(view, "a9"), "TL");
  EXPECT_TRUE(hidden::in_contact(view, 4));  // a5-a6-a7-a8-a9
  EXPECT_FALSE(hidden::in_contact(view, 3));
  EXPECT_FALSE(hidden::in_contact(view, 0));
}

TEST(HiddenContact, AKnownEnemyPieceIsNoContact) {
  // Red's only piece can be nothing but the Lion: nothing is unknown.
  const hidden::HiddenGame game =
      test::hidden_game_at("l6/7/7/7/C6/7/7/7/TL4E w 0 1", test::hidden_rules());
  const hidden::PlayerView view = game.view(kBlue);
  ASSERT_EQ(test::candidates_on(view, "a9"), "L");
  EXPECT_FALSE(hidden::in_contact(view, 20));
}

TEST(HiddenContact, TheStartIsFourStepsApart) {
  const RuleSetPtr rules = load_variant("hidden");
  std::mt19937_64 chance(4);
  const hidden::HiddenGame game(hidden::default_start(rules, chance), "hidden");
  EXPECT_TRUE(hidden::in_contact(game.view(kBlue), 4));  // a3 to a7
  EXPECT_FALSE(hidden::in_contact(game.view(kBlue), 3));
  EXPECT_FALSE(hidden::in_contact(game.view(kRed), 3));
}

TEST(HiddenSearcher, SearchesOneWorldOutOfContact) {
  const RuleSetPtr rules = load_variant("hidden");
  std::mt19937_64 chance(4);
  const hidden::HiddenGame game(hidden::default_start(rules, chance), "hidden");
  const hidden::PlayerView view = game.view(kBlue);
  hidden::HiddenLimits limits;
  limits.depth = 2;
  hidden::HiddenSearchOptions options;
  options.method = hidden::HiddenMethod::kWorlds;
  options.contact_steps = 3;  // the enemy is four steps away
  hidden::HiddenSearcher far(options);
  const hidden::HiddenSearchResult one = far.search(view, limits);
  EXPECT_EQ(one.worlds, 1);
  EXPECT_TRUE(view.legal_moves().contains(one.best));
  options.contact_steps = 4;
  hidden::HiddenSearcher near(options);
  const hidden::HiddenSearchResult many = near.search(view, limits);
  EXPECT_EQ(many.worlds, options.worlds);
  EXPECT_TRUE(view.legal_moves().contains(many.best));
  options.contact_steps = 0;  // never one world
  hidden::HiddenSearcher always(options);
  EXPECT_EQ(always.search(view, limits).worlds, options.worlds);
  // The tree (the default) searches the view itself in contact, weighing
  // every arrangement (8! of them at the start).
  options = hidden::HiddenSearchOptions();
  ASSERT_EQ(options.method, hidden::HiddenMethod::kTree);
  options.contact_steps = 3;
  EXPECT_EQ(hidden::HiddenSearcher(options).search(view, limits).worlds, 1);
  options.contact_steps = 4;
  const hidden::HiddenSearchResult tree = hidden::HiddenSearcher(options).search(view, limits);
  EXPECT_EQ(tree.worlds, 40320);
  EXPECT_EQ(tree.depth, 2);
  EXPECT_EQ(tree.candidates.size(), size_t(view.legal_moves().size()));
  EXPECT_TRUE(view.legal_moves().contains(tree.best));
}

TEST(HiddenSearcher, RulesWithCountersAreLeftToTheWorlds) {
  // The tree keeps no water counters; under the drowning rule the engine
  // searches worlds, which replay the game, even with the tree chosen.
  Rules r;
  r.name = "x-hidden-drowning";
  r.hidden_pieces = true;
  r.water_turn_limit = 3;
  const RuleSetPtr rules = RuleSet::make(r);
  std::mt19937_64 chance(4);
  const hidden::HiddenGame game(hidden::default_start(rules, chance), "x-hidden-drowning");
  hidden::HiddenLimits limits;
  limits.depth = 2;
  const hidden::HiddenSearchResult result =
      hidden::HiddenSearcher().search(game.view(kBlue), limits);
  EXPECT_EQ(result.worlds, hidden::HiddenSearchOptions().worlds);
  const hidden::HiddenGame plain(hidden::default_start(load_variant("hidden"), chance), "hidden");
  EXPECT_EQ(hidden::HiddenSearcher().search(plain.view(kBlue), limits).worlds, 40320);
}

TEST(HiddenSearcher, AStopBeforeTheSearchIsKeptUntilResumed) {
  // A stop sent before the search thread begins must still end it: the
  // search answers at once, from its first ply, instead of thinking for
  // the minute it was given.
  const RuleSetPtr rules = load_variant("hidden");
  std::mt19937_64 chance(5);
  const hidden::HiddenGame game(hidden::default_start(rules, chance), "hidden");
  const hidden::PlayerView view = game.view(kBlue);
  hidden::HiddenSearchOptions options;
  options.contact_steps = 0;
  hidden::HiddenSearcher searcher(options);
  hidden::HiddenLimits limits;
  limits.movetime_ms = 60000;
  searcher.stop();
  const hidden::HiddenSearchResult r = searcher.search(view, limits);
  EXPECT_TRUE(view.legal_moves().contains(r.best));
  EXPECT_LE(r.depth, 1);
  searcher.resume();
  limits.movetime_ms = 0;
  limits.depth = 3;
  EXPECT_EQ(searcher.search(view, limits).depth, 3);
}

TEST(HiddenSearcher, ANodeBudgetIsSpentAndRepeatable) {
  // Nodes instead of time: the same view and seed give the same move from
  // the same number of nodes, whatever the machine's load, and the budget
  // is kept to within the last searches' checks (1024 nodes apart).
  const RuleSetPtr rules = load_variant("hidden");
  std::mt19937_64 chance(6);
  const hidden::HiddenGame game(hidden::default_start(rules, chance), "hidden");
  const hidden::PlayerView view = game.view(kBlue);
  hidden::HiddenLimits limits;
  limits.nodes = 40000;
  hidden::HiddenSearchOptions options;
  options.method = hidden::HiddenMethod::kWorlds;
  hidden::HiddenSearcher first(options), second(options);
  const hidden::HiddenSearchResult a = first.search(view, limits);
  const hidden::HiddenSearchResult b = second.search(view, limits);
  EXPECT_EQ(a.worlds, 8);
  EXPECT_EQ(a.best, b.best);
  EXPECT_EQ(a.nodes, b.nodes);
  // It may stop short rather than begin a depth it cannot finish.
  EXPECT_GE(a.nodes, 20000u);
  EXPECT_LE(a.nodes, 60000u);
  const hidden::HiddenSearchResult sampled = first.search_one_world(view, limits);
  EXPECT_GE(sampled.nodes, 40000u);
  EXPECT_LE(sampled.nodes, 42000u);
  // The tree spends the budget to the node.
  hidden::HiddenSearcher tree, again;
  const hidden::HiddenSearchResult t = tree.search(view, limits);
  EXPECT_EQ(t.nodes, 40000u);
  EXPECT_EQ(t.best, again.search(view, limits).best);
}

TEST(HiddenMatch, AMatchByNodesIsRepeatable) {
  const RuleSetPtr rules = load_variant("hidden");
  hidden::HiddenLimits limits;
  limits.nodes = 3000;
  game::Limits per_move;
  per_move.nodes = 3000;
  std::vector<int> plies[2];
  for (std::vector<int>& p : plies) {
    const test::InProcessMatch m = test::play_in_process(
        "hidden", [&] { return test::family_engine_at("hidden", per_move); },
        [&] { return game::hidden_player_engine(rules, hidden::sampler_player(limits, 9)); }, 2, 4);
    for (const match::GameOutcome& g : m.games) p.push_back(g.state->plies());
  }
  ASSERT_EQ(plies[0].size(), 2u);
  EXPECT_EQ(plies[0], plies[1]);
}

TEST(HiddenSearcher, TheAnchorsDepthDoesNotBringBackAGamble) {
  // As HiddenEngine.AvoidsAGambleThatLosesOnAverage, with a node budget and
  // an anchor world searched deep: whichever world is the anchor (the Rat
  // on d6 in some of them, where taking it is the best move), the Cat's
  // attack, which loses it in two worlds in three, is not played.
  const RuleSetPtr rules = test::hidden_rules();
  const hidden::HiddenGame game = test::hidden_game_at("t5l/7/7/3r3/3C3/7/7/7/TL4E w 0 1", rules);
  hidden::HiddenLimits limits;
  limits.nodes = 60000;
  int anchored_on_the_rat = 0;
  for (uint64_t seed = 1; seed <= 8; ++seed) {
    hidden::HiddenSearchOptions options;
    options.seed = seed;
    options.method = hidden::HiddenMethod::kWorlds;
    options.anchor_share = 0.5;
    hidden::HiddenSearcher searcher(options);
    const hidden::HiddenSearchResult r = searcher.search(game.view(kBlue), limits);
    EXPECT_NE(text(rules, r.best), "d5d6") << "seed " << seed;
    ASSERT_FALSE(r.candidates.empty());
    // The sampler with the same seed draws the same first world.
    hidden::HiddenSearcher sampler(options);
    anchored_on_the_rat +=
        text(rules, sampler.search_one_world(game.view(kBlue), limits).best) == "d5d6";
  }
  EXPECT_GT(anchored_on_the_rat, 0);  // the test covers an anchor that would take the gamble
}

TEST(WorldSearch, AnswersFromThePositionGiven) {
  const RuleSetPtr rules = load_variant("standard");
  // Blue's Lion beside Red's den: entering it wins.
  const Position blue = Position::from_fen("t1L4/7/l6/7/7/7/7/7/6E w 0 1", rules);
  const Position red = Position::from_fen("t1L4/7/l6/7/7/7/7/7/6E b 0 1", rules);
  hidden::WorldSearch search;
  SearchLimits limits;
  limits.depth = 3;
  const SearchResult win = search.search(blue, limits);
  EXPECT_EQ(text(rules, win.best), "c9d9");
  EXPECT_EQ(win.score, kMateScore - 1);
  // The same table and history, another side to move: a move of that
  // position, never the last answer.
  const SearchResult reply = search.search(red, limits);
  EXPECT_TRUE(generate_moves(red).contains(reply.best)) << text(rules, reply.best);
  EXPECT_NE(text(rules, reply.best), "c9d9");
  // Limited to other moves, it answers among them.
  limits.search_moves = {*rules->geometry().parse_move_text("c9c8")};
  EXPECT_EQ(text(rules, search.search(blue, limits).best), "c9c8");
}

TEST(WorldSearch, RanksSeveralMovesExactly) {
  const RuleSetPtr rules = load_variant("standard");
  const Position pos = Position::from_fen("t1L4/7/l6/7/7/7/7/7/6E w 0 1", rules);
  hidden::WorldSearch search;
  SearchLimits limits;
  limits.depth = 3;
  std::vector<std::pair<Move, int>> lines;
  const SearchResult r = search.search(pos, limits, 3, &lines);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0].first, r.best);
  EXPECT_EQ(lines[0].second, kMateScore - 1);
  EXPECT_LT(lines[1].second, lines[0].second);  // only one move wins at once
  EXPECT_GE(lines[1].second, lines[2].second);
  EXPECT_NE(lines[1].first, lines[2].first);
}

// Blue's Elephant on d4 next to an unknown Red piece on d5 that is a Dog or
// a Cat: it takes either, and nothing of Red's is near to take it back.
constexpr const char* kCapture = "c6/7/7/7/3d3/3E3/7/7/6L w 0 1";
// Blue's Dog on d8, a step from Red's den; Red's two unknown pieces are
// far in the corners.
constexpr const char* kDen = "t5l/3D3/7/7/7/7/7/7/6E w 0 1";

hidden::HiddenLimits nodes(uint64_t n) {
  hidden::HiddenLimits l;
  l.nodes = n;
  return l;
}

TEST(HiddenBaselines, PimcTakesAndEntersTheDen) {
  const RuleSetPtr rules = test::hidden_rules();
  for (const auto& [fen, move] : {std::pair{kCapture, "d4d5"}, std::pair{kDen, "d8d9"}}) {
    const hidden::HiddenGame game = test::hidden_game_at(fen, rules);
    hidden::PimcSearcher pimc;
    const hidden::HiddenSearchResult r = pimc.search(game.view(kBlue), nodes(4000));
    EXPECT_EQ(text(rules, r.best), move) << fen;
    // Two unknown Red pieces: two arrangements, so two worlds, both voting
    // for the move.
    EXPECT_EQ(r.worlds, 2) << fen;
    ASSERT_FALSE(r.candidates.empty());
    EXPECT_EQ(r.candidates[0].best_in, 2) << fen;
  }
}

TEST(HiddenBaselines, IsmctsTakesAndEntersTheDen) {
  const RuleSetPtr rules = test::hidden_rules();
  for (const auto& [fen, move] : {std::pair{kCapture, "d4d5"}, std::pair{kDen, "d8d9"}}) {
    const hidden::HiddenGame game = test::hidden_game_at(fen, rules);
    hidden::IsmctsSearcher ismcts;
    const hidden::HiddenSearchResult r = ismcts.search(game.view(kBlue), nodes(3000));
    EXPECT_EQ(text(rules, r.best), move) << fen;
    // The node budget is spent to the iteration: at most one iteration's
    // nodes over it.
    EXPECT_GE(r.nodes, 3000u) << fen;
    EXPECT_LT(r.nodes, 3000u + 64) << fen;
    EXPECT_EQ(r.candidates.size(), size_t(game.view(kBlue).legal_moves().size())) << fen;
  }
}

TEST(HiddenBaselines, IsmctsValuesAFailedAttackAsItFails) {
  // Blue's Cat on d5 next to an unknown Red piece on d6 that is the Rat
  // (which the Cat takes) or the Tiger or the Lion (which kill it under
  // attacker_dies). In two worlds in three the attack costs the Cat, so
  // ISMCTS, which plays each try as it fails in the world it drew, does
  // not attack.
  const RuleSetPtr rules = test::hidden_rules();
  const hidden::HiddenGame game = test::hidden_game_at("t5l/7/7/3r3/3C3/7/7/7/TL4E w 0 1", rules);
  hidden::IsmctsSearcher ismcts;
  const hidden::HiddenSearchResult r = ismcts.search(game.view(kBlue), nodes(20000));
  EXPECT_NE(text(rules, r.best), "d5d6");
}

TEST(HiddenBaselines, ASeedRepeatsTheMove) {
  const RuleSetPtr rules = load_variant("hidden");
  std::mt19937_64 chance(7);
  const hidden::HiddenGame game(hidden::default_start(rules, chance), "hidden");
  const hidden::PlayerView view = game.view(kBlue);
  for (uint64_t seed : {1u, 2u}) {
    hidden::PimcOptions po;
    po.seed = seed;
    const hidden::HiddenSearchResult p1 = hidden::PimcSearcher(po).search(view, nodes(4000));
    const hidden::HiddenSearchResult p2 = hidden::PimcSearcher(po).search(view, nodes(4000));
    EXPECT_EQ(p1.best, p2.best);
    EXPECT_EQ(p1.nodes, p2.nodes);
    EXPECT_EQ(p1.worlds, hidden::kPimcWorlds);
    hidden::IsmctsOptions io;
    io.seed = seed;
    const hidden::HiddenSearchResult i1 = hidden::IsmctsSearcher(io).search(view, nodes(4000));
    const hidden::HiddenSearchResult i2 = hidden::IsmctsSearcher(io).search(view, nodes(4000));
    EXPECT_EQ(i1.best, i2.best);
    EXPECT_EQ(i1.nodes, i2.nodes);
    EXPECT_EQ(i1.worlds, i2.worlds);
    ASSERT_EQ(i1.candidates.size(), i2.candidates.size());
    for (size_t k = 0; k < i1.candidates.size(); ++k)
      EXPECT_EQ(i1.candidates[k].move, i2.candidates[k].move);
  }
}

TEST(HiddenBaselines, BadOptionsAreRefusedByName) {
  hidden::PimcOptions po;
  po.worlds = 0;
  try {
    hidden::PimcSearcher pimc(po);
    FAIL() << "no error";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "pimc: worlds must be 1 or more, not 0");
  }
  hidden::IsmctsOptions io;
  io.exploration = -1;
  try {
    hidden::IsmctsSearcher ismcts(io);
    FAIL() << "no error";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(),
                 "ismcts: the exploration constant must be a number above 0, not -1.000000");
  }
}

TEST(HiddenBaselines, TheyChooseFromTheViewAlone) {
  // Two games whose truths differ only in Red's secret arrangement: Blue's
  // views are the same, and so are both baselines' moves and counts.
  const RuleSetPtr rules = test::hidden_rules();
  const hidden::HiddenGame a = test::hidden_game_at("t5l/7/7/3r3/3C3/7/7/7/TL4E w 0 1", rules);
  const hidden::HiddenGame b = test::hidden_game_at("r5t/7/7/3l3/3C3/7/7/7/TL4E w 0 1", rules);
  ASSERT_EQ(a.view(kBlue).fen(), b.view(kBlue).fen());
  const hidden::HiddenSearchResult pa = hidden::PimcSearcher().search(a.view(kBlue), nodes(6000));
  const hidden::HiddenSearchResult pb = hidden::PimcSearcher().search(b.view(kBlue), nodes(6000));
  EXPECT_EQ(pa.best, pb.best);
  EXPECT_EQ(pa.nodes, pb.nodes);
  const hidden::HiddenSearchResult ia = hidden::IsmctsSearcher().search(a.view(kBlue), nodes(6000));
  const hidden::HiddenSearchResult ib = hidden::IsmctsSearcher().search(b.view(kBlue), nodes(6000));
  EXPECT_EQ(ia.best, ib.best);
  EXPECT_EQ(ia.nodes, ib.nodes);
  EXPECT_EQ(ia.worlds, ib.worlds);
}

// Equal time (issue 34): every player keeps to its move's time, to the
// end and not past it. A deadline already gone, as when the engine's view
// took the whole move to build, ends each search at once; a time budget is
// spent whole, where the open search stopped at the first iteration ended
// past 60% of it (a quarter of the sampler's time unused at 20 ms).
hidden::PlayerView start_view(uint64_t seed) {
  const RuleSetPtr rules = load_variant("hidden");
  std::mt19937_64 chance(seed);
  const hidden::HiddenGame game(hidden::default_start(rules, chance), "hidden");
  return game.view(kBlue);
}

hidden::HiddenLimits gone(int64_t movetime_ms) {
  hidden::HiddenLimits l;
  l.movetime_ms = movetime_ms;
  l.deadline = SearchClock::wall().now() - std::chrono::seconds(1);
  return l;
}

TEST(HiddenTime, IsmctsStopsAtTheMovesDeadline) {
  // One iteration (it always answers), not the 16 between its clock reads.
  const hidden::HiddenSearchResult r = hidden::IsmctsSearcher().search(start_view(7), gone(200));
  EXPECT_EQ(r.worlds, 1);
  EXPECT_EQ(r.nodes, 2u);  // the root's one expansion and the leaf
}

TEST(HiddenTime, PimcSearchesOneWorldPastTheMovesDeadline) {
  const hidden::HiddenSearchResult r = hidden::PimcSearcher().search(start_view(7), gone(200));
  EXPECT_EQ(r.worlds, 1);  // not kPimcWorlds
  EXPECT_EQ(r.depth, 1);   // the one ply it always searches
}

TEST(HiddenTime, TheEnginesTreeStopsAtTheMovesDeadline) {
  const hidden::PlayerView view = start_view(7);
  ASSERT_TRUE(hidden::in_contact(view, hidden::HiddenSearchOptions().contact_steps));
  hidden::HiddenSearcher engine;
  const hidden::HiddenSearchResult r = engine.search(view, gone(200));
  EXPECT_FALSE(r.best.is_none());
  // The tree reads the clock each 256 nodes.
  EXPECT_LE(r.nodes, 256u);
}

TEST(HiddenTime, TheSamplerAndTheOneWorldSpendTheirWholeMove) {
  using Clock = std::chrono::steady_clock;
  hidden::HiddenLimits l;
  l.movetime_ms = 40;
  hidden::HiddenSearchOptions one_world;
  one_world.contact_steps = 1;  // the start is four steps apart: one world
  hidden::HiddenSearcher sampler, engine(one_world);
  for (uint64_t seed : {1u, 2u, 3u}) {
    const hidden::PlayerView view = start_view(seed);
    ASSERT_FALSE(hidden::in_contact(view, 1));
    Clock::time_point start = Clock::now();
    sampler.search_one_world(view, l);
    EXPECT_GE(Clock::now() - start, std::chrono::milliseconds(40)) << seed;
    start = Clock::now();
    engine.search(view, l);
    EXPECT_GE(Clock::now() - start, std::chrono::milliseconds(40)) << seed;
  }
}

}  // namespace
}  // namespace jungle
