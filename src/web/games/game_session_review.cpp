// The game's review, once for every family it serves, in the mode its
// capabilities choose: judging each action by its value before it
// (GameSessionBase::reviews_each_action; what is kept and how it is judged
// is action_review.h's), or valuing each position and judging a move by
// the positions before and after it (reviews_positions; position_review.h).
// Which ply or position is searched next, from which Observation, and what
// a finding must still follow are read from the game's State and its
// actions here.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "web/games/game_session_base.h"

namespace jungle::web {

bool GameSessionBase::reviews_each_action() const {
  const game::Capabilities can = family().capabilities();
  return can.review && (can.chance || can.hidden_information);
}

bool GameSessionBase::reviews_positions() const {
  return family().capabilities().review && !reviews_each_action();
}

size_t GameSessionBase::action_index_of_ply(size_t index) {
  review_cursor_.before_ply(*state_, changes_, index);
  return review_cursor_.actions_applied();
}

std::string GameSessionBase::actions_text(size_t count) const {
  std::string text;
  const std::vector<std::string>& actions = state_->actions();
  for (size_t i = 0; i < count && i < actions.size(); ++i) text += actions[i] + ' ';
  return text;
}

std::vector<ReviewedPly> GameSessionBase::reviewed_plies() const {
  std::vector<ReviewedPly> plies;
  std::unique_ptr<game::State> at = game::start_of(*state_);
  for (const std::string& action : state_->actions()) {
    const game::Actor actor = at->actor();
    if (actor.is_side()) {
      // Before the first flip of a set where it gives the colours, the
      // mover has none yet.
      plies.push_back(
          {action, at->first_player() ? std::optional<Side>(actor.side) : std::nullopt});
    }
    at->apply(action);
  }
  return plies;
}

std::optional<ReviewStep> GameSessionBase::next_review_step() {
  if (reviews_positions()) return next_position_step();
  if (!reviews_each_action()) return std::nullopt;
  if (family().capabilities().hidden_information && !over()) return std::nullopt;
  const std::optional<size_t> ply = action_review_.next_unreviewed();
  if (!ply) return std::nullopt;
  const game::State& before = review_cursor_.before_ply(*state_, changes_, *ply);
  const size_t index = review_cursor_.actions_applied();
  const std::vector<std::string>& actions = state_->actions();
  if (index >= actions.size()) return std::nullopt;
  ReviewStep step;
  step.position = int(*ply);
  // The mover's own view then: what it was shown, nothing more.
  step.observation = before.observe(before.actor().side);
  step.played = actions[index];
  step.every_action = true;
  step.stands = actions_text(index + 1);
  return step;
}

void GameSessionBase::keep_review_finding(const ReviewStep& step, const ReviewSearch& found) {
  if (reviews_positions()) {
    // A take-back and another move may have put another position there.
    if (step.position < 0 || step.position > ply()) return;
    // Where the review's replay stands already: the step was read there.
    const game::State& at = review_cursor_.after(*state_, changes_, size_t(step.position));
    if (at.fen() != step.stands || !at.actor().is_side()) return;
    position_review_.keep(size_t(step.position), at.actor().side, found);
    return;
  }
  const size_t ply = size_t(step.position);
  // A take-back and other plies may have put another position, or another
  // action, at this ply.
  if (actions_text(action_index_of_ply(ply) + 1) != step.stands) return;
  action_review_.keep(ply, found);
}

std::optional<ReviewStep> GameSessionBase::next_position_step() {
  // The positions in order, from the review's replay, which goes on from
  // the last step's position: one the board has decided is given its
  // result at once, needing no search.
  const std::vector<std::string>& actions = state_->actions();
  for (size_t ply = 0; ply < position_review_.positions(); ++ply) {
    if (position_review_.at(ply)) continue;
    const game::State& at = review_cursor_.after(*state_, changes_, ply);
    if (at.over()) {
      position_review_.keep_final(ply, at.result());
      continue;
    }
    ReviewStep step;
    step.position = int(ply);
    step.observation = at.observe(at.actor().side);
    if (ply < actions.size()) step.played = actions[ply];
    // The position itself must still be the game's there.
    step.stands = at.fen();
    return step;
  }
  return std::nullopt;
}

ReviewFindings GameSessionBase::review_findings() const {
  if (reviews_positions()) return position_review_.findings(reviewed_plies());
  if (!reviews_each_action()) return {};
  return action_review_.findings(reviewed_plies(),
                                 over() ? std::optional<GameResult>(result()) : std::nullopt);
}

}  // namespace jungle::web
