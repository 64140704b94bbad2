#include "hidden_search/enemy_activity.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string>
#include <vector>

namespace jungle::hidden {

namespace {

// Steps along files and ranks from `s` to the nearest square of `squares`.
int steps_to_nearest(const Geometry& g, Square s, Bitboard squares) {
  int best = std::numeric_limits<int>::max();
  for (Bitboard b = squares; b;) {
    const Square o = pop_lsb(b);
    best = std::min(best,
                    std::abs(g.file_of(s) - g.file_of(o)) + std::abs(g.rank_of(s) - g.rank_of(o)));
  }
  return best;
}

std::string weights_text(const AnimalWeights& a) {
  std::string out;
  for (int k = 0; k < kAnimals; ++k) {
    char number[32];
    std::snprintf(number, sizeof number, " %c %.2f", animal_letter(Animal(k)), a[size_t(k)]);
    out += number;
  }
  return out;
}

AnimalWeights ratio(const AnimalWeights& moved, const AnimalWeights& share) {
  AnimalWeights out{};
  for (int a = 0; a < kAnimals; ++a)
    out[size_t(a)] = (moved[size_t(a)] + 1) / (share[size_t(a)] + 1);
  return out;
}

}  // namespace

MoveContext move_context(const PlayerView& view, Move move) {
  const int mover = view.piece_at(move.from());
  if (mover < 0) return MoveContext::kLevel;
  const Bitboard enemies = view.occupied(opponent(view.pieces()[size_t(mover)].side));
  if (!enemies) return MoveContext::kLevel;
  const Geometry& g = view.rule_set().geometry();
  const int before = steps_to_nearest(g, move.from(), enemies);
  const int after = steps_to_nearest(g, move.to(), enemies);
  if (after <= 1) return MoveContext::kBeside;
  if (after < before) return MoveContext::kCloser;
  return after == before ? MoveContext::kLevel : MoveContext::kFarther;
}

const char* context_name(MoveContext context) {
  switch (context) {
    case MoveContext::kBeside:
      return "beside";
    case MoveContext::kCloser:
      return "closer";
    case MoveContext::kLevel:
      return "level";
    case MoveContext::kFarther:
      return "farther";
  }
  return "?";
}

void ActivityTally::add(const HiddenGame& game, Side side) {
  HiddenGame replay(game.start(), game.variant());
  const Side enemy = opponent(side);
  for (const Observation& o : game.announcements()) {
    if (replay.over()) break;
    if (replay.side_to_move() == enemy) {
      const PlayerView& view = replay.view(side);
      const int mover = view.piece_at(o.move.from());
      if (mover >= 0 && view.animal_unknown(mover)) {
        const size_t context = size_t(move_context(view, o.move));
        std::vector<Animal> alike;
        for (int id : view.side_pieces(enemy)) {
          const PieceInfo& p = view.pieces()[size_t(id)];
          if (p.on_board() && view.animal_unknown(id))
            alike.push_back(animal_of(replay.truth().piece_on(p.square)));
        }
        moved_[context][size_t(animal_of(replay.truth().piece_on(o.move.from())))] += 1;
        for (Animal a : alike) share_[context][size_t(a)] += 1.0 / double(alike.size());
        moves_[context] += 1;
      }
    }
    replay.play(o.move);
  }
}

int ActivityTally::moves() const {
  int out = 0;
  for (int m : moves_) out += m;
  return out;
}

AnimalWeights ActivityTally::activity() const {
  AnimalWeights moved{}, share{};
  for (int c = 0; c < kMoveContexts; ++c) {
    for (int a = 0; a < kAnimals; ++a) {
      moved[size_t(a)] += moved_[size_t(c)][size_t(a)];
      share[size_t(a)] += share_[size_t(c)][size_t(a)];
    }
  }
  return ratio(moved, share);
}

AnimalWeights ActivityTally::activity(MoveContext context) const {
  return ratio(moved_[size_t(context)], share_[size_t(context)]);
}

void ActivityTally::print(std::ostream& out) const {
  out << "enemy activity:" << weights_text(activity()) << " (" << moves()
      << " moves of unknown pieces)\n";
  for (int c = 0; c < kMoveContexts; ++c) {
    const MoveContext context = MoveContext(c);
    out << "  " << context_name(context) << ":" << weights_text(activity(context)) << " ("
        << moves(context) << (moves(context) == 1 ? " move)\n" : " moves)\n");
  }
}

}  // namespace jungle::hidden
