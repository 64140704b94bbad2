#include "core/rule_set.h"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string>

namespace jungle {

bool rank_allows_capture(const Rules& rules, Animal attacker, Animal target) {
  if (attacker == kRat && target == kElephant) return rules.rat_takes_elephant;
  if (attacker == kElephant && target == kRat) {
    return rules.elephant_takes_rat && !rules.elephant_never_takes_rat;
  }
  return rules.rank[attacker] >= rules.rank[target];
}

std::string board_square_name(BoardSquare s) {
  return char('a' + s.file) + std::to_string(s.rank + 1);
}

namespace {

std::string board_size(const Rules& r) {
  return std::to_string(r.files) + "x" + std::to_string(r.ranks);
}

}  // namespace

std::optional<BoardProblem> board_problem(const Rules& r) {
  if (r.files < 1 || r.files > Geometry::kMaxFiles) {
    return BoardProblem{"board.files", "files = " + std::to_string(r.files) + " is outside 1.." +
                                           std::to_string(Geometry::kMaxFiles)};
  }
  if (r.ranks < 1 || r.ranks > Geometry::kMaxSquares) {
    return BoardProblem{"board.ranks", "ranks = " + std::to_string(r.ranks) + " is outside 1.." +
                                           std::to_string(Geometry::kMaxSquares)};
  }
  if (!Geometry::valid(r.files, r.ranks)) {
    return BoardProblem{"board.ranks", "the board is " + board_size(r) + ", " +
                                           std::to_string(r.files * r.ranks) +
                                           " squares; at most 64 fit"};
  }
  const Geometry g(r.files, r.ranks);
  auto on_board = [&](BoardSquare s) { return g.contains(s.file, s.rank); };
  auto outside = [&](const std::string& what, BoardSquare s) {
    return what + " " + board_square_name(s) + " is outside the " + board_size(r) + " board";
  };
  if (!r.dens.empty() && r.dens.size() != 2) {
    return BoardProblem{"board.dens",
                        "dens must name two squares, Blue's then Red's (or none); "
                        "it names " +
                            std::to_string(r.dens.size())};
  }
  for (size_t i = 0; i < r.dens.size(); ++i) {
    if (!on_board(r.dens[i])) {
      return BoardProblem{"board.dens", outside(side_name(Side(i)) + "'s den", r.dens[i])};
    }
  }
  if (r.dens.size() == 2 && r.dens[0] == r.dens[1]) {
    return BoardProblem{"board.dens",
                        "both dens are on " + board_square_name(r.dens[0]) + "; they must differ"};
  }
  auto is_den = [&](BoardSquare s) {
    return std::find(r.dens.begin(), r.dens.end(), s) != r.dens.end();
  };
  auto is_water = [&](BoardSquare s) {
    return std::find(r.water_squares.begin(), r.water_squares.end(), s) != r.water_squares.end();
  };
  if (r.has_water) {
    for (BoardSquare s : r.water_squares) {
      if (!on_board(s)) return BoardProblem{"board.water", outside("water square", s)};
      if (is_den(s)) {
        return BoardProblem{"board.water", "water square " + board_square_name(s) + " is a den"};
      }
    }
  }
  if (r.has_traps) {
    for (Side side : {kBlue, kRed}) {
      const std::string key = side == kBlue ? "board.blue_traps" : "board.red_traps";
      const std::string what = side_name(side) + " trap";
      for (BoardSquare s : r.trap_squares[side]) {
        if (!on_board(s)) return BoardProblem{key, outside(what, s)};
        if (r.has_water && is_water(s)) {
          return BoardProblem{key, what + " " + board_square_name(s) + " is on water"};
        }
        if (is_den(s)) return BoardProblem{key, what + " " + board_square_name(s) + " is a den"};
      }
    }
  }
  if (r.water_turn_limit > 0 && r.has_water &&
      int(r.water_squares.size()) > kMaxCountedWaterSquares) {
    return BoardProblem{"water.turn_limit", "a water turn_limit counts turns on at most " +
                                                std::to_string(kMaxCountedWaterSquares) +
                                                " water squares; the board has " +
                                                std::to_string(r.water_squares.size())};
  }
  return std::nullopt;
}

namespace {

void check_rules(const Rules& r) {
  if (std::optional<BoardProblem> problem = board_problem(r)) {
    throw std::invalid_argument(problem->message);
  }
  for (int a = 0; a < kAnimals; ++a) {
    if (r.rank[a] < 0 || r.rank[a] > 15) {
      throw std::invalid_argument(std::string(animal_name(Animal(a))) + " rank " +
                                  std::to_string(r.rank[a]) + " is outside 0..15");
    }
  }
  if (r.water_turn_limit < 0) throw std::invalid_argument("water turn limit is negative");
  if (r.den_food_limit < 0) throw std::invalid_argument("den food limit is negative");
  if (r.no_capture_limit < 0) throw std::invalid_argument("no-capture limit is negative");
  if (r.repetition_count < 2) throw std::invalid_argument("repetition count must be at least 2");
  if (r.den_food_limit > 0 && !r.own_den_allowed) {
    throw std::invalid_argument("a den food limit needs own_den_allowed");
  }
  if (r.elephant_takes_rat && r.elephant_never_takes_rat) {
    throw std::invalid_argument(
        "elephant_takes_rat and elephant_never_takes_rat contradict each other (set at most one)");
  }
}

// Walks from `from` in steps of (df, dr) across water; returns the first land
// square beyond at least one water square, with the water squares crossed.
Jump river_crossing(const Geometry& g, Bitboard water, Square from, int df, int dr) {
  Jump jump;
  int f = g.file_of(from) + df;
  int r = g.rank_of(from) + dr;
  Bitboard over = 0;
  while (g.contains(f, r) && (water & square_bb(g.square(f, r)))) {
    over |= square_bb(g.square(f, r));
    f += df;
    r += dr;
  }
  if (over == 0 || !g.contains(f, r)) return jump;
  jump.to = g.square(f, r);
  jump.over = over;
  return jump;
}

}  // namespace

std::shared_ptr<const RuleSet> RuleSet::make(const Rules& rules) {
  check_rules(rules);
  std::shared_ptr<RuleSet> set(new RuleSet());
  set->rules_ = rules;
  set->derive();
  try {
    set->check_placement(read_fen(rules.start_fen, set->geometry()));
  } catch (const FenError& e) {
    throw std::invalid_argument(std::string("start position: ") + e.what());
  }
  return set;
}

void RuleSet::check_placement(const FenFields& fields) const {
  const Geometry& g = geometry_;
  Bitboard by_piece[kSides][kAnimals] = {};
  Bitboard by_side[kSides] = {};
  for (Square s = 0; s < 64; ++s) {
    if (fields.board[s] == kNoPiece) continue;
    const Piece p = Piece(fields.board[s]);
    by_piece[side_of(p)][animal_of(p)] |= square_bb(s);
    by_side[side_of(p)] |= square_bb(s);
  }
  for (Side side : {kBlue, kRed}) {
    for (int ai = 0; ai < kAnimals; ++ai) {
      Animal a = Animal(ai);
      Bitboard bb = by_piece[side][a];
      if (rules_.unique_pieces && popcount(bb) > 1) {
        Bitboard rest = bb & (bb - 1);
        throw FenError(side_name(side) + " has a second " + std::string(animal_name(a)) + " on " +
                       g.square_name(lsb(rest)) + " (first on " + g.square_name(lsb(bb)) +
                       "); a side has at most one of each animal");
      }
      Bitboard misplaced = bb & ~standable(side, a);
      if (!misplaced) continue;
      Square s = lsb(misplaced);
      std::string piece = side_name(side) + " " + std::string(animal_name(a));
      if (water() & square_bb(s)) {
        throw FenError(piece + " on water square " + g.square_name(s));
      }
      if (s == den(side)) throw FenError(piece + " in its own den " + g.square_name(s));
      throw FenError(piece + " on trap " + g.square_name(s) + ", which it may not enter");
    }
  }
  // A game ends when the first den is entered and when a side loses its
  // last piece, so no game reaches both dens entered or an empty board.
  const Square blue_in = den(kRed), red_in = den(kBlue);
  if ((by_side[kBlue] & den_bb(kRed)) && (by_side[kRed] & den_bb(kBlue))) {
    throw FenError("both dens are entered (Blue " +
                   std::string(animal_name(animal_of(Piece(fields.board[blue_in])))) + " on " +
                   g.square_name(blue_in) + ", Red " +
                   std::string(animal_name(animal_of(Piece(fields.board[red_in])))) + " on " +
                   g.square_name(red_in) + "); the game ends when the first den is entered");
  }
  if (!by_side[kBlue] && !by_side[kRed]) {
    throw FenError("the board is empty; the game ends when a side loses its last piece");
  }
}

std::shared_ptr<const RuleSet> RuleSet::standard() {
  static const std::shared_ptr<const RuleSet> kStandard = make(Rules{});
  return kStandard;
}

void RuleSet::derive() {
  const Rules& r = rules_;
  geometry_ = Geometry(r.files, r.ranks);
  const Geometry& g = geometry_;
  auto mask = [&](const std::vector<BoardSquare>& squares) {
    Bitboard b = 0;
    for (BoardSquare s : squares) b |= square_bb(g.square(s.file, s.rank));
    return b;
  };
  water_ = r.has_water ? mask(r.water_squares) : 0;
  for (Side s : {kBlue, kRed}) {
    den_[s] = r.dens.empty() ? kNoSquare : g.square(r.dens[s].file, r.dens[s].rank);
    den_bb_[s] = den_[s] == kNoSquare ? 0 : square_bb(den_[s]);
    den_neighbours_[s] = g.neighbours(den_bb_[s]);
  }
  tracks_water_turns_ = r.water_turn_limit > 0 && water_ != 0;
  tracks_den_food_ = r.own_den_allowed && r.den_food_limit > 0;
  constexpr int kNever = 1 << 30;
  draw_plies_ = r.no_capture_limit > 0 ? r.no_capture_limit : kNever;
  draw_repetition_ = r.repetition == RepetitionRule::kDraw ? r.repetition_count : kNever;
  for (Side s : {kBlue, kRed}) traps_[s] = r.has_traps ? mask(r.trap_squares[s]) : 0;
  std::fill(std::begin(water_index_), std::end(water_index_), int8_t(-1));
  if (tracks_water_turns_) {
    int n = 0;
    for (Bitboard b = water_; b;) water_index_[pop_lsb(b)] = int8_t(n++);
  }
  for (Side s : {kBlue, kRed}) {
    weakening_traps_[s] = r.traps == TrapRule::kAllTrapsWeaken ? all_traps() : traps_[s];
  }
  jumper_ = water_ ? AnimalSet::from_bits(r.vertical_jumpers.bits() | r.horizontal_jumpers.bits())
                   : AnimalSet();

  for (Side s : {kBlue, kRed}) {
    for (int ai = 0; ai < kAnimals; ++ai) {
      Animal a = Animal(ai);
      Bitboard stand = g.all();
      if (!r.swimmers.contains(a)) stand &= ~water_;
      if (!r.own_den_allowed) stand &= ~den_bb_[s];
      if (!r.may_enter_traps.contains(a)) stand &= ~all_traps();
      if (!r.may_enter_own_traps.contains(a)) stand &= ~traps_[s];
      standable_[s][a] = stand;

      for (Square sq = 0; sq < g.squares(); ++sq) {
        steps_[s][a][sq] = g.neighbours(square_bb(sq)) & stand;
        std::array<Jump, 4>& jumps = jumps_[s][a][sq];
        jumps = {};
        if (!jumper_.contains(a) || (water_ & square_bb(sq))) continue;
        int n = 0;
        struct Direction {
          int df, dr;
          bool vertical;
        };
        for (Direction d : {Direction{0, 1, true}, Direction{0, -1, true}, Direction{1, 0, false},
                            Direction{-1, 0, false}}) {
          if (!(d.vertical ? r.vertical_jumpers : r.horizontal_jumpers).contains(a)) continue;
          Jump jump = river_crossing(g, water_, sq, d.df, d.dr);
          if (jump.to == kNoSquare || !(stand & square_bb(jump.to))) continue;
          bool unblocked =
              (d.vertical ? r.vertical_jump_unblocked : r.horizontal_jump_unblocked).contains(a);
          jump.blockers = unblocked ? 0 : jump.over;
          jumps[n++] = jump;
          jump_origins_[s][a] |= square_bb(sq);
        }
      }
    }
  }

  for (Side s : {kBlue, kRed}) {
    int& n = step_group_count_[s];
    for (int a = 0; a < kAnimals; ++a) {
      int k = 0;
      while (k < n && step_groups_[s][k].standable != standable_[s][a]) ++k;
      if (k == n) step_groups_[s][n++].standable = standable_[s][a];
      step_groups_[s][k].animals |= uint8_t(1u << a);
    }
    for (int i = 0; i < n; ++i) {
      StepGroup& group = step_groups_[s][i];
      group.standable_east = group.standable & ~geometry_.file_mask(0);
      group.standable_west = group.standable & ~geometry_.file_mask(geometry_.files() - 1);
    }
    // Largest group last: move counting finds its pieces as "all the rest".
    std::stable_sort(step_groups_[s], step_groups_[s] + n,
                     [](const StepGroup& x, const StepGroup& y) {
                       return std::popcount(x.animals) < std::popcount(y.animals);
                     });
  }

  for (int a = 0; a < kAnimals; ++a) {
    uint8_t targets = 0;
    for (int t = 0; t < kAnimals; ++t) {
      if (rank_allows_capture(r, Animal(a), Animal(t))) targets |= uint8_t(1u << t);
    }
    capture_targets_[a] = targets;
    // A Rat in the water is too wet to reach into an Elephant's ear (RULES.md).
    if (a == kRat && !r.rat_takes_elephant_from_water) targets &= uint8_t(~(1u << kElephant));
    capture_targets_from_water_[a] = targets;

    // On a weakening trap anything is taken, save what no circumstance allows.
    uint8_t on_trap = 0xFF;
    if (a == kElephant && r.elephant_never_takes_rat) on_trap &= uint8_t(~(1u << kRat));
    trap_targets_[a] = on_trap;

    // A weakened attacker of rank 0 keeps only the targets of rank 0; the
    // exceptions that forbid a capture still forbid it (docs/rule-details.md).
    uint8_t weak = 0;
    for (int t = 0; t < kAnimals; ++t) {
      if (r.rank[t] == 0) weak |= uint8_t(1u << t);
    }
    weakened_targets_[a] = capture_targets_[a] & weak;
  }
  for (Side s : {kBlue, kRed}) {
    weakened_origins_[s] = r.trapped_rank == TrappedRank::kZero ? weakening_traps_[opponent(s)] : 0;
  }

  for (Square sq = 0; sq < g.squares(); ++sq) {
    const bool in_water = water_ & square_bb(sq);
    const Bitboard land = g.all() & ~water_;
    capture_zone_[sq] = in_water ? water_ | (r.capture_water_to_land ? land : 0)
                                 : land | (r.capture_land_to_water ? water_ : 0);
  }
  capture_zone_[kNoSquare] = 0;
}

}  // namespace jungle
