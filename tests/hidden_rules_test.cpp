// The hidden-pieces rulings (docs/hidden.md, docs/rule-details.md): each
// option on a board set up by hand, with the exact announcement, the board
// after it and what each side then knows.

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "core/movegen.h"
#include "core/notation.h"
#include "core/variants.h"
#include "hidden/setup.h"
#include "hidden_test_util.h"
#include "rules_test_util.h"

namespace jungle {
namespace {

using hidden::HiddenGame;
using hidden::PlayerView;
using test::candidates_on;
using test::hidden_game_at;
using test::hidden_rules;
using test::tries_of;
using test::try_move;

// Blue Tiger d3 and Rat g1; Red Wolf d4, Cat a9, Elephant g9.
constexpr std::string_view kTigerTakesWolf = "c5e/7/7/7/7/3w3/3T3/7/6R w 0 1";
// Blue Cat d3 and Rat g1; Red Dog d4, Cat a9, Elephant g9.
constexpr std::string_view kCatAttacksDog = "c5e/7/7/7/7/3d3/3C3/7/6R w 0 1";

TEST(HiddenRulings, TookShowsBothAnimals) {
  HiddenGame game = hidden_game_at(kTigerTakesWolf, hidden_rules());
  EXPECT_EQ(try_move(game, "d3d4"), "d3d4:took=Tw");
  EXPECT_EQ(game.truth().fen(), "c5e/7/7/7/7/3T3/7/7/6R b 0 1");
  EXPECT_EQ(game.view(kRed).fen(), "c5e/7/7/7/7/3T3/7/7/6X b 0 1 R");
  EXPECT_EQ(game.view(kBlue).fen(), "x5x/7/7/7/7/3T3/7/7/6R b 0 1 ce");
  EXPECT_EQ(game.spectator().fen(), "x5x/7/7/7/7/3T3/7/7/6X b 0 1 Rce");
  EXPECT_EQ(candidates_on(game.view(kRed), "d4"), "T");
  EXPECT_EQ(candidates_on(game.view(kRed), "g1"), "R");  // the one animal left
}

// A view checks an announcement on copies of what it changes and takes them
// only once all is checked: one refused late (its drowning is announced
// where the rules drown nothing) leaves the view as it was, and the next
// announcement applies as if none had come.
TEST(HiddenRulings, ARefusedAnnouncementLeavesTheViewAsItWas) {
  HiddenGame game = hidden_game_at(kTigerTakesWolf, hidden_rules());
  EXPECT_EQ(try_move(game, "d3d4"), "d3d4:took=Tw");
  PlayerView view = game.view(kBlue);
  const Geometry& g = view.rule_set().geometry();
  const auto announce = [&](std::string_view text) {
    std::string why;
    const std::optional<hidden::Observation> o =
        hidden::parse_observation(text, kRed, g, nullptr, &why);
    EXPECT_TRUE(o) << why;
    view.apply(*o);
  };
  try {
    announce("a9a8~d4");
    FAIL() << "a drowning accepted where the rules drown nothing";
  } catch (const hidden::ViewError& e) {
    EXPECT_STREQ(e.what(), "announcement 2 a9a8~d4: no piece drowns here");
  }
  EXPECT_EQ(view.fen(), "x5x/7/7/7/7/3T3/7/7/6R b 0 1 ce");
  EXPECT_EQ(view.history().size(), 1u);
  EXPECT_EQ(view.plies(), 1);
  announce("a9a8");
  EXPECT_EQ(view.fen(), "6x/x6/7/7/7/3T3/7/7/6R w 1 2 ce");
  EXPECT_EQ(view.history().size(), 2u);
}

TEST(HiddenRulings, TookWithRevealLoserShowsTheDefender) {
  HiddenGame game = hidden_game_at(kTigerTakesWolf, hidden_rules(HiddenReveal::kLoser));
  EXPECT_EQ(try_move(game, "d3d4"), "d3d4:took=?w");
  // Red was not shown the Tiger, but only the Tiger of {Tiger, Rat} takes a Wolf.
  EXPECT_EQ(game.view(kRed).fen(), "c5e/7/7/7/7/3X3/7/7/6X b 0 1 RT");
  EXPECT_EQ(candidates_on(game.view(kRed), "d4"), "T");
  EXPECT_EQ(game.spectator().fen(), "x5x/7/7/7/7/3X3/7/7/6X b 0 1 RTce");
}

TEST(HiddenRulings, TookWithRevealNoneShowsNothing) {
  HiddenGame game = hidden_game_at(kTigerTakesWolf, hidden_rules(HiddenReveal::kNone));
  EXPECT_EQ(try_move(game, "d3d4"), "d3d4:took");
  EXPECT_EQ(game.view(kBlue).fen(), "x5x/7/7/7/7/3T3/7/7/6R b 0 1 cwe");
  // The piece Blue took was one a Tiger takes: the Cat or the Wolf; the Red
  // Elephant is still on the board, on a9 or g9.
  const PlayerView& blue = game.view(kBlue);
  int gone = -1;
  for (int id : blue.side_pieces(kRed)) {
    if (!blue.pieces()[size_t(id)].on_board()) gone = id;
  }
  ASSERT_GE(gone, 0);
  EXPECT_EQ(blue.candidates(gone), (AnimalSet{kCat, kWolf}));
  EXPECT_EQ(candidates_on(blue, "a9"), "CWE");
  EXPECT_EQ(blue.belief(kRed).arrangements(), 4u);
}

TEST(HiddenRulings, FailedAttackAttackerDies) {
  HiddenGame game = hidden_game_at(kCatAttacksDog, hidden_rules());
  // Blue's view: the Red piece on d4 may be the Cat, which a Cat takes.
  EXPECT_EQ(candidates_on(game.view(kBlue), "d4"), "CDE");
  EXPECT_TRUE(game.view(kBlue).may_try(Move(test::sq("d3"), test::sq("d4"))));
  EXPECT_EQ(try_move(game, "d3d4"), "d3d4:died=Cd");
  EXPECT_EQ(game.truth().fen(), "c5e/7/7/7/7/3d3/7/7/6R b 0 1");
  EXPECT_EQ(game.view(kRed).fen(), "c5e/7/7/7/7/3d3/7/7/6X b 0 1 R");
}

TEST(HiddenRulings, FailedAttackRevealLoserAndNone) {
  HiddenGame loser = hidden_game_at(kCatAttacksDog, hidden_rules(HiddenReveal::kLoser));
  EXPECT_EQ(try_move(loser, "d3d4"), "d3d4:died=C?");
  EXPECT_EQ(candidates_on(loser.view(kBlue), "d4"), "DE");  // not the Cat it could take
  HiddenGame none = hidden_game_at(kCatAttacksDog, hidden_rules(HiddenReveal::kNone));
  EXPECT_EQ(try_move(none, "d3d4"), "d3d4:died");
  EXPECT_EQ(none.view(kRed).fen(), "c5e/7/7/7/7/3d3/7/7/6X b 0 1 RC");
  // Red learns that the attacker could not take its Dog: either Blue animal.
  EXPECT_EQ(candidates_on(none.view(kRed), "g1"), "RC");
  EXPECT_EQ(candidates_on(none.view(kBlue), "d4"), "DE");
}

TEST(HiddenRulings, FailedAttackBounces) {
  for (HiddenReveal reveal : {HiddenReveal::kBoth, HiddenReveal::kLoser, HiddenReveal::kNone}) {
    HiddenGame game = hidden_game_at(kCatAttacksDog, hidden_rules(reveal, FailedAttack::kBounce));
    EXPECT_EQ(try_move(game, "d3d4"),
              reveal == HiddenReveal::kBoth ? "d3d4:bounced=Cd" : "d3d4:bounced=C?");
    // Nothing moved; the turn is spent and counts towards the move limit.
    EXPECT_EQ(game.truth().fen(), "c5e/7/7/7/7/3d3/3C3/7/6R b 1 1");
    EXPECT_EQ(game.view(kRed).fen(), "c5e/7/7/7/7/3d3/3C3/7/6X b 1 1 R");
  }
}

TEST(HiddenRulings, FailedAttackRefusedLetsThePlayerMoveAgain) {
  HiddenGame game =
      hidden_game_at(kCatAttacksDog, hidden_rules(HiddenReveal::kBoth, FailedAttack::kRefused));
  EXPECT_EQ(try_move(game, "d3d4"), "d3d4:refused");
  EXPECT_EQ(game.side_to_move(), kBlue);
  EXPECT_EQ(game.truth().fen(), std::string(kCatAttacksDog));
  EXPECT_EQ(game.plies(), 0);
  const PlayerView& blue = game.view(kBlue);
  EXPECT_EQ(candidates_on(blue, "d4"), "DE");
  EXPECT_EQ(tries_of(blue), (std::vector<std::string>{"d3c3", "d3d2", "d3e3", "g1f1", "g1g2"}));
  EXPECT_EQ(blue.explain(Move(test::sq("d3"), test::sq("d4"))),
            "Cat cannot capture the Red piece on d4: it can only be a Dog or Elephant");
  EXPECT_THROW(game.play(Move(test::sq("d3"), test::sq("d4"))), std::invalid_argument);
  // Red saw the refusal too: the attacker is one that cannot take its Dog.
  EXPECT_EQ(candidates_on(game.view(kRed), "d3"), "RC");
  EXPECT_EQ(try_move(game, "d3c3"), "d3c3");
  EXPECT_EQ(game.side_to_move(), kRed);
}

TEST(HiddenRulings, ElephantAttackingTheRatDies) {
  HiddenGame game = hidden_game_at("c5e/7/7/7/7/3r3/3E3/7/6R w 0 1", hidden_rules());
  EXPECT_EQ(try_move(game, "d3d4"), "d3d4:died=Er");
  HiddenGame rat = hidden_game_at("c5r/7/7/7/7/3e3/3R3/7/6E w 0 1", hidden_rules());
  EXPECT_EQ(try_move(rat, "d3d4"), "d3d4:took=Re");
}

TEST(HiddenRulings, AnyPieceTakesOnItsOwnTrap) {
  // A Red Elephant on Blue's trap d2 falls to a Blue Cat.
  HiddenGame game = hidden_game_at("c6/7/7/7/7/7/7/2Ce3/6R w 0 1", hidden_rules());
  EXPECT_EQ(candidates_on(game.view(kBlue), "d2"), "CE");
  EXPECT_EQ(try_move(game, "c2d2"), "c2d2:took=Ce");
}

TEST(HiddenRulings, TheWatersEdgeIsKnownToTheAttacker) {
  // A Blue Rat in the water at b4 never attacks a piece on land, whatever it is.
  HiddenGame game = hidden_game_at("e6/7/7/7/7/cR5/7/7/6E w 0 1", hidden_rules());
  const PlayerView& blue = game.view(kBlue);
  EXPECT_FALSE(blue.may_try(Move(test::sq("b4"), test::sq("a4"))));
  EXPECT_EQ(blue.explain(Move(test::sq("b4"), test::sq("a4"))),
            "Rat in the water cannot attack a piece on land at a4");
  // A Red piece in the water next to it is a swimmer, so a Rat: Rat takes Rat.
  HiddenGame swim = hidden_game_at("c6/7/7/7/1r5/1R5/7/7/6E w 0 1", hidden_rules());
  EXPECT_EQ(candidates_on(swim.view(kBlue), "b5"), "R");
  EXPECT_EQ(try_move(swim, "b4b5"), "b4b5:took=Rr");
}

TEST(HiddenRulings, LegalityFromThePlayersPointOfView) {
  // Red has only a Dog and a Wolf: a Blue Cat may not attack either.
  HiddenGame game = hidden_game_at("w6/7/7/7/7/3d3/3C3/7/6R w 0 1", hidden_rules());
  const PlayerView& blue = game.view(kBlue);
  EXPECT_EQ(candidates_on(blue, "d4"), "DW");
  EXPECT_FALSE(blue.may_try(Move(test::sq("d3"), test::sq("d4"))));
  EXPECT_EQ(blue.explain(Move(test::sq("d3"), test::sq("d4"))),
            "Cat cannot capture the Red piece on d4: it can only be a Dog or Wolf");
  try {
    game.play(Move(test::sq("d3"), test::sq("d4")));
    FAIL() << "an attack no arrangement allows was played";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()),
              "d3d4: Cat cannot capture the Red piece on d4: it can only be a Dog or Wolf");
  }
  // The open game's explanation names the animal; the view's never does.
  EXPECT_EQ(explain_illegal(game.truth(), test::sq("d3"), test::sq("d4")),
            "Cat cannot capture Dog");
}

