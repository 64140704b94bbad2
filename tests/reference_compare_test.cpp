// Random playouts under every rule set, comparing the fast bitboard core with
// the slow reference implementation (tests/reference/) at every ply, then
// undoing the whole game on the fast side and checking that every state
// comes back.

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "core/movegen.h"
#include "core/position.h"
#include "core/rule_set.h"
#include "core/variants.h"
#include "named_rules.h"
#include "reference/reference_game.h"

namespace jungle {
namespace {

using test::rules_named;

using reference::ReferenceGame;

constexpr int kMaxPlies = 300;
// Games per rule set: from the start position and from random mid-game
// positions, for each of the three move-choice policies.
constexpr int kStartGamesPerPolicy = 12;
constexpr int kMidGamesPerPolicy = 6;
// Under the sanitizers (scripts/test.sh sets JUNGLE_SANITIZED) a third of the
// games, which still reach every ending.
constexpr int kSanitizedDivisor = 3;
// Playouts from each line of tests/perft/positions.epd (one per policy).
constexpr uint64_t kSeed = 0x4a756e676c65ull;  // "Jungle"
// One bug tends to fail many games: a rule set (or a line of the positions
// file) is left after this many failing games, and the run after kMaxFailingGames.
constexpr int kMaxFailingGamesPerSet = 2;
constexpr int kMaxFailingGames = 20;

enum class Policy {
  kUniform,     // any legal move
  kAggressive,  // prefer captures, the water, traps and the own den, so rare rules fire
  kShuffle,     // prefer undoing one's own last move, so positions repeat
};
constexpr Policy kPolicies[] = {Policy::kUniform, Policy::kAggressive, Policy::kShuffle};

const char* policy_name(Policy p) {
  switch (p) {
    case Policy::kUniform:
      return "uniform";
    case Policy::kAggressive:
      return "aggressive";
    case Policy::kShuffle:
      return "shuffle";
  }
  return "?";
}

// Our own square names and geometry, from the rules' plain fields, so that
// nothing here trusts types.cpp or core's Geometry: index = rank * files + file.
std::string square_text(const Rules& r, Square s) {
  return std::string(1, char('a' + s % r.files)) + std::to_string(s / r.files + 1);
}
std::string text_of(const Rules& r, Move m) {
  return square_text(r, m.from()) + square_text(r, m.to());
}
bool listed(const std::vector<BoardSquare>& squares, const Rules& r, Square s) {
  for (const BoardSquare& b : squares) {
    if (b.rank * r.files + b.file == s) return true;
  }
  return false;
}
bool is_river_square(const Rules& r, Square s) {
  return listed(r.water_squares, r, s);
}
bool is_trap_square(const Rules& r, Square s) {
  return listed(r.trap_squares[kBlue], r, s) || listed(r.trap_squares[kRed], r, s);
}
std::vector<Square> river_squares(const Rules& r) {
  std::vector<Square> out;
  for (Square s = 0; s < r.files * r.ranks; ++s) {
    if (is_river_square(r, s)) out.push_back(s);
  }
  return out;
}

std::vector<std::string> sorted_texts(const Rules& r, const MoveList& list) {
  std::vector<std::string> out;
  for (Move m : list) out.push_back(text_of(r, m));
  std::sort(out.begin(), out.end());
  return out;
}

std::string join(const std::vector<std::string>& v) {
  std::string out;
  for (const std::string& s : v) out += (out.empty() ? "" : " ") + s;
  return out.empty() ? "(none)" : out;
}

std::vector<std::string> minus(const std::vector<std::string>& a,
                               const std::vector<std::string>& b) {
  std::vector<std::string> out;
  std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
  return out;
}

std::string first_two_fields(const std::string& fen) {
  std::istringstream in(fen);
  std::string placement, side;
  in >> placement >> side;
  return placement + " " + side;
}

std::string outcome_of(GameResult r, Termination t) {
  return reference::outcome_text({r, t});
}
std::string termination_text(Termination t) {
  std::string s = reference::outcome_text({GameResult::kDraw, t});  // "draw (den entered)"
  return s.substr(6, s.size() - 7);
}

struct RuleSetUnderTest {
  std::string name;
  Rules rules;
  RuleSetPtr set;
};

std::vector<RuleSetUnderTest> rule_sets_under_test() {
  std::vector<RuleSetUnderTest> out;
  for (const std::string& name : builtin_variant_names()) {
    Rules r = builtin_rules(name);
    out.push_back({name, r, RuleSet::make(r)});
  }
  for (const reference::NamedRules& n : reference::option_rule_sets()) {
    out.push_back({n.name, n.rules, RuleSet::make(n.rules)});
  }
  return out;
}

struct Stats {
  int games = 0;
  int64_t plies = 0;
  int capped = 0;  // games stopped at kMaxPlies
  std::map<Termination, int> terminations;
  int drownings = 0;
  int bush_plies = 0;  // plies at which Bush's rule removed at least one move
  int failing_games = 0;
};

// What the fast position looked like at one ply, to check undo against.
struct Snapshot {
  std::string fen;
  uint64_t key = 0;
  uint64_t board_key = 0;
  int plies_since_capture = 0;
  std::vector<int> water;
  std::array<int, kSides> den{};
  std::vector<std::string> moves;
  GameResult result = GameResult::kOngoing;
  Termination why = Termination::kNone;
};

class Playout {
 public:
  Playout(const RuleSetUnderTest& rs, std::string fen, Policy policy, uint64_t seed, Stats& stats)
      : rs_(rs),
        start_fen_(std::move(fen)),
        policy_(policy),
        seed_(seed),
        rng_(seed),
        stats_(stats),
        pos_(Position::from_fen(start_fen_, rs.set)),
        ref_(rs.rules, start_fen_) {}

