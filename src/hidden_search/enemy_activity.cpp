#include "hidden_search/enemy_activity.h"

#include <cstdio>
#include <vector>

namespace jungle::hidden {

void ActivityTally::add(const HiddenGame& game, Side side) {
  HiddenGame replay(game.start(), game.variant());
  const Side enemy = opponent(side);
  for (const Observation& o : game.announcements()) {
    if (replay.over()) break;
    if (replay.side_to_move() == enemy) {
      const PlayerView& view = replay.view(side);
      const int mover = view.piece_at(o.move.from());
      if (mover >= 0 && view.animal_unknown(mover)) {
        std::vector<Animal> alike;
        for (int id : view.side_pieces(enemy)) {
          const PieceInfo& p = view.pieces()[size_t(id)];
          if (p.on_board() && view.animal_unknown(id))
            alike.push_back(animal_of(replay.truth().piece_on(p.square)));
        }
        moved_[size_t(animal_of(replay.truth().piece_on(o.move.from())))] += 1;
        for (Animal a : alike) share_[size_t(a)] += 1.0 / double(alike.size());
        moves_ += 1;
      }
    }
    replay.play(o.move);
  }
}

AnimalWeights ActivityTally::activity() const {
  AnimalWeights out{};
  for (int a = 0; a < kAnimals; ++a)
    out[size_t(a)] = (moved_[size_t(a)] + 1) / (share_[size_t(a)] + 1);
  return out;
}

void ActivityTally::print(std::ostream& out) const {
  out << "enemy activity:";
  const AnimalWeights a = activity();
  for (int k = 0; k < kAnimals; ++k) {
    char number[32];
    std::snprintf(number, sizeof number, " %c %.2f", animal_letter(Animal(k)), a[size_t(k)]);
    out << number;
  }
  out << " (" << moves_ << " moves of unknown pieces)\n";
}

}  // namespace jungle::hidden