TEST(HiddenRulings, SwimsAndJumpsTellTheirStory) {
  // Red: Tiger a9, Cat g9, Rat b7, Lion c7, all unknown to Blue.
  HiddenGame game = hidden_game_at("t5c/7/1rl4/7/7/7/7/7/E5R b 0 1", hidden_rules());
  EXPECT_EQ(candidates_on(game.view(kBlue), "b7"), "RCTL");
  EXPECT_EQ(try_move(game, "b7b6"), "b7b6");
  EXPECT_EQ(candidates_on(game.view(kBlue), "b6"), "R");  // only the Rat swims
  EXPECT_EQ(try_move(game, "a1a2"), "a1a2");
  EXPECT_EQ(try_move(game, "c7c3"), "c7c3");
  EXPECT_EQ(candidates_on(game.view(kBlue), "c3"), "TL");  // a jumper
  EXPECT_EQ(candidates_on(game.view(kBlue), "a9"), "CTL");
  EXPECT_EQ(game.view(kBlue).belief(kRed).arrangements(), 4u);
  // Nothing of this is shown: the view FEN still writes x.
  EXPECT_EQ(game.view(kBlue).fen(), "x5x/7/7/1x5/7/7/2x4/E6/6R w 3 3 rctl");
}

TEST(HiddenRulings, TheLastUnknownAnimalIsDeduced) {
  // Red has a Cat and a Rat; the Tiger takes one and both are shown.
  HiddenGame game = hidden_game_at("r6/7/7/7/7/3c3/3T3/7/6R w 0 1", hidden_rules());
  EXPECT_EQ(candidates_on(game.view(kBlue), "a9"), "RC");
  EXPECT_EQ(try_move(game, "d3d4"), "d3d4:took=Tc");
  EXPECT_EQ(candidates_on(game.view(kBlue), "a9"), "R");
  EXPECT_EQ(game.view(kBlue).fen(), "x6/7/7/7/7/3T3/7/7/6R b 0 1 r");
}