  // Plays one game to its end (or kMaxPlies), then undoes it. False on the
  // first disagreement, which has been reported.
  bool run() {
    std::vector<Snapshot> snapshots;
    for (;;) {
      snapshots.push_back(snapshot());
      if (!check_ply(snapshots.back())) return false;
      const Snapshot& now = snapshots.back();
      if (now.moves.empty()) {
        ++stats_.terminations[now.why];
        break;
      }
      if (int(played_.size()) >= kMaxPlies) {
        ++stats_.capped;
        break;
      }
      Move m = choose(now.moves);
      pos_.do_move(m);
      ref_.play(text_of(rs_.rules, m));
      played_.push_back(m);
      stats_.drownings += ref_.drowned_last_move();
      ++stats_.plies;
    }
    ++stats_.games;
    return undo_all(snapshots);
  }

 private:
  std::string context() const {
    std::vector<std::string> moves;
    for (Move m : played_) moves.push_back(text_of(rs_.rules, m));
    std::ostringstream out;
    out << "  variant " << rs_.name << ", policy " << policy_name(policy_) << ", seed " << seed_
        << "\n  start   " << start_fen_ << "\n  moves   " << join(moves) << "\n  now     "
        << pos_.fen() << " (reference " << ref_.fen() << ")\n";
    return out.str();
  }

  Snapshot snapshot() const {
    Snapshot s;
    s.fen = pos_.fen();
    s.key = pos_.key();
    s.board_key = pos_.board_key();
    s.plies_since_capture = pos_.plies_since_capture();
    if (rs_.set->tracks_water_turns()) {
      for (Square sq : river_squares(rs_.rules)) s.water.push_back(pos_.water_turns(sq));
    }
    if (rs_.set->tracks_den_food()) s.den = {pos_.den_turns(kBlue), pos_.den_turns(kRed)};
    s.moves = sorted_texts(rs_.rules, generate_moves(pos_));
    s.result = game_result(pos_, &s.why);
    return s;
  }

