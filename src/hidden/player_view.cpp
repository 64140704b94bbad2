#include "hidden/player_view.h"

#include <algorithm>
#include <bit>

#include "core/text_util.h"
#include "hidden/player_view_words.h"

namespace jungle::hidden {

namespace {

// "Dog", "Dog or Wolf", "Dog, Wolf or Tiger".
std::string animal_list(AnimalSet set) {
  std::vector<std::string> names;
  for (int a = 0; a < kAnimals; ++a) {
    if (set.contains(Animal(a))) names.emplace_back(animal_name(Animal(a)));
  }
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += i + 1 == names.size() ? " or " : ", ";
    out += names[i];
  }
  return out;
}

// The squares strictly between two squares of one file or rank (0 otherwise).
Bitboard squares_between(const Geometry& g, Square from, Square to) {
  const int df = g.file_of(to) - g.file_of(from), dr = g.rank_of(to) - g.rank_of(from);
  if (df != 0 && dr != 0) return 0;
  const int step_f = (df > 0) - (df < 0), step_r = (dr > 0) - (dr < 0);
  Bitboard between = 0;
  for (int f = g.file_of(from) + step_f, r = g.rank_of(from) + step_r; g.square(f, r) != to;
       f += step_f, r += step_r) {
    between |= square_bb(g.square(f, r));
  }
  return between;
}

}  // namespace

ShownRule shown_rule(const Rules& rules, Outcome outcome) {
  const HiddenReveal r = rules.hidden_reveal;
  switch (outcome) {
    case Outcome::kMove:
    case Outcome::kRefused:
      return {false, false};
    case Outcome::kTook:
      return {r == HiddenReveal::kBoth, r != HiddenReveal::kNone};
    case Outcome::kDied:
      return {r != HiddenReveal::kNone, r == HiddenReveal::kBoth};
    case Outcome::kBounced:
      return {true, r == HiddenReveal::kBoth};
  }
  return {};
}

// ------------------------------------------------------------------ set-up

void PlayerView::build_beliefs(const std::array<AnimalSet, kSides>& material) {
  belief_index_.assign(pieces_.size(), -1);
  for (Side s : {kBlue, kRed}) {
    side_pieces_[s].clear();
    std::vector<AnimalSet> candidates;
    for (int id = 0; id < int(pieces_.size()); ++id) {
      const PieceInfo& p = pieces_[size_t(id)];
      if (p.side != s) continue;
      belief_index_[size_t(id)] = int(side_pieces_[s].size());
      side_pieces_[s].push_back(id);
      AnimalSet c = material[s];
      if (p.known) {
        c = AnimalSet{*p.known};
      } else if (p.on_board()) {
        AnimalSet standing;
        for (int a = 0; a < kAnimals; ++a) {
          if (rules_->standable(s, Animal(a)) & square_bb(p.square)) standing.insert(Animal(a));
        }
        c = AnimalSet::from_bits(c.bits() & standing.bits());
      }
      candidates.push_back(c);
    }
    try {
      belief_[s] = Belief(material[s], std::move(candidates));
    } catch (const std::invalid_argument&) {
      throw ViewError(side_name(s) + " has " + std::to_string(side_pieces_[s].size()) +
                      " pieces but " + std::to_string(std::popcount(unsigned(material[s].bits()))) +
                      " animals");
    }
    if (!belief_[s].consistent()) {
      throw ViewError("no arrangement of " + side_name(s) +
                      "'s animals puts each on a square it may stand on");
    }
  }
}

