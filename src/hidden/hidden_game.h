#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/position.h"
#include "hidden/observation.h"
#include "hidden/player_view.h"

// The arbiter of a hidden game (docs/hidden.md): it alone holds the truth,
// every animal where it stands, resolves each move a player tries with the
// rule set's capture rule (traps and the water's edge included) and the
// failed_attack option, announces what the reveal option shows, and keeps
// each player's view and a spectator's. Everything a player may be shown
// comes out of view(); truth() and start() are for the arbiter's record
// and for the end of the game.

namespace jungle::hidden {

class HiddenGame {
 public:
  // A game from the secret set-up `start` under a hidden rule set; `variant`
  // is what its records' Variant tag writes. Throws std::invalid_argument
  // when the rule set does not hide pieces.
  explicit HiddenGame(Position start, std::string variant = "hidden");

  const std::string& variant() const { return variant_; }
  const RuleSetPtr& rule_set_ptr() const { return start_.rule_set_ptr(); }
  const RuleSet& rule_set() const { return start_.rule_set(); }
  const Rules& rules() const { return start_.rules(); }

  // The secret set-up and the board now, with every animal.
  const Position& start() const { return start_; }
  const Position& truth() const { return truth_; }
  // Every announcement so far, refused attacks included.
  const std::vector<Observation>& announcements() const { return log_; }
  // What each player knows, and what a spectator does.
  const PlayerView& view(Side side) const { return views_[side]; }
  const PlayerView& spectator() const { return spectator_; }
  const PlayerView& view(Viewer viewer) const { return viewer ? views_[*viewer] : spectator_; }

  Side side_to_move() const { return truth_.side_to_move(); }
  int plies() const { return truth_.history_plies(); }

  // Resolves a move the side to move tries and returns the announcement.
  // Throws std::invalid_argument, changing nothing, when the game is over or
  // the player may not try it (the reason comes from its own view, so that
  // it names nothing the player has not been shown).
  const Observation& play(Move m);
  // Takes back the last announcement (a refused attempt included) and a
  // declared result; false when there is none.
  bool undo();

  GameResult result() const { return declared_ ? declared_->result : board_result_; }
  bool over() const { return result() != GameResult::kOngoing; }
  Termination board_termination() const { return board_why_; }
  // The Termination tag: the rule's or the declared one ("" while it goes on).
  std::string termination() const;
  const std::optional<DeclaredResult>& declared() const { return declared_; }
  // As Game::declare: a resignation, a flag fall, an agreed draw.
  void declare(GameResult result, std::string termination);
  void resign(Side loser);
  // "Blue wins: the Lion entered Red's den", "Red wins: Blue has no move to try".
  std::string result_message() const;

 private:
  void update_result();

  std::string variant_;
  Position start_;
  Position truth_;
  std::vector<Observation> log_;
  std::array<PlayerView, kSides> views_;
  PlayerView spectator_;
  GameResult board_result_ = GameResult::kOngoing;
  Termination board_why_ = Termination::kNone;
  std::optional<DeclaredResult> declared_;
};

}  // namespace jungle::hidden
