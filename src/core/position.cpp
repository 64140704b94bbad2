#include "core/position.h"

#include <algorithm>
#include <sstream>

#include "core/text_util.h"
#include "core/zobrist.h"

namespace jungle {

Position::Position(RuleSetPtr rules) : rules_(std::move(rules)) {
  set_from_fen(rules_->rules().start_fen);
}

Position Position::from_fen(std::string_view fen, RuleSetPtr rules) {
  Position pos(std::move(rules), fen);
  return pos;
}

Position::Position(RuleSetPtr rules, std::string_view fen) : rules_(std::move(rules)) {
  set_from_fen(fen);
}

void Position::set_from_fen(std::string_view fen) {
  const FenFields fields = read_fen(fen, rules_->geometry());
  rules_->check_placement(fields);
  board_.fill(kNoPiece);
  for (auto& b : by_side_) b = 0;
  for (auto& side : by_piece_)
    for (auto& b : side) b = 0;
  for (Square s = 0; s < 64; ++s) {
    if (fields.board[s] != kNoPiece) put_piece(fields.board[s], s);
  }
  side_ = fields.side;
  const int plies = fields.plies_since_capture;
  start_move_number_ = fields.move_number;
  start_side_ = side_;

  states_.assign(256, StateInfo{});
  ply_ = 0;
  states_[0].plies_since_capture = plies;
  states_[0].board_key = compute_board_key();
  states_[0].key = compute_key();
  repetition_slots_.fill(-1);
  index_state(0);
  seeded_.clear();
}

std::string Position::fen() const {
  const Geometry& g = rules_->geometry();
  // A run of more than nine empty squares is written as digits that add up
  // ("91" for ten), as the reader sums consecutive digits.
  auto write_empty = [](std::string& text, int empty) {
    for (; empty > 0; empty -= 9) text += char('0' + std::min(empty, 9));
  };
  std::string out;
  for (int rank = g.ranks() - 1; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < g.files(); ++file) {
      Piece p = piece_on(g.square(file, rank));
      if (p == kNoPiece) {
        ++empty;
        continue;
      }
      write_empty(out, empty);
      empty = 0;
      out += piece_letter(p);
    }
    write_empty(out, empty);
    if (rank) out += '/';
  }
  out += side_ == kBlue ? " w " : " b ";
  out += std::to_string(plies_since_capture()) + " " + std::to_string(move_number());
  return out;
}

int Position::water_turns(Square s) const {
  int i = rules_->water_index(s);
  return i < 0 ? 0 : state().water_turns[i];
}

uint64_t Position::compute_board_key() const {
  uint64_t k = side_ == kRed ? zobrist::side_key() : 0;
  for (Square s = 0; s < rules_->geometry().squares(); ++s) {
    if (board_[s] != kNoPiece) k ^= zobrist::piece_key(Piece(board_[s]), s);
  }
  return k;
}

uint64_t Position::compute_key() const {
  uint64_t k = compute_board_key();
  const StateInfo& st = state();
  for (int i = 0; i < kMaxCountedWaterSquares; ++i) {
    if (st.water_turns[i]) k ^= zobrist::water_turns_key(i, st.water_turns[i]);
  }
  for (Side s : {kBlue, kRed}) {
    if (st.den_turns[s]) k ^= zobrist::den_turns_key(s, st.den_turns[s]);
  }
  return k;
}

