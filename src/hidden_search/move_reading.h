#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "hidden/player_view.h"
#include "hidden_search/view_search.h"

// The engine's belief reads the enemy's moves (docs/hidden.md, "Reading
// the enemy's moves"): a piece that avoids or approaches ours says
// something about its animal. For every move of an enemy piece whose animal
// the view does not know, ViewSearch::move_likelihoods says how well each
// animal it may be explains the move; a piece's weights are the product of
// its moves' likelihoods, and the view's belief draws and weighs
// arrangements by them (PlayerView::set_weight) on top of the deductions,
// which stay exact: no weight rules out an animal the announcements allow.

namespace jungle::hidden {

struct MoveReadingOptions {
  // The softmax's temperature in centipawns; 0: the enemy's moves are not
  // read. 20, the guessing model's best (below); the averaged model's was
  // 100, the default until session 22.
  double temperature = 20.0;
  // The share of a random choice among the moves in the enemy's model.
  double uniform = 0.2;
  // Each enemy move also reads the enemy's other unknown pieces next to
  // the searcher's (the move was chosen with them standing still);
  // measured stronger (docs/hidden.md, "Reading the enemy's moves").
  bool bystanders = true;
  // How far from the searcher's pieces (in steps) a piece that stood still
  // is read: 1, the squares next to them (2 measured no better:
  // docs/hidden.md, "The belief, session 15").
  int near_steps = 1;
  // The enemy's model: 0, a softmax of its moves' values averaged over
  // our unshown animals (above); K > 0, the guessing model: the enemy
  // guesses our unshown animals (K worlds, each a random order of the
  // animals not yet shown) and chooses by the softmax of its guess's
  // values at `temperature` (at 1 or less, the best move of its guess), a
  // move's likelihood its mean probability over the worlds, mixed with
  // `uniform` (ViewSearch::move_likelihoods). The default since session
  // 22, 8 worlds at 20 centipawns (docs/hidden.md, "How well the belief
  // knows the enemy"): it knows the enemy better, +0.17 in mean log p over
  // the averaged model at 100 on two seeds, and scored +0.017 at equal
  // nodes (1,600 games), +0.051 at equal CPU time (600 games) and +0.064
  // against PIMC at equal CPU time (400 games) over it, all inside the
  // noise, all the same sign. 0 (with temperature 100) is the averaged
  // model, the default until then.
  int worlds = 8;
  // The enemy's activity learnt from its games (enemy_activity.h): each
  // move of an enemy piece also weighs its animals by kLearntActivity in
  // the move's context (where it takes the piece) raised to this power
  // (0: not at all). Below 1, because a piece's moves are not independent
  // draws (the piece in front keeps moving).
  double activity = 0.0;
};

// The bounds of a reading's settings, for every front end that takes them
// (the engine's options, hidden-match's flags, --belief-reading). The
// softmax temperature in centipawns (0: no reading): the model's values
// are clamped at 1000, past which a hotter softmax reads next to nothing.
inline constexpr int kMaxReadTemperature = 1000;
// The guessing model's worlds a move read (0: the averaged model); each
// world costs the model about what the averaged model costs.
inline constexpr int kMaxReadWorlds = 64;
// The activity's power, as a whole percentage in the engine's options.
inline constexpr int kMaxReadActivityPercent = 400;

class MoveReader {
 public:
  explicit MoveReader(MoveReadingOptions options = {});
  const MoveReadingOptions& options() const { return options_; }
  void set_options(const MoveReadingOptions& options);
  // Forgets the moves read (a new game).
  void new_game();
  // The weights read from the enemy's moves in `view` (its viewer's enemy),
  // by piece id and animal, each piece's largest 1; nothing for a piece
  // none of whose moves was read. Reads only the moves not read before
  // when `view` goes on from the last view read. `budget`: the most nodes
  // the reading takes (0: no limit) and the moment it ends (on its clock;
  // the epoch: none), so that a move's limits hold
  // (HiddenSearcher::search); the moves past it are read at the next call
  // (the pieces of one move the budget cuts short say nothing).
  std::vector<std::optional<std::array<double, kAnimals>>> weights(
      const PlayerView& view, const ViewSearchLimits& budget = {});
  // `view` with those weights on its belief.
  PlayerView weigh(const PlayerView& view, const ViewSearchLimits& budget = {});
  // The nodes the enemy's model visited in the last weights() or weigh().
  uint64_t nodes() const { return nodes_; }

 private:
  struct Read {
    int piece = -1;  // the enemy piece that moved
    std::array<double, kAnimals> likelihood{};
  };

  MoveReadingOptions options_;
  ViewSearch model_;
  // The view after the announcements read so far, and what each told.
  std::optional<PlayerView> at_;
  std::vector<Read> read_;
  uint64_t nodes_ = 0;
};

}  // namespace jungle::hidden
