#include "flip/flip_position.h"

#include <algorithm>
#include <charconv>
#include <sstream>

namespace jungle::flip {

namespace {

// Keys for repetitions and the transposition table: a square's contents, the
// side to move (or colours undecided) and each piece still in the pool.
struct Zobrist {
  std::array<std::array<uint64_t, kHidden + 1>, kFlipSquares> cell{};
  std::array<uint64_t, kPieceKinds> pool{};
  std::array<uint64_t, 3> side{};  // Blue, Red, undecided

  Zobrist() {
    uint64_t state = 0x2545F4914F6CDD1DULL;
    auto next = [&state] {
      // splitmix64: a fixed sequence, so keys are the same in every run.
      uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
      return z ^ (z >> 31);
    };
    for (auto& square : cell) {
      for (uint64_t& k : square) k = next();
    }
    for (uint64_t& k : pool) k = next();
    for (uint64_t& k : side) k = next();
  }
};

const Zobrist& zobrist() {
  static const Zobrist z;
  return z;
}

char cell_char(Cell c) {
  if (c == kHidden) return '?';
  return piece_letter(Piece(c));
}

char cell_char_or_dot(Cell c) {
  return c == kEmpty ? '.' : cell_char(c);
}

bool parse_piece(char c, Piece& out) {
  Animal a;
  if (!parse_animal_letter(c, a)) return false;
  out = make_piece(c >= 'a' && c <= 'z' ? kRed : kBlue, a);
  return true;
}

bool parse_int(std::string_view text, int& out, int max) {
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, out);
  return ec == std::errc() && ptr == end && out >= 0 && out <= max;
}

// How an attack ends under the rules `r` (FlipPosition::combat's table).
Combat combat_under(const FlipRules& r, Animal attacker, Animal defender) {
  if (attacker == kRat && defender == kElephant && r.rat_takes_elephant) return Combat::kTakes;
  if (attacker == kElephant && defender == kRat) {
    return r.elephant_takes_rat ? Combat::kTakes : Combat::kIllegal;
  }
  if (attacker == defender) {
    return r.equal_ranks == EqualRanks::kBothDie ? Combat::kBothDie : Combat::kTakes;
  }
  if (attacker > defender) return Combat::kTakes;
  return r.suicide ? Combat::kAttackerDies : Combat::kIllegal;
}

}  // namespace

std::string flip_end_message(FlipEnd end, GameResult r) {
  const std::string winner = r == GameResult::kBlueWins ? "Blue" : "Red";
  switch (end) {
    case FlipEnd::kAllCaptured:
      return winner + " wins: the other side has no pieces left";
    case FlipEnd::kNoActions:
      return winner + " wins: the other side can neither flip nor move";
    case FlipEnd::kStrongest:
      return winner + " wins: its strongest piece outranks everything the other side has left";
    case FlipEnd::kQuietLimit:
      return "Draw: too many plies without a capture or a flip";
    case FlipEnd::kRepetition:
      return "Draw: the same position occurred again";
    case FlipEnd::kNone:
      break;
  }
  return "";
}

std::string_view flip_end_tag(FlipEnd e) {
  switch (e) {
    case FlipEnd::kNone:
      return "";
    case FlipEnd::kAllCaptured:
      return "all captured";
    case FlipEnd::kNoActions:
      return "no moves";
    case FlipEnd::kQuietLimit:
      return "move limit";
    case FlipEnd::kRepetition:
      return "repetition";
    case FlipEnd::kStrongest:
      return "strongest";
  }
  return "";
}

std::string action_text(Action a) {
  if (a.is_flip()) return kFlipGeometry.square_name(a.from) + "?";
  return kFlipGeometry.square_name(a.from) + kFlipGeometry.square_name(a.to);
}

std::string ply_text(const Ply& p) {
  std::string text = action_text(p.action);
  if (p.action.is_flip()) {
    text += '=';
    text += piece_letter(p.revealed);
  }
  return text;
}

FlipPosition::FlipPosition(FlipRulesPtr rules) : FlipPosition(rules, start_fen(*rules)) {}

