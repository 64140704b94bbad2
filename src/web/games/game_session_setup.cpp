// The set-up phase of every game whose family lets each side choose its
// secret arrangement (Capabilities::setup, Family::setup_to_choose; docs/
// api.md, "Hidden pieces", "The set-up"): the session holds the family's
// game::Setup until both sides have settled, arranges through it and
// starts the game from it. Nothing here reads a rule set or asks which
// family a game is: the squares, the animals, what an arrangement may be
// and the engine's own choice are the family's to say.
#include <algorithm>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "game/family.h"
#include "web/games/game_session_base.h"

namespace jungle::web {

namespace {

// The stored moves' word for a side whose chosen arrangement is settled.
constexpr std::string_view kSettledWord = "setup:";

}  // namespace

GameSessionBase::Start GameSessionBase::new_start(const std::string& variant,
                                                  const std::array<PlayerConfig, kSides>& players,
                                                  RandomBits chance) {
  const game::Family& family = game::family_of_variant(variant);
  Start start;
  const std::unique_ptr<game::Setup> setup = family.new_setup(variant, chance);
  if (!setup) {
    start.state = family.new_state(variant, "", chance);
    return start;
  }
  // A person arranges its own (a random arrangement until it does); an
  // engine's seat plays the engine's own choice (docs/hidden.md, "The
  // engine's set-up"), drawn from the same generator, settled at once.
  for (Side side : {kBlue, kRed}) {
    start.ready[side] = players[side].is_engine();
    if (start.ready[side]) setup->set(side, family.choose_setup(variant, side, chance));
  }
  start.state = setup->new_state(chance);
  return start;
}

void GameSessionBase::hold_setup(std::array<bool, kSides> ready) {
  setup_.reset();
  ready_ = {true, true};
  if ((ready[kBlue] && ready[kRed]) || !state_->actions().empty() ||
      !family().setup_to_choose(variant())) {
    return;
  }
  // The arrangements are the start's: what new_setup draws is replaced.
  std::mt19937_64 unused;
  setup_ = family().new_setup(variant(), unused);
  try {
    setup_->set_start(state_->fen());
  } catch (const std::invalid_argument& e) {
    setup_.reset();
    throw GameError(ErrorKind::kServerFault, "damaged_game",
                    "game " + std::to_string(id()) + "'s start is no set-up: " + e.what());
  }
  ready_ = ready;
}

GameError GameSessionBase::no_setup() {
  return GameError(ErrorKind::kRefused, "no_setup",
                   "only a hidden-pieces game has a set-up to arrange");
}

void GameSessionBase::arrange(Side side, std::string_view text, RandomBits rng) {
  if (!family().capabilities().setup) throw no_setup();
  if (!family().setup_to_choose(variant())) {
    // The set's own word for who places the animals, as its board says it.
    const std::optional<game::ObservedBoard> board =
        family().observed_board(state_->observe(std::nullopt));
    throw GameError(ErrorKind::kRefused, "no_setup",
                    "in '" + variant() + "' the arbiter places the animals (setup = " +
                        (board ? board->setup : std::string("?")) +
                        "); arranging them is for a set with setup = chosen");
  }
  if (ready_[side] || !setup_) {
    throw GameError(ErrorKind::kRefused, "setup_settled",
                    side_name(side) + "'s arrangement is settled; it cannot change now");
  }
  try {
    if (text.empty()) {
      setup_->set_random(side, rng);
    } else {
      setup_->set(side, text);
    }
  } catch (const std::invalid_argument& e) {
    throw GameError(ErrorKind::kRefused, "bad_arrangement", e.what());
  }
  // The game from the arrangements as they stand: the start is given, so
  // nothing is drawn.
  state_ = setup_->new_state(rng);
  changed();
}

void GameSessionBase::settle(Side side) {
  if (!setup_ || ready_[side]) return;
  ready_[side] = true;
  // Both settled: the game begins from the state started from the set-up,
  // which holds both arrangements.
  if (set_up()) setup_.reset();
  changed();
}

std::vector<std::string> GameSessionBase::stored_setup_words() const {
  std::vector<std::string> words;
  if (!state_->actions().empty() || !family().setup_to_choose(variant())) return words;
  for (Side side : {kBlue, kRed}) {
    if (ready_[side]) words.push_back(std::string(kSettledWord) + side_json_name(side));
  }
  return words;
}

std::array<bool, kSides> GameSessionBase::take_stored_setup_words(std::vector<std::string>& words) {
  std::array<bool, kSides> ready{false, false};
  for (const std::string& word : words) {
    if (word.rfind(kSettledWord, 0) != 0) continue;
    const int seat = seat_from_name(word.substr(kSettledWord.size()));
    if (seat < 0) throw std::invalid_argument("'" + word + "' is not a settled set-up");
    ready[size_t(seat)] = true;
  }
  std::erase_if(words, [](const std::string& w) { return w.rfind(kSettledWord, 0) == 0; });
  return ready;
}

}  // namespace jungle::web