PlayerView PlayerView::of_start(const Position& truth_start, Viewer viewer) {
  PlayerView v(truth_start.rule_set_ptr());
  v.viewer_ = viewer;
  const bool fixed = v.rules().hidden_setup == HiddenSetup::kFixed;
  std::array<AnimalSet, kSides> material;
  const Geometry& g = v.rule_set().geometry();
  for (Square s = 0; s < g.squares(); ++s) {
    const Piece p = truth_start.piece_on(s);
    if (p == kNoPiece) continue;
    PieceInfo info;
    info.side = side_of(p);
    info.start = info.square = s;
    info.water_turns = truth_start.water_turns(s);
    material[info.side].insert(animal_of(p));
    if (v.knows_side(info.side) || fixed) info.known = animal_of(p);
    // With a fixed set-up the arrangement is the start position, known to all.
    info.shown = fixed;
    v.board_[s] = int8_t(v.pieces_.size());
    v.pieces_.push_back(info);
  }
  v.to_move_ = truth_start.side_to_move();
  v.start_side_ = v.to_move_ == kRed ? 1 : 0;
  v.start_move_number_ = truth_start.move_number();
  v.plies_since_capture_ = truth_start.plies_since_capture();
  v.den_turns_ = {truth_start.den_turns(kBlue), truth_start.den_turns(kRed)};
  v.build_beliefs(material);
  v.record_position();
  v.start_fen_ = v.fen();
  return v;
}

// ------------------------------------------------------------------ queries

std::optional<Animal> PlayerView::known_animal(int id) const {
  return pieces_[size_t(id)].known;
}

AnimalSet PlayerView::candidates(int id) const {
  const PieceInfo& p = pieces_[size_t(id)];
  if (p.known) return AnimalSet{*p.known};
  return belief_[p.side].feasible(belief_index_[size_t(id)]);
}

Bitboard PlayerView::occupied() const {
  return occupied(kBlue) | occupied(kRed);
}

Bitboard PlayerView::occupied(Side s) const {
  Bitboard b = 0;
  for (int id : side_pieces_[s]) {
    if (pieces_[size_t(id)].on_board()) b |= square_bb(pieces_[size_t(id)].square);
  }
  return b;
}

AnimalSet PlayerView::movers(Side side, Square from, Square to) const {
  const RuleSet& rs = *rules_;
  const Bitboard occ = occupied();
  AnimalSet out;
  for (int ai = 0; ai < kAnimals; ++ai) {
    const Animal a = Animal(ai);
    if (rs.steps(side, a, from) & square_bb(to)) {
      out.insert(a);
      continue;
    }
    if (!(rs.jump_origins(side, a) & square_bb(from))) continue;
    for (const Jump& jump : rs.jumps_from(side, a, from)) {
      if (jump.to == kNoSquare) break;
      if (jump.to == to && !(occ & jump.blockers)) out.insert(a);
    }
  }
  return out;
}

int PlayerView::repetitions() const {
  const std::array<int8_t, 65>& now = positions_.back();
  return int(std::count(positions_.begin(), positions_.end(), now));
}

void PlayerView::record_position() {
  std::array<int8_t, 65> p;
  std::copy(board_.begin(), board_.end(), p.begin());
  p[64] = int8_t(to_move_);
  if (plies_since_capture_ == 0) positions_.clear();
  positions_.push_back(p);
}

GameResult PlayerView::visible_result(Termination* why) const {
  const RuleSet& rs = *rules_;
  auto finish = [&](GameResult r, Termination t) {
    if (why) *why = t;
    return r;
  };
  auto win_for = [](Side s) { return s == kBlue ? GameResult::kBlueWins : GameResult::kRedWins; };
  for (Side s : {opponent(to_move_), to_move_}) {
    if (occupied(s) & rs.den_bb(opponent(s))) return finish(win_for(s), Termination::kDenEntered);
  }
  for (Side s : {to_move_, opponent(to_move_)}) {
    if (!occupied(s)) return finish(win_for(opponent(s)), Termination::kAllCaptured);
  }
  if (rs.tracks_den_food()) {
    for (Side s : {opponent(to_move_), to_move_}) {
      if (den_turns_[s] >= rules().den_food_limit)
        return finish(win_for(opponent(s)), Termination::kDenFood);
    }
  }
  if (plies_since_capture_ >= rs.draw_after_plies_without_capture())
    return finish(GameResult::kDraw, Termination::kMoveLimit);
  if (repetitions() >= rs.draw_at_repetition())
    return finish(GameResult::kDraw, Termination::kRepetition);
  return finish(GameResult::kOngoing, Termination::kNone);
}

