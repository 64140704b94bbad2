#include "core/notation.h"

#include "core/movegen.h"
#include "core/text_util.h"

namespace jungle {

namespace {

std::string name_of(Animal a) {
  return std::string(animal_name(a));
}

// The squares strictly between two squares on one file or rank (0 otherwise).
Bitboard squares_between(const Geometry& g, Square from, Square to) {
  int df = g.file_of(to) - g.file_of(from), dr = g.rank_of(to) - g.rank_of(from);
  if (df != 0 && dr != 0) return 0;
  int step_f = (df > 0) - (df < 0), step_r = (dr > 0) - (dr < 0);
  Bitboard between = 0;
  for (int f = g.file_of(from) + step_f, r = g.rank_of(from) + step_r; g.square(f, r) != to;
       f += step_f, r += step_r) {
    between |= square_bb(g.square(f, r));
  }
  return between;
}

std::string game_over_text(const Position& pos) {
  Termination why = Termination::kNone;
  GameResult result = game_result(pos, &why);
  std::string winner = result == GameResult::kBlueWins  ? "Blue won"
                       : result == GameResult::kRedWins ? "Red won"
                                                        : "drawn";
  return "the game is over (" + winner + ": " + std::string(termination_tag(why)) + ")";
}

std::string explain_capture(const Position& pos, Square from, Square to) {
  const RuleSet& rs = pos.rule_set();
  const Rules& rules = rs.rules();
  const Side us = pos.side_to_move();
  const Animal mover = animal_of(pos.piece_on(from));
  const Animal target = animal_of(pos.piece_on(to));
  const bool from_water = rs.water() & square_bb(from);
  const bool to_water = rs.water() & square_bb(to);
  auto square_name = [&](Square s) { return rs.geometry().square_name(s); };
  if (!(rs.capture_zone(from) & square_bb(to))) {
    return from_water ? name_of(mover) + " in the water cannot capture the " + name_of(target) +
                            " on land at " + square_name(to)
                      : name_of(mover) + " on land cannot capture the " + name_of(target) +
                            " in the water at " + square_name(to);
  }
  if (rs.weakening_traps(us) & square_bb(to)) {
    if ((rs.capture_targets_on_trap(mover) >> target) & 1) return {};
    return name_of(mover) + " may never capture the " + name_of(target);
  }
  if (rs.weakened_origins(us) & square_bb(from)) {
    if ((rs.capture_targets_weakened(mover) >> target) & 1) return {};
    return name_of(mover) + " on a trap has rank 0 and cannot capture the " + name_of(target);
  }
  uint8_t targets = from_water ? rs.capture_targets_from_water(mover) : rs.capture_targets(mover);
  if ((targets >> target) & 1) return {};
  if (from_water && !to_water && rank_allows_capture(rules, mover, target)) {
    return name_of(mover) + " in the water cannot capture the " + name_of(target);
  }
  return name_of(mover) + " cannot capture " + name_of(target);
}

}  // namespace

std::string explain_illegal(const Position& pos, Square from, Square to) {
  const RuleSet& rs = pos.rule_set();
  const Geometry& g = rs.geometry();
  if (!g.contains(from) || !g.contains(to)) return "not a square on the board";
  if (game_result(pos) != GameResult::kOngoing) return game_over_text(pos);
  auto square_name = [&](Square s) { return g.square_name(s); };
  const Side us = pos.side_to_move();
  const Piece piece = pos.piece_on(from);
  if (piece == kNoPiece) return "no piece on " + square_name(from);
  const Animal a = animal_of(piece);
  if (side_of(piece) != us) {
    return "the " + name_of(a) + " on " + square_name(from) + " is " + side_name(side_of(piece)) +
           "'s; " + side_name(us) + " is to move";
  }
  if (from == to) return "a move must go to another square";
  const Piece occupant = pos.piece_on(to);
  const Bitboard between = squares_between(g, from, to);
  const bool step = (rs.steps(us, a, from) | g.neighbours(square_bb(from))) & square_bb(to);
  const bool crossing = between && (between & rs.water()) == between &&
                        !(rs.water() & (square_bb(from) | square_bb(to)));

  if (step) {
    // Some rule sets (anti-draw) let a piece into its own den.
    if (to == rs.den(us) && !(rs.standable(us, a) & square_bb(to)))
      return name_of(a) + " may not enter its own den at " + square_name(to);
    if ((rs.water() & square_bb(to)) && !(rs.standable(us, a) & square_bb(to))) {
      return name_of(a) + " may not enter the water at " + square_name(to);
    }
    if (!(rs.standable(us, a) & square_bb(to))) {
      return name_of(a) + " may not enter the trap at " + square_name(to) + " in this rule set";
    }
  } else if (crossing) {
    const Rules& rules = rs.rules();
    const bool vertical = g.file_of(from) == g.file_of(to);
    if (!(vertical ? rules.vertical_jumpers : rules.horizontal_jumpers).contains(a)) {
      return name_of(a) + " cannot jump " + (vertical ? "vertically" : "horizontally") +
             " across the river";
    }
    const Bitboard blockers =
        (vertical ? rules.vertical_jump_unblocked : rules.horizontal_jump_unblocked).contains(a)
            ? 0
            : between & pos.occupied();
    if (blockers) {
      const Piece blocker = pos.piece_on(lsb(blockers));
      return name_of(a) + " may not jump over the " + name_of(animal_of(blocker)) + " on " +
             square_name(lsb(blockers));
    }
    if (!(rs.standable(us, a) & square_bb(to))) {
      return name_of(a) + " may not land on " + square_name(to) + " in this rule set";
    }
  } else {
    return std::string(a == kElephant ? "an " : "a ") + name_of(a) +
           " moves one square along a file or rank" +
           (rs.jumps(a) ? " or jumps straight across a river" : "") + "; " + square_name(from) +
           square_name(to) + " is neither";
  }

  if (occupant != kNoPiece && side_of(occupant) == us) {
    return square_name(to) + " is occupied by your own " + name_of(animal_of(occupant));
  }
  if (occupant != kNoPiece) {
    std::string why = explain_capture(pos, from, to);
    if (!why.empty()) return why;
  }
  if (!is_legal(pos, Move(from, to))) {
    if (pos.rules().repetition == RepetitionRule::kBush) {
      return "it would repeat a position a third time while chasing the " +
             name_of(animal_of(pos.last_moved_piece())) + " (David Bush's rule)";
    }
    return "the move is not legal here";
  }
  return {};
}

std::optional<Move> parse_move(const Position& pos, std::string_view text, std::string* error) {
  const std::string t = trim(text);
  const std::optional<Move> m = pos.rule_set().geometry().parse_move_text(t);
  if (!m) {
    if (error) {
      *error = "malformed move '" + std::string(t) +
               "': expected a from-square and a to-square, like a3a4";
    }
    return std::nullopt;
  }
  if (is_legal(pos, *m)) return m;
  if (error) {
    *error = "illegal move " + std::string(t) + ": " + explain_illegal(pos, m->from(), m->to());
  }
  return std::nullopt;
}

}  // namespace jungle