TEST(HiddenRulings, DrownedPiecesAreAnnounced) {
  Rules r;
  r.hidden_pieces = true;
  r.water_turn_limit = 1;
  for (HiddenReveal reveal : {HiddenReveal::kBoth, HiddenReveal::kNone}) {
    r.hidden_reveal = reveal;
    HiddenGame game = hidden_game_at("c5l/7/7/7/7/7/1R5/7/6E w 0 1", RuleSet::make(r));
    EXPECT_EQ(try_move(game, "b3b4"), "b3b4");
    EXPECT_EQ(try_move(game, "a9a8"), "a9a8");
    EXPECT_EQ(try_move(game, "g1g2"), reveal == HiddenReveal::kBoth ? "g1g2~b4=R" : "g1g2~b4");
    EXPECT_EQ(game.truth().fen(), "6l/c6/7/7/7/7/7/6E/7 b 0 2");
    EXPECT_EQ(game.view(kRed).fen(), reveal == HiddenReveal::kBoth
                                         ? "6l/c6/7/7/7/7/7/6X/7 b 0 2 E"
                                         : "6l/c6/7/7/7/7/7/6X/7 b 0 2 RE");
  }
}

TEST(HiddenRulings, NoMoveToTryLoses) {
  // A Blue Cat in the corner; Red has a Dog and a Wolf beside it and a Rat
  // far away. Either neighbour might be the Rat, so the Cat may attack.
  const std::string fen = "r6/7/7/7/7/7/7/d6/Cw5 w 0 1";
  HiddenGame dies = hidden_game_at(fen, hidden_rules());
  EXPECT_EQ(tries_of(dies.view(kBlue)), (std::vector<std::string>{"a1a2", "a1b1"}));
  EXPECT_EQ(try_move(dies, "a1a2"), "a1a2:died=Cd");
  EXPECT_EQ(dies.result(), GameResult::kRedWins);
  EXPECT_EQ(dies.termination(), "all captured");
  HiddenGame refused =
      hidden_game_at(fen, hidden_rules(HiddenReveal::kBoth, FailedAttack::kRefused));
  EXPECT_EQ(try_move(refused, "a1a2"), "a1a2:refused");
  EXPECT_FALSE(refused.over());
  EXPECT_EQ(try_move(refused, "a1b1"), "a1b1:refused");
  // Now Blue knows the Rat is on a9: nothing is left to try.
  EXPECT_EQ(candidates_on(refused.view(kBlue), "a9"), "R");
  EXPECT_EQ(refused.result(), GameResult::kRedWins);
  EXPECT_EQ(refused.termination(), "no moves");
  EXPECT_EQ(refused.result_message(), "Red wins: Blue has no move to try");
}

