#pragma once

// A deliberately simple and slow implementation of the rules, written from
// RULES.md and docs/rule-details.md alone, to check the fast bitboard core
// against. It reads only the plain fields of `Rules` and the small value
// types of types.h; it shares no code with src/core/*.cpp. Every rule is a
// direct test on a mailbox board of the rules' size (its squares found in
// the rules' plain lists, never through core's Geometry), and every position of the game is kept
// whole, so that undo is a pop and repetition is a linear scan.

#include <array>
#include <cstdint>
#include <iosfwd>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/rules.h"
#include "core/types.h"

namespace jungle::reference {

// The outcome of a game at one position.
struct Outcome {
  GameResult result = GameResult::kOngoing;
  Termination termination = Termination::kNone;
  bool operator==(const Outcome&) const = default;
};

std::string outcome_text(const Outcome& o);

// Thrown for a FEN the reference cannot read or that breaks a placement rule,
// and for a move that is not legal.
class ReferenceError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Our own reading of the capture-by-rank rule (rule-details.md, "Captures" 2).
bool reference_rank_allows(const Rules& rules, Animal attacker, Animal target);

class ReferenceGame {
 public:
  // The rules' start position.
  explicit ReferenceGame(const Rules& rules);
  // Throws ReferenceError.
  ReferenceGame(const Rules& rules, const std::string& fen);

  // Every legal move as "a3a4", sorted; empty when the game is over.
  std::vector<std::string> legal_moves() const;
  // The moves the pieces could make on this board, ignoring game end and
  // Bush's rule (sorted).
  std::vector<std::string> pseudo_moves() const;
  // Moves that only David Bush's rule forbids here (empty under other rules).
  std::vector<std::string> bush_forbidden_moves() const;
  // Throws ReferenceError when the move is not in legal_moves().
  void play(const std::string& move);
  // Takes back the last move played; throws when there is none.
  void undo();
  // Whether the piece on the first square may take the enemy piece on the
  // second ("c3c4") by the capture rule alone (ranks, traps, the water's
  // edge), wherever they stand: what the hidden game's arbiter decides of an
  // attack. Throws ReferenceError unless both squares hold pieces of
  // opposite sides.
  bool capture_allowed(const std::string& move) const;

  Outcome result() const;
  // Leaf nodes `depth` plies below this position (a finished game has none).
  uint64_t perft(int depth);

  // "<placement> <side> <plies-since-capture> <move-number>".
  std::string fen() const;
  // Placement and side to move only: the first two fields of fen().
  std::string placement_and_side() const;

  Side side_to_move() const { return cur().side; }
  int plies_since_capture() const { return cur().plies_since_capture; }
  int move_number() const { return cur().move_number; }
  // Consecutive own turns ended in the water by the piece on `s` (0 on land
  // or when the rules set no water limit).
  int water_turns(Square s) const;
  // Turns `side` ended with one of its own pieces on its own den (0 when the
  // rules set no den-food limit).
  int den_turns(Side side) const { return cur().den_turns[side]; }
  // Pieces that drowned at the end of the last move.
  int drowned_last_move() const { return cur().drowned; }
  int plies_played() const { return int(history_.size()) - 1; }
  const Rules& rules() const { return rules_; }

 private:
  // One position of the game, whole. board[rank][file] holds a Piece code
  // (side * 8 + animal) or kNoPiece; water[rank][file] the drowning count of
  // the piece standing there.
  struct State {
    std::vector<std::vector<int>> board;  // [rank][file]
    std::vector<std::vector<int>> water;
    Side side = kBlue;
    int plies_since_capture = 0;
    int move_number = 1;
    std::array<int, kSides> den_turns{};
    int last_moved_animal = -1;  // -1 at the set-up
    int drowned = 0;
  };
  struct Step {
    int from_file, from_rank, to_file, to_rank;
  };

  const State& cur() const { return history_.back(); }

  bool on_board(int file, int rank) const;
  bool is_water(int file, int rank) const;
  bool is_trap_of(Side side, int file, int rank) const;
  bool is_any_trap(int file, int rank) const;
  bool is_den_of(Side side, int file, int rank) const;
  bool may_stand(Side side, Animal a, int file, int rank) const;
  bool can_capture(const State& s, int ff, int fr, int tf, int tr) const;
  // Adds the move to `out` when the destination takes the piece (empty,
  // standable, and any capture allowed).
  void try_destination(const State& s, int ff, int fr, int tf, int tr,
                       std::vector<Step>& out) const;
  void add_jumps(const State& s, int ff, int fr, std::vector<Step>& out) const;

  // Moves the pieces can make, ignoring game end and Bush's rule.
  std::vector<Step> piece_moves(const State& s) const;
  // Game end checks 1-5 of rule-details.md (all but "no legal move").
  Outcome end_before_moves() const;
  bool bush_forbids(const Step& m) const;
  std::vector<Step> legal_steps() const;
  State after(const State& s, const Step& m) const;
  int occurrences(const State& s) const;

  static std::string step_text(const Step& m);

  Rules rules_;
  std::vector<State> history_;  // history_[0] is the set-up, back() the current position
};

// Rule sets for the tests that switch on one option of rules.h at a time (and
// a few combinations), each with a short name: "x-swim-dog", "x-bush", ...
// "x-defaults" is the default Rules; no name clashes with a shipped set.
struct NamedRules {
  std::string name;
  Rules rules;
};
const std::vector<NamedRules>& option_rule_sets();
// The rule set of that name from option_rule_sets(), or nullptr.
const Rules* find_option_rule_set(const std::string& name);

// One line of tests/perft/positions.epd (its header says the format):
// "<fen> ; variant <name> [; id <words>] ; D1 <n> ; D2 <n> ...".
struct EpdEntry {
  std::string fen;
  std::string variant;
  std::string id;
  std::vector<uint64_t> counts;  // counts[d - 1] is perft(d)
  int line = 0;
};
// Skips blank lines and lines starting with '#'; throws ReferenceError.
std::vector<EpdEntry> read_epd(std::istream& in);

}  // namespace jungle::reference
