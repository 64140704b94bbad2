#include "core/types.h"

#include <array>

namespace jungle {

namespace {
constexpr std::array<char, kAnimals> kLetters = {'R', 'C', 'D', 'W', 'P', 'T', 'L', 'E'};
constexpr std::array<std::string_view, kAnimals> kNames = {"Rat",     "Cat",   "Dog",  "Wolf",
                                                           "Leopard", "Tiger", "Lion", "Elephant"};
}  // namespace

Square parse_square(std::string_view text) {
  if (text.size() != 2) return kNoSquare;
  int file = text[0] - 'a';
  int rank = text[1] - '1';
  if (file < 0 || file >= kFiles || rank < 0 || rank >= kRanks) return kNoSquare;
  return make_square(file, rank);
}

std::string square_name(Square s) {
  if (!is_valid_square(s)) return "--";
  return {char('a' + file_of(s)), char('1' + rank_of(s))};
}

char animal_letter(Animal a) {
  return kLetters[a];
}
std::string side_name(Side s) {
  return s == kBlue ? "Blue" : "Red";
}

std::string_view animal_name(Animal a) {
  return kNames[a];
}

bool parse_animal_letter(char c, Animal& animal) {
  char upper = (c >= 'a' && c <= 'z') ? char(c - 'a' + 'A') : c;
  for (int a = 0; a < kAnimals; ++a) {
    if (kLetters[a] == upper) {
      animal = Animal(a);
      return true;
    }
  }
  return false;
}

bool parse_animal_name(std::string_view name, Animal& animal) {
  std::string lower(name);
  for (char& c : lower) c = (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c;
  struct Alias {
    std::string_view name;
    Animal animal;
  };
  static constexpr Alias kAliases[] = {
      {"rat", kRat},        {"mouse", kRat},   {"cat", kCat},         {"dog", kDog},
      {"wolf", kWolf},      {"fox", kWolf},    {"leopard", kLeopard}, {"panther", kLeopard},
      {"cougar", kLeopard}, {"tiger", kTiger}, {"lion", kLion},       {"elephant", kElephant},
  };
  for (const Alias& alias : kAliases) {
    if (alias.name == lower) {
      animal = alias.animal;
      return true;
    }
  }
  return false;
}

char piece_letter(Piece p) {
  if (p == kNoPiece) return '.';
  char c = kLetters[animal_of(p)];
  return side_of(p) == kBlue ? c : char(c - 'A' + 'a');
}

std::string move_text(Move m) {
  return square_name(m.from()) + square_name(m.to());
}

std::string_view termination_name(Termination t) {
  switch (t) {
    case Termination::kNone:
      return "none";
    case Termination::kDenEntered:
      return "den entered";
    case Termination::kAllCaptured:
      return "all pieces captured";
    case Termination::kNoLegalMove:
      return "no legal move";
    case Termination::kRepetition:
      return "repetition";
    case Termination::kMoveLimit:
      return "move limit";
    case Termination::kDenFood:
      return "den food";
  }
  return "unknown";
}

}  // namespace jungle
