#include "core/movegen.h"

#include <algorithm>
#include <cassert>

namespace jungle {

bool MoveList::contains(Move m) const {
  return std::find(begin(), end(), m) != end();
}

namespace {

inline bool capture_allowed(const Position& pos, const RuleSet& rs, Side us, Square from,
                            Square to) {
  if (!(rs.capture_zone(from) & square_bb(to))) return false;
  const Animal a = animal_of(pos.piece_on(from));
  const uint8_t beatable = (rs.weakening_traps(us) & square_bb(to)) ? rs.capture_targets_on_trap(a)
                           : (rs.weakened_origins(us) & square_bb(from))
                               ? rs.capture_targets_weakened(a)
                           : (rs.water() & square_bb(from)) ? rs.capture_targets_from_water(a)
                                                            : rs.capture_targets(a);
  return (beatable >> animal_of(pos.piece_on(to))) & 1;
}

// Walks the pieces of the side to move among `movers` once, in square
// order; for each calls emit(from, targets) with the bitboard of its legal
// destinations. Captures are rare among the targets, so each is checked on
// its own rather than building capture masks for every animal at every node.
template <typename Emit>
inline void for_each_piece_targets(const Position& pos, Bitboard movers, Emit&& emit) {
  const RuleSet& rs = pos.rule_set();
  const Side us = pos.side_to_move();
  const Bitboard own = pos.pieces(us);
  const Bitboard enemy = pos.pieces(opponent(us));
  const Bitboard occupied = own | enemy;

  for (Bitboard pieces = own & movers; pieces;) {
    const Square from = pop_lsb(pieces);
    const Animal a = animal_of(pos.piece_on(from));
    Bitboard targets = rs.steps(us, a, from);
    if (rs.jump_origins(us, a) & square_bb(from)) {
      for (const Jump& jump : rs.jumps_from(us, a, from)) {
        if (jump.to == kNoSquare) break;
        if (!(occupied & jump.blockers)) targets |= square_bb(jump.to);
      }
    }
    targets &= ~own;
    for (Bitboard captures = targets & enemy; captures;) {
      const Square to = pop_lsb(captures);
      if (!capture_allowed(pos, rs, us, from, to)) targets ^= square_bb(to);
    }
    emit(from, targets);
  }
}

// The captures among the steps of a step group's `pieces` onto enemy
// pieces. Out of line, as few nodes have any: the step counting that calls
// it keeps its registers for the common case.
[[gnu::noinline]] int count_step_captures(const Position& pos, const RuleSet& rs, Side us,
                                          Bitboard pieces, const RuleSet::StepGroup& group) {
  const Bitboard enemy = pos.pieces(opponent(us));
  const int files = rs.geometry().files();
  const Bitboard onto[4] = {
      (pieces << files) & group.standable & enemy, (pieces >> files) & group.standable & enemy,
      (pieces << 1) & group.standable_east & enemy, (pieces >> 1) & group.standable_west & enemy};
  const int delta[4] = {files, -files, 1, -1};
  int count = 0;
  for (int d = 0; d < 4; ++d) {
    for (Bitboard b = onto[d]; b;) {
      const Square to = pop_lsb(b);
      count += capture_allowed(pos, rs, us, to - delta[d], to);
    }
  }
  return count;
}

}  // namespace

namespace detail {

Bitboard jumpers_on_origins(const Position& pos, Side us) {
  // Only the animals the rules let jump have jump origins: walking those
  // two, not all eight, was a quarter of count_pseudo_moves' instructions
  // at every perft leaf.
  const RuleSet& rs = pos.rule_set();
  Bitboard on_origins = 0;
  for (unsigned jumpers = rs.jumper_bits(); jumpers; jumpers &= jumpers - 1) {
    const Animal a = Animal(std::countr_zero(jumpers));
    on_origins |= pos.pieces(us, a) & rs.jump_origins(us, a);
  }
  return on_origins;
}

// Out of line, as few positions have a jumper on a river bank.
[[gnu::noinline]] int count_jumps(const Position& pos, Side us, Bitboard on_origins) {
  const RuleSet& rs = pos.rule_set();
  const Bitboard own = pos.pieces(us);
  const Bitboard enemy = pos.pieces(opponent(us));
  const Bitboard occupied = own | enemy;
  int count = 0;
  while (on_origins) {
    const Square from = pop_lsb(on_origins);
    const Animal a = animal_of(pos.piece_on(from));
    for (const Jump& jump : rs.jumps_from(us, a, from)) {
      if (jump.to == kNoSquare) break;
      if (occupied & jump.blockers) continue;
      if (!(occupied & square_bb(jump.to))) {
        ++count;
      } else if (enemy & square_bb(jump.to)) {
        count += capture_allowed(pos, rs, us, from, jump.to);
      }
    }
  }
  return count;
}

}  // namespace detail

namespace {

// The steps of a step group's `pieces`, a direction at a time for all of
// them at once: each shifted bitboard maps pieces to destinations
// one-to-one, so its popcount is a move count. Captures, which few leaves
// have, are counted out of line.
inline int count_group_steps(const Position& pos, const RuleSet& rs, Side us, Bitboard pieces,
                             const RuleSet::StepGroup& group, Bitboard enemy, Bitboard empty,
                             int files) {
  // Standable squares are on the board, so they also clip steps off it.
  const Bitboard north = (pieces << files) & group.standable;
  const Bitboard south = (pieces >> files) & group.standable;
  const Bitboard east = (pieces << 1) & group.standable_east;
  const Bitboard west = (pieces >> 1) & group.standable_west;
  int count = popcount(north & empty) + popcount(south & empty) + popcount(east & empty) +
              popcount(west & empty);
  if ((north | south | east | west) & enemy) [[unlikely]] {
    count += count_step_captures(pos, rs, us, pieces, group);
  }
  return count;
}

// The pieces of `us` whose animals make up `group`.
inline Bitboard group_pieces(const Position& pos, Side us, const RuleSet::StepGroup& group) {
  Bitboard pieces = 0;
  for (unsigned bits = group.animals; bits; bits &= bits - 1) {
    pieces |= pos.pieces(us, Animal(std::countr_zero(bits)));
  }
  return pieces;
}

// Counts what for_each_piece_targets would list: the steps of each step
// group (animals that may stand on the same squares move alike), then the
// river jumps.
int count_pseudo_moves(const Position& pos) {
  const RuleSet& rs = pos.rule_set();
  const Side us = pos.side_to_move();
  const Bitboard own = pos.pieces(us);
  const Bitboard enemy = pos.pieces(opponent(us));
  const Bitboard empty = ~(own | enemy);
  const int files = rs.geometry().files();
  const int groups = rs.step_group_count(us);
  int count;
  // The largest group comes last, its pieces found as all the rest. Two
  // groups (the Rat, the rest) are the common case, written out.
  if (groups == 2) {
    const RuleSet::StepGroup& first = rs.step_group(us, 0);
    const RuleSet::StepGroup& rest = rs.step_group(us, 1);
    const Bitboard firsts = group_pieces(pos, us, first);
    count = count_group_steps(pos, rs, us, firsts, first, enemy, empty, files) +
            count_group_steps(pos, rs, us, own & ~firsts, rest, enemy, empty, files);
  } else {
    count = 0;
    Bitboard grouped = 0;
    for (int g = 0; g < groups; ++g) {
      const RuleSet::StepGroup& group = rs.step_group(us, g);
      const Bitboard pieces = g + 1 < groups ? group_pieces(pos, us, group) : own & ~grouped;
      grouped |= pieces;
      count += count_group_steps(pos, rs, us, pieces, group, enemy, empty, files);
    }
  }
  // Jumps, for the few jumpers standing on a river bank.
  const Bitboard on_origins = detail::jumpers_on_origins(pos, us);
  if (on_origins) count += detail::count_jumps(pos, us, on_origins);
  return count;
}

bool bush_rule_applies(const Position& pos) {
  return pos.rules().repetition == RepetitionRule::kBush && pos.last_moved_piece() != kNoPiece;
}

// David Bush's rule: no chasing move may produce a position for the third time.
bool bush_forbids(const Position& pos, Move m) {
  const Animal mover = animal_of(pos.piece_on(m.from()));
  const Animal chased = animal_of(pos.last_moved_piece());
  return rank_allows_capture(pos.rules(), mover, chased) && pos.occurrences_after(m) >= 2;
}

void remove_bush_violations(const Position& pos, MoveList& list) {
  if (!bush_rule_applies(pos)) return;
  auto end = std::remove_if(list.begin(), list.end(), [&](Move m) { return bush_forbids(pos, m); });
  list.resize(int(end - list.begin()));
}

}  // namespace

namespace {

void add_pseudo_moves(const Position& pos, MoveList& list) {
  for_each_piece_targets(pos, pos.pieces(pos.side_to_move()), [&](Square from, Bitboard targets) {
    while (targets) list.push(Move(from, pop_lsb(targets)));
  });
}

}  // namespace

MoveList generate_pseudo_moves(const Position& pos) {
  MoveList list;
  add_pseudo_moves(pos, list);
  return list;
}

namespace {

// The bodies of the public functions below, with and without the test of
// the game's end, inline in both.
inline MoveList legal_moves(const Position& pos) {
  MoveList list;  // one list filled in place, so that it is returned without a copy
  add_pseudo_moves(pos, list);
  remove_bush_violations(pos, list);
  return list;
}

inline MoveList tactical_moves(const Position& pos) {
  MoveList list;
  const Side us = pos.side_to_move();
  const Bitboard wanted = pos.pieces(opponent(us)) | pos.rule_set().den_bb(opponent(us));
  // Only a piece beside a wanted square (a step is to a neighbour) or a
  // jumper on a river bank can reach one: walking those alone, in the same
  // order, lists the same moves. Most pieces are neither, and quiescence
  // asks at every node.
  const Bitboard movers =
      pos.rule_set().geometry().neighbours(wanted) | detail::jumpers_on_origins(pos, us);
  for_each_piece_targets(pos, movers, [&](Square from, Bitboard targets) {
    for (targets &= wanted; targets;) list.push(Move(from, pop_lsb(targets)));
  });
  remove_bush_violations(pos, list);
  return list;
}

inline bool any_legal_move(const Position& pos) {
  if (bush_rule_applies(pos)) return !legal_moves(pos).empty();
  // Nearly always some piece can step onto an empty square; test that first,
  // a step group at a time, before counting captures and jumps.
  const RuleSet& rs = pos.rule_set();
  const Side us = pos.side_to_move();
  const Bitboard own = pos.pieces(us);
  const Bitboard empty = ~(own | pos.pieces(opponent(us)));
  const int groups = rs.step_group_count(us);
  const Geometry& board = rs.geometry();
  Bitboard anyone = board.all();  // squares every piece may stand on
  for (int g = 0; g < groups; ++g) anyone &= rs.step_group(us, g).standable;
  if (board.neighbours(own) & anyone & empty) return true;
  Bitboard grouped = 0;
  for (int g = 0; g < groups; ++g) {
    const Bitboard pieces = detail::step_group_pieces(pos, us, g, grouped);
    grouped |= pieces;
    if (board.neighbours(pieces) & rs.step_group(us, g).standable & empty) return true;
  }
  return count_pseudo_moves(pos) > 0;
}

}  // namespace

MoveList generate_moves(const Position& pos) {
  if (pos.terminal_state() != GameResult::kOngoing) return MoveList();
  return legal_moves(pos);
}

MoveList generate_moves_ongoing(const Position& pos) {
  assert(pos.terminal_state() == GameResult::kOngoing);
  return legal_moves(pos);
}

MoveList generate_tactical_moves(const Position& pos) {
  if (pos.terminal_state() != GameResult::kOngoing) return MoveList();
  return tactical_moves(pos);
}

MoveList generate_tactical_moves_ongoing(const Position& pos) {
  assert(pos.terminal_state() == GameResult::kOngoing);
  return tactical_moves(pos);
}

int count_moves(const Position& pos) {
  if (pos.terminal_state() != GameResult::kOngoing) return 0;
  if (bush_rule_applies(pos)) return legal_moves(pos).size();
  return count_pseudo_moves(pos);
}

bool has_legal_move(const Position& pos) {
  return pos.terminal_state() == GameResult::kOngoing && any_legal_move(pos);
}

bool has_legal_move_ongoing(const Position& pos) {
  assert(pos.terminal_state() == GameResult::kOngoing);
  return any_legal_move(pos);
}

namespace detail {

Move den_step_from(const Position& pos, Side side, Bitboard candidates, bool check_bush) {
  // Jumps land beside the water, never in a den, so steps are all there is.
  const RuleSet& rs = pos.rule_set();
  // Only called with candidates next to the den, so the den exists.
  const Square den = rs.den(opponent(side));
  const Bitboard den_bb = rs.den_bb(opponent(side));
  const Piece occupant = pos.piece_on(den);
  const bool bush = check_bush && bush_rule_applies(pos);
  for (Bitboard b = candidates; b;) {
    const Square from = pop_lsb(b);
    if (!(rs.steps(side, animal_of(pos.piece_on(from)), from) & den_bb)) continue;
    if (occupant != kNoPiece &&
        (side_of(occupant) == side || !capture_allowed(pos, rs, side, from, den)))
      continue;
    const Move m(from, den);
    if (bush && bush_forbids(pos, m)) continue;
    return m;
  }
  return Move();
}

}  // namespace detail

bool is_legal(const Position& pos, Move m) {
  return generate_moves(pos).contains(m);
}

MoveList generate_moves_past_draws(const Position& pos) {
  if (pos.terminal_state() != GameResult::kDraw) return generate_moves(pos);
  // Wins on the board are tested before the draw rules, so a draw here is
  // one of those rules; the pieces can still move as ever.
  MoveList list;
  add_pseudo_moves(pos, list);
  remove_bush_violations(pos, list);
  return list;
}

GameResult game_result(const Position& pos, Termination* why) {
  GameResult result = pos.terminal_state(why);
  if (result != GameResult::kOngoing) return result;
  if (count_moves(pos) > 0) return result;
  if (why) *why = Termination::kNoLegalMove;
  if (pos.rules().no_legal_move == NoMoveRule::kDraw) return GameResult::kDraw;
  return pos.side_to_move() == kBlue ? GameResult::kRedWins : GameResult::kBlueWins;
}

}  // namespace jungle
