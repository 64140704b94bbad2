#include "web/games/hidden_session.h"

#include <sstream>
#include <stdexcept>

#include "core/game_record.h"
#include "core/secure_random.h"
#include "game/hidden_observation.h"
#include "hidden/hidden_record.h"
#include "hidden/setup.h"
#include "web/games/game_session.h"
#include "web/games/variant_catalog.h"

namespace jungle::web {

using hidden::Arrangement;
using hidden::Observation;
using hidden::Viewer;

namespace {

// The hidden family's state of a game from the set-up `start` (the truth;
// "" to draw the rule set's from `chance`). GameError kRefused for a bad FEN
// or a rule set that hides nothing.
std::unique_ptr<game::State> new_hidden_state(const std::string& variant, const std::string& start,
                                              RandomBits chance) {
  try {
    return game::family_of_variant(variant).new_state(variant, start, chance);
  } catch (const FenError& e) {
    throw GameError(ErrorKind::kRefused, "bad_fen", std::string("invalid position: ") + e.what());
  } catch (const std::invalid_argument& e) {
    throw GameError(ErrorKind::kRefused, "not_hidden", e.what());
  }
}

}  // namespace

HiddenGameSession::HiddenGameSession(int64_t id, std::unique_ptr<game::State> state,
                                     RuleSetPtr rules, std::array<bool, kSides> ready,
                                     std::array<PlayerConfig, kSides> players)
    : GameSessionBase(id, std::move(state), players), rules_(std::move(rules)) {
  hold_setup(ready);
  action_review_.resize(size_t(ply()));
}

std::unique_ptr<HiddenGameSession> HiddenGameSession::create(
    const std::string& variant, RuleSetPtr rules, const std::optional<std::string>& fen,
    std::array<PlayerConfig, kSides> players, RandomBits rng) {
  if (fen) {
    // A given position is the set-up: whoever wrote it knows it.
    return std::make_unique<HiddenGameSession>(0, new_hidden_state(variant, *fen, rng), rules,
                                               std::array<bool, kSides>{true, true}, players);
  }
  Start start;
  try {
    start = new_start(variant, players, rng);
  } catch (const std::invalid_argument& e) {
    throw GameError(ErrorKind::kRefused, "not_hidden", e.what());
  }
  return std::make_unique<HiddenGameSession>(0, std::move(start.state), std::move(rules),
                                             start.ready, players);
}

std::unique_ptr<HiddenGameSession> HiddenGameSession::from_stored(const StoredGame& stored,
                                                                  const VariantCatalog& catalog,
                                                                  int64_t max_movetime_ms) {
  const std::string where = "stored game " + std::to_string(stored.id);
  auto fail = [&](const std::string& why) {
    return GameError(ErrorKind::kServerFault, "damaged_game", where + " does not replay: " + why);
  };
  if (!catalog.contains(stored.variant)) throw fail("unknown rule set " + stored.variant);
  RuleSetPtr rules = catalog.get(stored.variant);
  const std::array<PlayerConfig, kSides> players = players_from_stored(stored, max_movetime_ms);
  std::istringstream words(stored.moves);
  std::vector<std::string> announcements;
  for (std::string word; words >> word;) announcements.push_back(word);
  // Which sides had settled a set-up being chosen: the base holds it for
  // the others (hold_setup), once none has moved.
  std::array<bool, kSides> ready{};
  try {
    ready = take_stored_setup_words(announcements);
  } catch (const std::invalid_argument& e) {
    throw fail(e.what());
  }
  std::unique_ptr<game::State> state;
  try {
    // The stored set-up is the start: nothing is drawn.
    SecureRandom unused;
    state = new_hidden_state(stored.variant, stored.start_fen, unused);
  } catch (const GameError& e) {
    throw fail(e.what());
  }
  const Geometry& g = rules->geometry();
  for (const std::string& text : announcements) {
    std::string error;
    bool given = false;
    const Side mover = state->actor().is_side() ? state->actor().side : kBlue;
    const std::optional<Observation> o = hidden::parse_observation(text, mover, g, &given, &error);
    if (!o) throw fail("announcement " + text + ": " + error);
    try {
      const std::string made = state->apply(g.move_text(o->move));
      // A bare move (a game stored before hidden games had an arbiter) is
      // resolved by the rules; a written outcome must be the arbiter's.
      if (given && made != text) {
        throw fail("announcement " + text + " does not match the arbiter, which announces " + made);
      }
    } catch (const std::invalid_argument& e) {
      throw fail("announcement " + text + ": " + e.what());
    }
  }
  declare_stored_result(*state, stored);
  auto game =
      std::make_unique<HiddenGameSession>(stored.id, std::move(state), rules, ready, players);
  game->action_review_.read_stored(stored.evaluations);
  game->load_table(stored);
  return game;
}

hidden::PlayerView HiddenGameSession::view_of(hidden::Viewer viewer) const {
  return game::hidden_view_of(rules_, state_->observe(viewer).position);
}

Arrangement HiddenGameSession::arrangement(Side side) const {
  Arrangement out = hidden::start_arrangement(*rules_, side);
  const Position start = Position::from_fen(game::start_of(*state_)->fen(), rules_);
  for (auto& [square, animal] : out) animal = animal_of(start.piece_on(square));
  return out;
}

void HiddenGameSession::play_action(std::string_view text) {
  const std::optional<Move> m = rules_->geometry().parse_move_text(text);
  if (!m) {
    throw GameError(ErrorKind::kBadRequest, "bad_move",
                    "\"" + std::string(text) +
                        "\" is not a move: write the from-square then the to-square, like a3a4");
  }
  play(*m);
}

void HiddenGameSession::play(Move m) {
  // A try the arbiter would not take is explained from the mover's own
  // view, so the message names nothing the mover was not shown.
  const std::string text = rules_->geometry().move_text(m);
  const hidden::PlayerView mine = view_of(Side(seat_to_move()));
  if (!mine.may_try(m)) {
    throw GameError(ErrorKind::kRefused, "illegal_move", text + ": " + mine.explain(m));
  }
  try {
    state_->apply(text);
  } catch (const std::invalid_argument& e) {
    throw GameError(ErrorKind::kRefused, "illegal_move", e.what());
  }
  changed();
}

void HiddenGameSession::add_stored_play(StoredGame& s) const {
  // The secret set-up: the store holds the truth, the answers never do.
  s.start_fen = game::start_of(*state_)->fen();
  const Geometry& g = rules_->geometry();
  const hidden::PlayerView spectator = view_of(std::nullopt);
  auto add = [&](const std::string& word) {
    if (!s.moves.empty()) s.moves += ' ';
    s.moves += word;
  };
  for (const std::string& word : stored_setup_words()) add(word);
  for (const Observation& o : spectator.history()) add(hidden::observation_text(o, g));
  // A declared end (a resignation, a flag, an agreement) is replayed from
  // the row; the board's ends replay by themselves.
  s.declared = is_declared_termination(termination()) ? termination() : "";
}

}  // namespace jungle::web
