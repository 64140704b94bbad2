// A game of any family played, stored, replayed and recorded from its
// game::State alone (GameSessionBase): chance's outcomes drawn with the
// system's generator as the game goes, the row written as the start and
// each ply's event, read back by playing each event again, and a review's
// findings written into the record. Nothing here asks which family a game
// is; a family that needs a form of its own says so through the State.
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/position.h"
#include "core/secure_random.h"
#include "game/chance_draw.h"
#include "web/games/game_session_base.h"
#include "web/games/move_judgement.h"

namespace jungle::web {

namespace {

// Draws chance's outcome while chance is to act (a flip with what it
// reveals), from the system's cryptographic generator: nobody can tell a
// draw before it is made (one seeded with a 32-bit value was found from a
// game's first flips, and told every later one).
void draw_chance(game::State& state) {
  SecureRandom chance;
  while (state.actor().is_chance()) {
    state.apply(game::sample_chance(state.chance_outcomes(), chance).action);
  }
}

// Whether `replayed` (the game replayed from its start, each ply played
// again) is over by its plies alone. A declaration made before the first
// ply stays on the start, where no ply takes it back: the start is then
// read again from its FEN, as the row's replay reads it, without it.
bool board_ended(const game::State& replayed, const std::string& start_fen) {
  if (!replayed.over() || !replayed.actions().empty()) return replayed.over();
  try {
    SecureRandom unused;
    return replayed.family().new_state(replayed.variant(), start_fen, unused)->over();
  } catch (const std::exception&) {
    return false;  // a start that no longer reads: the declaration is kept
  }
}

}  // namespace

std::unique_ptr<GameSessionBase> GameSessionBase::create(int64_t id, const std::string& variant,
                                                         const std::optional<std::string>& start,
                                                         std::array<PlayerConfig, kSides> players) {
  const game::Family* family = game::family_of_shipped(variant);
  if (family == nullptr) {
    throw GameError(ErrorKind::kBadRequest, "unknown_variant",
                    "unknown rule set '" + variant + "'");
  }
  // The secret set-up, where there is one: what nobody may know before the
  // animals meet, drawn from the system's generator.
  SecureRandom chance;
  Start at;
  try {
    if (start) {
      // A given position is the set-up: whoever wrote it knows it.
      at.state = family->new_state(variant, *start, chance);
    } else {
      at = new_start(variant, players, chance);
    }
    // Where chance acts before the first side does, it is drawn now.
    draw_chance(*at.state);
  } catch (const std::invalid_argument& e) {
    throw GameError(ErrorKind::kRefused, "bad_fen", std::string("invalid position: ") + e.what());
  } catch (const FenError& e) {
    // A FEN a family reads with the board's reader (hidden pieces').
    throw GameError(ErrorKind::kRefused, "bad_fen", std::string("invalid position: ") + e.what());
  }
  return std::make_unique<GameSessionBase>(id, std::move(at.state), players, at.ready);
}

void GameSessionBase::play_action(std::string_view text) {
  try {
    state_->apply(text);
    draw_chance(*state_);
  } catch (const game::ActionError& e) {
    if (!e.written()) throw not_a_move(text);
    // A refusal the state gives in its parts is worded as the API words
    // every refusal, the action then why: "b5a5: Rat in the water cannot
    // attack a piece on land at a5".
    throw GameError(ErrorKind::kRefused, "illegal_move",
                    e.reason().empty() ? std::string(e.what()) : e.action() + ": " + e.reason());
  }
  changed();
}

void GameSessionBase::add_stored_play(StoredGame& s) const {
  // The game replayed from its start: each ply's event as the arbiter made
  // it, and whether the plies alone end the game.
  // A secret set-up is the start: the store holds the truth, the answers
  // never do. Before the first ply, the sides that settled theirs.
  std::unique_ptr<game::State> at = game::start_of(*state_);
  s.start_fen = at->fen();
  auto add = [&](const std::string& word) {
    if (!s.moves.empty()) s.moves += ' ';
    s.moves += word;
  };
  for (const std::string& word : stored_setup_words()) add(word);
  for (const std::string& action : state_->actions()) {
    const std::string event = at->apply(action);
    if (at->actor().is_chance()) continue;  // the ply ends with chance's outcome
    add(event);
  }
  // A result the plies do not show (a resignation, a flag, an agreement, a
  // record's) is kept apart, and declared again on the replay.
  s.declared = over() && !board_ended(*at, s.start_fen) ? termination() : "";
}

std::unique_ptr<GameSessionBase> GameSessionBase::from_stored(const StoredGame& stored,
                                                              int64_t max_movetime_ms) {
  auto fail = [&](const std::string& why) {
    return GameError(ErrorKind::kServerFault, "damaged_game",
                     "stored game " + std::to_string(stored.id) + " does not replay: " + why);
  };
  const game::Family* family = game::family_of_shipped(stored.variant);
  if (family == nullptr) throw fail("unknown rule set " + stored.variant);
  const std::array<PlayerConfig, kSides> players = players_from_stored(stored, max_movetime_ms);
  std::istringstream read(stored.moves);
  std::vector<std::string> words;
  for (std::string word; read >> word;) words.push_back(word);
  // Which sides had settled a set-up being chosen: the session holds it for
  // the others (hold_setup), once none has moved.
  std::array<bool, kSides> ready{};
  std::unique_ptr<game::State> state;
  try {
    ready = take_stored_setup_words(words);
    // The stored start: nothing before the first ply is drawn again.
    SecureRandom unused;
    state = family->new_state(stored.variant, stored.start_fen, unused);
  } catch (const std::invalid_argument& e) {
    throw fail(e.what());
  } catch (const FenError& e) {
    throw fail(std::string("invalid position: ") + e.what());
  }
  for (const std::string& word : words) {
    // Each ply as add_stored_play wrote it, its event (State::apply_event):
    // the open game's "a3a4", a flip with what it revealed ("b2?=L"), a
    // hidden try's announcement ("e3e4:took=Tw") or an older row's bare try.
    if (!state->apply_event(word)) {
      throw fail("ply " + std::to_string(state->plies() + 1) + " " + word +
                 " is not one the game allows there");
    }
  }
  declare_stored_result(*state, stored);
  auto game = std::make_unique<GameSessionBase>(stored.id, std::move(state), players, ready);
  if (game->reviews_each_action())
    game->action_review_.read_stored(stored.evaluations, game->family());
  // Evaluations are worth keeping but not worth refusing the game for.
  if (game->reviews_positions()) game->position_review_.read_stored(stored.evaluations);
  game->load_table(stored);
  return game;
}

std::vector<std::string> GameSessionBase::record_comments() const {
  if (reviews_positions()) return position_review_.record_comments(reviewed_plies());
  if (!reviews_each_action()) return {};
  // A reviewed ply's comment: the value of the position it led to, Blue's
  // expected score written as centipawns by the one curve (game/score.h,
  // as the engine protocol's `score cp`), as an open game's record's
  // [%eval], and its judgement.
  std::vector<std::string> comments(action_review_.size());
  const std::vector<ReviewedPly> plies = reviewed_plies();
  for (size_t i = 0; i < comments.size() && i < plies.size(); ++i) {
    const std::optional<ReviewedMove> m = action_review_.judged(i, plies[i]);
    // Before the colours are known only the first player has moved: its
    // first flip gave them.
    const std::optional<Side> mover = plies[i].side ? plies[i].side : state_->first_player();
    if (!m || !mover) continue;
    // The value after the ply is its mover's expected score with it.
    const double blue = *mover == kBlue ? m->expected_played : 1.0 - m->expected_played;
    const std::string eval =
        eval_comment(Evaluation{game::centipawns_of_expected(blue), false, m->depth});
    comments[i] = judged_comment(eval, m->judgement);
  }
  return comments;
}

}  // namespace jungle::web
