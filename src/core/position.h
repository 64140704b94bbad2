#pragma once

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/bitboard.h"
#include "core/fen.h"
#include "core/rule_set.h"
#include "core/types.h"
#include "core/zobrist.h"

namespace jungle {

// Everything that do_move changes and undo_move must restore, one record per ply.
struct StateInfo {
  uint64_t key = 0;          // board_key plus the rule counters: the transposition key
  uint64_t board_key = 0;    // placement and side to move: what repetition compares
  Move move;                 // the move that led here (none for the root)
  uint8_t moved = kNoPiece;  // the Piece that made it
  uint8_t captured = kNoPiece;
  // The hidden game's failed attack (do_failed_attack): the move did not
  // happen; with attacker_removed its piece left the board.
  bool failed_attack = false;
  bool attacker_removed = false;
  Bitboard drowned = 0;  // squares whose pieces drowned at the end of this move
  std::array<uint8_t, kMaxCountedWaterSquares> drowned_piece{};  // by water index
  int plies_since_capture = 0;
  int repetitions = 1;    // occurrences of board_key in the game so far, this one included
  int prev_in_slot = -1;  // the state before this one in its repetition slot (below), or -1
  std::array<uint8_t, kMaxCountedWaterSquares> water_turns{};  // per water square: turns there
  std::array<uint16_t, kSides> den_turns{};                    // own-den occupation (food rule)
};

class Position {
 public:
  explicit Position(RuleSetPtr rules = RuleSet::standard());  // the rule set's start position
  // Throws FenError. Accepts "<placement> <side> [<plies> <move>]" and the
  // chess-style "<placement> <side> - - <plies> <move>".
  static Position from_fen(std::string_view fen, RuleSetPtr rules = RuleSet::standard());
  std::string fen() const;

  const RuleSet& rule_set() const { return *rules_; }
  const Rules& rules() const { return rules_->rules(); }
  const RuleSetPtr& rule_set_ptr() const { return rules_; }

  Side side_to_move() const { return side_; }
  Piece piece_on(Square s) const { return Piece(board_[s]); }
  Bitboard pieces(Side s) const { return by_side_[s]; }
  Bitboard pieces(Side s, Animal a) const { return by_piece_[s][a]; }
  Bitboard occupied() const { return by_side_[kBlue] | by_side_[kRed]; }

  const StateInfo& state() const { return states_[ply_]; }
  uint64_t key() const { return state().key; }
  uint64_t board_key() const { return state().board_key; }
  int plies_since_capture() const { return state().plies_since_capture; }
  // Plies played since this Position was set up (0 at the root).
  int history_plies() const { return ply_; }
  // Full move number as a FEN writes it.
  int move_number() const { return start_move_number_ + (history_plies() + start_side_) / 2; }
  Move last_move() const { return state().move; }
  Piece last_moved_piece() const { return Piece(state().moved); }
  int water_turns(Square s) const;
  int den_turns(Side s) const { return state().den_turns[s]; }

  // Plays a move that generate_moves would list; anything else is undefined.
  void do_move(Move m);
  void undo_move();
  // The hidden game (src/hidden): an attack on `m.to()` that the capture rule
  // does not allow. The attacker is removed (`remove_attacker`) or stays;
  // either way the turn is spent and the counters go on as after a move
  // (a removal resets the no-capture count like a capture). undo_move takes
  // it back. `m` must be a move of the side to move onto an enemy piece.
  void do_failed_attack(Move m, bool remove_attacker);
  // Perft's last ply: plays `m` (as do_move may) for a look at the position
  // after it alone: what terminal_state and move generation read is set
  // (board, side to move, plies since capture, repetitions, the mover),
  // but the position is not indexed for repetitions: a repetition below it
  // goes uncounted, so moves are played on from it only where none can reach
  // the draw count (perft's repetitions_cannot_matter); undo_counted_move
  // takes it back. About half the work of
  // do_move and undo_move, which perft pays at every leaf's parent. Rules
  // that count turns (water, den food) get do_move itself.
  inline void do_counted_move(Move m);
  // As do_counted_move, for a perft where no repetition can reach the draw
  // count (perft's repetitions_cannot_matter), so that nothing reads the
  // keys or the count of occurrences: neither is computed (the keys are
  // left stale, the count is 1). About 24 instructions less a move, 7% of
  // perft 6's.
  inline void do_unkeyed_move(Move m);
  // Takes back do_counted_move and do_unkeyed_move.
  inline void undo_counted_move();
  // Passes the turn, for the search's null-move pruning; counters stand still.
  void do_null_move();
  void undo_null_move();