// The counters a ply ends with, for a move and a failed attack alike: each
// piece of the side `us` that moved and is in the water has spent one more
// turn there and may drown (its key taken out of `board_key`), and a piece
// in its own den has stayed one more turn. `st.water_turns` holds the turns
// after the piece's own step already. Returns the counters' part of the key.
[[gnu::always_inline]] inline uint64_t Position::end_of_ply_counters(StateInfo& st,
                                                                     const StateInfo& prev, Side us,
                                                                     uint64_t& board_key) {
  const RuleSet& rs = *rules_;
  uint64_t counters_key = 0;
  if (rs.tracks_water_turns()) {
    for (Bitboard b = by_side_[us] & rs.water(); b;) {
      Square s = pop_lsb(b);
      int i = rules_->water_index(s);
      if (++st.water_turns[i] > rules().water_turn_limit) {
        st.drowned |= square_bb(s);
        st.drowned_piece[i] = board_[s];
        board_key ^= zobrist::piece_key(Piece(board_[s]), s);
        remove_piece(s);
        st.water_turns[i] = 0;
      }
    }
    if (st.drowned) st.plies_since_capture = 0;
    for (int i = 0; i < kMaxCountedWaterSquares; ++i) {
      if (st.water_turns[i]) counters_key ^= zobrist::water_turns_key(i, st.water_turns[i]);
    }
  }
  if (rs.tracks_den_food()) {
    st.den_turns = prev.den_turns;
    if (by_side_[us] & rs.den_bb(us)) ++st.den_turns[us];
    for (Side s : {kBlue, kRed}) {
      if (st.den_turns[s]) counters_key ^= zobrist::den_turns_key(s, st.den_turns[s]);
    }
  }
  return counters_key;
}

void Position::do_move(Move m) {
  const RuleSet& rs = *rules_;
  const Square from = m.from(), to = m.to();
  const Side us = side_;
  const Piece moved = Piece(board_[from]);
  const Piece captured = Piece(board_[to]);

  // States are reused rather than constructed: do_move writes every field
  // that is read later, and the counters only when the rules track them.
  // Compared as iterators: size() divides by sizeof(StateInfo) at every move.
  if (states_.begin() + (ply_ + 1) == states_.end()) states_.resize(states_.size() * 2);
  StateInfo& st = states_[++ply_];
  const StateInfo& prev = states_[ply_ - 1];
  st.move = m;
  st.drowned = 0;
  st.moved = uint8_t(moved);
  st.captured = uint8_t(captured);
  st.failed_attack = false;
  uint64_t board_key = prev.board_key ^ zobrist::side_key() ^ zobrist::piece_key(moved, from) ^
                       zobrist::piece_key(moved, to);
  if (captured != kNoPiece) {
    board_key ^= zobrist::piece_key(captured, to);
    remove_piece(to);
  }
  move_piece(from, to);
  st.plies_since_capture = captured != kNoPiece ? 0 : prev.plies_since_capture + 1;
  if (rs.tracks_water_turns()) {
    st.water_turns = prev.water_turns;
    const int wf = rules_->water_index(from), wt = rules_->water_index(to);
    int carried = 0;
    if (wf >= 0) {
      carried = st.water_turns[wf];
      st.water_turns[wf] = 0;
    }
    if (wt >= 0) st.water_turns[wt] = uint8_t(carried);
  }
  const uint64_t counters_key = end_of_ply_counters(st, prev, us, board_key);

  side_ = opponent(us);
  st.board_key = board_key;
  st.key = board_key ^ counters_key;

  // A position can recur only after four reversible plies; the previous
  // occurrence already knows how many came before it.
  const int earlier = latest_occurrence(board_key, ply_ - 4, ply_ - st.plies_since_capture);
  st.repetitions = (earlier >= 0 ? states_[earlier].repetitions
                                 : seeded_occurrences(board_key, ply_, st.plies_since_capture)) +
                   1;
  index_state(ply_);
}

