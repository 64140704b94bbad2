#include "core/types.h"

#include <algorithm>
#include <array>

namespace jungle {

namespace {
constexpr std::array<char, kAnimals> kLetters = {'R', 'C', 'D', 'W', 'P', 'T', 'L', 'E'};
constexpr std::array<std::string_view, kAnimals> kNames = {"Rat",     "Cat",   "Dog",  "Wolf",
                                                           "Leopard", "Tiger", "Lion", "Elephant"};
}  // namespace

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

namespace {

constexpr std::array<GameResult, 4> kResults = {GameResult::kBlueWins, GameResult::kRedWins,
                                                GameResult::kDraw, GameResult::kOngoing};
constexpr std::array<Termination, 6> kRuleTerminations = {
    Termination::kDenEntered, Termination::kAllCaptured, Termination::kNoLegalMove,
    Termination::kRepetition, Termination::kMoveLimit,   Termination::kDenFood};

}  // namespace

std::string_view result_tag(GameResult r) {
  switch (r) {
    case GameResult::kBlueWins:
      return "1-0";
    case GameResult::kRedWins:
      return "0-1";
    case GameResult::kDraw:
      return "1/2-1/2";
    case GameResult::kOngoing:
      return "*";
  }
  return "*";
}

std::optional<GameResult> result_from_tag(std::string_view tag) {
  for (GameResult r : kResults) {
    if (result_tag(r) == tag) return r;
  }
  return std::nullopt;
}

std::string_view termination_tag(Termination t) {
  switch (t) {
    case Termination::kDenEntered:
      return "den";
    case Termination::kAllCaptured:
      return "all captured";
    case Termination::kNoLegalMove:
      return "no moves";
    case Termination::kRepetition:
      return "repetition";
    case Termination::kMoveLimit:
      return "move limit";
    case Termination::kDenFood:
      return "den food";
    case Termination::kNone:
      return "";
  }
  return "";
}

std::optional<Termination> termination_from_tag(std::string_view tag) {
  for (Termination t : kRuleTerminations) {
    if (termination_tag(t) == tag) return t;
  }
  return std::nullopt;
}

bool is_declared_termination(std::string_view tag) {
  return std::find(kDeclaredTerminations.begin(), kDeclaredTerminations.end(), tag) !=
         kDeclaredTerminations.end();
}

}  // namespace jungle
