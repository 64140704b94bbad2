#include "hidden/player_view.h"

#include <algorithm>
#include <bit>

#include "core/text_util.h"

namespace jungle::hidden {

namespace {

std::string piece_words(Side side, Animal a) {
  return side_name(side) + " " + std::string(animal_name(a));
}

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

AnimalSet single(Animal a) {
  return AnimalSet{a};
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
        c = single(*p.known);
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

PlayerView PlayerView::from_fen(RuleSetPtr rules, std::string_view view_fen, Viewer viewer) {
  PlayerView v(std::move(rules));
  v.viewer_ = viewer;
  const Geometry& g = v.rule_set().geometry();
  const std::vector<std::string> fields = split(view_fen);
  if (fields.size() < 2 || fields.size() > 5) {
    throw ViewError("view FEN has " + std::to_string(fields.size()) +
                    " fields; expected placement, side to move, optionally the plies since the "
                    "last capture and the move number, and the animals not yet shown");
  }
  // Placement: letters, X/x for an unknown piece, digits for empty squares.
  std::vector<std::string_view> ranks;
  std::string_view placement = fields[0];
  for (size_t i = 0, start = 0; i <= placement.size(); ++i) {
    if (i == placement.size() || placement[i] == '/') {
      ranks.push_back(placement.substr(start, i - start));
      start = i + 1;
    }
  }
  if (int(ranks.size()) != g.ranks()) {
    throw ViewError("view FEN placement has " + std::to_string(ranks.size()) + " ranks; expected " +
                    std::to_string(g.ranks()));
  }
  struct Cell {
    bool unknown = false;
    Side side = kBlue;
    Animal animal = kRat;
  };
  std::array<std::optional<Cell>, 64> cells;
  for (int i = 0; i < g.ranks(); ++i) {
    const int rank = g.ranks() - 1 - i;
    int64_t file = 0;
    for (char c : ranks[size_t(i)]) {
      if (c >= '1' && c <= '9') {
        file += c - '0';
        continue;
      }
      Cell cell;
      cell.side = (c >= 'a' && c <= 'z') ? kRed : kBlue;
      if (c == 'x' || c == 'X') {
        cell.unknown = true;
      } else if (!parse_animal_letter(c, cell.animal)) {
        throw ViewError(std::string("unknown piece letter '") + c + "' in the view FEN's rank " +
                        std::to_string(rank + 1) +
                        " (animal letters, or X/x for a Blue/Red piece "
                        "whose animal is not known)");
      }
      if (file < g.files()) cells[size_t(g.square(int(file), rank))] = cell;
      ++file;
    }
    if (file != g.files()) {
      throw ViewError("view FEN rank " + std::to_string(rank + 1) + " has " + std::to_string(file) +
                      " files; expected " + std::to_string(g.files()));
    }
  }
  if (fields[1] != "w" && fields[1] != "b") {
    throw ViewError("view FEN side to move '" + fields[1] + "' is not 'w' (Blue) or 'b' (Red)");
  }
  v.to_move_ = fields[1] == "w" ? kBlue : kRed;
  v.start_side_ = v.to_move_ == kRed ? 1 : 0;
  size_t next = 2;
  if (fields.size() >= 4) {
    int plies = 0, move = 0;
    if (!parse_int(fields[2], plies) || plies < 0 || plies > kMaxFenPlies) {
      throw ViewError("view FEN plies since the last capture '" + fields[2] +
                      "' is not a whole number from 0 to " + std::to_string(kMaxFenPlies));
    }
    if (!parse_int(fields[3], move) || move < 1 || move > kMaxFenMoveNumber) {
      throw ViewError("view FEN move number '" + fields[3] + "' is not a whole number from 1 to " +
                      std::to_string(kMaxFenMoveNumber));
    }
    v.plies_since_capture_ = plies;
    v.start_move_number_ = move;
    next = 4;
  }
  // Which animals each side has: those on the board and those not yet shown.
  std::array<AnimalSet, kSides> letters, unseen;
  std::array<int, kSides> unknown_count{};
  for (Square s = 0; s < g.squares(); ++s) {
    if (!cells[size_t(s)]) continue;
    const Cell& c = *cells[size_t(s)];
    if (c.unknown) {
      ++unknown_count[c.side];
      continue;
    }
    if (letters[c.side].contains(c.animal)) {
      throw ViewError("view FEN has a second " + piece_words(c.side, c.animal) + " on " +
                      g.square_name(s));
    }
    letters[c.side].insert(c.animal);
    if (!(v.rule_set().standable(c.side, c.animal) & square_bb(s))) {
      throw ViewError("view FEN puts the " + piece_words(c.side, c.animal) + " on " +
                      g.square_name(s) + ", where it may not stand");
    }
  }
  if (next < fields.size()) {
    if (fields.size() == 3) next = 2;
    if (fields[next] != "-") {
      for (char c : fields[next]) {
        Animal a;
        if (!parse_animal_letter(c, a)) {
          throw ViewError(std::string("view FEN: '") + c +
                          "' in the animals not yet shown is not an animal letter");
        }
        const Side s = (c >= 'a' && c <= 'z') ? kRed : kBlue;
        if (unseen[s].contains(a) || letters[s].contains(a)) {
          throw ViewError("view FEN: the " + piece_words(s, a) +
                          " is listed twice (on the board or among the animals not yet shown)");
        }
        unseen[s].insert(a);
      }
    }
  } else {
    // By default a side with unknown pieces has the rule set's start animals.
    const FenFields start = read_fen(v.rules().start_fen, g);
    for (Side s : {kBlue, kRed}) {
      if (unknown_count[s] == 0) continue;
      for (Piece p : start.board) {
        if (p != kNoPiece && side_of(p) == s && !letters[s].contains(animal_of(p)))
          unseen[s].insert(animal_of(p));
      }
    }
  }
  for (Side s : {kBlue, kRed}) {
    if (v.knows_side(s) && (unknown_count[s] > 0 || !unseen[s].empty())) {
      throw ViewError("view FEN: the viewer's own side (" + side_name(s) +
                      ") must be written with its animals, not X/x");
    }
    const int n_unseen = std::popcount(unsigned(unseen[s].bits()));
    if (unknown_count[s] > n_unseen) {
      throw ViewError("view FEN has " + std::to_string(unknown_count[s]) + " unknown " +
                      side_name(s) + " pieces but only " + std::to_string(n_unseen) +
                      " of its animals not yet shown");
    }
  }
  const bool fixed = v.rules().hidden_setup == HiddenSetup::kFixed;
  for (Square s = 0; s < g.squares(); ++s) {
    if (!cells[size_t(s)]) continue;
    const Cell& c = *cells[size_t(s)];
    PieceInfo info;
    info.side = c.side;
    info.start = info.square = s;
    if (!c.unknown) {
      info.known = c.animal;
      info.shown = !v.knows_side(c.side) || fixed;
    }
    v.board_[s] = int8_t(v.pieces_.size());
    v.pieces_.push_back(info);
  }
  // Animals not yet shown beyond the unknown pieces left the board unseen.
  for (Side s : {kBlue, kRed}) {
    const int gone = std::popcount(unsigned(unseen[s].bits())) - unknown_count[s];
    for (int i = 0; i < gone; ++i) {
      PieceInfo info;
      info.side = s;
      v.pieces_.push_back(info);
    }
  }
  std::array<AnimalSet, kSides> material;
  for (Side s : {kBlue, kRed})
    material[s] = AnimalSet::from_bits(letters[s].bits() | unseen[s].bits());
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
  if (p.known) return single(*p.known);
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

std::string PlayerView::fen() const {
  const Geometry& g = rules_->geometry();
  std::string out;
  auto write_empty = [&](int empty) {
    for (; empty > 0; empty -= 9) out += char('0' + std::min(empty, 9));
  };
  for (int rank = g.ranks() - 1; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < g.files(); ++file) {
      const int id = board_[g.square(file, rank)];
      if (id < 0) {
        ++empty;
        continue;
      }
      write_empty(empty);
      empty = 0;
      const PieceInfo& p = pieces_[size_t(id)];
      out += p.known ? piece_letter(make_piece(p.side, *p.known)) : (p.side == kBlue ? 'X' : 'x');
    }
    write_empty(empty);
    if (rank) out += '/';
  }
  out += to_move_ == kBlue ? " w " : " b ";
  out += std::to_string(plies_since_capture_) + " " + std::to_string(move_number()) + " ";
  std::string unseen;
  for (Side s : {kBlue, kRed}) {
    AnimalSet hidden = belief_[s].animals();
    for (int id : side_pieces_[s]) {
      if (pieces_[size_t(id)].known) hidden.erase(*pieces_[size_t(id)].known);
    }
    for (int a = 0; a < kAnimals; ++a) {
      if (hidden.contains(Animal(a))) unseen += piece_letter(make_piece(s, Animal(a)));
    }
  }
  return out + (unseen.empty() ? "-" : unseen);
}

std::string PlayerView::diagram() const {
  const RuleSet& rs = *rules_;
  const Geometry& g = rs.geometry();
  const int label = g.ranks() >= 10 ? 2 : 1;
  const std::string margin(size_t(label + 1), ' ');
  const std::string border = margin + "+" + std::string(size_t(2 * g.files() + 1), '-') + "+\n";
  std::string out = border;
  for (int rank = g.ranks() - 1; rank >= 0; --rank) {
    const std::string number = std::to_string(rank + 1);
    out += std::string(size_t(label) - number.size(), ' ') + number + " |";
    for (int file = 0; file < g.files(); ++file) {
      const Square s = g.square(file, rank);
      const int id = board_[s];
      char c = '.';
      if (id >= 0) {
        const PieceInfo& p = pieces_[size_t(id)];
        c = p.known ? piece_letter(make_piece(p.side, *p.known)) : (p.side == kBlue ? 'X' : 'x');
      } else if (rs.dens_bb() & square_bb(s)) {
        c = '*';
      } else if (rs.all_traps() & square_bb(s)) {
        c = '#';
      } else if (rs.water() & square_bb(s)) {
        c = '~';
      }
      out += ' ';
      out += c;
    }
    out += " |\n";
  }
  out += border + margin + " ";
  for (int file = 0; file < g.files(); ++file) {
    out += ' ';
    out += char('a' + file);
  }
  return out + "\n";
}

// ------------------------------------------------------------------ updates

void PlayerView::restrict(int id, AnimalSet allowed) {
  belief_[pieces_[size_t(id)].side].restrict(belief_index_[size_t(id)], allowed);
}

void PlayerView::apply(const Observation& o) {
  // Worked out on a copy, so that a rejected announcement changes nothing.
  PlayerView next = *this;
  next.apply_unchecked(o);
  *this = std::move(next);
}

void PlayerView::apply_unchecked(const Observation& o) {
  const RuleSet& rs = *rules_;
  const Geometry& g = rs.geometry();
  const std::string text = observation_text(o, g);
  auto fail = [&](const std::string& why) {
    throw ViewError("announcement " + std::to_string(history_.size() + 1) + " " + text + ": " +
                    why);
  };
  const Square from = o.move.from(), to = o.move.to();
  if (!g.contains(from) || !g.contains(to)) fail("not a square of the board");
  if (visible_result() != GameResult::kOngoing) fail("the game is already over");
  if (o.mover != to_move_) fail(side_name(to_move_) + " is to move, not " + side_name(o.mover));
  const Side us = o.mover, them = opponent(us);
  const int attacker = board_[from];
  if (attacker < 0) fail("there is no piece on " + g.square_name(from));
  if (pieces_[size_t(attacker)].side != us) {
    fail("the piece on " + g.square_name(from) + " is " + side_name(them) + "'s");
  }
  const int defender = board_[to];
  if (o.outcome == Outcome::kMove) {
    if (defender >= 0) {
      fail(g.square_name(to) + " is occupied: an attack is written with its outcome (" +
           g.move_text(o.move) + ":took, :died, :bounced or :refused)");
    }
  } else {
    if (defender < 0) fail("there is no piece on " + g.square_name(to) + " to attack");
    if (pieces_[size_t(defender)].side == us) {
      fail(g.square_name(to) + " holds " + side_name(us) + "'s own piece");
    }
  }
  const FailedAttack fa = rules().failed_attack;
  if ((o.outcome == Outcome::kDied && fa != FailedAttack::kAttackerDies) ||
      (o.outcome == Outcome::kBounced && fa != FailedAttack::kBounce) ||
      (o.outcome == Outcome::kRefused && fa != FailedAttack::kRefused)) {
    fail("a failed attack " + std::string(outcome_word(o.outcome)) +
         ", but this rule set's failed_attack is " +
         (fa == FailedAttack::kAttackerDies ? "attacker_dies"
          : fa == FailedAttack::kBounce     ? "bounce"
                                            : "refused"));
  }
  const ShownRule need = shown_rule(rules(), o.outcome);
  if ((o.attacker_shown != kNoPiece) != need.attacker ||
      (o.defender_shown != kNoPiece) != need.defender) {
    std::string expected = need.attacker && need.defender ? "both animals"
                           : need.attacker                ? "the attacker's animal only"
                           : need.defender                ? "the defender's animal only"
                                                          : "no animal";
    fail("under this rule set's reveal option the arbiter shows " + expected + " here");
  }

  // What the announcement says about the animals, checked on copies.
  std::array<Belief, kSides> beliefs = belief_;
  std::vector<PieceInfo> pieces = pieces_;
  auto restrict_copy = [&](int id, AnimalSet allowed, const std::string& why) {
    const PieceInfo& p = pieces[size_t(id)];
    if (p.known && !allowed.contains(*p.known)) fail(why);
    beliefs[p.side].restrict(belief_index_[size_t(id)], allowed);
  };
  auto show = [&](int id, Piece shown) {
    const PieceInfo& p = pieces[size_t(id)];
    if (p.known && *p.known != animal_of(shown)) {
      fail("it shows a " + std::string(animal_name(animal_of(shown))) + " on " +
           g.square_name(p.square) + ", where the " + piece_words(p.side, *p.known) + " stands");
    }
    restrict_copy(id, single(animal_of(shown)), "");
    pieces[size_t(id)].known = animal_of(shown);
    pieces[size_t(id)].shown = true;
  };
  const PieceInfo& mover_piece = pieces[size_t(attacker)];
  restrict_copy(attacker, movers(us, from, to),
                mover_piece.known ? "the " + piece_words(us, *mover_piece.known) + " on " +
                                        g.square_name(from) + " cannot go to " + g.square_name(to)
                                  : "");
  if (o.attacker_shown != kNoPiece) show(attacker, o.attacker_shown);
  if (o.defender_shown != kNoPiece) show(defender, o.defender_shown);
  if (o.is_attack()) {
    const bool took = o.outcome == Outcome::kTook;
    const std::optional<Animal> a = pieces[size_t(attacker)].known;
    const std::optional<Animal> d = pieces[size_t(defender)].known;
    auto outcome_of = [&](Animal x, Animal y) { return rs.may_capture(us, x, from, y, to); };
    if (a && d) {
      if (outcome_of(*a, *d) != took) {
        fail("the " + piece_words(us, *a) + (took ? " cannot take" : " takes") + " the " +
             piece_words(them, *d) + " on " + g.square_name(to));
      }
    } else if (a) {
      AnimalSet allowed;
      for (int t = 0; t < kAnimals; ++t) {
        if (outcome_of(*a, Animal(t)) == took) allowed.insert(Animal(t));
      }
      restrict_copy(defender, allowed, "");
    } else if (d) {
      AnimalSet allowed;
      for (int t = 0; t < kAnimals; ++t) {
        if (outcome_of(Animal(t), *d) == took) allowed.insert(Animal(t));
      }
      restrict_copy(attacker, allowed, "");
    }
  }

  // The board after it.
  std::array<int8_t, 64> board = board_;
  bool removal = false;
  switch (o.outcome) {
    case Outcome::kMove:
    case Outcome::kTook:
      if (defender >= 0) {
        pieces[size_t(defender)].square = kNoSquare;
        removal = true;
      }
      board[to] = int8_t(attacker);
      board[from] = -1;
      pieces[size_t(attacker)].square = to;
      break;
    case Outcome::kDied:
      board[from] = -1;
      pieces[size_t(attacker)].square = kNoSquare;
      removal = true;
      break;
    case Outcome::kBounced:
    case Outcome::kRefused:
      break;
  }
  if (o.is_ply()) ++pieces[size_t(attacker)].moves;

  // The drowning rule: the mover's pieces in the water count one more turn.
  std::vector<std::pair<Square, Piece>> drowned;
  if (o.is_ply() && rs.tracks_water_turns()) {
    for (int id : side_pieces_[us]) {
      PieceInfo& p = pieces[size_t(id)];
      if (!p.on_board()) continue;
      if (!(rs.water() & square_bb(p.square))) {
        p.water_turns = 0;
        continue;
      }
      if (++p.water_turns > rules().water_turn_limit) drowned.emplace_back(p.square, kNoPiece);
    }
    std::sort(drowned.begin(), drowned.end());
  }
  std::vector<Square> announced;
  for (const auto& [s, piece] : o.drowned) announced.push_back(s);
  std::vector<Square> expected;
  for (const auto& [s, piece] : drowned) expected.push_back(s);
  std::sort(announced.begin(), announced.end());
  if (announced != expected) {
    std::string list;
    for (Square s : expected) list += (list.empty() ? "" : ", ") + g.square_name(s);
    fail(expected.empty() ? "no piece drowns here" : "the pieces that drown here are on " + list);
  }
  const bool show_drowned = rules().hidden_reveal != HiddenReveal::kNone;
  for (const auto& [s, piece] : o.drowned) {
    if ((piece != kNoPiece) != show_drowned) {
      fail(show_drowned ? "a drowned piece's animal is shown under this rule set"
                        : "a drowned piece's animal is not shown under this rule set");
    }
    const int id = board[s];
    if (piece != kNoPiece) show(id, piece);
    pieces[size_t(id)].square = kNoSquare;
    board[s] = -1;
    removal = true;
  }

  for (Side s : {kBlue, kRed}) {
    if (!beliefs[s].consistent()) {
      fail("no arrangement of " + side_name(s) +
           "'s animals explains every announcement so far with this one");
    }
  }

  // Everything checked: take it.
  belief_ = std::move(beliefs);
  pieces_ = std::move(pieces);
  board_ = board;
  history_.push_back(o);
  if (!o.is_ply()) return;
  ++plies_;
  plies_since_capture_ = removal ? 0 : plies_since_capture_ + 1;
  if (rs.tracks_den_food() && (occupied(us) & rs.den_bb(us))) ++den_turns_[us];
  to_move_ = them;
  record_position();
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
