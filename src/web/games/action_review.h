#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "core/types.h"
#include "web/games/review_findings.h"
#include "web/server/json_fields.h"

// A review that judges each action by its value in the position before it,
// every legal action valued there (ReviewStep::every_action): the review of
// a game whose positions after an action hold what its mover could not
// know when choosing it, the luck of a flip's draw (Flip Jungle) or what an
// attack showed of the enemy's hidden animals (hidden pieces). The findings
// are kept per ply with the game and stored with it; a ply's finding stands
// while the plies up to it stand, so a take-back forgets only the plies
// taken back. GameSessionBase holds it for every family whose review this
// is (game_session_review.cpp: which ply, from which Observation, read from
// the game's State); what is kept and how a ply is judged is here.

namespace jungle::game {
class Family;
}

namespace jungle::web {

// What a review found in the position before one ply: the engine's best
// action there, and its mover's expected scores (0..1) with that action
// and with the one played.
struct ActionFinding {
  std::string best;
  double expected_best = 0;
  double expected_played = 0;
  int depth = 0;

  Json to_stored_json() const;
  // A stored finding; nullopt for one that does not read.
  static std::optional<ActionFinding> from_stored_json(const Json& j);
  // A finding stored before reviews went through the game interface, when
  // Flip Jungle's search was the only one to value each action: its points
  // ("s" the best action's, "p" the one played's), read by the game's
  // family (Family::expected_of_stored_points). A format, tried for every
  // row whose finding does not read as to_stored_json's; nullopt where it
  // does not read either, or the family never stored points.
  static std::optional<ActionFinding> from_points_json(const Json& j, const game::Family& family);
};

// One ply as the review tells it: the action played and its mover's colour
// (none before the colours are known).
struct ReviewedPly {
  std::string action;
  std::optional<Side> side;
};

class ActionReview {
 public:
  // One place for a finding per ply; a ply played adds one, a take-back
  // drops those of the plies taken back.
  void resize(size_t plies) { findings_.resize(plies); }
  void add_ply() { findings_.emplace_back(); }
  size_t size() const { return findings_.size(); }
  // The first ply without a finding; nullopt when every one has one.
  std::optional<size_t> next_unreviewed() const;
  // Keeps what the search of the position before ply `index` found.
  void keep(size_t index, const ReviewSearch& found);
  // The plies with a finding.
  int reviewed() const;

  // The findings as a stored row's evaluations ("" when there are none),
  // and read back from one of a game of `family`, in either format
  // ActionFinding reads (one that no longer reads is searched again).
  std::string stored_json() const;
  void read_stored(const std::string& text, const game::Family& family);

  // Ply `index` (0-based), `ply`, as the review judged it; nullopt without
  // a finding.
  std::optional<ReviewedMove> judged(size_t index, const ReviewedPly& ply) const;
  // Everything found, as the review's answer lists it: `plies` are the
  // game's, and a finished game's `result` values its end.
  ReviewFindings findings(const std::vector<ReviewedPly>& plies,
                          std::optional<GameResult> result) const;

 private:
  std::vector<std::optional<ActionFinding>> findings_;  // one per ply
};

}  // namespace jungle::web