  bool check_ply(const Snapshot& s) {
    bool ok = true;
    auto fail = [&](const std::string& what) {
      if (ok) ADD_FAILURE() << what << "\n" << context();
      ok = false;
    };

    std::vector<std::string> ref_moves = ref_.legal_moves();
    if (s.moves != ref_moves) {
      fail("legal moves differ\n  fast only:      " + join(minus(s.moves, ref_moves)) +
           "\n  reference only: " + join(minus(ref_moves, s.moves)) +
           "\n  fast:      " + join(s.moves) + "\n  reference: " + join(ref_moves));
    }
    if (count_moves(pos_) != int(ref_moves.size())) {
      fail("count_moves " + std::to_string(count_moves(pos_)) + ", reference has " +
           std::to_string(ref_moves.size()));
    }
    reference::Outcome expected = ref_.result();
    if (s.result != expected.result || s.why != expected.termination) {
      fail("game_result " + outcome_of(s.result, s.why) + ", reference " +
           reference::outcome_text(expected));
    }
    // terminal_state answers everything but "no legal move".
    Termination state_why = Termination::kNone;
    GameResult state = pos_.terminal_state(&state_why);
    reference::Outcome before_moves =
        expected.termination == Termination::kNoLegalMove ? reference::Outcome{} : expected;
    if (state != before_moves.result ||
        (state != GameResult::kOngoing && state_why != before_moves.termination)) {
      fail("terminal_state " + outcome_of(state, state_why) + ", expected " +
           reference::outcome_text(before_moves));
    }

    std::vector<std::string> pseudo = sorted_texts(rs_.rules, generate_pseudo_moves(pos_));
    std::vector<std::string> ref_pseudo = ref_.pseudo_moves();
    if (pseudo != ref_pseudo) {
      fail("pseudo moves differ\n  fast only:      " + join(minus(pseudo, ref_pseudo)) +
           "\n  reference only: " + join(minus(ref_pseudo, pseudo)));
    }
    for (Move m : generate_moves(pos_)) {
      if (!is_legal(pos_, m)) fail("is_legal rejects the legal move " + text_of(rs_.rules, m));
    }
    if (rs_.rules.repetition == RepetitionRule::kBush) {
      std::vector<std::string> forbidden = ref_.bush_forbidden_moves();
      if (!forbidden.empty()) ++stats_.bush_plies;
      for (Move m : generate_pseudo_moves(pos_)) {
        if (std::binary_search(forbidden.begin(), forbidden.end(), text_of(rs_.rules, m)) &&
            is_legal(pos_, m)) {
          fail("is_legal accepts " + text_of(rs_.rules, m) + ", which Bush's rule forbids");
        }
      }
    }

    if (pos_.key() != pos_.compute_key()) fail("incremental key differs from compute_key()");
    if (pos_.board_key() != pos_.compute_board_key()) {
      fail("incremental board_key differs from compute_board_key()");
    }
    try {
      std::string again = Position::from_fen(s.fen, rs_.set).fen();
      if (again != s.fen) fail("FEN round trip: " + s.fen + " -> " + again);
    } catch (const FenError& e) {
      fail("FEN round trip: " + s.fen + " rejected: " + e.what());
    }
    if (first_two_fields(s.fen) != ref_.placement_and_side()) {
      fail("placement differs: reference " + ref_.placement_and_side());
    }
    if (s.plies_since_capture != ref_.plies_since_capture()) {
      fail("plies since capture " + std::to_string(s.plies_since_capture) + ", reference " +
           std::to_string(ref_.plies_since_capture()));
    }
    if (pos_.move_number() != ref_.move_number()) {
      fail("move number " + std::to_string(pos_.move_number()) + ", reference " +
           std::to_string(ref_.move_number()));
    }
    if (rs_.set->tracks_water_turns()) {
      std::vector<Square> river = river_squares(rs_.rules);
      for (size_t i = 0; i < river.size(); ++i) {
        if (s.water[i] != ref_.water_turns(river[i])) {
          fail("water turns on " + square_text(rs_.rules, river[i]) + ": " +
               std::to_string(s.water[i]) + ", reference " +
               std::to_string(ref_.water_turns(river[i])));
        }
      }
    }
    if (rs_.set->tracks_den_food()) {
      for (Side side : {kBlue, kRed}) {
        if (s.den[side] != ref_.den_turns(side)) {
          fail("den turns of side " + std::to_string(side) + ": " + std::to_string(s.den[side]) +
               ", reference " + std::to_string(ref_.den_turns(side)));
        }
      }
    }
    return ok;
  }