FlipPosition::FlipPosition(FlipRulesPtr rules, std::string_view fen) : rules_(std::move(rules)) {
  for (int a = 0; a < kAnimals; ++a) {
    for (int d = 0; d < kAnimals; ++d) {
      combat_table_[size_t(a) * kAnimals + size_t(d)] = combat_under(*rules_, Animal(a), Animal(d));
    }
  }
  std::vector<std::string> fields;
  std::istringstream in{std::string(fen)};
  for (std::string f; in >> f;) fields.push_back(f);
  if (fields.size() < 3 || fields.size() > 5) {
    throw FlipFenError("flip FEN '" + std::string(fen) +
                       "' needs placement, side to move ('w', 'b' or '-'), the hidden pool and "
                       "optionally the quiet plies and the move number");
  }
  std::array<int, kPieceKinds> seen{};
  // Placement: rank 4 first, files a to d.
  int rank = 3, file = 0;
  cells_.fill(kEmpty);
  for (char c : fields[0]) {
    if (c == '/') {
      if (file != 4 || rank == 0)
        throw FlipFenError("flip FEN rank " + std::to_string(rank + 1) +
                           " does not hold 4 squares");
      --rank;
      file = 0;
      continue;
    }
    if (c >= '1' && c <= '4') {
      file += c - '0';
    } else {
      Piece p;
      Cell cell;
      if (c == '?') {
        cell = kHidden;
      } else if (parse_piece(c, p)) {
        cell = Cell(p);
        if (++seen[p] > 1)
          throw FlipFenError(std::string("flip FEN has the piece '") + c + "' twice");
      } else {
        throw FlipFenError(std::string("flip FEN placement has an unknown letter '") + c + "'");
      }
      if (file < 4) cells_[kFlipGeometry.square(file, rank)] = cell;
      ++file;
    }
    if (file > 4)
      throw FlipFenError("flip FEN rank " + std::to_string(rank + 1) +
                         " holds more than 4 squares");
  }
  if (rank != 0 || file != 4) throw FlipFenError("flip FEN placement needs 4 ranks of 4 squares");

  const std::string& side = fields[1];
  if (side == "w" || side == "b") {
    side_ = side == "w" ? kBlue : kRed;
    colours_known_ = true;
  } else if (side == "-") {
    colours_known_ = false;
    side_ = kBlue;
  } else {
    throw FlipFenError("flip FEN side to move '" + side + "' is not 'w' (Blue), 'b' (Red) or '-'");
  }

  if (fields[2] != "-") {
    for (char c : fields[2]) {
      Piece p;
      if (!parse_piece(c, p))
        throw FlipFenError(std::string("flip FEN pool has an unknown letter '") + c + "'");
      if (++seen[p] > 1)
        throw FlipFenError(std::string("flip FEN has the piece '") + c + "' twice");
      ++pool_[p];
      ++pool_side_[side_of(p)];
      ++hidden_;
    }
  }
  int tiles = 0;
  for (Square s = 0; s < kFlipSquares; ++s) {
    if (cells_[s] == kHidden) {
      ++tiles;
    } else if (cells_[s] != kEmpty) {
      ++up_count_[side_of(Piece(cells_[s]))];
    }
  }
  if (tiles != hidden_) {
    throw FlipFenError("flip FEN has " + std::to_string(tiles) + " face-down tiles but " +
                       std::to_string(hidden_) + " animals in its pool");
  }
  if (!colours_known_ &&
      (up_count_[kBlue] + up_count_[kRed] > 0 || rules_->colours == Colours::kFixed)) {
    throw FlipFenError(
        "flip FEN side '-' (colours undecided) is only for a first-flip set before any flip");
  }
  if (fields.size() >= 4 && !parse_int(fields[3], quiet_, 100000))
    throw FlipFenError("flip FEN quiet-ply count '" + fields[3] + "' is not a number");
  if (fields.size() >= 5 && (!parse_int(fields[4], fullmove_, 100000) || fullmove_ < 1))
    throw FlipFenError("flip FEN move number '" + fields[4] + "' is not a positive number");
  key_ = compute_key();
  initial_fen_ = this->fen();
}