  // The game's state before looking for legal moves: den entered, a side with
  // no pieces, den food, repetition and the no-capture limit. A position
  // whose only flaw is having no legal move reports kOngoing here; use
  // game_result() in movegen.h for the full answer.
  GameResult terminal_state(Termination* why = nullptr) const {
    // One test for the common case, so that move counting pays little for it.
    const RuleSet& rs = *rules_;
    const StateInfo& st = state();
    const Bitboard in_enemy_den =
        (by_side_[kBlue] & rs.den_bb(kRed)) | (by_side_[kRed] & rs.den_bb(kBlue));
    if (!in_enemy_den && by_side_[kBlue] && by_side_[kRed] && !rs.tracks_den_food() &&
        st.plies_since_capture < rs.draw_after_plies_without_capture() &&
        st.repetitions < rs.draw_at_repetition()) {
      if (why) *why = Termination::kNone;
      return GameResult::kOngoing;
    }
    return terminal_state_slow(why);
  }
  bool game_over_by_state() const { return terminal_state() != GameResult::kOngoing; }

  bool is_capture(Move m) const { return board_[m.to()] != kNoPiece; }
  // key() after do_move(m) when the rules track no counters (water turns,
  // den food); otherwise near it. Good for prefetching, never for lookups.
  uint64_t key_after(Move m) const {
    const Piece moved = Piece(board_[m.from()]), captured = Piece(board_[m.to()]);
    uint64_t k = state().key ^ zobrist::side_key() ^ zobrist::piece_key(moved, m.from()) ^
                 zobrist::piece_key(moved, m.to());
    if (captured != kNoPiece) k ^= zobrist::piece_key(captured, m.to());
    return k;
  }
  // How often the placement and side to move that `m` would produce has
  // occurred before in this game (David Bush's rule).
  int occurrences_after(Move m) const;

  // Occurrences from before the root, which no move given to this Position
  // shows (mistboard's `reps`, docs/dialects.md): the placement and side to
  // move `board_key` has occurred `times` times in the game up to the root,
  // the root included when it is that position. Entering it again counts on
  // from there, as if those occurrences were in the history, until a capture
  // since the root makes them unreachable. Call at the root, before any
  // move; throws std::logic_error after one.
  void seed_occurrences(uint64_t board_key, int times);

  // Hash recomputed from scratch, to check the incremental one.
  uint64_t compute_key() const;
  uint64_t compute_board_key() const;

  // A diagram: rank 9 at the top, Blue upper case, '~' water, '#' trap, '*' den.
  std::string diagram() const;

 private:
  Position(RuleSetPtr rules, std::string_view fen);
  inline void put_piece(Piece p, Square s);
  inline void remove_piece(Square s);
  inline void move_piece(Square from, Square to);
  // The part of do_counted_move and do_unkeyed_move that both make: the
  // board, the side to move, the mover, the capture and the no-capture
  // count, in the next state, which it returns.
  inline StateInfo& play_for_counting(Move m);
  void set_from_fen(std::string_view fen);
  GameResult terminal_state_slow(Termination* why) const;