void Position::do_failed_attack(Move m, bool remove_attacker) {
  const RuleSet& rs = *rules_;
  const Square from = m.from();
  const Side us = side_;
  const Piece attacker = Piece(board_[from]);
  if (states_.begin() + (ply_ + 1) == states_.end()) states_.resize(states_.size() * 2);
  StateInfo& st = states_[++ply_];
  const StateInfo& prev = states_[ply_ - 1];
  st.move = m;
  st.drowned = 0;
  st.moved = uint8_t(attacker);
  st.captured = kNoPiece;
  st.failed_attack = true;
  st.attacker_removed = remove_attacker;
  uint64_t board_key = prev.board_key ^ zobrist::side_key();
  if (remove_attacker) {
    board_key ^= zobrist::piece_key(attacker, from);
    remove_piece(from);
  }
  st.plies_since_capture = remove_attacker ? 0 : prev.plies_since_capture + 1;
  if (rs.tracks_water_turns()) {
    // As after a move: the side's pieces in the water have spent one more
    // turn there (the attacker too, when it stays), and may drown.
    st.water_turns = prev.water_turns;
    if (const int wf = rules_->water_index(from); wf >= 0 && remove_attacker)
      st.water_turns[wf] = 0;
  }
  const uint64_t counters_key = end_of_ply_counters(st, prev, us, board_key);
  side_ = opponent(us);
  st.board_key = board_key;
  st.key = board_key ^ counters_key;
  // An attacker that stays leaves the placement as it was, so two such plies
  // in a row repeat it: look back two plies rather than four.
  const int earlier = latest_occurrence(board_key, ply_ - 2, ply_ - st.plies_since_capture);
  st.repetitions = (earlier >= 0 ? states_[earlier].repetitions
                                 : seeded_occurrences(board_key, ply_, st.plies_since_capture)) +
                   1;
  index_state(ply_);
}

void Position::index_state(int ply) {
  int32_t& slot = repetition_slots_[repetition_slot(states_[ply].board_key)];
  states_[ply].prev_in_slot = slot;
  slot = ply;
}

void Position::unindex_state(int ply) {
  repetition_slots_[repetition_slot(states_[ply].board_key)] = states_[ply].prev_in_slot;
}

void Position::undo_move() {
  const StateInfo& st = states_[ply_];
  const Square from = st.move.from(), to = st.move.to();
  side_ = opponent(side_);
  for (Bitboard b = st.drowned; b;) {
    Square s = pop_lsb(b);
    put_piece(Piece(st.drowned_piece[rules_->water_index(s)]), s);
  }
  if (st.failed_attack) [[unlikely]] {
    if (st.attacker_removed) put_piece(Piece(st.moved), from);
  } else {
    move_piece(to, from);
    if (st.captured != kNoPiece) put_piece(Piece(st.captured), to);
  }
  unindex_state(ply_);
  --ply_;
}

void Position::do_null_move() {
  if (states_.begin() + (ply_ + 1) == states_.end()) states_.resize(states_.size() * 2);
  StateInfo& st = states_[++ply_];
  const StateInfo& prev = states_[ply_ - 1];
  st = prev;
  st.move = Move();
  st.moved = kNoPiece;
  st.captured = kNoPiece;
  st.failed_attack = false;
  st.drowned = 0;
  st.board_key ^= zobrist::side_key();
  st.key ^= zobrist::side_key();
  // A pass is not part of the game, so no repetition may reach back across it.
  st.plies_since_capture = 0;
  st.repetitions = 1;
  index_state(ply_);
  side_ = opponent(side_);
}

void Position::undo_null_move() {
  side_ = opponent(side_);
  unindex_state(ply_);
  --ply_;
}