std::string FlipPosition::start_fen(const FlipRules& rules) {
  return std::string("\?\?\?\?/\?\?\?\?/\?\?\?\?/\?\?\?\? ") +
         (rules.colours == Colours::kFirstFlip ? "-" : "w") + " RCDWPTLErcdwptle 0 1";
}

std::string FlipPosition::fen() const {
  std::string out;
  for (int rank = 3; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 4; ++file) {
      const Cell c = cells_[kFlipGeometry.square(file, rank)];
      if (c == kEmpty) {
        ++empty;
        continue;
      }
      if (empty) out += char('0' + empty);
      empty = 0;
      out += cell_char(c);
    }
    if (empty) out += char('0' + empty);
    if (rank) out += '/';
  }
  out += colours_known_ ? (side_ == kBlue ? " w " : " b ") : " - ";
  const std::string pool = pool_letters();
  out += pool.empty() ? "-" : pool;
  out += " " + std::to_string(quiet_) + " " + std::to_string(fullmove_);
  return out;
}

std::string FlipPosition::pool_letters() const {
  std::string pool;
  for (int p = 0; p < kPieceKinds; ++p) pool.append(size_t(pool_[p]), piece_letter(Piece(p)));
  return pool;
}

uint64_t FlipPosition::compute_key() const {
  const Zobrist& z = zobrist();
  uint64_t k = z.side[colours_known_ ? side_ : 2];
  for (Square s = 0; s < kFlipSquares; ++s) k ^= z.cell[s][cells_[s]];
  for (int p = 0; p < kPieceKinds; ++p) {
    if (pool_[p]) k ^= z.pool[p] * uint64_t(pool_[p]);
  }
  return k;
}

template <class Visit>
bool FlipPosition::visit_actions(Visit visit) const {
  Bitboard own = 0, hidden = 0;
  for (Square s = 0; s < kFlipSquares; ++s) {
    if (cells_[s] == kHidden) {
      hidden |= Bitboard(1) << s;
    } else if (colours_known_ && cells_[s] != kEmpty && side_of(Piece(cells_[s])) == side_) {
      own |= Bitboard(1) << s;
    }
  }
  Bitboard flippable = hidden;
  if (rules_->flip_tiles == FlipTiles::kAdjacent && own) {
    flippable &= kFlipGeometry.neighbours(own);
  }
  for (Bitboard b = flippable; b; b &= b - 1) {
    if (visit(Action::flip(std::countr_zero(b)))) return true;
  }
  for (Bitboard b = own; b; b &= b - 1) {
    const Square from = std::countr_zero(b);
    const Animal mover = animal_of(Piece(cells_[from]));
    for (Bitboard t = kFlipGeometry.neighbours(Bitboard(1) << from); t; t &= t - 1) {
      const Square to = std::countr_zero(t);
      const Cell target = cells_[to];
      if (target == kHidden || (own >> to & 1)) continue;
      if (target == kEmpty || combat(mover, animal_of(Piece(target))) != Combat::kIllegal) {
        if (visit(Action::move(from, to))) return true;
      }
    }
  }
  return false;
}

ActionList FlipPosition::legal_actions() const {
  ActionList list;
  visit_actions([&list](Action a) {
    list.push(a);
    return false;
  });
  return list;
}

bool FlipPosition::has_action() const {
  // The first action found answers: the search asks this at every node.
  return visit_actions([](Action) { return true; });
}

bool FlipPosition::is_legal(Action a) const {
  const ActionList list = legal_actions();
  return std::find(list.begin(), list.end(), a) != list.end();
}

Outcomes FlipPosition::outcomes() const {
  Outcomes o;
  for (int p = 0; p < kPieceKinds; ++p) {
    if (!pool_[p]) continue;
    o.piece[o.size] = Piece(p);
    o.count[o.size] = pool_[p];
    ++o.size;
    o.total += pool_[p];
  }
  return o;
}

