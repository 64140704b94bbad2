#include "core/reply_counter.h"

#include "core/movegen.h"

namespace jungle {

ReplyCounter::ReplyCounter(const Position& pos)
    : pos_(pos),
      them_(opponent(pos.side_to_move())),
      ours_(pos.pieces(pos.side_to_move())),
      empty_(~pos.occupied()),
      must_play_(pos.pieces(them_)),
      their_den_(pos.rule_set().den_bb(them_)),
      quiet_moves_end_game_(pos.plies_since_capture() + 1 >=
                            pos.rule_set().draw_after_plies_without_capture()) {
  const RuleSet& rs = pos.rule_set();
  const int files = rs.geometry().files();
  const int groups = rs.step_group_count(them_);
  Bitboard grouped = 0;
  for (int g = 0; g < groups; ++g) {
    const RuleSet::StepGroup& group = rs.step_group(them_, g);
    const Bitboard pieces = detail::step_group_pieces(pos, them_, g, grouped);
    grouped |= pieces;
    destinations_[destination_count_++] = (pieces << files) & group.standable;
    destinations_[destination_count_++] = (pieces >> files) & group.standable;
    destinations_[destination_count_++] = (pieces << 1) & group.standable_east;
    destinations_[destination_count_++] = (pieces >> 1) & group.standable_west;
  }
  for (int i = 0; i < destination_count_; ++i) {
    step_targets_ |= destinations_[i];
    steps_ += popcount(destinations_[i] & empty_);
    for (Bitboard b = destinations_[i]; b;) ++steps_onto_[pop_lsb(b)];
  }
  const Bitboard jumpers = detail::jumpers_on_origins(pos, them_);
  if (!jumpers) return;
  jumps_ = detail::count_jumps(pos, them_, jumpers);
  for (Bitboard b = jumpers; b;) {
    const Square from = pop_lsb(b);
    for (const Jump& jump : rs.jumps_from(them_, animal_of(pos.piece_on(from)), from)) {
      if (jump.to == kNoSquare) break;
      jump_squares_ |= jump.blockers | square_bb(jump.to);
    }
  }
}

int ReplyCounter::captures_after(Square from, Square to, Bitboard ours) const {
  const RuleSet& rs = pos_.rule_set();
  const int files = rs.geometry().files();
  // The square a step of direction `i % kDirections` started from, by its
  // destination: the inverse of the shifts above.
  const int back[kDirections] = {-files, files, -1, 1};
  const Animal mover = animal_of(pos_.piece_on(from));
  int count = 0;
  for (int i = 0; i < destination_count_; ++i) {
    for (Bitboard b = destinations_[i] & ours; b;) {
      const Square target = pop_lsb(b);
      const Square attacker = target + back[i % kDirections];
      const Animal taken = target == to ? mover : animal_of(pos_.piece_on(target));
      count += rs.may_capture(them_, animal_of(pos_.piece_on(attacker)), attacker, taken, target);
    }
  }
  return count;
}

}  // namespace jungle