TEST(HiddenRulings, ShuffledSetUpKeepsTheStartSquares) {
  const RuleSetPtr rules = load_variant("hidden");
  std::mt19937_64 rng(7);
  const Position start = hidden::default_start(rules, rng);
  const Position usual(rules);
  EXPECT_EQ(start.occupied(), usual.occupied());
  EXPECT_EQ(start.pieces(kBlue), usual.pieces(kBlue));
  for (int a = 0; a < kAnimals; ++a) {
    EXPECT_EQ(popcount(start.pieces(kRed, Animal(a))), 1);
  }
  HiddenGame game(start, "hidden");
  EXPECT_EQ(game.view(kBlue).fen().substr(0, 22), "x5x/1x3x1/x1x1x1x/7/7/");
  EXPECT_EQ(game.view(kBlue).fen().substr(game.view(kBlue).fen().size() - 9), " rcdwptle");
  // Every arrangement of Red's eight animals is still possible.
  EXPECT_EQ(game.view(kBlue).belief(kRed).arrangements(), 40320u);
}

TEST(HiddenRulings, FixedSetUpIsKnownToBoth) {
  const RuleSetPtr rules =
      hidden_rules(HiddenReveal::kBoth, FailedAttack::kAttackerDies, HiddenSetup::kFixed);
  std::mt19937_64 rng(7);
  HiddenGame game(hidden::default_start(rules, rng), "x-hidden");
  EXPECT_EQ(game.view(kBlue).fen(), "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w 0 1 -");
  // With nothing unknown, a player's tries are the open game's moves.
  EXPECT_EQ(tries_of(game.view(kBlue)).size(), 24u);
}