void FlipPosition::play(const Ply& p) {
  const Action a = p.action;
  // The key is updated by what changes (compute_key's terms): the side, the
  // two squares, and a flip's piece in the pool.
  const Zobrist& z = zobrist();
  uint64_t key = key_ ^ z.side[colours_known_ ? side_ : 2] ^ z.cell[a.from][cells_[a.from]];
  if (a.to != a.from) key ^= z.cell[a.to][cells_[a.to]];
  undo_.push_back(
      {p, cells_[a.from], cells_[a.to], quiet_, fullmove_, colours_known_, side_, key_});
  keys_.push_back(key_);
  played_.push_back(p);
  if (a.is_flip()) {
    const Piece piece = p.revealed;
    key ^= z.pool[piece] * uint64_t(pool_[piece]) ^ z.pool[piece] * uint64_t(pool_[piece] - 1);
    --pool_[piece];
    --pool_side_[side_of(piece)];
    --hidden_;
    ++up_count_[side_of(piece)];
    cells_[a.from] = Cell(piece);
    if (!colours_known_) {
      colours_known_ = true;
      side_ = side_of(piece);
    }
    quiet_ = 0;
  } else {
    const Cell mover = cells_[a.from];
    const Cell target = cells_[a.to];
    cells_[a.from] = kEmpty;
    if (target == kEmpty) {
      cells_[a.to] = mover;
      ++quiet_;
    } else {
      quiet_ = 0;
      switch (combat(animal_of(Piece(mover)), animal_of(Piece(target)))) {
        case Combat::kTakes:
          cells_[a.to] = mover;
          --up_count_[opponent(side_)];
          break;
        case Combat::kBothDie:
          cells_[a.to] = kEmpty;
          --up_count_[opponent(side_)];
          --up_count_[side_];
          break;
        case Combat::kAttackerDies:
        case Combat::kIllegal:  // callers play legal actions; treat as a lost attacker
          --up_count_[side_];
          break;
      }
    }
  }
  // Move numbers count Blue-Red pairs, as in the 7x9 game's FEN.
  if (side_ == kRed) ++fullmove_;
  side_ = opponent(side_);
  ++ply_;
  key ^= z.side[colours_known_ ? side_ : 2] ^ z.cell[a.from][cells_[a.from]];
  if (a.to != a.from) key ^= z.cell[a.to][cells_[a.to]];
  key_ = key;
}

void FlipPosition::undo() {
  const Undo u = undo_.back();
  undo_.pop_back();
  keys_.pop_back();
  played_.pop_back();
  const Action a = u.ply.action;
  if (a.is_flip()) {
    const Piece piece = u.ply.revealed;
    ++pool_[piece];
    ++pool_side_[side_of(piece)];
    ++hidden_;
    --up_count_[side_of(piece)];
  } else {
    // Count back what the move removed.
    for (Cell c : {u.from_before, u.to_before}) {
      if (c != kEmpty) ++up_count_[side_of(Piece(c))];
    }
    for (Square s : {a.from, a.to}) {
      if (cells_[s] != kEmpty) --up_count_[side_of(Piece(cells_[s]))];
    }
  }
  cells_[a.from] = u.from_before;
  cells_[a.to] = u.to_before;
  quiet_ = u.quiet;
  colours_known_ = u.colours_known;
  side_ = u.side;
  fullmove_ = u.fullmove;
  --ply_;
  key_ = u.key;
}

bool FlipPosition::strongest_wins_for(Side s) const {
  // The pieces each side has left, face up or in the pool.
  std::array<bool, kAnimals> mine{}, theirs{};
  for (Square sq = 0; sq < kFlipSquares; ++sq) {
    const Cell c = cells_[sq];
    if (c == kEmpty || c == kHidden) continue;
    (side_of(Piece(c)) == s ? mine : theirs)[animal_of(Piece(c))] = true;
  }
  for (int p = 0; p < kPieceKinds; ++p) {
    if (pool_[p]) (side_of(Piece(p)) == s ? mine : theirs)[animal_of(Piece(p))] = true;
  }
  for (int a = 0; a < kAnimals; ++a) {
    if (!mine[a]) continue;
    bool outranks = true;
    for (int b = 0; b < kAnimals && outranks; ++b) {
      if (!theirs[b]) continue;
      const Combat attack = combat(Animal(a), Animal(b));
      const Combat defence = combat(Animal(b), Animal(a));
      outranks = attack == Combat::kTakes &&
                 (defence == Combat::kIllegal || defence == Combat::kAttackerDies);
    }
    if (outranks) return true;
  }
  return false;
}

