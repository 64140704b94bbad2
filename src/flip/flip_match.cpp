#include "flip/flip_match.h"

#include <memory>
#include <string>
#include <vector>

namespace jungle::flip {

FlipPlayer random_player(uint64_t seed) {
  auto rng = std::make_shared<std::mt19937_64>(seed);
  return [rng](FlipPosition& pos) {
    const ActionList list = pos.legal_actions();
    return list.items[size_t(std::uniform_int_distribution<int>(0, list.size - 1)(*rng))];
  };
}

FlipPlayer greedy_player(uint64_t seed) {
  auto rng = std::make_shared<std::mt19937_64>(seed);
  return [rng](FlipPosition& pos) {
    const Side us = pos.side_to_move();
    // What an action's result is worth to `us`.
    auto value = [us](const FlipPosition& after) {
      GameResult result;
      if (after.end(&result) != FlipEnd::kNone) {
        if (result == GameResult::kDraw) return 0.0;
        return (result == GameResult::kBlueWins) == (us == kBlue) ? kFlipWin : -kFlipWin;
      }
      const double material = flip_material(after, 1.0);
      return after.side_to_move() == us ? material : -material;
    };
    const ActionList list = pos.legal_actions();
    std::vector<Action> best;
    double best_value = -2 * kFlipWin;
    for (int i = 0; i < list.size; ++i) {
      const Action a = list.items[size_t(i)];
      double v = 0;
      if (a.is_flip()) {
        const Outcomes o = pos.outcomes();
        for (int k = 0; k < o.size; ++k) {
          pos.play({a, o.piece[size_t(k)]});
          v += o.count[size_t(k)] * value(pos);
          pos.undo();
        }
        v /= o.total;
      } else {
        pos.play({a, kNoPiece});
        v = value(pos);
        pos.undo();
      }
      // Means of equal values may differ in their last bits.
      if (v > best_value + 1e-9) {
        best_value = v;
        best.clear();
      }
      if (v >= best_value - 1e-9) best.push_back(a);
    }
    return best[size_t(std::uniform_int_distribution<size_t>(0, best.size() - 1)(*rng))];
  };
}

FlipPlayer careful_player() {
  FlipSearchOptions options;
  options.transposition_table = false;
  options.endgame_pieces = 0;
  // The baseline as measured first: the evaluation alone, a flip's value
  // the average of its outcomes' points.
  options.quiet_fade = 0;
  options.chance_scale = 0;
  options.group_flips = false;
  FlipLimits limits;
  limits.depth = 1;
  return engine_player(limits, options);
}

FlipPlayer engine_player(const FlipLimits& limits, FlipSearchOptions options) {
  auto searcher = std::make_shared<FlipSearcher>(options);
  return [searcher, limits](FlipPosition& pos) { return searcher->search(pos, limits).best; };
}

FlipPlayer engine_match_player(const FlipLimits& limits, FlipSearchOptions options) {
  struct Game {
    std::string start;
    size_t plies = 0;
  };
  auto searcher = std::make_shared<FlipSearcher>(options);
  auto last = std::make_shared<Game>();
  return [searcher, last, limits](FlipPosition& pos) {
    if (pos.history().size() <= last->plies || pos.initial_fen() != last->start) {
      searcher->new_game();
    }
    *last = {pos.initial_fen(), pos.history().size()};
    return searcher->search(pos, limits).best;
  };
}

FlipPlayer seer_player(const FlipLimits& limits, std::shared_ptr<const FlipDeal> tiles,
                       FlipSearchOptions options) {
  auto searcher = std::make_shared<FlipSearcher>(options);
  return [searcher, limits, tiles](FlipPosition& pos) {
    searcher->know_tiles(*tiles);  // a new game's deal clears what the old one taught
    return searcher->search(pos, limits).best;
  };
}

namespace {

// One piece from the pool `o` describes, each with its count's weight: a
// uniform whole number below the pool's size from `chance`.
Piece draw_from_pool(const Outcomes& o, RandomBits chance) {
  int pick = std::uniform_int_distribution<int>(0, o.total - 1)(chance);
  int i = 0;
  while (pick >= o.count[size_t(i)]) pick -= o.count[size_t(i++)];
  return o.piece[size_t(i)];
}

}  // namespace

FlipDeal deal_tiles(const FlipPosition& pos, RandomBits chance) {
  FlipDeal tiles;
  tiles.fill(kNoPiece);
  Outcomes pool = pos.outcomes();
  for (Square sq = 0; sq < kFlipSquares; ++sq) {
    if (pos.cell(sq) != kHidden || pool.total == 0) continue;
    const Piece p = draw_from_pool(pool, chance);
    tiles[sq] = p;
    for (int i = 0; i < pool.size; ++i) {
      if (pool.piece[size_t(i)] == p) --pool.count[size_t(i)];
    }
    --pool.total;
  }
  return tiles;
}

Side first_player_colour(const FlipPosition& pos) {
  const FlipPosition start(pos.rules_ptr(), pos.initial_fen());
  if (start.colours_known() || pos.history().empty()) return start.side_to_move();
  // Before the colours are known only flips are legal.
  return side_of(pos.history().front().revealed);
}

TableVerdict judge_by_tables(const FlipPosition& finished, Side side, FlipEndgames& tables) {
  TableVerdict v;
  if (finished.hidden_count() > 0) return v;
  const std::vector<Ply>& plies = finished.history();
  size_t after_last_flip = 0;
  for (size_t i = 0; i < plies.size(); ++i) {
    if (plies[i].action.is_flip()) after_last_flip = i + 1;
  }
  FlipPosition pos = finished;
  while (pos.history().size() > after_last_flip) pos.undo();
  v.last_flip_ply = int(after_last_flip);
  v.animals_at_last_flip = pos.face_up_count(kBlue) + pos.face_up_count(kRed);
  v.kind = TableVerdict::Kind::kNotCovered;
  for (size_t i = after_last_flip;; ++i) {
    v.ply = int(i);
    v.animals = pos.face_up_count(kBlue) + pos.face_up_count(kRed);
    GameResult result;
    if (pos.end(&result) != FlipEnd::kNone) {
      // Ended with no position the tables hold before it: with few enough
      // animals (the last flip or capture ended it), the end is the verdict.
      if (v.animals > tables.max_pieces()) return v;
      v.kind = TableVerdict::Kind::kJudged;
      v.wdl = result == GameResult::kDraw                            ? 0
              : (result == GameResult::kBlueWins) == (side == kBlue) ? 1
                                                                     : -1;
      return v;
    }
    if (tables.covers(pos)) {
      if (const std::optional<EndgameValue> e = tables.probe(pos)) {
        v.kind = TableVerdict::Kind::kJudged;
        v.wdl = pos.side_to_move() == side ? e->wdl : -e->wdl;
        return v;
      }
    }
    if (i >= plies.size()) return v;
    pos.play(plies[i]);
  }
}

std::string verdict_text(const TableVerdict& v, int max_animals, const std::string& who) {
  using Kind = TableVerdict::Kind;
  if (v.kind == Kind::kFaceDown) return "tables: the game ended with tiles face down";
  std::string text = "tables: last flip at ply " + std::to_string(v.last_flip_ply) + " (" +
                     std::to_string(v.animals_at_last_flip) + " animals); ";
  if (v.kind == Kind::kNotCovered) {
    return text + "never " + std::to_string(max_animals) + " animals or fewer";
  }
  return text + "at ply " + std::to_string(v.ply) + " (" + std::to_string(v.animals) +
         " animals) the " + who + " " +
         (v.wdl > 0   ? "wins"
          : v.wdl < 0 ? "loses"
                      : "draws");
}

void TableTally::add(double points, const TableVerdict& v) {
  const size_t result = points == 0 ? 0 : points == 1 ? 2 : 1;
  using Kind = TableVerdict::Kind;
  const size_t column = v.kind == Kind::kFaceDown     ? 3
                        : v.kind == Kind::kNotCovered ? 4
                                                      : size_t(v.wdl + 1);
  ++count_[result][column];
  if (v.kind == Kind::kJudged && v.ply == v.last_flip_ply) ++at_last_flip_[result];
}

void TableTally::print(std::ostream& out, int max_animals, const std::string& who) const {
  out << "Endgame tables (every tile up, at most " << max_animals
      << " animals) at the first position after the last flip that they hold:\n";
  const char* names[3] = {"lost", "drew", "won"};
  for (size_t r = 3; r-- > 0;) {
    const int* c = count_[r];
    const int games = c[0] + c[1] + c[2] + c[3] + c[4];
    out << "  " << who << " " << names[r] << " " << games << ": the tables say it wins " << c[2]
        << ", draws " << c[1] << ", loses " << c[0] << " (" << at_last_flip_[r]
        << " of these right after the last flip); ended with tiles face down " << c[3]
        << ", never within the tables " << c[4] << "\n";
  }
}

}  // namespace jungle::flip