TEST(HiddenRulings, ChosenArrangements) {
  const RuleSetPtr rules = load_variant("hidden-stratego");
  EXPECT_EQ(rules->rules().hidden_setup, HiddenSetup::kChosen);
  const hidden::Arrangement blue =
      hidden::parse_arrangement(*rules, kBlue, "a1=L g1=T b2=D f2=C a3=R c3=W e3=P g3=E");
  std::mt19937_64 rng(3);
  const Position start =
      hidden::start_with(rules, blue, hidden::random_arrangement(*rules, kRed, rng));
  EXPECT_EQ(start.piece_on(test::sq("a1")), make_piece(kBlue, kLion));
  EXPECT_EQ(hidden::arrangement_text(*rules, kBlue, blue), "7/7/7/7/7/7/R1W1P1E/1D3C1/L5T");
  EXPECT_EQ(hidden::parse_arrangement(*rules, kBlue, "7/7/7/7/7/7/R1W1P1E/1D3C1/L5T"), blue);
  auto error = [&](std::string_view text) {
    try {
      hidden::parse_arrangement(*rules, kBlue, text);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_EQ(error("a1=L g1=T b2=D f2=C a3=R c3=W e3=P g4=E"),
            "Blue's 8 animals go on its start squares a1 g1 b2 f2 a3 c3 e3 g3, each once");
  EXPECT_EQ(error("a1=L g1=L b2=D f2=C a3=R c3=W e3=P g3=E"), "the Blue Lion is placed twice");
  EXPECT_EQ(error("a1=Q"), "'a1=Q' is not a square and an animal letter, like a1=L");
  EXPECT_EQ(
      error("7/7/7/7/7/7/r1W1P1E/1D3C1/L5T"),
      "the arrangement holds a Red piece on a3; it is Blue's (FEN case: Blue upper, Red lower)");
  EXPECT_EQ(hidden::swap_squares(*rules, kBlue, blue, test::sq("a1"), test::sq("g3"))[0],
            (std::pair<Square, Animal>{test::sq("a1"), kElephant}));
}

TEST(HiddenRulings, OpenLegalMovesAreTriesAndFailedAttacksAreNot) {
  // In random games under every option: every move the open game allows on
  // the truth is a try, and a try the open game does not allow is an attack.
  for (FailedAttack fa :
       {FailedAttack::kAttackerDies, FailedAttack::kBounce, FailedAttack::kRefused}) {
    const RuleSetPtr rules = hidden_rules(HiddenReveal::kLoser, fa);
    std::mt19937_64 rng(11);
    for (int g = 0; g < 20; ++g) {
      HiddenGame game(hidden::default_start(rules, rng), "x-hidden");
      for (int ply = 0; ply < 150 && !game.over(); ++ply) {
        const PlayerView& v = game.view(game.side_to_move());
        const MoveList tries = v.legal_moves();
        for (Move m : generate_moves(game.truth())) ASSERT_TRUE(tries.contains(m));
        for (Move m : tries) {
          if (!is_legal(game.truth(), m)) {
            ASSERT_NE(game.truth().piece_on(m.to()), kNoPiece);
          }
        }
        game.play(tries[int(rng() % uint64_t(tries.size()))]);
      }
    }
  }
}

TEST(HiddenRulings, VariantsLoadAndCheck) {
  const Rules hidden = builtin_rules("hidden");
  EXPECT_TRUE(hidden.hidden_pieces);
  EXPECT_EQ(hidden.hidden_setup, HiddenSetup::kShuffled);
  EXPECT_EQ(hidden.hidden_reveal, HiddenReveal::kBoth);
  EXPECT_EQ(hidden.failed_attack, FailedAttack::kAttackerDies);
  const Rules stratego = builtin_rules("hidden-stratego");
  EXPECT_EQ(stratego.hidden_setup, HiddenSetup::kChosen);
  EXPECT_EQ(stratego.hidden_reveal, HiddenReveal::kBoth);
  EXPECT_EQ(stratego.failed_attack, FailedAttack::kAttackerDies);
  // The open game refuses nothing of them: their moves are the standard ones.
  EXPECT_EQ(generate_moves(Position(load_variant("hidden"))).size(), 24);
}

TEST(HiddenRulings, RuleFileChecks) {
  auto first_issue = [](const std::string& text) {
    try {
      parse_rules(text, "x.toml");
    } catch (const VariantError& e) {
      return e.issues().front().to_string();
    }
    return std::string();
  };
  EXPECT_EQ(first_issue("[pieces]\nhidden = true\n[hidden]\nsetup = \"chosen\"\nreveal = "
                        "\"loser\"\nfailed_attack = \"refused\"\n"),
            "");
  EXPECT_EQ(first_issue("[pieces]\nhidden = true\nunique = false\n"),
            "x.toml:3:10: [pieces] hidden = true needs unique = true (each hidden piece is one of "
            "its side's animals, each animal once)");
  EXPECT_EQ(first_issue("[pieces]\nhidden = true\n[end]\nrepetition = \"bush\"\n"),
            "x.toml:4:14: [end] repetition = \"bush\" cannot be played with hidden pieces: David "
            "Bush's rule judges the animal being chased, which the mover may not know");
  EXPECT_EQ(first_issue("[hidden]\nsetup = \"random\"\n"),
            "x.toml:2:9: unknown value 'random' for [hidden] setup (expected \"shuffled\", "
            "\"chosen\" or \"fixed\")");
  EXPECT_EQ(first_issue("[hidden]\nfailed_attack = true\n"),
            "x.toml:2:17: [hidden] failed_attack must be \"attacker_dies\", \"bounce\" or "
            "\"refused\", not a boolean");
  EXPECT_EQ(first_issue("[hidden]\nreveals = \"both\"\n"),
            "x.toml:2:1: unknown key 'reveals' in [hidden] (did you mean 'reveal'?)");
  // A hidden rule set is refused where the open game is played through it.
  EXPECT_THROW(HiddenGame(Position(RuleSet::standard()), "standard"), std::invalid_argument);
}

}  // namespace
}  // namespace jungle
