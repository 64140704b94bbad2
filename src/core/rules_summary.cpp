#include "core/rules_summary.h"

#include <algorithm>
#include <bit>

#include "core/text_util.h"

namespace jungle {

namespace {

// "a", "a and b", "a, b and c".
std::string listing(const std::vector<std::string>& words) {
  if (words.size() <= 1) return words.empty() ? "" : words[0];
  std::vector<std::string> head(words.begin(), words.end() - 1);
  return join(head, ", ") + " and " + words.back();
}

// "Lion and Tiger", "Rat, Cat and Dog": the animals of a set by rank, strongest first.
std::string animal_list(const Rules& rules, AnimalSet set) {
  std::vector<Animal> animals;
  for (int a = 0; a < kAnimals; ++a) {
    if (set.contains(Animal(a))) animals.push_back(Animal(a));
  }
  std::stable_sort(animals.begin(), animals.end(),
                   [&](Animal x, Animal y) { return rules.rank[x] > rules.rank[y]; });
  std::vector<std::string> names;
  for (Animal a : animals) names.emplace_back(animal_name(a));
  return listing(names);
}

// The animals of the start position (a set may leave some out).
AnimalSet animals_in_play(const Rules& rules) {
  AnimalSet set;
  for (char c : rules.start_fen.substr(0, rules.start_fen.find(' '))) {
    Animal a;
    if (parse_animal_letter(c, a)) set.insert(a);
  }
  return set;
}

std::string squares_text(const Geometry& g, Bitboard squares) {
  std::vector<std::string> names;
  for (Bitboard b = squares; b; b &= b - 1) names.push_back(g.square_name(std::countr_zero(b)));
  return listing(names);
}

}  // namespace

std::vector<std::string> rules_summary(const RuleSet& rs) {
  const Rules& r = rs.rules();
  const Geometry& g = rs.geometry();
  const AnimalSet playing = animals_in_play(r);
  std::vector<std::string> out;

  std::string board = "The board has " + std::to_string(g.files()) + " files and " +
                      std::to_string(g.ranks()) + " ranks";
  const int water = std::popcount(rs.water());
  board += water ? ", with " + std::to_string(water) + " squares of water." : " and no water.";
  out.push_back(board);
  if (rs.den(kBlue) != kNoSquare) {
    out.push_back("Blue's den is " + g.square_name(rs.den(kBlue)) + ", Red's " +
                  g.square_name(rs.den(kRed)) +
                  ". A piece that enters the enemy's den wins the game; taking every enemy "
                  "piece wins too.");
  } else {
    out.push_back("There are no dens: taking every enemy piece wins the game.");
  }

  std::vector<Animal> by_rank;
  for (int a = 0; a < kAnimals; ++a) {
    if (playing.contains(Animal(a))) by_rank.push_back(Animal(a));
  }
  std::stable_sort(by_rank.begin(), by_rank.end(),
                   [&](Animal x, Animal y) { return r.rank[x] > r.rank[y]; });
  std::vector<std::string> ranks;
  for (Animal a : by_rank)
    ranks.push_back(std::string(animal_name(a)) + " " + std::to_string(r.rank[a]));
  out.push_back("Ranks, strongest first: " + join(ranks, ", ") +
                ". Every piece moves one square up, down, left or right.");

  std::string takes = "A piece takes an enemy of the same or a lower rank by moving onto it.";
  const bool rat = playing.contains(kRat), elephant = playing.contains(kElephant);
  if (rat && elephant) {
    if (r.rat_takes_elephant) takes += " The Rat takes the Elephant.";
    if (r.elephant_never_takes_rat) {
      takes += " The Elephant may never take the Rat.";
    } else if (!r.elephant_takes_rat) {
      takes += " The Elephant may not take the Rat (except on a trap).";
    }
  }
  out.push_back(takes);

  if (water) {
    const AnimalSet swimmers = AnimalSet::from_bits(r.swimmers.bits() & playing.bits());
    std::string w = swimmers.empty()
                        ? "No animal may enter the water."
                        : "Only the " + animal_list(r, swimmers) +
                              (std::popcount(swimmers.bits()) == 1 ? " swims" : " swim") +
                              "; the others may not enter the water.";
    if (!r.capture_water_to_land && !r.capture_land_to_water) {
      w += " No capture crosses the water's edge, either way.";
    } else if (r.capture_water_to_land && r.capture_land_to_water) {
      w += " Captures cross the water's edge both ways.";
    } else {
      w += r.capture_water_to_land
               ? " A swimmer may take a piece on land from the water, not the other way."
               : " A piece on land may take a swimmer in the water, not the other way.";
    }
    out.push_back(w);

    const AnimalSet both = AnimalSet::from_bits(r.vertical_jumpers.bits() &
                                                r.horizontal_jumpers.bits() & playing.bits());
    const AnimalSet vertical_only = AnimalSet::from_bits(
        r.vertical_jumpers.bits() & ~r.horizontal_jumpers.bits() & playing.bits());
    const AnimalSet horizontal_only = AnimalSet::from_bits(
        r.horizontal_jumpers.bits() & ~r.vertical_jumpers.bits() & playing.bits());
    std::vector<std::string> jumps;
    if (!both.empty())
      jumps.push_back("the " + animal_list(r, both) + " across the water either way");
    if (!vertical_only.empty()) {
      jumps.push_back("the " + animal_list(r, vertical_only) + " across it along a file");
    }
    if (!horizontal_only.empty()) {
      jumps.push_back("the " + animal_list(r, horizontal_only) + " across it along a rank");
    }
    if (!jumps.empty()) {
      const bool blocked =
          (r.vertical_jump_unblocked.bits() | r.horizontal_jump_unblocked.bits()) == 0;
      out.push_back("Jumps: " + listing(jumps) +
                    ", in a straight line to the first square of land" +
                    (blocked ? "; a piece in the water in between blocks the jump." : "."));
    }
  }

  if (rs.all_traps()) {
    std::string t = "Traps: " + squares_text(g, rs.traps(kBlue)) + " beside Blue's den, " +
                    squares_text(g, rs.traps(kRed)) + " beside Red's. ";
    t += r.traps == TrapRule::kAllTrapsWeaken
             ? "A piece on any trap may be taken by every enemy piece, whatever its rank."
             : "A piece on one of its enemy's traps may be taken by every enemy piece, whatever "
               "its rank.";
    if (r.trapped_rank == TrappedRank::kZero) t += " While there, it takes as rank 0 itself.";
    out.push_back(t);
  }

  if (rs.den(kBlue) != kNoSquare) {
    out.push_back(r.own_den_allowed ? "A piece may enter its own den."
                                    : "A piece may not enter its own den.");
  }

  std::string end = r.no_legal_move == NoMoveRule::kLoses ? "A side that cannot move loses."
                                                          : "A side that cannot move draws.";
  if (r.no_capture_limit > 0) {
    end += " The game is drawn after " + std::to_string(r.no_capture_limit) +
           " turns in a row (either side's) without a capture";
    end += r.repetition == RepetitionRule::kDraw ? "," : ".";
  }
  if (r.repetition == RepetitionRule::kDraw) {
    end += std::string(r.no_capture_limit > 0 ? " or" : " The game is drawn") +
           " when a position occurs the " +
           (r.repetition_count == 3 ? std::string("third")
                                    : std::to_string(r.repetition_count) + "th") +
           " time.";
  } else if (r.repetition == RepetitionRule::kBush) {
    end += " A chasing move that would repeat a position a third time is not allowed.";
  }
  out.push_back(end);
  return out;
}

}  // namespace jungle
