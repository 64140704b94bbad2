// A view as text: the view FEN read and written, and the diagram
// (PlayerView::from_fen, fen, diagram in player_view.h).

#include <bit>
#include <string>
#include <vector>

#include "core/text_util.h"
#include "hidden/player_view.h"
#include "hidden/player_view_words.h"

namespace jungle::hidden {

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

std::string PlayerView::diagram(bool turned) const {
  const RuleSet& rs = *rules_;
  const Geometry& g = rs.geometry();
  const int label = g.ranks() >= 10 ? 2 : 1;
  const std::string margin(size_t(label + 1), ' ');
  const std::string border = margin + "+" + std::string(size_t(2 * g.files() + 1), '-') + "+\n";
  std::string out = border;
  for (int row = 0; row < g.ranks(); ++row) {
    const int rank = turned ? row : g.ranks() - 1 - row;
    const std::string number = std::to_string(rank + 1);
    out += std::string(size_t(label) - number.size(), ' ') + number + " |";
    for (int column = 0; column < g.files(); ++column) {
      const int file = turned ? g.files() - 1 - column : column;
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
  for (int column = 0; column < g.files(); ++column) {
    out += ' ';
    out += char('a' + (turned ? g.files() - 1 - column : column));
  }
  return out + "\n";
}

}  // namespace jungle::hidden
