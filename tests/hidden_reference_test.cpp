// The arbiter's capture resolution against the slow reference rules
// (tests/reference): every attack in random hidden games under the option
// rule sets, each resolved by both, with every position's every possible
// attack compared as well.

#include <gtest/gtest.h>

#include <random>

#include "hidden/hidden_game.h"
#include "hidden/setup.h"
#include "reference/reference_game.h"

namespace jungle {
namespace {

using hidden::HiddenGame;

TEST(HiddenReference, ArbiterResolvesAttacksAsTheReferenceRules) {
  int attacks = 0, compared = 0, rule_sets = 0;
  for (const reference::NamedRules& named : reference::option_rule_sets()) {
    Rules rules = named.rules;
    // The hidden game needs one animal per piece and no Bush rule.
    if (!rules.unique_pieces || rules.repetition == RepetitionRule::kBush) continue;
    rules.hidden_pieces = true;
    rules.failed_attack = FailedAttack::kAttackerDies;
    RuleSetPtr set;
    try {
      set = RuleSet::make(rules);
    } catch (const std::invalid_argument&) {
      continue;
    }
    ++rule_sets;
    std::mt19937_64 rng(std::hash<std::string>{}(named.name));
    for (int g = 0; g < 8; ++g) {
      HiddenGame game(hidden::default_start(set, rng), named.name);
      for (int ply = 0; ply < 200 && !game.over(); ++ply) {
        const Position& truth = game.truth();
        const reference::ReferenceGame ref(rules, truth.fen());
        const Geometry& board = set->geometry();
        // Every pair of enemy pieces a step or a jump apart, by both rules.
        const MoveList tries = game.view(truth.side_to_move()).legal_moves();
        for (Move m : tries) {
          if (truth.piece_on(m.to()) == kNoPiece) continue;
          const Piece a = truth.piece_on(m.from()), d = truth.piece_on(m.to());
          ASSERT_EQ(set->may_capture(side_of(a), animal_of(a), m.from(), animal_of(d), m.to()),
                    ref.capture_allowed(board.move_text(m)))
              << named.name << " " << truth.fen() << " " << board.move_text(m);
          ++compared;
        }
        const Move m = tries[int(rng() % uint64_t(tries.size()))];
        const bool attack = truth.piece_on(m.to()) != kNoPiece;
        const bool allowed = attack && ref.capture_allowed(board.move_text(m));
        const hidden::Observation o = game.play(m);
        if (attack) {
          ++attacks;
          EXPECT_EQ(o.outcome, allowed ? hidden::Outcome::kTook : hidden::Outcome::kDied)
              << named.name << " " << ref.fen() << " " << board.move_text(m);
        }
      }
    }
  }
  EXPECT_GT(rule_sets, 20);
  EXPECT_GT(attacks, 1000);
  EXPECT_GT(compared, 5000);
}

}  // namespace
}  // namespace jungle