  // Picks from the sorted move texts (the same on both sides, as checked), so
  // that a game depends on the seed alone, not on the fast generator's order.
  Move choose(const std::vector<std::string>& texts) {
    std::vector<Move> moves;
    for (const std::string& t : texts) {
      // "a3a4", or "a10b10" on a board of ten ranks or more.
      const size_t split = t.find_first_of("abcdefghijklmnopqrstuvwxyz", 1);
      const int files = rs_.rules.files;
      Square from = std::stoi(t.substr(1, split - 1)) * files - files + (t[0] - 'a');
      Square to = std::stoi(t.substr(split + 1)) * files - files + (t[split] - 'a');
      moves.push_back(Move(from, to));
    }
    if (policy_ == Policy::kShuffle && played_.size() >= 2) {
      Move mine = played_[played_.size() - 2];
      Move back(mine.to(), mine.from());
      bool legal = std::find(moves.begin(), moves.end(), back) != moves.end();
      if (legal && rng_() % 100 < 85) return back;
    }
    if (policy_ != Policy::kAggressive) return moves[rng_() % moves.size()];
    const Rules& r = rs_.rules;
    std::vector<int> weight;
    int total = 0;
    for (Move m : moves) {
      int w = 1;
      if (pos_.is_capture(m)) w += 8;
      if (r.has_water && is_river_square(r, m.to())) w += 4;
      if (r.has_traps && is_trap_square(r, m.to())) w += 3;
      if (r.own_den_allowed && !r.dens.empty() &&
          m.to() == r.dens[pos_.side_to_move()].rank * r.files + r.dens[pos_.side_to_move()].file)
        w += 6;
      weight.push_back(w);
      total += w;
    }
    int pick = int(rng_() % uint64_t(total));
    for (size_t i = 0; i < moves.size(); ++i) {
      pick -= weight[i];
      if (pick < 0) return moves[i];
    }
    return moves[0];
  }

  bool undo_all(const std::vector<Snapshot>& snapshots) {
    for (int ply = int(played_.size()) - 1; ply >= 0; --ply) {
      pos_.undo_move();
      ref_.undo();
      played_.pop_back();
      Snapshot want = snapshots[ply];
      Snapshot got = snapshot();
      std::string what;
      if (got.fen != want.fen) what += " fen " + got.fen + " (was " + want.fen + ")";
      if (got.key != want.key) what += " key";
      if (got.board_key != want.board_key) what += " board_key";
      if (got.plies_since_capture != want.plies_since_capture) what += " plies_since_capture";
      if (got.water != want.water) what += " water_turns";
      if (got.den != want.den) what += " den_turns";
      if (got.moves != want.moves) what += " legal moves";
      if (got.result != want.result || got.why != want.why) what += " game_result";
      if (!what.empty()) {
        ADD_FAILURE() << "undo_move did not restore ply " << ply << ":" << what << "\n"
                      << context();
        return false;
      }
    }
    return true;
  }