MoveList PlayerView::legal_moves() const {
  MoveList list;
  if (!viewer_ || *viewer_ != to_move_ || visible_result() != GameResult::kOngoing) return list;
  const RuleSet& rs = *rules_;
  const Side us = to_move_;
  const Bitboard own = occupied(us), enemy = occupied(opponent(us)), occ = own | enemy;
  for (Bitboard b = own; b;) {
    const Square from = pop_lsb(b);
    const Animal a = *pieces_[size_t(board_[from])].known;
    Bitboard targets = rs.steps(us, a, from);
    if (rs.jump_origins(us, a) & square_bb(from)) {
      for (const Jump& jump : rs.jumps_from(us, a, from)) {
        if (jump.to == kNoSquare) break;
        if (!(occ & jump.blockers)) targets |= square_bb(jump.to);
      }
    }
    targets &= ~own;
    for (Bitboard attacks = targets & enemy; attacks;) {
      const Square to = pop_lsb(attacks);
      const AnimalSet c = candidates(board_[to]);
      bool possible = false;
      for (int t = 0; t < kAnimals && !possible; ++t) {
        possible = c.contains(Animal(t)) && rs.may_capture(us, a, from, Animal(t), to);
      }
      if (!possible) targets ^= square_bb(to);
    }
    while (targets) list.push(Move(from, pop_lsb(targets)));
  }
  return list;
}

bool PlayerView::may_try(Move m) const {
  return legal_moves().contains(m);
}

std::string PlayerView::explain(Move m) const {
  const RuleSet& rs = *rules_;
  const Geometry& g = rs.geometry();
  const Square from = m.from(), to = m.to();
  if (!g.contains(from) || !g.contains(to)) return "not a square on the board";
  auto name = [&](Square s) { return g.square_name(s); };
  if (!viewer_) return "a spectator does not move";
  Termination why = Termination::kNone;
  const GameResult over = visible_result(&why);
  if (over != GameResult::kOngoing) {
    return "the game is over (" +
           std::string(over == GameResult::kDraw       ? "drawn"
                       : over == GameResult::kBlueWins ? "Blue won"
                                                       : "Red won") +
           ": " + std::string(termination_tag(why)) + ")";
  }
  const Side us = *viewer_;
  if (to_move_ != us) return side_name(to_move_) + " is to move";
  const int mover = piece_at(from);
  if (mover < 0) return "no piece on " + name(from);
  if (pieces_[size_t(mover)].side != us) {
    return "the piece on " + name(from) + " is " + side_name(opponent(us)) + "'s; you play " +
           side_name(us);
  }
  if (from == to) return "a move must go to another square";
  const Animal a = *pieces_[size_t(mover)].known;
  const std::string animal(animal_name(a));
  const Bitboard between = squares_between(g, from, to);
  const bool step = (rs.steps(us, a, from) | g.neighbours(square_bb(from))) & square_bb(to);
  const bool crossing = between && (between & rs.water()) == between &&
                        !(rs.water() & (square_bb(from) | square_bb(to)));
  if (step) {
    if (to == rs.den(us) && !(rs.standable(us, a) & square_bb(to)))
      return animal + " may not enter its own den at " + name(to);
    if ((rs.water() & square_bb(to)) && !(rs.standable(us, a) & square_bb(to)))
      return animal + " may not enter the water at " + name(to);
    if (!(rs.standable(us, a) & square_bb(to)))
      return animal + " may not enter the trap at " + name(to) + " in this rule set";
  } else if (crossing) {
    const Rules& r = rules();
    const bool vertical = g.file_of(from) == g.file_of(to);
    if (!(vertical ? r.vertical_jumpers : r.horizontal_jumpers).contains(a)) {
      return animal + " cannot jump " + (vertical ? "vertically" : "horizontally") +
             " across the river";
    }
    const Bitboard blockers =
        (vertical ? r.vertical_jump_unblocked : r.horizontal_jump_unblocked).contains(a)
            ? 0
            : between & occupied();
    // The piece in the way is named only by its side: its animal may be unknown.
    if (blockers) {
      const int blocker = piece_at(lsb(blockers));
      return animal + " may not jump over the " + side_name(pieces_[size_t(blocker)].side) +
             " piece on " + name(lsb(blockers));
    }
    if (!(rs.standable(us, a) & square_bb(to)))
      return animal + " may not land on " + name(to) + " in this rule set";
  } else {
    return std::string(a == kElephant ? "an " : "a ") + animal +
           " moves one square along a file or rank" +
           (rs.jumps(a) ? " or jumps straight across a river" : "") + "; " + name(from) + name(to) +
           " is neither";
  }
  const int target = piece_at(to);
  if (target >= 0 && pieces_[size_t(target)].side == us) {
    return name(to) + " is occupied by your own " + std::string(animal_name(*known_animal(target)));
  }
  if (target >= 0 && !may_try(m)) {
    const AnimalSet c = candidates(target);
    const bool from_water = rs.water() & square_bb(from);
    if (!(rs.capture_zone(from) & square_bb(to))) {
      return from_water ? animal + " in the water cannot attack a piece on land at " + name(to)
                        : animal + " on land cannot attack a piece in the water at " + name(to);
    }
    const std::string enemy = side_name(opponent(us));
    if (const std::optional<Animal> k = known_animal(target)) {
      return animal + " cannot capture the " + enemy + " " + std::string(animal_name(*k)) + " on " +
             name(to);
    }
    return animal + " cannot capture the " + enemy + " piece on " + name(to) + ": it can only be " +
           (std::popcount(unsigned(c.bits())) == 1 ? "the " : "a ") + animal_list(c);
  }
  if (!may_try(m)) return "the move is not legal here";
  return {};
}

