#include "reference/reference_game.h"

#include <algorithm>
#include <istream>
#include <sstream>

namespace jungle::reference {

namespace {

constexpr int kEmpty = kNoPiece;
constexpr char kLetters[kAnimals + 1] = "RCDWPTLE";
constexpr int kDeltaFile[4] = {0, 0, 1, -1};
constexpr int kDeltaRank[4] = {1, -1, 0, 0};

int side_of_code(int code) {
  return code / kAnimals;
}
Animal animal_of_code(int code) {
  return Animal(code % kAnimals);
}

std::string square_text(int file, int rank) {
  return std::string(1, char('a' + file)) + std::to_string(rank + 1);
}

bool listed(const std::vector<BoardSquare>& squares, int file, int rank) {
  for (const BoardSquare& s : squares) {
    if (s.file == file && s.rank == rank) return true;
  }
  return false;
}

char letter_of(int code) {
  char c = kLetters[code % kAnimals];
  return side_of_code(code) == kBlue ? c : char(c - 'A' + 'a');
}

std::vector<std::string> split(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  std::string word;
  while (in >> word) out.push_back(word);
  return out;
}

int parse_count(const std::string& text, const char* what) {
  if (text.empty() || text.size() > 6 ||
      !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    throw ReferenceError(std::string("bad ") + what + " '" + text + "'");
  }
  return std::stoi(text);
}

}  // namespace

std::string outcome_text(const Outcome& o) {
  const char* r = "ongoing";
  switch (o.result) {
    case GameResult::kOngoing:
      r = "ongoing";
      break;
    case GameResult::kBlueWins:
      r = "blue wins";
      break;
    case GameResult::kRedWins:
      r = "red wins";
      break;
    case GameResult::kDraw:
      r = "draw";
      break;
  }
  const char* t = "none";
  switch (o.termination) {
    case Termination::kNone:
      t = "none";
      break;
    case Termination::kDenEntered:
      t = "den entered";
      break;
    case Termination::kAllCaptured:
      t = "all captured";
      break;
    case Termination::kNoLegalMove:
      t = "no legal move";
      break;
    case Termination::kRepetition:
      t = "repetition";
      break;
    case Termination::kMoveLimit:
      t = "move limit";
      break;
    case Termination::kDenFood:
      t = "den food";
      break;
  }
  return std::string(r) + " (" + t + ")";
}

bool reference_rank_allows(const Rules& rules, Animal attacker, Animal target) {
  if (attacker == kRat && target == kElephant && rules.rat_takes_elephant) return true;
  if (attacker == kElephant && target == kRat) {
    return rules.elephant_takes_rat && !rules.elephant_never_takes_rat;
  }
  return rules.rank[attacker] >= rules.rank[target];
}

// ---------------------------------------------------------------- set-up

ReferenceGame::ReferenceGame(const Rules& rules) : ReferenceGame(rules, rules.start_fen) {}

ReferenceGame::ReferenceGame(const Rules& rules, const std::string& fen) : rules_(rules) {
  State s;
  const int files = rules_.files, ranks_count = rules_.ranks;
  s.board.assign(size_t(ranks_count), std::vector<int>(size_t(files), kEmpty));
  s.water.assign(size_t(ranks_count), std::vector<int>(size_t(files), 0));
  std::vector<std::string> f = split(fen);
  if (f.size() < 2) throw ReferenceError("FEN needs a placement and a side: '" + fen + "'");

  // The last rank down to 1, separated by '/'.
  std::vector<std::string> ranks;
  std::string part;
  for (char c : f[0]) {
    if (c == '/') {
      ranks.push_back(part);
      part.clear();
    } else {
      part += c;
    }
  }
  ranks.push_back(part);
  if (int(ranks.size()) != ranks_count) {
    throw ReferenceError("FEN must have " + std::to_string(ranks_count) + " ranks: '" + fen + "'");
  }
  std::array<std::array<int, kAnimals>, kSides> count{};
  for (int i = 0; i < ranks_count; ++i) {
    int rank = ranks_count - 1 - i;
    int file = 0;
    for (char c : ranks[i]) {
      if (c >= '1' && c <= '9') {
        file += c - '0';
        continue;
      }
      int animal = -1;
      for (int a = 0; a < kAnimals; ++a) {
        if (kLetters[a] == c || char(kLetters[a] - 'A' + 'a') == c) animal = a;
      }
      if (animal < 0) throw ReferenceError(std::string("unknown FEN letter '") + c + "'");
      if (file >= files) throw ReferenceError("FEN rank " + std::to_string(rank + 1) + " too long");
      Side side = (c >= 'A' && c <= 'Z') ? kBlue : kRed;
      if (!may_stand(side, Animal(animal), file, rank)) {
        throw ReferenceError(std::string("'") + c + "' may not stand on " +
                             square_text(file, rank));
      }
      if (++count[side][animal] > 1 && rules_.unique_pieces) {
        throw ReferenceError(std::string("two pieces '") + c + "'");
      }
      s.board[rank][file] = side * kAnimals + animal;
      ++file;
    }
    if (file != files) {
      throw ReferenceError("FEN rank " + std::to_string(rank + 1) + " does not have " +
                           std::to_string(files) + " files");
    }
  }

  if (f[1] == "w") {
    s.side = kBlue;
  } else if (f[1] == "b") {
    s.side = kRed;
  } else {
    throw ReferenceError("bad side to move '" + f[1] + "'");
  }

  // "<placement> <side> [<plies> <move>]" or "<placement> <side> - - <plies> <move>".
  size_t next = 2;
  if (f.size() >= 4 && f[2] == "-" && f[3] == "-") next = 4;
  if (f.size() > next) s.plies_since_capture = parse_count(f[next], "plies-since-capture");
  if (f.size() > next + 1) s.move_number = parse_count(f[next + 1], "move number");
  if (f.size() > next + 2) throw ReferenceError("extra FEN fields: '" + fen + "'");
  history_.push_back(s);
}

// --------------------------------------------------------------- geometry

bool ReferenceGame::on_board(int file, int rank) const {
  return file >= 0 && file < rules_.files && rank >= 0 && rank < rules_.ranks;
}

bool ReferenceGame::is_water(int file, int rank) const {
  return rules_.has_water && listed(rules_.water_squares, file, rank);
}

bool ReferenceGame::is_trap_of(Side side, int file, int rank) const {
  return rules_.has_traps && listed(rules_.trap_squares[side], file, rank);
}

bool ReferenceGame::is_any_trap(int file, int rank) const {
  return is_trap_of(kBlue, file, rank) || is_trap_of(kRed, file, rank);
}

bool ReferenceGame::is_den_of(Side side, int file, int rank) const {
  return !rules_.dens.empty() && rules_.dens[size_t(side)].file == file &&
         rules_.dens[size_t(side)].rank == rank;
}

bool ReferenceGame::may_stand(Side side, Animal a, int file, int rank) const {
  if (is_water(file, rank) && !rules_.swimmers.contains(a)) return false;
  if (is_den_of(side, file, rank) && !rules_.own_den_allowed) return false;
  if (is_any_trap(file, rank) && !rules_.may_enter_traps.contains(a)) return false;
  if (is_trap_of(side, file, rank) && !rules_.may_enter_own_traps.contains(a)) return false;
  return true;
}

// ------------------------------------------------------------------ moves

bool ReferenceGame::can_capture(const State& s, int ff, int fr, int tf, int tr) const {
  int mover = s.board[fr][ff];
  int target = s.board[tr][tf];
  Side mover_side = Side(side_of_code(mover));
  Animal attacker = animal_of_code(mover);
  Animal victim = animal_of_code(target);

  // A trap weakens the piece on it when it belongs to that piece's opponent
  // (or, with universal traps, always).
  auto weakens = [&](Side owner, int file, int rank) {
    return rules_.traps == TrapRule::kAllTrapsWeaken ? is_any_trap(file, rank)
                                                     : is_trap_of(Side(owner ^ 1), file, rank);
  };
  bool weakened = weakens(Side(side_of_code(target)), tf, tr);
  bool allowed;
  if (weakened) {
    allowed = !(attacker == kElephant && victim == kRat && rules_.elephant_never_takes_rat);
  } else if (rules_.trapped_rank == TrappedRank::kZero && weakens(mover_side, ff, fr)) {
    // Rank 0 beats rank 0 only, and only where the plain rule allows it too.
    allowed = rules_.rank[victim] == 0 && reference_rank_allows(rules_, attacker, victim);
  } else {
    allowed = reference_rank_allows(rules_, attacker, victim);
  }

  bool from_water = is_water(ff, fr);
  bool to_water = is_water(tf, tr);
  if (from_water && !to_water && !rules_.capture_water_to_land) allowed = false;
  if (from_water && attacker == kRat && victim == kElephant &&
      !rules_.rat_takes_elephant_from_water) {
    allowed = false;
  }
  if (!from_water && to_water && !rules_.capture_land_to_water) allowed = false;
  return allowed;
}

void ReferenceGame::try_destination(const State& s, int ff, int fr, int tf, int tr,
                                    std::vector<Step>& out) const {
  if (!on_board(tf, tr)) return;
  int mover = s.board[fr][ff];
  Side side = Side(side_of_code(mover));
  if (!may_stand(side, animal_of_code(mover), tf, tr)) return;
  int target = s.board[tr][tf];
  if (target != kEmpty) {
    if (side_of_code(target) == side) return;
    if (!can_capture(s, ff, fr, tf, tr)) return;
  }
  out.push_back(Step{ff, fr, tf, tr});
}

void ReferenceGame::add_jumps(const State& s, int ff, int fr, std::vector<Step>& out) const {
  if (is_water(ff, fr)) return;  // jumps start from the bank
  Animal a = animal_of_code(s.board[fr][ff]);
  for (int d = 0; d < 4; ++d) {
    bool vertical = kDeltaFile[d] == 0;
    const AnimalSet& jumpers = vertical ? rules_.vertical_jumpers : rules_.horizontal_jumpers;
    const AnimalSet& free =
        vertical ? rules_.vertical_jump_unblocked : rules_.horizontal_jump_unblocked;
    if (!jumpers.contains(a)) continue;
    int f = ff + kDeltaFile[d];
    int r = fr + kDeltaRank[d];
    if (!on_board(f, r) || !is_water(f, r)) continue;
    bool blocked = false;
    while (on_board(f, r) && is_water(f, r)) {
      if (s.board[r][f] != kEmpty) blocked = true;
      f += kDeltaFile[d];
      r += kDeltaRank[d];
    }
    if (blocked && !free.contains(a)) continue;
    try_destination(s, ff, fr, f, r, out);
  }
}

std::vector<ReferenceGame::Step> ReferenceGame::piece_moves(const State& s) const {
  std::vector<Step> out;
  for (int r = 0; r < rules_.ranks; ++r) {
    for (int f = 0; f < rules_.files; ++f) {
      int code = s.board[r][f];
      if (code == kEmpty || side_of_code(code) != s.side) continue;
      for (int d = 0; d < 4; ++d)
        try_destination(s, f, r, f + kDeltaFile[d], r + kDeltaRank[d], out);
      add_jumps(s, f, r, out);
    }
  }
  return out;
}

ReferenceGame::State ReferenceGame::after(const State& s, const Step& m) const {
  State n = s;
  int mover = s.board[m.from_rank][m.from_file];
  Side side = s.side;
  bool capture = s.board[m.to_rank][m.to_file] != kEmpty;

  n.board[m.to_rank][m.to_file] = mover;
  n.board[m.from_rank][m.from_file] = kEmpty;
  // A piece carries its count within the water; on land it has none.
  bool counting = rules_.water_turn_limit > 0 && rules_.has_water;
  int carried = s.water[m.from_rank][m.from_file];
  n.water[m.from_rank][m.from_file] = 0;
  n.water[m.to_rank][m.to_file] = is_water(m.to_file, m.to_rank) ? carried : 0;

  n.plies_since_capture = capture ? 0 : s.plies_since_capture + 1;
  n.drowned = 0;
  if (counting) {
    for (int r = 0; r < rules_.ranks; ++r) {
      for (int f = 0; f < rules_.files; ++f) {
        int code = n.board[r][f];
        if (code == kEmpty || side_of_code(code) != side || !is_water(f, r)) continue;
        if (++n.water[r][f] > rules_.water_turn_limit) {
          n.board[r][f] = kEmpty;
          n.water[r][f] = 0;
          ++n.drowned;
        }
      }
    }
    if (n.drowned > 0) n.plies_since_capture = 0;
  }

  if (rules_.own_den_allowed && rules_.den_food_limit > 0 && !rules_.dens.empty()) {
    const BoardSquare den = rules_.dens[size_t(side)];
    int on_den = n.board[den.rank][den.file];
    if (on_den != kEmpty && side_of_code(on_den) == side) ++n.den_turns[side];
  }

  n.last_moved_animal = animal_of_code(mover);
  if (side == kRed) ++n.move_number;
  n.side = opponent(side);
  return n;
}

int ReferenceGame::occurrences(const State& s) const {
  int n = 0;
  for (const State& h : history_) {
    if (h.side == s.side && h.board == s.board) ++n;
  }
  return n;
}

bool ReferenceGame::bush_forbids(const Step& m) const {
  const State& s = cur();
  if (rules_.repetition != RepetitionRule::kBush || s.last_moved_animal < 0) return false;
  Animal mover = animal_of_code(s.board[m.from_rank][m.from_file]);
  if (!reference_rank_allows(rules_, mover, Animal(s.last_moved_animal))) return false;
  return occurrences(after(s, m)) >= 2;
}

Outcome ReferenceGame::end_before_moves() const {
  const State& s = cur();
  auto win = [](Side side, Termination t) {
    return Outcome{side == kBlue ? GameResult::kBlueWins : GameResult::kRedWins, t};
  };
  // 1. A piece on the enemy den (the side that just moved is looked at first).
  for (Side side : {opponent(s.side), s.side}) {
    if (rules_.dens.empty()) break;
    const BoardSquare den = rules_.dens[size_t(opponent(side))];
    int code = s.board[den.rank][den.file];
    if (code != kEmpty && side_of_code(code) == side) return win(side, Termination::kDenEntered);
  }
  // 2. A side with no pieces loses.
  for (Side side : {s.side, opponent(s.side)}) {
    bool any = false;
    for (const auto& row : s.board) {
      for (int code : row) any = any || (code != kEmpty && side_of_code(code) == side);
    }
    if (!any) return win(opponent(side), Termination::kAllCaptured);
  }
  // 3. Den food.
  if (rules_.own_den_allowed && rules_.den_food_limit > 0) {
    for (Side side : {opponent(s.side), s.side}) {
      if (s.den_turns[side] >= rules_.den_food_limit) {
        return win(opponent(side), Termination::kDenFood);
      }
    }
  }
  // 4. No-capture limit.
  if (rules_.no_capture_limit > 0 && s.plies_since_capture >= rules_.no_capture_limit) {
    return Outcome{GameResult::kDraw, Termination::kMoveLimit};
  }
  // 5. Repetition draw, the set-up position counted.
  if (rules_.repetition == RepetitionRule::kDraw && occurrences(s) >= rules_.repetition_count) {
    return Outcome{GameResult::kDraw, Termination::kRepetition};
  }
  return Outcome{};
}

std::vector<ReferenceGame::Step> ReferenceGame::legal_steps() const {
  if (end_before_moves().result != GameResult::kOngoing) return {};
  std::vector<Step> out;
  for (const Step& m : piece_moves(cur())) {
    if (!bush_forbids(m)) out.push_back(m);
  }
  return out;
}

std::string ReferenceGame::step_text(const Step& m) {
  return square_text(m.from_file, m.from_rank) + square_text(m.to_file, m.to_rank);
}

std::vector<std::string> ReferenceGame::legal_moves() const {
  std::vector<std::string> out;
  for (const Step& m : legal_steps()) out.push_back(step_text(m));
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> ReferenceGame::pseudo_moves() const {
  std::vector<std::string> out;
  for (const Step& m : piece_moves(cur())) out.push_back(step_text(m));
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> ReferenceGame::bush_forbidden_moves() const {
  std::vector<std::string> out;
  if (end_before_moves().result != GameResult::kOngoing) return out;
  for (const Step& m : piece_moves(cur())) {
    if (bush_forbids(m)) out.push_back(step_text(m));
  }
  std::sort(out.begin(), out.end());
  return out;
}

void ReferenceGame::play(const std::string& move) {
  for (const Step& m : legal_steps()) {
    if (step_text(m) == move) {
      history_.push_back(after(cur(), m));
      return;
    }
  }
  throw ReferenceError("illegal move '" + move + "' in " + fen());
}

bool ReferenceGame::capture_allowed(const std::string& move) const {
  // Two squares: a file letter and a rank number each.
  std::vector<std::pair<int, int>> squares;
  size_t i = 0;
  while (i < move.size() && squares.size() < 2) {
    if (move[i] < 'a' || move[i] > 'z') break;
    int file = move[i++] - 'a', rank = 0, digits = 0;
    while (i < move.size() && move[i] >= '0' && move[i] <= '9' && digits < 2) {
      rank = rank * 10 + (move[i++] - '0');
      ++digits;
    }
    squares.emplace_back(file, rank - 1);
  }
  if (squares.size() != 2 || i != move.size()) throw ReferenceError("bad move '" + move + "'");
  const auto [ff, fr] = squares[0];
  const auto [tf, tr] = squares[1];
  if (!on_board(ff, fr) || !on_board(tf, tr)) throw ReferenceError("off the board: " + move);
  const int mover = cur().board[fr][ff], target = cur().board[tr][tf];
  if (mover == kEmpty || target == kEmpty || side_of_code(mover) == side_of_code(target)) {
    throw ReferenceError("'" + move + "' is no attack in " + fen());
  }
  return can_capture(cur(), ff, fr, tf, tr);
}

void ReferenceGame::undo() {
  if (history_.size() < 2) throw ReferenceError("no move to undo");
  history_.pop_back();
}

Outcome ReferenceGame::result() const {
  Outcome o = end_before_moves();
  if (o.result != GameResult::kOngoing) return o;
  if (!legal_steps().empty()) return o;
  // 6. No legal move.
  if (rules_.no_legal_move == NoMoveRule::kDraw) {
    return Outcome{GameResult::kDraw, Termination::kNoLegalMove};
  }
  return Outcome{cur().side == kBlue ? GameResult::kRedWins : GameResult::kBlueWins,
                 Termination::kNoLegalMove};
}

uint64_t ReferenceGame::perft(int depth) {
  if (depth <= 0) return 1;
  std::vector<Step> moves = legal_steps();
  if (depth == 1) return moves.size();
  uint64_t total = 0;
  for (const Step& m : moves) {
    history_.push_back(after(cur(), m));
    total += perft(depth - 1);
    history_.pop_back();
  }
  return total;
}

// ------------------------------------------------------------------ text

std::string ReferenceGame::placement_and_side() const {
  const State& s = cur();
  std::string out;
  // Runs longer than nine are written in nines and the rest ("91" for ten).
  auto write_empty = [&out](int empty) {
    for (; empty > 9; empty -= 9) out += '9';
    if (empty > 0) out += char('0' + empty);
  };
  for (int r = rules_.ranks - 1; r >= 0; --r) {
    int empty = 0;
    for (int f = 0; f < rules_.files; ++f) {
      int code = s.board[r][f];
      if (code == kEmpty) {
        ++empty;
        continue;
      }
      write_empty(empty);
      empty = 0;
      out += letter_of(code);
    }
    write_empty(empty);
    if (r > 0) out += '/';
  }
  out += s.side == kBlue ? " w" : " b";
  return out;
}

std::string ReferenceGame::fen() const {
  return placement_and_side() + " " + std::to_string(cur().plies_since_capture) + " " +
         std::to_string(cur().move_number);
}

int ReferenceGame::water_turns(Square s) const {
  // Square index = rank * files + file (types.h).
  if (s < 0 || s >= rules_.files * rules_.ranks) return 0;
  return cur().water[size_t(s / rules_.files)][size_t(s % rules_.files)];
}

// -------------------------------------------------------- test rule sets

const std::vector<NamedRules>& option_rule_sets() {
  static const std::vector<NamedRules> sets = [] {
    std::vector<NamedRules> v;
    auto add = [&v](const std::string& name, auto change) {
      Rules r;
      change(r);
      r.name = name;
      r.description = "test rule set " + name;
      v.push_back(NamedRules{name, r});
    };
    add("x-defaults", [](Rules&) {});
    // Ranks.
    add("x-dog-over-wolf", [](Rules& r) {
      r.rank[kDog] = 4;
      r.rank[kWolf] = 3;
    });
    add("x-lion-equals-tiger", [](Rules& r) { r.rank[kTiger] = 7; });
    add("x-tiger-over-lion", [](Rules& r) {
      r.rank[kTiger] = 7;
      r.rank[kLion] = 6;
    });
    // Rat and Elephant.
    add("x-elephant-takes-rat", [](Rules& r) { r.elephant_takes_rat = true; });
    add("x-elephant-never-takes-rat", [](Rules& r) { r.elephant_never_takes_rat = true; });
    add("x-no-rat-takes-elephant", [](Rules& r) { r.rat_takes_elephant = false; });
    // Swimmers and the water's edge.
    add("x-swim-dog", [](Rules& r) { r.swimmers = {kRat, kDog}; });
    add("x-swim-dog-wolf", [](Rules& r) { r.swimmers = {kRat, kDog, kWolf}; });
    add("x-edge-captures", [](Rules& r) { r.set_capture_across_water_edge(true); });
    add("x-edge-captures-rat-elephant", [](Rules& r) {
      r.set_capture_across_water_edge(true);
      r.rat_takes_elephant_from_water = true;
    });
    add("x-edge-water-to-land", [](Rules& r) {
      r.capture_water_to_land = true;
      r.swimmers = {kRat, kDog};
    });
    add("x-edge-land-to-water", [](Rules& r) {
      r.capture_land_to_water = true;
      r.swimmers = {kRat, kDog};
    });
    // Jumps.
    add("x-vjump-unblocked", [](Rules& r) { r.vertical_jump_unblocked = {kLion, kTiger}; });
    add("x-hjump-lion", [](Rules& r) { r.horizontal_jumpers = {kLion}; });
    add("x-hjump-tiger", [](Rules& r) { r.horizontal_jumpers = {kTiger}; });
    add("x-hjump-none", [](Rules& r) { r.horizontal_jumpers = {}; });
    add("x-hjump-leopard", [](Rules& r) { r.horizontal_jumpers = {kLion, kTiger, kLeopard}; });
    add("x-hjump-leopard-unblocked", [](Rules& r) {
      r.horizontal_jumpers = {kLion, kTiger, kLeopard};
      r.horizontal_jump_unblocked = {kLeopard};
    });
    // Traps.
    add("x-universal-traps", [](Rules& r) { r.traps = TrapRule::kAllTrapsWeaken; });
    add("x-trapped-rank-zero", [](Rules& r) { r.trapped_rank = TrappedRank::kZero; });
    add("x-trapped-rank-zero-universal", [](Rules& r) {
      r.trapped_rank = TrappedRank::kZero;
      r.traps = TrapRule::kAllTrapsWeaken;
      r.rank[kCat] = 0;
    });
    add("x-own-traps-rcd", [](Rules& r) { r.may_enter_own_traps = {kRat, kCat, kDog}; });
    add("x-traps-low-ranks", [](Rules& r) { r.may_enter_traps = {kRat, kCat, kDog, kWolf}; });
    // Dens.
    add("x-own-den", [](Rules& r) { r.own_den_allowed = true; });
    add("x-den-food", [](Rules& r) {
      r.own_den_allowed = true;
      r.den_food_limit = 30;
    });
    add("x-den-food-2", [](Rules& r) {
      r.own_den_allowed = true;
      r.den_food_limit = 2;
    });
    // Drowning.
    add("x-drowning", [](Rules& r) { r.water_turn_limit = 3; });
    add("x-drowning-1-swim-all", [](Rules& r) {
      r.water_turn_limit = 1;
      r.swimmers = {kRat, kDog, kWolf};
    });
    // Game end.
    add("x-no-move-draw", [](Rules& r) { r.no_legal_move = NoMoveRule::kDraw; });
    add("x-bush", [](Rules& r) { r.repetition = RepetitionRule::kBush; });
    add("x-no-repetition", [](Rules& r) { r.repetition = RepetitionRule::kNone; });
    add("x-repeat-2", [](Rules& r) { r.repetition_count = 2; });
    add("x-move-limit-30", [](Rules& r) { r.no_capture_limit = 30; });
    add("x-no-move-limit", [](Rules& r) { r.no_capture_limit = 0; });
    // Board features.
    add("x-no-water", [](Rules& r) { r.has_water = false; });
    add("x-no-traps", [](Rules& r) { r.has_traps = false; });
    add("x-animal-checkers", [](Rules& r) {
      r.has_water = false;
      r.has_traps = false;
      r.start_fen = "6t/1d5/r5e/7/7/7/E5R/5D1/T6 w 0 1";
    });
    // Other boards: a 5x6 one with a one-square pond (jumps over one square,
    // the Rat alone in it) and a full 8x8 one, whose last square is index 63.
    add("x-board-5x6", [](Rules& r) {
      r.files = 5;
      r.ranks = 6;
      r.dens = {{2, 0}, {2, 5}};
      r.trap_squares = {{{{1, 0}, {3, 0}, {2, 1}}, {{1, 5}, {3, 5}, {2, 4}}}};
      r.water_squares = {{2, 2}};
      r.start_fen = "l3t/r3e/5/5/E3R/T3L w 0 1";
    });
    add("x-board-8x8", [](Rules& r) {
      r.files = 8;
      r.ranks = 8;
      r.dens = {{3, 0}, {4, 7}};
      r.trap_squares = {{{{2, 0}, {4, 0}, {3, 1}}, {{3, 7}, {5, 7}, {4, 6}}}};
      r.water_squares = {{1, 3}, {2, 3}, {1, 4}, {2, 4}, {5, 3}, {6, 3}, {5, 4}, {6, 4}};
      r.start_fen = "l6t/1d4c1/r2p1w1e/8/8/E1W1P2R/1C4D1/T6L w 0 1";
    });
    add("x-hidden", [](Rules& r) { r.hidden_pieces = true; });
    add("x-not-unique", [](Rules& r) {
      r.unique_pieces = false;
      r.start_fen = "l5t/1d3c1/r1pcw1e/7/7/7/E1WCP1R/1C3D1/T5L w 0 1";
    });
    // Combinations as published.
    add("x-anti-draw", [](Rules& r) {
      r.vertical_jump_unblocked = {kLion, kTiger};
      r.horizontal_jumpers = {kLion, kTiger, kLeopard};
      r.swimmers = {kRat, kDog, kWolf};
      r.may_enter_own_traps = {kRat, kCat, kDog};
      r.water_turn_limit = 3;
      r.own_den_allowed = true;
      r.den_food_limit = 30;
    });
    add("x-bush-classic", [](Rules& r) {
      r.rank[kDog] = 4;
      r.rank[kWolf] = 3;
      r.repetition = RepetitionRule::kBush;
      r.no_capture_limit = 0;
    });
    add("x-leopard-variant", [](Rules& r) {
      r.horizontal_jumpers = {kLion, kTiger, kLeopard};
      r.horizontal_jump_unblocked = {kLeopard};
      r.traps = TrapRule::kAllTrapsWeaken;
      r.elephant_takes_rat = false;
      r.set_capture_across_water_edge(true);
      r.swimmers = {kRat, kDog};
    });
    return v;
  }();
  return sets;
}

std::vector<EpdEntry> read_epd(std::istream& in) {
  std::vector<EpdEntry> out;
  std::string text;
  int line = 0;
  while (std::getline(in, text)) {
    ++line;
    size_t first = text.find_first_not_of(" \t\r");
    if (first == std::string::npos || text[first] == '#') continue;
    EpdEntry e;
    e.line = line;
    std::vector<std::string> fields;
    std::string field;
    for (char c : text + ";") {
      if (c != ';') {
        field += c;
        continue;
      }
      size_t b = field.find_first_not_of(" \t\r");
      size_t end = field.find_last_not_of(" \t\r");
      fields.push_back(b == std::string::npos ? "" : field.substr(b, end - b + 1));
      field.clear();
    }
    e.fen = fields[0];
    auto fail = [&](const std::string& why) {
      throw ReferenceError("EPD line " + std::to_string(line) + ": " + why);
    };
    for (size_t i = 1; i < fields.size(); ++i) {
      const std::string& f = fields[i];
      size_t space = f.find(' ');
      if (space == std::string::npos) fail("field '" + f + "' has no value");
      std::string key = f.substr(0, space);
      std::string value = f.substr(f.find_first_not_of(' ', space));
      if (key == "variant") {
        e.variant = value;
      } else if (key == "id") {
        e.id = value;
      } else if (key.size() >= 2 && key[0] == 'D') {
        int depth = parse_count(key.substr(1), "depth");
        if (depth != int(e.counts.size()) + 1) fail("depths must be D1, D2, ... in order");
        e.counts.push_back(std::stoull(value));
      } else {
        fail("unknown field '" + key + "'");
      }
    }
    if (e.variant.empty()) fail("no variant");
    out.push_back(e);
  }
  return out;
}

const Rules* find_option_rule_set(const std::string& name) {
  for (const NamedRules& n : option_rule_sets()) {
    if (n.name == name) return &n.rules;
  }
  return nullptr;
}

}  // namespace jungle::reference
