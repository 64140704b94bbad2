#include "hidden/setup.h"

#include <algorithm>
#include <stdexcept>

#include "core/text_util.h"
#include "hidden/belief.h"

namespace jungle::hidden {

namespace {

std::string animal_words(Side side, Animal a) {
  return side_name(side) + " " + std::string(animal_name(a));
}

void check(const RuleSet& rules, Side side, const Arrangement& arrangement) {
  const Geometry& g = rules.geometry();
  Arrangement expected = start_arrangement(rules, side);
  std::vector<Square> want_squares, got_squares;
  AnimalSet want_animals, got_animals;
  for (const auto& [s, a] : expected) {
    want_squares.push_back(s);
    want_animals.insert(a);
  }
  for (const auto& [s, a] : arrangement) {
    if (got_animals.contains(a)) {
      throw std::invalid_argument("the " + animal_words(side, a) + " is placed twice");
    }
    got_animals.insert(a);
    got_squares.push_back(s);
    if (!(rules.standable(side, a) & square_bb(s))) {
      throw std::invalid_argument("the " + animal_words(side, a) + " may not stand on " +
                                  g.square_name(s));
    }
  }
  std::sort(got_squares.begin(), got_squares.end());
  if (got_squares != want_squares || !(got_animals == want_animals)) {
    std::string squares;
    for (Square s : want_squares) squares += (squares.empty() ? "" : " ") + g.square_name(s);
    throw std::invalid_argument(side_name(side) + "'s " + std::to_string(want_squares.size()) +
                                " animals go on its start squares " + squares + ", each once");
  }
}

}  // namespace

Arrangement start_arrangement(const RuleSet& rules, Side side) {
  const FenFields start = read_fen(rules.rules().start_fen, rules.geometry());
  Arrangement out;
  for (Square s = 0; s < rules.geometry().squares(); ++s) {
    const Piece p = start.board[size_t(s)];
    if (p != kNoPiece && side_of(p) == side) out.emplace_back(s, animal_of(p));
  }
  return out;
}

Arrangement random_arrangement(const RuleSet& rules, Side side, RandomBits rng) {
  Arrangement out = start_arrangement(rules, side);
  AnimalSet animals;
  std::vector<AnimalSet> may_stand;
  for (const auto& [s, a] : out) {
    animals.insert(a);
    AnimalSet here;
    for (int x = 0; x < kAnimals; ++x) {
      if (rules.standable(side, Animal(x)) & square_bb(s)) here.insert(Animal(x));
    }
    may_stand.push_back(here);
  }
  // A uniform draw among the orders that keep every animal where it may stand.
  const Belief orders(animals, may_stand);
  const std::vector<Animal> drawn = orders.sample(rng);
  for (size_t i = 0; i < out.size(); ++i) out[i].second = drawn[i];
  return out;
}

std::string arrangement_text(const RuleSet& rules, Side side, const Arrangement& arrangement) {
  const Geometry& g = rules.geometry();
  std::array<Piece, 64> board;
  board.fill(kNoPiece);
  for (const auto& [s, a] : arrangement) board[size_t(s)] = make_piece(side, a);
  std::string out;
  for (int rank = g.ranks() - 1; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < g.files(); ++file) {
      const Piece p = board[size_t(g.square(file, rank))];
      if (p == kNoPiece) {
        ++empty;
        continue;
      }
      for (; empty > 0; empty -= 9) out += char('0' + std::min(empty, 9));
      empty = 0;
      out += piece_letter(p);
    }
    for (; empty > 0; empty -= 9) out += char('0' + std::min(empty, 9));
    if (rank) out += '/';
  }
  return out;
}

Arrangement parse_arrangement(const RuleSet& rules, Side side, std::string_view text) {
  const Geometry& g = rules.geometry();
  Arrangement out;
  const std::string t = trim(text);
  if (t.find('=') != std::string::npos) {
    for (const std::string& pair : split(t)) {
      const size_t eq = pair.find('=');
      Animal a;
      const Square s = eq == std::string::npos ? kNoSquare : g.parse_square(pair.substr(0, eq));
      if (s == kNoSquare || eq + 2 != pair.size() || !parse_animal_letter(pair[eq + 1], a)) {
        throw std::invalid_argument("'" + pair +
                                    "' is not a square and an animal letter, like a1=L");
      }
      out.emplace_back(s, a);
    }
  } else {
    FenFields fields;
    try {
      fields = read_fen(t + " w", g);
    } catch (const FenError& e) {
      throw std::invalid_argument(std::string("the arrangement is not a placement: ") + e.what());
    }
    for (Square s = 0; s < g.squares(); ++s) {
      const Piece p = fields.board[size_t(s)];
      if (p == kNoPiece) continue;
      if (side_of(p) != side) {
        throw std::invalid_argument("the arrangement holds a " + side_name(side_of(p)) +
                                    " piece on " + g.square_name(s) + "; it is " + side_name(side) +
                                    "'s (FEN case: Blue upper, Red lower)");
      }
      out.emplace_back(s, animal_of(p));
    }
  }
  check(rules, side, out);
  std::sort(out.begin(), out.end());
  return out;
}

Arrangement swap_squares(const RuleSet& rules, Side side, Arrangement arrangement, Square a,
                         Square b) {
  auto find = [&](Square s) {
    auto it = std::find_if(arrangement.begin(), arrangement.end(),
                           [s](const auto& entry) { return entry.first == s; });
    if (it == arrangement.end()) {
      throw std::invalid_argument(rules.geometry().square_name(s) + " holds none of " +
                                  side_name(side) + "'s animals");
    }
    return it;
  };
  auto first = find(a), second = find(b);
  std::swap(first->second, second->second);
  check(rules, side, arrangement);
  return arrangement;
}

Position start_with(const RuleSetPtr& rules, const Arrangement& blue, const Arrangement& red) {
  check(*rules, kBlue, blue);
  check(*rules, kRed, red);
  const Geometry& g = rules->geometry();
  const std::vector<std::string> fields = split(rules->rules().start_fen);
  std::array<Piece, 64> board;
  board.fill(kNoPiece);
  for (const auto& [s, a] : blue) board[size_t(s)] = make_piece(kBlue, a);
  for (const auto& [s, a] : red) board[size_t(s)] = make_piece(kRed, a);
  std::string fen;
  for (int rank = g.ranks() - 1; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < g.files(); ++file) {
      const Piece p = board[size_t(g.square(file, rank))];
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
  // The start position's side to move and counters.
  for (size_t i = 1; i < fields.size(); ++i) fen += " " + fields[i];
  return Position::from_fen(fen, rules);
}

Position default_start(const RuleSetPtr& rules, RandomBits rng) {
  if (rules->rules().hidden_setup == HiddenSetup::kFixed) return Position(rules);
  const Arrangement blue = random_arrangement(*rules, kBlue, rng);
  const Arrangement red = random_arrangement(*rules, kRed, rng);
  return start_with(rules, blue, red);
}

}  // namespace jungle::hidden