// ------------------------------------------------------------------ worlds

std::array<std::vector<Animal>, kSides> PlayerView::sample_arrangement(std::mt19937_64& rng) const {
  return {belief_[kBlue].sample(rng), belief_[kRed].sample(rng)};
}

Position PlayerView::determinize(const std::array<std::vector<Animal>, kSides>& arrangement) const {
  const Geometry& g = rules_->geometry();
  std::array<Piece, 64> start;
  start.fill(kNoPiece);
  for (int id = 0; id < int(pieces_.size()); ++id) {
    const PieceInfo& p = pieces_[size_t(id)];
    if (p.start == kNoSquare) continue;
    start[size_t(p.start)] =
        make_piece(p.side, arrangement[p.side][size_t(belief_index_[size_t(id)])]);
  }
  std::string fen;
  for (int rank = g.ranks() - 1; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < g.files(); ++file) {
      const Piece p = start[size_t(g.square(file, rank))];
      if (p == kNoPiece) {
        ++empty;
        continue;
      }
      for (; empty > 0; empty -= 9) fen += char('0' + std::min(empty, 9));
      empty = 0;
      fen += piece_letter(p);
    }
    for (; empty > 0; empty -= 9) fen += char('0' + std::min(empty, 9));
    if (rank) fen += '/';
  }
  const FenFields first = [&] {
    // The counters the view began with: its start FEN's.
    const std::vector<std::string> f = split(start_fen_);
    FenFields out;
    out.side = f[1] == "w" ? kBlue : kRed;
    parse_int(f[2], out.plies_since_capture);
    parse_int(f[3], out.move_number);
    return out;
  }();
  fen += first.side == kBlue ? " w " : " b ";
  fen += std::to_string(first.plies_since_capture) + " " + std::to_string(first.move_number);
  Position pos = Position::from_fen(fen, rules_);
  for (const Observation& o : history_) {
    switch (o.outcome) {
      case Outcome::kMove:
      case Outcome::kTook:
        pos.do_move(o.move);
        break;
      case Outcome::kDied:
        pos.do_failed_attack(o.move, true);
        break;
      case Outcome::kBounced:
        pos.do_failed_attack(o.move, false);
        break;
      case Outcome::kRefused:
        break;
    }
  }
  return pos;
}

}  // namespace jungle::hidden
