#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "core/types.h"
#include "web/games/action_review.h"
#include "web/games/review_findings.h"

// A review that values each POSITION of a game (after 0..ply() plies) and
// judges a move by the values of the positions before and after it: the
// review of a game where the position after a move holds nothing its mover
// could not know when choosing it (no chance, nothing hidden: the open
// game). Each position's evaluation is kept until the move leading there is
// taken back, stored with the game as one entry per position (the rows the
// open game's own session wrote, read as they were), and written into
// records as [%eval] comments. GameSessionBase holds it for every family
// whose review this is (GameSessionBase::reviews_positions: the
// capabilities say so); which position is searched next and from which
// Observation is game_session_review.cpp's, read from the game's State.

namespace jungle::web {

class PositionReview {
 public:
  // One place per position of a game of `plies` plies: a ply played adds
  // one, a take-back drops those of the positions taken back.
  void resize(size_t plies) { evaluations_.resize(plies + 1); }
  size_t positions() const { return evaluations_.size(); }
  // The evaluation of the position after `ply` plies; nullopt without one.
  const std::optional<PlyEvaluation>& at(size_t ply) const { return evaluations_.at(ply); }
  // A position the board has decided: nothing to search there.
  void keep_final(size_t ply, GameResult result);
  // Keeps what a search of the position after `ply` plies found for its
  // side to move, `to_move`: from Blue's side, as records write it.
  void keep(size_t ply, Side to_move, const ReviewSearch& found);
  // The positions with an evaluation.
  int evaluated() const;

  // The evaluations as a stored row's ("" when there are none): one entry
  // per position, null where there is none. Read back from such a row; an
  // entry that does not read is searched again, and a row that does not
  // read at all is not worth refusing the game for.
  std::string stored_json() const;
  void read_stored(const std::string& text);

  // The move of ply `index` (0-based), `ply`, judged by the evaluations of
  // the positions before and after it; nullopt while either is missing.
  std::optional<ReviewedMove> judged(size_t index, const ReviewedPly& ply) const;
  // Everything found, as the review's answer lists it: `plies` are the game's.
  ReviewFindings findings(const std::vector<ReviewedPly>& plies) const;
  // The comment a record writes after each of `plies`: the evaluation of
  // the position it led to, from Blue's side, and the move's judgement; ""
  // where there is none, and after a move the board ended the game with.
  std::vector<std::string> record_comments(const std::vector<ReviewedPly>& plies) const;

 private:
  std::vector<std::optional<PlyEvaluation>> evaluations_{1};  // one per position
};

}  // namespace jungle::web
