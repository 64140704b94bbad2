#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/types.h"
#include "game/observation.h"
#include "game/score.h"
#include "web/games/move_judgement.h"
#include "web/server/json_fields.h"

// What a review (web/engines/reviews.h: one job for every family) asks of
// a game and what it keeps there, in terms every family's session gives:
// the next position to search as the Observation of its side to move, what
// a search of it found, and the findings as the review's answer writes
// them (docs/api.md, "review"): each position's evaluation from Blue's side
// and each move's judgement by what it lost of its player's expected score.

namespace jungle::web {

// One search a review needs: the position after `position` plies, as its
// side to move sees it, and the action played from it.
struct ReviewStep {
  int position = 0;
  game::Observation observation;
  std::string played;  // the action played from the position; "" at the game's end
  // Whether the search values every legal action, the one played among
  // them: where chance follows an action (a flip), the position after it
  // holds the luck of the draw, so the action is judged by its value before.
  bool every_action = false;
  // What must still be the game's when the search comes back (the actions
  // up to the position and the one played): a take-back and other plies
  // make the finding another position's.
  std::string stands;
};

// What the search of a ReviewStep found, for its side to move.
struct ReviewSearch {
  std::string best;   // the engine's action; "" where it found none
  game::Score score;  // of `best`
  int depth = 0;
  // The action played, where the search valued it (ReviewStep::every_action).
  std::optional<game::Score> played;
};

// The engine's view of the position after some ply, as a review keeps it:
// from Blue's side, like a record's [%eval] comment.
struct PlyEvaluation {
  int blue_score = 0;  // centipawns for Blue
  int mate = 0;        // moves to a forced win, negative when Red wins; 0: none
  int depth = 0;
  std::string best;    // the engine's move here; empty when the game is over here
  bool final = false;  // the game is over here: blue_score is +1, -1 or 0
  // Blue's expected score where the family gives it (where chance acts, an
  // expectation over the draws); else read from blue_score and mate.
  std::optional<double> expected;

  // Blue's expected score, 0..1: what graphs plot and move judgements compare.
  double blue_expected() const;
  Json to_json(int ply) const;
  Json to_stored_json() const;
  static std::optional<PlyEvaluation> from_stored_json(const Json& j);
};

// A move as a review judged it: what its player could expect from the
// engine's action and from the one played, and the judgement of the loss.
struct ReviewedMove {
  std::string move;          // the action played, as a client writes it
  std::optional<Side> side;  // its player's colour; none before colours are known
  std::string best;          // the engine's action in its place
  double expected_best = 0;  // the player's expected score with `best`, 0..1
  double expected_played = 0;
  int depth = 0;  // of the search that judged it
  MoveJudgement judgement;

  Json to_json(int ply) const;
};

// Everything a game's review has found, as its answer lists it.
struct ReviewFindings {
  // The searches done (or positions the board decided) and to do in all:
  // the review is done when they are equal.
  int analysed = 0;
  int total = 0;
  std::vector<std::optional<PlyEvaluation>> positions;  // after 0..ply() plies
  std::vector<std::optional<ReviewedMove>> moves;       // plies 1..ply()
};

// A move judged by what its player expected with the engine's action and
// with the one played.
ReviewedMove reviewed_move(const std::string& move, std::optional<Side> side,
                           const std::string& best, double expected_best, double expected_played,
                           int depth);

}  // namespace jungle::web