  RuleSetPtr rules_;
  std::array<uint8_t, 64> board_{};
  Bitboard by_side_[kSides] = {};
  Bitboard by_piece_[kSides][kAnimals] = {};
  Side side_ = kBlue;
  int start_move_number_ = 1;
  int start_side_ = 0;             // 1 when the root had Red to move, for move numbering
  std::vector<StateInfo> states_;  // states_[0..ply_] are the game so far; the rest is spare
  int ply_ = 0;
  // Repetition index: for each slot (low bits of board_key), the latest state
  // whose key falls in it, each state linking to the one before it. Finding
  // an earlier occurrence walks only states of one slot, so a long game
  // without captures costs no more per move than a short one.
  static constexpr int kRepetitionSlots = 1024;
  static int repetition_slot(uint64_t board_key) { return int(board_key & (kRepetitionSlots - 1)); }
  // The latest state in [oldest, newest], at newest's parity, whose board_key is `key`; -1 if none.
  inline int latest_occurrence(uint64_t key, int newest, int oldest) const;
  // What seed_occurrences says of `key` for a state at `ply` with
  // `plies_since_capture`: 0 once a capture since the root (a count below
  // `ply`) has changed the material. One test when nothing was seeded,
  // which is every search but a mistboard engine's.
  int seeded_occurrences(uint64_t key, int ply, int plies_since_capture) const {
    if (seeded_.empty() || plies_since_capture < ply) return 0;
    for (const auto& [seeded_key, times] : seeded_) {
      if (seeded_key == key) return times;
    }
    return 0;
  }
  // The water and den counters that end every ply (position.cpp).
  uint64_t end_of_ply_counters(StateInfo& st, const StateInfo& prev, Side us, uint64_t& board_key);
  void index_state(int ply);
  void unindex_state(int ply);
  std::array<int32_t, kRepetitionSlots> repetition_slots_;
  std::vector<std::pair<uint64_t, int>> seeded_;  // board_key, occurrences up to the root
};

inline void Position::put_piece(Piece p, Square s) {
  board_[s] = uint8_t(p);
  by_side_[side_of(p)] |= square_bb(s);
  by_piece_[side_of(p)][animal_of(p)] |= square_bb(s);
}

inline void Position::remove_piece(Square s) {
  Piece p = Piece(board_[s]);
  board_[s] = kNoPiece;
  by_side_[side_of(p)] &= ~square_bb(s);
  by_piece_[side_of(p)][animal_of(p)] &= ~square_bb(s);
}

inline void Position::move_piece(Square from, Square to) {
  const Piece p = Piece(board_[from]);
  const Bitboard both = square_bb(from) | square_bb(to);
  board_[to] = board_[from];
  board_[from] = kNoPiece;
  by_side_[side_of(p)] ^= both;
  by_piece_[side_of(p)][animal_of(p)] ^= both;
}

inline int Position::latest_occurrence(uint64_t key, int newest, int oldest) const {
  // The slot lists states newest first; its older part may hold states of
  // the game before a capture, which `oldest` leaves out.
  if (oldest < 0) oldest = 0;
  for (int i = repetition_slots_[repetition_slot(key)]; i >= oldest; i = states_[i].prev_in_slot) {
    if (i <= newest && ((newest - i) & 1) == 0 && states_[i].board_key == key) return i;
  }
  return -1;
}

inline StateInfo& Position::play_for_counting(Move m) {
  const Square from = m.from(), to = m.to();
  const Piece captured = Piece(board_[to]);
  if (states_.begin() + (ply_ + 1) == states_.end()) states_.resize(states_.size() * 2);
  StateInfo& st = states_[++ply_];
  const StateInfo& prev = states_[ply_ - 1];
  st.move = m;
  st.moved = board_[from];
  st.captured = uint8_t(captured);
  if (captured != kNoPiece) {
    remove_piece(to);
    st.plies_since_capture = 0;
  } else {
    st.plies_since_capture = prev.plies_since_capture + 1;
  }
  move_piece(from, to);
  side_ = opponent(side_);
  return st;
}

inline void Position::do_counted_move(Move m) {
  const RuleSet& rs = *rules_;
  if (rs.tracks_water_turns() || rs.tracks_den_food()) {
    do_move(m);
    return;
  }
  StateInfo& st = play_for_counting(m);
  const Piece moved = Piece(st.moved), captured = Piece(st.captured);
  uint64_t board_key = states_[ply_ - 1].board_key ^ zobrist::side_key() ^
                       zobrist::piece_key(moved, m.from()) ^ zobrist::piece_key(moved, m.to());
  if (captured != kNoPiece) board_key ^= zobrist::piece_key(captured, m.to());
  st.board_key = board_key;
  st.key = board_key;  // no counters under these rules
  const int earlier = latest_occurrence(board_key, ply_ - 4, ply_ - st.plies_since_capture);
  st.repetitions = (earlier >= 0 ? states_[earlier].repetitions
                                 : seeded_occurrences(board_key, ply_, st.plies_since_capture)) +
                   1;
}

inline void Position::do_unkeyed_move(Move m) {
  const RuleSet& rs = *rules_;
  if (rs.tracks_water_turns() || rs.tracks_den_food()) {
    do_move(m);
    return;
  }
  play_for_counting(m).repetitions = 1;
}

inline void Position::undo_counted_move() {
  const RuleSet& rs = *rules_;
  if (rs.tracks_water_turns() || rs.tracks_den_food()) {
    undo_move();
    return;
  }
  const StateInfo& st = states_[ply_];
  const Square from = st.move.from(), to = st.move.to();
  side_ = opponent(side_);
  move_piece(to, from);
  if (st.captured != kNoPiece) put_piece(Piece(st.captured), to);
  --ply_;
}

}  // namespace jungle