int Position::occurrences_after(Move m) const {
  const StateInfo& st = state();
  const Square from = m.from(), to = m.to();
  if (board_[to] != kNoPiece) return 0;  // a capture makes a position never seen before
  if (rules_->tracks_water_turns()) {
    // A move that drowns a piece is irreversible too, so it repeats nothing.
    const Bitboard water = rules_->water();
    const int wf = rules_->water_index(from);
    for (Bitboard b = by_side_[side_] & water & ~square_bb(from); b;) {
      if (st.water_turns[rules_->water_index(pop_lsb(b))] + 1 > rules().water_turn_limit) return 0;
    }
    if ((water & square_bb(to)) &&
        (wf >= 0 ? st.water_turns[wf] : 0) + 1 > rules().water_turn_limit)
      return 0;
  }
  const Piece moved = Piece(board_[from]);
  const uint64_t key = st.board_key ^ zobrist::side_key() ^ zobrist::piece_key(moved, from) ^
                       zobrist::piece_key(moved, to);
  // The latest earlier occurrence already counts those before it.
  const int after = ply_ + 1;  // index the new state would have
  const int earlier = latest_occurrence(key, after - 2, after - (st.plies_since_capture + 1));
  return earlier >= 0 ? states_[earlier].repetitions
                      : seeded_occurrences(key, after, st.plies_since_capture + 1);
}

void Position::seed_occurrences(uint64_t board_key, int times) {
  if (ply_ != 0) throw std::logic_error("seed_occurrences: only at the root, before any move");
  const auto seeded = std::find_if(seeded_.begin(), seeded_.end(),
                                   [&](const auto& s) { return s.first == board_key; });
  if (seeded != seeded_.end()) {
    seeded->second = std::max(seeded->second, times);
  } else {
    seeded_.emplace_back(board_key, times);
  }
  if (board_key == states_[0].board_key) {
    states_[0].repetitions = std::max(states_[0].repetitions, times);
  }
}

GameResult Position::terminal_state_slow(Termination* why) const {
  const RuleSet& rs = *rules_;
  const StateInfo& st = state();
  auto finish = [&](GameResult r, Termination t) {
    if (why) *why = t;
    return r;
  };
  auto win_for = [](Side s) { return s == kBlue ? GameResult::kBlueWins : GameResult::kRedWins; };
  for (Side s : {opponent(side_), side_}) {
    if (by_side_[s] & rs.den_bb(opponent(s))) {
      return finish(win_for(s), Termination::kDenEntered);
    }
  }
  for (Side s : {side_, opponent(side_)}) {
    if (!by_side_[s]) return finish(win_for(opponent(s)), Termination::kAllCaptured);
  }
  if (rs.tracks_den_food()) {
    for (Side s : {opponent(side_), side_}) {
      if (st.den_turns[s] >= rules().den_food_limit) {
        return finish(win_for(opponent(s)), Termination::kDenFood);
      }
    }
  }
  if (st.plies_since_capture >= rs.draw_after_plies_without_capture()) {
    return finish(GameResult::kDraw, Termination::kMoveLimit);
  }
  if (st.repetitions >= rs.draw_at_repetition()) {
    return finish(GameResult::kDraw, Termination::kRepetition);
  }
  return finish(GameResult::kOngoing, Termination::kNone);
}

std::string Position::diagram() const {
  const RuleSet& rs = *rules_;
  const Geometry& g = rs.geometry();
  const int label = g.ranks() >= 10 ? 2 : 1;  // width of the rank numbers
  const std::string margin(size_t(label + 1), ' ');
  const std::string border = margin + "+" + std::string(size_t(2 * g.files() + 1), '-') + "+\n";
  std::ostringstream out;
  out << border;
  for (int rank = g.ranks() - 1; rank >= 0; --rank) {
    std::string number = std::to_string(rank + 1);
    out << std::string(size_t(label) - number.size(), ' ') << number << " |";
    for (int file = 0; file < g.files(); ++file) {
      Square s = g.square(file, rank);
      char c = piece_letter(piece_on(s));
      if (c == '.') {
        if (rs.water() & square_bb(s)) c = '~';
        if (rs.all_traps() & square_bb(s)) c = '#';
        if (rs.dens_bb() & square_bb(s)) c = '*';
      }
      out << ' ' << c;
    }
    out << " |\n";
  }
  out << border << margin << " ";
  for (int file = 0; file < g.files(); ++file) out << ' ' << char('a' + file);
  out << "\n";
  return out.str();
}

}  // namespace jungle
