#include "hidden_search/move_reading.h"

#include <algorithm>
#include <cmath>

#include "hidden_search/enemy_activity.h"

namespace jungle::hidden {

namespace {

// The enemy's model values a few dozen moves a read: a small table.
constexpr int kModelHashBits = 10;
// The smallest weight of an animal against its piece's likeliest one.
constexpr double kLeastWeight = 1e-9;

ViewSearchOptions model_options() {
  ViewSearchOptions out;
  out.hash_bits = kModelHashBits;
  return out;
}

// Whether `view` goes on from `at`: the same start and viewer, and every
// announcement `at` took is among `view`'s first.
bool goes_on_from(const PlayerView& at, const PlayerView& view) {
  if (at.start_fen() != view.start_fen() || at.viewer() != view.viewer()) return false;
  if (at.rule_set_ptr() != view.rule_set_ptr()) return false;
  const auto& read = at.history();
  const auto& now = view.history();
  return read.size() <= now.size() && std::equal(read.begin(), read.end(), now.begin());
}

// The mover's animals weighed by how often each makes a move of the
// context of `move` from `view` (enemy_activity.h); the context is worked
// out only where the activity is read (power above 0).
void weigh_by_activity(std::array<double, kAnimals>& likelihood, const PlayerView& view, Move move,
                       double power) {
  if (power <= 0) return;
  const AnimalWeights& activity = kLearntActivity[size_t(move_context(view, move))];
  for (int a = 0; a < kAnimals; ++a) likelihood[size_t(a)] *= std::pow(activity[size_t(a)], power);
}

}  // namespace

MoveReader::MoveReader(MoveReadingOptions options) : options_(options), model_(model_options()) {}

void MoveReader::set_options(const MoveReadingOptions& options) {
  options_ = options;
  new_game();
}

void MoveReader::new_game() {
  at_.reset();
  read_.clear();
}

std::vector<std::optional<std::array<double, kAnimals>>> MoveReader::weights(
    const PlayerView& view, const ViewSearchLimits& budget) {
  std::vector<std::optional<std::array<double, kAnimals>>> out;
  nodes_ = 0;
  if (options_.temperature <= 0 || !view.viewer()) return out;
  const Side enemy = opponent(*view.viewer());
  if (!at_ || !goes_on_from(*at_, view)) {
    new_game();
    at_ = PlayerView::from_fen(view.rule_set_ptr(), view.start_fen(), view.viewer());
  }
  const auto& history = view.history();
  for (size_t k = at_->history().size(); k < history.size(); ++k) {
    // Past the budget, the moves left are read at a later call (at_ stays
    // before them): a move's reading is put off, not lost.
    if (budget.used_up(nodes_)) break;
    const Observation& o = history[k];
    // The pieces this move reads, read together (they share the view).
    std::vector<int> pieces;
    const int piece = at_->piece_at(o.move.from());
    if (o.mover == enemy && piece >= 0 && at_->animal_unknown(piece)) pieces.push_back(piece);
    if (o.mover == enemy && options_.bystanders) {
      // The enemy's unknown pieces that stood still next to ours: one that
      // could have taken and did not is likelier the weaker animal, one
      // that stayed where it may be taken the stronger.
      const Geometry& g = at_->rule_set().geometry();
      Bitboard near = at_->occupied(opponent(enemy));
      for (int step = 0; step < options_.near_steps; ++step) near |= g.neighbours(near);
      for (int id : at_->side_pieces(enemy)) {
        const PieceInfo& p = at_->pieces()[size_t(id)];
        if (id == piece || !p.on_board() || !(near & square_bb(p.square)) ||
            !at_->animal_unknown(id))
          continue;
        pieces.push_back(id);
      }
    }
    if (!pieces.empty()) {
      const std::vector<ViewSearch::PieceReading> read =
          model_.read_pieces(*at_, o.move, options_.temperature, options_.uniform, pieces,
                             options_.worlds, budget.after(nodes_));
      for (size_t r = 0; r < pieces.size(); ++r) {
        read_.push_back({pieces[r], read[r].likelihood});
        if (pieces[r] == piece)
          weigh_by_activity(read_.back().likelihood, *at_, o.move, options_.activity);
        nodes_ += read[r].nodes;
      }
    }
    at_->apply(o);
  }
  // Each piece's weights: the product of its moves' likelihoods, in logs.
  std::vector<std::array<double, kAnimals>> logs(view.pieces().size());
  std::vector<bool> any(view.pieces().size(), false);
  for (const Read& r : read_) {
    any[size_t(r.piece)] = true;
    for (int a = 0; a < kAnimals; ++a) {
      logs[size_t(r.piece)][size_t(a)] +=
          r.likelihood[size_t(a)] > 0 ? std::log(r.likelihood[size_t(a)]) : -1e9;
    }
  }
  out.assign(view.pieces().size(), std::nullopt);
  for (size_t id = 0; id < logs.size(); ++id) {
    if (!any[id]) continue;
    const double top = *std::max_element(logs[id].begin(), logs[id].end());
    std::array<double, kAnimals>& piece = out[id].emplace();
    for (int a = 0; a < kAnimals; ++a)
      piece[size_t(a)] = std::max(kLeastWeight, std::exp(logs[id][size_t(a)] - top));
  }
  return out;
}

PlayerView MoveReader::weigh(const PlayerView& view, const ViewSearchLimits& budget) {
  PlayerView out = view;
  const std::vector<std::optional<std::array<double, kAnimals>>> w = weights(view, budget);
  for (size_t id = 0; id < w.size(); ++id) {
    if (!w[id]) continue;
    for (int a = 0; a < kAnimals; ++a) out.set_weight(int(id), Animal(a), (*w[id])[size_t(a)]);
  }
  return out;
}

}  // namespace jungle::hidden