  const RuleSetUnderTest& rs_;
  std::string start_fen_;
  Policy policy_;
  uint64_t seed_;
  std::mt19937_64 rng_;
  Stats& stats_;
  Position pos_;
  ReferenceGame ref_;
  std::vector<Move> played_;
};

uint64_t game_seed(int set_index, int game_index) {
  return kSeed ^ (uint64_t(set_index) << 32) ^ (uint64_t(game_index) * 0x9e3779b97f4a7c15ull);
}

// A random legal position some plies into a game, found by the reference
// alone; empty when the random game ended first.
std::string random_mid_game(const Rules& rules, std::mt19937_64& rng) {
  ReferenceGame g(rules);
  int plies = 8 + int(rng() % 70);
  for (int i = 0; i < plies; ++i) {
    std::vector<std::string> moves = g.legal_moves();
    if (moves.empty()) return "";
    g.play(moves[rng() % moves.size()]);
  }
  if (g.legal_moves().empty()) return "";
  return g.fen();
}

// Returns false when the game failed (and has been reported) or was skipped
// because too many games failed already.
bool run_playout(const RuleSetUnderTest& rs, const std::string& fen, Policy policy, uint64_t seed,
                 Stats& stats) {
  if (stats.failing_games >= kMaxFailingGames) return false;
  try {
    Position::from_fen(fen, rs.set);
  } catch (const FenError& e) {
    ADD_FAILURE() << "fast core rejects " << fen << " under " << rs.name << ": " << e.what();
    ++stats.failing_games;
    return false;
  }
  Playout p(rs, fen, policy, seed, stats);
  if (p.run()) return true;
  ++stats.failing_games;
  return false;
}

TEST(ReferenceCompare, RandomPlayoutsUnderEveryRuleSet) {
  auto t0 = std::chrono::steady_clock::now();
  std::vector<RuleSetUnderTest> sets = rule_sets_under_test();
  const bool sanitized = std::getenv("JUNGLE_SANITIZED") != nullptr;
  const int start_games =
      sanitized ? kStartGamesPerPolicy / kSanitizedDivisor : kStartGamesPerPolicy;
  const int mid_games = sanitized ? kMidGamesPerPolicy / kSanitizedDivisor : kMidGamesPerPolicy;
  ASSERT_GT(sets.size(), 30u);
  Stats stats;

  for (int i = 0; i < int(sets.size()); ++i) {
    const RuleSetUnderTest& rs = sets[i];
    SCOPED_TRACE("rule set " + rs.name);
    int game = 0;
    int failed = 0;
    for (Policy policy : kPolicies) {
      for (int g = 0; g < start_games && failed < kMaxFailingGamesPerSet; ++g) {
        failed += !run_playout(rs, rs.rules.start_fen, policy, game_seed(i, game++), stats);
      }
      std::mt19937_64 rng(game_seed(i, 1000 + game));
      for (int g = 0; g < mid_games && failed < kMaxFailingGamesPerSet; ++g) {
        std::string fen = random_mid_game(rs.rules, rng);
        if (fen.empty()) continue;
        failed += !run_playout(rs, fen, policy, game_seed(i, game++), stats);
      }
    }
  }

  // Playouts from the hand-made perft positions, which include positions on
  // the brink of rare endings (no legal move, drowning, den food).
  std::ifstream in(std::string(JUNGLE_SOURCE_DIR) + "/tests/perft/positions.epd");
  ASSERT_TRUE(in) << "cannot open tests/perft/positions.epd";
  std::vector<reference::EpdEntry> entries = reference::read_epd(in);
  for (int i = 0; i < int(entries.size()); ++i) {
    const reference::EpdEntry& e = entries[i];
    SCOPED_TRACE("positions.epd line " + std::to_string(e.line));
    Rules rules = rules_named(e.variant);
    RuleSetUnderTest rs{e.variant, rules, RuleSet::make(rules)};
    int game = 0;
    for (Policy policy : kPolicies) {
      if (!run_playout(rs, e.fen, policy, game_seed(1000 + i, game++), stats)) break;
    }
  }

  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::cout << "[ reference ] " << sets.size() << " rule sets, " << stats.games << " games, "
            << stats.plies << " plies, " << stats.capped << " stopped at " << kMaxPlies
            << " plies, " << seconds << " s\n";
  std::cout << "[ reference ] terminations:";
  for (const auto& [t, n] : stats.terminations) {
    std::cout << " " << termination_text(t) << " " << n << ";";
  }
  std::cout << " drownings " << stats.drownings << "; plies where Bush's rule removed a move "
            << stats.bush_plies << "\n";

  EXPECT_EQ(stats.failing_games, 0);
  EXPECT_GT(stats.games, sanitized ? 1000 : 2500);
  for (Termination t :
       {Termination::kDenEntered, Termination::kAllCaptured, Termination::kNoLegalMove,
        Termination::kRepetition, Termination::kMoveLimit, Termination::kDenFood}) {
    EXPECT_GT(stats.terminations[t], 0) << "no game ended by " << termination_text(t);
  }
  EXPECT_GT(stats.drownings, 0) << "no piece drowned under the drowning rule";
  EXPECT_GT(stats.bush_plies, 0) << "Bush's rule never removed a move";
}

}  // namespace
}  // namespace jungle