int FlipPosition::repetitions_of_current() const {
  // A capture or a flip changes what can ever recur, so only the quiet run counts.
  int count = 1;
  const int n = int(keys_.size());
  for (int i = n - 1; i >= std::max(0, n - quiet_); --i) count += keys_[size_t(i)] == key_;
  return count;
}

FlipEnd FlipPosition::end(GameResult* result) const {
  auto set = [result](GameResult r) {
    if (result) *result = r;
  };
  set(GameResult::kOngoing);
  const int blue = pieces_left(kBlue), red = pieces_left(kRed);
  if (blue == 0 || red == 0) {
    set(blue == red ? GameResult::kDraw : blue ? GameResult::kBlueWins : GameResult::kRedWins);
    return FlipEnd::kAllCaptured;
  }
  if (colours_known_ && rules_->strongest_wins) {
    for (Side s : {kBlue, kRed}) {
      if (strongest_wins_for(s)) {
        set(s == kBlue ? GameResult::kBlueWins : GameResult::kRedWins);
        return FlipEnd::kStrongest;
      }
    }
  }
  if (!has_action()) {
    set(side_ == kBlue ? GameResult::kRedWins : GameResult::kBlueWins);
    return FlipEnd::kNoActions;
  }
  if (rules_->quiet_limit > 0 && quiet_ >= rules_->quiet_limit) {
    set(GameResult::kDraw);
    return FlipEnd::kQuietLimit;
  }
  if (rules_->repetitions > 0 && repetitions_of_current() >= rules_->repetitions) {
    set(GameResult::kDraw);
    return FlipEnd::kRepetition;
  }
  return FlipEnd::kNone;
}

bool FlipPosition::parse_action(std::string_view text, Action& out) const {
  Action a;
  if (text.size() == 3 && text[2] == '?') {
    const Square s = kFlipGeometry.parse_square(text.substr(0, 2));
    if (s == kNoSquare) return false;
    a = Action::flip(s);
  } else if (text.size() == 4) {
    const Square from = kFlipGeometry.parse_square(text.substr(0, 2));
    const Square to = kFlipGeometry.parse_square(text.substr(2, 2));
    if (from == kNoSquare || to == kNoSquare) return false;
    a = Action::move(from, to);
  } else {
    return false;
  }
  if (!is_legal(a)) return false;
  out = a;
  return true;
}

bool FlipPosition::parse_ply(std::string_view text, Ply& out) const {
  const size_t eq = text.find('=');
  Action a;
  if (!parse_action(text.substr(0, eq), a)) return false;
  if (!a.is_flip()) {
    if (eq != std::string_view::npos) return false;
    out = {a, kNoPiece};
    return true;
  }
  Piece piece;
  if (eq == std::string_view::npos || text.size() != eq + 2 || !parse_piece(text[eq + 1], piece) ||
      pool_[piece] == 0) {
    return false;
  }
  out = {a, piece};
  return true;
}

std::string diagram(const FlipPosition& pos, bool turned) {
  std::string text;
  for (int row = 0; row < 4; ++row) {
    const int rank = turned ? row : 3 - row;
    text += ' ';
    text += char('1' + rank);
    text += ' ';
    for (int column = 0; column < 4; ++column) {
      const int file = turned ? 3 - column : column;
      text += ' ';
      text += cell_char_or_dot(pos.cell(kFlipGeometry.square(file, rank)));
    }
    text += '\n';
  }
  return text + (turned ? "    d c b a\n" : "    a b c d\n");
}

}  // namespace jungle::flip
